//===- skgen.cpp - Command line entry point -------------------------------===//
//
// Thin: parses options and hands over to the Driver library.
//
//===----------------------------------------------------------------------===//
#include "Driver/CompileDB.h"
#include "Driver/Diagnostics.h"
#include "Driver/Driver.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <iostream>
#include <thread>

using namespace llvm;

static cl::OptionCategory SkgenCategory("skgen options");

static cl::list<std::string> Sources(cl::Positional,
                                     cl::desc("<source files...>"),
                                     cl::cat(SkgenCategory));
static cl::opt<std::string>
    BuildPath("p", cl::desc("Build directory containing compile_commands.json"),
              cl::value_desc("build dir"), cl::cat(SkgenCategory));
static cl::opt<bool> Fix("fix", cl::desc("Apply the changes (atomic writes)"),
                         cl::cat(SkgenCategory));
static cl::opt<bool>
    Check("check",
          cl::desc("Print the diff and exit 1 if anything would change (CI)"),
          cl::cat(SkgenCategory));
static cl::opt<bool>
    Force("force",
          cl::desc("Overwrite generated blocks that were edited by hand"),
          cl::cat(SkgenCategory));
static cl::opt<std::string>
    ExportFixes("export-fixes",
                cl::desc("Write clang-apply-replacements YAML to <file>"),
                cl::value_desc("file"), cl::cat(SkgenCategory));
static cl::opt<std::string>
    OutputFile("output",
               cl::desc("Put all generated code into <file> instead of the "
                        "annotated sources"),
               cl::value_desc("file"), cl::cat(SkgenCategory));
static cl::opt<std::string>
    DumpGraph("dump-graph", cl::desc("Print the op graph (json|dot) and stop"),
              cl::value_desc("json|dot"), cl::cat(SkgenCategory));
static cl::opt<std::string>
    DumpFacts("dump-facts",
              cl::desc("Write the scanned facts as JSON to <file> ('-' for "
                       "stdout) and stop"),
              cl::value_desc("file"), cl::cat(SkgenCategory));
static cl::opt<bool> DumpGenerated(
    "dump-generated",
    cl::desc("Print the generated code per file (before formatting and "
             "placement) and stop"),
    cl::cat(SkgenCategory));
static cl::list<std::string>
    FactsInputs("facts",
                cl::desc("Also link facts from <file> (written by "
                         "--dump-facts, e.g. by a sharded build)"),
                cl::value_desc("file"), cl::cat(SkgenCategory));
static cl::opt<std::string>
    AliasKey("alias-key",
             cl::desc("Alias dispatch key for the generated default kernels "
                      "(DefaultBackend for PyTorch <= 1.9)"),
             cl::init("CompositeExplicitAutograd"), cl::cat(SkgenCategory));
static cl::opt<unsigned> Jobs("j", cl::Prefix,
                              cl::desc("Translation units scanned in parallel"),
                              cl::init(0), cl::cat(SkgenCategory));
static cl::opt<bool> NoPrefilter(
    "no-prefilter",
    cl::desc("Parse every translation unit, even without annotations"),
    cl::Hidden, cl::cat(SkgenCategory));
static cl::opt<bool>
    NoCache("no-cache",
            cl::desc("Neither read nor write the facts cache (in the build "
                     "directory, or $XDG_CACHE_HOME/skgen without -p)"),
            cl::cat(SkgenCategory));
static cl::opt<bool>
    NoPch("no-pch",
          cl::desc("Do not share a precompiled header of the includes that "
                   "translation units start with"),
          cl::cat(SkgenCategory));
static cl::opt<bool>
    CacheStats("cache-stats",
               cl::desc("Report cached and parsed translation units on stderr"),
               cl::Hidden, cl::cat(SkgenCategory));
static cl::opt<std::string>
    DepFile("depfile",
            cl::desc("With --dump-facts: write the files the facts were read "
                     "from as a Make/Ninja depfile"),
            cl::value_desc("file"), cl::cat(SkgenCategory));
static cl::opt<bool>
    ParseSchema("parse-schema",
                cl::desc("Read schemas (one per line) on stdin and print them "
                         "canonically"),
                cl::cat(SkgenCategory));

static cl::opt<bool> DeriveVariants(
    "derive-variants",
    cl::desc("Read out= schemas (one per line) on stdin and print the derived "
             "functional and in-place schemas"),
    cl::cat(SkgenCategory));

static void printVersion(raw_ostream &OS) {
  OS << "skgen version 0.1.0 (LLVM " LLVM_VERSION_STRING ")\n";
}

