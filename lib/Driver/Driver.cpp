//===- Driver.cpp - scan -> link -> emit -> apply -------------------------===//
#include "Driver/Driver.h"
#include "Driver/Diagnostics.h"
#include "Gen/Generate.h"
#include "Graph/OpGraph.h"
#include "Rewrite/Rewrite.h"
#include "Scan/Cache.h"
#include "Scan/FactsFile.h"
#include "Scan/Scanner.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

#include <map>
#include <set>

namespace skgen {

static bool writeTextFile(const std::string &Path, const std::string &Text,
                          llvm::raw_ostream &Err) {
  if (Path == "-") {
    llvm::outs() << Text;
    return true;
  }
  // All or nothing: a temporary file renamed over Path (disk full, I/O
  // errors and signals leave Path as it was).
  if (llvm::Error E = rewrite::writeFileAtomically(Path, Text)) {
    Err << "skgen: error: " << llvm::toString(std::move(E)) << "\n";
    return false;
  }
  return true;
}

/// True (with an error) if writing \p Option's file \p Path would replace
/// one of the run's inputs: a source, a file the scan read, a facts file.
static bool clobbersInput(const std::string &Option, const std::string &Path,
                          const DriverOptions &Opts,
                          const std::vector<TUFacts> &Facts,
                          llvm::raw_ostream &Err) {
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
      Err << "skgen: error: " << Option << " would overwrite the input '"
          << Path << "'; choose another file\n";
      return true;
    }
  return false;
}

/// `target: deps...` for Ninja/Make: every file the facts were read from.
static bool writeDepFile(const std::string &Path, const std::string &Target,
                         const std::vector<std::string> &Sources,
                         const scan::ScanReport &Report,
                         llvm::raw_ostream &Err) {
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
  return writeTextFile(Path, Text + "\n", Err);
}

