//===- skgen.cpp - Command line entry point -------------------------------===//
//
// Thin: parses options and hands over to the Driver library.
//
//===----------------------------------------------------------------------===//
#include "Basic/DispatchKeys.h"
#include "Basic/Path.h"
#include "Basic/Version.h"
#include "Driver/CompileDB.h"
#include "Driver/Config.h"
#include "Driver/Diagnostics.h"
#include "Driver/Driver.h"
#include "Scan/CommandLine.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
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
    Migrate("migrate",
            cl::desc("Adopt skgen in a library with hand-written "
                     "registrations: annotate its out= kernels, remove the "
                     "registrations skgen generates (with --fix: apply)"),
            cl::cat(SkgenCategory));
static cl::opt<bool> MigrateRemoveUnused(
    "migrate-remove-unused",
    cl::desc("With --migrate: also remove the hand-written autograd classes "
             "and functions the migration leaves unused"),
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
static cl::opt<skgen::GraphFormat> DumpGraph(
    "dump-graph", cl::desc("Print the op graph and stop"),
    cl::values(clEnumValN(skgen::GraphFormat::Json, "json", "as JSON"),
               clEnumValN(skgen::GraphFormat::Dot, "dot", "as Graphviz")),
    cl::init(skgen::GraphFormat::None), cl::cat(SkgenCategory));
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
             cl::init(skgen::keys::CompositeExplicitAutograd.str()),
             cl::cat(SkgenCategory));
static cl::opt<skgen::Abi> AbiOption(
    "abi", cl::desc("The PyTorch C++ API of the generated code"),
    cl::values(clEnumValN(skgen::Abi::Libtorch,
                          skgen::abiName(skgen::Abi::Libtorch),
                          "libtorch's (at::Tensor, the dispatcher; default)"),
               clEnumValN(skgen::Abi::Stable,
                          skgen::abiName(skgen::Abi::Stable),
                          "the stable ABI (torch::stable::Tensor, "
                          "STABLE_TORCH_LIBRARY): one binary for many torch "
                          "versions")),
    cl::init(skgen::Abi::Libtorch), cl::cat(SkgenCategory));
static cl::opt<std::string> PythonDefsFile(
    "python-defs",
    cl::desc("With --abi=stable: generate <file>, a Python module that "
             "defines the schemas with Tag::out / Tag::inplace (which the "
             "stable ABI cannot pass), instead of defining them in C++"),
    cl::value_desc("file"), cl::cat(SkgenCategory));
static cl::opt<std::string> AotiShimsFile(
    "aoti-shims",
    cl::desc("Generate AOTInductor C shims of each op (in its block) and "
             "<file>, a Python module whose configure() maps the ops to "
             "them in torch._inductor.config"),
    cl::value_desc("file"), cl::cat(SkgenCategory));
