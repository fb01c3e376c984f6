//===- PythonAutograd.h - Autograd from Python (stable ABI) -----*- C++ -*-===//
//
// Internal to lib/Gen: the stable target's Autograd registrations, written
// into the Python companion (PythonDefs.h) by PythonAutograd.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_GEN_PYTHONAUTOGRAD_H
#define SKGEN_GEN_PYTHONAUTOGRAD_H

#include "Graph/OpGraph.h"

#include <string>

namespace skgen {
namespace gen {

/// The module-level helpers the registrations call (once per module).
const char *pythonAutogradHelpers();

/// The autograd of family \p F (with formulas, or marked not
/// differentiable), registered through the Library object \p Lib.
std::string pythonAutograd(const graph::Family &F, const std::string &Lib);

} // namespace gen
} // namespace skgen

#endif
