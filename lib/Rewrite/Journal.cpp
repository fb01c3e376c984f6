//===- Journal.cpp - Lock files, the commit journal, recovery -------------===//
#include "Rewrite/Journal.h"
#include "Basic/InputFile.h"
#include "Basic/JSONMapping.h"
#include "Rewrite/FileOps.h"

#include <cerrno>
#include <fcntl.h>
#include <optional>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace skgen {
namespace rewrite {

using namespace fileops;

std::string lockPath(const std::string &Path) { return Path + ".skgen-lock"; }
std::string tempPath(const std::string &Path, const std::string &Id) {
  return Path + ".skgen-" + Id + ".tmp";
}
std::string origPath(const std::string &Path, const std::string &Id) {
  return Path + ".skgen-" + Id + ".orig";
}

template <class IO> void mapFields(IO &io, JournalEntry &E) {
  io.required("path", E.Path, StringForm::Path);
  io.required("old", E.OldHash, StringForm::HashOrEmpty); // "" if created.
  io.required("new", E.NewHash, StringForm::Hash);
  io.optionalIf(true, "created", E.Created);
}

template <class IO> void mapFields(IO &io, Journal &J) {
  io.constant("skgen-journal", 1); // The format's version.
  io.required("id", J.Id);
  io.optionalIf(true, "pid", J.Pid);
  io.required("files", J.Files);
  io.optionalIf(true, "dirs", J.Dirs, StringForm::Path);
}

std::string Journal::toJSON() const {
  // Paths are real paths: never throw on invalid UTF-8.
  return JSONWriter::write(*this).dump(
             -1, ' ', false, nlohmann::json::error_handler_t::replace) +
         "\n";
}

LockContent readLockFile(const std::string &LockFile, Journal &J,
                         Diagnostic &Why) {
  std::string Error;
  std::unique_ptr<llvm::MemoryBuffer> Buf =
      readRegularFile(LockFile, MaxLockFileBytes, Error);
  if (!Buf) {
    Why = errorAt(SourceLoc{LockFile, 1, 1},
                  "cannot read lock file '" + LockFile + "': " + Error);
    return LockContent::Foreign;
  }
  llvm::StringRef Text = Buf->getBuffer();
  std::vector<Diagnostic> Diags;
  nlohmann::json V;
  if (!parseJSONText(Text, LockFile, "lock file", MaxLockNesting, V, Diags)) {
    Why = Diags.front();
    return LockContent::Incomplete;
  }
  JSONMappingError Malformed;
  Journal Read;
  if (!JSONReader::readMapped(V, Read, Malformed)) {
    Why = mappingDiagnostic(Malformed, LockFile, Text, "lock file");
    return LockContent::Foreign;
  }
  // The id names the run's temporaries: `F.skgen-<id>.tmp`.
  if (Read.Id.size() != 8 ||
      Read.Id.find_first_not_of("0123456789abcdef") != std::string::npos) {
    Why = mappingDiagnostic(
        {{JSONStep::member("id")},
         "expected 8 hex digits, found " +
             nlohmann::json(Read.Id).dump(
                 -1, ' ', false, nlohmann::json::error_handler_t::replace)},
        LockFile, Text, "lock file");
    return LockContent::Foreign;
  }
  J = std::move(Read);
  return LockContent::Journal;
}

//===--- Locks
//-------------------------------------------------------------===//
//
// Open file description locks (F_OFD_SETLK) where the kernel has them:
// unlike the process-wide POSIX locks of llvm::sys::fs::tryLockFile, closing
// another descriptor of the same file (say, while checking whether a lock
// file is stale) does not drop them. Both vanish when the process dies.

static bool tryLock(int FD) {
  struct flock L = {};
  L.l_type = F_WRLCK;
  L.l_whence = SEEK_SET;
#ifdef F_OFD_SETLK
  if (::fcntl(FD, F_OFD_SETLK, &L) == 0)
    return true;
  if (errno != EINVAL)
    return false;
#endif
  return ::fcntl(FD, F_SETLK, &L) == 0;
}

/// Whether \p FD still is the file at \p Path (not unlinked or replaced).
static bool stillAt(int FD, const std::string &Path) {
  FileMeta A, B;
  return !statFD(FD, A) && !statPath(Path, B) && A.Dev == B.Dev &&
         A.Ino == B.Ino;
}

std::error_code LockSet::create(const std::string &Path,
                                llvm::StringRef Content) {
  std::string L = lockPath(Path);
  int FD = ::open(L.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (FD < 0)
    return lastError();
  std::error_code EC;
  if (!tryLock(FD))
    EC = std::make_error_code(std::errc::device_or_resource_busy);
  if (!EC)
    EC = overwrite(FD, Content);
  if (!EC)
    EC = syncFile(FD);
  // Someone who found it empty and unlocked (between open and lock) may
  // have taken it for a dead run's and removed it.
  if (!EC && !stillAt(FD, L))
    EC = std::make_error_code(std::errc::device_or_resource_busy);
  if (EC) {
    if (stillAt(FD, L))
      ::unlink(L.c_str());
    ::close(FD);
    return EC;
  }
  Files.push_back(L);
  FDs.push_back(FD);
  return {};
}

bool LockSet::adopt(const std::string &LockFile) {
  int FD = ::open(LockFile.c_str(), O_RDWR | O_CLOEXEC);
  if (FD < 0)
    return false;
  if (!tryLock(FD) || !stillAt(FD, LockFile)) {
    ::close(FD);
    return false;
  }
  Files.push_back(LockFile);
  FDs.push_back(FD);
  return true;
}

void LockSet::release(bool Remove) {
  for (size_t I = 0; I < FDs.size(); ++I) {
    if (Remove && stillAt(FDs[I], Files[I]))
      ::unlink(Files[I].c_str());
    ::close(FDs[I]);
  }
  Files.clear();
  FDs.clear();
}

/// Whether someone holds a lock on \p FD's file (F_GETLK only asks: it
/// works on a read-only descriptor, e.g. on a read-only file system).
static bool lockedByOther(int FD) {
  struct flock L = {};
  L.l_type = F_WRLCK;
  L.l_whence = SEEK_SET;
#ifdef F_OFD_GETLK
  if (::fcntl(FD, F_OFD_GETLK, &L) == 0)
    return L.l_type != F_UNLCK;
  L = {};
  L.l_type = F_WRLCK;
  L.l_whence = SEEK_SET;
#endif
  if (::fcntl(FD, F_GETLK, &L) == 0)
    return L.l_type != F_UNLCK;
  return true; // Cannot tell: assume a live writer.
}

LockStatus lockStatus(const std::string &Path, long long *Pid,
                      std::error_code *Error) {
  std::string L = lockPath(Path);
  // Not blocking: opening a FIFO for reading waits for a writer.
  int FD = ::open(L.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (FD < 0) {
    // Only a lock file that is there means another run; one whose name no
    // file system path can hold was never created.
    if (errno == ENOENT || errno == ENAMETOOLONG || errno == ENOTDIR)
      return LockStatus::NoLock;
    if (Error)
      *Error = lastError();
    return LockStatus::Unreadable;
  }
  FileMeta Meta;
  if (statFD(FD, Meta) || !S_ISREG(Meta.Mode)) {
    ::close(FD);
    return LockStatus::NotAFile;
  }
  if (Pid) {
    Journal J;
    Diagnostic Ignored;
    if (readLockFile(L, J, Ignored) == LockContent::Journal)
      *Pid = J.Pid;
  }
  bool Held = lockedByOther(FD);
  ::close(FD);
  return Held ? LockStatus::Live : LockStatus::Stale;
}

//===--- Recovery
//----------------------------------------------------------===//

namespace {
enum class State { Old, New, Partial, Other };

struct Probe {
  const JournalEntry *E = nullptr;
  State S = State::Other;
  bool HasTemp = false, HasOrig = false;
  std::string Temp, Orig; // Paths.
  std::string TempHash, OrigHash;
};
} // namespace

static SourceLoc at(const std::string &Path) { return SourceLoc{Path, 1, 1}; }

static std::string hashOf(const std::string &Path, bool &Exists) {
  std::string Content;
  std::error_code EC = readFile(Path, Content);
  Exists = !EC;
  return EC ? "" : hashContent(Content);
}

static std::string name(const std::string &Path) { return "'" + Path + "'"; }

/// The error for a lock file \p L of \p Path that skgen did not write, and
/// \p Why as its note.
static Diagnostic foreignLock(const std::string &Path, const std::string &L,
                              Diagnostic Why) {
  Diagnostic D = errorAt(at(Path), "the lock file " + name(L) +
                                       " is not one skgen wrote; remove it "
                                       "by hand");
  Why.Severity = Diagnostic::Level::Note;
  D.Notes.push_back(std::move(Why));
  return D;
}

/// The lock of \p Path before any recovery: std::nullopt when it is an
/// interrupted run's that this run may recover (\p Repair), else
/// recoverPath's answer (true: no lock; false: an error in \p Diags).
static std::optional<bool> lockBeforeRecovery(const std::string &Path,
                                              bool Repair,
                                              std::vector<Diagnostic> &Diags) {
  std::string L = lockPath(Path);
  long long Pid = 0;
  std::error_code Error;
  LockStatus St = lockStatus(Path, &Pid, &Error);
  if (St == LockStatus::NoLock)
    return true;
  if (St == LockStatus::Unreadable) {
    Diags.push_back(errorAt(at(Path), "cannot check the lock file " + name(L) +
                                          ": " + Error.message()));
    return false;
  }
  if (St == LockStatus::Live) {
    Diags.push_back(errorAt(
        at(Path), "another skgen run" +
                      (Pid ? " (pid " + std::to_string(Pid) + ")" : "") +
                      " is writing this file; wait for it to finish"));
    return false;
  }
  if (St == LockStatus::NotAFile) {
    Journal Unused;
    Diagnostic Why;
    (void)readLockFile(L, Unused, Why); // Says what it is instead.
    Diags.push_back(foreignLock(Path, L, Why));
    return false;
  }
  if (!Repair) {
    Diags.push_back(errorAt(
        at(Path), "an interrupted 'skgen --fix' left this file mid-write "
                  "(lock file " +
                      name(L) + "); run 'skgen --fix' to recover it"));
    return false;
  }
  return std::nullopt;
}

/// Takes over the lock file of \p Path and those of the rest of its run
/// (\p Mine), whose journal goes to \p J: std::nullopt when the run's files
/// are to be recovered, else recoverPath's answer.
static std::optional<bool> adoptRun(const std::string &Path, LockSet &Held,
                                    Journal &J, std::set<std::string> &Mine,
                                    std::vector<Diagnostic> &Diags) {
  std::string L = lockPath(Path);
  if (!Held.adopt(L)) {
    // Gone meanwhile (that run finished), taken by another recovery, or not
    // ours to write (another user's run).
    if (lockStatus(Path) == LockStatus::NoLock)
      return true;
    Diags.push_back(errorAt(
        at(Path), "cannot take over the lock file " + name(L) +
                      " of an interrupted skgen run; remove it by hand if no "
                      "skgen is running"));
    return false;
  }
  Diagnostic Why;
  switch (readLockFile(L, J, Why)) {
  case LockContent::Journal:
    break;
  case LockContent::Incomplete: {
    // The run died while writing its first lock files: it had not touched
    // any file yet.
    Held.release();
    Diagnostic W =
        warningAt(at(Path), "removed the incomplete lock file " + name(L) +
                                " of an interrupted skgen run");
    Why.Severity = Diagnostic::Level::Note;
    W.Notes.push_back(std::move(Why));
    Diags.push_back(std::move(W));
    return true;
  }
  case LockContent::Foreign:
    Held.release(/*Remove=*/false);
    Diags.push_back(foreignLock(Path, L, Why));
    return false;
  }
  // Hold every lock file of that run (two recoveries never race).
  Mine.insert(L);
  for (const JournalEntry &E : J.Files) {
    std::string EL = lockPath(E.Path);
    if (Mine.count(EL))
      continue;
    Journal Other;
    Diagnostic Ignored;
    if (readLockFile(EL, Other, Ignored) != LockContent::Journal ||
        Other.Id != J.Id)
      continue; // Not (or no longer) that run's lock.
    if (!Held.adopt(EL)) {
      Held.release(/*Remove=*/false);
      Diags.push_back(errorAt(at(E.Path),
                              "another skgen run is writing or recovering this "
                              "file; wait for it to finish"));
      return false;
    }
    Mine.insert(EL);
  }
  return std::nullopt;
}

/// Where each file of run \p J stands; \p AllNew: all hold the new content.
static std::vector<Probe> probeFiles(const Journal &J, bool &AllNew) {
  std::vector<Probe> Probes;
  AllNew = true;
  for (const JournalEntry &E : J.Files) {
    Probe P;
    P.E = &E;
    P.Temp = tempPath(E.Path, J.Id);
    P.Orig = origPath(E.Path, J.Id);
    P.TempHash = hashOf(P.Temp, P.HasTemp);
    P.OrigHash = hashOf(P.Orig, P.HasOrig);
    bool Exists = false;
    std::string H = hashOf(E.Path, Exists);
    if (E.Created)
      P.S = !Exists ? State::Old : H == E.NewHash ? State::New : State::Other;
    else if (Exists && H == E.OldHash)
      P.S = State::Old;
    else if (Exists && H == E.NewHash)
      P.S = State::New;
    else if (Exists && P.HasOrig && P.OrigHash == E.OldHash)
      P.S = State::Partial; // Killed while writing it in place.
    else
      P.S = State::Other;
    AllNew &= P.S == State::New;
    Probes.push_back(P);
  }
  return Probes;
}

/// Undoing needs every replaced file's old content: false (and an error per
/// file that lacks it) when some file cannot be undone.
static bool undoable(const std::vector<Probe> &Probes,
                     const std::set<std::string> &Mine, bool AllNew,
                     const Journal &J, std::vector<Diagnostic> &Diags) {
  bool Ok = true;
  for (const Probe &P : Probes) {
    // A lock file is an input like any other (it could come with a
    // checkout): a file is only ever restored or removed if its own lock
    // file of that run is there too.
    bool Locked = Mine.count(lockPath(P.E->Path)) != 0;
    // Resolved by hand and its lock file deleted, as the error below asks:
    // the file is the user's now; the rest of the run is still undone.
    if (P.S == State::Other && !Locked)
      continue;
    bool Restorable =
        P.S == State::Old || AllNew ||
        (Locked &&
         (P.E->Created || (P.HasOrig && P.OrigHash == P.E->OldHash) ||
          (P.S == State::New && P.HasTemp && P.TempHash == P.E->OldHash)));
    if (P.S != State::Other && Restorable)
      continue;
    std::string Where = P.HasTemp   ? name(P.Temp)
                        : P.HasOrig ? name(P.Orig)
                                    : "";
    Diags.push_back(errorAt(
        at(P.E->Path),
        "an interrupted skgen run (pid " + std::to_string(J.Pid) +
            ") could not be undone: this file holds neither its content "
            "before nor after that run" +
            (Where.empty() ? "" : "; the other version is in " + Where) +
            "; resolve it by hand, then delete " + name(lockPath(P.E->Path))));
    Ok = false;
  }
  return Ok;
}

/// Puts back the content \p P's file had before the run.
static std::error_code restoreOld(const Probe &P) {
  std::error_code EC;
  if (P.E->Created) {
    EC = ::unlink(P.E->Path.c_str()) ? lastError() : std::error_code();
  } else if (P.HasOrig && P.OrigHash == P.E->OldHash) {
    // Written in place: write the old content back in place.
    std::string Old;
    int FD = ::open(P.E->Path.c_str(), O_RDWR | O_CLOEXEC);
    EC = FD < 0 ? lastError() : readFile(P.Orig, Old);
    if (!EC)
      EC = overwrite(FD, Old);
    if (!EC)
      EC = syncFile(FD);
    if (FD >= 0)
      ::close(FD);
  } else {
    // Exchanged: the old file is the temporary; exchange them back.
    EC = fileops::exchange(P.Temp, P.E->Path);
    if (EC == std::errc::not_supported)
      EC = ::rename(P.Temp.c_str(), P.E->Path.c_str()) ? lastError()
                                                       : std::error_code();
  }
  return EC;
}

bool recoverPath(const std::string &Path, bool Repair,
                 std::vector<Diagnostic> &Diags, bool *Changed) {
  if (std::optional<bool> Done = lockBeforeRecovery(Path, Repair, Diags))
    return *Done;
  LockSet Held;
  Journal J;
  std::set<std::string> Mine;
  if (std::optional<bool> Done = adoptRun(Path, Held, J, Mine, Diags))
    return *Done;

  bool AllNew = true;
  std::vector<Probe> Probes = probeFiles(J, AllNew);
  if (!undoable(Probes, Mine, AllNew, J, Diags)) {
    Held.release(/*Remove=*/false);
    return false;
  }

  std::set<std::string> Dirs;
  unsigned Restored = 0;
  for (const Probe &P : Probes) {
    Dirs.insert(parentDir(P.E->Path));
    bool Resolved = P.S == State::Other && !Mine.count(lockPath(P.E->Path));
    if (!AllNew && P.S != State::Old && !Resolved) {
      if (std::error_code EC = restoreOld(P)) {
        Diags.push_back(
            errorAt(at(P.E->Path),
                    "cannot undo an interrupted skgen run: " + EC.message()));
        Held.release(/*Remove=*/false);
        return false;
      }
      ++Restored;
    }
    ::unlink(P.Temp.c_str());
    ::unlink(P.Orig.c_str());
  }
  for (auto It = J.Dirs.rbegin(); It != J.Dirs.rend(); ++It)
    ::rmdir(It->c_str()); // Only if empty.
  for (const std::string &D : Dirs)
    (void)syncDirectory(D);
  Held.release();
  for (const std::string &D : Dirs)
    (void)syncDirectory(D);
  if (Restored && Changed)
    *Changed = true;
  std::string N = std::to_string(J.Files.size());
  Diags.push_back(warningAt(
      at(Path),
      "recovered from an interrupted skgen run (pid " + std::to_string(J.Pid) +
          "): " +
          (AllNew ? "it had written all " + N +
                        " files of its run; removed its temporary files"
                  : "restored the content before that run of the " + N +
                        " files it was writing")));
  return true;
}

} // namespace rewrite
} // namespace skgen
