//===- Variants.cpp - Derive functional/in-place schemas ------------------===//
#include "Schema/Variants.h"
#include "Schema/Lexer.h"
#include "Schema/Parser.h"

#include <set>

namespace skgen {
namespace schema {

std::optional<std::string>
functionalOverloadFor(const std::string &OutOverload) {
  if (OutOverload == "out")
    return std::string();
  const std::string Suffix = "_out";
  if (OutOverload.size() > Suffix.size() &&
      OutOverload.compare(OutOverload.size() - Suffix.size(), Suffix.size(),
                          Suffix) == 0)
    return OutOverload.substr(0, OutOverload.size() - Suffix.size());
  return std::nullopt;
}

static bool isOutArgumentType(const Type &T) {
  // Tensor(a!) or Tensor(a!)[]
  if (T.isTensor())
    return T.Alias && T.Alias->IsWrite;
  if (T.isList() && T.Elements.front().isTensor())
    return T.Elements.front().Alias && T.Elements.front().Alias->IsWrite;
  return false;
}

bool validateOutSchema(const FunctionSchema &Out, VariantError &Err) {
  auto Outs = Out.outArguments();
  if (Outs.empty()) {
    Err.Message = "'" + Out.Op.str() +
                  "' is not an out= schema: it has no keyword-only "
                  "Tensor(a!) argument";
    Err.Fix = "add the output as a keyword-only argument, e.g. '*, Tensor(a!) "
              "out' and return 'Tensor(a!)'";
    return false;
  }
  if (Out.IsVararg || Out.IsVarret) {
    Err.Message = "out= schemas with varargs ('...') are not supported";
    return false;
  }
  // Generated C++ functions take the arguments as parameters of these names.
  for (size_t I = 0; I < Out.Arguments.size(); ++I)
    for (size_t J = 0; J < I; ++J)
      if (Out.Arguments[I].Name == Out.Arguments[J].Name) {
        Err.Message = "duplicate argument name '" + Out.Arguments[I].Name + "'";
        return false;
      }
  // Out arguments come last: that is the dispatcher calling convention the
  // kernel signature and the generated wrappers rely on.
  size_t FirstOut = Out.Arguments.size() - Outs.size();
  for (size_t I = 0; I < Outs.size(); ++I) {
    if (&Out.Arguments[FirstOut + I] != Outs[I]) {
      Err.Message = "out argument '" + Outs[I]->Name +
                    "' must come after all other arguments";
      return false;
    }
    if (!isOutArgumentType(Outs[I]->Ty)) {
      Err.Message = "out argument '" + Outs[I]->Name + "' has type '" +
                    Outs[I]->Ty.str() + "'; expected 'Tensor(a!)'";
      return false;
    }
  }
  for (size_t I = 0; I < FirstOut; ++I)
    if (Out.Arguments[I].Ty.hasWriteAlias()) {
      Err.Message = "argument '" + Out.Arguments[I].Name +
                    "' is mutated but is not a keyword-only out argument";
      Err.Fix = "out= families mutate only their out arguments";
      return false;
    }
  if (Out.Returns.empty())
    return true; // `-> ()`, as in aten's _foreach_*.out
  if (Out.Returns.size() != Outs.size()) {
    Err.Message = "out= schema returns " + std::to_string(Out.Returns.size()) +
                  " values but has " + std::to_string(Outs.size()) +
                  " out arguments";
    Err.Fix = "return each out argument, aliased: '-> Tensor(a!)'";
    return false;
  }
  for (size_t I = 0; I < Outs.size(); ++I) {
    const Type &R = Out.Returns[I].Ty;
    if (!(R.withoutAlias() == Outs[I]->Ty.withoutAlias()) ||
        !(R.Alias == Outs[I]->Ty.Alias)) {
      Err.Message = "return " + std::to_string(I + 1) + " ('" + R.str() +
                    "') must alias out argument '" + Outs[I]->Name + "' ('" +
                    Outs[I]->Ty.str() + "')";
      return false;
    }
  }
  return true;
}

std::optional<FunctionSchema>
structuredOutSchemaFor(const FunctionSchema &Legacy) {
  if (Legacy.isOutVariant() || Legacy.IsVararg || Legacy.IsVarret)
    return std::nullopt;
  FunctionSchema Out = Legacy;
  Out.Arguments.clear();
  std::vector<Argument> Written;
  for (const Argument &A : Legacy.Arguments) {
    if (!A.Ty.hasWriteAlias()) {
      Out.Arguments.push_back(A);
      continue;
    }
    if (!isOutArgumentType(A.Ty))
      return std::nullopt;
    Written.push_back(A);
    Written.back().KwargOnly = true;
  }
  if (Written.empty())
    return std::nullopt;
  if (!Legacy.Returns.empty()) {
    if (Legacy.Returns.size() != Written.size())
      return std::nullopt;
    for (size_t I = 0; I < Written.size(); ++I)
      if (!(Legacy.Returns[I].Ty == Written[I].Ty))
        return std::nullopt;
  }
  Out.Returns.clear();
  for (const Argument &A : Written) {
    Out.Arguments.push_back(A);
    Out.Returns.push_back(Return{A.Ty, ""});
  }
  const std::string &Name = Legacy.Op.Name;
  if (Name.size() > 4 && Name.compare(Name.size() - 4, 4, "_out") == 0)
    Out.Op.Name = Name.substr(0, Name.size() - 4);
  Out.Op.Overload =
      Legacy.Op.Overload.empty() ? "out" : Legacy.Op.Overload + "_out";
  return Out;
}

bool familyOutSchema(const FunctionSchema &Written, FunctionSchema &Out,
                     bool &FunctionalFirst, VariantError &Err) {
  FunctionalFirst = false;
  bool Mutates = false;
  for (const Argument &A : Written.Arguments)
    Mutates |= A.Ty.hasWriteAlias();
  if (Mutates || Written.Returns.empty() || Written.IsVararg ||
      Written.IsVarret) {
    Out = Written;
    return validateOutSchema(Out, Err);
  }
  for (const Return &R : Written.Returns)
    if (!(R.Ty == Type::named("Tensor"))) {
      Err.Message = "'" + Written.Op.str() + "' returns '" + R.Ty.str() +
                    "': a family declared by its functional schema returns "
                    "Tensor or a tuple of Tensors";
      Err.Fix = "declare the family by its out= schema instead";
      return false;
    }
  // The first alias sets no argument uses, as torchgen picks them.
  std::set<std::string> Used;
  for (const Argument &A : Written.Arguments)
    if (A.Ty.Alias)
      Used.insert(A.Ty.Alias->BeforeSets.begin(), A.Ty.Alias->BeforeSets.end());
  Out = Written;
  Out.Op.Overload =
      Written.Op.Overload.empty() ? "out" : Written.Op.Overload + "_out";
  Out.Returns.clear();
  char Set = 'a';
  for (size_t I = 0; I < Written.Returns.size(); ++I) {
    while (Used.count(std::string(1, Set)))
      ++Set;
    Argument A;
    A.Ty = Type::named("Tensor");
    A.Ty.Alias = AliasInfo{{std::string(1, Set)}, {std::string(1, Set)}, true};
    ++Set;
    A.Name = Written.Returns.size() == 1 ? "out" : "out" + std::to_string(I);
    A.KwargOnly = true;
    Out.Returns.push_back(Return{A.Ty, Written.Returns[I].Name});
    Out.Arguments.push_back(std::move(A));
  }
  FunctionalFirst = true;
  return validateOutSchema(Out, Err);
}

std::optional<FunctionSchema> legacySchemaFor(const FunctionSchema &Out,
                                              const std::string &Name,
                                              VariantError &Err) {
  FunctionSchema L;
  ParseError PE;
  if (!parseOperatorName(Out.Op.Namespace + "::" + Name, L.Op, PE) ||
      Name.find("::") != std::string::npos) {
    Err.Message = "SKGEN_LEGACY_OP names '" + Name +
                  "', which is not an operator name of the family's "
                  "namespace ('name' or 'name.overload')";
    return std::nullopt;
  }
  for (Argument A : Out.Arguments) {
    A.KwargOnly = false;
    L.Arguments.push_back(std::move(A));
  }
  return L;
}

bool deriveVariants(const FunctionSchema &Out, const VariantOptions &Opts,
                    DerivedVariants &Result, VariantError &Err) {
  if (!validateOutSchema(Out, Err))
    return false;
  Result = DerivedVariants();
  if (Opts.FunctionalFirst) {
    // The schema written is the functional operator's: nothing renames or
    // removes it, and out= exists only to be asked for.
    const char *Option = Opts.FunctionalOverload    ? "SKGEN_FUNCTIONAL_NAME"
                         : !Opts.GenerateFunctional ? "SKGEN_NO_FUNCTIONAL"
                         : Opts.LegacyOp            ? "SKGEN_LEGACY_OP"
                                                    : nullptr;
    if (Option) {
      Err.Message = std::string("'") + Option +
                    "' is for families declared by their out= schema; this "
                    "one is declared by its functional schema";
      return false;
    }
    Result.OutDefined = Opts.WithOut;
    Result.FunctionalFirst = true;
  } else if (Opts.WithOut || Opts.WithInplace) {
    Err.Message = std::string("'") +
                  (Opts.WithOut ? "SKGEN_WITH_OUT" : "SKGEN_WITH_INPLACE") +
                  "' is for families declared by their functional schema; "
                  "this one is declared by its out= schema, which defines "
                  "its variants unless told not to";
    return false;
  }

  std::optional<std::string> FunctionalOverload = Opts.FunctionalOverload;
  if (!FunctionalOverload)
    FunctionalOverload = functionalOverloadFor(Out.Op.Overload);
  if (!FunctionalOverload) {
    Err.Message = "cannot derive the functional overload name from out "
                  "overload '" +
                  Out.Op.Overload +
                  "' (the rule maps 'out' to '' and 'X_out' to 'X')";
    Err.Fix = "name it explicitly with SKGEN_FUNCTIONAL_NAME(\"...\") and, "
              "for the in-place variant, SKGEN_INPLACE_NAME(\"...\")";
    return false;
  }
  if (*FunctionalOverload == Out.Op.Overload) {
    Err.Message = "the functional overload name '" + *FunctionalOverload +
                  "' equals the out overload name";
    return false;
  }

  // PyTorch's lexer turns these words into keyword tokens, so `op.assert`
  // would not load (`assert_out` is a fine overload name, `assert` is not).
  auto Reserved = [&](const char *What, const std::string &Name,
                      const char *Option) {
    if (!detail::isTorchKeyword(Name))
      return false;
    Err.Message = std::string("the ") + What + " overload name '" + Name +
                  "' is a keyword of PyTorch's schema parser";
    Err.Fix = std::string("name it with ") + Option + "(\"...\")";
    return true;
  };
  if (Reserved("functional", *FunctionalOverload, "SKGEN_FUNCTIONAL_NAME") ||
      (Opts.InplaceOverload &&
       Reserved("in-place", *Opts.InplaceOverload, "SKGEN_INPLACE_NAME")))
    return false;

  auto Outs = Out.outArguments();
  auto Ins = Out.nonOutArguments();

  if (Opts.GenerateFunctional) {
    FunctionSchema F;
    F.Op = Out.Op;
    F.Op.Overload = *FunctionalOverload;
    for (const Argument *A : Ins)
      F.Arguments.push_back(*A);
    if (!Out.Returns.empty()) {
      for (const Return &R : Out.Returns)
        F.Returns.push_back(Return{R.Ty.withoutAlias(), R.Name});
    } else {
      for (const Argument *A : Outs)
        F.Returns.push_back(Return{A->Ty.withoutAlias(), ""});
    }
    Result.Functional = std::move(F);
  }

  if (Opts.FunctionalFirst ? Opts.WithInplace && Opts.GenerateInplace
                           : Opts.GenerateInplace) {
    // Eligible: one out argument whose type (without alias) is the type of
    // the first argument `self`: Tensor, or Tensor[] for foreach-style ops
    // that return nothing.
    bool IsList = !Outs.empty() && Outs.front()->Ty.isList();
    if (Outs.size() != 1) {
      Result.InplaceIneligibleReason = "it has more than one out argument";
    } else if (Opts.InplaceArg &&
               (Ins.empty() || Ins.front()->Name != *Opts.InplaceArg)) {
      Err.Message = "SKGEN_INPLACE_ARG names '" + *Opts.InplaceArg +
                    "', but the in-place variant updates the first argument" +
                    (Ins.empty() ? std::string(", and there is none")
                                 : ", '" + Ins.front()->Name + "'");
      return false;
    } else if (Ins.empty() ||
               Ins.front()->Name != Opts.InplaceArg.value_or("self") ||
               !(Ins.front()->Ty == Outs.front()->Ty.withoutAlias())) {
      Result.InplaceIneligibleReason =
          IsList ? "its first argument is not 'Tensor[] self'"
                 : "its first argument is not 'Tensor self'";
    } else if (IsList && !Out.Returns.empty()) {
      Result.InplaceIneligibleReason = "it returns a Tensor list";
    } else if (!IsList && Out.Returns.empty()) {
      Result.InplaceIneligibleReason = "it returns nothing";
    } else {
      FunctionSchema I;
      I.Op = Out.Op;
      I.Op.Name += "_";
      I.Op.Overload =
          Opts.InplaceOverload ? *Opts.InplaceOverload : *FunctionalOverload;
      for (const Argument *A : Ins)
        I.Arguments.push_back(*A);
      I.Arguments.front().Ty = Outs.front()->Ty;
      if (!IsList)
        I.Returns.push_back(Out.Returns.front());
      Result.Inplace = std::move(I);
    }
  }
  if (Opts.FunctionalFirst && Opts.WithInplace && !Result.Inplace &&
      !Opts.GenerateInplace) {
    Err.Message = "'SKGEN_WITH_INPLACE' asks for the in-place variant, which "
                  "'SKGEN_NO_INPLACE' disables; keep one";
    return false;
  }
  if (Opts.FunctionalFirst && Opts.WithInplace && !Result.Inplace) {
    Err.Message = "SKGEN_WITH_INPLACE: '" + Out.Op.Name +
                  "' has no in-place variant: " +
                  (Result.InplaceIneligibleReason.empty()
                       ? std::string("SKGEN_NO_INPLACE says so")
                       : Result.InplaceIneligibleReason);
    return false;
  }
  if (Opts.LegacyOp) {
    Result.Legacy = legacySchemaFor(Out, *Opts.LegacyOp, Err);
    if (!Result.Legacy)
      return false;
    for (const std::optional<FunctionSchema> *V :
         {&Result.Functional, &Result.Inplace})
      if (Result.Legacy->Op == Out.Op ||
          (*V && (*V)->Op == Result.Legacy->Op)) {
        Err.Message = "SKGEN_LEGACY_OP names '" + Result.Legacy->Op.str() +
                      "', an operator the family already defines";
        return false;
      }
  }
  return true;
}

} // namespace schema
} // namespace skgen
