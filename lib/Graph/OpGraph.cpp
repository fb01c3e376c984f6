//===- OpGraph.cpp - The link phase (placeholder until issue #4) ----------===//
#include "Graph/OpGraph.h"

namespace skgen {
namespace graph {

bool OpGraph::hasErrors() const {
  for (const Diagnostic &D : Diagnostics)
    if (D.Severity == Diagnostic::Level::Error)
      return true;
  return false;
}

OpGraph link(const std::vector<TUFacts> &Facts, const LinkOptions &) {
  OpGraph G;
  for (const TUFacts &T : Facts)
    G.Diagnostics.insert(G.Diagnostics.end(), T.Diagnostics.begin(),
                         T.Diagnostics.end());
  return G;
}

std::string toJSON(const OpGraph &) { return "{}\n"; }
std::string toDot(const OpGraph &) { return "digraph skgen {}\n"; }

} // namespace graph
} // namespace skgen
