//===- Autograd.h - Autograd kernels from derivative formulas ---*- C++ -*-===//
//
// Internal to lib/Gen: the node and the Autograd kernels of a family with
// derivative formulas (Autograd.cpp), and of one marked not differentiable.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_GEN_AUTOGRAD_H
#define SKGEN_GEN_AUTOGRAD_H

#include "Gen/Wrappers.h"

#include <string>

namespace skgen {
namespace gen {

/// `MyopsAddBackward`: the node's type and name() (grad_fn's name).
/// The node of \p F's functional variant, or of its in-place one (\p Inplace)
/// when that has its own entries (SKGEN_INPLACE_DERIVATIVE).
std::string autogradNodeName(const graph::Family &F, bool Inplace = false);
/// `::ns::` for the namespace of the family's out= kernel (`::` if global):
/// the node and the Autograd kernels are defined there.
std::string autogradNamespacePrefix(const graph::Family &F);
/// The node: what the formulas read, saved; apply() computes the gradients
/// of the inputs the engine needs (task_should_compute_output).
std::string autogradNode(const FamilyApi &A, bool Inplace, Includes &Inc);
/// The Autograd kernel of the functional (or \p Inplace) variant.
std::string autogradKernel(const FamilyApi &A, bool Inplace,
                           const std::string &Name, Includes &Inc);
/// The Autograd kernel of the functional (or \p Inplace) variant of a family
/// without history (Derivatives::withoutHistory): the call below autograd,
/// as aten's (the kernel's own ATen calls do not see the tangents or record
/// history), and in place self's version.
std::string kernelWithoutHistory(const FamilyApi &A, bool Inplace,
                                 const std::string &Name, Includes &Inc);
/// The Autograd kernel of the functional (or \p Inplace) variant of a family
/// without derivative formulas: skgen::not_implemented, PyTorch's
/// autogradNotImplementedFallback() without boxing when no gradient is
/// needed.
std::string notImplementedKernel(const FamilyApi &A, bool Inplace,
                                 const std::string &Name, Includes &Inc);

} // namespace gen
} // namespace skgen

#endif
