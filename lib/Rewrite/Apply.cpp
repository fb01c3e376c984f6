//===- Apply.cpp - Transactional, all-or-nothing writes -------------------===//
//
// `skgen --fix` changes all files of a run or none, whatever happens:
//
// 1. Check every file: it still holds what the plan was computed from, it is
//    a regular file that can be written (permission bits are checked: root
//    can write read-only files, but a read-only file is a user's "do not
//    touch"), no other skgen run holds it.
// 2. Prepare, with terminating signals blocked (CommitSignalGuard): create
//    each file's lock file (Journal.h) holding the journal of the run, then
//    each file's replacement `F.skgen-<id>.tmp` with the new content and the
//    original's mode, owner, group and extended attributes, fsync it and the
//    directories. A file with several hard links, or whose owner or extended
//    attributes a new file cannot get, is written in place instead (its old
//    content saved as `F.skgen-<id>.orig` first), so that those are kept.
//    A signal that arrived meanwhile stops the run here: nothing changed.
// 3. Commit: exchange each file with its replacement (renameat2
//    RENAME_EXCHANGE) and check that what was swapped out is exactly the old
//    content (an edit or a delete since the check is never lost: the
//    exchange is undone and the run fails with "changed while skgen was
//    writing"). New files (--output) are renamed without replacing anything.
//    Any failure undoes the files already replaced.
// 4. Check the swapped-out files once more, then remove them and the lock
//    files.
// A SIGKILL or a crash anywhere leaves the lock files; the next run that
// touches one of the files completes or undoes the whole run (recoverPath).
//
//===----------------------------------------------------------------------===//
#include "Rewrite/FileOps.h"
#include "Rewrite/Journal.h"
#include "Rewrite/Rewrite.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace skgen {
namespace rewrite {

namespace fs = llvm::sys::fs;
using namespace fileops;

static std::string quoted(const std::string &Path) {
  return "'" + llvm::sys::path::filename(Path).str() + "'";
}

static SourceLoc at(const std::string &Path) { return SourceLoc{Path, 1, 1}; }

namespace {

enum class How { Exchange, InPlace, Create };

struct Target {
  const FileChange *C = nullptr;
  std::string Real; // Symlinks resolved: the file that gets replaced.
  FileMeta Meta;    // The original's (not for Create).
  How Mode = How::Exchange;
  std::string Temp; // Exchange, Create: the replacement; then the old.
  std::string Orig; // InPlace: the saved old content.
  bool Committed = false;
  bool KeepBackup = false; // Undo failed: the backup is the user's copy.
};

class Commit {
public:
  Commit(std::vector<Target> &Ts, const std::vector<std::string> &NewDirs,
         std::vector<Diagnostic> &Diags)
      : Ts(Ts), NewDirs(NewDirs), Diags(Diags) {}

  bool run() {
    CommitSignalGuard Signals;
    if (!prepare()) {
      discard();
      return false;
    }
    testPause("commit");
    if (int Sig = Signals.pendingSignal()) {
      discard();
      Diags.push_back(errorAt(
          SourceLoc(), "interrupted by signal " + std::to_string(Sig) + " (" +
                           strsignal(Sig) + "); no file was changed"));
      return false; // ~CommitSignalGuard delivers the signal.
    }
    for (size_t I = 0; I < Ts.size(); ++I) {
      if (!commitOne(Ts[I])) {
        undo();
        discard();
        return false;
      }
      testPause("commit-" + std::to_string(I + 1));
    }
    syncDirs();
    testPause("cleanup");
    // An edit written through a descriptor opened before the exchange went
    // to the old file: look once more before deleting it.
    for (Target &T : Ts) {
      if (T.Mode != How::Exchange)
        continue;
      std::string Now;
      FileMeta M;
      if (readFile(T.Temp, Now) || lstatPath(T.Temp, M) ||
          !M.sameFile(T.Meta) || Now != T.C->OldContent ||
          !M.sameOwnerAndMode(T.Meta)) {
        changed(T);
        undo();
        discard();
        return false;
      }
    }
    for (Target &T : Ts)
      removeBackups(T);
    syncDirs();
    Locks.release();
    syncDirs();
    return true;
  }

private:
  std::vector<Target> &Ts;
  const std::vector<std::string> &NewDirs;
  std::vector<Diagnostic> &Diags;
  LockSet Locks;
  std::vector<std::string> MadeDirs;

