//===- Merge.h - One fact per annotated declaration -------------*- C++ -*-===//
//
// Internal to lib/Graph (Merge.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_GRAPH_MERGE_H
#define SKGEN_GRAPH_MERGE_H

#include "Facts/Facts.h"

#include <string>
#include <utility>
#include <vector>

namespace skgen {
namespace graph {

/// A kernel fact and the main file of the translation unit that saw it.
using SeenFact = std::pair<KernelFact, const std::string *>;

/// The facts in a deterministic order (location first), each annotated
/// declaration once: its signature counts as checked if any TU checked it,
/// its code goes where the TU that saw its definition says. TUs that saw it
/// differently get an error in \p Diags (naming both) and the merged fact
/// AnnotationErrors.
std::vector<KernelFact> mergeKernelFacts(std::vector<SeenFact> Seen,
                                         std::vector<Diagnostic> &Diags);

} // namespace graph
} // namespace skgen

#endif
