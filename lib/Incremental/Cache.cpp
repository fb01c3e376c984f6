//===- Cache.cpp - Persistent facts per translation unit ------------------===//
#include "Incremental/Cache.h"
#include "Basic/InputFile.h"
#include "Basic/Path.h"
#include "Facts/FactsBinding.h"
#include "Facts/FactsFile.h"
#include "Incremental/Prefilter.h"

#include "clang/Basic/Version.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

#if defined(__unix__) || defined(__APPLE__)
#include <dlfcn.h>
#define SKGEN_HAVE_DLADDR 1
#endif

namespace skgen {
namespace incremental {

namespace {
const char Magic[] = "skgen-facts-cache 2\n";
const char MacrosMagic[] = "skgen-macros 1\n";
const char PchMagic[] = "skgen-pch 1\n";
const char PayloadMagic[] = "skgen-payload 1\n";

// Environment variables the Clang driver reads that change a parse, besides
// the include paths (includePathVariables()): SDK, tool search, targets,
// configuration files, and the MSVC toolchain's include directories.
const char *const OtherDriverEnv[] = {"SDKROOT",
                                      "COMPILER_PATH",
                                      "CCC_OVERRIDE_OPTIONS",
                                      "CLANG_NO_DEFAULT_CONFIG",
                                      "SOURCE_DATE_EPOCH",
                                      "MACOSX_DEPLOYMENT_TARGET",
                                      "IPHONEOS_DEPLOYMENT_TARGET",
                                      "TVOS_DEPLOYMENT_TARGET",
                                      "WATCHOS_DEPLOYMENT_TARGET",
                                      "XROS_DEPLOYMENT_TARGET",
                                      "DRIVERKIT_DEPLOYMENT_TARGET",
                                      "INCLUDE",
                                      "EXTERNAL_INCLUDE"};

void field(std::string &Out, llvm::StringRef Name, llvm::StringRef Value) {
  Out += Name;
  Out += ' ';
  Out += std::to_string(Value.size());
  Out += ':';
  Out += Value;
  Out += '\n';
}

/// A cursor over an entry's text; every read checks what it expects.
struct Reader {
  llvm::StringRef S;
  bool Ok = true;
  llvm::StringRef line() {
    size_t N = S.find('\n');
    if (N == llvm::StringRef::npos) {
      Ok = false;
      return "";
    }
    llvm::StringRef L = S.take_front(N);
    S = S.drop_front(N + 1);
    return L;
  }
  /// `<Word> <value>` on one line.
  llvm::StringRef word(llvm::StringRef Word) {
    llvm::StringRef L = line();
    if (!L.consume_front(Word) || !L.consume_front(" "))
      Ok = false;
    return L;
  }
  unsigned number(llvm::StringRef Word) {
    unsigned N = 0;
    if (word(Word).getAsInteger(10, N))
      Ok = false;
    return N;
  }
  /// `<Word> <n>` then n bytes and a newline.
  llvm::StringRef blob(llvm::StringRef Word) {
    unsigned N = number(Word);
    if (!Ok || S.size() < size_t(N) + 1 || S[N] != '\n') {
      Ok = false;
      return "";
    }
    llvm::StringRef B = S.take_front(N);
    S = S.drop_front(N + 1);
    return B;
  }
};

bool isHex(llvm::StringRef S) {
  return !S.empty() && llvm::all_of(S, llvm::isHexDigit);
}

bool writeDeps(std::string &Out, const std::vector<FileDep> &Deps) {
  Out += "deps " + std::to_string(Deps.size()) + "\n";
  for (const FileDep &D : Deps) {
    if (D.Path.find('\n') != std::string::npos)
      return false;
    Out += char(D.K);
    Out += ' ';
    Out += D.Hash.empty() ? "-" : D.Hash;
    Out += ' ';
    Out += D.Stamp.empty() ? "-" : D.Stamp;
    Out += ' ';
    Out += D.Path;
    Out += '\n';
  }
  return true;
}

bool readDeps(Reader &R, std::vector<FileDep> &Deps) {
  unsigned NDeps = R.number("deps");
  if (!R.Ok)
    return false;
  Deps.clear();
  for (unsigned I = 0; I < NDeps; ++I) {
    llvm::StringRef L = R.line();
    if (!R.Ok || L.size() < 7 || L[1] != ' ')
      return false;
    FileDep D;
    char K = L[0];
    if (K != FileDep::Missing && K != FileDep::File && K != FileDep::Dir &&
        K != FileDep::Other)
      return false;
    D.K = FileDep::Kind(K);
    llvm::StringRef Hash, Stamp, Path;
    std::tie(Hash, L) = L.drop_front(2).split(' ');
    std::tie(Stamp, Path) = L.split(' ');
    if (Path.empty() || !llvm::sys::path::is_absolute(Path) ||
        (Hash != "-" && !isHex(Hash)) || Stamp.empty())
      return false;
    D.Hash = Hash == "-" ? "" : Hash.str();
    D.Stamp = Stamp == "-" ? "" : Stamp.str();
    D.Path = Path.str();
    Deps.push_back(std::move(D));
  }
  return true;
}

/// A dependency's path as facts spell it (without `.` and `..`).
std::string normalized(llvm::StringRef Path) { return normalizedPath(Path); }

/// Splits off and checks the trailing `end <checksum>` line.
bool checkSum(llvm::StringRef Text, llvm::StringRef &Body) {
  Body = Text;
  if (!Body.consume_back("\n"))
    return false;
  size_t EndLine = Body.rfind('\n');
  if (EndLine == llvm::StringRef::npos)
    return false;
  llvm::StringRef Sum = Body.substr(EndLine + 1);
  Body = Text.take_front(EndLine + 1);
  return Sum.consume_front("end ") && Sum == contentHash(Body);
}

} // namespace

//===----------------------------------------------------------------------===//
// Entry text
//===----------------------------------------------------------------------===//

std::string serializeEntry(const std::string &Key, const CacheEntry &E) {
  std::string Facts;
  try {
    Facts = nlohmann::json(E.Facts).dump();
  } catch (const nlohmann::json::exception &) {
    return ""; // Not representable (e.g. invalid UTF-8): do not cache.
  }
  std::string Out = Magic;
  Out += "key " + std::to_string(Key.size()) + "\n" + Key + "\n";
  Out +=
      "macros " + (E.MacrosId.empty() ? std::string("-") : E.MacrosId) + "\n";
  if (!writeDeps(Out, E.Deps))
    return "";
  Out += "outlines " + std::to_string(E.Outlines.size()) + "\n";
  for (const FileOutline &O : E.Outlines) {
    if (O.Path.find('\n') != std::string::npos)
      return "";
    Out += "outline " + std::to_string(O.Lexer) + " " + O.Hash + " " +
           std::to_string(O.Bodies.size()) + " " + O.Path + "\n";
    for (const OutlineBody &B : O.Bodies)
      Out += std::to_string(B.Begin) + " " + std::to_string(B.End) + " " +
             std::to_string(B.BeginLine) + " " + std::to_string(B.BeginCol) +
             " " + std::to_string(B.EndLine) + " " + std::to_string(B.EndCol) +
             "\n";
  }
  Out += "facts " + std::to_string(Facts.size()) + "\n" + Facts + "\n";
  Out += "end " + contentHash(Out) + "\n";
  return Out;
}

bool parseEntry(llvm::StringRef Text, const std::string &Key, CacheEntry &E) {
  // Checksum first: a torn or edited entry fails here.
  llvm::StringRef Body;
  if (!checkSum(Text, Body))
    return false;

  Reader R{Body};
  if (R.line() != llvm::StringRef(Magic).drop_back() || !R.Ok)
    return false;
  if (R.blob("key") != Key || !R.Ok)
    return false;
  llvm::StringRef Macros = R.word("macros");
  if (!R.Ok || (Macros != "-" && !isHex(Macros)))
    return false;
  E.MacrosId = Macros == "-" ? "" : Macros.str();

  if (!readDeps(R, E.Deps))
    return false;

  unsigned NOut = R.number("outlines");
  if (!R.Ok)
    return false;
  E.Outlines.clear();
  for (unsigned I = 0; I < NOut; ++I) {
    llvm::SmallVector<llvm::StringRef, 4> F;
    llvm::StringRef L = R.word("outline");
    L.split(F, ' ', /*MaxSplit=*/3);
    FileOutline O;
    unsigned NB = 0;
    if (!R.Ok || F.size() != 4 || F[0].getAsInteger(10, O.Lexer) ||
        !isHex(F[1]) || F[2].getAsInteger(10, NB) ||
        !llvm::sys::path::is_absolute(F[3]))
      return false;
    O.Hash = F[1].str();
    O.Path = F[3].str();
    unsigned Prev = 0;
    for (unsigned J = 0; J < NB; ++J) {
      llvm::SmallVector<llvm::StringRef, 6> N;
      R.line().split(N, ' ');
      OutlineBody B;
      if (!R.Ok || N.size() != 6 || N[0].getAsInteger(10, B.Begin) ||
          N[1].getAsInteger(10, B.End) || N[2].getAsInteger(10, B.BeginLine) ||
          N[3].getAsInteger(10, B.BeginCol) ||
          N[4].getAsInteger(10, B.EndLine) || N[5].getAsInteger(10, B.EndCol) ||
          B.Begin < Prev || B.End < B.Begin || B.BeginLine == 0 ||
          B.EndLine < B.BeginLine)
        return false;
      Prev = B.End;
      O.Bodies.push_back(B);
    }
    E.Outlines.push_back(std::move(O));
  }

  llvm::StringRef Facts = R.blob("facts");
  if (!R.Ok || !R.S.empty())
    return false;
  // A cache entry on disk is untrusted input like a --facts file.
  std::vector<TUFacts> Read;
  std::vector<Diagnostic> Ignored;
  if (Facts.empty() || Facts.front() != '{' ||
      !parseFacts(Facts, "cache entry", Read, Ignored) || Read.size() != 1)
    return false;
  E.Facts = std::move(Read.front());
  return true;
}

std::unique_ptr<llvm::MemoryBuffer> readCacheFile(const std::string &Path,
                                                  uint64_t MaxBytes) {
  std::string Ignored;
  return readRegularFile(Path, MaxBytes, Ignored);
}

std::string serializePchMeta(const std::string &Key, const PchMeta &M) {
  std::string Out = PchMagic;
  Out += "key " + std::to_string(Key.size()) + "\n" + Key + "\n";
  Out +=
      "pch " +
      (M.PchFile.empty() ? std::string("- -") : M.PchFile + " " + M.PchHash) +
      "\n";
  Out +=
      "macros " + (M.MacrosId.empty() ? std::string("-") : M.MacrosId) + "\n";
  if (!writeDeps(Out, M.Deps))
    return "";
  Out += "end " + contentHash(Out) + "\n";
  return Out;
}

bool parsePchMeta(llvm::StringRef Text, const std::string &Key, PchMeta &M) {
  llvm::StringRef Body;
  if (!checkSum(Text, Body))
    return false;
  Reader R{Body};
  if (R.line() != llvm::StringRef(PchMagic).drop_back() || !R.Ok ||
      R.blob("key") != Key || !R.Ok)
    return false;
  llvm::StringRef Pch, PchHash;
  std::tie(Pch, PchHash) = R.word("pch").split(' ');
  llvm::StringRef Macros = R.word("macros");
  if (!R.Ok || Pch.empty() || Pch.contains('/') ||
      (Pch == "-") != (PchHash == "-") || (Pch != "-" && !isHex(PchHash)) ||
      (Macros != "-" && !isHex(Macros)))
    return false;
  M.PchFile = Pch == "-" ? "" : Pch.str();
  M.PchHash = Pch == "-" ? "" : PchHash.str();
  M.MacrosId = Macros == "-" ? "" : Macros.str();
  return readDeps(R, M.Deps) && R.S.empty();
}

//===----------------------------------------------------------------------===//
// The cache
//===----------------------------------------------------------------------===//

std::string skgenBuildId() {
  static const std::string Id = [] {
    std::string Exe = llvm::sys::fs::getMainExecutable(
        nullptr, reinterpret_cast<void *>(&skgenBuildId));
    std::string H = "?";
    if (auto B = llvm::MemoryBuffer::getFile(Exe, /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false))
      H = contentHash((*B)->getBuffer());
    std::string Id = "skgen exe=" + H + " " + clang::getClangFullVersion();
#ifdef SKGEN_HAVE_DLADDR
    // The shared Clang and LLVM libraries: a package update replaces them
    // (new inode and times) even when the version string stays.
    for (void *Sym :
         {reinterpret_cast<void *>(&clang::getClangFullVersion),
          reinterpret_cast<void *>(&llvm::sys::fs::getMainExecutable)}) {
      Dl_info Info;
      if (dladdr(Sym, &Info) && Info.dli_fname)
        Id += std::string(" lib=") + Info.dli_fname + ":" +
              statStamp(Info.dli_fname);
    }
#endif
    return Id;
  }();
  return Id;
}

std::string defaultCacheDir(const std::string &BuildDir) {
  llvm::SmallString<256> P;
  if (!BuildDir.empty()) {
    P = BuildDir;
    llvm::sys::path::append(P, ".skgen-cache");
    return std::string(P);
  }
  // Relative or empty values are ignored (XDG Base Directory): a cache is
  // never put in the working directory, which may be the source tree.
  if (auto X = llvm::sys::Process::GetEnv("XDG_CACHE_HOME")) {
    if (llvm::sys::path::is_absolute(*X)) {
      P = *X;
      llvm::sys::path::append(P, "skgen");
      return std::string(P);
    }
  }
  // home_directory: $HOME, or the user database when HOME is unset.
  if (!llvm::sys::path::home_directory(P) || !llvm::sys::path::is_absolute(P))
    return "";
  llvm::sys::path::append(P, ".cache", "skgen");
  return std::string(P);
}

FactsCache::FactsCache(std::string Dir, std::string ToolId)
    : Dir(std::move(Dir)), ToolId(std::move(ToolId)) {}

std::string FactsCache::key(const std::string &Directory,
                            const std::string &MainFile,
                            const std::vector<std::string> &CommandLine,
                            llvm::StringRef Kind) const {
  std::string K = Magic;
  if (!Kind.empty())
    field(K, "kind", Kind);
  field(K, "tool", ToolId);
  field(K, "dir", Directory);
  field(K, "file", MainFile);
  for (const std::string &A : CommandLine)
    field(K, "arg", A);
  // Set-but-empty and unset are different keys (the driver may tell them
  // apart); a changed value is a different key.
  auto Env = [&](const char *V) {
    if (auto Val = llvm::sys::Process::GetEnv(V))
      field(K, V, *Val);
  };
  for (const char *V : includePathVariables())
    Env(V);
  for (const char *V : OtherDriverEnv)
    Env(V);
  return K;
}

std::string FactsCache::entryPath(const std::string &Key,
                                  llvm::StringRef Kind) const {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, Kind, contentHash(Key));
  return std::string(P);
}

bool FactsCache::writeAtomically(const std::string &Path, llvm::StringRef Data,
                                 std::error_code *EC) {
  std::error_code Ignored;
  std::error_code &E = EC ? *EC : Ignored;
  llvm::StringRef Parent = llvm::sys::path::parent_path(Path);
  if ((E = llvm::sys::fs::create_directories(Parent)))
    return false;
  llvm::SmallString<256> Model(Parent);
  llvm::sys::path::append(Model, "tmp-%%%%%%%%%%%%");
  int FD;
  llvm::SmallString<256> Tmp;
  if ((E = llvm::sys::fs::createUniqueFile(Model, FD, Tmp)))
    return false;
  {
    // Errors (ENOSPC) are read and cleared here: a stream destroyed with an
    // error is a fatal "IO failure on output stream".
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Data;
    OS.close();
    if (OS.has_error()) {
      E = OS.error();
      OS.clear_error();
      llvm::sys::fs::remove(Tmp);
      return false;
    }
  }
  if ((E = llvm::sys::fs::rename(Tmp, Path))) {
    llvm::sys::fs::remove(Tmp);
    return false;
  }
  return true;
}

bool FactsCache::write(const std::string &Path, llvm::StringRef Data) {
  std::error_code EC;
  if (writeAtomically(Path, Data, &EC))
    return true;
  std::lock_guard<std::mutex> Lock(WriteErrorLock);
  if (WriteError.empty())
    WriteError = "'" + Path + "': " + EC.message();
  return false;
}

std::string FactsCache::writeError() const {
  std::lock_guard<std::mutex> Lock(WriteErrorLock);
  return WriteError;
}

std::string FactsCache::storeMacros(const std::vector<uint64_t> &Sorted) {
  std::string Bytes;
  Bytes.reserve(Sorted.size() * 8);
  for (uint64_t H : Sorted)
    for (int I = 0; I < 8; ++I)
      Bytes += char((H >> (8 * I)) & 0xff);
  std::string Id = contentHash(Bytes);
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, "macros", Id);
  if (!llvm::sys::fs::exists(P) && !write(std::string(P), MacrosMagic + Bytes))
    return "";
  return Id;
}

