//===- StableAutograd.cpp - The backward operator on the stable ABI -------===//
//
// On the stable target a family's backward formulas are the kernel of its
// backward operator (Facts/StableBackward.h), registered at
// CompositeImplicitAutograd: the formulas evaluated on
// skgen::formulas::Tensor (skgen/stable/formulas.h), each gradient only
// where the mask asks for it. The Python companion (PythonDefs.cpp)
// registers the autograd that calls it.
//
//===----------------------------------------------------------------------===//
#include "Gen/StableAutograd.h"

#include "Facts/StableBackward.h"
#include "Gen/Render.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <set>

namespace skgen {
namespace gen {

using derivatives::BackwardArgument;

std::string stableBackwardKernel(const FamilyApi &A, const std::string &Name,
                                 Includes &Inc) {
  const graph::Family &F = *A.F;
  const derivatives::Derivatives &D = F.Derivs;
  const derivatives::BackwardOperator B = derivatives::backwardOperator(D);
  Inc.add("skgen/stable/formulas.h");
  std::string Why;
  std::optional<CppSignature> Sig =
      cppSignature(*F.StableBackward, Why, Abi::Stable);
  FunctionSpec Fn;
  Fn.Name = Name;
  Fn.Sig = *Sig;
  const std::string Tensor = derivatives::formulaTensorType(Abi::Stable);
  // Tensors arrive as torch::stable::Tensor: the formulas see them, under
  // their own names, as formula tensors.
  Fn.stmt("using namespace ::skgen::formulas");
  Fn.stmt("namespace at = ::skgen::formulas");
  for (size_t I = 0; I < B.Arguments.size(); ++I) {
    const BackwardArgument &Arg = B.Arguments[I];
    CppParam &P = Fn.Sig.Params[I];
    const bool Opt = Arg.Ty.isOptional();
    switch (Arg.K) {
    case BackwardArgument::Kind::Grad:
    case BackwardArgument::Kind::Tensor:
      P.Name = "skgen_" + Arg.Name;
      Fn.stmt("const " + (Opt ? "std::optional<" + Tensor + ">" : Tensor) +
                  " " + Arg.Name + " = ::skgen::formulas::wrap(" + P.Name + ")",
              {P.Name});
      break;
    case BackwardArgument::Kind::Grads:
      P.Name = "skgen_" + Arg.Name;
      Fn.stmt("const std::vector<" + Tensor + "> " + Arg.Name + "(" + P.Name +
                  ".begin(), " + P.Name + ".end())",
              {P.Name});
      break;
    case BackwardArgument::Kind::Output:
      P.Name = "skgen_" + Arg.Name;
      for (const std::string &N : D.outputNames(Arg.Index))
        if (llvm::any_of(D.Backward,
                         [&](const derivatives::BackwardFormula &BF) {
                           return BF.uses(N);
                         }))
          Fn.stmt("const " + Tensor + " " + N + "(" + P.Name + ")", {P.Name});
      break;
    case BackwardArgument::Kind::Property:
    case BackwardArgument::Kind::Value:
    case BackwardArgument::Kind::Mask:
      break;
    }
  }
  // The formulas read the other parameters under their own names.
  const std::set<std::string> All = paramNames(Fn.Sig);
  const std::string Edges = std::to_string(B.Edges.size());
  Inc.add("array");
  Fn.stmt("std::array<" + Tensor + ", " + Edges + "> skgen_grads");
  auto EdgeOf = [&](unsigned Input) {
    return std::to_string(llvm::find(B.Edges, Input) - B.Edges.begin());
  };
  const std::string &Mask = B.Arguments.back().Name;
  auto Needed = [&](unsigned Input) {
    return "(" + Mask + " & (1 << " + EdgeOf(Input) + "))";
  };
  // The operator cannot know whether the graph is kept: as if it were (a
  // formula then copies what it would otherwise consume).
  if (llvm::any_of(D.Backward, [](const derivatives::BackwardFormula &BF) {
        return BF.uses("retain_variables");
      }))
    Fn.stmt("const bool retain_variables = true");
  for (const derivatives::BackwardFormula &BF : D.Backward) {
    std::string Formula = derivatives::backwardFormulaText(D, BF);
    if (BF.Inputs.size() == 1) {
      Fn.lines(Code("if " + Needed(BF.Inputs.front()) + "\n  skgen_grads[" +
                        EdgeOf(BF.Inputs.front()) + "] = " + Formula + ";\n",
                    All));
      continue;
    }
    std::string Any, Mask, Tie;
    for (unsigned I : BF.Inputs) {
      Any += (Any.empty() ? "" : " || ") + Needed(I);
      Mask += (Mask.empty() ? "" : ", ") + ("static_cast<bool>" + Needed(I));
      Tie += (Tie.empty() ? "" : ", ") + ("skgen_grads[" + EdgeOf(I) + "]");
    }
    std::string Body = "if (" + Any + ") {\n";
    if (BF.uses("grad_input_mask"))
      Body += "  const std::array<bool, " + std::to_string(BF.Inputs.size()) +
              "> grad_input_mask = {" + Mask + "};\n";
    Inc.add("tuple");
    Body += "  std::tie(" + Tie + ") = " + Formula + ";\n}\n";
    Fn.lines(Code(Body, All));
  }
  std::vector<std::string> Gets;
  for (size_t E = 0; E < B.Edges.size(); ++E)
    Gets.push_back("skgen_grads[" + std::to_string(E) + "].get()");
  Fn.stmt("return " + (Gets.size() == 1 ? Gets.front()
                                        : "{" + llvm::join(Gets, ", ") + "}"));
  return renderFunction(Fn);
}

} // namespace gen
} // namespace skgen
