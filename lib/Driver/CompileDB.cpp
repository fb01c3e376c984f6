//===- CompileDB.cpp - Loading the compilation database -------------------===//
#include "Driver/CompileDB.h"
#include "Basic/InputFile.h"
#include "Basic/LLVMCompat.h"
#include "Basic/Path.h"
#include "Scan/CommandLine.h"
#include "Scan/GpuCommandLine.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

#include <set>

namespace skgen {

using clang::tooling::CompilationDatabase;

/// The checks of Clang's JSONCompilationDatabase::parse, with positions:
/// an array of objects with string members "directory", "file", "command"
/// or "arguments" (strings), and optionally "output".
static bool checkCommands(const nlohmann::json &J, llvm::StringRef Text,
                          const std::string &Path,
                          std::vector<Diagnostic> &Diags) {
  auto Fail = [&](std::vector<JSONStep> Where, const std::string &Msg) {
    Diags.push_back(
        errorAt(locationInText(Path, Text, locateJSONValue(Text, Where)),
                "malformed compilation database at " + jsonPointer(Where) +
                    ": " + Msg));
    return false;
  };
  if (!J.is_array())
    return Fail({}, "expected an array of compile commands");
  for (size_t I = 0; I < J.size(); ++I) {
    const nlohmann::json &E = J[I];
    if (!E.is_object())
      return Fail({JSONStep::index(I)},
                  "expected a compile command (an object)");
    for (const auto &KV : E.items()) {
      std::vector<JSONStep> At = {JSONStep::index(I),
                                  JSONStep::member(KV.key())};
      const std::string &K = KV.key();
      if (K == "arguments") {
        if (!KV.value().is_array() ||
            std::any_of(KV.value().begin(), KV.value().end(),
                        [](const nlohmann::json &A) { return !A.is_string(); }))
          return Fail(At, "expected an array of strings");
      } else if (K == "directory" || K == "file" || K == "command" ||
                 K == "output") {
        if (!KV.value().is_string())
          return Fail(At, "expected a string");
      } else {
        return Fail(At, "unknown member \"" + K + "\"");
      }
    }
    for (const char *Required : {"directory", "file"})
      if (!E.contains(Required))
        return Fail({JSONStep::index(I)},
                    std::string("missing member \"") + Required + "\"");
    if (!E.contains("command") && !E.contains("arguments"))
      return Fail({JSONStep::index(I)},
                  "missing member \"command\" or \"arguments\"");
  }
  return true;
}

namespace {
/// clang::tooling::expandResponseFiles, bounded (scan::expandResponseFiles):
/// a command with a response file that cannot be read stays as it was, for
/// makeScannable to expand again and report (a partly expanded one would
/// give it another 8 levels of nesting).
class ResponseFilesDatabase : public CompilationDatabase {
public:
  explicit ResponseFilesDatabase(std::unique_ptr<CompilationDatabase> Base)
      : Base(std::move(Base)) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override {
    return expand(Base->getCompileCommands(File));
  }
  std::vector<std::string> getAllFiles() const override {
    return Base->getAllFiles();
  }
  std::vector<clang::tooling::CompileCommand>
  getAllCompileCommands() const override {
    return expand(Base->getAllCompileCommands());
  }

private:
  static std::vector<clang::tooling::CompileCommand>
  expand(std::vector<clang::tooling::CompileCommand> Cmds) {
    for (clang::tooling::CompileCommand &C : Cmds) {
      std::vector<std::string> Args = C.CommandLine;
      if (scan::expandResponseFiles(Args, C.Directory).empty())
        C.CommandLine = std::move(Args);
    }
    return Cmds;
  }
  std::unique_ptr<CompilationDatabase> Base;
};
} // namespace

static std::unique_ptr<CompilationDatabase>
loadFrom(const std::string &Dir, bool &Found, std::vector<Diagnostic> &Diags) {
  Found = false;
  for (const char *Name : {"compile_commands.json", "compile_flags.txt"}) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Name);
    std::string Path(P);
    // A dangling symbolic link is a database that cannot be read.
    llvm::sys::fs::file_status St;
    if (llvm::sys::fs::status(Path, St, /*follow=*/false))
      continue;
    Found = true;
    bool JSON = compat::endsWith(llvm::StringRef(Name), ".json");
    std::string Error;
    auto Buf = readRegularFile(Path, JSON ? MaxCompileDBBytes : 1 << 20, Error);
    if (!Buf) {
      Diags.push_back(errorAt(SourceLoc(), "cannot read the compilation "
                                           "database '" +
                                               Path + "': " + Error));
      return nullptr;
    }
    std::unique_ptr<CompilationDatabase> DB;
    if (JSON) {
      nlohmann::json J;
      if (!parseJSONText(Buf->getBuffer(), Path, "compilation database",
                         /*MaxNesting=*/8, J, Diags) ||
          !checkCommands(J, Buf->getBuffer(), Path, Diags))
        return nullptr;
      DB = clang::tooling::JSONCompilationDatabase::loadFromBuffer(
          Buf->getBuffer(), Error,
          clang::tooling::JSONCommandLineSyntax::AutoDetect);
      // What loadFromDirectory adds to a JSON database.
      if (DB)
        DB = clang::tooling::inferTargetAndDriverMode(
            clang::tooling::inferMissingCompileCommands(
                std::make_unique<ResponseFilesDatabase>(std::move(DB))));
    } else {
      DB = clang::tooling::FixedCompilationDatabase::loadFromBuffer(
          Dir, Buf->getBuffer(), Error);
    }
    if (!DB)
      Diags.push_back(
          errorAt(SourceLoc{Path, 1, 1},
                  "cannot load the compilation database: " + Error));
    return DB;
  }
  return nullptr;
}

