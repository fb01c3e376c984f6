//===- FileDeps.cpp - What a parse read from the file system --------------===//
#include "Incremental/FileDeps.h"
#include "Basic/InputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Errc.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cstdio>
#include <ctime>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/stat.h>
#define SKGEN_HAVE_STAT 1
#endif

namespace skgen {
namespace incremental {

std::string contentHash(llvm::StringRef Data) {
  char Buf[17];
  snprintf(Buf, sizeof(Buf), "%016llx",
           static_cast<unsigned long long>(llvm::xxHash64(Data)));
  return Buf;
}

std::string statStamp(const std::string &Path) {
#ifdef SKGEN_HAVE_STAT
  // ::stat, not llvm::sys::fs::status: file_status has no ctime, and the
  // ctime is what moves on an edit whose mtime was put back (touch -r), as
  // in git's index.
  struct stat St;
  if (::stat(Path.c_str(), &St) != 0 || !S_ISREG(St.st_mode))
    return "";
#if defined(__APPLE__)
  const struct timespec &M = St.st_mtimespec, &C = St.st_ctimespec;
#else
  const struct timespec &M = St.st_mtim, &C = St.st_ctim;
#endif
  struct timespec Now;
  clock_gettime(CLOCK_REALTIME, &Now);
  // Timestamps are taken from a coarse clock: a change in the same tick as
  // the recorded one would leave them equal. Trust only settled files.
  if (std::max(M.tv_sec, C.tv_sec) + 2 >= Now.tv_sec)
    return "";
  char Buf[160];
  snprintf(
      Buf, sizeof(Buf), "%llx.%llx.%lx.%llx.%lx.%llx.%llx",
      static_cast<unsigned long long>(St.st_size),
      static_cast<unsigned long long>(M.tv_sec), static_cast<long>(M.tv_nsec),
      static_cast<unsigned long long>(C.tv_sec), static_cast<long>(C.tv_nsec),
      static_cast<unsigned long long>(St.st_ino),
      static_cast<unsigned long long>(St.st_dev));
  return Buf;
#else
  return "";
#endif
}

std::string listingHash(const std::string &Dir) {
  std::error_code EC;
  std::vector<std::string> Names;
  for (llvm::sys::fs::directory_iterator I(Dir, EC), E; I != E && !EC;
       I.increment(EC))
    Names.push_back(llvm::sys::path::filename(I->path()).str());
  if (EC)
    return "";
  std::sort(Names.begin(), Names.end());
  std::string All;
  for (const std::string &N : Names)
    All += N + '\0';
  return contentHash(All);
}

//===----------------------------------------------------------------------===//
// Recording
//===----------------------------------------------------------------------===//

namespace {

/// Reports its contents to the file system that opened it when read.
class RecordingFile : public llvm::vfs::File {
public:
  RecordingFile(std::unique_ptr<llvm::vfs::File> F,
                llvm::IntrusiveRefCntPtr<RecordingFileSystem> FS,
                std::string Path, std::string Stamp)
      : F(std::move(F)), FS(std::move(FS)), Path(std::move(Path)),
        Stamp(std::move(Stamp)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return F->status(); }
  llvm::ErrorOr<std::string> getName() override { return F->getName(); }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>>
  getBuffer(const llvm::Twine &Name, int64_t FileSize,
            bool RequiresNullTerminator, bool IsVolatile) override {
    auto B = F->getBuffer(Name, FileSize, RequiresNullTerminator, IsVolatile);
    if (B)
      FS->noteRead(Path, (*B)->getBuffer(), Stamp);
    return B;
  }
  std::error_code close() override { return F->close(); }

private:
  std::unique_ptr<llvm::vfs::File> F;
  llvm::IntrusiveRefCntPtr<RecordingFileSystem> FS;
  std::string Path, Stamp;
};

FileDep::Kind kindOf(const llvm::vfs::Status &S) {
  if (S.isDirectory())
    return FileDep::Dir;
  if (S.isRegularFile())
    return FileDep::File;
  return FileDep::Other;
}

bool isNotFound(std::error_code EC) {
  return EC == llvm::errc::no_such_file_or_directory ||
         EC == llvm::errc::not_a_directory;
}

} // namespace

RecordingFileSystem::RecordingFileSystem(
    llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS,
    std::vector<std::string> Ignore)
    : ProxyFileSystem(std::move(FS)), Ignore(std::move(Ignore)) {}

std::string RecordingFileSystem::absolute(const llvm::Twine &Path) {
  llvm::SmallString<256> P;
  Path.toVector(P);
  getUnderlyingFS().makeAbsolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/false);
  return std::string(P);
}

void RecordingFileSystem::note(const std::string &Path, FileDep::Kind K) {
  if (llvm::is_contained(Ignore, Path))
    return;
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Ins = Seen.try_emplace(Path);
  FileDep &D = Ins.first->second;
  if (Ins.second) {
    D.Path = Path;
    D.K = K;
  } else if (D.K != K) {
    Broken = true; // Changed under our feet.
  }
}

void RecordingFileSystem::noteError(const std::string &Path,
                                    std::error_code EC) {
  if (isNotFound(EC)) {
    note(Path, FileDep::Missing);
    return;
  }
  if (llvm::is_contained(Ignore, Path))
    return;
  std::lock_guard<std::mutex> Lock(Mutex);
  Broken = true;
}

void RecordingFileSystem::noteRead(const std::string &Path,
                                   llvm::StringRef Data,
                                   const std::string &Stamp) {
  if (llvm::is_contained(Ignore, Path))
    return;
  std::string H = contentHash(Data);
  std::lock_guard<std::mutex> Lock(Mutex);
  FileDep &D = Seen[Path];
  D.Path = Path;
  if (D.K != FileDep::File || (!D.Hash.empty() && D.Hash != H)) {
    Broken = true;
    return;
  }
  D.Hash = H;
  D.Stamp = Stamp;
}

llvm::ErrorOr<llvm::vfs::Status>
RecordingFileSystem::status(const llvm::Twine &Path) {
  std::string P = absolute(Path);
  auto S = ProxyFileSystem::status(Path);
  if (S)
    note(P, kindOf(*S));
  else
    noteError(P, S.getError());
  return S;
}

llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>>
RecordingFileSystem::openFileForRead(const llvm::Twine &Path) {
  std::string P = absolute(Path);
  // Fingerprint before reading: a change after it changes the inode's ctime.
  std::string Stamp = statStamp(P);
  auto F = ProxyFileSystem::openFileForRead(Path);
  if (!F) {
    noteError(P, F.getError());
    return F;
  }
  auto S = (*F)->status();
  if (!S) {
    noteError(P, S.getError());
    return F;
  }
  note(P, kindOf(*S));
  if (llvm::is_contained(Ignore, P))
    return F;
  return std::unique_ptr<llvm::vfs::File>(std::make_unique<RecordingFile>(
      std::move(*F), llvm::IntrusiveRefCntPtr<RecordingFileSystem>(this), P,
      Stamp));
}

llvm::vfs::directory_iterator
RecordingFileSystem::dir_begin(const llvm::Twine &Dir, std::error_code &EC) {
  std::string P = absolute(Dir);
  auto It = ProxyFileSystem::dir_begin(Dir, EC);
  if (EC) {
    noteError(P, EC);
    return It;
  }
  if (llvm::is_contained(Ignore, P))
    return It;
  std::string H = listingHash(P);
  std::lock_guard<std::mutex> Lock(Mutex);
  FileDep &D = Seen[P];
  if (D.Path.empty()) {
    D.Path = P;
    D.K = FileDep::Dir;
  }
  if (D.K != FileDep::Dir || H.empty() || (!D.Hash.empty() && D.Hash != H))
    Broken = true;
  D.Hash = H;
  return It;
}

bool RecordingFileSystem::deps(std::vector<FileDep> &Out) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  Out.clear();
  for (const auto &E : Seen)
    Out.push_back(E.second);
  std::sort(Out.begin(), Out.end(),
            [](const FileDep &A, const FileDep &B) { return A.Path < B.Path; });
  return !Broken;
}

