//===- MetaPresets.cpp - SKGEN_META_PRESET: roles and bindings ------------===//
#include "Schema/MetaPresets.h"

#include <algorithm>
#include <set>

namespace skgen {
namespace schema {

namespace {
// The words of MetaPresets.def's columns.
enum class PresetAbi { Both, Libtorch };
enum class PresetChecks { TensorIterator, OwnMeta };
enum class RoleBinding { Required, Optional, Variadic };
} // namespace

const std::vector<MetaPreset> &metaPresets() {
  static const std::vector<MetaPreset> Presets = [] {
    std::vector<MetaPreset> All;
#define SKGEN_META_PRESET(Name, Outputs, OpName, Abi, Checks, Vmap, Example,   \
                          Summary)                                             \
  All.push_back({Name,                                                         \
                 {},                                                           \
                 false,                                                        \
                 Outputs,                                                      \
                 OpName,                                                       \
                 Summary,                                                      \
                 PresetAbi::Abi == PresetAbi::Both,                            \
                 PresetChecks::Checks == PresetChecks::TensorIterator,         \
                 VmapRule::Vmap,                                               \
                 Example});
#define SKGEN_META_PRESET_ROLE(Name, Kind, Binding, Abi)                       \
  All.back().Roles.push_back({Name, RoleKind::Kind,                            \
                              RoleBinding::Binding == RoleBinding::Optional,   \
                              PresetAbi::Abi == PresetAbi::Both});             \
  All.back().Variadic |= RoleBinding::Binding == RoleBinding::Variadic;
#include "Schema/MetaPresets.def"
    return All;
  }();
  return Presets;
}

const char *roleKindName(RoleKind K) {
  switch (K) {
  case RoleKind::Operand:
    return "Operand";
  case RoleKind::Tensor:
    return "Tensor";
  case RoleKind::Dims:
    return "Dims";
  case RoleKind::Dim:
    return "Dim";
  case RoleKind::OptDim:
    return "OptDim";
  case RoleKind::Bool:
    return "Bool";
  case RoleKind::Dtype:
    return "Dtype";
  case RoleKind::Scalar:
    return "Scalar";
  case RoleKind::Int:
    return "Int";
  case RoleKind::Str:
    return "Str";
  case RoleKind::TensorList:
    return "TensorList";
  case RoleKind::OptTensorList:
    return "OptTensorList";
  case RoleKind::Sizes:
    return "Sizes";
  }
  return "";
}

const MetaPreset *findMetaPreset(const std::string &Name) {
  for (const MetaPreset &P : metaPresets())
    if (Name == P.Name)
      return &P;
  return nullptr;
}

static unsigned editDistance(const std::string &A, const std::string &B) {
  std::vector<unsigned> Row(B.size() + 1);
  for (size_t J = 0; J <= B.size(); ++J)
    Row[J] = J;
  for (size_t I = 1; I <= A.size(); ++I) {
    unsigned Prev = Row[0];
    Row[0] = I;
    for (size_t J = 1; J <= B.size(); ++J) {
      unsigned Cur = Row[J];
      Row[J] = std::min({Row[J] + 1, Row[J - 1] + 1,
                         Prev + (A[I - 1] == B[J - 1] ? 0u : 1u)});
      Prev = Cur;
    }
  }
  return Row[B.size()];
}

std::string closestMetaPreset(const std::string &Name) {
  std::string Best;
  unsigned BestDist = 4;
  for (const MetaPreset &P : metaPresets()) {
    unsigned D = editDistance(Name, P.Name);
    if (D < BestDist) {
      BestDist = D;
      Best = P.Name;
    }
  }
  return Best;
}

static bool isIntLike(const Type &T) {
  return T.isNamed("int") || T.isNamed("SymInt");
}

/// Whether an argument of type \p T can play a role of kind \p K.
static bool fits(RoleKind K, const Type &T) {
  const Type &U = T.unwrapOptional();
  switch (K) {
  case RoleKind::Operand:
    return (T.isTensor() || T.isNamed("Scalar")) ||
           (T.isOptional() && (U.isTensor() || U.isNamed("Scalar")));
  case RoleKind::Tensor:
    return T.isTensor();
  case RoleKind::Dims:
    return isIntLike(U) || (U.isList() && isIntLike(U.Elements.front()) &&
                            !U.Elements.front().isOptional());
  case RoleKind::Dim:
    return isIntLike(T);
  case RoleKind::OptDim:
    return isIntLike(U);
  case RoleKind::Bool:
    return T.isNamed("bool");
  case RoleKind::Dtype:
    return U.isNamed("ScalarType");
  case RoleKind::Scalar:
    return U.isNamed("Scalar");
  case RoleKind::Int:
    return isIntLike(T);
  case RoleKind::Str:
    return U.isNamed("str");
  case RoleKind::TensorList:
    return T.isList() && T.Elements.front().isTensor();
  case RoleKind::OptTensorList:
    return T.isList() && T.Elements.front().isOptional() &&
           T.Elements.front().unwrapOptional().isTensor();
  case RoleKind::Sizes:
    return T.isList() && isIntLike(T.Elements.front());
  }
  return false;
}

static const char *kindText(RoleKind K) {
  switch (K) {
  case RoleKind::Operand:
    return "a Tensor, Scalar, Tensor? or Scalar?";
  case RoleKind::Tensor:
    return "a Tensor";
  case RoleKind::Dims:
    return "an int[], int[N], int[]?, int or int?";
  case RoleKind::Dim:
    return "an int";
  case RoleKind::OptDim:
    return "an int or int?";
  case RoleKind::Bool:
    return "a bool";
  case RoleKind::Dtype:
    return "a ScalarType or ScalarType?";
  case RoleKind::Scalar:
    return "a Scalar or Scalar?";
  case RoleKind::Int:
    return "an int";
  case RoleKind::Str:
    return "a str or str?";
  case RoleKind::TensorList:
    return "a Tensor[]";
  case RoleKind::OptTensorList:
    return "a Tensor?[]";
  case RoleKind::Sizes:
    return "an int[] or SymInt[]";
  }
  return "";
}

bool bindMetaPreset(const MetaPreset &P, const FunctionSchema &Out,
                    const std::vector<std::string> &Given,
                    std::vector<std::string> &Bound, PresetError &E) {
  std::vector<const Argument *> Args;
  std::set<const Argument *> Outs;
  for (const Argument *A : Out.outArguments())
    Outs.insert(A);
  for (const Argument &A : Out.Arguments)
    if (!Outs.count(&A))
      Args.push_back(&A);
  auto Find = [&](const std::string &Name) -> const Argument * {
    for (const Argument *A : Args)
      if (A->Name == Name)
        return A;
    return nullptr;
  };
  auto Fail = [&](int Index, std::string Msg) {
    E.GivenIndex = Index;
    E.Message = std::move(Msg);
    return false;
  };
  std::string Preset = std::string("preset '") + P.Name + "'";
  std::set<std::string> Used;

  // Names written in the annotation.
  size_t NumRoles = P.Variadic ? Given.size() : P.Roles.size();
  if (!P.Variadic && Given.size() > P.Roles.size())
    return Fail(static_cast<int>(P.Roles.size()),
                Preset + " takes at most " + std::to_string(P.Roles.size()) +
                    " argument(s)");
  Bound.assign(NumRoles, "");
  std::vector<bool> Explicit(NumRoles, false);
  for (size_t I = 0; I < Given.size(); ++I) {
    const PresetRole &R = P.Variadic ? P.Roles.front() : P.Roles[I];
    const std::string &N = Given[I];
    int Idx = static_cast<int>(I);
    if (N == "_") {
      if (!R.Optional)
        return Fail(Idx, std::string("role '") + R.Name + "' of " + Preset +
                             " cannot be left unbound ('_')");
      Explicit[I] = true;
      continue;
    }
    const Argument *A = Find(N);
    if (!A) {
      bool IsOut = false;
      for (const Argument *O : Outs)
        IsOut |= O->Name == N;
      if (IsOut)
        return Fail(Idx, "'" + N + "' is an out argument of '" + Out.Op.str() +
                             "'; a meta function reads the other arguments");
      std::string Names;
      for (const Argument *B : Args)
        Names += (Names.empty() ? "" : ", ") + B->Name;
      return Fail(Idx, "'" + N + "' is not an argument of '" + Out.Op.str() +
                           "' (arguments: " + Names + ")");
    }
    if (!fits(R.Kind, A->Ty))
      return Fail(Idx, std::string("role '") + R.Name + "' of " + Preset +
                           " takes " + kindText(R.Kind) + "; '" + N + "' is '" +
                           A->Ty.str() + "'");
    if (!Used.insert(N).second)
      return Fail(Idx, "'" + N + "' is named twice");
    Bound[I] = N;
    Explicit[I] = true;
  }
  if (P.Variadic && Given.empty()) {
    // Every operand, in schema order.
    for (const Argument *A : Args)
      if (fits(RoleKind::Operand, A->Ty))
        Bound.push_back(A->Name);
    if (Bound.empty())
      return Fail(-1, Preset +
                          " needs at least one operand (a Tensor or "
                          "Scalar argument); '" +
                          Out.Op.str() + "' has none");
    return true;
  }
  if (P.Variadic)
    return true;

  // Defaults for the roles not written.
  unsigned Operands = 0, NeededOperands = 0;
  for (const PresetRole &R : P.Roles)
    NeededOperands += R.Kind == RoleKind::Operand;
  for (size_t I = 0; I < P.Roles.size(); ++I) {
    if (Explicit[I]) {
      Operands += P.Roles[I].Kind == RoleKind::Operand;
      continue;
    }
    const PresetRole &R = P.Roles[I];
    const Argument *Pick = nullptr;
    if (R.Kind == RoleKind::Operand || R.Kind == RoleKind::Tensor ||
        R.Kind == RoleKind::TensorList || R.Kind == RoleKind::OptTensorList) {
      for (const Argument *A : Args)
        if (!Used.count(A->Name) && fits(R.Kind, A->Ty)) {
          Pick = A;
          break;
        }
    } else if (const Argument *A = Find(R.Name)) {
      if (!Used.count(A->Name) && fits(R.Kind, A->Ty))
        Pick = A;
    }
    if (Pick) {
      Bound[I] = Pick->Name;
      Used.insert(Pick->Name);
      Operands += R.Kind == RoleKind::Operand;
      continue;
    }
    if (R.Optional)
      continue;
    if (R.Kind == RoleKind::Operand)
      return Fail(-1, Preset + " needs " + std::to_string(NeededOperands) +
                          " operands (Tensor or Scalar arguments); '" +
                          Out.Op.str() + "' has " + std::to_string(Operands));
    if (R.Kind == RoleKind::Tensor || R.Kind == RoleKind::TensorList ||
        R.Kind == RoleKind::OptTensorList)
      return Fail(-1, Preset + " needs " + kindText(R.Kind) +
                          " argument for its role '" + R.Name + "'; '" +
                          Out.Op.str() + "' has none left");
    std::string Roles;
    for (size_t J = 0; J < P.Roles.size(); ++J)
      Roles += std::string(", ") + (J == I ? "<" : "") + P.Roles[J].Name +
               (J == I ? ">" : "");
    return Fail(-1, Preset + " needs " + kindText(R.Kind) +
                        " argument for its role '" + R.Name + "', and '" +
                        Out.Op.str() + "' has no such argument called '" +
                        R.Name + "'; name it: SKGEN_META_PRESET(" + P.Name +
                        Roles + ")");
  }
  return true;
}

std::string
metaPresetCall(const MetaPreset &P, const std::vector<std::string> &Bound,
               const std::function<std::string(const std::string &)> &CppName,
               const OperatorName &Op, const std::string &None) {
  std::string Args;
  auto Add = [&](const std::string &S) {
    Args += (Args.empty() ? "" : ", ") + S;
  };
  if (P.Variadic) {
    std::string List;
    for (const std::string &B : Bound)
      List += (List.empty() ? "" : ", ") + CppName(B);
    return std::string("::skgen::preset::") + P.Name + "({" + List + "})";
  }
  for (size_t I = 0; I < P.Roles.size(); ++I) {
    const std::string B = I < Bound.size() ? Bound[I] : "";
    if (!B.empty()) {
      Add(CppName(B));
      continue;
    }
    switch (P.Roles[I].Kind) {
    case RoleKind::Bool:
      Add("false");
      break;
    default:
      Add(None);
      break;
    }
  }
  if (P.OpNameSuffix)
    Add("\"" + Op.Name + P.OpNameSuffix + "\"");
  return std::string("::skgen::preset::") + P.Name + "(" + Args + ")";
}

} // namespace schema
} // namespace skgen