  void fail(const Target &T, const std::string &What, std::error_code EC) {
    Diags.push_back(errorAt(at(T.C->Path), "cannot write " + quoted(T.C->Path) +
                                               ": " + What + EC.message()));
  }

  void changed(const Target &T, const std::string &How = "changed") {
    Diagnostic D = errorAt(at(T.C->Path), "file " + How +
                                              " while skgen was writing; it "
                                              "is left as it is now (re-run "
                                              "skgen)");
    D.Notes.push_back(noteAt(at(T.C->Path), "no file of this run was changed"));
    Diags.push_back(D);
  }

  std::set<std::string> dirs() const {
    std::set<std::string> Ds;
    for (const Target &T : Ts)
      Ds.insert(parentDir(T.Real));
    return Ds;
  }

  void syncDirs() {
    for (const std::string &D : dirs())
      (void)syncDirectory(D);
  }

  bool prepare() {
    raiseOpenFileLimit();
    Journal J;
    llvm::raw_string_ostream Id(J.Id);
    Id << llvm::format_hex_no_prefix(
        llvm::sys::Process::GetRandomNumber() & 0xffffffffu, 8);
    Id.flush();
    J.Pid = (long long)llvm::sys::Process::getProcessId();
    for (const Target &T : Ts) {
      JournalEntry E;
      E.Path = T.Real;
      E.Created = T.Mode == How::Create;
      E.OldHash = E.Created ? "" : hashContent(T.C->OldContent);
      E.NewHash = hashContent(T.C->NewContent);
      J.Files.push_back(E);
    }
    J.Dirs = NewDirs;
    std::string Text = J.toJSON();
    for (Target &T : Ts) {
      T.Temp = tempPath(T.Real, J.Id);
      T.Orig = origPath(T.Real, J.Id);
    }

    // Lock files: existing directories first, so that the directories a
    // new file needs are in a journal on disk before they are made.
    for (bool Created : {false, true}) {
      if (Created)
        for (const std::string &D : NewDirs) {
          if (::mkdir(D.c_str(), 0777) != 0 && errno != EEXIST) {
            Diags.push_back(errorAt(at(Ts.back().C->Path),
                                    "cannot write " +
                                        quoted(Ts.back().C->Path) +
                                        ": cannot create directory '" + D +
                                        "': " + lastError().message()));
            return false;
          }
          MadeDirs.push_back(D);
        }
      for (Target &T : Ts) {
        if ((T.Mode == How::Create) != Created)
          continue;
        if (std::error_code EC = Locks.create(T.Real, Text)) {
          if (EC == std::errc::file_exists ||
              EC == std::errc::device_or_resource_busy)
            Diags.push_back(errorAt(at(T.C->Path),
                                    "another skgen run is writing this "
                                    "file; wait for it to finish"));
          else if (EC == std::errc::filename_too_long)
            fail(T,
                 "its lock file's name ('" + lockPath(T.Real) +
                     "') is too long for the file system; use a shorter "
                     "file name: ",
                 EC);
          else
            fail(T, "cannot create its lock file: ", EC);
          return false;
        }
      }
    }
    for (const std::string &D : dirs())
      (void)syncDirectory(D);
    testPause("prepare");

    for (Target &T : Ts)
      if (!prepareOne(T))
        return false;
    syncDirs();
    return true;
  }

  /// Writes \p Content to the new file \p Path (fsynced). \p Mode is the
  /// creation mode (the umask applies).
  bool writeNew(const Target &T, const std::string &Path,
                llvm::StringRef Content, unsigned Mode, int *KeepFD) {
    int FD = ::open(Path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, Mode);
    if (FD < 0) {
      fail(T, "", lastError());
      return false;
    }
    std::error_code EC = overwrite(FD, Content);
    if (!EC && !KeepFD)
      EC = syncFile(FD);
    if (EC) {
      ::close(FD);
      fail(T, "", EC);
      return false;
    }
    if (KeepFD)
      *KeepFD = FD;
    else
      ::close(FD);
    return true;
  }

