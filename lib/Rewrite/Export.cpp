//===- Export.cpp - clang-tidy's --export-fixes YAML ----------------------===//
#include "Basic/InputFile.h"
#include "Rewrite/Rewrite.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <optional>

namespace skgen {
namespace rewrite {

namespace tooling = clang::tooling;

/// One minimal replacement turning C.OldContent into C.NewContent: the old
/// content with its common prefix and suffix (whole lines, so that the YAML
/// stays readable) trimmed.
static tooling::Replacement minimalReplacement(const FileChange &C) {
  const std::string &Old = C.OldContent, &New = C.NewContent;
  size_t Pre = 0, Max = std::min(Old.size(), New.size());
  while (Pre < Max && Old[Pre] == New[Pre])
    ++Pre;
  while (Pre > 0 && Old[Pre - 1] != '\n')
    --Pre;
  size_t Suf = 0, MaxSuf = Max - Pre;
  while (Suf < MaxSuf && Old[Old.size() - 1 - Suf] == New[New.size() - 1 - Suf])
    ++Suf;
  // Start the suffix at a line start, i.e. just after a '\n'.
  while (Suf > 0 && Old[Old.size() - Suf - 1] != '\n')
    --Suf;
  return tooling::Replacement(C.Path, unsigned(Pre),
                              unsigned(Old.size() - Pre - Suf),
                              New.substr(Pre, New.size() - Pre - Suf));
}

namespace {
/// File contents by path, read once, for byte offsets of diagnostics.
class Contents {
public:
  const std::string *get(const std::string &Path) {
    auto It = Cache.find(Path);
    if (It == Cache.end()) {
      std::string Error;
      std::optional<std::string> S;
      if (std::unique_ptr<llvm::MemoryBuffer> Buf =
              readRegularFile(Path, MaxSourceFileBytes, Error))
        S = Buf->getBuffer().str();
      It = Cache.emplace(Path, std::move(S)).first;
    }
    return It->second ? &*It->second : nullptr;
  }

private:
  std::map<std::string, std::optional<std::string>> Cache;
};
} // namespace

static tooling::DiagnosticMessage message(const Diagnostic &D, Contents &Files,
                                          bool WithFix) {
  tooling::DiagnosticMessage M(D.Message);
  if (!D.Loc.valid())
    return M;
  M.FilePath = D.Loc.File;
  M.FileOffset = 0;
  const std::string *Text = Files.get(D.Loc.File);
  size_t Off = 0;
  if (!Text || !byteOffset(*Text, D.Loc.Line, D.Loc.Column, Off))
    return M;
  M.FileOffset = unsigned(Off);
  for (const CharRange &R : D.Ranges) {
    size_t B = 0, E = 0;
    if (R.Begin.File == D.Loc.File && R.End.File == D.Loc.File &&
        byteOffset(*Text, R.Begin.Line, R.Begin.Column, B) &&
        byteOffset(*Text, R.End.Line, R.End.Column, E) && B <= E) {
      tooling::FileByteRange FR;
      FR.FilePath = D.Loc.File;
      FR.FileOffset = unsigned(B);
      FR.Length = unsigned(E - B);
      M.Ranges.push_back(FR);
    }
  }
  if (WithFix && D.hasFixIt() && Off + D.FixLength <= Text->size())
    llvm::consumeError(M.Fix[D.Loc.File].add(tooling::Replacement(
        D.Loc.File, unsigned(Off), D.FixLength, D.FixText)));
  return M;
}

std::string exportFixesYAML(const std::vector<FileChange> &Changes,
                            const std::string &MainSourceFile,
                            std::vector<Diagnostic> *Diags,
                            const std::vector<Diagnostic> &Reported,
                            const std::string &BuildDirectory) {
  tooling::TranslationUnitDiagnostics TUD;
  TUD.MainSourceFile = MainSourceFile;
  Contents Files;
  for (const Diagnostic &D : Reported) {
    if (D.Severity == Diagnostic::Level::Note)
      continue;
    tooling::Diagnostic TD(diagnosticRuleId(diagnosticRule(D.Category)),
                           D.Severity == Diagnostic::Level::Error
                               ? tooling::Diagnostic::Error
                               : tooling::Diagnostic::Warning,
                           BuildDirectory);
    TD.Message = message(D, Files, /*WithFix=*/true);
    for (const Diagnostic &N : D.Notes)
      TD.Notes.push_back(message(N, Files, /*WithFix=*/false));
    TUD.Diagnostics.push_back(std::move(TD));
  }

  for (const FileChange *C : sortedByPath(Changes)) {
    if (C->Created) {
      if (Diags)
        Diags->push_back(warningAt(
            SourceLoc{C->Path, 1, 1},
            "clang-apply-replacements cannot create files; the exported "
            "fixes leave this new file out (use --fix)"));
      continue;
    }
    if (C->OldContent == C->NewContent)
      continue;
    tooling::Replacement R = minimalReplacement(*C);
    tooling::Diagnostic TD(diagnosticRuleId(DiagnosticRule::OutOfDate),
                           tooling::Diagnostic::Warning, BuildDirectory);
    TD.Message.Message = "generated code is out of date; run skgen --fix";
    TD.Message.FilePath = C->Path;
    TD.Message.FileOffset = R.getOffset();
    llvm::consumeError(TD.Message.Fix[C->Path].add(R));
    TUD.Diagnostics.push_back(std::move(TD));
  }

  std::string Out;
  llvm::raw_string_ostream OS(Out);
  llvm::yaml::Output YAML(OS);
  YAML << TUD;
  OS.flush();
  return Out;
}

} // namespace rewrite
} // namespace skgen
