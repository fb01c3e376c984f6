//===- Fallback.h - SKGEN_FALLBACK: one overload served by another -*- C++
//-*-===//
//
// Internal to lib/Graph. A family may declare that another overload of the
// same operator serves it on the backends without a kernel of its own
// (docs/annotations.md, "Overload fallbacks"). The link phase checks that the
// two schemas fit (same arguments, a Scalar here where the general overload
// has a Tensor) and records how the arguments map.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_GRAPH_FALLBACK_H
#define SKGEN_GRAPH_FALLBACK_H

#include "Graph/OpGraph.h"

#include <set>
#include <string>
#include <vector>

namespace skgen {
namespace graph {

/// Sets Family::FallbackTo for each family of \p Families (not \p Dropped)
/// with SKGEN_FALLBACK, or reports why it cannot be served that way (and
/// drops it). \p Invalid: out names of families declared with errors.
/// \p Target: the ABI, which decides what a number is (a Scalar; on the
/// stable ABI, which has none, a float, int or bool).
void resolveFallbacks(std::vector<Family> &Families, std::vector<bool> &Dropped,
                      const std::set<std::string> &Invalid, Abi Target,
                      std::vector<Diagnostic> &Diags);

} // namespace graph
} // namespace skgen

#endif
