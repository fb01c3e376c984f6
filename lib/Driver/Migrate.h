//===- Migrate.h - skgen --migrate ------------------------------*- C++ -*-===//
//
// The --migrate mode of the driver; what it plans is lib/Migrate's
// (MigrationPlan.h).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_DRIVER_MIGRATE_H
#define SKGEN_DRIVER_MIGRATE_H

#include "Driver/Driver.h"
#include "Graph/OpGraph.h"
#include "Migrate/MigrationPlan.h"

#include <functional>
#include <string>
#include <vector>

namespace skgen {

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
