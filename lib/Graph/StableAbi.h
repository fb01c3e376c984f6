//===- StableAbi.h - What the stable-ABI target cannot express --*- C++ -*-===//
//
// Internal to lib/Graph. With `--abi=stable` the generated code uses only
// PyTorch's stable ABI (torch/csrc/stable, torch/headeronly), which lacks
// pieces libtorch's C++ API has: at::Scalar and SymInt boxing, autograd,
// redispatch, resize_output for a kernel's own use. The link phase reports
// each use of one at the annotation or schema argument, with the reason and
// what to do (docs/stable-abi.md), so that generated code always compiles.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_GRAPH_STABLEABI_H
#define SKGEN_GRAPH_STABLEABI_H

#include "Graph/OpGraph.h"

#include <vector>

namespace skgen {
namespace graph {

/// What family \p F (declared by \p Decl) uses that the stable ABI cannot
/// express, one error each (\p Opts: whether a Python companion registers
/// its autograd).
std::vector<Diagnostic> stableAbiGaps(const Family &F, const KernelFact &Decl,
                                      const LinkOptions &Opts);

/// The stable target sizes outputs from a meta function: the error for a
/// kernel \p K of family \p F, which has none.
Diagnostic needsMeta(const Family &F, const KernelFact &K);

/// What the stable target compiles but does not generate for \p F (forward
/// formulas), one warning each.
std::vector<Diagnostic> stableAbiWarnings(const Family &F);

/// An error when kernel \p K is written against another ABI than the
/// library targets (\p Library): its types decide (declaredAbi).
std::optional<Diagnostic> abiMismatch(const KernelFact &K, Abi Library);

} // namespace graph
} // namespace skgen

#endif
