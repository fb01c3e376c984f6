//===- Prefilter.cpp - Cheap textual test for annotations -----------------===//
#include "Incremental/Prefilter.h"
#include "Basic/Annotations.h"
#include "Basic/InputFile.h"
#include "Basic/LLVMCompat.h"
#include "Basic/Path.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

namespace skgen {
namespace incremental {

std::string nonUTF8Encoding(llvm::StringRef Text) {
  if (compat::startsWith(Text, llvm::StringRef("\xFF\xFE\0\0", 4)))
    return "UTF-32 (little-endian byte order mark)";
  if (compat::startsWith(Text, llvm::StringRef("\0\0\xFE\xFF", 4)))
    return "UTF-32 (big-endian byte order mark)";
  if (compat::startsWith(Text, "\xFF\xFE"))
    return "UTF-16 (little-endian byte order mark)";
  if (compat::startsWith(Text, "\xFE\xFF"))
    return "UTF-16 (big-endian byte order mark)";
  if (Text.contains('\0'))
    return "null bytes (UTF-16 or UTF-32 without a byte order mark?)";
  return "";
}

/// Larger files are not read by the prefilter (the TU is parsed).
static constexpr uint64_t MaxFileBytes = 256ull << 20;

static bool isAnnotationsHeader(llvm::StringRef Path) {
  return compat::endsWith(Path, "skgen/annotations.h");
}

/// Skips blanks and complete `/* ... */` comments.
static llvm::StringRef skipBlanks(llvm::StringRef S) {
  while (true) {
    S = S.ltrim(" \t\v\f\r");
    if (!S.consume_front("/*"))
      return S;
    size_t End = S.find("*/");
    if (End == llvm::StringRef::npos)
      return "";
    S = S.drop_front(End + 2);
  }
}

/// Consumes a directive's `#` (or its digraph `%:`) at the start of \p Line.
static bool consumeHash(llvm::StringRef &Line) {
  Line = skipBlanks(Line);
  return Line.consume_front("#") || Line.consume_front("%:");
}

/// Collects `#include "x"` / `#include <x>` (and include_next, import, and
/// C++20 `import <x>;`) lines of \p Text (lines already spliced). False if
/// a directive cannot be followed textually (computed include, unknown form,
/// #pragma include_alias): the TU must be parsed.
static bool scanDirectives(llvm::StringRef Text,
                           std::vector<std::pair<bool, std::string>> &Out) {
  while (!Text.empty()) {
    llvm::StringRef Line;
    std::tie(Line, Text) = Text.split('\n');
    llvm::StringRef Rest = Line;
    bool Directive = consumeHash(Rest);
    // A directive after a block comment that began on an earlier line.
    size_t CommentEnd = Line.find("*/");
    if (!Directive && CommentEnd != llvm::StringRef::npos) {
      Rest = Line.drop_front(CommentEnd + 2);
      Directive = consumeHash(Rest);
    }
    if (!Directive) {
      // C++20 header units: `import <x>;`, `export import "x";`.
      Rest = skipBlanks(Line);
      if (Rest.consume_front("export"))
        Rest = skipBlanks(Rest);
      if (!Rest.consume_front("import") || Rest.empty() ||
          llvm::isAlnum(Rest.front()) || Rest.front() == '_')
        continue;
    } else {
      Rest = skipBlanks(Rest);
      llvm::StringRef Name =
          Rest.take_while([](char C) { return llvm::isAlnum(C) || C == '_'; });
      Rest = Rest.drop_front(Name.size());
      if (Name == "pragma" && Rest.contains("include_alias"))
        return false;
      if (Name != "include" && Name != "include_next" && Name != "import")
        continue;
    }
    Rest = skipBlanks(Rest);
    char Open = Rest.empty() ? 0 : Rest.front();
    char Close = Open == '"' ? '"' : Open == '<' ? '>' : 0;
    size_t End = Close ? Rest.find(Close, 1) : llvm::StringRef::npos;
    if (End == llvm::StringRef::npos)
      return false; // Computed (`#include MACRO`) or malformed.
    Out.push_back({Open == '"', Rest.slice(1, End).str()});
  }
  return true;
}

/// \p Text with backslash-newlines removed (translation phase 2).
static std::string spliceLines(llvm::StringRef Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '\\') {
      size_t J = I + 1;
      while (J < Text.size() && (Text[J] == ' ' || Text[J] == '\t'))
        ++J; // Clang accepts blanks between the backslash and the newline.
      if (J < Text.size() && Text[J] == '\r')
        ++J;
      if (J < Text.size() && Text[J] == '\n') {
        I = J;
        continue;
      }
    }
    Out += Text[I];
  }
  return Out;
}

