//===- FileOps.h - File system primitives of the commit ---------*- C++ -*-===//
//
// Internal to lib/Rewrite. What llvm::sys::fs does not offer and the
// transactional commit (Apply.cpp, Journal.cpp) needs: whole-file reads and
// writes through a descriptor, fsync of files and directories, an atomic
// exchange of two paths (Linux renameat2(RENAME_EXCHANGE)), a rename that
// never replaces, copying extended attributes, blocking termination signals
// for the commit, and the test hook that pauses a run between stages.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_REWRITE_FILEOPS_H
#define SKGEN_REWRITE_FILEOPS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <csignal>
#include <cstdint>
#include <string>
#include <system_error>

namespace skgen {
namespace rewrite {
namespace fileops {

/// The errno of the last failed call, as a std::error_code.
std::error_code lastError();

/// The whole content of the file open as \p FD (read from offset 0).
std::error_code readAll(int FD, std::string &Out);
/// The whole content of \p Path, or an error (ENOENT when it is missing).
std::error_code readFile(const std::string &Path, std::string &Out);
/// Writes \p Data at offset 0 of \p FD and truncates the file after it.
std::error_code overwrite(int FD, llvm::StringRef Data);
std::error_code syncFile(int FD);
std::error_code syncDirectory(const std::string &Dir);

/// The directory holding \p Path ("." if none).
std::string parentDir(const std::string &Path);

/// What the commit compares and keeps of a file.
struct FileMeta {
  uint32_t Mode = 0; // Including the file type bits.
  uint32_t Uid = 0, Gid = 0;
  uint64_t Dev = 0, Ino = 0, Nlink = 0;
  bool sameOwnerAndMode(const FileMeta &O) const {
    return Mode == O.Mode && Uid == O.Uid && Gid == O.Gid;
  }
  bool sameFile(const FileMeta &O) const {
    return Dev == O.Dev && Ino == O.Ino;
  }
};
std::error_code statFD(int FD, FileMeta &M);
std::error_code statPath(const std::string &Path, FileMeta &M);
/// Of \p Path itself: a symbolic link is not followed.
std::error_code lstatPath(const std::string &Path, FileMeta &M);

/// Atomically swaps the directory entries \p A and \p B (both must exist).
/// errc::not_supported where the kernel or file system cannot.
std::error_code exchange(const std::string &A, const std::string &B);
/// Renames \p From to \p To unless \p To exists (errc::file_exists then),
/// atomically: renameat2(RENAME_NOREPLACE), else link() + unlink().
std::error_code renameNoReplace(const std::string &From, const std::string &To);

/// Gives \p ToFD the extended attributes of \p FromFD (ACLs and security
/// labels are extended attributes too).
std::error_code copyXattrs(int FromFD, int ToFD);

/// Raises the soft limit of open files to the hard limit (the commit holds
/// one lock file open per changed file).
void raiseOpenFileLimit();

/// Blocks the signals that would terminate skgen asynchronously (SIGINT,
/// SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1/2, ...) for its
/// lifetime, and ignores SIGXFSZ, so that exceeding `ulimit -f` is a write
/// error (EFBIG) instead of death. Restoring the mask delivers what arrived
/// meanwhile; LLVM's handlers then end the process as the signal asks.
class CommitSignalGuard {
public:
  CommitSignalGuard();
  ~CommitSignalGuard();
  CommitSignalGuard(const CommitSignalGuard &) = delete;
  CommitSignalGuard &operator=(const CommitSignalGuard &) = delete;
  /// A blocked terminating signal that is pending (0 if none).
  int pendingSignal() const;

private:
  sigset_t Old;
  struct sigaction OldXfsz;
};

/// Ignores SIGXFSZ for its lifetime (writing outputs such as --export-fixes).
class IgnoreFileSizeSignal {
public:
  IgnoreFileSizeSignal();
  ~IgnoreFileSizeSignal();

private:
  struct sigaction Old;
};

/// Test hook (hidden; docs/rewrite.md "Testing the commit"): when the
/// environment variable SKGEN_TEST_PAUSE holds `<stage>:<file>` (several
/// separated by ','), reaching <stage> creates <file> and waits until it is
/// deleted (polling, at most 60 s). Stages: check, prepare, commit,
/// commit-<n> (after the n-th file was replaced), cleanup.
void testPause(llvm::StringRef Stage);

/// Writes \p Content to \p Path as one atomic replacement (temporary file in
/// the same directory, fsync, rename; removed on SIGINT/SIGTERM and the
/// like, kept mode for an existing file). Symlinks are followed. A path that
/// exists but is not a regular file (/dev/null, a FIFO) is written directly.
llvm::Error writeFileAtomically(const std::string &Path,
                                llvm::StringRef Content);

} // namespace fileops
} // namespace rewrite
} // namespace skgen

#endif