static cl::opt<skgen::gen::AliasDispatch> AliasDispatch(
    "alias-dispatch",
    cl::desc("How the alias-key wrappers reach the out= kernel"),
    cl::values(
        clEnumValN(skgen::gen::AliasDispatch::Redispatch,
                   skgen::gen::aliasDispatchName(
                       skgen::gen::AliasDispatch::Redispatch),
                   "take the DispatchKeySet, redispatch below it (default)"),
        clEnumValN(
            skgen::gen::AliasDispatch::Call,
            skgen::gen::aliasDispatchName(skgen::gen::AliasDispatch::Call),
            "a second dispatch")),
    cl::init(skgen::gen::AliasDispatch::Redispatch), cl::Hidden,
    cl::cat(SkgenCategory));
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
static cl::opt<bool> EagerPch(
    "eager-pch",
    cl::desc("Build that precompiled header for the first translation unit "
             "that can use it, not only when two do (for build steps that "
             "scan one translation unit each)"),
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

static cl::opt<skgen::Vocabulary> PrintVocabulary(
    "print-vocabulary",
    cl::desc("Print one of skgen's vocabulary tables, an entry per line"),
    cl::values(clEnumValN(skgen::Vocabulary::Annotations, "annotations",
                          "the SKGEN_* annotation macros"),
               clEnumValN(skgen::Vocabulary::DispatchKeys, "dispatch-keys",
                          "the dispatch keys skgen knows"),
               clEnumValN(skgen::Vocabulary::DiagnosticRules,
                          "diagnostic-rules",
                          "the rule ids of diagnostics (SARIF)"),
               clEnumValN(skgen::Vocabulary::Presets, "presets",
                          "the meta presets of SKGEN_META_PRESET")),
    cl::Hidden, cl::cat(SkgenCategory));

static cl::opt<bool> DeriveVariants(
    "derive-variants",
    cl::desc("Read out= schemas (one per line) on stdin and print the derived "
             "functional and in-place schemas"),
    cl::cat(SkgenCategory));

static cl::list<std::string>
    ExtraArg("extra-arg",
             cl::desc("Additional argument to append to the compiler command "
                      "line (as clang-tidy's)"),
             cl::cat(SkgenCategory));
static cl::list<std::string>
    ExtraArgBefore("extra-arg-before",
                   cl::desc("Additional argument to prepend to the compiler "
                            "command line (as clang-tidy's)"),
                   cl::cat(SkgenCategory));
static cl::opt<std::string>
    ConfigFile("config-file",
               cl::desc("Read the options from <file> instead of the nearest "
                        ".skgen.yaml above the sources"),
               cl::value_desc("file"), cl::cat(SkgenCategory));
static cl::opt<bool>
    DumpConfig("dump-config",
               cl::desc("Print the effective configuration (.skgen.yaml and "
                        "the command line) as YAML and stop"),
               cl::cat(SkgenCategory));

static cl::opt<skgen::OutputFormat> Format(
    "format", cl::desc("How to report diagnostics"),
    cl::values(clEnumValN(skgen::OutputFormat::Text, "text",
                          "Clang's format on stderr (default)"),
               clEnumValN(skgen::OutputFormat::Sarif, "sarif",
                          "a SARIF 2.1.0 log on stdout, for code scanning; "
                          "no diff")),
    cl::init(skgen::OutputFormat::Text), cl::cat(SkgenCategory));

/// --color[=auto|always|never], as git's and GCC's. LLVM's Support library
/// registers a boolean --color of its own (WithColor) before main: it is
/// removed first, so this one is created in main.
static cl::opt<std::string> &colorOption() {
  StringMap<cl::Option *> &Registered = cl::getRegisteredOptions();
  auto It = Registered.find("color");
  if (It != Registered.end())
    It->second->removeArgument();
  static cl::opt<std::string> Color(
      "color",
      cl::desc("Colour the diagnostics: auto (default: when stderr is a "
               "terminal and NO_COLOR is not set), always, never"),
      cl::value_desc("auto|always|never"), cl::ValueOptional, cl::init("auto"),
      cl::cat(SkgenCategory));
  return Color;
}

/// --color as given, NO_COLOR (no-color.org) and whether stderr is a
/// terminal. `--color` alone means always.
static bool useColor() {
  cl::opt<std::string> &Color = colorOption();
  if (Color == "always" || (Color.getNumOccurrences() && Color.empty()))
    return true;
  if (Color == "never")
    return false;
  const char *NoColor = std::getenv("NO_COLOR");
  if (NoColor && *NoColor)
    return false;
  return errs().has_colors();
}

static void printVersion(raw_ostream &OS) {
  OS << "skgen version " << skgen::version()
     << " (LLVM " LLVM_VERSION_STRING ")\n";
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

/// `skgen [options] files -- <compiler flags>`: skgen's own arguments
/// (\p Own) and the flags after `--` (\p DashDashArgs, after "cc"), with
/// response files (`@file`) on either side expanded here, bounded (regular
/// files of at most 1 MiB, nested 8 deep), not by llvm::cl, which reads any
/// file whole (`skgen @/dev/zero` ran out of memory). After `--` they are a
/// database command's (the fixed database would drop an `@file` as an input
/// file). False after an error.
static bool expandCommandLine(int argc, const char **argv,
                              const std::string &Cwd, int &DashDash,
                              std::vector<std::string> &Own,
                              std::vector<std::string> &DashDashArgs) {
  DashDash = argc;
  for (int I = 1; I < argc; ++I)
    if (StringRef(argv[I]) == "--") {
      DashDash = I;
      break;
    }
  Own.assign(argv, argv + DashDash);
  DashDashArgs = {"cc"};
  DashDashArgs.insert(DashDashArgs.end(), argv + std::min(DashDash + 1, argc),
                      argv + argc);
  for (std::vector<std::string> *Args : {&Own, &DashDashArgs}) {
    std::string Error = skgen::scan::expandResponseFiles(
        *Args, Cwd,
        Args == &Own ? "skgen's command line" : "the compile command");
    if (!Error.empty()) {
      errs() << "skgen: error: " << Error << "\n";
      return false;
    }
  }
  return true;
}

/// Misuse of the flags themselves, before any configuration is read.
static bool flagErrors(const std::string &Color) {
  if (Fix + Check > 1) {
    errs() << "skgen: error: --fix and --check are mutually exclusive\n";
    return true;
  }
  // The generated code registers under this key; anything else would only
  // fail later, when the user's build compiles TORCH_LIBRARY_IMPL.
  if (!skgen::isGeneratedAliasKey(AliasKey)) {
    errs() << "skgen: error: "
           << skgen::generatedAliasKeyError("--alias-key", AliasKey) << "\n";
    return true;
  }
  if (!Color.empty() && Color != "auto" && Color != "always" &&
      Color != "never") {
    errs() << "skgen: error: --color takes 'auto', 'always' or 'never'\n";
    return true;
  }
  return false;
}

/// The run's options: .skgen.yaml (found upward from the sources, or
/// --config-file) into \p Cfg, overridden by the flags given (scalars) or
/// added to (lists). False after an error.
static bool driverOptions(const std::string &Cwd, skgen::Config &Cfg,
                          skgen::DriverOptions &Opts) {
  Opts.RunMode = Fix     ? skgen::Mode::Fix
                 : Check ? skgen::Mode::Check
                         : skgen::Mode::Diff;
  Opts.BaseDir = Cwd;
  if (!BuildPath.empty())
    Opts.BuildDir = skgen::absolutePath(BuildPath);
  for (const std::string &S : Sources)
    Opts.Sources.push_back(skgen::absolutePath(S));
  {
    std::vector<skgen::Diagnostic> Diags;
    if (!skgen::findAndLoadConfig(Opts.Sources, Opts.BaseDir, ConfigFile, Cfg,
                                  Diags)) {
      skgen::printDiagnostics(errs(), Diags, Opts.BaseDir, useColor());
      return false;
    }
  }
  skgen::ConfigFlags Flags;
  if (AliasKey.getNumOccurrences())
    Flags.AliasKey = AliasKey;
  if (OutputFile.getNumOccurrences())
    Flags.Output = OutputFile;
  if (AbiOption.getNumOccurrences())
    Flags.Abi = AbiOption;
  if (PythonDefsFile.getNumOccurrences())
    Flags.PythonDefs = skgen::absolutePath(PythonDefsFile);
  if (AotiShimsFile.getNumOccurrences())
    Flags.AotiShims = skgen::absolutePath(AotiShimsFile);
  Flags.Facts = FactsInputs;
  Flags.ExtraArgs = ExtraArg;
  Flags.ExtraArgsBefore = ExtraArgBefore;
  skgen::applyConfig(Cfg, Flags, Opts);
  if (!Opts.PythonDefsFile.empty() && Opts.Abi != skgen::Abi::Stable) {
    errs() << "skgen: error: PythonDefs (--python-defs) is for --abi=stable "
              "(libtorch's C++ API passes the tags itself)\n";
    return false;
  }
  if (!Opts.AotiShimsFile.empty() && Opts.Abi == skgen::Abi::Stable) {
    errs() << "skgen: error: AotiShims (--aoti-shims) is for libtorch's C++ "
              "API, not --abi=stable\n";
    return false;
  }
  if (Opts.Abi == skgen::Abi::Stable &&
      Opts.AliasKey == skgen::keys::DefaultBackend) {
    errs() << "skgen: error: --abi=stable needs PyTorch >= 2.10; "
              "--alias-key=DefaultBackend is for PyTorch <= 1.9\n";
    return false;
  }
  if (MigrateRemoveUnused && !Migrate) {
    errs() << "skgen: error: --migrate-remove-unused needs --migrate\n";
    return false;
  }
  Opts.DumpFacts = DumpFacts;
  Opts.DumpGraph = DumpGraph;
  Opts.DumpGenerated = DumpGenerated;
  Opts.Migrate = Migrate;
  Opts.MigrateRemoveUnused = MigrateRemoveUnused;
  Opts.ExportFixes = ExportFixes;
  Opts.AliasDispatch = AliasDispatch;
  Opts.Force = Force;
  Opts.Format = Format;
  Opts.Color = useColor();
  Opts.Progress = Format == skgen::OutputFormat::Text && errs().is_displayed();
  Opts.NoPrefilter = NoPrefilter;
  Opts.NoCache = NoCache;
  Opts.NoPch = NoPch;
  Opts.EagerPch = EagerPch;
  Opts.CacheStats = CacheStats;
  Opts.DepFile = DepFile;
  if (!Opts.DepFile.empty() &&
      (Opts.DumpFacts.empty() || Opts.DumpFacts == "-")) {
    errs() << "skgen: error: --depfile needs --dump-facts=<file>\n";
    return false;
  }
  Opts.Jobs = Jobs ? Jobs : std::max(1u, std::thread::hardware_concurrency());
  return true;
}

/// The compilation database of the run: the fixed one of `--` flags
/// (\p DB), or with -p the build's, plus those flags (\p DashDashArgs).
/// False after an error.
static bool
compilationDatabase(std::unique_ptr<clang::tooling::CompilationDatabase> &DB,
                    const std::vector<std::string> &DashDashArgs,
                    skgen::DriverOptions &Opts) {
  // `-p build -- -DX`: the build's commands plus -DX (clang-tidy would
  // drop the build's commands, and with them the include paths and the
  // language standard, for a bare `clang-tool -DX file`).
  if (DB && !BuildPath.empty()) {
    DB.reset();
    Opts.ExtraArgs.insert(Opts.ExtraArgs.end(), DashDashArgs.begin(),
                          DashDashArgs.end());
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
      return false;
    }
  }
  return true;
}

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  cl::opt<std::string> &Color = colorOption();
  cl::HideUnrelatedOptions(SkgenCategory);
  cl::SetVersionPrinter(printVersion);

  // Flags after `--` form a fixed compilation database, as in every clang
  // tool; with -p they are added to the build's commands instead.
  SmallString<256> CwdBuf;
  sys::fs::current_path(CwdBuf);
  const std::string Cwd(CwdBuf);
  int DashDash = argc;
  std::vector<std::string> Own, DashDashArgs;
  if (!expandCommandLine(argc, argv, Cwd, DashDash, Own, DashDashArgs))
    return skgen::ExitError;
  // The fixed database runs Clang's driver over them (to strip inputs),
  // which writes -MJ's entry: file-writing options go first.
  DashDashArgs = skgen::scan::withoutFileWriters(DashDashArgs);
  DashDashArgs.erase(DashDashArgs.begin());
  std::vector<const char *> Argv;
  for (const std::string &A : Own)
    Argv.push_back(A.c_str());
  if (DashDash < argc) {
    Argv.push_back("--");
    for (const std::string &A : DashDashArgs)
      Argv.push_back(A.c_str());
  }
  argc = static_cast<int>(Argv.size());
  argv = Argv.data();
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
  if (PrintVocabulary.getNumOccurrences())
    return checkStdout(skgen::runPrintVocabulary(PrintVocabulary, outs()));

  if (flagErrors(Color))
    return skgen::ExitError;
  skgen::DriverOptions Opts;
  skgen::Config Cfg;
  if (!driverOptions(Cwd, Cfg, Opts))
    return skgen::ExitError;
  if (DumpConfig) {
    outs() << skgen::dumpEffectiveConfig(Cfg, Opts);
    return checkStdout(skgen::ExitClean);
  }

  if (Opts.Sources.empty() && Opts.FactsInputs.empty()) {
    errs() << "skgen: error: no input files (see --help)\n";
    return skgen::ExitError;
  }
  if (!compilationDatabase(DB, DashDashArgs, Opts))
    return skgen::ExitError;
  int RC = skgen::runPipeline(Opts, DB.get(), outs(), errs());
  return checkStdout(RC);
}
