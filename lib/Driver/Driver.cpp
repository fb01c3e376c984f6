//===- Driver.cpp - scan -> link -> emit -> apply -------------------------===//
#include "Driver/Driver.h"
#include "Basic/DispatchKeys.h"
#include "Basic/InputFile.h"
#include "Basic/Path.h"
#include "Basic/Version.h"
#include "Blocks/Blocks.h"
#include "Driver/CompileDB.h"
#include "Driver/Config.h"
#include "Driver/Diagnostics.h"
#include "Driver/Migrate.h"
#include "Driver/Ownership.h"
#include "Driver/PythonFakes.h"
#include "Driver/Report.h"
#include "Facts/FactsBinding.h"
#include "Facts/FactsFile.h"
#include "Gen/AotiShims.h"
#include "Gen/Generate.h"
#include "Gen/PythonDefs.h"
#include "Graph/OpGraph.h"
#include "Incremental/Cache.h"
#include "Rewrite/Rewrite.h"
#include "Scan/Scanner.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <set>

namespace skgen {

static bool writeTextFile(const std::string &Path, const std::string &Text,
                          std::vector<Diagnostic> &Diags) {
  if (Path == "-") {
    llvm::outs() << Text;
    return true;
  }
  // All or nothing: a temporary file renamed over Path (disk full, I/O
  // errors and signals leave Path as it was).
  if (llvm::Error E = rewrite::writeFileAtomically(Path, Text)) {
    Diags.push_back(errorAt(SourceLoc(), llvm::toString(std::move(E))));
    return false;
  }
  return true;
}

/// True (with an error) if writing \p Option's file \p Path would replace
/// one of the run's inputs: a source, a file the scan read, a facts file.
static bool clobbersInput(const std::string &Option, const std::string &Path,
                          const DriverOptions &Opts,
                          const std::vector<TUFacts> &Facts,
                          std::vector<Diagnostic> &Diags) {
  if (Path == "-" || !llvm::sys::fs::exists(Path))
    return false;
  std::vector<std::string> Inputs = Opts.Sources;
  Inputs.insert(Inputs.end(), Opts.FactsInputs.begin(), Opts.FactsInputs.end());
  if (!Opts.OutputFile.empty())
    Inputs.push_back(Opts.OutputFile);
  for (const TUFacts &T : Facts) {
    Inputs.push_back(T.MainFile);
    for (const TUFacts::FileState &F : T.Files)
      Inputs.push_back(F.Path);
    for (const KernelFact &K : T.Kernels)
      Inputs.push_back(K.InsertFile);
  }
  for (const std::string &In : Inputs)
    if (!In.empty() && llvm::sys::fs::equivalent(Path, In)) {
      Diags.push_back(
          errorAt(SourceLoc(), Option + " would overwrite the input '" + Path +
                                   "'; choose another file"));
      return true;
    }
  return false;
}

/// `target: deps...` for Ninja/Make: every file the facts were read from.
static bool writeDepFile(const std::string &Path, const std::string &Target,
                         const std::vector<std::string> &Sources,
                         const scan::ScanReport &Report,
                         std::vector<Diagnostic> &Diags) {
  auto Escape = [](llvm::StringRef P) {
    std::string E;
    for (char C : P) {
      if (C == ' ' || C == '#' || C == '\\')
        E += '\\';
      if (C == '$')
        E += '$';
      E += C;
    }
    return E;
  };
  std::set<std::string> Deps(Sources.begin(), Sources.end());
  for (const auto &In : Report.Inputs)
    Deps.insert(In.begin(), In.end());
  std::string Text = Escape(Target) + ":";
  for (const std::string &D : Deps)
    Text += " \\\n  " + Escape(D);
  return writeTextFile(Path, Text + "\n", Diags);
}

namespace {

/// One run of scan -> link -> emit -> apply.
class Pipeline {
public:
  Pipeline(const DriverOptions &Opts,
           const clang::tooling::CompilationDatabase *DB,
           llvm::raw_ostream &Out, Reporter &R)
      : Opts(Opts), DB(DB), Out(Out), R(R) {}

