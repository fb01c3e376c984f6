//===- Merge.cpp - One fact per annotated declaration ---------------------===//
//
// A declaration in a header is seen by every translation unit that includes
// it: its facts are merged into one, and where two TUs saw it differently
// (macros, default arguments) that is an error, not an arbitrary pick.
//
//===----------------------------------------------------------------------===//
#include "Graph/Merge.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <tuple>

namespace skgen {
namespace graph {

namespace {

/// Total order on facts for determinism (location first).
bool factLess(const KernelFact &A, const KernelFact &B) {
  return std::tie(A.AnnotationLoc, A.Loc, A.AnnotationKind, A.SchemaText,
                  A.CppName, A.Keys) < std::tie(B.AnnotationLoc, B.Loc,
                                                B.AnnotationKind, B.SchemaText,
                                                B.CppName, B.Keys);
}

bool sameDeclaration(const KernelFact &A, const KernelFact &B) {
  // The same annotated declaration seen from several translation units (a
  // header included by many): same place, so not a duplicate.
  return A.AnnotationKind == B.AnnotationKind &&
         A.AnnotationLoc == B.AnnotationLoc && A.Loc == B.Loc;
}

/// What two TUs' facts of the same declaration disagree on, "" if nothing
/// that generated code depends on.
std::string disagreement(const KernelFact &A, const KernelFact &B) {
  if (A.SchemaText != B.SchemaText)
    return "the schema strings";
  if (A.Keys != B.Keys)
    return "the dispatch keys";
  if (A.CppName != B.CppName)
    return "the function names";
  if (A.FunctionalKernel != B.FunctionalKernel ||
      nlohmann::json(A.Options) != nlohmann::json(B.Options))
    return "the family options";
  auto SameParam = [](const CppParamFact &P, const CppParamFact &Q) {
    return P.Name == Q.Name && P.Canonical == Q.Canonical &&
           P.IsConst == Q.IsConst && P.IsReference == Q.IsReference;
  };
  if (A.Params.size() != B.Params.size() ||
      !std::equal(A.Params.begin(), A.Params.end(), B.Params.begin(),
                  SameParam) ||
      !SameParam(A.Return, B.Return))
    return "the C++ signatures";
  return "";
}

} // namespace

std::vector<KernelFact> mergeKernelFacts(std::vector<SeenFact> Seen,
                                         std::vector<Diagnostic> &Diags) {
  std::stable_sort(Seen.begin(), Seen.end(), [](const auto &A, const auto &B) {
    return factLess(A.first, B.first);
  });
  // Merge the same declaration seen from several TUs: its signature was
  // checked if any TU could check it.
  std::vector<KernelFact> Unique;
  const std::string *UniqueTU = nullptr;
  std::set<std::pair<SourceLoc, SourceLoc>> Disagreeing;
  for (auto &[K, TU] : Seen) {
    if (!Unique.empty() && sameDeclaration(Unique.back(), K)) {
      KernelFact &U = Unique.back();
      std::string What = disagreement(U, K);
      if (!What.empty() &&
          Disagreeing.insert({K.AnnotationLoc, K.Loc}).second) {
        // A header seen through different macros or default arguments:
        // which TU's view would be generated is arbitrary.
        Diagnostic D = errorAt(
            K.AnnotationLoc.valid() ? K.AnnotationLoc : K.Loc,
            "translation units disagree about this annotated declaration of "
            "'" +
                K.CppName + "': " + What +
                " differ; make every TU that includes it see the same "
                "declaration (macros, default arguments)");
        D.Notes.push_back(noteAt(SourceLoc(), "seen so in " + *UniqueTU));
        D.Notes.push_back(noteAt(SourceLoc(), "and otherwise in " + *TU));
        Diags.push_back(std::move(D));
        U.AnnotationErrors = true;
      }
      U.AnnotationErrors |= K.AnnotationErrors;
      if (!U.SignatureChecked && K.SignatureChecked) {
        U.SignatureChecked = true;
        U.SignatureOk = K.SignatureOk;
      }
      // Placed by the TU that saw the definition, whichever came first;
      // among those, deterministically.
      if (U.DefinitionUnseen > K.DefinitionUnseen ||
          (U.DefinitionUnseen == K.DefinitionUnseen &&
           std::tie(K.InsertFile, K.InsertAfterLine, K.InsertAfterOffset) <
               std::tie(U.InsertFile, U.InsertAfterLine,
                        U.InsertAfterOffset))) {
        U.DefinitionUnseen = K.DefinitionUnseen;
        U.InsertFile = K.InsertFile;
        U.InsertAfterLine = K.InsertAfterLine;
        U.InsertAfterOffset = K.InsertAfterOffset;
      }
      continue;
    }
    Unique.push_back(std::move(K));
    UniqueTU = TU;
  }
  return Unique;
}

} // namespace graph
} // namespace skgen
