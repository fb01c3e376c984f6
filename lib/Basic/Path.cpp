//===- Path.cpp - How skgen spells a file's path --------------------------===//
#include "Basic/Path.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

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

} // namespace skgen
