//===- Vocabulary.cpp - skgen --print-vocabulary
//---------------------------===//
#include "Basic/Annotations.h"
#include "Basic/Diagnostic.h"
#include "Basic/DispatchKeys.h"
#include "Driver/Driver.h"
#include "Schema/MetaPresets.h"

namespace skgen {

static const char *placementName(AnnotationPlacement P) {
  switch (P) {
  case AnnotationPlacement::Primary:
    return "primary";
  case AnnotationPlacement::FamilyOption:
    return "family-option";
  case AnnotationPlacement::FamilyOptionList:
    return "family-option-list";
  }
  return "";
}

static const char *className(DispatchKeyClass C) {
  switch (C) {
  case DispatchKeyClass::Backend:
    return "backend";
  case DispatchKeyClass::Alias:
    return "alias";
  case DispatchKeyClass::Internal:
    return "internal";
  }
  return "";
}

/// A preset's roles: `name:Kind`, then `?` when optional, `...` when it takes
/// every operand, `[libtorch]` when the stable runtime does not take it.
static std::string presetRoles(const schema::MetaPreset &P) {
  std::string Out;
  for (const schema::PresetRole &R : P.Roles)
    Out += std::string(Out.empty() ? "" : " ") + R.Name + ":" +
           schema::roleKindName(R.Kind) + (R.Optional ? "?" : "") +
           (P.Variadic ? "..." : "") + (R.Stable ? "" : "[libtorch]");
  return Out;
}

static const char *vmapRuleName(schema::VmapRule V) {
  switch (V) {
  case schema::VmapRule::None:
    return "none";
  case schema::VmapRule::Pointwise:
    return "pointwise";
  case schema::VmapRule::Reduction:
    return "reduction";
  }
  return "";
}

int runPrintVocabulary(Vocabulary Which, llvm::raw_ostream &Out) {
  switch (Which) {
  case Vocabulary::Annotations:
    // macro, attribute, arguments, placement, facts key, example arguments
    for (const AnnotationInfo &A : annotations())
      Out << A.Macro << '\t' << AnnotationPrefix << A.Name << '\t' << A.NumArgs
          << '\t' << placementName(A.Placement) << '\t' << A.FactsKey << '\t'
          << A.Example << '\n';
    break;
  case Vocabulary::DispatchKeys:
    for (const DispatchKeyInfo &K : dispatchKeys())
      Out << K.Name << '\t' << className(K.Class) << '\t'
          << (K.Guard == DispatchKeyGuard::DeviceGuard ? "device-guard"
                                                       : "no-guard")
          << '\n';
    break;
  case Vocabulary::DiagnosticRules:
    for (unsigned I = 0; I <= unsigned(DiagnosticRule::Other); ++I) {
      auto R = static_cast<DiagnosticRule>(I);
      Out << diagnosticRuleId(R) << '\t' << diagnosticRuleDescription(R)
          << '\n';
    }
    break;
  case Vocabulary::Presets:
    // name, outputs, runtimes, checks, batching rule, roles, example schema
    // (arguments and returns), summary
    for (const schema::MetaPreset &P : schema::metaPresets())
      Out << P.Name << '\t' << P.NumOutputs << '\t'
          << (P.Stable ? "libtorch,stable" : "libtorch") << '\t'
          << (P.TensorIterator ? "tensor-iterator" : "own-meta") << '\t'
          << vmapRuleName(P.Vmap) << '\t' << presetRoles(P) << '\t' << P.Example
          << '\t' << P.Summary << '\n';
    break;
  }
  return ExitClean; // The caller checks that stdout was written.
}

} // namespace skgen
