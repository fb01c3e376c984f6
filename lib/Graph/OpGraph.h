//===- OpGraph.h - The link phase: facts -> op graph ------------*- C++ -*-===//
//
// All facts of a tree merged into families (an out= schema and its derived
// variants) with their kernels per dispatch key, validated across the tree.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_GRAPH_OPGRAPH_H
#define SKGEN_GRAPH_OPGRAPH_H

#include "Scan/Facts.h"
#include "Schema/Schema.h"
#include "Schema/Variants.h"

#include <string>
#include <vector>

namespace skgen {
namespace graph {

struct Kernel {
  std::string Key;     // Dispatch key: CPU, CUDA, Meta, PrivateUse1, ...
  std::string CppName; // Fully qualified out kernel function.
  SourceLoc Loc;       // The function's declaration.
  SourceLoc AnnotationLoc;
  unsigned InsertAfterOffset = 0, InsertAfterLine = 0; // See KernelFact.
};

struct Family {
  schema::FunctionSchema Out;
  schema::DerivedVariants Variants;
  FamilyOptions Options;
  SourceLoc DeclLoc;       // The SKGEN_STRUCTURED annotation.
  std::string DeclCppName; // The function SKGEN_STRUCTURED annotates.
  unsigned InsertAfterOffset = 0, InsertAfterLine = 0;
  std::vector<Kernel> Kernels; // Sorted by Key.
};

struct OpGraph {
  std::vector<Family> Families; // Sorted by out operator name.
  std::vector<Diagnostic> Diagnostics;
  bool hasErrors() const;
};

struct LinkOptions {
  /// Name of the alias key the generated defaults register under.
  std::string AliasKey = "CompositeExplicitAutograd";
};

/// Merges and validates. Facts diagnostics are carried over; link errors
/// are appended (with notes pointing at the other places involved).
OpGraph link(const std::vector<TUFacts> &Facts, const LinkOptions &Opts);

/// Stable JSON form (documented in docs/design.md) and Graphviz form.
std::string toJSON(const OpGraph &G);
std::string toDot(const OpGraph &G);

} // namespace graph
} // namespace skgen

#endif