std::unique_ptr<CompilationDatabase>
loadCompilationDatabase(const std::string &BuildDir, const std::string &Source,
                        std::vector<Diagnostic> &Diags) {
  bool Found = false;
  if (!BuildDir.empty()) {
    if (!llvm::sys::fs::is_directory(BuildDir)) {
      Diags.push_back(errorAt(SourceLoc(), "no compilation database: '" +
                                               BuildDir +
                                               "' is not a directory"));
      return nullptr;
    }
    auto DB = loadFrom(BuildDir, Found, Diags);
    if (!Found)
      Diags.push_back(
          errorAt(SourceLoc(), "no compilation database: neither "
                               "compile_commands.json nor compile_flags.txt "
                               "in '" +
                                   BuildDir + "'"));
    return DB;
  }
  // The closest parent directory of the source that has one.
  llvm::SmallString<256> Dir(Source);
  llvm::sys::fs::make_absolute(Dir);
  for (llvm::StringRef D = llvm::sys::path::parent_path(Dir); !D.empty();
       D = llvm::sys::path::parent_path(D)) {
    auto DB = loadFrom(D.str(), Found, Diags);
    if (Found)
      return DB;
  }
  Diags.push_back(errorAt(
      SourceLoc(), "no compilation database: no compile_commands.json or "
                   "compile_flags.txt in a parent directory of '" +
                       Source + "'"));
  return nullptr;
}

std::vector<std::string>
unlistedGpuSources(const std::vector<std::string> &Listed,
                   const std::string &ConfigPath, const std::string &BuildDir) {
  std::set<std::string> Known(Listed.begin(), Listed.end()), Out;
  std::set<std::string> Roots;
  if (!ConfigPath.empty())
    Roots.insert(std::string(llvm::sys::path::parent_path(ConfigPath)));
  else
    for (const std::string &F : Listed)
      Roots.insert(std::string(llvm::sys::path::parent_path(F)));
  const bool Recursive = !ConfigPath.empty();
  auto IsBuildTree = [&](llvm::StringRef Dir) {
    llvm::SmallString<256> Cache(Dir);
    llvm::sys::path::append(Cache, "CMakeCache.txt");
    return (!BuildDir.empty() && llvm::sys::fs::equivalent(Dir, BuildDir)) ||
           llvm::sys::fs::exists(Cache);
  };
  constexpr unsigned MaxEntries = 100000; // A bound on a huge tree's walk.
  unsigned Seen = 0;
  for (const std::string &Root : Roots) {
    std::error_code EC;
    for (llvm::sys::fs::recursive_directory_iterator It(Root, EC), End;
         It != End && !EC && Seen < MaxEntries; It.increment(EC), ++Seen) {
      llvm::StringRef Path = It->path();
      llvm::StringRef Name = llvm::sys::path::filename(Path);
      if (It->type() == llvm::sys::fs::file_type::directory_file) {
        if (!Recursive || compat::startsWith(Name, ".") || IsBuildTree(Path))
          It.no_push();
        continue;
      }
      std::string P = normalizedPath(Path);
      if (scan::isGpuSource(P) && !Known.count(P) &&
          llvm::sys::fs::is_regular_file(P))
        Out.insert(P);
    }
  }
  return {Out.begin(), Out.end()};
}

} // namespace skgen
