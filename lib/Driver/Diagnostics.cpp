//===- Diagnostics.cpp - Clang-style diagnostic printing ------------------===//
#include "Driver/Diagnostics.h"
#include "Scan/InputFile.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <map>
#include <memory>
#include <tuple>

namespace skgen {

std::string relativePath(const std::string &Path, const std::string &BaseDir) {
  llvm::StringRef P(Path), B(BaseDir);
  if (B.empty())
    return Path;
  std::string Prefix = B.endswith("/") ? B.str() : (B + "/").str();
  if (P.startswith(Prefix))
    return P.drop_front(Prefix.size()).str();
  return Path;
}

static bool sourceLine(const std::string &File, unsigned Line,
                       std::string &Out) {
  // Cache: diagnostics often point into the same few files.
  static std::map<std::string, std::unique_ptr<llvm::MemoryBuffer>> Cache;
  if (Line == 0)
    return false;
  auto It = Cache.find(File);
  if (It == Cache.end()) {
    // Never /dev/zero or a FIFO named by untrusted input.
    std::string Error;
    It = Cache.emplace(File, readRegularFile(File, 256 << 20, Error)).first;
  }
  if (!It->second)
    return false;
  llvm::StringRef Text = It->second->getBuffer();
  for (unsigned I = 1; I < Line; ++I) {
    size_t NL = Text.find('\n');
    if (NL == llvm::StringRef::npos)
      return false;
    Text = Text.drop_front(NL + 1);
  }
  Out = Text.take_until([](char C) { return C == '\n' || C == '\r'; }).str();
  return true;
}

void printDiagnostic(llvm::raw_ostream &OS, const Diagnostic &D,
                     const std::string &BaseDir, bool Color) {
  if (D.Loc.valid()) {
    OS << relativePath(D.Loc.File, BaseDir) << ":" << D.Loc.Line << ":"
       << D.Loc.Column << ": ";
  } else {
    OS << "skgen: ";
  }
  OS << diagnosticLevelName(D.Severity) << ": " << D.Message << "\n";
  std::string Line;
  if (D.Loc.valid() && sourceLine(D.Loc.File, D.Loc.Line, Line)) {
    OS << Line << "\n";
    std::string Caret;
    for (unsigned I = 1; I < D.Loc.Column && I - 1 < Line.size(); ++I)
      Caret += Line[I - 1] == '\t' ? '\t' : ' ';
    OS << Caret << "^\n";
    if (!D.FixText.empty())
      OS << Caret << D.FixText << "\n";
  }
  for (const Diagnostic &N : D.Notes)
    printDiagnostic(OS, N, BaseDir, Color);
}

unsigned printDiagnostics(llvm::raw_ostream &OS, std::vector<Diagnostic> Diags,
                          const std::string &BaseDir, bool Color) {
  std::stable_sort(Diags.begin(), Diags.end(),
                   [](const Diagnostic &A, const Diagnostic &B) {
                     return std::tie(A.Loc.File, A.Loc.Line, A.Loc.Column) <
                            std::tie(B.Loc.File, B.Loc.Line, B.Loc.Column);
                   });
  // The same header seen from several translation units reports once.
  Diags.erase(std::unique(Diags.begin(), Diags.end(),
                          [](const Diagnostic &A, const Diagnostic &B) {
                            return A.Loc == B.Loc && A.Message == B.Message;
                          }),
              Diags.end());
  unsigned Errors = 0;
  for (const Diagnostic &D : Diags) {
    printDiagnostic(OS, D, BaseDir, Color);
    if (D.Severity == Diagnostic::Level::Error)
      ++Errors;
  }
  if (Errors)
    OS << Errors << (Errors == 1 ? " error" : " errors") << " generated.\n";
  return Errors;
}

} // namespace skgen