int runPipeline(const DriverOptions &Opts,
                const clang::tooling::CompilationDatabase *DB,
                llvm::raw_ostream &Out, llvm::raw_ostream &Err) {
  // A run killed while writing (SIGKILL, power loss) is completed or undone
  // before anything reads the files it was writing.
  if (Opts.RunMode == Mode::Fix) {
    std::vector<std::string> Paths = Opts.Sources;
    if (!Opts.OutputFile.empty())
      Paths.push_back(Opts.OutputFile);
    std::vector<Diagnostic> RecoveryDiags;
    bool Recovered = rewrite::recoverInterruptedWrites(Paths, /*Repair=*/true,
                                                       RecoveryDiags);
    printDiagnostics(Err, RecoveryDiags, Opts.BaseDir);
    if (!Recovered)
      return 1;
  }

  // scan
  std::vector<TUFacts> Facts;
  if (!Opts.Sources.empty() && DB) {
    scan::ScanOptions SO;
    SO.Jobs = Opts.Jobs;
    SO.NoPrefilter = Opts.NoPrefilter;
    SO.BuildDir = Opts.BuildDir;
    SO.CacheDir = Opts.NoCache ? "" : scan::defaultCacheDir(Opts.BuildDir);
    SO.UsePch = !Opts.NoPch;
    scan::ScanReport Report;
    Facts = scan::scanFiles(*DB, Opts.Sources, SO, &Report);
    rewrite::reportBrokenBlocks(Facts);
    if (Opts.CacheStats)
      Err << "skgen: scan: " << Report.Hits << " cached, " << Report.BodyHits
          << " cached after body edits, " << Report.Parsed << " parsed ("
          << Report.WithPch << " with a shared PCH, " << Report.PchBuilt
          << " PCH built)\n";
    if (!Opts.DepFile.empty() &&
        !writeDepFile(Opts.DepFile, Opts.DumpFacts, Opts.Sources, Report, Err))
      return 1;
  }
  // Facts files are untrusted input (Scan/FactsFile.h).
  const size_t FirstLoaded = Facts.size();
  for (const std::string &F : Opts.FactsInputs) {
    std::vector<Diagnostic> LoadDiags;
    if (!readFactsFile(F, Facts, LoadDiags)) {
      printDiagnostics(Err, LoadDiags, Opts.BaseDir);
      return ExitError;
    }
  }

  if (!Opts.DumpFacts.empty()) {
    if (clobbersInput("--dump-facts", Opts.DumpFacts, Opts, Facts, Err))
      return ExitError;
    nlohmann::json J = Facts;
    // Names and paths come from sources: never throw on invalid UTF-8.
    std::string Text =
        J.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    // Unchanged facts keep their timestamp: a build step depending on them
    // (Ninja's restat) has nothing to do.
    bool Same = false;
    if (Opts.DumpFacts != "-" && llvm::sys::fs::is_regular_file(Opts.DumpFacts))
      if (auto Old = llvm::MemoryBuffer::getFile(Opts.DumpFacts))
        Same = (*Old)->getBuffer() == Text;
    bool Ok = Same || writeTextFile(Opts.DumpFacts, Text, Err);
    std::vector<Diagnostic> Diags;
    for (const TUFacts &T : Facts)
      Diags.insert(Diags.end(), T.Diagnostics.begin(), T.Diagnostics.end());
    unsigned Errors = printDiagnostics(Err, Diags, Opts.BaseDir);
    return (Ok && !Errors) ? ExitClean : ExitError;
  }

  // link
  graph::LinkOptions LO;
  LO.AliasKey = Opts.AliasKey;
  graph::OpGraph G = graph::link(Facts, LO);
  if (!Opts.DumpGraph.empty()) {
    if (Opts.DumpGraph == "dot")
      Out << graph::toDot(G);
    else
      Out << graph::toJSON(G);
    Out.flush();
    unsigned Errors = printDiagnostics(Err, G.Diagnostics, Opts.BaseDir);
    return Errors ? ExitError : ExitClean;
  }
  std::vector<Diagnostic> Diags = G.Diagnostics;
  if (G.hasErrors()) {
    printDiagnostics(Err, Diags, Opts.BaseDir);
    return ExitError;
  }

  // --output replaces the whole file: never one that holds annotations.
  if (!Opts.OutputFile.empty() && llvm::sys::fs::exists(Opts.OutputFile))
    for (const TUFacts &T : Facts)
      for (const KernelFact &K : T.Kernels)
        if (llvm::sys::fs::equivalent(Opts.OutputFile, K.AnnotationLoc.File) ||
            llvm::sys::fs::equivalent(Opts.OutputFile, K.InsertFile)) {
          Err << "skgen: error: --output would overwrite '" << Opts.OutputFile
              << "', which holds skgen annotations; choose another file\n";
          return ExitError;
        }

  // emit
  gen::GenOptions GO;
  GO.AliasKey = Opts.AliasKey;
  GO.StandaloneFile = Opts.OutputFile;
  std::vector<gen::FileBlock> Blocks = gen::generate(G, GO);

  // Code for an annotated header declaration goes next to its definition;
  // when no scanned file has it, this run leaves that code alone (wherever
  // an earlier run put it), so the result never depends on the file list.
  if (Opts.OutputFile.empty())
    for (const graph::Family &F : G.Families) {
      std::vector<std::pair<SourceLoc, std::string>> Unplaced;
      if (F.Unplaced)
        Unplaced.push_back({F.DeclLoc, F.DeclCppName});
      for (const graph::Kernel &K : F.Kernels)
        if (K.Unplaced && !(F.Unplaced && K.CppName == F.DeclCppName))
          Unplaced.push_back({K.AnnotationLoc, K.CppName});
      for (const auto &[Loc, Name] : Unplaced)
        Diags.push_back(warningAt(
            Loc, "no scanned file defines '" + Name +
                     "'; its generated code goes next to its definition, so "
                     "this run generates none for it (scan the file that "
                     "defines it)"));
    }

  // apply
  // Registrations are static initializers: in a header they would run once
  // per translation unit that includes it and fail as duplicates at load.
  if (Opts.OutputFile.empty())
    for (const gen::FileBlock &B : Blocks) {
      llvm::StringRef Ext = llvm::sys::path::extension(B.File);
      if (Ext == ".h" || Ext == ".hh" || Ext == ".hpp" || Ext == ".hxx" ||
          Ext == ".cuh" || Ext == ".inc") {
        Diags.push_back(warningAt(
            SourceLoc{B.File, B.InsertAfterLine, 1},
            "generated registrations will be placed in a header; include it "
            "from exactly one translation unit, or annotate the kernels in a "
            "source file, or use --output"));
      }
    }

  if (Opts.DumpGenerated) {
    for (const gen::FileBlock &B : Blocks)
      Out << "// skgen: " << relativePath(B.File, Opts.BaseDir) << ":"
          << B.InsertAfterLine << "\n"
          << B.Body << "\n";
    return ExitClean;
  }

  if (!confineFacts(Facts, FirstLoaded, Opts.BaseDir, Diags)) {
    printDiagnostics(Err, Diags, Opts.BaseDir);
    return ExitError;
  }
  std::map<std::string, std::string> Scanned;
  for (const TUFacts &T : Facts) {
    if (!T.MainFile.empty())
      Scanned.emplace(T.MainFile, "");
    for (const auto &F : T.Files)
      Scanned[F.Path] = F.Hash;
  }
  rewrite::RewriteOptions RO;
  RO.Force = Opts.Force;
  RO.OutputFile = Opts.OutputFile;
  RO.Repair = Opts.RunMode == Mode::Fix;
  std::vector<rewrite::FileChange> Changes =
      rewrite::planChanges(Blocks, Scanned, RO, Diags);
  bool HasErrors = false;
  for (const Diagnostic &D : Diags)
    HasErrors |= D.Severity == Diagnostic::Level::Error;
  if (HasErrors) {
    printDiagnostics(Err, Diags, Opts.BaseDir);
    return ExitError;
  }
  printDiagnostics(Err, Diags, Opts.BaseDir); // warnings

  if (!Opts.ExportFixes.empty()) {
    if (clobbersInput("--export-fixes", Opts.ExportFixes, Opts, Facts, Err))
      return ExitError;
    std::string Main = Opts.Sources.empty() ? "" : Opts.Sources.front();
    std::vector<Diagnostic> ExportDiags;
    std::string YAML = rewrite::exportFixesYAML(Changes, Main, &ExportDiags);
    printDiagnostics(Err, ExportDiags, Opts.BaseDir);
    if (!writeTextFile(Opts.ExportFixes, YAML, Err))
      return ExitError;
  }

  switch (Opts.RunMode) {
  case Mode::Diff:
    Out << rewrite::unifiedDiff(Changes, Opts.BaseDir);
    return ExitClean;
  case Mode::Check:
    Out << rewrite::unifiedDiff(Changes, Opts.BaseDir);
    if (!Changes.empty()) {
      Err << "skgen: " << Changes.size()
          << (Changes.size() == 1 ? " file is" : " files are")
          << " out of date; run skgen --fix\n";
      return ExitOutOfDate;
    }
    return ExitClean;
  case Mode::Fix: {
    std::vector<Diagnostic> WriteDiags;
    bool Ok = rewrite::applyChanges(Changes, WriteDiags);
    printDiagnostics(Err, WriteDiags, Opts.BaseDir);
    return Ok ? ExitClean : ExitError;
  }
  }
  return ExitClean;
}

} // namespace skgen