bool FactsCache::loadMacros(const std::string &Id, NameSet &Out) {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, "macros", Id);
  std::unique_ptr<llvm::MemoryBuffer> B = readCacheFile(std::string(P));
  if (!B)
    return false;
  llvm::StringRef S = B->getBuffer();
  if (!S.consume_front(MacrosMagic) || S.size() % 8 || contentHash(S) != Id)
    return false;
  Out.clear();
  for (size_t I = 0; I < S.size(); I += 8) {
    uint64_t H = 0;
    for (int J = 0; J < 8; ++J)
      H |= uint64_t(static_cast<unsigned char>(S[I + J])) << (8 * J);
    Out.push_back(H);
  }
  return std::is_sorted(Out.begin(), Out.end());
}

bool FactsCache::lookup(const std::string &Key, TUFacts &Out,
                        std::vector<std::string> *Inputs) {
  std::unique_ptr<llvm::MemoryBuffer> Buf = readCacheFile(entryPath(Key));
  CacheEntry E;
  if (!Buf || !parseEntry(Buf->getBuffer(), Key, E)) {
    ++Misses;
    return false;
  }
  // Every input unchanged, except files whose changes may be inside bodies.
  std::vector<FileDep *> Changed;
  for (FileDep &D : E.Deps) {
    if (Verifier.matches(D))
      continue;
    FileDep Now = D;
    Now.Hash.clear(); // Same kind?
    bool HasOutline = llvm::any_of(E.Outlines, [&](const FileOutline &O) {
      return O.Path == normalized(D.Path);
    });
    if (D.K != FileDep::File || !HasOutline || !Verifier.matches(Now)) {
      ++Misses;
      return false;
    }
    Changed.push_back(&D);
  }
  if (Inputs)
    for (const FileDep &D : E.Deps)
      if (D.K == FileDep::File && !D.Hash.empty())
        Inputs->push_back(D.Path);
  // An entry whose text is not what the files hold (forged, however its
  // checksum reads) is a miss, as ccache takes a corrupt entry.
  if (Changed.empty()) {
    if (!unboundFact(E.Facts).empty()) {
      ++Misses;
      return false;
    }
    Out = std::move(E.Facts);
    ++Hits;
    return true;
  }

  // Edits inside function bodies only: move the positions after them.
  NameSet Macros;
  if (E.MacrosId.empty() || !loadMacros(E.MacrosId, Macros)) {
    ++Misses;
    return false;
  }
  for (FileDep *D : Changed) {
    std::string Stamp = statStamp(D->Path);
    std::string Text;
    if (!Verifier.read(D->Path, Text)) {
      ++Misses;
      return false;
    }
    for (FileOutline &O : E.Outlines) {
      if (O.Path != normalized(D->Path))
        continue;
      FileOutline New;
      if (!sameOutline(O, Text, Macros, New) || !moveFacts(E.Facts, O, New)) {
        ++Misses;
        return false;
      }
      O = std::move(New);
    }
    D->Hash = contentHash(Text);
    D->Stamp = Stamp;
    for (TUFacts::FileState &F : E.Facts.Files)
      if (F.Path == normalized(D->Path))
        F.Hash = D->Hash;
  }
  if (!unboundFact(E.Facts).empty()) {
    ++Misses;
    return false;
  }
  store(Key, E); // The next run is a plain hit.
  Out = std::move(E.Facts);
  ++BodyHits;
  return true;
}

