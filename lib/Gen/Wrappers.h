//===- Wrappers.h - Bodies of the generated wrapper functions ---*- C++ -*-===//
//
// Internal to lib/Gen. The emitters (Generate.cpp) decide what is registered
// where; this file describes the C++ functions they register -- functional,
// in-place and out= wrappers (direct or through the dispatcher) and the Meta
// kernels generated from a family's meta function (docs/generation.md) -- as
// FunctionSpecs, which Render.cpp lays out.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_GEN_WRAPPERS_H
#define SKGEN_GEN_WRAPPERS_H

#include "Gen/Api.h"
#include "Gen/Render.h"
#include "Gen/Target.h"
#include "Graph/OpGraph.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace skgen {
namespace gen {

/// What one block gathers while its sections are emitted: the includes it
/// needs, preprocessor checks that follow them, the names of its functions
/// and its typed handles.
struct Includes {
  std::set<std::string> Headers;
  std::set<std::string> Checks;
  BlockNames Names;
  TypedHandles Handles;
  void add(const char *H) { Headers.insert(H); }
  std::string str() const;
};

/// `skgen_op_add_out()`: the block's typed handle of \p Op (TypedHandles),
/// called from code compiled under \p Guard ("" for always).
std::string typedHandle(const schema::OperatorName &Op, const CppSignature &Sig,
                        Includes &Inc, const std::string &Guard = "");

/// A family with the C++ signatures of its variants (the api view).
struct FamilyApi {
  const graph::Family *F = nullptr;
  /// The C++ API the wrappers are written in.
  const Target *T = &targetFor(Abi::Libtorch);
  CppSignature Out;
  std::optional<CppSignature> Functional, Inplace, Legacy;
  /// The meta function's signature (the out signature without outs), when
  /// the family has a meta function.
  std::optional<CppSignature> MetaSig;

  /// With the stable ABI, the wrappers return by value (TORCH_BOX cannot
  /// box a reference): Out and Inplace return `torch::stable::Tensor`, and
  /// kernelSignature() gives the out kernel's own `torch::stable::Tensor &`.
  static std::optional<FamilyApi> build(const graph::Family &F,
                                        Abi Target = Abi::Libtorch);

  bool hasMeta() const { return F->Options.hasMeta(); }
  /// Names of the out arguments (as C++ locals of a functional wrapper).
  std::vector<std::string> outNames() const;
  bool isOut(const schema::Argument &A) const;
  /// The out call's arguments, with out arguments replaced by \p OutAs (or
  /// their own names when empty), each passed through the macro \p Convert
  /// names for it (OutCall::Convert).
  Code outCallArgs(const std::string &OutAs = "",
                   const std::vector<std::string> &Convert = {}) const;
  /// The out call's arguments with each out argument `x` as
  /// `skgen_x.tensor()`.
  Code
  outCallArgsViaOutputs(const std::vector<std::string> &Convert = {}) const;
  /// True if an argument is `SymInt` or `SymInt[]` (skgen/symint.h).
  bool hasSymbolic() const;
};

/// How a wrapper calls the out kernel: directly, or through the dispatcher
/// (`skgen_op_add_out().call`, a new dispatch) or below the current key
/// (`skgen_op_add_out().redispatch`, with the keys the dispatcher passed in).
struct OutCall {
  std::string Callee; // `::myops::add_out_cpu`, `skgen_op_add_out().call`
  /// When set, the wrapper takes `c10::DispatchKeySet skgen_keys` as first
  /// parameter (the dispatcher passes it, the schema does not show it) and
  /// the call's first argument is this expression.
  std::string Keys;
  /// Per parameter of the callee's variant (out=, or functional for a
  /// functional kernel), a macro the argument is passed through ("" = as it
  /// is): SKGEN_GUARD_INT / SKGEN_AS_INTARRAYREF when a kernel takes int64_t
  /// / at::IntArrayRef for a `SymInt` / `SymInt[]` argument, which generated
  /// code takes symbolically (directCall).
  std::vector<std::string> Convert;
  /// Arguments before the schema's (`"ns::op", "overload"` of a call by
  /// name).
  std::string Leading = {};
  /// The callee checks, resizes and casts out= / self itself: a backend's
  /// kernel (not Meta's) of a SKGEN_KERNEL_ITERATOR family, or the
  /// redispatch to any backend's out= kernel of a SKGEN_KERNEL_ALLOCATES
  /// family. Its in-place and out= wrappers then evaluate no meta function.
  bool Checks = false;

