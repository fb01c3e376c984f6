//===- Ownership.cpp - Namespaces shared between libraries ----------------===//
#include "Driver/Ownership.h"
#include "Basic/InputFile.h"
#include "Driver/Config.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>

namespace skgen {

static std::string configOf(const std::string &File) {
  return findConfigFile(std::string(llvm::sys::path::parent_path(File)));
}

std::vector<TUFacts> takeForeignFacts(std::vector<TUFacts> &Facts,
                                      const std::string &ConfigPath) {
  std::vector<TUFacts> Own, Foreign;
  std::map<std::string, std::string> ConfigCache;
  for (TUFacts &T : Facts) {
    std::string Dir = std::string(llvm::sys::path::parent_path(T.MainFile));
    auto It = ConfigCache.find(Dir);
    if (It == ConfigCache.end())
      It = ConfigCache.emplace(Dir, configOf(T.MainFile)).first;
    (T.MainFile.empty() || It->second == ConfigPath ? Own : Foreign)
        .push_back(std::move(T));
  }
  Facts = std::move(Own);
  return Foreign;
}

/// The line of \p Path where \p Word first appears after "OwnedNamespaces".
static SourceLoc ownedLoc(const std::string &Path, const std::string &Word) {
  std::string Error;
  std::unique_ptr<llvm::MemoryBuffer> Buf =
      readRegularFile(Path, MaxConfigFileBytes, Error);
  if (!Buf)
    return SourceLoc{Path, 1, 1};
  llvm::StringRef Text = Buf->getBuffer();
  size_t Key = Text.find("OwnedNamespaces");
  size_t At = Key == llvm::StringRef::npos ? Key : Text.find(Word, Key);
  if (At == llvm::StringRef::npos)
    At = Key == llvm::StringRef::npos ? 0 : Key;
  llvm::StringRef Before = Text.take_front(At);
  unsigned Line = 1 + unsigned(Before.count('\n'));
  size_t LineStart = Before.rfind('\n');
  unsigned Col =
      unsigned(At - (LineStart == llvm::StringRef::npos ? 0 : LineStart + 1)) +
      1;
  return SourceLoc{Path, Line, Col};
}

std::vector<Diagnostic>
checkOwnership(const graph::OpGraph &Own, const std::vector<TUFacts> &Foreign,
               const std::string &ConfigPath,
               const std::vector<std::string> &OwnedNamespaces,
               const std::string &AliasKey) {
  std::vector<Diagnostic> Diags;
  if (Foreign.empty())
    return Diags;

  // Namespaces owned by the other libraries, from their .skgen.yaml.
  std::map<std::string, std::vector<TUFacts>> ByLibrary;
  for (const TUFacts &T : Foreign)
    ByLibrary[configOf(T.MainFile)].push_back(T);
  for (const auto &[Other, Facts] : ByLibrary) {
    Config C;
    std::vector<Diagnostic> Ignored;
    if (!Other.empty() && loadConfig(Other, C, Ignored))
      for (const std::string &NS : C.OwnedNamespaces)
        for (const std::string &Mine : OwnedNamespaces)
          if (NS == Mine) {
            Diagnostic D = errorAt(
                ConfigPath.empty() ? SourceLoc() : ownedLoc(ConfigPath, NS),
                "namespace '" + NS +
                    "' is owned by two libraries: only one may define it "
                    "with TORCH_LIBRARY; list it under OwnedNamespaces in "
                    "one .skgen.yaml, the other libraries add fragments");
            D.Notes.push_back(
                noteAt(ownedLoc(Other, NS), "the other library owns it here"));
            D.Category = diagnosticCategory(DiagnosticRule::Config);
            Diags.push_back(D);
          }

    // Operators both define: PyTorch aborts the load of the second.
    graph::LinkOptions LO;
    LO.AliasKey = AliasKey;
    graph::OpGraph Theirs = graph::link(Facts, LO);
    std::map<std::string, const graph::Family *> Defined;
    auto Names = [](const graph::Family &F) {
      std::vector<std::string> N;
      for (auto [Op, What] : graph::variantNames(F))
        N.push_back(Op->str());
      return N;
    };
    for (const graph::Family &F : Theirs.Families)
      if (!F.Options.External)
        for (const std::string &N : Names(F))
          Defined.emplace(N, &F);
    for (const graph::Family &F : Own.Families) {
      if (F.Options.External)
        continue;
      for (const std::string &N : Names(F)) {
        auto It = Defined.find(N);
        if (It == Defined.end())
          continue;
        Diagnostic D =
            errorAt(F.DeclLoc, "operator '" + N +
                                   "' is also defined by another library; "
                                   "loading both aborts ('registered "
                                   "multiple times'): define it in one, "
                                   "mark the other SKGEN_EXTERNAL");
        D.Notes.push_back(
            noteAt(It->second->DeclLoc, "the other library defines it here"));
        D.Category = diagnosticCategory(DiagnosticRule::Link);
        Diags.push_back(D);
        break;
      }
    }
  }
  return Diags;
}

} // namespace skgen
