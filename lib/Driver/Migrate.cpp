//===- Migrate.cpp - skgen --migrate
//----------------------------------------===//
//
// The mode's run: scan the hand-written registrations, plan
// (lib/Migrate/MigrationPlan.h), report, show or write the edits.
//
//===----------------------------------------------------------------------===//
#include "Driver/Migrate.h"
#include "Driver/Diagnostics.h"
#include "Incremental/Cache.h"
#include "Rewrite/Rewrite.h"

namespace skgen {

using migrate::MigrationPlan;

int runMigration(const DriverOptions &Opts,
                 const clang::tooling::CompilationDatabase &DB,
                 const std::vector<std::string> &Files,
                 const std::vector<TUFacts> &Facts, const graph::OpGraph &G,
                 Reporter &R, llvm::raw_ostream &Out,
                 const std::function<bool()> &ExportFixes) {
  scan::ScanOptions SO;
  SO.BuildDir = Opts.BuildDir;
  SO.ExtraArgs = Opts.ExtraArgs;
  SO.ExtraArgsBefore = Opts.ExtraArgsBefore;
  SO.Jobs = Opts.Jobs;
  SO.CacheDir = Opts.NoCache ? "" : incremental::defaultCacheDir(Opts.BuildDir);
  migrate::RegistrationScan S = migrate::scanRegistrations(DB, Files, SO);
  if (Opts.CacheStats)
    R.note("skgen: --migrate scan: " + std::to_string(S.Cached) + " cached, " +
           std::to_string(S.Parsed) + " parsed, " +
           std::to_string(S.Unread.size()) + " not parsed");
  // A file that does not parse is a warning (the others are migrated); an
  // error when none does.
  if (R.report(S.Diagnostics, DiagnosticRule::Migrate))
    return ExitError;
  MigrationPlan P = migrate::planMigration(
      S, Facts, G, Opts.AliasKey, scan::pythonRegistrations(Opts.BaseDir));
  for (Diagnostic &D : migrate::unusedAutograd(S.Autograd, P.RemovedRegs, Files,
                                               Opts.MigrateRemoveUnused))
    P.Diags.push_back(std::move(D));
  for (Diagnostic &D : P.Diags)
    if (D.Category.empty())
      D.Category = diagnosticCategory(DiagnosticRule::Migrate);
  std::vector<Diagnostic> Problems;
  std::vector<rewrite::FileChange> Changes =
      rewrite::fixItChanges(P.Diags, Problems);
  for (const rewrite::FileChange &C : Changes) {
    auto It = S.FileHashes.find(C.Path);
    if (It != S.FileHashes.end() && It->second != hashContent(C.OldContent))
      Problems.push_back(errorAt(SourceLoc{C.Path, 1, 1},
                                 "file changed since it was scanned; re-run "
                                 "skgen"));
  }
  unsigned Errors = R.report(P.Diags, DiagnosticRule::Migrate);
  Errors += R.report(Problems, DiagnosticRule::Rewrite);
  if (Errors) {
    ExportFixes();
    return ExitError;
  }
  // The fix-its are the changes: exported once, with their diagnostics.
  if (!ExportFixes())
    return ExitError;
  std::string Summary = std::to_string(P.Annotated) +
                        (P.Annotated == 1 ? " kernel" : " kernels") +
                        " annotated, " + std::to_string(P.Removed) +
                        (P.Removed == 1 ? " registration" : " registrations") +
                        " removed, " + std::to_string(P.Kept) +
                        " left as they are";
  if (!S.Unread.empty()) {
    Summary += "; not parsed, left as they are:";
    for (const migrate::UnreadFile &U : S.Unread)
      Summary += " " + relativePath(U.Path, Opts.BaseDir);
  }
  switch (Opts.RunMode) {
  case Mode::Diff:
    if (!R.sarif())
      Out << rewrite::unifiedDiff(Changes, Opts.BaseDir);
    Out.flush();
    R.note("skgen: --migrate: " + Summary);
    return ExitClean;
  case Mode::Check:
    if (!R.sarif())
      Out << rewrite::unifiedDiff(Changes, Opts.BaseDir);
    if (Changes.empty())
      return ExitClean;
    Out.flush();
    R.note("skgen: --migrate: " + std::to_string(Changes.size()) +
           (Changes.size() == 1 ? " file" : " files") + " to update (" +
           Summary + "); run skgen --migrate --fix");
    return ExitOutOfDate;
  case Mode::Fix: {
    std::vector<Diagnostic> WriteDiags;
    bool Ok = rewrite::applyChanges(Changes, WriteDiags);
    R.report(WriteDiags, DiagnosticRule::Rewrite);
    if (Ok)
      R.note("skgen: --migrate: " + std::to_string(Changes.size()) +
             (Changes.size() == 1 ? " file" : " files") + " updated (" +
             Summary + "); run skgen --fix to generate the code");
    return Ok ? ExitClean : ExitError;
  }
  }
  return ExitClean;
}

} // namespace skgen
