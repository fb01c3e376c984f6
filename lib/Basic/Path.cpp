//===- Path.cpp - How skgen spells a file's path --------------------------===//
#include "Basic/Path.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <unistd.h>

namespace skgen {

std::string normalizedPath(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

std::string absolutePath(llvm::StringRef Path, llvm::StringRef Base) {
  llvm::SmallString<256> P(Path);
  if (!llvm::sys::path::is_absolute(P)) {
    if (Base.empty()) {
      llvm::sys::fs::make_absolute(P);
    } else {
      llvm::SmallString<256> B(Base);
      llvm::sys::fs::make_absolute(B);
      llvm::sys::path::append(B, Path);
      P = B;
    }
  }
  return normalizedPath(P);
}

FileIdentity fileIdentity(llvm::StringRef Path) {
  namespace fs = llvm::sys::fs;
  FileIdentity Id;
  fs::file_status St;
  if (!fs::status(Path, St, /*Follow=*/false) &&
      St.type() == fs::file_type::symlink_file) {
    llvm::SmallString<256> Real;
    if (!fs::real_path(Path, Real)) {
      Id.Link = std::string(Real);
    } else {
      std::string P = Path.str();
      char Buf[4096];
      ssize_t N = ::readlink(P.c_str(), Buf, sizeof(Buf));
      Id.Link = absolutePath(N > 0 ? llvm::StringRef(Buf, size_t(N)) : "?",
                             llvm::sys::path::parent_path(absolutePath(P)));
    }
  }
  fs::UniqueID UID;
  if (!fs::getUniqueID(Path, UID)) {
    Id.Dev = UID.getDevice();
    Id.Ino = UID.getFile();
  }
  return Id;
}

std::string identityChange(const FileIdentity &Scanned,
                           const FileIdentity &Now) {
  if (Scanned.Link != Now.Link) {
    if (Now.Link.empty())
      return "it is no longer a symbolic link";
    return "it is now a symbolic link to '" + Now.Link + "'" +
           (Scanned.Link.empty() ? "" : ", not to '" + Scanned.Link + "'");
  }
  if ((Scanned.Dev || Scanned.Ino) && (Now.Dev || Now.Ino) &&
      (Scanned.Dev != Now.Dev || Scanned.Ino != Now.Ino))
    return "it is now another file: device and inode differ";
  return "";
}

} // namespace skgen
