//===- Driver.h - scan -> link -> emit -> apply -----------------*- C++ -*-===//
#ifndef SKGEN_DRIVER_DRIVER_H
#define SKGEN_DRIVER_DRIVER_H

#include "Basic/DispatchKeys.h"
#include "Driver/Report.h"
#include "Gen/Generate.h"

#include "llvm/Support/raw_ostream.h"

#include <istream>
#include <string>
#include <vector>

namespace clang {
namespace tooling {
class CompilationDatabase;
}
} // namespace clang

namespace skgen {

enum class Mode { Diff, Fix, Check };

/// skgen's exit status (docs/user-guide.md, "Exit codes"): like a linter's,
/// "the sources need an update" is told apart from "skgen could not do its
/// job", so CI can react to each.
enum ExitCode : int {
  ExitClean = 0,     // Nothing to do, or --fix/diff/dump done.
  ExitOutOfDate = 1, // --check: generated code is out of date.
  ExitError = 2,     // Errors in the input (diagnostics), usage, I/O.
};

/// --dump-graph: the op graph as JSON or Graphviz, instead of generating.
enum class GraphFormat { None, Json, Dot };

struct DriverOptions {
  Mode RunMode = Mode::Diff;
  std::vector<std::string> Sources;     // As given on the command line.
  std::vector<std::string> FactsInputs; // --facts=F.json (pre-scanned TUs).
  std::string DumpFacts; // --dump-facts=FILE ("-" = stdout): stop after scan.
  GraphFormat DumpGraph = GraphFormat::None; // --dump-graph: stop after link.
  std::string ExportFixes;
  std::string OutputFile;
  bool DumpGenerated = false; // Print the generated blocks and stop.
  /// --migrate: annotate hand-written out= kernels and remove the
  /// hand-written registrations skgen would generate (Driver/Migrate.h).
  bool Migrate = false;
  /// --migrate-remove-unused: --migrate also removes the hand-written
  /// autograd classes and functions the migration leaves unused.
  bool MigrateRemoveUnused = false;
  std::string AliasKey = keys::CompositeExplicitAutograd.str();
  /// --abi / `Abi:`: the C++ API the generated code uses.
  skgen::Abi Abi = skgen::Abi::Libtorch;
  /// --python-defs / `PythonDefs:` (stable ABI): the generated Python
  /// module that defines the schemas with their tags.
  std::string PythonDefsFile;
  /// --aoti-shims / `AotiShims:`: the generated Python module with the
  /// AOTInductor C shim mapping (libtorch target).
  std::string AotiShimsFile;
  gen::AliasDispatch AliasDispatch = gen::AliasDispatch::Redispatch;
  unsigned Jobs = 1;
  bool Force = false;
  bool NoPrefilter = false;
  bool NoCache = false;    // --no-cache: neither read nor write the cache.
  bool NoPch = false;      // --no-pch: no shared precompiled header.
  bool EagerPch = false;   // --eager-pch: build it for a single TU too.
  bool CacheStats = false; // --cache-stats: report hits/parses on stderr.
  std::string DepFile;     // --depfile=F: Make-style deps of --dump-facts.
  std::string BaseDir;  // For relative paths in output; the working directory.
  std::string BuildDir; // -p: base of relative `directory` entries.
  /// Compiler arguments added to every compile command (--extra-arg,
  /// --extra-arg-before, ExtraArgs of .skgen.yaml).
  std::vector<std::string> ExtraArgs, ExtraArgsBefore;
  /// Namespaces this library owns (OwnedNamespaces of .skgen.yaml).
  std::vector<std::string> OwnedNamespaces;
  /// The .skgen.yaml of the run ("" for none): other sources of the
  /// compilation database that belong to it complete a partial file list.
  std::string ConfigPath;
  bool Progress = false; // A progress line on stderr (a terminal).
  OutputFormat Format = OutputFormat::Text; // --format=text|sarif
  bool Color = false;                       // Coloured text diagnostics.
};

/// `skgen --parse-schema`: one schema per line on \p In; prints the canonical
/// form or a `<stdin>:LINE:COL: error: ...` diagnostic. Returns the exit code
/// (ExitError if any line is invalid).
int runParseSchema(std::istream &In, llvm::raw_ostream &Out,
                   llvm::raw_ostream &Err);

/// `skgen --derive-variants`: one out= schema per line on \p In; prints the
/// derived functional and in-place schemas (contract §3), or a diagnostic.
int runDeriveVariants(std::istream &In, llvm::raw_ostream &Out,
                      llvm::raw_ostream &Err);

/// The vocabulary tables of lib/Basic (and the meta presets of
/// lib/Schema/MetaPresets.def), one entry per line with tab-separated fields
/// (for the tests that check them against annotations.h, the docs and the
/// runtimes, and generate a test per entry).
enum class Vocabulary { Annotations, DispatchKeys, DiagnosticRules, Presets };
/// `skgen --print-vocabulary=...`. Returns the exit code.
int runPrintVocabulary(Vocabulary Which, llvm::raw_ostream &Out);

/// The whole pipeline. Returns the process exit code.
int runPipeline(const DriverOptions &Opts,
                const clang::tooling::CompilationDatabase *DB,
                llvm::raw_ostream &Out, llvm::raw_ostream &Err);

} // namespace skgen

#endif