  bool prepareOne(Target &T) {
    if (T.Mode == How::Create)
      return writeNew(T, T.Temp, T.C->NewContent, 0666, nullptr);
    if (T.Mode == How::Exchange) {
      int FD = -1;
      if (!writeNew(T, T.Temp, T.C->NewContent, 0600, &FD))
        return false;
      // The replacement must be the same kind of file as the original:
      // owner and group (only root may give a file away), mode (after the
      // owner: chown clears set-id bits), extended attributes (ACLs,
      // security labels, user.*). When that is not possible, write in place.
      bool Same = true;
      FileMeta Now;
      if (!statFD(FD, Now) && (Now.Uid != T.Meta.Uid || Now.Gid != T.Meta.Gid))
        Same = !fs::changeFileOwnership(FD, T.Meta.Uid, T.Meta.Gid);
      if (Same)
        Same = !fs::setPermissions(FD, fs::perms(T.Meta.Mode & 07777));
      if (Same) {
        int Old = ::open(T.Real.c_str(), O_RDONLY | O_CLOEXEC);
        Same = Old >= 0 && !copyXattrs(Old, FD);
        if (Old >= 0)
          ::close(Old);
      }
      std::error_code EC = Same ? syncFile(FD) : std::error_code();
      ::close(FD);
      if (EC) {
        fail(T, "", EC);
        return false;
      }
      if (Same)
        return true;
      ::unlink(T.Temp.c_str());
      T.Mode = How::InPlace;
    }
    // In place: the old content is saved first, to undo or recover.
    return writeNew(T, T.Orig, T.C->OldContent, 0600, nullptr);
  }

  bool commitInPlace(Target &T) {
    int FD = ::open(T.Real.c_str(), O_RDWR | O_CLOEXEC);
    if (FD < 0) {
      if (errno == ENOENT)
        changed(T, "was deleted");
      else
        fail(T, "", lastError());
      return false;
    }
    FileMeta M;
    std::string Now;
    if (statFD(FD, M) || M.Dev != T.Meta.Dev || M.Ino != T.Meta.Ino ||
        readAll(FD, Now) || Now != T.C->OldContent) {
      ::close(FD);
      changed(T);
      return false;
    }
    std::error_code EC = overwrite(FD, T.C->NewContent);
    if (!EC)
      EC = syncFile(FD);
    if (EC) {
      (void)overwrite(FD, T.C->OldContent);
      (void)syncFile(FD);
      ::close(FD);
      fail(T, "", EC);
      return false;
    }
    ::close(FD);
    T.Committed = true;
    return true;
  }

  bool commitOne(Target &T) {
    switch (T.Mode) {
    case How::Create:
      if (std::error_code EC = renameNoReplace(T.Temp, T.Real)) {
        if (EC == std::errc::file_exists)
          changed(T, "was created");
        else
          fail(T, "", EC);
        return false;
      }
      T.Committed = true;
      return true;
    case How::InPlace:
      return commitInPlace(T);
    case How::Exchange:
      break;
    }
    std::error_code EC = fileops::exchange(T.Temp, T.Real);
    if (EC == std::errc::not_supported) {
      // No atomic exchange on this file system: write it in place.
      ::unlink(T.Temp.c_str());
      T.Mode = How::InPlace;
      if (!writeNew(T, T.Orig, T.C->OldContent, 0600, nullptr))
        return false;
      (void)syncDirectory(parentDir(T.Real));
      return commitInPlace(T);
    }
    if (EC) {
      if (EC == std::errc::no_such_file_or_directory)
        changed(T, "was deleted");
      else
        fail(T, "", EC);
      return false;
    }
    T.Committed = true;
    // What was swapped out must be exactly the original.
    std::string Old;
    FileMeta M;
    if (readFile(T.Temp, Old) || lstatPath(T.Temp, M) || !M.sameFile(T.Meta) ||
        Old != T.C->OldContent || !M.sameOwnerAndMode(T.Meta)) {
      T.Committed = false;
      if (fileops::exchange(T.Temp, T.Real)) {
        T.KeepBackup = true;
        Diags.push_back(
            errorAt(at(T.C->Path), "file changed while skgen was writing, and "
                                   "could not be put back; it is now " +
                                       quoted(T.Temp)));
        return false;
      }
      changed(T);
      return false;
    }
    return true;
  }

