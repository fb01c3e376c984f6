//===- FileOps.cpp - File system primitives of the commit -----------------===//
#include "Rewrite/FileOps.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Errc.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fcntl.h>
#include <pthread.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

#ifdef __linux__
#include <sys/syscall.h>
#include <sys/xattr.h>
#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
#endif

namespace skgen {
namespace rewrite {
namespace fileops {

namespace fs = llvm::sys::fs;

std::error_code lastError() {
  return std::error_code(errno, std::generic_category());
}

std::error_code readAll(int FD, std::string &Out) {
  Out.clear();
  char Buf[1 << 16];
  off_t Off = 0;
  while (true) {
    ssize_t N = ::pread(FD, Buf, sizeof(Buf), Off);
    if (N < 0) {
      if (errno == EINTR)
        continue;
      return lastError();
    }
    if (N == 0)
      return {};
    Out.append(Buf, size_t(N));
    Off += N;
  }
}

std::error_code readFile(const std::string &Path, std::string &Out) {
  int FD = ::open(Path.c_str(), O_RDONLY | O_CLOEXEC);
  if (FD < 0)
    return lastError();
  std::error_code EC = readAll(FD, Out);
  ::close(FD);
  return EC;
}

std::error_code overwrite(int FD, llvm::StringRef Data) {
  size_t Done = 0;
  while (Done < Data.size()) {
    ssize_t N =
        ::pwrite(FD, Data.data() + Done, Data.size() - Done, off_t(Done));
    if (N < 0) {
      if (errno == EINTR)
        continue;
      return lastError();
    }
    Done += size_t(N);
  }
  if (::ftruncate(FD, off_t(Data.size())) != 0)
    return lastError();
  return {};
}

std::error_code syncFile(int FD) {
  while (::fsync(FD) != 0)
    if (errno != EINTR)
      return lastError();
  return {};
}

std::error_code syncDirectory(const std::string &Dir) {
  int FD = ::open(Dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (FD < 0)
    return lastError();
  std::error_code EC = syncFile(FD);
  // Some file systems cannot sync a directory; that is not a write error.
  if (EC == std::errc::invalid_argument)
    EC = {};
  ::close(FD);
  return EC;
}

std::string parentDir(const std::string &Path) {
  llvm::StringRef P = llvm::sys::path::parent_path(Path);
  return P.empty() ? "." : P.str();
}

static void fromStat(const struct stat &S, FileMeta &M) {
  M.Mode = S.st_mode;
  M.Uid = S.st_uid;
  M.Gid = S.st_gid;
  M.Dev = S.st_dev;
  M.Ino = S.st_ino;
  M.Nlink = S.st_nlink;
}

std::error_code statFD(int FD, FileMeta &M) {
  struct stat S;
  if (::fstat(FD, &S) != 0)
    return lastError();
  fromStat(S, M);
  return {};
}

std::error_code statPath(const std::string &Path, FileMeta &M) {
  struct stat S;
  if (::stat(Path.c_str(), &S) != 0)
    return lastError();
  fromStat(S, M);
  return {};
}

std::error_code lstatPath(const std::string &Path, FileMeta &M) {
  struct stat S;
  if (::lstat(Path.c_str(), &S) != 0)
    return lastError();
  fromStat(S, M);
  return {};
}

#ifdef __linux__
static int renameat2Call(const std::string &From, const std::string &To,
                         unsigned Flags) {
  return int(::syscall(SYS_renameat2, AT_FDCWD, From.c_str(), AT_FDCWD,
                       To.c_str(), Flags));
}
#endif

std::error_code exchange(const std::string &A, const std::string &B) {
#ifdef __linux__
  if (renameat2Call(A, B, RENAME_EXCHANGE) == 0)
    return {};
  if (errno == EINVAL || errno == ENOSYS || errno == ENOTSUP)
    return std::make_error_code(std::errc::not_supported);
  return lastError();
#else
  return std::make_error_code(std::errc::not_supported);
#endif
}

std::error_code renameNoReplace(const std::string &From,
                                const std::string &To) {
#ifdef __linux__
  if (renameat2Call(From, To, RENAME_NOREPLACE) == 0)
    return {};
  if (errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
    return lastError();
#endif
  // link() never replaces either.
  if (::link(From.c_str(), To.c_str()) != 0)
    return lastError();
  ::unlink(From.c_str());
  return {};
}

std::error_code copyXattrs(int FromFD, int ToFD) {
#ifdef __linux__
  ssize_t Len = ::flistxattr(FromFD, nullptr, 0);
  if (Len < 0)
    return errno == ENOTSUP ? std::error_code() : lastError();
  std::string Names(size_t(Len), '\0');
  Len = ::flistxattr(FromFD, &Names[0], Names.size());
  if (Len < 0)
    return lastError();
  Names.resize(size_t(Len));
  llvm::SmallVector<llvm::StringRef, 8> List;
  llvm::StringRef(Names).split(List, '\0', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Name : List) {
    std::string N = Name.str();
    ssize_t VLen = ::fgetxattr(FromFD, N.c_str(), nullptr, 0);
    if (VLen < 0)
      return lastError();
    std::string Value(size_t(VLen), '\0');
    VLen = ::fgetxattr(FromFD, N.c_str(), &Value[0], Value.size());
    if (VLen < 0)
      return lastError();
    if (::fsetxattr(ToFD, N.c_str(), Value.data(), size_t(VLen), 0) != 0)
      return lastError();
  }
#endif
  (void)FromFD;
  (void)ToFD;
  return {};
}

void raiseOpenFileLimit() {
  struct rlimit L;
  if (::getrlimit(RLIMIT_NOFILE, &L) == 0 && L.rlim_cur < L.rlim_max) {
    L.rlim_cur = L.rlim_max;
    ::setrlimit(RLIMIT_NOFILE, &L);
  }
}

/// The signals whose default action ends the process and that arrive
/// asynchronously (not faults of skgen's own code, not stop/continue).
static sigset_t terminatingSignals() {
  sigset_t S;
  sigemptyset(&S);
  for (int Sig : {SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1,
                  SIGUSR2, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF
#ifdef SIGPOLL
                  ,
                  SIGPOLL
#endif
#ifdef SIGPWR
                  ,
                  SIGPWR
#endif
       })
    sigaddset(&S, Sig);
  return S;
}

CommitSignalGuard::CommitSignalGuard() {
  sigset_t Block = terminatingSignals();
  pthread_sigmask(SIG_BLOCK, &Block, &Old);
  struct sigaction Ign = {};
  Ign.sa_handler = SIG_IGN;
  sigemptyset(&Ign.sa_mask);
  sigaction(SIGXFSZ, &Ign, &OldXfsz);
}

CommitSignalGuard::~CommitSignalGuard() {
  sigaction(SIGXFSZ, &OldXfsz, nullptr);
  pthread_sigmask(SIG_SETMASK, &Old, nullptr);
}

int CommitSignalGuard::pendingSignal() const {
  sigset_t P;
  sigemptyset(&P);
  if (sigpending(&P) != 0)
    return 0;
  sigset_t T = terminatingSignals();
  for (int Sig = 1; Sig < NSIG; ++Sig)
    if (Sig != SIGXFSZ && sigismember(&T, Sig) == 1 &&
        sigismember(&P, Sig) == 1 && sigismember(&Old, Sig) != 1)
      return Sig;
  return 0;
}

IgnoreFileSizeSignal::IgnoreFileSizeSignal() {
  struct sigaction Ign = {};
  Ign.sa_handler = SIG_IGN;
  sigemptyset(&Ign.sa_mask);
  sigaction(SIGXFSZ, &Ign, &Old);
}

IgnoreFileSizeSignal::~IgnoreFileSizeSignal() {
  sigaction(SIGXFSZ, &Old, nullptr);
}

void testPause(llvm::StringRef Stage) {
  const char *Env = std::getenv("SKGEN_TEST_PAUSE");
  if (!Env || !*Env)
    return;
  llvm::SmallVector<llvm::StringRef, 4> Items;
  llvm::StringRef(Env).split(Items, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Item : Items) {
    auto [S, File] = Item.split(':');
    if (S != Stage || File.empty())
      continue;
    std::string F = File.str();
    int FD = ::open(F.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (FD < 0)
      return;
    std::string Line = Stage.str() + " " + std::to_string(::getpid()) + "\n";
    (void)::write(FD, Line.data(), Line.size());
    ::close(FD);
    auto Deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (::access(F.c_str(), F_OK) == 0 &&
           std::chrono::steady_clock::now() < Deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    return;
  }
}

llvm::Error writeFileAtomically(const std::string &Path,
                                llvm::StringRef Content) {
  IgnoreFileSizeSignal NoXfsz;
  auto Fail = [&](std::error_code EC) {
    return llvm::createStringError(EC, "cannot write '%s': %s", Path.c_str(),
                                   EC.message().c_str());
  };
  std::string Target = Path;
  llvm::SmallString<256> Real;
  if (!fs::real_path(Path, Real))
    Target = std::string(Real);
  FileMeta Old;
  bool Exists = !statPath(Target, Old);
  if (Exists && !S_ISREG(Old.Mode)) {
    // A device or a FIFO: no rename could replace it; write it directly.
    int FD = ::open(Target.c_str(), O_WRONLY | O_CLOEXEC);
    if (FD < 0)
      return Fail(lastError());
    std::error_code EC;
    size_t Done = 0;
    while (!EC && Done < Content.size()) {
      ssize_t N = ::write(FD, Content.data() + Done, Content.size() - Done);
      if (N < 0 && errno != EINTR)
        EC = lastError();
      else if (N > 0)
        Done += size_t(N);
    }
    if (::close(FD) != 0 && !EC)
      EC = lastError();
    return EC ? Fail(EC) : llvm::Error::success();
  }
  // llvm::sys::fs::TempFile removes the temporary on SIGINT/SIGTERM/...
  llvm::Expected<fs::TempFile> Tmp =
      fs::TempFile::create(Target + ".skgen-%%%%%%.tmp");
  if (!Tmp)
    return Fail(llvm::errorToErrorCode(Tmp.takeError()));
  std::error_code EC = overwrite(Tmp->FD, Content);
  if (!EC && Exists)
    EC = fs::setPermissions(Tmp->FD, fs::perms(Old.Mode & 07777));
  if (!EC)
    EC = syncFile(Tmp->FD);
  if (EC) {
    llvm::consumeError(Tmp->discard());
    return Fail(EC);
  }
  if (llvm::Error E = Tmp->keep(Target)) {
    std::error_code KeepEC = llvm::errorToErrorCode(std::move(E));
    llvm::consumeError(Tmp->discard());
    return Fail(KeepEC);
  }
  if ((EC = syncDirectory(parentDir(Target))))
    return Fail(EC);
  return llvm::Error::success();
}

} // namespace fileops
} // namespace rewrite
} // namespace skgen