/// A failed write to stdout (a full disk, a closed pipe) is an error, not an
/// LLVM "IO failure on output stream" abort at exit.
static int checkStdout(int RC) {
  raw_fd_ostream &OS = outs();
  OS.flush();
  if (!OS.has_error())
    return RC;
  errs() << "skgen: error: cannot write to standard output: "
         << OS.error().message() << "\n";
  OS.clear_error();
  return skgen::ExitError;
}

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(SkgenCategory);
  cl::SetVersionPrinter(printVersion);

  // `skgen [options] files -- <compiler flags>`: flags after `--` form a
  // fixed compilation database, as in every clang tool.
  std::string DBError;
  std::unique_ptr<clang::tooling::CompilationDatabase> DB =
      clang::tooling::FixedCompilationDatabase::loadFromCommandLine(argc, argv,
                                                                    DBError);
  // Usage errors exit with 2 (not cl's 1, which means "out of date").
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "skgen: generate PyTorch functional/in-place variants and "
          "registrations from annotated out= kernels\n",
          &errs()))
    return skgen::ExitError;

  if (ParseSchema)
    return checkStdout(skgen::runParseSchema(std::cin, outs(), errs()));
  if (DeriveVariants)
    return checkStdout(skgen::runDeriveVariants(std::cin, outs(), errs()));

  if (Fix + Check > 1) {
    errs() << "skgen: error: --fix and --check are mutually exclusive\n";
    return skgen::ExitError;
  }
  // The generated code registers under this key; anything else would only
  // fail later, when the user's build compiles TORCH_LIBRARY_IMPL.
  if (AliasKey != "CompositeExplicitAutograd" && AliasKey != "DefaultBackend") {
    errs() << "skgen: error: --alias-key takes 'CompositeExplicitAutograd' "
              "(PyTorch >= 1.10) or 'DefaultBackend' (PyTorch <= 1.9), not '"
           << AliasKey << "'\n";
    return skgen::ExitError;
  }
  if (!DumpGraph.empty() && DumpGraph != "json" && DumpGraph != "dot") {
    errs() << "skgen: error: --dump-graph takes 'json' or 'dot'\n";
    return skgen::ExitError;
  }

  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);

  skgen::DriverOptions Opts;
  Opts.RunMode = Fix     ? skgen::Mode::Fix
                 : Check ? skgen::Mode::Check
                         : skgen::Mode::Diff;
  Opts.BaseDir = std::string(Cwd);
  if (!BuildPath.empty()) {
    SmallString<256> Abs(BuildPath.getValue());
    sys::fs::make_absolute(Abs);
    sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    Opts.BuildDir = std::string(Abs);
  }
  for (const std::string &S : Sources) {
    SmallString<256> Abs(S);
    sys::fs::make_absolute(Abs);
    sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    Opts.Sources.push_back(std::string(Abs));
  }
  Opts.FactsInputs.assign(FactsInputs.begin(), FactsInputs.end());
  Opts.DumpFacts = DumpFacts;
  Opts.DumpGraph = DumpGraph;
  Opts.DumpGenerated = DumpGenerated;
  Opts.ExportFixes = ExportFixes;
  Opts.OutputFile = OutputFile;
  Opts.AliasKey = AliasKey;
  Opts.Force = Force;
  Opts.NoPrefilter = NoPrefilter;
  Opts.NoCache = NoCache;
  Opts.NoPch = NoPch;
  Opts.CacheStats = CacheStats;
  Opts.DepFile = DepFile;
  if (!Opts.DepFile.empty() &&
      (Opts.DumpFacts.empty() || Opts.DumpFacts == "-")) {
    errs() << "skgen: error: --depfile needs --dump-facts=<file>\n";
    return 2;
  }
  Opts.Jobs = Jobs ? Jobs : std::max(1u, std::thread::hardware_concurrency());

  if (Opts.Sources.empty() && Opts.FactsInputs.empty()) {
    errs() << "skgen: error: no input files (see --help)\n";
    return skgen::ExitError;
  }
  if (!DB && !Opts.Sources.empty()) {
    // Untrusted input: bounded reads, positioned JSON errors.
    std::vector<skgen::Diagnostic> Diags;
    DB = skgen::loadCompilationDatabase(Opts.BuildDir, Opts.Sources.front(),
                                        Diags);
    skgen::printDiagnostics(errs(), Diags, Opts.BaseDir);
    if (!DB) {
      errs() << "(use -p <build dir> with compile_commands.json, or pass "
                "flags after '--')\n";
      return skgen::ExitError;
    }
  }
  int RC = skgen::runPipeline(Opts, DB.get(), outs(), errs());
  return checkStdout(RC);
}
