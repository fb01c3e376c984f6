//===- Ownership.h - Namespaces shared between libraries --------*- C++ -*-===//
//
// PyTorch lets one TORCH_LIBRARY(ns, m) define a namespace per process and
// any number of TORCH_LIBRARY_FRAGMENT(ns, m) add to it; an operator defined
// twice aborts the load ("registered multiple times"). A library states the
// namespaces it owns in .skgen.yaml (OwnedNamespaces); facts of another
// library (--facts of a TU whose nearest .skgen.yaml is another one) are
// not generated for, only checked against: two owners of one namespace, or
// one operator defined by two libraries, are errors.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_DRIVER_OWNERSHIP_H
#define SKGEN_DRIVER_OWNERSHIP_H

#include "Facts/Facts.h"
#include "Graph/OpGraph.h"

#include <string>
#include <vector>

namespace skgen {

/// Moves out of \p Facts the translation units of other libraries: those
/// whose main file's nearest .skgen.yaml is not \p ConfigPath.
std::vector<TUFacts> takeForeignFacts(std::vector<TUFacts> &Facts,
                                      const std::string &ConfigPath);

/// Errors for a namespace this library owns that another one owns too, and
/// for operators that this library (\p Own) and another (\p Foreign) both
/// define.
std::vector<Diagnostic>
checkOwnership(const graph::OpGraph &Own, const std::vector<TUFacts> &Foreign,
               const std::string &ConfigPath,
               const std::vector<std::string> &OwnedNamespaces,
               const std::string &AliasKey);

} // namespace skgen

#endif
