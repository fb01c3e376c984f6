//===- Placement.cpp - Where generated code can go ------------------------===//
//
// The link-level rules of placement: what --output (all registrations in
// one other translation unit) cannot call, and the code that has no place in
// this run.
//
//===----------------------------------------------------------------------===//
#include "Graph/OpGraph.h"

namespace skgen {
namespace graph {

std::vector<Diagnostic> placementDiagnostics(const std::vector<TUFacts> &Facts,
                                             const OpGraph &G,
                                             const LinkOptions &Opts) {
  std::vector<Diagnostic> Out;
  if (!Opts.OutputFile.empty()) {
    // The registrations in another translation unit cannot call a kernel
    // with internal linkage (the load would fail with an undefined symbol).
    for (const TUFacts &T : Facts)
      for (const KernelFact &K : T.Kernels) {
        if (K.InternalLinkage.empty())
          continue;
        Diagnostic D =
            errorAt(K.Loc, "kernel '" + K.CppName + "' has internal linkage (" +
                               K.InternalLinkage + "); the registrations in '" +
                               Opts.OutputFile +
                               "' (--output) cannot call it: give it external "
                               "linkage, or drop --output");
        if (K.NameLength)
          D.Ranges.push_back(
              {K.Loc, SourceLoc{K.Loc.File, K.Loc.Line,
                                K.Loc.Column + K.NameLength - 1}});
        D.Notes.push_back(noteAt(K.AnnotationLoc, "annotation is here"));
        Out.push_back(std::move(D));
      }
    return Out;
  }
  // Code for an annotated header declaration goes next to its definition;
  // when no scanned file has it, this run leaves that code alone (wherever
  // an earlier run put it), so the result never depends on the file list.
  for (const Family &F : G.Families) {
    std::vector<std::pair<SourceLoc, std::string>> Unplaced;
    if (F.Unplaced)
      Unplaced.push_back({F.DeclLoc, F.DeclCppName});
    for (const Kernel &K : F.Kernels)
      if (K.Unplaced && !(F.Unplaced && K.CppName == F.DeclCppName))
        Unplaced.push_back({K.AnnotationLoc, K.CppName});
    for (const auto &[Loc, Name] : Unplaced)
      Out.push_back(warningAt(
          Loc, "no scanned file defines '" + Name +
                   "'; its generated code goes next to its definition, so "
                   "this run generates none for it (scan the file that "
                   "defines it)"));
  }
  return Out;
}

} // namespace graph
} // namespace skgen
