//===- Migrate.h - skgen --migrate: adopt skgen in a library ----*- C++ -*-===//
//
// A library that registers its operators by hand cannot simply add skgen's
// annotations: the generated definitions would meet the hand-written ones
// ("registered multiple times" at load). `--migrate` plans the adoption as
// diagnostics with fix-its (docs/user-guide.md, "Adopting skgen in an
// existing library"):
//
//  * a hand-written out= kernel (m.impl("foo.out", fn) of an m.def'ed out=
//    schema) gets SKGEN_STRUCTURED with that schema (further kernels of the
//    family, SKGEN_KERNEL), and its file `#include <skgen/annotations.h>`;
//  * every hand-written m.def / m.impl that skgen's generated code then makes
//    (the op graph's registrations, with the annotations above) is removed.
//
// What skgen cannot read or remove safely is left as it is, with a note or a
// warning that says why.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_DRIVER_MIGRATE_H
#define SKGEN_DRIVER_MIGRATE_H

#include "Driver/Driver.h"
#include "Graph/OpGraph.h"
#include "Scan/Registrations.h"

#include <functional>
#include <string>
#include <vector>

namespace skgen {

struct MigrationPlan {
  /// Warnings carrying the fix-its, warnings and notes for what is left,
  /// errors (the planned annotations do not link).
  std::vector<Diagnostic> Diags;
  unsigned Removed = 0, Annotated = 0;
};

/// Plans the migration of the registrations in \p Scan, given the library's
/// scanned annotations \p Facts (linked as \p G) and the alias key.
MigrationPlan planMigration(const scan::RegistrationScan &Scan,
                            const std::vector<TUFacts> &Facts,
                            const graph::OpGraph &G,
                            const std::string &AliasKey);

/// `skgen --migrate` over \p Files (the library's sources), once the
/// annotations are linked: plans, reports through \p R, calls \p ExportFixes
/// (--export-fixes), and shows (diff, --check) or writes (--fix) the edits.
/// Returns the exit code.
int runMigration(const DriverOptions &Opts,
                 const clang::tooling::CompilationDatabase &DB,
                 const std::vector<std::string> &Files,
                 const std::vector<TUFacts> &Facts, const graph::OpGraph &G,
                 Reporter &R, llvm::raw_ostream &Out,
                 const std::function<bool()> &ExportFixes);

} // namespace skgen

#endif