  /// Undoes the committed targets, newest first.
  void undo() {
    for (auto It = Ts.rbegin(); It != Ts.rend(); ++It) {
      Target &T = *It;
      if (!T.Committed)
        continue;
      T.Committed = false;
      std::string Now;
      bool Ours = !readFile(T.Real, Now) && Now == T.C->NewContent;
      bool Undone = false;
      if (Ours && T.Mode == How::Create) {
        Undone = ::unlink(T.Real.c_str()) == 0;
      } else if (Ours && T.Mode == How::InPlace) {
        int FD = ::open(T.Real.c_str(), O_RDWR | O_CLOEXEC);
        Undone = FD >= 0 && !overwrite(FD, T.C->OldContent) && !syncFile(FD);
        if (FD >= 0)
          ::close(FD);
      } else if (Ours && T.Mode == How::Exchange) {
        Undone = !fileops::exchange(T.Temp, T.Real);
        std::string Swapped;
        if (Undone &&
            (readFile(T.Temp, Swapped) || Swapped != T.C->NewContent)) {
          // Edited between the check and the exchange back: keep the edit.
          (void)fileops::exchange(T.Temp, T.Real);
          Undone = false;
        }
      }
      if (!Undone) {
        T.KeepBackup = T.Mode != How::Create;
        Diagnostic D = errorAt(
            at(T.C->Path), "could not restore this file after a failed run; "
                           "it keeps its new content");
        if (T.KeepBackup)
          D.Notes.push_back(
              noteAt(at(T.C->Path),
                     "its previous content is in " +
                         quoted(T.Mode == How::InPlace ? T.Orig : T.Temp)));
        Diags.push_back(D);
      }
    }
    syncDirs();
  }

  void removeBackups(const Target &T) {
    if (T.KeepBackup)
      return;
    ::unlink(T.Temp.c_str());
    ::unlink(T.Orig.c_str());
  }

