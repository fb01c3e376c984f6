//===- Report.h - Where diagnostics go: text or SARIF -----------*- C++ -*-===//
#ifndef SKGEN_DRIVER_REPORT_H
#define SKGEN_DRIVER_REPORT_H

#include "Basic/Diagnostic.h"
#include "Rewrite/Rewrite.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace skgen {

enum class OutputFormat { Text, Sarif };

/// Collects the diagnostics of a run. In text mode they are printed at once
/// (Clang's TextDiagnosticPrinter, on stderr); in SARIF mode they, and one
/// result per out-of-date file, make up the SARIF 2.1.0 log that finish()
/// writes to stdout.
class Reporter {
public:
  Reporter(OutputFormat Format, bool Color, std::string BaseDir,
           llvm::raw_ostream &Out, llvm::raw_ostream &Err)
      : Format(Format), Color(Color), BaseDir(std::move(BaseDir)), Out(Out),
        Err(Err) {}

  /// Reports \p Diags, filling in an empty Category with \p Rule's.
  /// Returns the number of errors among them.
  unsigned report(std::vector<Diagnostic> Diags, DiagnosticRule Rule);
  /// A one-line message on stderr (text mode only): `skgen: ...` summaries.
  void note(const std::string &Line) {
    if (Format == OutputFormat::Text)
      Err << Line << "\n";
  }
  /// A progress line on stderr ("[3/40] src/ops.cpp"), rewritten in place;
  /// cleared after the last file.
  void progress(size_t Done, size_t Total, const std::string &File) {
    Err << "\r\x1b[K";
    if (Done < Total)
      Err << "[" << Done << "/" << Total << "] " << File;
    Err.flush();
  }
  /// Records the files a --fix would change (SARIF results with fixes).
  void outOfDate(const std::vector<rewrite::FileChange> &Changes);
  /// Everything reported so far (with categories).
  const std::vector<Diagnostic> &reported() const { return All; }
  bool sarif() const { return Format == OutputFormat::Sarif; }
  /// SARIF mode: writes the log. Returns \p ExitCode.
  int finish(int ExitCode);

private:
  OutputFormat Format;
  bool Color;
  std::string BaseDir;
  llvm::raw_ostream &Out, &Err;
  std::vector<Diagnostic> All;
  std::vector<rewrite::FileChange> Stale;
};

/// The SARIF 2.1.0 log of \p Diags and \p Stale (files whose generated code
/// is out of date, each with a fix), paths relative to \p BaseDir
/// (%SRCROOT%).
std::string sarifLog(const std::vector<Diagnostic> &Diags,
                     const std::vector<rewrite::FileChange> &Stale,
                     const std::string &BaseDir, int ExitCode);

} // namespace skgen

#endif