//===----------------------------------------------------------------------===//
// Verification
//===----------------------------------------------------------------------===//

DepVerifier::State &DepVerifier::state(const std::string &Path) {
  auto Ins = States.try_emplace(Path);
  State &S = Ins.first->second;
  if (!Ins.second)
    return S;
  llvm::sys::fs::file_status St;
  std::error_code EC = llvm::sys::fs::status(Path, St);
  if (EC) {
    if (isNotFound(EC))
      S.K = FileDep::Missing;
    else
      S.Error = true;
    return S;
  }
  if (llvm::sys::fs::is_directory(St)) {
    S.K = FileDep::Dir;
  } else if (llvm::sys::fs::is_regular_file(St)) {
    S.K = FileDep::File;
    S.Stamp = statStamp(Path);
  } else {
    S.K = FileDep::Other;
  }
  return S;
}

bool DepVerifier::read(const std::string &Path, std::string &Data) {
  std::string Error;
  std::unique_ptr<llvm::MemoryBuffer> B =
      readRegularFile(Path, MaxSourceFileBytes, Error);
  if (!B)
    return false;
  Data = B->getBuffer().str();
  return true;
}

bool DepVerifier::matches(const FileDep &D) {
  std::unique_lock<std::mutex> Lock(Mutex);
  State &S = state(D.Path);
  if (S.Error || S.K != D.K)
    return false;
  if (D.Hash.empty())
    return true;
  if (D.K == FileDep::File) {
    if (!D.Stamp.empty() && D.Stamp == S.Stamp)
      return true;
    if (!S.Hashed) {
      Lock.unlock(); // Hash without blocking the other threads.
      std::string H;
      std::string Error;
      if (std::unique_ptr<llvm::MemoryBuffer> B =
              readRegularFile(D.Path, MaxSourceFileBytes, Error))
        H = contentHash(B->getBuffer());
      Lock.lock();
      State &S2 = state(D.Path);
      S2.Hashed = true;
      S2.Hash = H;
      return !H.empty() && H == D.Hash;
    }
    return !S.Hash.empty() && S.Hash == D.Hash;
  }
  if (D.K == FileDep::Dir) {
    if (!S.Listed) {
      Lock.unlock();
      std::string H = listingHash(D.Path);
      Lock.lock();
      State &S2 = state(D.Path);
      S2.Listed = true;
      S2.Listing = H;
      return !H.empty() && H == D.Hash;
    }
    return !S.Listing.empty() && S.Listing == D.Hash;
  }
  return true;
}

} // namespace incremental
} // namespace skgen
