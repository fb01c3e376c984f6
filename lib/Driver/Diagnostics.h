//===- Diagnostics.h - Clang-style diagnostic printing ----------*- C++ -*-===//
#ifndef SKGEN_DRIVER_DIAGNOSTICS_H
#define SKGEN_DRIVER_DIAGNOSTICS_H

#include "Scan/Facts.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace skgen {

/// Prints `file:line:col: error: message`, the source line and a caret (when
/// the file is readable), then the notes. Paths are printed relative to
/// \p BaseDir when below it.
void printDiagnostic(llvm::raw_ostream &OS, const Diagnostic &D,
                     const std::string &BaseDir, bool Color = false);

/// Prints all, errors and warnings in location order; returns the number of
/// errors.
unsigned printDiagnostics(llvm::raw_ostream &OS, std::vector<Diagnostic> Diags,
                          const std::string &BaseDir, bool Color = false);

/// Path of \p Path relative to \p BaseDir if it is below it, else unchanged.
std::string relativePath(const std::string &Path, const std::string &BaseDir);

} // namespace skgen

#endif
