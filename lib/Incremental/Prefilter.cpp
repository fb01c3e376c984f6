//===- Prefilter.cpp - Cheap textual test for annotations -----------------===//
#include "Incremental/Prefilter.h"
#include "Basic/Annotations.h"
#include "Basic/InputFile.h"
#include "Basic/LLVMCompat.h"
#include "Basic/Path.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

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

// Collects `#include "x"` / `#include <x>` (and include_next/import) lines.
static void scanDirectives(llvm::StringRef Text,
                           std::vector<std::pair<bool, std::string>> &Out) {
  while (!Text.empty()) {
    llvm::StringRef Line;
    std::tie(Line, Text) = Text.split('\n');
    Line = Line.ltrim(" \t");
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim(" \t");
    if (!(Line.consume_front("include_next") || Line.consume_front("include") ||
          Line.consume_front("import")))
      continue;
    Line = Line.ltrim(" \t");
    if (Line.empty())
      continue;
    char Open = Line.front();
    char Close = Open == '"' ? '"' : Open == '<' ? '>' : 0;
    if (!Close)
      continue; // Computed include: cannot follow cheaply.
    size_t End = Line.find(Close, 1);
    if (End == llvm::StringRef::npos)
      continue;
    Out.push_back({Open == '"', Line.slice(1, End).str()});
  }
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
    llvm::StringRef Text = Buf->getBuffer();
    if (!isAnnotationsHeader(Path)) {
      // Not UTF-8 (UTF-16, UTF-32): "SKGEN_" would not be found as bytes;
      // Clang (and the scanner) report the encoding instead.
      Info->Mentions = Text.contains(AnnotationMacroPrefix) ||
                       !nonUTF8Encoding(Text).empty();
      std::vector<std::pair<bool, std::string>> Incs;
      scanDirectives(Text, Incs);
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

static std::string joinPath(llvm::StringRef Dir, llvm::StringRef Name) {
  llvm::SmallString<256> P(Dir);
  llvm::sys::path::append(P, Name);
  return normalizedPath(P);
}

bool Prefilter::mayContainAnnotations(const std::string &MainFile,
                                      const IncludeDirs &Dirs) {
  auto Main = info(MainFile);
  if (!Main->Readable)
    return true;
  llvm::StringSet<> Seen;
  std::vector<std::string> Work;
  // Forced includes (-include f): the compile command's directory first,
  // then the quoted chain. One that cannot be found: let Clang parse (and
  // report it), never skip what it may declare.
  for (const std::string &F : Dirs.Forced) {
    std::vector<std::string> Candidates;
    if (llvm::sys::path::is_absolute(F)) {
      Candidates.push_back(F);
    } else {
      Candidates.push_back(joinPath(Dirs.Directory, F));
      for (const std::string &D : Dirs.Quote)
        Candidates.push_back(joinPath(D, F));
      for (const std::string &D : Dirs.Angled)
        Candidates.push_back(joinPath(D, F));
    }
    auto It = llvm::find_if(Candidates, [](const std::string &C) {
      return llvm::sys::fs::exists(C);
    });
    if (It == Candidates.end())
      return true;
    Work.push_back(*It);
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
    for (const Include &I : Info->Includes) {
      if (llvm::sys::path::is_absolute(I.Name)) {
        if (llvm::sys::fs::exists(I.Name))
          Work.push_back(I.Name);
        continue;
      }
      std::vector<std::string> Candidates;
      if (I.Quoted) {
        Candidates.push_back(
            joinPath(llvm::sys::path::parent_path(Path), I.Name));
        for (const std::string &D : Dirs.Quote)
          Candidates.push_back(joinPath(D, I.Name));
      }
      for (const std::string &D : Dirs.Angled)
        Candidates.push_back(joinPath(D, I.Name));
      for (const std::string &C : Candidates)
        if (Seen.count(C) || llvm::sys::fs::exists(C)) {
          Work.push_back(C);
          break;
        }
    }
  }
  return false;
}

} // namespace incremental
} // namespace skgen