  /// `Callee(Keys, Leading, Args)`.
  Code call(const Code &Args) const {
    std::string Before = Keys.empty() ? "" : Keys + ", ";
    if (!Leading.empty())
      Before += Leading + ", ";
    return Code(Callee + "(" + Before + Args.Text + ")", Args.Uses);
  }
};

/// The redispatch of an alias-key wrapper: the keys it was called with (for
/// a functional wrapper, plus those of the outputs it allocated: an op
/// without tensor arguments is called with no keys), below autograd and
/// ADInplaceOrView (handled by the time a backend's kernel runs; a fresh
/// output's key set has them), straight to the out kernel of the same
/// backend without computing the dispatch key again.
OutCall aliasRedispatch(const FamilyApi &A, bool Functional, Includes &Inc);
/// The alias-key wrapper before DispatchKeySet plumbing: a second, full
/// dispatch of the out overload (skgen --alias-dispatch=call).
OutCall aliasCall(const FamilyApi &A, Includes &Inc);
/// The stable ABI's: the out overload called by name through the
/// dispatcher (skgen::call_out, torch_call_dispatcher), a full dispatch.
OutCall aliasByName(const FamilyApi &A, Includes &Inc);

/// The arguments of a call with signature \p Sig, each passed through the
/// macro \p Convert names for it (OutCall::Convert).
Code callArguments(const CppSignature &Sig,
                   const std::vector<std::string> &Convert);

/// Whether the functional wrapper calling \p Call passes undefined out
/// tensors for the kernel to allocate (SKGEN_KERNEL_ALLOCATES,
/// KernelAllocates.cpp).
bool kernelAllocates(const FamilyApi &A, const OutCall *Call);
/// That wrapper's body before its return: undefined outs, the call, a
/// check that the kernel defined them.
void kernelAllocatesBody(const FamilyApi &A, const OutCall &Call,
                         FunctionSpec &F);

/// The direct call of kernel \p K (out or functional), converting `SymInt`
/// / `SymInt[]` arguments to what it takes (its recorded parameter types):
/// every wrapper that calls a user's kernel calls it through this.
OutCall directCall(const FamilyApi &A, const graph::Kernel &K);
/// The signature of kernel \p K's variant as it declares it (c10::SymInt or
/// int64_t for a `SymInt` argument, ...), for a forward declaration.
CppSignature kernelSignature(const FamilyApi &A, const graph::Kernel &K);
/// The device a wrapper runs on (FunctionSpec::DeviceGuard): that of \p
/// Sig's first argument that carries one; else, given \p FallbackTensor (an
/// out= tensor), that tensor's device.
Code deviceGuard(const FamilyApi &A, const CppSignature &Sig, Includes &Inc,
                 const std::string &FallbackTensor = "");
/// The meta function's call: `<the meta function>(args)`.
Code metaCall(const FamilyApi &A, Includes &Inc);
/// `const ::skgen::Meta skgen_meta = <metaCall>;`
Code metaLocal(const FamilyApi &A, Includes &Inc);
/// metaLocal for an out= variant: a functional-first family's out= variant
/// is torchgen's autogenerated one (native_functions.yaml `autogen:`), whose
/// out tensors must have the result's dtype exactly (skgen::autogen_out).
Code outMetaLocal(const FamilyApi &A, Includes &Inc);
/// The options outputs are allocated with (device, layout): those of the
/// op's tensor arguments; for an op without any, of \p Fallback (an out=
/// tensor) or the defaults.
Code inputOptions(const FamilyApi &A, const std::string &Fallback);
/// `const at::TensorOptions skgen_options = ...;` in \p F when the options
/// expression \p Expr is used more than once (\p Uses) or is a conditional;
/// returns what to pass (the local, or \p Expr itself).
Code optionsLocal(const FamilyApi &A, const Code &Expr, size_t Uses,
                  FunctionSpec &F);
/// `return out;`, or the out= overload's tuple of references to its out
/// arguments.
Code returnOutArguments(const FamilyApi &A, Includes &Inc);

/// The typed handle of ns::foo.out (typedHandle).
std::string typedOutHandle(const FamilyApi &A, Includes &Inc);

std::string functionalWrapper(const FamilyApi &A, const std::string &Name,
                              bool Guard, const OutCall &Call, Includes &Inc);
/// An out kernel that returns void, registered through a wrapper that
/// returns its out arguments.
std::string outKernelReturning(const FamilyApi &A, const std::string &Name,
                               const OutCall &Call, Includes &Inc);
/// The legacy operator (SKGEN_LEGACY_OP): calls out=, returns nothing.
std::string legacyWrapper(const FamilyApi &A, const std::string &Name,
                          const OutCall &Call);
std::string inplaceWrapper(const FamilyApi &A, const std::string &Name,
                           bool Guard, const OutCall &Call, Includes &Inc);
/// The out= wrapper registered for a kernel of a family with a meta
/// function: checks + resize per the meta, then the kernel.
std::string outWrapper(const FamilyApi &A, const std::string &Name, bool Guard,
                       const OutCall &Call, Includes &Inc);

//===--- A backend that provides the functional kernel (Derived.cpp) ----===//

/// The functional operator through the dispatcher: its typed handle's
/// `redispatch` below the keys the wrapper was called with (in-place: self is
/// among the functional's arguments, so they are its keys), or `call`, a new
/// dispatch (out=: the out tensor must not choose the kernel that computes
/// the result, as in aten's generated out= kernels).
OutCall functionalDispatch(const FamilyApi &A, bool Redispatch, Includes &Inc);

/// out= from the functional: with a meta function, check_out (device, dtype
/// rule, resize) before \p Call; without, the same checks on the result's
/// metadata after it; then out.copy_(result).
std::string outViaFunctional(const FamilyApi &A, const std::string &Name,
                             bool Guard, const OutCall &Call, Includes &Inc);
/// In-place from the functional: check_inplace (self's shape, dtype rule)
/// before anything is written, then self.copy_(result).
std::string inplaceViaFunctional(const FamilyApi &A, const std::string &Name,
                                 bool Guard, const OutCall &Call,
                                 Includes &Inc);
/// The alias-key kernel \p K (FallbackFunctional, FallbackInplace or
/// FallbackOut) of a family served through SKGEN_FALLBACK by \p General: the
/// same variant of the general overload, each Scalar passed as a
/// wrapped-number tensor (at::native::wrapped_scalar_tensor), through a
/// redispatch below the current keys or (\p Redispatch false) a new call.
std::string fallbackWrapper(const FamilyApi &A, const FamilyApi &General,
                            graph::Registration::Kind K,
                            const std::string &Name, bool Redispatch,
                            Includes &Inc);

/// The Autograd kernel of the out= overload of a family with a meta function:
/// aten's rule for out= functions (refuse arguments that require grad when
/// an output is differentiable), then the call below autograd.
std::string outAutogradKernel(const FamilyApi &A, const std::string &Name,
                              Includes &Inc);

/// The Meta kernels generated from the meta function (no computation) of
/// the functional, in-place and out= overloads.
std::string metaFunctionalKernel(const FamilyApi &A, const std::string &Name,
                                 Includes &Inc);
std::string metaInplaceKernel(const FamilyApi &A, const std::string &Name,
                              Includes &Inc);
std::string metaOutKernel(const FamilyApi &A, const std::string &Name,
                          Includes &Inc);

} // namespace gen
} // namespace skgen

#endif