void FactsCache::store(const std::string &Key, const CacheEntry &E) {
  std::string Text = serializeEntry(Key, E);
  if (!Text.empty())
    write(entryPath(Key), Text);
}

bool FactsCache::lookupPayload(llvm::StringRef Kind, const std::string &Key,
                               std::string &Payload) {
  std::unique_ptr<llvm::MemoryBuffer> Buf = readCacheFile(entryPath(Key, Kind));
  llvm::StringRef Body;
  std::vector<FileDep> Deps;
  if (!Buf || !checkSum(Buf->getBuffer(), Body)) {
    ++Misses;
    return false;
  }
  Reader R{Body};
  bool Ok = R.line() == llvm::StringRef(PayloadMagic).drop_back() && R.Ok &&
            R.blob("key") == Key && R.Ok && readDeps(R, Deps);
  llvm::StringRef P = Ok ? R.blob("payload") : "";
  if (!Ok || !R.Ok || !R.S.empty() ||
      !llvm::all_of(Deps,
                    [&](const FileDep &D) { return Verifier.matches(D); })) {
    ++Misses;
    return false;
  }
  Payload = P.str();
  ++Hits;
  return true;
}

void FactsCache::storePayload(llvm::StringRef Kind, const std::string &Key,
                              const std::vector<FileDep> &Deps,
                              llvm::StringRef Payload) {
  std::string Out = PayloadMagic;
  Out += "key " + std::to_string(Key.size()) + "\n" + Key + "\n";
  if (!writeDeps(Out, Deps))
    return;
  Out +=
      "payload " + std::to_string(Payload.size()) + "\n" + Payload.str() + "\n";
  Out += "end " + contentHash(Out) + "\n";
  write(entryPath(Key, Kind), Out);
}

} // namespace incremental
} // namespace skgen
