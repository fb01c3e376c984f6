//===- SignatureCheck.cpp - Kernel C++ signature vs. schema ---------------===//
#include "Facts/SignatureCheck.h"

#include "Schema/CppTypes.h"

#include <algorithm>

namespace skgen {

bool sameCppType(const CppParamFact &P, bool ExpectRef, bool ExpectConst,
                 const std::string &ExpectCanonical) {
  if (P.Canonical != ExpectCanonical || P.IsReference != ExpectRef)
    return false;
  // `const int64_t x` and `int64_t x` declare the same function type.
  return !ExpectRef || P.IsConst == ExpectConst;
}

/// \p P declares \p T, in its canonical form or an accepted alternative.
static bool declares(const CppParamFact &P, const schema::CppType &T) {
  if (sameCppType(P, T.IsReference, T.IsConst, T.Canonical))
    return true;
  for (const std::string &Alt : T.AlsoAccepted)
    if (sameCppType(P, T.IsReference, T.IsConst, Alt))
      return true;
  return false;
}

static Diagnostic error(const SourceLoc &Loc, std::string Msg,
                        const SourceLoc &SchemaLoc,
                        const schema::FunctionSchema &S) {
  Diagnostic D = errorAt(Loc, std::move(Msg));
  if (SchemaLoc.valid())
    D.Notes.push_back(noteAt(SchemaLoc, "calling convention required by "
                                        "schema '" +
                                            S.Op.str() + "'"));
  return D;
}

static std::string argText(const schema::Argument &A) {
  return A.Ty.str() + " " + A.Name;
}

Abi declaredAbi(const std::vector<CppParamFact> &Params,
                const CppParamFact &Return) {
  auto Stable = [](const CppParamFact &P) {
    return P.Canonical.find("torch::stable::") != std::string::npos;
  };
  if (Stable(Return) || std::any_of(Params.begin(), Params.end(), Stable))
    return Abi::Stable;
  return Abi::Libtorch;
}

bool checkSignature(const KernelFact &K, const schema::FunctionSchema &S,
                    const SourceLoc &SchemaLoc,
                    std::vector<Diagnostic> &Diags) {
  std::string Why;
  const Abi Target = declaredAbi(K.Params, K.Return);
  auto Params = schema::parameterCppTypes(S, Why, Target);
  // What the stable ABI cannot pass, the link phase reports at the schema
  // argument (Graph/StableAbi.cpp).
  if (!Params && Target == Abi::Stable)
    return false;
  if (!Params) {
    Diags.push_back(error(SchemaLoc.valid() ? SchemaLoc : K.Loc,
                          "schema '" + S.Op.str() +
                              "' cannot be implemented by a C++ kernel: " + Why,
                          SourceLoc(), S));
    return false;
  }
  bool Ok = true;
  const std::string &Fn = K.CppName;
  size_t NParams = K.Params.size(), NArgs = Params->size();
  if (NParams != NArgs) {
    Ok = false;
    std::string Counts = "'" + Fn + "' has " + std::to_string(NParams) +
                         (NParams == 1 ? " parameter" : " parameters") +
                         " but schema '" + S.Op.str() + "' has " +
                         std::to_string(NArgs) +
                         (NArgs == 1 ? " argument" : " arguments");
    if (NParams < NArgs) {
      // Name the first argument without a parameter.
      size_t I = 0;
      while (I < NParams && declares(K.Params[I], (*Params)[I]))
        ++I;
      const schema::Argument &A = S.Arguments[I];
      Diags.push_back(error(K.Loc,
                            Counts + "; schema argument '" + argText(A) +
                                "' (passed as '" + (*Params)[I].Spelling +
                                "') has no parameter",
                            SchemaLoc, S));
    } else {
      const CppParamFact &P = K.Params[NArgs];
      Diags.push_back(error(P.Loc.valid() ? P.Loc : K.Loc,
                            Counts + "; parameter " +
                                (P.Name.empty() ? std::to_string(NArgs + 1)
                                                : "'" + P.Name + "'") +
                                " has no schema argument",
                            SchemaLoc, S));
    }
  } else {
    for (size_t I = 0; I < NArgs; ++I) {
      const schema::CppType &T = (*Params)[I];
      const CppParamFact &P = K.Params[I];
      if (declares(P, T))
        continue;
      Ok = false;
      std::string Name = P.Name.empty() ? "parameter " + std::to_string(I + 1)
                                        : "parameter '" + P.Name + "'";
      Diags.push_back(error(P.Loc.valid() ? P.Loc : K.Loc,
                            Name + " of '" + Fn + "' has type '" + P.Spelling +
                                "'; schema argument '" +
                                argText(S.Arguments[I]) + "' is passed as '" +
                                T.Spelling + "'",
                            SchemaLoc, S));
    }
  }

  auto Ret = schema::returnCppType(S, Why, Target);
  if (!Ret && Target == Abi::Stable)
    return false;
  if (!Ret) {
    Diags.push_back(error(SchemaLoc.valid() ? SchemaLoc : K.Loc,
                          "schema '" + S.Op.str() +
                              "' cannot be implemented by a C++ kernel: " + Why,
                          SourceLoc(), S));
    return false;
  }
  // An out kernel may return nothing (the legacy out convention): the
  // generated code returns its out arguments. Not on the stable ABI, whose
  // boxed kernels are registered as they are.
  const bool VoidOut = Target == Abi::Libtorch && S.isOutVariant() &&
                       K.Return.Canonical == "void" && !K.Return.IsReference;
  if (!VoidOut &&
      !sameCppType(K.Return, Ret->IsReference, Ret->IsConst, Ret->Canonical) &&
      (Ret->ValueCanonical.empty() ||
       !sameCppType(K.Return, false, false, Ret->ValueCanonical))) {
    Ok = false;
    std::string Returns;
    for (size_t I = 0; I < S.Returns.size(); ++I)
      Returns += (I ? ", " : "") + S.Returns[I].str();
    if (S.Returns.size() != 1)
      Returns = "(" + Returns + ")";
    Diags.push_back(error(K.Return.Loc.valid() ? K.Return.Loc : K.Loc,
                          "return type of '" + Fn + "' is '" +
                              K.Return.Spelling + "'; schema '" + S.Op.str() +
                              "' returns '" + Returns +
                              "', which is returned as '" + Ret->Spelling + "'",
                          SchemaLoc, S));
  }
  return Ok;
}

bool checkMetaSignature(const std::string &Fn, const SourceLoc &FnLoc,
                        const std::vector<CppParamFact> &Params,
                        const CppParamFact &Return,
                        const schema::FunctionSchema &Out,
                        const SourceLoc &AnnotationLoc,
                        std::vector<Diagnostic> &Diags,
                        const std::string &SymIntCanonical) {
  auto Error = [&](const SourceLoc &Loc, std::string Msg) {
    Diagnostic D = errorAt(Loc.valid() ? Loc : FnLoc, std::move(Msg));
    if (AnnotationLoc.valid())
      D.Notes.push_back(
          noteAt(AnnotationLoc, "meta function of '" + Out.Op.str() +
                                    "' named here; it takes the arguments of "
                                    "the functional variant"));
    Diags.push_back(std::move(D));
  };
  std::vector<const schema::Argument *> Args;
  auto Outs = Out.outArguments();
  for (const schema::Argument &A : Out.Arguments)
    if (std::find(Outs.begin(), Outs.end(), &A) == Outs.end())
      Args.push_back(&A);
  bool Ok = true;
  std::string Why;
  std::vector<schema::CppType> Types;
  const Abi Target = declaredAbi(Params, Return);
  for (const schema::Argument *A : Args) {
    auto T = schema::argumentCppType(*A, Why, Target);
    if (!T)
      return false; // The kernel's check reports it.
    Types.push_back(*T);
  }
  if (Params.size() != Types.size()) {
    std::string Names;
    for (const schema::Argument *A : Args)
      Names += (Names.empty() ? "" : ", ") + argText(*A);
    Error(FnLoc, "meta function '" + Fn + "' has " +
                     std::to_string(Params.size()) +
                     (Params.size() == 1 ? " parameter" : " parameters") +
                     " but the meta function of '" + Out.Op.str() + "' takes " +
                     std::to_string(Types.size()) + " (" +
                     (Names.empty() ? std::string("none") : Names) +
                     "; the out arguments excluded)");
    Ok = false;
  } else {
    for (size_t I = 0; I < Types.size(); ++I) {
      const CppParamFact &P = Params[I];
      const schema::CppType &T = Types[I];
      std::vector<std::string> Accepted = T.symbolicCanonicals(SymIntCanonical);
      if (std::any_of(Accepted.begin(), Accepted.end(),
                      [&](const std::string &C) {
                        return sameCppType(P, T.IsReference, T.IsConst, C);
                      }))
        continue;
      std::string Name = P.Name.empty() ? "parameter " + std::to_string(I + 1)
                                        : "parameter '" + P.Name + "'";
      std::string As = "'" + T.Spelling + "'";
      if (!T.Symbolic.empty())
        As = "'" + T.Symbolic.substr(2) + "' (" +
             (T.Symbolic == "::skgen::SymInt" ? "c10::SymInt"
                                              : "c10::SymIntArrayRef") +
             " with PyTorch >= 2, symbolic under torch.compile; "
             "skgen/symint.h)";
      Error(P.Loc, Name + " of meta function '" + Fn + "' has type '" +
                       P.Spelling + "'; schema argument '" + argText(*Args[I]) +
                       "' is passed as " + As);
      Ok = false;
    }
  }
  if (Return.IsReference || Return.Canonical != metaReturnCanonical()) {
    Error(Return.Loc, "meta function '" + Fn + "' returns '" + Return.Spelling +
                          "'; a meta function returns 'skgen::Meta' (the "
                          "sizes and dtype of each output, from "
                          "<skgen/structured.h>)");
    Ok = false;
  }
  return Ok;
}

} // namespace skgen