  /// Returns the exit code. With \p ApplyFixIts (--fix, first run), fix-its
  /// of the diagnostics are applied and \p Rerun is set: the edited sources
  /// must be scanned again.
  int run(bool ApplyFixIts, bool &Rerun);

private:
  const DriverOptions &Opts;
  const clang::tooling::CompilationDatabase *DB;
  llvm::raw_ostream &Out;
  Reporter &R;
  std::vector<TUFacts> Facts;
  size_t FirstLoaded = 0; // Facts[FirstLoaded..] are from --facts files.

  /// The compilation database's sources that were not given but belong to
  /// this library (the same .skgen.yaml, or none for both). Empty for a
  /// fixed database (`-- flags`), which lists no files.
  std::vector<std::string> otherSources() const {
    std::vector<std::string> R;
    std::set<std::string> Given(Opts.Sources.begin(), Opts.Sources.end());
    for (const std::string &F : DB->getAllFiles()) {
      std::string Path =
          absolutePath(F, Opts.BuildDir.empty() ? Opts.BaseDir : Opts.BuildDir);
      if (Given.count(Path) || !llvm::sys::fs::is_regular_file(Path) ||
          findConfigFile(std::string(llvm::sys::path::parent_path(Path))) !=
              Opts.ConfigPath)
        continue;
      R.push_back(Path);
    }
    // A CPU-only database does not list the library's .cu files.
    std::vector<std::string> Listed = R;
    Listed.insert(Listed.end(), Given.begin(), Given.end());
    for (const std::string &Path :
         unlistedGpuSources(Listed, Opts.ConfigPath, Opts.BuildDir))
      if (!Given.count(Path) &&
          findConfigFile(std::string(llvm::sys::path::parent_path(Path))) ==
              Opts.ConfigPath)
        R.push_back(Path);
    std::sort(R.begin(), R.end());
    R.erase(std::unique(R.begin(), R.end()), R.end());
    return R;
  }

  /// The op family a kernel fact belongs to: `ns::name.overload`.
  static std::string familyOf(const KernelFact &K) {
    llvm::StringRef S(K.SchemaText);
    return S.take_until([](char C) { return C == '('; }).trim().str();
  }

  /// Of the translation units scanned beyond the first \p Given ones (the
  /// compilation database's other sources), keeps those that the given ones
  /// need: the ones holding a family of a kept unit, transitively. Files of
  /// unrelated families are neither read for nor changed by this run, as
  /// they would not be by a run over the files of these families. Returns
  /// the number kept.
  unsigned keepFamilyClosure(size_t Given) {
    std::vector<bool> Keep(Facts.size(), false);
    std::set<std::string> Families;
    auto Take = [&](size_t I) {
      Keep[I] = true;
      for (const KernelFact &K : Facts[I].Kernels)
        Families.insert(familyOf(K));
    };
    for (size_t I = 0; I < Given && I < Facts.size(); ++I)
      Take(I);
    for (bool Grew = true; Grew;) {
      Grew = false;
      for (size_t I = Given; I < Facts.size(); ++I) {
        if (Keep[I])
          continue;
        for (const KernelFact &K : Facts[I].Kernels)
          if (Families.count(familyOf(K))) {
            Take(I);
            Grew = true;
            break;
          }
      }
    }
    std::vector<TUFacts> Kept;
    unsigned Extra = 0;
    for (size_t I = 0; I < Facts.size(); ++I)
      if (Keep[I]) {
        Extra += I >= Given;
        Kept.push_back(std::move(Facts[I]));
      }
    Facts = std::move(Kept);
    return Extra;
  }

  /// Warns (once) when --alias-key=DefaultBackend meets a PyTorch >= 1.10,
  /// where the generated code would stop at its #error.
  void warnWrongTorch() {
    if (Opts.AliasKey != keys::DefaultBackend)
      return;
    for (const TUFacts &T : Facts) {
      unsigned Major = 0, Minor = 0;
      if (sscanf(T.TorchVersion.c_str(), "%u.%u", &Major, &Minor) != 2 ||
          (Major < 2 && Minor < 10))
        continue;
      R.report({warningAt(SourceLoc(),
                          "--alias-key=DefaultBackend is for PyTorch <= 1.9, "
                          "but '" +
                              relativePath(T.MainFile, Opts.BaseDir) +
                              "' builds against PyTorch " + T.TorchVersion +
                              " (torch/version.h): the generated code will "
                              "stop the build at its #error; use "
                              "--alias-key=CompositeExplicitAutograd")},
               DiagnosticRule::Config);
      return;
    }
  }

