//===- Autocast.h - Whether SKGEN_AUTOCAST fits a family --------*- C++ -*-===//
//
// The one rule the scan (at the annotation's argument) and the link phase
// (for facts from elsewhere) apply to SKGEN_AUTOCAST(policy).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_FACTS_AUTOCAST_H
#define SKGEN_FACTS_AUTOCAST_H

#include "Basic/AutocastPolicy.h"
#include "Schema/Schema.h"

#include <string>

namespace skgen {

/// The policies skgen generates, comma-separated, for messages.
inline std::string generatedAutocastPolicies() {
  std::string All;
  for (const AutocastPolicyInfo &P : autocastPolicies())
    if (!*P.Refused)
      All += (All.empty() ? "" : ", ") + std::string(P.Name);
  return All;
}

/// Why policy \p Name cannot be generated for the family of out= schema \p
/// Out (whose functional variant exists when \p HasFunctional), or "".
inline std::string autocastError(llvm::StringRef Name,
                                 const schema::FunctionSchema &Out,
                                 bool HasFunctional) {
  const AutocastPolicyInfo *P = findAutocastPolicy(Name);
  if (!P)
    return "unknown autocast policy '" + Name.str() +
           "' (policies: " + generatedAutocastPolicies() + ")";
  if (*P->Refused)
    return "autocast policy '" + Name.str() +
           "' is not supported: " + P->Refused;
  // aten registers autocast kernels for functional operators only; its
  // in-place and out= operators fall through uncast.
  if (!HasFunctional)
    return "autocast wraps the functional variant, which this family does "
           "not have (SKGEN_NO_FUNCTIONAL)";
  if (P->Id != AutocastPolicy::fp32_set_opt_dtype)
    return "";
  // aten's rule: when the first argument is eligible, a `ScalarType?`
  // argument without a value becomes float.
  bool FirstTensor = false, OptDtype = false;
  for (const schema::Argument &A : Out.Arguments) {
    if (&A == &Out.Arguments.front())
      FirstTensor = A.Ty.isTensor();
    OptDtype |=
        A.Ty.isOptional() && A.Ty.unwrapOptional().isNamed("ScalarType");
  }
  if (!FirstTensor || !OptDtype)
    return "autocast policy 'fp32_set_opt_dtype' needs a Tensor first "
           "argument (whose dtype decides) and a `ScalarType? dtype` "
           "argument (set to float when not given); use fp32";
  return "";
}

} // namespace skgen

#endif
