//===- Diagnostics.cpp - Diagnostics rendered by Clang --------------------===//
#include "Driver/Diagnostics.h"
#include "Basic/InputFile.h"
#include "Basic/LLVMCompat.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <map>
#include <memory>
#include <tuple>

namespace skgen {

std::string relativePath(const std::string &Path, const std::string &BaseDir) {
  llvm::StringRef P(Path);
  if (BaseDir.empty())
    return Path;
  std::string Prefix = BaseDir;
  if (Prefix.back() != '/')
    Prefix += '/';
  if (P.size() > Prefix.size() && P.substr(0, Prefix.size()) == Prefix)
    return P.drop_front(Prefix.size()).str();
  return Path;
}

namespace {

/// A DiagnosticsEngine with a TextDiagnosticPrinter and a SourceManager over
/// the files diagnostics point into.
class ClangRenderer {
public:
  ClangRenderer(llvm::raw_ostream &OS, const std::string &BaseDir, bool Color)
      : BaseDir(BaseDir), DiagOpts(new clang::DiagnosticOptions),
        Printer(OS, DiagOpts.get()),
        Engine(new clang::DiagnosticIDs, DiagOpts, &Printer,
               /*ShouldOwnClient=*/false),
        Files(clang::FileSystemOptions()), SM(Engine, Files) {
    DiagOpts->ShowColors = Color;
    compat::hideSnippetLineNumbers(*DiagOpts);
    Engine.setSourceManager(&SM);
    Printer.BeginSourceFile(LangOpts, nullptr);
  }
  ~ClangRenderer() { Printer.EndSourceFile(); }

  void render(const Diagnostic &D) {
    // Clang drops a note that follows no diagnostic (it belongs to an
    // ignored one); skgen's stand-alone notes (why a block is out of date)
    // must print.
    if (D.Severity == Diagnostic::Level::Note)
      Engine.setLastDiagnosticIgnored(false);
    emit(D);
    for (const Diagnostic &N : D.Notes)
      emit(N);
  }

private:
  static clang::DiagnosticsEngine::Level level(Diagnostic::Level L) {
    switch (L) {
    case Diagnostic::Level::Error:
      return clang::DiagnosticsEngine::Error;
    case Diagnostic::Level::Warning:
      return clang::DiagnosticsEngine::Warning;
    case Diagnostic::Level::Note:
      return clang::DiagnosticsEngine::Note;
    }
    return clang::DiagnosticsEngine::Error;
  }

  /// The FileID of \p Path, named as printed (relative to BaseDir). A file
  /// that cannot be read gets an empty buffer: the location is printed, the
  /// source line and caret are not.
  clang::FileID fileFor(const std::string &Path, bool &Readable) {
    auto It = FileIDs.find(Path);
    if (It != FileIDs.end()) {
      Readable = It->second.second;
      return It->second.first;
    }
    std::string Name = relativePath(Path, BaseDir);
    clang::FileID FID;
    Readable = false;
    // Never /dev/zero or a FIFO named by untrusted input (facts files).
    std::string Error;
    if (auto Buf = readRegularFile(Path, 256 << 20, Error)) {
      FID = SM.createFileID(
          llvm::MemoryBuffer::getMemBufferCopy(Buf->getBuffer(), Name));
      Readable = true;
    } else {
      FID = SM.createFileID(llvm::MemoryBuffer::getMemBufferCopy("", Name));
    }
    FileIDs[Path] = {FID, Readable};
    return FID;
  }

  clang::SourceLocation translate(const SourceLoc &L, bool &Readable) {
    Readable = false;
    if (!L.valid())
      return clang::SourceLocation();
    clang::FileID FID = fileFor(L.File, Readable);
    if (!Readable)
      return SM.getLocForStartOfFile(FID);
    return SM.translateLineCol(FID, std::max(1u, L.Line),
                               std::max(1u, L.Column));
  }

