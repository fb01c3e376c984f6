//===- StableBackward.cpp - A family's backward operator (stable ABI) -----===//
#include "Facts/StableBackward.h"

#include "llvm/ADT/STLExtras.h"

namespace skgen {
namespace derivatives {

namespace {
bool anyUses(const Derivatives &D, llvm::StringRef Name) {
  return llvm::any_of(D.Backward,
                      [&](const BackwardFormula &B) { return B.uses(Name); });
}
} // namespace

BackwardOperator backwardOperator(const Derivatives &D) {
  using K = BackwardArgument::Kind;
  BackwardOperator Op;
  auto Add = [&](K Kind, std::string Name, schema::Type Ty, unsigned Index,
                 const SavedProperty *P = nullptr) {
    Op.Arguments.push_back({Kind, std::move(Name), std::move(Ty), Index, P});
  };
  const schema::Type Tensor = schema::Type::named("Tensor");
  std::vector<unsigned> DiffOuts = D.differentiableOutputs();
  switch (D.Grads) {
  case Derivatives::GradSpelling::Grad:
    if (anyUses(D, "grad"))
      Add(K::Grad, "grad", Tensor, 0);
    break;
  case Derivatives::GradSpelling::Grads:
    Add(K::Grads, "grads", schema::Type::listOf(Tensor), 0);
    break;
  case Derivatives::GradSpelling::Named:
    for (unsigned I = 0; I < DiffOuts.size(); ++I)
      for (const std::string &G : D.gradNames(DiffOuts[I]))
        if (anyUses(D, G))
          Add(K::Grad, G, Tensor, I);
    break;
  }
  for (unsigned I = 0; I < D.Inputs.size(); ++I) {
    const Operand &In = D.Inputs[I];
    if (!anyUses(D, In.Name))
      continue;
    if (!In.isTensorLike()) {
      Add(K::Value, In.Name, In.Ty.withoutAlias(), I);
    } else if (savedByProperties(D, I)) {
      for (const SavedProperty &P : savedProperties())
        if (P.StableSchemaType &&
            llvm::any_of(D.Backward, [&](const BackwardFormula &B) {
              return llvm::any_of(B.Uses, [&](const DerivativeFact::Use &U) {
                return U.Name == In.Name && U.Property == P.Method;
              });
            }))
          Add(K::Property, In.Name + "_" + P.Method, propertySchemaType(P), I,
              &P);
    } else {
      Add(K::Tensor, In.Name, In.Ty.withoutAlias(), I);
    }
  }
  for (unsigned O = 0; O < D.Outputs.size(); ++O)
    if (llvm::any_of(D.outputNames(O),
                     [&](const std::string &N) { return anyUses(D, N); }))
      Add(K::Output, D.Outputs[O].Name, Tensor, O);
  // aten's name, unless an argument has it.
  bool Taken = D.input("output_mask") >= 0 || D.output("output_mask") >= 0;
  Add(K::Mask, Taken ? "skgen_output_mask" : "output_mask",
      schema::Type::named("int"), 0);
  std::vector<bool> Has = D.hasFormula();
  for (unsigned I = 0; I < D.Inputs.size(); ++I)
    if (Has[I])
      Op.Edges.push_back(I);
  return Op;
}

schema::OperatorName backwardOperatorName(const schema::OperatorName &Fn) {
  return {Fn.Namespace, "_" + Fn.Name + "_backward", Fn.Overload};
}

std::string backwardOperatorSchema(const BackwardOperator &B,
                                   const schema::OperatorName &Name) {
  std::string S = Name.str() + "(";
  for (size_t I = 0; I < B.Arguments.size(); ++I)
    S += (I ? ", " : "") + B.Arguments[I].Ty.str() + " " + B.Arguments[I].Name;
  S += ") -> ";
  if (B.Edges.size() == 1)
    return S + "Tensor";
  S += "(";
  for (size_t I = 0; I < B.Edges.size(); ++I)
    S += I ? ", Tensor" : "Tensor";
  return S + ")";
}

} // namespace derivatives
} // namespace skgen
