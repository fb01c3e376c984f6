//===- PythonFakes.cpp - Python fakes that replace generated Meta kernels -===//
#include "Driver/PythonFakes.h"
#include "Scan/PythonSources.h"

namespace skgen {

std::vector<Diagnostic> pythonFakeWarnings(const graph::OpGraph &G,
                                           const std::string &Root) {
  std::vector<const graph::Family *> WithMeta;
  for (const graph::Family &F : G.Families) {
    bool Meta = graph::generatesMetaKernels(F);
    for (const graph::Kernel &K : F.Kernels)
      Meta |= K.Key == keys::Meta;
    if (Meta && !F.Options.External)
      WithMeta.push_back(&F);
  }
  std::vector<Diagnostic> Out;
  if (WithMeta.empty())
    return Out;
  for (const scan::PythonRegistration &P : scan::pythonRegistrations(Root)) {
    if (P.K != scan::PythonRegistration::Kind::Fake)
      continue;
    for (const graph::Family *F : WithMeta)
      for (const auto &V : graph::variantNames(*F)) {
        if (!scan::namesOperator(P.Op, V.first->qualifiedName(),
                                 V.first->Overload))
          continue;
        Diagnostic D = warningAt(
            P.Loc, "this Python fake of '" + P.Op +
                       "' replaces the Meta kernel skgen registers for it: "
                       "meta tensors, FakeTensorMode and torch.compile run "
                       "the fake, never the family's meta function; delete "
                       "it");
        D.Notes.push_back(noteAt(
            F->DeclLoc, "'" + F->name().str() +
                            "' gets its Meta kernel here (keep the fake with "
                            "SKGEN_NO_META_KERNEL on the family, if the meta "
                            "function is not meant to serve)"));
        Out.push_back(std::move(D));
      }
  }
  return Out;
}

} // namespace skgen