  /// Removes what the failed run made: temporaries, directories, locks.
  void discard() {
    for (const Target &T : Ts)
      removeBackups(T);
    syncDirs();
    Locks.release();
    for (auto It = MadeDirs.rbegin(); It != MadeDirs.rend(); ++It)
      ::rmdir(It->c_str()); // Only if empty.
    syncDirs();
  }
};

} // namespace

/// Whether file \p C creates may be created: the directories to make go to
/// \p NewDirs (outermost first).
static std::optional<Diagnostic>
checkCreated(const FileChange &C, std::vector<std::string> &NewDirs) {
  if (std::optional<Diagnostic> D = danglingLink(C.Path))
    return D;
  if (fs::exists(C.Path))
    return errorAt(at(C.Path), "file changed since it was scanned "
                               "(it was created meanwhile); "
                               "re-run skgen");
  std::vector<std::string> Missing;
  for (std::string D = parentDir(C.Path); !fs::exists(D); D = parentDir(D)) {
    Missing.insert(Missing.begin(), D);
    if (parentDir(D) == D)
      break;
  }
  for (const std::string &D : Missing)
    if (!llvm::is_contained(NewDirs, D))
      NewDirs.push_back(D);
  return std::nullopt;
}

/// Whether the file \p C changes still is what the plan read and may be
/// written; \p T gets its real path, metadata and how to write it.
static std::optional<Diagnostic> checkExisting(const FileChange &C, Target &T) {
  if (!fs::exists(C.Path))
    return errorAt(at(C.Path), "file changed since it was scanned "
                               "(it no longer exists); re-run "
                               "skgen");
  llvm::SmallString<256> Real;
  if (!fs::real_path(C.Path, Real))
    T.Real = std::string(Real);
  if (std::error_code EC = statPath(T.Real, T.Meta))
    return errorAt(at(C.Path),
                   "cannot write " + quoted(C.Path) + ": " + EC.message());
  if (!S_ISREG(T.Meta.Mode))
    return errorAt(at(C.Path),
                   "cannot write " + quoted(C.Path) + ": not a regular file");
  std::string Now;
  if (std::error_code EC = readFile(T.Real, Now))
    return errorAt(at(C.Path),
                   "cannot read " + quoted(C.Path) + ": " + EC.message());
  if (Now != C.OldContent)
    return errorAt(at(C.Path), "file changed since it was scanned; re-run "
                               "skgen");
  // Same content is not the same file: a link swapped in since the plan
  // read it would be written through.
  if (C.Id.Dev || C.Id.Ino)
    if (std::optional<Diagnostic> D =
            identityChanged(C.Path, C.Id, fileIdentity(C.Path)))
      return D;
  if (!(T.Meta.Mode & (S_IWUSR | S_IWGRP | S_IWOTH)) ||
      ::access(T.Real.c_str(), W_OK) != 0)
    return errorAt(at(C.Path),
                   "cannot write " + quoted(C.Path) + ": file is read-only");
  // A rename would cut the other hard links off: write those in place.
  if (T.Meta.Nlink > 1)
    T.Mode = How::InPlace;
  return std::nullopt;
}

/// Whether \p T's directory takes the write and no other run holds the file.
static std::optional<Diagnostic> checkDirAndLock(const FileChange &C,
                                                 const Target &T) {
  std::string Dir = parentDir(T.Real);
  bool DirExists = fs::exists(Dir);
  if (DirExists && !fs::is_directory(Dir))
    return errorAt(at(C.Path), "cannot write " + quoted(C.Path) + ": '" + Dir +
                                   "' is not a directory");
  if (DirExists && ::access(Dir.c_str(), W_OK) != 0)
    return errorAt(at(C.Path), "cannot write " + quoted(C.Path) +
                                   ": directory '" + Dir + "' is not writable");
  long long Pid = 0;
  std::error_code LockError;
  LockStatus Lock =
      DirExists ? lockStatus(T.Real, &Pid, &LockError) : LockStatus::NoLock;
  if (Lock == LockStatus::Unreadable)
    return errorAt(at(C.Path), "cannot write " + quoted(C.Path) +
                                   ": cannot check its lock file '" +
                                   lockPath(T.Real) +
                                   "': " + LockError.message());
  if (Lock == LockStatus::NotAFile)
    return errorAt(at(C.Path), "the lock file '" + lockPath(T.Real) +
                                   "' is not one skgen wrote; "
                                   "remove it by hand");
  if (Lock != LockStatus::NoLock)
    return errorAt(at(C.Path),
                   "another skgen run" +
                       (Pid ? " (pid " + std::to_string(Pid) + ")" : "") +
                       " is writing this file; wait for it to finish");
  return std::nullopt;
}

bool applyChanges(const std::vector<FileChange> &Changes,
                  std::vector<Diagnostic> &Diags) {
  testPause("check");
  std::vector<Target> Targets;
  std::vector<std::string> NewDirs;
  bool Ok = true;

  // 1. Check everything before writing anything.
  for (const FileChange &C : Changes) {
    Target T;
    T.C = &C;
    T.Real = C.Path;
    if (C.Created)
      T.Mode = How::Create;
    std::optional<Diagnostic> D =
        C.Created ? checkCreated(C, NewDirs) : checkExisting(C, T);
    if (!D)
      D = checkDirAndLock(C, T);
    if (D) {
      Diags.push_back(std::move(*D));
      Ok = false;
      continue;
    }
    Targets.push_back(T);
  }
  if (!Ok)
    return false;
  if (Targets.empty())
    return true;
  std::sort(Targets.begin(), Targets.end(),
            [](const Target &A, const Target &B) { return A.Real < B.Real; });
  return Commit(Targets, NewDirs, Diags).run();
}

bool recoverInterruptedWrites(const std::vector<std::string> &Paths,
                              bool Repair, std::vector<Diagnostic> &Diags) {
  bool Ok = true;
  std::set<std::string> Seen;
  for (const std::string &P : Paths) {
    llvm::SmallString<256> Real;
    std::string R = fs::real_path(P, Real) ? P : std::string(Real);
    if (Seen.insert(R).second)
      Ok &= recoverPath(R, Repair, Diags);
  }
  return Ok;
}

llvm::Error writeFileAtomically(const std::string &Path,
                                llvm::StringRef Content) {
  return fileops::writeFileAtomically(Path, Content);
}

} // namespace rewrite
} // namespace skgen
