//===- Vmap.cpp - Batching rules of a family (torch.vmap) -----------------===//
//
// Each kernel is functorch's plumbing around one rule (skgen/vmap.h): below
// FuncTorchBatched, an op none of whose tensors is batched at the current
// level is called as it is; else the preset's rule makes the physical
// tensors and the same variant is called on them (in-place: on self's
// batch-first view; out=: on out's), or the family's own rule computes the
// result, which the in-place and out= variants copy into self / out.
//
//===----------------------------------------------------------------------===//
#include "Gen/Vmap.h"

#include "Gen/Api.h"
#include "Gen/Render.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"

namespace skgen {
namespace gen {

using graph::Registration;
using schema::VmapRule;

namespace {

bool isTensorParam(const CppParam &P) {
  return P.Arg && P.Arg->Ty.unwrapOptional().isTensor();
}

} // namespace

std::string vmapKernel(const FamilyApi &A, Registration::Kind K,
                       const std::string &Name, Includes &Inc) {
  Inc.add("skgen/vmap.h");
  const graph::VmapPlan Plan = graph::vmapPlan(*A.F);
  const bool Inplace = K == Registration::Kind::VmapInplace;
  const bool Out = K == Registration::Kind::VmapOut;
  const CppSignature &Sig = Out ? A.Out : Inplace ? *A.Inplace : *A.Functional;
  const schema::OperatorName &Op =
      Out ? A.F->Out.Op
          : (Inplace ? A.F->Variants.Inplace : A.F->Variants.Functional)->Op;
  const std::string OpName = cppStringLiteral(Op.str());

  // The variant's tensors (out last), and the arguments of the call.
  std::vector<std::string> Tensors, Inputs, Args, Physical;
  std::string OutName;
  for (const CppParam &P : Sig.Params) {
    Args.push_back(P.Name);
    if (Out && P.Arg && A.isOut(*P.Arg)) {
      OutName = P.Name;
      continue;
    }
    if (isTensorParam(P))
      Inputs.push_back(P.Name);
  }
  Tensors = Inputs;
  if (Out)
    Tensors.push_back(OutName);

  FunctionSpec F;
  F.Name = Name;
  F.Sig = Sig;
  const std::string Handle = typedHandle(Op, Sig, Inc);
  F.stmt("::skgen::vmap::Call skgen_vmap");
  F.lines(Code("if (!skgen_vmap.batched(" + llvm::join(Tensors, ", ") +
                   "))\n  return " + Handle + ".call(" +
                   llvm::join(Args, ", ") + ");\n",
               paramNames(Sig)));
  if (Inplace)
    F.stmt("skgen_vmap.inplace(" + Sig.Params.front().Name + ", " + OpName +
           ")");
  if (Out && Plan.Function.empty())
    F.stmt("at::Tensor skgen_" + OutName + " = skgen_vmap.out(" + OutName +
           ", " + OpName + ")");
  else if (Out)
    F.stmt("skgen_vmap.out(" + OutName + ", " + OpName + ")");
  const std::string Result = Out ? OutName : Sig.Params.front().Name;

  if (!Plan.Function.empty()) {
    // The family's own rule, functorch's convention: (x, x_bdim) per tensor.
    std::vector<std::string> RuleArgs, Bindings, Unwrapped;
    for (const CppParam &P : Sig.Params) {
      if (Out && P.Name == OutName)
        continue;
      if (!isTensorParam(P)) {
        RuleArgs.push_back(P.Name);
        continue;
      }
      for (const std::string &L :
           {"skgen_" + P.Name, "skgen_" + P.Name + "_bdim"}) {
        Bindings.push_back(L);
        RuleArgs.push_back(L);
      }
      Unwrapped.push_back(P.Name);
    }
    F.stmt("auto [" + llvm::join(Bindings, ", ") + "] = skgen_vmap.inputs(" +
           llvm::join(Unwrapped, ", ") + ")");
    std::string Call =
        globalCppName(Plan.Function) + "(" + llvm::join(RuleArgs, ", ") + ")";
    if (!Out && !Inplace) {
      F.stmt("return skgen_vmap.wrap(" + Call + ")");
      return renderFunction(F);
    }
    F.stmt("skgen_vmap.copy_to(" + Result + ", " + Call + ", " + OpName + ")");
    F.stmt("return " + Result);
    return renderFunction(F);
  }

  // A preset's rule: the same variant on the physical tensors.
  std::vector<std::string> Prepared;
  const std::vector<std::string> &Bound = A.F->Options.MetaPresetArgs;
  auto Local = [](const std::string &N) { return "skgen_" + N; };
  if (Plan.Rule == VmapRule::Pointwise) {
    std::vector<std::string> Locals;
    for (const std::string &N : Inputs)
      Locals.push_back(Local(N));
    F.stmt("auto [" + llvm::join(Locals, ", ") + "] = skgen_vmap.pointwise(" +
           llvm::join(Inputs, ", ") + ")");
    Prepared = Inputs;
  } else {
    // Roles self, dim, keepdim (dtype passes as it is).
    const std::string Self = cppArgName(Bound[0]), Dim = cppArgName(Bound[1]);
    const std::string KeepDim =
        Bound.size() > 2 && !Bound[2].empty() ? cppArgName(Bound[2]) : "false";
    F.stmt("auto [" + Local(Self) + ", " + Local(Dim) +
           "] = skgen_vmap.reduction(" + Self + ", " + Dim + ", " + KeepDim +
           ")");
    Prepared = {Self, Dim};
  }
  std::vector<std::string> CallArgs;
  for (const std::string &N : Args) {
    bool P = std::find(Prepared.begin(), Prepared.end(), N) != Prepared.end();
    CallArgs.push_back(P || N == OutName ? Local(N) : N);
  }
  const std::string Call = Handle + ".call(" + llvm::join(CallArgs, ", ") + ")";
  if (!Out && !Inplace) {
    F.stmt("return skgen_vmap.wrap(" + Call + ")");
    return renderFunction(F);
  }
  F.stmt(Call);
  if (Out)
    F.stmt("skgen_vmap.finish_out(" + Local(OutName) + ", " + OpName + ")");
  F.stmt("return " + Result);
  return renderFunction(F);
}

CppSignature vmapRuleSignature(const FamilyApi &A) {
  CppSignature Sig;
  Sig.ReturnType = "::std::tuple<at::Tensor, c10::optional<int64_t>>";
  for (const CppParam &P : A.Functional->Params) {
    Sig.Params.push_back(P);
    if (isTensorParam(P))
      Sig.Params.push_back(
          CppParam{"c10::optional<int64_t>", P.Name + "_bdim", nullptr});
  }
  return Sig;
}

std::string vmapTitle(const FamilyApi &A) {
  const graph::VmapPlan Plan = graph::vmapPlan(*A.F);
  const std::string S = "// FuncTorchBatched (torch.vmap): ";
  if (!Plan.Function.empty())
    return S + "the family's rule, " + Plan.Function + " (SKGEN_VMAP)\n";
  const std::string Preset =
      " rule (preset '" + A.F->Options.MetaPreset + "')\n";
  switch (Plan.Rule) {
  case VmapRule::Pointwise:
    return S + "the pointwise" + Preset;
  case VmapRule::Reduction:
    return S + "the reduction" + Preset;
  case VmapRule::None:
    break;
  }
  llvm_unreachable("a family without a rule has no kernels");
}

std::string vmapNote(const FamilyApi &A) {
  if (A.T->stable())
    return "";
  const graph::VmapPlan Plan = graph::vmapPlan(*A.F);
  if (Plan.any() || Plan.Why.empty())
    return "";
  return "// torch.vmap: no batching rule (" + Plan.Why +
         "): PyTorch's per-sample fallback, which refuses in-place and out=; "
         "SKGEN_VMAP(fn) gives one\n";
}

} // namespace gen
} // namespace skgen
