//===- Journal.h - Lock files, the commit journal, recovery -----*- C++ -*-===//
//
// Internal to lib/Rewrite. While `skgen --fix` replaces files, every file F
// it changes has a lock file `F.skgen-lock` (created exclusively, like git's
// index.lock, and held with an fcntl lock for the life of the run). Each lock
// file holds the whole journal of the run: its id and, for every file, the
// hashes of its old and new content. The other files of the run are named
// after it: `F.skgen-<id>.tmp` (the new content before the exchange, the old
// one after it) and `F.skgen-<id>.orig` (the old content of a file written in
// place). From these names and the hashes, a later run can tell, after a
// SIGKILL or a power loss, what each file holds and complete or undo the
// interrupted run (recoverPath), leaving no temporary file behind.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_REWRITE_JOURNAL_H
#define SKGEN_REWRITE_JOURNAL_H

#include "Facts/Facts.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <system_error>
#include <vector>

namespace skgen {
namespace rewrite {

struct JournalEntry {
  std::string Path;    // Real path of the file.
  std::string OldHash; // hashContent() before the run; "" if it was created.
  std::string NewHash; // hashContent() after the run.
  bool Created = false;
};

struct Journal {
  std::string Id; // 8 hex digits: names the run's temporaries.
  long long Pid = 0;
  std::vector<JournalEntry> Files;
  std::vector<std::string> Dirs; // Created by the run (deepest last).

  std::string toJSON() const;
};

/// Largest lock file read (a journal entry is about 200 bytes per file).
constexpr uint64_t MaxLockFileBytes = 64ull << 20;
/// Deepest JSON nesting accepted in a lock file (a journal needs 3 levels).
constexpr int MaxLockNesting = 8;

/// What a lock file holds.
enum class LockContent {
  Journal,    // A journal (read into the Journal).
  Incomplete, // Not (complete) JSON: its run died while writing it.
  Foreign,    // Anything else: not a lock file skgen wrote.
};

/// Reads the lock file \p LockFile like any untrusted input
/// (Basic/InputFile.h: a regular file, at most MaxLockFileBytes, nested at
/// most MaxLockNesting levels) into \p J. Unless it holds a journal, \p Why
/// says why, positioned in the file where the reason has a position.
LockContent readLockFile(const std::string &LockFile, Journal &J,
                         Diagnostic &Why);

std::string lockPath(const std::string &Path);
std::string tempPath(const std::string &Path, const std::string &Id);
std::string origPath(const std::string &Path, const std::string &Id);

/// The lock files a run holds (open, fcntl-locked) until release().
class LockSet {
public:
  LockSet() = default;
  LockSet(const LockSet &) = delete;
  LockSet &operator=(const LockSet &) = delete;
  ~LockSet() { release(); }

  /// Creates `Path.skgen-lock` exclusively with \p Content (fsynced) and
  /// holds it. Fails with errc::file_exists if it exists.
  std::error_code create(const std::string &Path, llvm::StringRef Content);
  /// Takes the fcntl lock of an existing lock file (of a dead run).
  /// Returns false if a live process holds it or it vanished.
  bool adopt(const std::string &LockFile);
  /// Deletes the held lock files (when \p Remove) and drops the locks.
  void release(bool Remove = true);
  const std::vector<std::string> &files() const { return Files; }

private:
  std::vector<std::string> Files;
  std::vector<int> FDs;
};

/// Who holds the lock file of \p Path: NoLock (there is none), Live (a
/// running skgen; \p Pid is set), Stale (its run died), NotAFile (not a
/// regular file, so not a lock file skgen wrote: a FIFO, a device, ...).
/// Unreadable: the lock file's name cannot be opened for another reason
/// than not being there (permissions, ...): \p Error says why. A lock that
/// cannot exist (its name too long, a parent not a directory) is NoLock.
enum class LockStatus { NoLock, Live, Stale, NotAFile, Unreadable };
LockStatus lockStatus(const std::string &Path, long long *Pid = nullptr,
                      std::error_code *Error = nullptr);

/// If \p Path (a real path) has a lock file: when its run is alive, or it is
/// not one skgen wrote, an error; when it died, with \p Repair, completes
/// (every file already holds its new content) or undoes (restores every file's
/// old content) that whole run, removes its temporaries, lock files and created
/// directories, and warns about it; without \p Repair, an error asking for
/// `skgen --fix`. Returns false if it added errors. \p Changed is set when a
/// file's content was restored.
bool recoverPath(const std::string &Path, bool Repair,
                 std::vector<Diagnostic> &Diags, bool *Changed = nullptr);

} // namespace rewrite
} // namespace skgen

#endif
