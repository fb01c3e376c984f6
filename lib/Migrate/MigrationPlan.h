//===- MigrationPlan.h - --migrate: adopt skgen in a library ----*- C++ -*-===//
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
// warning that says why. On the stable target (\p G's ABI) the out= kernels
// are not annotated: the family needs a meta function, which a kernel does
// not tell; the warning proposes the annotations (docs/stable-abi.md). A
// STABLE_TORCH_LIBRARY* block in a library that targets libtorch is an error.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_MIGRATE_MIGRATIONPLAN_H
#define SKGEN_MIGRATE_MIGRATIONPLAN_H

#include "Graph/OpGraph.h"
#include "Migrate/Registrations.h"
#include "Scan/PythonSources.h"

#include <string>
#include <vector>

namespace skgen {
namespace migrate {

struct MigrationPlan {
  /// Warnings carrying the fix-its, warnings and notes for what is left,
  /// errors (the planned annotations do not link).
  std::vector<Diagnostic> Diags;
  unsigned Removed = 0, Annotated = 0;
  /// Hand-written registrations kept, each with a diagnostic saying why.
  unsigned Kept = 0;
  /// The hand-written registrations removed.
  std::vector<const HandRegistration *> RemovedRegs;
};

/// Plans the migration of the registrations in \p Scan, given the library's
/// scanned annotations \p Facts (linked as \p G, for G.Abi), the alias key
/// and the library's Python registrations \p Python (an autograd registered
/// there keeps its family's generated one out: SKGEN_NO_AUTOGRAD).
MigrationPlan
planMigration(const RegistrationScan &Scan, const std::vector<TUFacts> &Facts,
              const graph::OpGraph &G, const std::string &AliasKey,
              const std::vector<scan::PythonRegistration> &Python);

} // namespace migrate
} // namespace skgen

#endif
