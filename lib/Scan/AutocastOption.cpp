//===- AutocastOption.cpp - SKGEN_AUTOCAST -------------------------------===//
//
// The Collector's reading of SKGEN_AUTOCAST(policy) (Collector.h): one of
// aten's cast policies (Basic/AutocastPolicies.def) that fits the family
// (Facts/Autocast.h), or an error at the policy's name.
//
//===----------------------------------------------------------------------===//
#include "Facts/Autocast.h"
#include "Scan/Collector.h"

using namespace clang;

namespace skgen {
namespace scan {

void Collector::applyAutocast(const Annot &O, const schema::FunctionSchema &S,
                              KernelFact &K) {
  std::string Name = llvm::StringRef(O.Texts[0]).trim().str();
  clang::SourceLocation NameLoc = macroArgLoc(O, 0, Name);
  if (Name.empty()) {
    error(O.MacroLoc, "'SKGEN_AUTOCAST' needs one of aten's cast policies (" +
                          generatedAutocastPolicies() +
                          "), e.g. SKGEN_AUTOCAST(lower_precision_fp)");
    return;
  }
  std::string Why = autocastError(Name, S, !K.Options.NoFunctional);
  if (Why.empty()) {
    K.Options.Autocast = Name;
    return;
  }
  Diagnostic &E = error(NameLoc, Why);
  if (NameLoc != O.MacroLoc)
    E.Ranges.push_back(
        {E.Loc, Locs.convert(NameLoc.getLocWithOffset(Name.size()))});
  if (findAutocastPolicy(Name))
    return;
  // A misspelt policy: the closest one, when it is close.
  std::string Best;
  unsigned BestDist = 4;
  for (const AutocastPolicyInfo &P : autocastPolicies()) {
    unsigned D = llvm::StringRef(P.Name).edit_distance(Name);
    if (!*P.Refused && D < BestDist) {
      BestDist = D;
      Best = P.Name;
    }
  }
  if (!Best.empty())
    suggest(E, NameLoc, Best, NameLoc != O.MacroLoc ? Name.size() : 0);
}

} // namespace scan
} // namespace skgen
