//===- Scanner.h - The scan phase: C++ sources -> facts ---------*- C++ -*-===//
#ifndef SKGEN_SCAN_SCANNER_H
#define SKGEN_SCAN_SCANNER_H

#include "Facts/Facts.h"

#include <functional>
#include <string>
#include <vector>

namespace clang {
namespace tooling {
class CompilationDatabase;
}
} // namespace clang

namespace skgen {
namespace scan {

struct ScanOptions {
  unsigned Jobs = 1; // -j N: translation units scanned in parallel.
  /// Disable the textual prefilter (for measurements).
  bool NoPrefilter = false;
  /// Base for relative `directory` entries of the compilation database (the
  /// directory holding compile_commands.json). Empty: the current directory.
  std::string BuildDir;
  /// The persistent facts cache (Cache.h); empty: none.
  std::string CacheDir;
  /// Share a precompiled header of common leading includes (Preamble.h);
  /// needs the cache, which keeps it.
  bool UsePch = true;
  /// Build that header for the first translation unit that can use it, not
  /// only once two have asked for it (build steps: one TU per process).
  bool EagerPch = false;
  /// Added to every compile command, as clang-tidy's --extra-arg (before the
  /// input file and any `--`) and --extra-arg-before (after the compiler).
  std::vector<std::string> ExtraArgs, ExtraArgsBefore;
  /// Called after each translation unit (from the scanning threads, one at a
  /// time) with the number done, the total and the file: a progress line.
  std::function<void(size_t Done, size_t Total, const std::string &File)>
      Progress;
};

/// How the scan went, for --cache-stats, depfiles and tests.
struct ScanReport {
  unsigned Hits = 0;     // Facts from the cache, inputs unchanged.
  unsigned BodyHits = 0; // From the cache, after edits inside bodies only.
  unsigned Parsed = 0;   // Translation units parsed.
  unsigned WithPch = 0;  // ... of which with a precompiled header.
  unsigned PchBuilt = 0; // Precompiled headers built.
  /// Per input file: the files its facts were read from.
  std::vector<std::vector<std::string>> Inputs;
};

/// Scans each source file (one translation unit each) with the flags from
/// \p DB and returns one TUFacts per file, in the order of \p Files
/// (independent of Jobs). Never throws; problems become diagnostics.
std::vector<TUFacts> scanFiles(const clang::tooling::CompilationDatabase &DB,
                               const std::vector<std::string> &Files,
                               const ScanOptions &Opts,
                               ScanReport *Report = nullptr);

} // namespace scan
} // namespace skgen

#endif
