//===- Export.cpp - clang-apply-replacements YAML -------------------------===//
#include "Rewrite/Rewrite.h"

#include "clang/Tooling/ReplacementsYaml.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

namespace skgen {
namespace rewrite {

std::string exportFixesYAML(const std::vector<FileChange> &Changes,
                            const std::string &MainSourceFile,
                            std::vector<Diagnostic> *Diags) {
  std::vector<const FileChange *> Sorted = sortedByPath(Changes);

  clang::tooling::TranslationUnitReplacements TUR;
  TUR.MainSourceFile = MainSourceFile;
  for (const FileChange *C : Sorted) {
    if (C->Created) {
      if (Diags)
        Diags->push_back(warningAt(
            SourceLoc{C->Path, 1, 1},
            "clang-apply-replacements cannot create files; the exported "
            "fixes leave this new file out (use --fix)"));
      continue;
    }
    // One minimal replacement: the old content with its common prefix and
    // suffix (whole lines, so that the YAML stays readable) trimmed.
    const std::string &Old = C->OldContent, &New = C->NewContent;
    if (Old == New)
      continue;
    size_t Pre = 0, Max = std::min(Old.size(), New.size());
    while (Pre < Max && Old[Pre] == New[Pre])
      ++Pre;
    while (Pre > 0 && Old[Pre - 1] != '\n')
      --Pre;
    size_t Suf = 0, MaxSuf = Max - Pre;
    while (Suf < MaxSuf &&
           Old[Old.size() - 1 - Suf] == New[New.size() - 1 - Suf])
      ++Suf;
    // Start the suffix at a line start, i.e. just after a '\n'.
    while (Suf > 0 && Old[Old.size() - Suf - 1] != '\n')
      --Suf;
    TUR.Replacements.emplace_back(C->Path, unsigned(Pre),
                                  unsigned(Old.size() - Pre - Suf),
                                  New.substr(Pre, New.size() - Pre - Suf));
  }

  std::string Out;
  llvm::raw_string_ostream OS(Out);
  llvm::yaml::Output YAML(OS);
  YAML << TUR;
  OS.flush();
  return Out;
}

} // namespace rewrite
} // namespace skgen
