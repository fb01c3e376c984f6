//===- Vmap.h - Batching rules of a family (torch.vmap) ---------*- C++ -*-===//
//
// Internal to lib/Gen. The FuncTorchBatched kernels of a family whose
// graph::vmapPlan gives a rule (a preset's, or its own SKGEN_VMAP), on
// skgen/vmap.h; and the note of a family without one (docs/generation.md,
// "vmap").
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_GEN_VMAP_H
#define SKGEN_GEN_VMAP_H

#include "Gen/Wrappers.h"

#include <string>

namespace skgen {
namespace gen {

/// The FuncTorchBatched kernel \p Name of registration kind \p K
/// (VmapFunctional, VmapInplace or VmapOut) of \p A.
std::string vmapKernel(const FamilyApi &A, graph::Registration::Kind K,
                       const std::string &Name, Includes &Inc);

/// The signature of the family's own rule (SKGEN_VMAP), for its
/// declaration: functorch's convention over the functional variant's
/// parameters, `(x, x_bdim)` per tensor.
CppSignature vmapRuleSignature(const FamilyApi &A);

/// The comment above a family's batching rules: which rule.
std::string vmapTitle(const FamilyApi &A);

/// For a family with a meta function and no rule: the one-line note (why,
/// and how to give one); "" when there is nothing to say.
std::string vmapNote(const FamilyApi &A);

} // namespace gen
} // namespace skgen

#endif
