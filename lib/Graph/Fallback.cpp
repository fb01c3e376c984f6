//===- Fallback.cpp - SKGEN_FALLBACK: one overload served by another ------===//
#include "Graph/Fallback.h"

#include "Schema/Parser.h"

#include <map>

namespace skgen {
namespace graph {

using schema::Argument;
using schema::FunctionSchema;
using schema::OperatorName;

namespace {

/// Whether \p T is what a library targeting \p Target passes as a number
/// where the general overload takes a Tensor: a Scalar, or on the stable ABI
/// (no Scalar there) a `float`, `int` or `bool`.
bool isNumber(const schema::Type &T, Abi Target) {
  if (Target == Abi::Stable)
    return T.isNamed("float") || T.isNamed("int") || T.isNamed("bool");
  return T.isNamed("Scalar");
}

/// Why \p S (the specialised out schema) cannot call \p G (the general one)
/// with its Scalars as tensors, or "" (then \p Wrapped is the mapping).
std::string mapArguments(const FunctionSchema &S, const FunctionSchema &G,
                         Abi Target, std::vector<bool> &Wrapped) {
  const char *Number = Target == Abi::Stable
                           ? "a number ('float', 'int' or 'bool': the stable "
                             "ABI has no Scalar)"
                           : "a Scalar";
  const std::vector<Argument> &SA = S.Arguments, &GA = G.Arguments;
  if (SA.size() != GA.size())
    return "'" + S.Op.str() + "' has " + std::to_string(SA.size()) +
           " arguments and '" + G.Op.str() + "' has " +
           std::to_string(GA.size());
  Wrapped.assign(SA.size(), false);
  for (size_t I = 0; I < SA.size(); ++I) {
    const Argument &A = SA[I], &B = GA[I];
    std::string Which = "argument " + std::to_string(I + 1) + " ";
    if (A.Name != B.Name)
      return Which + "is '" + A.Name + "' in '" + S.Op.str() + "' but '" +
             B.Name + "' in '" + G.Op.str() +
             "' (the arguments must be the "
             "same, in the same order)";
    if (A.Ty == B.Ty)
      continue;
    if (isNumber(A.Ty, Target) && B.Ty.isTensor()) {
      // The wrapped Scalar is a temporary: an argument the other overload
      // may alias (or write) would leave the result pointing at it.
      if (B.Ty.Alias)
        return Which + "'" + A.Name + "' is " + Number + " in '" + S.Op.str() +
               "' but the aliasing '" + B.Ty.str() + "' in '" + G.Op.str() +
               "'; " + Number +
               " may only be passed as a Tensor that is not "
               "aliased";
      Wrapped[I] = true;
      continue;
    }
    return Which + "'" + A.Name + "' is '" + A.Ty.str() + "' in '" +
           S.Op.str() + "' but '" + B.Ty.str() + "' in '" + G.Op.str() +
           "'; only " + Number +
           " may be passed where the other overload takes a Tensor";
  }
  bool Any = false;
  for (bool W : Wrapped)
    Any |= W;
  if (!Any)
    return "'" + S.Op.str() + "' and '" + G.Op.str() +
           "' take the same argument types: there is no " +
           (Target == Abi::Stable ? "number" : "Scalar") +
           " to pass as a Tensor";
  return "";
}

} // namespace

void resolveFallbacks(std::vector<Family> &Families, std::vector<bool> &Dropped,
                      const std::set<std::string> &Invalid, Abi Target,
                      std::vector<Diagnostic> &Diags) {
  std::map<std::string, size_t> ByName;
  for (size_t I = 0; I < Families.size(); ++I)
    ByName.emplace(Families[I].Out.Op.str(), I);
  for (size_t I = 0; I < Families.size(); ++I) {
    Family &F = Families[I];
    if (Dropped[I] || F.Options.Fallback.empty())
      continue;
    SourceLoc Loc =
        F.Options.FallbackLoc.valid() ? F.Options.FallbackLoc : F.DeclLoc;
    auto Fail = [&](std::string Msg, const Family *Other = nullptr) {
      Diagnostic D = errorAt(Loc, std::move(Msg));
      if (Other)
        D.Notes.push_back(noteAt(Other->DeclLoc, "'" + Other->Out.Op.str() +
                                                     "' is declared here"));
      Diags.push_back(std::move(D));
      Dropped[I] = true;
    };
    OperatorName Op;
    schema::ParseError PE;
    if (!schema::parseOperatorName(F.Options.Fallback, Op, PE)) {
      Fail("malformed facts: fallback '" + F.Options.Fallback + "' of '" +
           F.Out.Op.str() + "': " + PE.Message);
      continue;
    }
    if (F.Options.External) {
      Fail("'SKGEN_FALLBACK' cannot serve the external family '" +
           F.Out.Op.str() +
           "': its namespace registers its own kernels for "
           "the alias key, which skgen would override");
      continue;
    }
    if (Invalid.count(Op.str())) {
      Dropped[I] = true; // Its declaration has an error already.
      continue;
    }
    auto It = ByName.find(Op.str());
    if (It == ByName.end()) {
      Diagnostic D = errorAt(Loc, "'SKGEN_FALLBACK' names '" + Op.str() +
                                      "', which is not the out overload of "
                                      "an op family");
      // Named by its functional overload (`pow.Tensor_Tensor`)?
      OperatorName Out = Op;
      Out.Overload = Op.Overload.empty() ? "out" : Op.Overload + "_out";
      auto Near = ByName.find(Out.str());
      if (Near != ByName.end() && Near->second != I)
        D.Notes.push_back(
            noteAt(Families[Near->second].DeclLoc,
                   "did you mean '" + Out.str() + "', declared here?"));
      else
        D.Notes.push_back(noteAt(Loc, "name the out overload of the family "
                                      "that serves this one, e.g. '" +
                                          F.Out.Op.qualifiedName() +
                                          ".Tensor_out'"));
      Diags.push_back(std::move(D));
      Dropped[I] = true;
      continue;
    }
    const Family &G = Families[It->second];
    if (&G == &F) {
      Fail("'" + F.Out.Op.str() + "' cannot be its own fallback");
      continue;
    }
    if (Dropped[It->second]) {
      Dropped[I] = true;
      continue;
    }
    if (G.Out.Op.qualifiedName() != F.Out.Op.qualifiedName()) {
      Fail("'SKGEN_FALLBACK' names '" + G.Out.Op.str() +
               "', which is not an overload of '" + F.Out.Op.qualifiedName() +
               "'",
           &G);
      continue;
    }
    // Fallbacks serve every variant through out=, which a family declared
    // by its functional schema may not define.
    if (F.Variants.FunctionalFirst || G.Variants.FunctionalFirst) {
      Fail("'SKGEN_FALLBACK' is for families declared by their out= schema; "
           "'" +
               (F.Variants.FunctionalFirst ? F : G).name().str() +
               "' is declared by its functional schema",
           &G);
      continue;
    }
    Fallback FB;
    std::string Why = mapArguments(F.Out, G.Out, Target, FB.Wrapped);
    if (!Why.empty()) {
      Fail("'" + F.Out.Op.str() + "' cannot be served by '" + G.Out.Op.str() +
               "': " + Why,
           &G);
      continue;
    }
    // Each variant calls the same variant of the general overload.
    auto Counterpart = [&](const std::optional<FunctionSchema> &Mine,
                           const std::optional<FunctionSchema> &Theirs,
                           const char *What,
                           const char *OptOut) -> std::optional<OperatorName> {
      if (!Mine || Theirs)
        return Theirs ? std::optional<OperatorName>(Theirs->Op) : std::nullopt;
      Fail("the " + std::string(What) + " variant '" + Mine->Op.str() +
               "' cannot be served by '" + G.Out.Op.str() + "', which has " +
               "no " + What + " variant; add " + OptOut + " to '" +
               F.Out.Op.str() + "'",
           &G);
      return std::nullopt;
    };
    FB.Functional = Counterpart(F.Variants.Functional, G.Variants.Functional,
                                "functional", "SKGEN_NO_FUNCTIONAL");
    FB.Inplace = Counterpart(F.Variants.Inplace, G.Variants.Inplace, "in-place",
                             "SKGEN_NO_INPLACE");
    if (Dropped[I])
      continue;
    FB.Out = G.Out.Op;
    FB.Loc = Loc;
    F.FallbackTo = std::move(FB);
  }
}

} // namespace graph
} // namespace skgen
