//===- Diagnostics.h - Diagnostics rendered by Clang ------------*- C++ -*-===//
//
// skgen's diagnostics (Basic/Diagnostic.h) are printed by Clang's own
// TextDiagnosticPrinter: each file gets a FileID in a SourceManager, each
// diagnostic a custom diagnostic ID of its level, so that the source line,
// the caret, highlighted ranges, fix-its, colours and notes look exactly as
// Clang's own.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_DRIVER_DIAGNOSTICS_H
#define SKGEN_DRIVER_DIAGNOSTICS_H

#include "Basic/Diagnostic.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace skgen {

/// Prints one diagnostic and its notes: `file:line:col: error: message`, the
/// source line, a caret, ranges and fix-its (when the file is readable).
/// Paths are printed relative to \p BaseDir when below it.
void printDiagnostic(llvm::raw_ostream &OS, const Diagnostic &D,
                     const std::string &BaseDir, bool Color = false);

/// Sorts \p Diags by location and drops duplicates (the same header seen
/// from several translation units reports once).
std::vector<Diagnostic> sortedUnique(std::vector<Diagnostic> Diags);

/// Prints all (sortedUnique) and, if any, "N errors generated."; returns the
/// number of errors.
unsigned printDiagnostics(llvm::raw_ostream &OS, std::vector<Diagnostic> Diags,
                          const std::string &BaseDir, bool Color = false);

/// Path of \p Path relative to \p BaseDir if it is below it, else unchanged.
std::string relativePath(const std::string &Path, const std::string &BaseDir);

} // namespace skgen

#endif
