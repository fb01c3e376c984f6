//===- Registrations.cpp - What a family registers, in emission order -----===//
//
// The emission plan shared by the generator (Gen), the graph dumps and the
// rewriter's journal: which operators a family defines and which kernels it
// registers under which key. It depends only on the linked graph.
//
//===----------------------------------------------------------------------===//
#include "Basic/DispatchKeys.h"
#include "Graph/OpGraph.h"

#include <algorithm>

namespace skgen {
namespace graph {

using schema::FunctionSchema;
using schema::OperatorName;

const char *registrationKindName(Registration::Kind K) {
  switch (K) {
  case Registration::Kind::Def:
    return "def";
  case Registration::Kind::OutKernel:
    return "out_kernel";
  case Registration::Kind::DirectFunctional:
    return "direct_functional";
  case Registration::Kind::DirectInplace:
    return "direct_inplace";
  case Registration::Kind::AliasFunctional:
    return "alias_functional";
  case Registration::Kind::AliasInplace:
    return "alias_inplace";
  case Registration::Kind::AutogradNotImplemented:
    return "autograd_not_implemented";
  case Registration::Kind::DirectOut:
    return "direct_out";
  case Registration::Kind::MetaFunctional:
    return "meta_functional";
  case Registration::Kind::MetaInplace:
    return "meta_inplace";
  case Registration::Kind::MetaOut:
    return "meta_out";
  case Registration::Kind::AutogradOut:
    return "autograd_out";
  case Registration::Kind::AutogradFunctional:
    return "autograd_functional";
  case Registration::Kind::AutogradInplace:
    return "autograd_inplace";
  case Registration::Kind::FunctionalKernel:
    return "functional_kernel";
  case Registration::Kind::DirectOutViaFunctional:
    return "direct_out_via_functional";
  case Registration::Kind::DirectInplaceViaFunctional:
    return "direct_inplace_via_functional";
  case Registration::Kind::AliasOutViaFunctional:
    return "alias_out_via_functional";
  case Registration::Kind::AliasInplaceViaFunctional:
    return "alias_inplace_via_functional";
  case Registration::Kind::FallbackFunctional:
    return "fallback_functional";
  case Registration::Kind::FallbackInplace:
    return "fallback_inplace";
  case Registration::Kind::FallbackOut:
    return "fallback_out";
  case Registration::Kind::AliasLegacy:
    return "alias_legacy";
  case Registration::Kind::BackwardOperator:
    return "backward_operator";
  case Registration::Kind::Autocast:
    return "autocast";
  case Registration::Kind::VmapFunctional:
    return "vmap_functional";
  case Registration::Kind::VmapInplace:
    return "vmap_inplace";
  case Registration::Kind::VmapOut:
    return "vmap_out";
  }
  return "def";
}

bool allKernelsFunctional(const Family &F) {
  return !F.Kernels.empty() &&
         std::all_of(F.Kernels.begin(), F.Kernels.end(),
                     [](const Kernel &K) { return K.Functional; });
}

const OperatorName &fallbackTarget(const Family &F, Registration::Kind K) {
  const Fallback &FB = *F.FallbackTo;
  if (K == Registration::Kind::FallbackFunctional && FB.Functional)
    return *FB.Functional;
  if (K == Registration::Kind::FallbackInplace && FB.Inplace)
    return *FB.Inplace;
  return FB.Out;
}

std::vector<std::pair<const OperatorName *, const char *>>
variantNames(const Family &F) {
  std::vector<std::pair<const OperatorName *, const char *>> V;
  if (F.Variants.OutDefined)
    V.push_back({&F.Out.Op, "out"});
  if (F.Variants.Functional)
    V.push_back({&F.Variants.Functional->Op, "functional"});
  if (F.Variants.Inplace)
    V.push_back({&F.Variants.Inplace->Op, "in-place"});
  if (F.Variants.Legacy)
    V.push_back({&F.Variants.Legacy->Op, "legacy"});
  if (F.StableBackward)
    V.push_back({&F.StableBackward->Op, "backward"});
  return V;
}

bool generatesMetaKernels(const Family &F) {
  if (!F.Options.hasMeta() || F.Options.NoMetaKernel || F.Options.External)
    return false;
  for (const Kernel &K : F.Kernels)
    if (K.Key == keys::Meta)
      return false;
  return true;
}

/// The Autograd entries of \p F (and the stable target's backward
/// operator), through \p Add.
template <class AddFn>
static void addAutograd(const Family &F, const std::string &AliasKey,
                        Abi Target, AddFn &Add,
                        const FunctionSchema *Backward) {
  using K = Registration::Kind;
  const FunctionSchema *Out = F.Variants.OutDefined ? &F.Out : nullptr;
  const FunctionSchema *Fn =
      F.Variants.Functional ? &*F.Variants.Functional : nullptr;
  const FunctionSchema *In =
      F.Variants.Inplace ? &*F.Variants.Inplace : nullptr;
  // autogradNotImplementedFallback() exists since PyTorch 1.10; the
  // DefaultBackend alias key means an older PyTorch, which has none.
  if (F.Options.External || F.Options.NoAutograd ||
      AliasKey == keys::DefaultBackend)
    return;
  const bool Formulas = F.hasAutogradKernels();
  if (Target == Abi::Stable) {
    // No autograd API in C++: the formulas' backward operator here, the
    // Autograd registrations in the Python companion; without formulas,
    // PyTorch's autograd fallback serves.
    if (!Formulas)
      return;
    Add(K::BackwardOperator, keys::CompositeImplicitAutograd, Backward,
        nullptr);
  }
  Add(Formulas ? K::AutogradFunctional : K::AutogradNotImplemented,
      keys::Autograd, Fn, nullptr);
  Add(Formulas ? K::AutogradInplace : K::AutogradNotImplemented, keys::Autograd,
      In, nullptr);
  Add(K::AutogradOut, keys::Autograd, Out, nullptr);
}

VmapPlan vmapPlan(const Family &F) {
  using schema::VmapRule;
  VmapPlan P;
  const FamilyOptions &O = F.Options;
  if (O.External || O.NoVmap)
    return P;
  // One Tensor output, and every Tensor argument a plain Tensor or
  // Tensor? (the plumbing unwraps those).
  std::vector<const schema::Argument *> Tensors;
  std::string Unsupported;
  unsigned Outs = 0;
  for (const schema::Argument *A : F.Out.outArguments())
    Outs += A->Ty.isTensor() ? 1 : 2;
  if (Outs != 1)
    Unsupported = "it has more than one output";
  const std::vector<const schema::Argument *> OutArgs = F.Out.outArguments();
  for (const schema::Argument &A : F.Out.Arguments) {
    if (std::find(OutArgs.begin(), OutArgs.end(), &A) != OutArgs.end())
      continue;
    const schema::Type &U = A.Ty.unwrapOptional();
    if (U.isTensor())
      Tensors.push_back(&A);
    else if (U.isList() && U.Elements.front().unwrapOptional().isTensor())
      Unsupported = "argument '" + A.Name + "' is a list of tensors";
  }
  if (!O.VmapFunction.empty()) {
    if (Unsupported.empty())
      P.Function = O.VmapFunction;
    else
      P.Why = "SKGEN_VMAP(" + O.VmapFunction + ") is not used: " + Unsupported;
    return P;
  }
  const schema::MetaPreset *Preset = schema::findMetaPreset(O.MetaPreset);
  if (!Preset) {
    if (!O.MetaFunction.empty())
      P.Why = "meta function " + O.MetaFunction + ", no preset";
    return P;
  }
  P.Why = std::string("preset '") + Preset->Name + "'";
  if (Preset->Vmap == VmapRule::None)
    return P;
  if (!Unsupported.empty()) {
    P.Why += ": " + Unsupported;
    return P;
  }
  const std::vector<std::string> &Bound = O.MetaPresetArgs;
  auto IsBound = [&](const std::string &Name) {
    return std::find(Bound.begin(), Bound.end(), Name) != Bound.end();
  };
  // The rule moves the batch dims of the preset's operands only.
  for (const schema::Argument *A : Tensors)
    if (!IsBound(A->Name)) {
      P.Why += ": its tensor '" + A->Name + "' is none of the preset's";
      return P;
    }
  if (Preset->Vmap == VmapRule::Reduction) {
    // Roles: self, dim, keepdim, dtype. The dims must be shiftable ints.
    const schema::Argument *Dim = nullptr;
    if (Bound.size() > 1 && !Bound[1].empty())
      for (const schema::Argument &A : F.Out.Arguments)
        if (A.Name == Bound[1])
          Dim = &A;
    const schema::Type *T = Dim ? &Dim->Ty : nullptr;
    bool Fits = T && (T->isNamed("int") ||
                      (T->unwrapOptional().isList() &&
                       T->unwrapOptional().Elements.front().isNamed("int")));
    if (!Fits) {
      P.Why += Dim ? ": dim '" + Dim->Name + "' is '" + Dim->Ty.str() +
                         "' (an int, int[] or int[]? is shifted)"
                   : ": no dim argument (it reduces every dim, the batch's "
                     "too)";
      return P;
    }
  }
  P.Rule = Preset->Vmap;
  P.Why.clear();
  return P;
}

std::vector<Registration>
registrations(const Family &F, const std::string &AliasKey, Abi Target) {
  using K = Registration::Kind;
  std::vector<Registration> R;
  // A functional-first family without SKGEN_WITH_OUT has no out= operator.
  const FunctionSchema *Out = F.Variants.OutDefined ? &F.Out : nullptr;
  const FunctionSchema *Fn =
      F.Variants.Functional ? &*F.Variants.Functional : nullptr;
  const FunctionSchema *In =
      F.Variants.Inplace ? &*F.Variants.Inplace : nullptr;
  const FunctionSchema *Legacy =
      F.Variants.Legacy ? &*F.Variants.Legacy : nullptr;
  auto Add = [&](K Kind, llvm::StringRef Key, const FunctionSchema *S,
                 const Kernel *Via) {
    if (S)
      R.push_back(Registration{Kind, Key.str(), S->Op, S, Via});
  };
  const FunctionSchema *Backward =
      Target == Abi::Stable && F.StableBackward ? &*F.StableBackward : nullptr;
  if (!F.Options.External) {
    Add(K::Def, "", Out, nullptr);
    Add(K::Def, "", Fn, nullptr);
    Add(K::Def, "", In, nullptr);
    Add(K::Def, "", Legacy, nullptr);
    Add(K::Def, "", Backward, nullptr);
  }
  const bool Meta = F.Options.hasMeta();
  for (const Kernel &Ker : F.Kernels) {
    if (Ker.Functional) {
      Add(K::DirectOutViaFunctional, Ker.Key, Out, &Ker);
      Add(K::FunctionalKernel, Ker.Key, Fn, &Ker);
      Add(K::DirectInplaceViaFunctional, Ker.Key, In, &Ker);
      continue;
    }
    Add(Meta ? K::DirectOut : K::OutKernel, Ker.Key, Out, &Ker);
    Add(K::DirectFunctional, Ker.Key, Fn, &Ker);
    Add(K::DirectInplace, Ker.Key, In, &Ker);
  }
  if (generatesMetaKernels(F)) {
    Add(K::MetaOut, keys::Meta, Out, nullptr);
    Add(K::MetaFunctional, keys::Meta, Fn, nullptr);
    Add(K::MetaInplace, keys::Meta, In, nullptr);
  }
  if (!F.Options.External && allKernelsFunctional(F)) {
    // No out kernel anywhere: out= and in-place through the functional op
    // (an alias-key functional would call out=, which calls it back).
    Add(K::AliasOutViaFunctional, AliasKey, Out, nullptr);
    Add(K::AliasInplaceViaFunctional, AliasKey, In, nullptr);
  } else if (F.FallbackTo) {
    // Every variant, out= included, through the general overload on the
    // backends without a kernel of this family (theirs take precedence).
    Add(K::FallbackOut, AliasKey, Out, nullptr);
    Add(K::FallbackFunctional, AliasKey, Fn, nullptr);
    Add(K::FallbackInplace, AliasKey, In, nullptr);
  } else if (!F.Options.External) {
    // Never an alias-key kernel for the out overload itself.
    Add(K::AliasFunctional, AliasKey, Fn, nullptr);
    Add(K::AliasInplace, AliasKey, In, nullptr);
  }
  // The legacy operator calls out= on every backend; its autograd is
  // PyTorch's fallback, as a hand-registered one's was.
  if (!F.Options.External)
    Add(K::AliasLegacy, AliasKey, Legacy, nullptr);
  // aten wraps functional operators only: in-place and out= fall through
  // the autocast keys uncast. The stable ABI has no autocast (StableAbi.cpp).
  if (!F.Options.Autocast.empty() && Target == Abi::Libtorch)
    Add(K::Autocast, keys::Autocast, Fn, nullptr);
  addAutograd(F, AliasKey, Target, Add, Backward);
  // Batching rules: C++ on libtorch (the stable ABI has no functorch API).
  if (Target == Abi::Libtorch && vmapPlan(F).any()) {
    Add(K::VmapFunctional, keys::FuncTorchBatched, Fn, nullptr);
    Add(K::VmapInplace, keys::FuncTorchBatched, In, nullptr);
    Add(K::VmapOut, keys::FuncTorchBatched, Out, nullptr);
  }
  return R;
}

} // namespace graph
} // namespace skgen
