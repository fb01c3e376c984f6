//===- SignatureCheck.cpp - Kernel C++ signature vs. schema ---------------===//
#include "Scan/SignatureCheck.h"

#include "Schema/CppTypes.h"

namespace skgen {
namespace scan {

bool sameCppType(const CppParamFact &P, bool ExpectRef, bool ExpectConst,
                 const std::string &ExpectCanonical) {
  if (P.Canonical != ExpectCanonical || P.IsReference != ExpectRef)
    return false;
  // `const int64_t x` and `int64_t x` declare the same function type.
  return !ExpectRef || P.IsConst == ExpectConst;
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

bool checkSignature(const KernelFact &K, const schema::FunctionSchema &S,
                    const SourceLoc &SchemaLoc,
                    std::vector<Diagnostic> &Diags) {
  std::string Why;
  auto Params = schema::parameterCppTypes(S, Why);
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
      while (I < NParams &&
             sameCppType(K.Params[I], (*Params)[I].IsReference,
                         (*Params)[I].IsConst, (*Params)[I].Canonical))
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
      if (sameCppType(P, T.IsReference, T.IsConst, T.Canonical))
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

  auto Ret = schema::returnCppType(S, Why);
  if (!Ret) {
    Diags.push_back(error(SchemaLoc.valid() ? SchemaLoc : K.Loc,
                          "schema '" + S.Op.str() +
                              "' cannot be implemented by a C++ kernel: " + Why,
                          SourceLoc(), S));
    return false;
  }
  if (!sameCppType(K.Return, Ret->IsReference, Ret->IsConst, Ret->Canonical)) {
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

} // namespace scan
} // namespace skgen