std::shared_ptr<const Prefilter::FileInfo>
Prefilter::info(const std::string &Path) {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = Cache.find(Path);
    if (It != Cache.end())
      return It->second;
  }
  auto Info = std::make_shared<FileInfo>();
  std::string Error;
  if (auto Buf = readRegularFile(Path, MaxFileBytes, Error)) {
    Info->Readable = true;
    llvm::StringRef Raw = Buf->getBuffer();
    if (!isAnnotationsHeader(Path)) {
      std::string Spliced;
      llvm::StringRef Text = Raw;
      if (Raw.contains('\\')) {
        Spliced = spliceLines(Raw);
        Text = Spliced;
      }
      std::vector<std::pair<bool, std::string>> Incs;
      // Not UTF-8 (UTF-16, UTF-32): "SKGEN_" would not be found as bytes;
      // Clang (and the scanner) report the encoding instead. Trigraphs
      // (`??=include`, `??/` splices) are not followed: parsed.
      Info->Mentions = Text.contains(AnnotationMacroPrefix) ||
                       !nonUTF8Encoding(Text).empty() ||
                       Text.contains("?\?=") || Text.contains("?\?/") ||
                       !scanDirectives(Text, Incs);
      for (auto &I : Incs)
        Info->Includes.push_back({I.first, std::move(I.second)});
    }
  } else if (llvm::sys::fs::exists(Path)) {
    // A FIFO, a device, a huge file: never read here; Clang decides.
    Info->Readable = true;
    Info->Mentions = true;
  }
  std::lock_guard<std::mutex> Lock(Mutex);
  return Cache.try_emplace(Path, std::move(Info)).first->second;
}

llvm::ArrayRef<const char *> includePathVariables() {
  static const char *const Names[] = {"CPATH", "C_INCLUDE_PATH",
                                      "CPLUS_INCLUDE_PATH", "OBJC_INCLUDE_PATH",
                                      "OBJCPLUS_INCLUDE_PATH"};
  return Names;
}

void addEnvironmentIncludeDirs(IncludeDirs &Dirs) {
  for (const char *Var : includePathVariables()) {
    auto Value = llvm::sys::Process::GetEnv(Var);
    if (!Value || Value->empty())
      continue;
    llvm::SmallVector<llvm::StringRef, 8> Parts;
    llvm::StringRef(*Value).split(Parts, llvm::sys::EnvPathSeparator);
    // CPATH is -I (after the command's); the others are system directories.
    std::vector<std::string> &To =
        llvm::StringRef(Var) == "CPATH" ? Dirs.Angled : Dirs.System;
    for (llvm::StringRef P : Parts)
      To.push_back(absolutePath(P.empty() ? "." : P, Dirs.Directory));
  }
}

static std::string joinPath(llvm::StringRef Dir, llvm::StringRef Name) {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, Name);
  return normalizedPath(P);
}

bool Prefilter::mayContainAnnotations(const std::string &MainFile,
                                      const IncludeDirs &CommandDirs) {
  if (!CommandDirs.Unmodeled.empty())
    return true;
  auto Main = info(MainFile);
  if (!Main->Readable)
    return true;
  IncludeDirs Dirs = CommandDirs;
  addEnvironmentIncludeDirs(Dirs);
  // Where Clang may find \p Name: every candidate that exists is read (a
  // superset of the one Clang takes: never fewer files than it includes).
  auto Candidates = [&](llvm::StringRef Name, bool Quoted,
                        llvm::StringRef Includer) {
    std::vector<std::string> C;
    if (llvm::sys::path::is_absolute(Name)) {
      C.push_back(Name.str());
      return C;
    }
    if (Quoted) {
      C.push_back(joinPath(Includer, Name));
      for (const std::string &D : Dirs.Quote)
        C.push_back(joinPath(D, Name));
    }
    for (const auto *List : {&Dirs.Angled, &Dirs.System})
      for (const std::string &D : *List)
        C.push_back(joinPath(D, Name));
    return C;
  };
  llvm::StringSet<> Seen;
  std::vector<std::string> Work;
  // Forced includes (-include f, -imacros f): the compile command's
  // directory first, then the quoted chain. One that cannot be found: let
  // Clang parse (and report it), never skip what it may declare.
  for (const std::string &F : Dirs.Forced) {
    bool Found = false;
    for (std::string &C : Candidates(F, /*Quoted=*/true, Dirs.Directory))
      if (llvm::sys::fs::exists(C)) {
        Work.push_back(std::move(C));
        Found = true;
      }
    if (!Found)
      return true;
  }
  Work.push_back(MainFile);
  while (!Work.empty()) {
    std::string Path = std::move(Work.back());
    Work.pop_back();
    if (!Seen.insert(Path).second)
      continue;
    auto Info = info(Path);
    if (Info->Mentions)
      return true;
    // Not found anywhere: a header of the toolchain's built-in directories
    // (or missing: Clang reports it if the TU is ever parsed).
    for (const Include &I : Info->Includes)
      for (std::string &C :
           Candidates(I.Name, I.Quoted, llvm::sys::path::parent_path(Path)))
        if (!Seen.count(C) && llvm::sys::fs::exists(C))
          Work.push_back(std::move(C));
  }
  return false;
}

} // namespace incremental
} // namespace skgen