  void emit(const Diagnostic &D) {
    bool Readable = false;
    clang::SourceLocation Loc = translate(D.Loc, Readable);
    unsigned ID = Engine.getCustomDiagID(level(D.Severity), "%0");
    // A location-less diagnostic reads `skgen: error: ...`, as before; an
    // unreadable file still gives `file:line:col:` (below), no snippet.
    Printer.setPrefix(D.Loc.valid() ? "" : "skgen");
    DiagOpts->ShowCarets = Readable;
    if (D.Loc.valid() && !Readable) {
      // The buffer is empty: print the position ourselves, through Clang's
      // printer as a location-less diagnostic prefixed by it.
      Printer.setPrefix(relativePath(D.Loc.File, BaseDir) + ":" +
                        std::to_string(D.Loc.Line) + ":" +
                        std::to_string(D.Loc.Column));
      Loc = clang::SourceLocation();
    }
    clang::DiagnosticBuilder B = Engine.Report(Loc, ID);
    B << D.Message;
    if (!Readable)
      return;
    for (const CharRange &R : D.Ranges) {
      if (R.Begin.File != D.Loc.File || R.End.File != D.Loc.File)
        continue;
      bool Ok1 = false, Ok2 = false;
      clang::SourceLocation RB = translate(R.Begin, Ok1),
                            RE = translate(R.End, Ok2);
      if (Ok1 && Ok2)
        B << clang::CharSourceRange::getCharRange(RB, RE);
    }
    bool Invalid = false;
    llvm::StringRef Buffer = SM.getBufferData(SM.getFileID(Loc), &Invalid);
    unsigned Offset = SM.getFileOffset(Loc);
    if (D.hasFixIt() && !Invalid && Offset + D.FixLength <= Buffer.size()) {
      llvm::StringRef Removed = Buffer.substr(Offset, D.FixLength);
      llvm::StringRef Text = D.FixText;
      displayedLines(Removed, Text);
      if (!Removed.empty() || !Text.empty())
        B << clang::FixItHint::CreateReplacement(
            clang::CharSourceRange::getCharRange(
                Loc, Loc.getLocWithOffset(Removed.size())),
            Text);
    }
  }

  /// The part of a fix-it Clang can show. A fix-it that removes whole lines
  /// (ends with a line break) or inserts one (ends with a line break and the
  /// next line's indentation) is shown without that line break: Clang would
  /// print the source line after the removal (a stray `}` at a block's end)
  /// and no insertion text at all, since it prints no multi-line fix-it.
  /// What --fix and --export-fixes apply is the whole fix-it.
  static void displayedLines(llvm::StringRef &Removed, llvm::StringRef &Text) {
    auto DropLineBreak = [](llvm::StringRef &S) {
      if (!S.consume_back("\n"))
        return false;
      S.consume_back("\r");
      return true;
    };
    DropLineBreak(Removed);
    llvm::StringRef Inserted = Text.rtrim(" \t");
    if (DropLineBreak(Inserted))
      Text = Inserted;
  }

  std::string BaseDir;
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> DiagOpts;
  clang::TextDiagnosticPrinter Printer;
  clang::DiagnosticsEngine Engine;
  clang::FileManager Files;
  clang::SourceManager SM;
  clang::LangOptions LangOpts;
  std::map<std::string, std::pair<clang::FileID, bool>> FileIDs;
};

} // namespace

void printDiagnostic(llvm::raw_ostream &OS, const Diagnostic &D,
                     const std::string &BaseDir, bool Color) {
  ClangRenderer R(OS, BaseDir, Color);
  R.render(D);
}

std::vector<Diagnostic> sortedUnique(std::vector<Diagnostic> Diags) {
  std::stable_sort(Diags.begin(), Diags.end(),
                   [](const Diagnostic &A, const Diagnostic &B) {
                     return std::tie(A.Loc.File, A.Loc.Line, A.Loc.Column) <
                            std::tie(B.Loc.File, B.Loc.Line, B.Loc.Column);
                   });
  Diags.erase(std::unique(Diags.begin(), Diags.end(),
                          [](const Diagnostic &A, const Diagnostic &B) {
                            return A.Loc == B.Loc && A.Message == B.Message;
                          }),
              Diags.end());
  return Diags;
}

unsigned printDiagnostics(llvm::raw_ostream &OS, std::vector<Diagnostic> Diags,
                          const std::string &BaseDir, bool Color) {
  Diags = sortedUnique(std::move(Diags));
  unsigned Errors = 0;
  {
    ClangRenderer R(OS, BaseDir, Color);
    for (const Diagnostic &D : Diags) {
      R.render(D);
      if (D.Severity == Diagnostic::Level::Error)
        ++Errors;
    }
  }
  if (Errors)
    OS << Errors << (Errors == 1 ? " error" : " errors") << " generated.\n";
  return Errors;
}

} // namespace skgen
