//===- OpGraph.h - The link phase: facts -> op graph ------------*- C++ -*-===//
//
// All facts of a tree merged into families (an out= schema and its derived
// variants) with their kernels per dispatch key, validated across the tree.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_GRAPH_OPGRAPH_H
#define SKGEN_GRAPH_OPGRAPH_H

#include "Basic/Abi.h"
#include "Basic/DispatchKeys.h"
#include "Facts/Derivatives.h"
#include "Facts/Facts.h"
#include "Schema/MetaPresets.h"
#include "Schema/Schema.h"
#include "Schema/Variants.h"

#include <optional>
#include <string>
#include <vector>

namespace skgen {
namespace graph {

struct Kernel {
  std::string Key;     // Dispatch key: CPU, CUDA, Meta, PrivateUse1, ...
  std::string CppName; // Fully qualified kernel function.
  /// The kernel computes the functional variant (SKGEN_KERNEL naming the
  /// functional operator, or SKGEN_FUNCTIONAL_KERNEL): for its key, out= and
  /// in-place are derived from it. Otherwise it is an out kernel.
  bool Functional = false;
  SourceLoc Loc; // The function's declaration.
  SourceLoc AnnotationLoc;
  unsigned InsertAfterOffset = 0, InsertAfterLine = 0; // See KernelFact.
  /// The file the generated per-kernel code goes to (KernelFact::InsertFile,
  /// else the declaration's file).
  std::string InsertFile;
  /// No scanned translation unit saw the definition of the annotated header
  /// declaration (KernelFact::DefinitionUnseen): its code has no place in
  /// this run (except with --output).
  bool Unplaced = false;
  /// The canonical type of each parameter as declared (KernelFact::Params;
  /// empty when unknown): generated code converts a `SymInt` / `SymInt[]`
  /// argument to int64_t / at::IntArrayRef only for a kernel that takes
  /// those.
  std::vector<std::string> ParamCanonicals;
  /// An out kernel returning void (the legacy out convention): generated
  /// code returns its out arguments.
  bool ReturnsVoid = false;
};

/// SKGEN_FALLBACK: another overload of the same operator whose family
/// serves this one on the backends without a kernel of this family.
struct Fallback {
  schema::OperatorName Out; // The general family's out overload.
  /// Its variants that this family's functional and in-place variants call.
  std::optional<schema::OperatorName> Functional, Inplace;
  SourceLoc Loc; // The SKGEN_FALLBACK string.
  /// Per argument of this family's out schema: a Scalar passed to the
  /// general overload as a wrapped-number tensor.
  std::vector<bool> Wrapped;
};

struct Family {
  schema::FunctionSchema Out;
  schema::DerivedVariants Variants;
  FamilyOptions Options;
  SourceLoc DeclLoc;       // The SKGEN_STRUCTURED annotation.
  std::string DeclCppName; // The function SKGEN_STRUCTURED annotates.
  unsigned InsertAfterOffset = 0, InsertAfterLine = 0;
  /// The file the family-level generated code goes to (see Kernel).
  std::string InsertFile;
  bool Unplaced = false;       // See Kernel::Unplaced.
  std::vector<Kernel> Kernels; // Sorted by Key.
  SourceLoc SchemaLoc;         // The schema string's first character.
  /// Declared in a TU built against PyTorch >= 2.4 (KernelFact::TorchCompile).
  bool TorchCompile = false;
  /// Served through another overload where it has no kernel (SKGEN_FALLBACK).
  std::optional<Fallback> FallbackTo;
  /// The meaning of its SKGEN_DERIVATIVE entries (Facts/Derivatives.h).
  derivatives::Derivatives Derivs;
  /// Its in-place variant's own entries (SKGEN_INPLACE_DERIVATIVE), if any.
  std::optional<derivatives::Derivatives> InplaceDerivs;
  /// The derivatives of its functional or (\p Inplace) in-place variant.
  const derivatives::Derivatives &derivs(bool Inplace) const {
    return Inplace && InplaceDerivs ? *InplaceDerivs : Derivs;
  }
  /// On the stable target, the operator its backward formulas become
  /// (Facts/StableBackward.h), when it has any.
  std::optional<schema::FunctionSchema> StableBackward;
  /// The operator the family is named by: its out= one, or the functional
  /// one of a family declared by its functional schema.
  const schema::OperatorName &name() const {
    return Variants.FunctionalFirst ? Variants.Functional->Op : Out.Op;
  }
  /// Autograd kernels come from the formulas (or the family has no history:
  /// Derivatives::withoutHistory) instead of autogradNotImplementedFallback().
  bool hasAutogradKernels() const {
    return Derivs.differentiable() || Derivs.withoutHistory() ||
           (InplaceDerivs && InplaceDerivs->differentiable());
  }
};

struct OpGraph {
  std::vector<Family> Families; // Sorted by out operator name.
  std::vector<Diagnostic> Diagnostics;
  /// The alias key the defaults are registered under (from LinkOptions).
  std::string AliasKey = keys::CompositeExplicitAutograd.str();
  /// The ABI the generated code targets (from LinkOptions).
  skgen::Abi Abi = skgen::Abi::Libtorch;
  bool hasErrors() const;
  /// The family whose out operator is \p Out, or nullptr.
  const Family *findFamily(const schema::OperatorName &Out) const;
};

/// One registration the generator emits for a family (contract §4). The single
/// source of truth for what is generated: the emitters, --dump-graph=json
/// and --dump-graph=dot all read it.
struct Registration {
  enum class Kind {
    Def,              // m.def(schema) in TORCH_LIBRARY_FRAGMENT(ns, m)
    OutKernel,        // the user's out kernel for Key
    DirectFunctional, // functional wrapper for Key calling the kernel
    DirectInplace,    // in-place wrapper for Key calling the kernel
    AliasFunctional,  // alias-key functional: allocate, redispatch to out
    AliasInplace,     // alias-key in-place: redispatch to out with out=self
    AutogradNotImplemented, // Autograd: autogradNotImplementedFallback()
    // With a meta function (SKGEN_META / SKGEN_META_PRESET):
    DirectOut,      // out= wrapper for Key: meta checks + resize, the kernel
    MetaFunctional, // generated Meta kernels from the meta function, when
    MetaInplace,    //   no kernel has the Meta key (and not
    MetaOut,        //   SKGEN_NO_META_KERNEL / external)
    AutogradOut,    // Autograd of the out overload: skgen::out_autograd_kernel
    // With derivative formulas (or SKGEN_NOT_DIFFERENTIABLE), instead of
    // AutogradNotImplemented:
    AutogradFunctional, // the node's kernel (not differentiable: fallthrough)
    AutogradInplace,    // the in-place kernel: check_inplace, rebase_history
    // A backend that provides the functional kernel (Kernel::Functional):
    FunctionalKernel,           // the user's functional kernel for Key
    DirectOutViaFunctional,     // out= for Key: the kernel, checks, copy to out
    DirectInplaceViaFunctional, // in-place for Key: the kernel, checks, copy
    // When no kernel of the family is an out kernel, the alias key serves
    // out= and in-place through the functional operator instead:
    AliasOutViaFunctional,     // dispatch to the functional op, copy to out
    AliasInplaceViaFunctional, // redispatch to it, copy to self
    // With SKGEN_FALLBACK, instead of Alias*: alias-key kernels of all three
    // variants that call the general overload's same variant, Scalars
    // wrapped as tensors (a backend's own kernel takes precedence).
    FallbackFunctional,
    FallbackInplace,
    FallbackOut,
    // SKGEN_LEGACY_OP: the legacy operator's alias-key kernel, calling out=.
    AliasLegacy,
    // The stable target's backward operator (Family::StableBackward) at
    // CompositeImplicitAutograd: the formulas on torch::stable. Its Autograd
    // registrations (Autograd*) are the Python companion's.
    BackwardOperator,
    // SKGEN_AUTOCAST: the functional variant's autocast wrapper, one
    // template over the device registered on every autocast key of the
    // PyTorch in use (Key: keys::Autocast; include/skgen/autocast.h).
    Autocast,
    // The batching rules (torch.vmap) at FuncTorchBatched, libtorch only
    // (vmapPlan): the preset's rule or the family's own (SKGEN_VMAP).
    VmapFunctional,
    VmapInplace,
    VmapOut,
  };
  Kind K = Kind::Def;
  std::string Key;         // Dispatch key; empty for Def.
  schema::OperatorName Op; // The operator registered (or defined).
  const schema::FunctionSchema *Schema = nullptr; // Its schema.
  const Kernel *Via = nullptr; // The kernel called (OutKernel, Direct*).
};

/// The operators family \p F names, with what each is: "out",
/// "functional", "in-place", "legacy" (SKGEN_LEGACY_OP).
std::vector<std::pair<const schema::OperatorName *, const char *>>
variantNames(const Family &F);

/// True if \p F gets Meta kernels generated from its meta function.
bool generatesMetaKernels(const Family &F);

/// True if every kernel of \p F is a functional kernel: the alias key then
/// derives out= and in-place from the functional operator.
bool allKernelsFunctional(const Family &F);
/// The operator a fallback registration (FallbackFunctional/Inplace/Out) of
/// \p F calls: the general family's variant of the same kind.
const schema::OperatorName &fallbackTarget(const Family &F,
                                           Registration::Kind K);

/// Stable name of a registration kind: "def", "out_kernel", ...
const char *registrationKindName(Registration::Kind K);

/// The registrations of \p F, in emission order: defs (unless external),
/// per kernel (sorted by key) the out kernel (or, with a meta function, its
/// out= wrapper) and direct wrappers -- for a functional kernel, the kernel
/// and the out= and in-place wrappers derived from it --, the generated Meta
/// kernels (meta function, no Meta kernel, not opted out, not external), then
/// the alias-key wrappers (through the out overload, or through the
/// functional one when no kernel is an out kernel) and the Autograd entries
/// (unless external; none with the stable ABI, which cannot register
/// Autograd kernels).
std::vector<Registration> registrations(const Family &F,
                                        const std::string &AliasKey,
                                        Abi Target = Abi::Libtorch);

/// The batching rule (torch.vmap) \p F gets on libtorch, decided once from
/// its meta preset (MetaPreset::Vmap) or its SKGEN_VMAP function
/// (docs/generation.md, "vmap").
struct VmapPlan {
  schema::VmapRule Rule = schema::VmapRule::None;
  /// SKGEN_VMAP(fn): the family's own rule (fully qualified).
  std::string Function;
  /// Without a rule, why (the generated code's note); "" when there is
  /// nothing to say (no meta function, SKGEN_NO_VMAP, external).
  std::string Why;
  bool any() const {
    return Rule != schema::VmapRule::None || !Function.empty();
  }
};
VmapPlan vmapPlan(const Family &F);

struct LinkOptions {
  /// Name of the alias key the generated defaults register under.
  std::string AliasKey = keys::CompositeExplicitAutograd.str();
  /// The ABI the generated code targets (--abi): with the stable ABI,
  /// what it cannot express is an error at the annotation (StableAbi.h).
  skgen::Abi Abi = skgen::Abi::Libtorch;
  /// --output, as diagnostics name it ("" for none): every registration
  /// goes into that one file.
  std::string OutputFile;
  /// A Python companion is generated (PythonDefs): on the stable target it
  /// registers the families' autograd.
  bool PythonDefs = false;
};

/// The placement rules (Placement.cpp): with --output, kernels it cannot
/// call; without, code that has no place in this run (warnings).
std::vector<Diagnostic> placementDiagnostics(const std::vector<TUFacts> &Facts,
                                             const OpGraph &G,
                                             const LinkOptions &Opts);

/// Merges and validates. Facts diagnostics are carried over; link errors
/// are appended (with notes pointing at the other places involved).
OpGraph link(const std::vector<TUFacts> &Facts, const LinkOptions &Opts);

/// Stable JSON form (documented in docs/generation.md) and Graphviz form.
std::string toJSON(const OpGraph &G);
std::string toDot(const OpGraph &G);

} // namespace graph
} // namespace skgen

#endif
