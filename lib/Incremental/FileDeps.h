//===- FileDeps.h - What a parse read from the file system ------*- C++ -*-===//
//
// The facts of a translation unit are a function of its compile command and of
// everything Clang learnt from the file system while parsing it: the contents
// of the files it read, which paths existed (include lookups that failed are
// as much an input as those that succeeded: a header created earlier on the
// include path shadows the one found), and the directories it listed (the
// driver's GCC installation detection). RecordingFileSystem records all of
// it; DepVerifier checks, memoized for one run, that it is unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_INCREMENTAL_FILEDEPS_H
#define SKGEN_INCREMENTAL_FILEDEPS_H

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <mutex>
#include <string>
#include <vector>

namespace skgen {
namespace incremental {

/// One path the compiler asked about, and what it found there.
struct FileDep {
  enum Kind : char { Missing = 'm', File = 'f', Dir = 'd', Other = 'o' };
  std::string Path; // Absolute, as the compiler spelled it.
  Kind K = Missing;
  /// File: hash of the contents, when they were read. Dir: hash of the sorted
  /// names in it, when it was listed. Otherwise empty.
  std::string Hash;
  /// File read: a stat fingerprint (size, mtime, ctime, inode, device) that
  /// may stand in for the contents, or empty when the file changed too
  /// recently for its timestamps to be trusted (see statStamp).
  std::string Stamp;
};

/// Fingerprint of \p Path's inode for a file that was last changed more than
/// two seconds before now, else "" (like Git's "racily clean" entries: a
/// change within the timestamp granularity of the recorded one would go
/// unnoticed). ctime cannot be set from user space, so a rewrite that restores
/// size and mtime still changes the fingerprint.
std::string statStamp(const std::string &Path);

/// Hash of a file's contents as stored in FileDep::Hash.
std::string contentHash(llvm::StringRef Data);

/// Forwards to a real file system and records every status, open, read and
/// directory listing by absolute path. Paths in \p Ignore (e.g. a precompiled
/// header whose own inputs are recorded separately) are not recorded.
class RecordingFileSystem : public llvm::vfs::ProxyFileSystem {
public:
  RecordingFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
                      std::vector<std::string> Ignore = {});

  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine &Path) override;
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
  openFileForRead(const llvm::Twine &Path) override;
  llvm::vfs::directory_iterator dir_begin(const llvm::Twine &Dir,
                                          std::error_code &EC) override;

  /// Everything recorded, sorted by path. False when the parse saw something
  /// that cannot be replayed (an I/O error other than "no such file", a path
  /// that changed kind while parsing): its facts must not be cached.
  bool deps(std::vector<FileDep> &Out) const;

  /// Called by the files this file system opened, when their contents are
  /// read.
  void noteRead(const std::string &Path, llvm::StringRef Data,
                const std::string &Stamp);

private:
  std::string absolute(const llvm::Twine &Path);
  void note(const std::string &Path, FileDep::Kind K);
  void noteError(const std::string &Path, std::error_code EC);

  std::vector<std::string> Ignore;
  mutable std::mutex Mutex;
  llvm::StringMap<FileDep> Seen;
  bool Broken = false;
};

/// The current state of paths, computed once per path and run (stat, hash,
/// listing). Thread-safe.
class DepVerifier {
public:
  /// True if \p D still describes the file system.
  bool matches(const FileDep &D);
  /// Current contents of a regular file (for checks beyond the hash).
  bool read(const std::string &Path, std::string &Data);

private:
  struct State {
    FileDep::Kind K = FileDep::Missing;
    bool Error = false; // stat failed other than "no such file"
    std::string Stamp;
    bool Hashed = false, Listed = false;
    std::string Hash, Listing;
  };
  State &state(const std::string &Path); // Mutex held.

  std::mutex Mutex;
  llvm::StringMap<State> States;
};

/// Hash of the sorted names in a directory, or "" if it cannot be listed.
std::string listingHash(const std::string &Dir);

} // namespace incremental
} // namespace skgen

#endif
