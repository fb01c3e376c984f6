//===- FixIts.cpp - Fix-its of diagnostics -> file changes ----------------===//
#include "Basic/InputFile.h"
#include "Rewrite/Rewrite.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace skgen {
namespace rewrite {

namespace tooling = clang::tooling;

namespace {
struct Edit {
  size_t Offset, Length;
  std::string Text;
  SourceLoc Loc;
};
} // namespace

std::vector<FileChange> fixItChanges(const std::vector<Diagnostic> &Diags,
                                     std::vector<Diagnostic> &Problems) {
  // The fix-its of errors and warnings, which keep the meaning; a note's is
  // a suggestion that may not (a typo correction), never applied.
  std::map<std::string, std::vector<const Diagnostic *>> ByFile;
  for (const Diagnostic &D : Diags)
    if (D.Severity != Diagnostic::Level::Note && D.hasFixIt())
      ByFile[D.Loc.File].push_back(&D);
  std::vector<FileChange> Changes;
  for (const auto &[Path, Fixes] : ByFile) {
    std::string Error;
    std::unique_ptr<llvm::MemoryBuffer> Buf =
        readRegularFile(Path, MaxSourceFileBytes, Error);
    if (!Buf) {
      Problems.push_back(
          errorAt(SourceLoc{Path, 1, 1},
                  "cannot read file to apply a fix-it: " + Error));
      continue;
    }
    FileChange C;
    C.Path = Path;
    C.OldContent = Buf->getBuffer().str();
    std::vector<Edit> Edits;
    for (const Diagnostic *D : Fixes) {
      size_t Off = 0;
      if (!byteOffset(C.OldContent, D->Loc.Line, D->Loc.Column, Off) ||
          Off + D->FixLength > C.OldContent.size()) {
        Problems.push_back(errorAt(D->Loc, "fix-it points past the end of "
                                           "the file; re-run skgen"));
        continue;
      }
      Edits.push_back({Off, D->FixLength, D->FixText, D->Loc});
    }
    std::sort(Edits.begin(), Edits.end(), [](const Edit &A, const Edit &B) {
      return std::tie(A.Offset, A.Length) < std::tie(B.Offset, B.Length);
    });
    // The same fix-it reported twice (a header seen from two translation
    // units) applies once; Clang's Replacements refuses the rest of what
    // overlaps: the first wins.
    tooling::Replacements Kept;
    const Edit *Last = nullptr;
    for (const Edit &E : Edits) {
      if (Last && Last->Offset == E.Offset && Last->Length == E.Length &&
          Last->Text == E.Text)
        continue;
      if (llvm::Error Err = Kept.add(tooling::Replacement(
              Path, unsigned(E.Offset), unsigned(E.Length), E.Text))) {
        llvm::consumeError(std::move(Err));
        Problems.push_back(warningAt(
            E.Loc, "fix-it overlaps another one and was not applied"));
        continue;
      }
      Last = &E;
    }
    llvm::Expected<std::string> New =
        tooling::applyAllReplacements(C.OldContent, Kept);
    if (!New) {
      Problems.push_back(
          errorAt(SourceLoc{Path, 1, 1}, "cannot apply the fix-its: " +
                                             llvm::toString(New.takeError())));
      continue;
    }
    C.NewContent = std::move(*New);
    if (C.NewContent != C.OldContent)
      Changes.push_back(std::move(C));
  }
  return Changes;
}

} // namespace rewrite
} // namespace skgen
