//===- StableAutograd.h - Backward operators, stable ABI --------*- C++ -*-===//
//
//
// Internal to lib/Gen: the kernel of a family's backward operator on the
// stable target (StableAutograd.cpp); its autograd is the Python
// companion's (PythonDefs.h).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_GEN_STABLEAUTOGRAD_H
#define SKGEN_GEN_STABLEAUTOGRAD_H

#include "Gen/Wrappers.h"

#include <string>

namespace skgen {
namespace gen {

/// The CompositeImplicitAutograd kernel of the backward operator of \p A's
/// family: its formulas on skgen::formulas::Tensor, per the mask.
std::string stableBackwardKernel(const FamilyApi &A, const std::string &Name,
                                 Includes &Inc);

} // namespace gen
} // namespace skgen

#endif
