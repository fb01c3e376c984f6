//===- Apply.cpp - Atomic, all-or-nothing writes --------------------------===//
//
// 1. Check every file: still holds what the plan was computed from, and can
//    be written (permission bits are checked explicitly: root can write
//    read-only files, but a read-only file is a user's "do not touch").
// 2. Write every new content to a temporary file next to its target, with the
//    target's permissions (and owner, where allowed).
// 3. Rename the temporaries over the targets. Should a rename fail, the
//    files already renamed get their old content back.
//
//===----------------------------------------------------------------------===//
#include "Rewrite/Blocks.h"
#include "Rewrite/Rewrite.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <unistd.h>

namespace skgen {
namespace rewrite {

namespace fs = llvm::sys::fs;

static std::string quoted(const std::string &Path) {
  return "'" + llvm::sys::path::filename(Path).str() + "'";
}

namespace {
struct Target {
  const FileChange *C = nullptr;
  std::string Real; // Symlinks resolved: the file that gets replaced.
  unsigned Perms = fs::all_read | fs::all_write;
  bool HasOwner = false;
  uint32_t User = 0, Group = 0;
  std::string Temp; // Written, not yet renamed.
  bool Renamed = false;
};
} // namespace

/// Writes \p Content to a new temporary file next to \p Real.
static std::error_code writeTemp(const Target &T, const std::string &Content,
                                 std::string &TempPath) {
  llvm::SmallString<256> Model(T.Real);
  Model += ".skgen-%%%%%%.tmp";
  int FD = -1;
  llvm::SmallString<256> Tmp;
  if (std::error_code EC = fs::createUniqueFile(Model, FD, Tmp, fs::OF_None,
                                                T.Perms & fs::all_perms))
    return EC;
  TempPath = std::string(Tmp);
  if (T.HasOwner)
    (void)fs::changeFileOwnership(FD, T.User,
                                  T.Group); // Root only; best effort.
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Content;
    OS.flush();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      fs::remove(TempPath);
      return EC;
    }
  }
  // The umask may have dropped bits of the original mode (a new file keeps
  // what the umask allows).
  if (T.C->Created)
    return {};
  if (std::error_code EC =
          fs::setPermissions(TempPath, fs::perms(T.Perms & fs::all_perms))) {
    fs::remove(TempPath);
    return EC;
  }
  return {};
}

bool applyChanges(const std::vector<FileChange> &Changes,
                  std::vector<Diagnostic> &Diags) {
  std::vector<Target> Targets;
  bool Ok = true;

  // 1. Check everything before writing anything.
  for (const FileChange &C : Changes) {
    Target T;
    T.C = &C;
    T.Real = C.Path;
    bool Exists = fs::exists(C.Path);
    if (C.Created) {
      if (Exists) {
        Diags.push_back(errorAt(SourceLoc{C.Path, 1, 1},
                                "file changed since it was scanned "
                                "(it was created meanwhile); re-run "
                                "skgen"));
        Ok = false;
        continue;
      }
      llvm::StringRef Dir = llvm::sys::path::parent_path(C.Path);
      if (!Dir.empty() && !fs::is_directory(Dir)) {
        if (std::error_code EC = fs::create_directories(Dir)) {
          Diags.push_back(errorAt(SourceLoc{C.Path, 1, 1},
                                  "cannot write " + quoted(C.Path) +
                                      ": cannot create directory '" +
                                      Dir.str() + "': " + EC.message()));
          Ok = false;
          continue;
        }
      }
    } else {
      if (!Exists) {
        Diags.push_back(errorAt(SourceLoc{C.Path, 1, 1},
                                "file changed since it was scanned "
                                "(it no longer exists); re-run "
                                "skgen"));
        Ok = false;
        continue;
      }
      llvm::SmallString<256> Real;
      if (!fs::real_path(C.Path, Real))
        T.Real = std::string(Real);
      auto Buf = llvm::MemoryBuffer::getFile(T.Real, /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false,
                                             /*IsVolatile=*/true);
      if (!Buf) {
        Diags.push_back(errorAt(SourceLoc{C.Path, 1, 1},
                                "cannot read " + quoted(C.Path) + ": " +
                                    Buf.getError().message()));
        Ok = false;
        continue;
      }
      if ((*Buf)->getBuffer() != C.OldContent) {
        Diags.push_back(
            errorAt(SourceLoc{C.Path, 1, 1},
                    "file changed since it was scanned; re-run skgen"));
        Ok = false;
        continue;
      }
      fs::file_status St;
      if (std::error_code EC = fs::status(T.Real, St)) {
        Diags.push_back(
            errorAt(SourceLoc{C.Path, 1, 1},
                    "cannot write " + quoted(C.Path) + ": " + EC.message()));
        Ok = false;
        continue;
      }
      T.Perms = St.permissions();
      T.HasOwner = true;
      T.User = St.getUser();
      T.Group = St.getGroup();
      if (!(T.Perms & (fs::owner_write | fs::group_write | fs::others_write)) ||
          ::access(T.Real.c_str(), W_OK) != 0) {
        Diags.push_back(
            errorAt(SourceLoc{C.Path, 1, 1},
                    "cannot write " + quoted(C.Path) + ": file is read-only"));
        Ok = false;
        continue;
      }
    }
    std::string Dir = llvm::sys::path::parent_path(T.Real).str();
    if (Dir.empty())
      Dir = ".";
    if (::access(Dir.c_str(), W_OK) != 0) {
      Diags.push_back(errorAt(SourceLoc{C.Path, 1, 1},
                              "cannot write " + quoted(C.Path) +
                                  ": directory '" + Dir + "' is not writable"));
      Ok = false;
      continue;
    }
    Targets.push_back(T);
  }
  if (!Ok)
    return false;

  // 2. Temporaries.
  for (Target &T : Targets) {
    if (std::error_code EC = writeTemp(T, T.C->NewContent, T.Temp)) {
      Diags.push_back(
          errorAt(SourceLoc{T.C->Path, 1, 1},
                  "cannot write " + quoted(T.C->Path) + ": " + EC.message()));
      for (Target &U : Targets)
        if (!U.Temp.empty())
          fs::remove(U.Temp);
      return false;
    }
  }

  // 3. Renames.
  for (size_t I = 0; I < Targets.size(); ++I) {
    Target &T = Targets[I];
    if (std::error_code EC = fs::rename(T.Temp, T.Real)) {
      Diags.push_back(
          errorAt(SourceLoc{T.C->Path, 1, 1},
                  "cannot write " + quoted(T.C->Path) + ": " + EC.message()));
      for (size_t J = I; J < Targets.size(); ++J)
        fs::remove(Targets[J].Temp);
      // Roll back what was already replaced.
      for (size_t J = 0; J < I; ++J) {
        Target &R = Targets[J];
        if (R.C->Created) {
          fs::remove(R.Real);
          continue;
        }
        std::string Tmp;
        if (writeTemp(R, R.C->OldContent, Tmp) || fs::rename(Tmp, R.Real)) {
          Diagnostic D = errorAt(SourceLoc{R.C->Path, 1, 1},
                                 "could not restore " + quoted(R.C->Path) +
                                     " after a failed write");
          D.Severity = Diagnostic::Level::Error;
          Diags.push_back(D);
        }
      }
      return false;
    }
    T.Renamed = true;
  }
  return true;
}

} // namespace rewrite
} // namespace skgen
