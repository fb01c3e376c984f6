//===- AutocastPolicy.h - SKGEN_AUTOCAST's policies -------------*- C++ -*-===//
//
// The table of AutocastPolicies.def as data.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_BASIC_AUTOCASTPOLICY_H
#define SKGEN_BASIC_AUTOCASTPOLICY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace skgen {

enum class AutocastPolicy {
#define SKGEN_AUTOCAST_POLICY(Id, Refused) Id,
#include "Basic/AutocastPolicies.def"
};

struct AutocastPolicyInfo {
  AutocastPolicy Id;
  const char *Name;    // lower_precision_fp
  const char *Refused; // "" = generated; else why skgen refuses it
};

/// Every policy, in the order of AutocastPolicies.def.
inline llvm::ArrayRef<AutocastPolicyInfo> autocastPolicies() {
  static const AutocastPolicyInfo Table[] = {
#define SKGEN_AUTOCAST_POLICY(Id, Refused) {AutocastPolicy::Id, #Id, Refused},
#include "Basic/AutocastPolicies.def"
  };
  return Table;
}

/// The policy named \p Name (exactly), or null.
inline const AutocastPolicyInfo *findAutocastPolicy(llvm::StringRef Name) {
  for (const AutocastPolicyInfo &P : autocastPolicies())
    if (Name == P.Name)
      return &P;
  return nullptr;
}

} // namespace skgen

#endif