  /// --export-fixes: the reported diagnostics (with their fix-its) and the
  /// changes. Returns false on a write error (reported).
  bool exportFixes(const std::vector<rewrite::FileChange> &Changes);
  /// Applies the fix-its of \p Diags (those with one are reported with a
  /// note); returns false if that failed.
  bool applyFixIts(const std::vector<Diagnostic> &Diags);
  /// --migrate, once the annotations are linked into \p G.
  int migrate(const graph::OpGraph &G);

  // The steps of run(); a step that ends the run returns its exit code.
  std::optional<int> scan();
  std::optional<int> readFactsFiles();
  std::optional<int> dumpFacts();
  graph::OpGraph link();
  std::optional<int> stopAfterLink(const graph::OpGraph &G, bool ApplyFixIts,
                                   bool &Rerun);
  gen::GenOptions genOptions() const;
  std::vector<gen::FileBlock> emit(const graph::OpGraph &G);
  int apply(const graph::OpGraph &G, const std::vector<gen::FileBlock> &Blocks);
};

int Pipeline::migrate(const graph::OpGraph &G) {
  if (!DB || Opts.Sources.empty()) {
    R.report({errorAt(SourceLoc(), "--migrate needs the library's sources")},
             DiagnosticRule::Driver);
    return ExitError;
  }
  std::vector<std::string> Files = Opts.Sources, Others = otherSources();
  Files.insert(Files.end(), Others.begin(), Others.end());
  return runMigration(Opts, *DB, Files, Facts, G, R, Out,
                      [&] { return exportFixes({}); });
}

bool Pipeline::exportFixes(const std::vector<rewrite::FileChange> &Changes) {
  if (Opts.ExportFixes.empty())
    return true;
  std::vector<Diagnostic> Problems;
  if (clobbersInput("--export-fixes", Opts.ExportFixes, Opts, Facts,
                    Problems)) {
    R.report(Problems, DiagnosticRule::Driver);
    return false;
  }
  std::string Main = Opts.Sources.empty() ? "" : Opts.Sources.front();
  std::string YAML = rewrite::exportFixesYAML(
      Changes, Main, &Problems, sortedUnique(R.reported()),
      Opts.BuildDir.empty() ? Opts.BaseDir : Opts.BuildDir);
  bool Ok = writeTextFile(Opts.ExportFixes, YAML, Problems);
  R.report(Problems, DiagnosticRule::Driver);
  return Ok;
}

bool Pipeline::applyFixIts(const std::vector<Diagnostic> &Diags) {
  std::vector<Diagnostic> Fixed, Problems;
  for (const Diagnostic &D : Diags) {
    if (!D.hasFixIt())
      continue;
    Fixed.push_back(D);
    // As clang-tidy says it.
    Fixed.back().Notes.push_back(
        noteAt(D.Loc, "FIX-IT applied suggested code changes"));
  }
  std::vector<rewrite::FileChange> Changes =
      rewrite::fixItChanges(Fixed, Problems);
  // Printed before the files change (their source lines are the old ones),
  // and as warnings: once fixed they are not errors of this run.
  for (Diagnostic &D : Fixed)
    if (D.Severity == Diagnostic::Level::Error)
      D.Severity = Diagnostic::Level::Warning;
  R.report(Fixed, DiagnosticRule::Scan);
  if (!hasErrors(Problems))
    rewrite::applyChanges(Changes, Problems);
  R.report(Problems, DiagnosticRule::Rewrite);
  return !hasErrors(Problems);
}

int Pipeline::run(bool ApplyFixIts, bool &Rerun) {
  Rerun = false;
  std::optional<int> Exit;
  if ((Exit = scan()) || (Exit = readFactsFiles()) || (Exit = dumpFacts()))
    return *Exit;
  graph::OpGraph G = link();
  if ((Exit = stopAfterLink(G, ApplyFixIts, Rerun)))
    return *Exit;
  return apply(G, emit(G));
}

/// Scans the given sources (and the library's other sources that hold a
/// part of their families) into Facts.
std::optional<int> Pipeline::scan() {
  if (Opts.Sources.empty() || !DB)
    return std::nullopt;
  scan::ScanOptions SO;
  SO.Jobs = Opts.Jobs;
  SO.NoPrefilter = Opts.NoPrefilter;
  SO.BuildDir = Opts.BuildDir;
  SO.ExtraArgs = Opts.ExtraArgs;
  SO.ExtraArgsBefore = Opts.ExtraArgsBefore;
  SO.CacheDir = Opts.NoCache ? "" : incremental::defaultCacheDir(Opts.BuildDir);
  SO.UsePch = !Opts.NoPch;
  SO.EagerPch = Opts.EagerPch;
  // A partial file list (a pre-commit hook passes the changed files) gives
  // the answer of a full run for the families it touches: the library's
  // other sources in the compilation database are scanned too (the
  // prefilter skips, cheaply, those without annotations), and those that
  // hold a part of these families are kept.
  std::vector<std::string> Files = Opts.Sources;
  // Not for --dump-facts: a shard of a sharded scan scans its files only.
  std::vector<std::string> Others;
  if (Opts.DumpFacts.empty())
    Others = otherSources();
  Files.insert(Files.end(), Others.begin(), Others.end());
  if (Opts.Progress && Files.size() >= 4)
    SO.Progress = [&](size_t Done, size_t Total, const std::string &F) {
      R.progress(Done, Total, relativePath(F, Opts.BaseDir));
    };
  scan::ScanReport Report;
  Facts = scan::scanFiles(*DB, Files, SO, &Report);
  blocks::reportBrokenBlocks(Facts);
  if (Opts.CacheStats)
    R.note("skgen: scan: " + std::to_string(Report.Hits) + " cached, " +
           std::to_string(Report.BodyHits) + " cached after body edits, " +
           std::to_string(Report.Parsed) + " parsed (" +
           std::to_string(Report.WithPch) + " with a shared PCH, " +
           std::to_string(Report.PchBuilt) + " PCH built)");
  if (!Opts.DepFile.empty()) {
    std::vector<Diagnostic> Problems;
    if (!writeDepFile(Opts.DepFile, Opts.DumpFacts, Opts.Sources, Report,
                      Problems)) {
      R.report(Problems, DiagnosticRule::Driver);
      return ExitError;
    }
  }
  // --migrate reads the whole library (its registrations span files). The
  // library's other files: the compilation database's and the .cu/.hip
  // files it does not list (otherSources).
  unsigned Annotated =
      Opts.Migrate ? 0 : keepFamilyClosure(Opts.Sources.size());
  if (Annotated)
    R.report({noteAt(SourceLoc(),
                     "also scanned " + std::to_string(Annotated) +
                         (Annotated == 1 ? " other file" : " other files") +
                         " of the library that " +
                         (Annotated == 1 ? "holds" : "hold") +
                         " a part of the given files' op families")},
             DiagnosticRule::Driver);
  return std::nullopt;
}

/// Appends the facts of --facts files (untrusted input, Facts/FactsFile.h).
std::optional<int> Pipeline::readFactsFiles() {
  FirstLoaded = Facts.size();
  {
    std::vector<Diagnostic> Problems;
    for (const std::string &F : Opts.FactsInputs)
      if (!readFactsFile(F, Facts, Problems)) {
        R.report(Problems, DiagnosticRule::Driver);
        return ExitError;
      }
    // Before --fix applies any (no location: never quote a line of a file
    // the facts name).
    for (size_t I = FirstLoaded; I < Facts.size(); ++I) {
      std::string Why = unboundFixIts(Facts[I]);
      if (!Why.empty())
        Problems.push_back(errorAt(SourceLoc(), "malformed facts: " + Why));
    }
    if (!Problems.empty()) {
      R.report(Problems, DiagnosticRule::Driver);
      return ExitError;
    }
  }
  for (TUFacts &T : Facts)
    for (Diagnostic &D : T.Diagnostics)
      if (D.Category.empty())
        D.Category = diagnosticCategory(DiagnosticRule::Scan);
  warnWrongTorch();

  return std::nullopt;
}

/// --dump-facts: the facts, and stop.
std::optional<int> Pipeline::dumpFacts() {
  if (Opts.DumpFacts.empty())
    return std::nullopt;
  std::vector<Diagnostic> Problems;
  if (clobbersInput("--dump-facts", Opts.DumpFacts, Opts, Facts, Problems)) {
    R.report(Problems, DiagnosticRule::Driver);
    return ExitError;
  }
  nlohmann::json J = Facts;
  // Names and paths come from sources: never throw on invalid UTF-8.
  std::string Text =
      J.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  // Unchanged facts keep their timestamp: a build step depending on them
  // (Ninja's restat) has nothing to do.
  bool Same = false;
  std::string Unread;
  if (Opts.DumpFacts != "-")
    if (auto Old = readRegularFile(Opts.DumpFacts, Text.size(), Unread))
      Same = Old->getBuffer() == Text;
  bool Ok = Same || writeTextFile(Opts.DumpFacts, Text, Problems);
  for (const TUFacts &T : Facts)
    Problems.insert(Problems.end(), T.Diagnostics.begin(), T.Diagnostics.end());
  unsigned Errors = R.report(Problems, DiagnosticRule::Driver);
  return (Ok && !Errors) ? ExitClean : ExitError;
}

/// This library's facts linked; another library's (--facts of a TU under
/// another .skgen.yaml) are only checked against.
graph::OpGraph Pipeline::link() {
  std::vector<TUFacts> Foreign = takeForeignFacts(Facts, Opts.ConfigPath);
  graph::LinkOptions LO;
  LO.AliasKey = Opts.AliasKey;
  LO.Abi = Opts.Abi;
  LO.PythonDefs = !Opts.PythonDefsFile.empty();
  if (!Opts.OutputFile.empty())
    LO.OutputFile = relativePath(Opts.OutputFile, Opts.BaseDir);
  graph::OpGraph G = graph::link(Facts, LO);
  {
    std::vector<Diagnostic> Conflicts = checkOwnership(
        G, Foreign, Opts.ConfigPath, Opts.OwnedNamespaces, Opts.AliasKey);
    G.Diagnostics.insert(G.Diagnostics.end(), Conflicts.begin(),
                         Conflicts.end());
  }
  if (!G.hasErrors()) {
    std::vector<Diagnostic> Fakes = pythonFakeWarnings(G, Opts.BaseDir);
    G.Diagnostics.insert(G.Diagnostics.end(), Fakes.begin(), Fakes.end());
  }
  return G;
}

/// The modes that stop after linking (--dump-graph, --fix's fix-its,
/// --migrate), and link errors.
std::optional<int> Pipeline::stopAfterLink(const graph::OpGraph &G,
                                           bool ApplyFixIts, bool &Rerun) {
  if (Opts.DumpGraph != GraphFormat::None) {
    if (Opts.DumpGraph == GraphFormat::Dot)
      Out << graph::toDot(G);
    else
      Out << graph::toJSON(G);
    Out.flush();
    unsigned Errors = R.report(G.Diagnostics, DiagnosticRule::Link);
    return Errors ? ExitError : ExitClean;
  }
  if (ApplyFixIts) {
    if (llvm::any_of(G.Diagnostics,
                     [](const Diagnostic &D) { return D.hasFixIt(); })) {
      Rerun = applyFixIts(G.Diagnostics);
      return Rerun ? ExitClean : ExitError;
    }
  }
  if (G.hasErrors()) {
    R.report(G.Diagnostics, DiagnosticRule::Link);
    exportFixes({});
    return ExitError;
  }
  if (Opts.Migrate) {
    R.report(G.Diagnostics, DiagnosticRule::Link);
    return migrate(G);
  }

  // --output replaces the whole file: never one that holds annotations.
  if (!Opts.OutputFile.empty() && llvm::sys::fs::exists(Opts.OutputFile))
    for (const TUFacts &T : Facts)
      for (const KernelFact &K : T.Kernels)
        if (llvm::sys::fs::equivalent(Opts.OutputFile, K.AnnotationLoc.File) ||
            llvm::sys::fs::equivalent(Opts.OutputFile, K.InsertFile)) {
          R.report({errorAt(SourceLoc(), "--output would overwrite '" +
                                             Opts.OutputFile +
                                             "', which holds skgen "
                                             "annotations; choose another "
                                             "file")},
                   DiagnosticRule::Driver);
          return ExitError;
        }

  return std::nullopt;
}

gen::GenOptions Pipeline::genOptions() const {
  gen::GenOptions GO;
  GO.AliasKey = Opts.AliasKey;
  GO.Abi = Opts.Abi;
  GO.AliasDispatch = Opts.AliasDispatch;
  GO.StandaloneFile = Opts.OutputFile;
  GO.PythonDefsFile = Opts.PythonDefsFile;
  GO.AotiShimsFile = Opts.AotiShimsFile;
  GO.OwnedNamespaces = Opts.OwnedNamespaces;
  return GO;
}

std::vector<gen::FileBlock> Pipeline::emit(const graph::OpGraph &G) {
  return gen::generate(G, genOptions());
}

/// The change of the PythonDefs module, if its content is not the
/// generated one; an error (and no change) for a file skgen did not write
/// or one edited by hand (unless --force): nothing is lost.
/// \p Path relative to the directory \p Dir (both absolute), with ".."
/// where needed: the text stays the same when the tree moves.
static std::string relativeTo(const std::string &Path, const std::string &Dir) {
  namespace path = llvm::sys::path;
  std::vector<llvm::StringRef> P(path::begin(Path), path::end(Path));
  std::vector<llvm::StringRef> D(path::begin(Dir), path::end(Dir));
  size_t Common = 0;
  while (Common < P.size() && Common < D.size() && P[Common] == D[Common])
    ++Common;
  if (Common == 0)
    return Path;
  llvm::SmallString<256> Out;
  for (size_t I = Common; I < D.size(); ++I)
    path::append(Out, "..");
  for (size_t I = Common; I < P.size(); ++I)
    path::append(Out, P[I]);
  return std::string(Out);
}

/// The library a PythonDefs module belongs to: its .skgen.yaml, relative to
/// the module's directory ("" without one).
static std::string pythonDefsLibrary(const std::string &Path,
                                     const std::string &ConfigPath) {
  if (ConfigPath.empty())
    return "";
  return relativeTo(absolutePath(ConfigPath),
                    llvm::sys::path::parent_path(absolutePath(Path)).str());
}

static std::optional<rewrite::FileChange>
pythonDefsChange(const std::string &Path, const std::string &Content,
                 const std::string &Library, bool Force,
                 std::vector<Diagnostic> &Diags,
                 const std::string &What = "PythonDefs") {
  rewrite::FileChange C;
  C.Path = Path;
  C.NewContent = Content;
  C.BlockLine = 1;
  if (std::optional<Diagnostic> D = rewrite::danglingLink(Path)) {
    Diags.push_back(*D);
    return std::nullopt;
  }
  if (!llvm::sys::fs::exists(Path)) {
    C.Created = true;
    return C;
  }
  std::string Why;
  std::unique_ptr<llvm::MemoryBuffer> B =
      readRegularFile(Path, /*MaxBytes=*/16 << 20, Why);
  if (!B) {
    Diags.push_back(errorAt(SourceLoc{Path, 1, 1},
                            "cannot read the " + What + " module: " + Why));
    return std::nullopt;
  }
  C.OldContent = B->getBuffer().str();
  C.Id = fileIdentity(Path);
  if (C.OldContent == Content)
    return std::nullopt;
  auto [First, Rest] = llvm::StringRef(C.OldContent).split('\n');
  std::optional<std::string> Sum = gen::pythonDefsChecksum(First.str());
  if (!Sum) {
    Diags.push_back(
        errorAt(SourceLoc{Path, 1, 1},
                "the " + What +
                    " module exists and was not "
                    "generated by skgen; skgen writes the whole file: "
                    "move it away or name another file"));
    return std::nullopt;
  }
  // One module, one library: another library's run would replace its
  // definitions, and each run would undo the other's (Ninja and CMake
  // refuse two rules generating one file).
  std::optional<std::string> Owner =
      gen::pythonDefsOwner(Rest.split('\n').first.str());
  if (Owner && *Owner != Library) {
    Diags.push_back(
        errorAt(SourceLoc{Path, 2, 1},
                "the " + What + " module belongs to the library of '" + *Owner +
                    "'; this run is " +
                    (Library.empty() ? std::string("without a .skgen.yaml")
                                     : "the library of '" + Library + "'") +
                    ": give each library its own " + What +
                    " file (or delete this "
                    "one to hand it over)"));
    return std::nullopt;
  }
  if (*Sum != hashContent(Rest.str()) && !Force) {
    Diags.push_back(errorAt(SourceLoc{Path, 1, 1},
                            "the " + What +
                                " module was edited by hand (its "
                                "checksum does not match); skgen --fix --force "
                                "replaces it"));
    return std::nullopt;
  }
  return C;
}

/// The blocks into the sources: shown (diff, --check), written (--fix) or
/// dumped (--dump-generated).
int Pipeline::apply(const graph::OpGraph &G,
                    const std::vector<gen::FileBlock> &Blocks) {
  if (Opts.DumpGenerated) {
    for (const gen::FileBlock &B : Blocks)
      Out << "// skgen: " << relativePath(B.File, Opts.BaseDir) << ":"
          << B.InsertAfterLine << "\n"
          << B.Body << "\n";
    if (!Opts.PythonDefsFile.empty())
      Out << "# skgen: " << relativePath(Opts.PythonDefsFile, Opts.BaseDir)
          << "\n"
          << gen::pythonDefsBody(G, genOptions()) << "\n";
    if (!Opts.AotiShimsFile.empty())
      Out << "# skgen: " << relativePath(Opts.AotiShimsFile, Opts.BaseDir)
          << "\n"
          << gen::aotiShimsModuleBody(G, genOptions()) << "\n";
    return ExitClean;
  }

  {
    std::vector<Diagnostic> Problems;
    if (!confineFacts(Facts, FirstLoaded, Opts.BaseDir, Problems)) {
      R.report(Problems, DiagnosticRule::Driver);
      return ExitError;
    }
  }
  std::map<std::string, std::string> Scanned;
  std::map<std::string, FileIdentity> Identities;
  for (const TUFacts &T : Facts) {
    if (!T.MainFile.empty())
      Scanned.emplace(T.MainFile, "");
    for (const auto &F : T.Files) {
      Scanned[F.Path] = F.Hash;
      Identities.emplace(F.Path, F.Id);
    }
  }
  rewrite::RewriteOptions RO;
  RO.Force = Opts.Force;
  RO.OutputFile = Opts.OutputFile;
  RO.Repair = Opts.RunMode == Mode::Fix;
  RO.Stamp = std::string("skgen ") + version();
  if (Opts.AliasKey != keys::CompositeExplicitAutograd)
    RO.Stamp += " --alias-key=" + Opts.AliasKey;
  if (Opts.Abi != Abi::Libtorch)
    RO.Stamp += std::string(" --abi=") + abiName(Opts.Abi);
  if (Opts.AliasDispatch != gen::AliasDispatch::Redispatch)
    RO.Stamp += std::string(" --alias-dispatch=") +
                gen::aliasDispatchName(Opts.AliasDispatch);
  std::vector<Diagnostic> PlanDiags;
  std::vector<rewrite::FileChange> Changes =
      rewrite::planChanges(Blocks, Scanned, RO, PlanDiags, Identities);
  // The generated Python modules: one library per file, marker and owner
  // line as PythonDefs' (gen/PythonDefs.h).
  auto AddPythonModule = [&](const std::string &File,
                             const std::string &Contents, const char *Label) {
    std::string Library = pythonDefsLibrary(File, Opts.ConfigPath);
    std::string Body = gen::pythonDefsOwnerLine(Library) + Contents;
    if (std::optional<rewrite::FileChange> C =
            pythonDefsChange(File, gen::pythonDefsMarker(Body, RO.Stamp) + Body,
                             Library, Opts.Force, PlanDiags, Label))
      Changes.push_back(std::move(*C));
  };
  if (!Opts.PythonDefsFile.empty())
    AddPythonModule(Opts.PythonDefsFile, gen::pythonDefsBody(G, genOptions()),
                    "PythonDefs");
  if (!Opts.AotiShimsFile.empty())
    AddPythonModule(Opts.AotiShimsFile,
                    gen::aotiShimsModuleBody(G, genOptions()), "AotiShims");
  for (Diagnostic &D : PlanDiags)
    if (D.Category.empty())
      D.Category = diagnosticCategory(DiagnosticRule::Rewrite);
  std::vector<Diagnostic> Diags = G.Diagnostics;
  Diags.insert(Diags.end(), PlanDiags.begin(), PlanDiags.end());
  if (R.report(Diags, DiagnosticRule::Link)) {
    exportFixes({});
    return ExitError;
  }

  if (!exportFixes(Changes))
    return ExitError;

  switch (Opts.RunMode) {
  case Mode::Diff:
    if (!R.sarif())
      Out << rewrite::unifiedDiff(Changes, Opts.BaseDir);
    R.outOfDate(Changes);
    return ExitClean;
  case Mode::Check:
    R.outOfDate(Changes);
    if (R.sarif())
      return Changes.empty() ? ExitClean : ExitOutOfDate;
    Out << rewrite::unifiedDiff(Changes, Opts.BaseDir);
    if (!Changes.empty()) {
      Out.flush();
      // Say why, where it is not (only) the annotations: an upgrade, other
      // options.
      std::vector<Diagnostic> Why;
      for (const rewrite::FileChange &C : Changes)
        if (!C.Reason.empty())
          Why.push_back(noteAt(SourceLoc{C.Path, C.BlockLine, 1}, C.Reason));
      R.report(Why, DiagnosticRule::OutOfDate);
      R.note("skgen: " + std::to_string(Changes.size()) +
             (Changes.size() == 1 ? " file is" : " files are") +
             " out of date; run skgen --fix");
      return ExitOutOfDate;
    }
    return ExitClean;
  case Mode::Fix: {
    std::vector<Diagnostic> WriteDiags;
    bool Ok = rewrite::applyChanges(Changes, WriteDiags);
    R.report(WriteDiags, DiagnosticRule::Rewrite);
    if (Ok)
      R.note("skgen: " + std::to_string(Changes.size()) +
             (Changes.size() == 1 ? " file" : " files") + " updated, " +
             std::to_string(G.Families.size()) +
             (G.Families.size() == 1 ? " family" : " families"));
    return Ok ? ExitClean : ExitError;
  }
  }
  return ExitClean;
}

} // namespace

int runPipeline(const DriverOptions &Opts,
                const clang::tooling::CompilationDatabase *DB,
                llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  Reporter R(Opts.Format, Opts.Color, Opts.BaseDir, Out, Err);
  // A run killed while writing (SIGKILL, power loss) is completed or undone
  // before anything reads the files it was writing.
  if (Opts.RunMode == Mode::Fix) {
    std::vector<std::string> Paths = Opts.Sources;
    if (!Opts.OutputFile.empty())
      Paths.push_back(Opts.OutputFile);
    if (!Opts.PythonDefsFile.empty())
      Paths.push_back(Opts.PythonDefsFile);
    if (!Opts.AotiShimsFile.empty())
      Paths.push_back(Opts.AotiShimsFile);
    std::vector<Diagnostic> RecoveryDiags;
    bool Recovered = rewrite::recoverInterruptedWrites(Paths, /*Repair=*/true,
                                                       RecoveryDiags);
    R.report(RecoveryDiags, DiagnosticRule::Rewrite);
    if (!Recovered)
      return R.finish(ExitError);
  }
  bool Rerun = false;
  int RC = Pipeline(Opts, DB, Out, R).run(Opts.RunMode == Mode::Fix, Rerun);
  // --fix applied fix-its: the sources changed, scan them again (once).
  if (Rerun)
    RC = Pipeline(Opts, DB, Out, R).run(/*ApplyFixIts=*/false, Rerun);
  return R.finish(RC);
}

} // namespace skgen
