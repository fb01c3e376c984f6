//===- CppTypes.cpp - C++ types of the dispatcher calling convention
//-------===//
#include "Schema/CppTypes.h"

namespace skgen {
namespace schema {
namespace {

CppType value(std::string Spelling, std::string Canonical) {
  return CppType{
      std::move(Spelling), std::move(Canonical), false, false, {}, {}};
}
CppType constRef(std::string Bare, std::string Canonical) {
  return CppType{
      "const " + Bare + " &", std::move(Canonical), true, true, {}, {}};
}
CppType mutRef(std::string Bare, std::string Canonical) {
  return CppType{Bare + " &", std::move(Canonical), false, true, {}, {}};
}

// Base (non-optional, non-list) value types passed by value.
struct ValueType {
  const char *Schema, *Spelling, *Canonical;
};
const ValueType ByValue[] = {
    {"int", "int64_t", "long"},
    {"SymInt", "int64_t", "long"},
    {"float", "double", "double"},
    {"bool", "bool", "bool"},
    {"str", "c10::string_view", "c10::basic_string_view<char>"},
    {"ScalarType", "at::ScalarType", "c10::ScalarType"},
    {"Layout", "at::Layout", "c10::Layout"},
    {"Device", "at::Device", "c10::Device"},
    {"MemoryFormat", "at::MemoryFormat", "c10::MemoryFormat"},
    {"Dimname", "at::Dimname", "at::Dimname"},
    {"Stream", "at::Stream", "c10::Stream"},
    {"Generator", "at::Generator", "at::Generator"},
};

const ValueType *findValueType(const Type &T) {
  if (T.K != Type::Kind::Named)
    return nullptr;
  for (const ValueType &V : ByValue)
    if (T.Name == V.Schema)
      return &V;
  return nullptr;
}

std::optional<CppType> mapType(const Type &T, std::string &Why) {
  // Tensor and friends.
  if (T.isTensor()) {
    if (T.Alias && T.Alias->IsWrite)
      return mutRef("at::Tensor", "at::Tensor");
    return constRef("at::Tensor", "at::Tensor");
  }
  if (T.isNamed("Scalar"))
    return constRef("at::Scalar", "c10::Scalar");
  if (const ValueType *V = findValueType(T)) {
    CppType C = value(V->Spelling, V->Canonical);
    if (T.isNamed("SymInt")) {
      C.AlsoAccepted.push_back("c10::SymInt");
      C.Symbolic = "::skgen::SymInt";
    }
    return C;
  }

  if (T.isOptional()) {
    const Type &E = T.Elements.front();
    if (E.isTensor())
      return constRef("c10::optional<at::Tensor>", "c10::optional<at::Tensor>");
    if (E.isNamed("Scalar"))
      return constRef("c10::optional<at::Scalar>",
                      "c10::optional<c10::Scalar>");
    if (const ValueType *V = findValueType(E))
      return value(std::string("c10::optional<") + V->Spelling + ">",
                   std::string("c10::optional<") + V->Canonical + ">");
    if (E.isList()) {
      const Type &LE = E.Elements.front();
      if (LE.isNamed("int") || LE.isNamed("SymInt"))
        return value("at::OptionalIntArrayRef", "c10::OptionalArrayRef<long>");
      if (LE.isNamed("float"))
        return value("c10::optional<at::ArrayRef<double>>",
                     "c10::optional<c10::ArrayRef<double>>");
      if (LE.isNamed("Dimname"))
        return value("c10::optional<at::DimnameList>",
                     "c10::optional<c10::ArrayRef<at::Dimname>>");
    }
    Why = "no dispatcher C++ type for '" + T.str() + "'";
    return std::nullopt;
  }

  if (T.isList()) {
    const Type &E = T.Elements.front();
    if (E.isTensor())
      return value("at::TensorList", "c10::ArrayRef<at::Tensor>");
    if (E.isOptional() && E.Elements.front().isTensor())
      return constRef("c10::List<c10::optional<at::Tensor>>",
                      "c10::List<c10::optional<at::Tensor>>");
    if (E.isNamed("int"))
      return value("at::IntArrayRef", "c10::ArrayRef<long>");
    if (E.isNamed("SymInt")) {
      CppType C = value("at::IntArrayRef", "c10::ArrayRef<long>");
      C.AlsoAccepted.push_back("c10::ArrayRef<c10::SymInt>");
      C.Symbolic = "::skgen::SymIntArrayRef";
      return C;
    }
    if (E.isNamed("float"))
      return value("at::ArrayRef<double>", "c10::ArrayRef<double>");
    if (E.isNamed("Scalar"))
      return value("at::ArrayRef<at::Scalar>", "c10::ArrayRef<c10::Scalar>");
    if (E.isNamed("Dimname"))
      return value("at::DimnameList", "c10::ArrayRef<at::Dimname>");
    if (E.isNamed("bool") && T.Size)
      return value("::std::array<bool," + std::to_string(*T.Size) + ">",
                   "std::array<bool, " + std::to_string(*T.Size) + ">");
  }
  Why = "no dispatcher C++ type for '" + T.str() + "'";
  return std::nullopt;
}

/// void, the one return, or a std::tuple of the returns.
CppType tupleOf(const std::vector<std::string> &Spellings,
                const std::vector<std::string> &Canonicals) {
  if (Spellings.empty())
    return value("void", "void");
  if (Spellings.size() == 1) {
    const std::string &Sp = Spellings.front();
    bool Ref = Sp.back() == '&';
    if (Ref)
      return CppType{Sp, Sp.substr(0, Sp.size() - 2), false, true, {}, {}};
    return value(Sp, Canonicals.front());
  }
  std::string Sp = "::std::tuple<", Ca = "std::tuple<";
  for (size_t I = 0; I < Spellings.size(); ++I) {
    Sp += (I ? ", " : "") + Spellings[I];
    Ca += (I ? ", " : "") + Canonicals[I];
  }
  return value(Sp + ">", Ca + ">");
}

// The stable ABI (torch/csrc/stable, torch/headeronly): what TORCH_BOX can
// unbox (torch::stable::detail::to<T>). Canonicals as Clang prints them with
// PyTorch 2.13's headers (headeronly types live in namespace c10).
const ValueType StableByValue[] = {
    {"int", "int64_t", "long"},
    {"float", "double", "double"},
    {"bool", "bool", "bool"},
    {"str", "std::string_view",
     "std::basic_string_view<char, std::char_traits<char>>"},
    {"ScalarType", "torch::headeronly::ScalarType", "c10::ScalarType"},
    {"Layout", "torch::headeronly::Layout", "c10::Layout"},
    {"Device", "torch::stable::Device", "torch::stable::Device"},
    {"MemoryFormat", "torch::headeronly::MemoryFormat", "c10::MemoryFormat"},
};

const ValueType *findStableValueType(const Type &T) {
  if (T.K != Type::Kind::Named)
    return nullptr;
  for (const ValueType &V : StableByValue)
    if (T.Name == V.Schema)
      return &V;
  return nullptr;
}

/// Schema types the stable ABI lacks, and what to take instead (other types
/// without a stable form: TORCH_BOX cannot unbox them).
struct StableGap {
  const char *Schema;
  /// Why: what the ABI lacks. With InNoTorch, it is said of every torch up to
  /// NewestKnownTorch ("no torch up to 2.15.0 ... has <Lacks>").
  const char *Lacks;
  bool InNoTorch;
  const char *Instead;
};
const StableGap StableGaps[] = {
    // Neither TORCH_BOX (a kernel's arguments) nor torch_call_dispatcher
    // converts one: "Not yet supported conversion from StableIValue to IValue
    // for schema type: Scalar" (test/E2E/stable-scalar.test).
    {"Scalar",
     "a stable Scalar: StableIValue has no conversion for schema type "
     "Scalar",
     true, "take a 'float' or an 'int'"},
    {"SymInt", "no SymInt in the stable ABI", false,
     "take 'int' / 'int[]' (concrete sizes: no dynamic shapes under "
     "torch.compile)"},
};

/// Why a schema type has no stable-ABI form, and what to write instead.
std::string noStableForm(const Type &T) {
  const Type &E = T.isOptional() || T.isList() ? T.Elements.front() : T;
  const Type &B = E.unwrapOptional();
  for (const StableGap &G : StableGaps)
    if (B.isNamed(G.Schema))
      return "'" + T.str() + "' has no stable-ABI form (" +
             (G.InNoTorch ? std::string("no torch up to ") + NewestKnownTorch +
                                ", the newest skgen knows, has " + G.Lacks
                          : std::string(G.Lacks)) +
             "); " + G.Instead;
  return "'" + T.str() + "' has no stable-ABI form (TORCH_BOX cannot unbox it)";
}

const char StableTensor[] = "torch::stable::Tensor";
const char StableIntList[] = "torch::headeronly::IntHeaderOnlyArrayRef";
const char StableIntListCanonical[] = "c10::HeaderOnlyArrayRef<long>";
// Where later headers may put it.
const char StableIntListAlso[] = "torch::headeronly::HeaderOnlyArrayRef<long>";

std::optional<CppType> mapStableType(const Type &T, std::string &Why) {
  if (T.isTensor()) {
    if (T.Alias && T.Alias->IsWrite)
      return mutRef(StableTensor, StableTensor);
    return constRef(StableTensor, StableTensor);
  }
  if (const ValueType *V = findStableValueType(T))
    return value(V->Spelling, V->Canonical);
  if (T.isOptional()) {
    const Type &E = T.Elements.front();
    if (E.isTensor())
      return constRef(std::string("std::optional<") + StableTensor + ">",
                      std::string("std::optional<") + StableTensor + ">");
    if (const ValueType *V = findStableValueType(E))
      return value(std::string("std::optional<") + V->Spelling + ">",
                   std::string("std::optional<") + V->Canonical + ">");
    if (E.isList() && E.Elements.front().isNamed("int")) {
      CppType C =
          value(std::string("std::optional<") + StableIntList + ">",
                std::string("std::optional<") + StableIntListCanonical + ">");
      C.AlsoAccepted.push_back(std::string("std::optional<") +
                               StableIntListAlso + ">");
      return C;
    }
  }
  if (T.isList()) {
    const Type &E = T.Elements.front();
    if (E.isNamed("int")) {
      CppType C = value(StableIntList, StableIntListCanonical);
      C.AlsoAccepted.push_back(StableIntListAlso);
      return C;
    }
    if (E.isNamed("float"))
      return value("torch::headeronly::HeaderOnlyArrayRef<double>",
                   "c10::HeaderOnlyArrayRef<double>");
    if (E.isTensor()) {
      // Clang prints the canonical type with its allocator.
      CppType C = constRef(std::string("std::vector<") + StableTensor + ">",
                           std::string("std::vector<") + StableTensor +
                               ", std::allocator<" + StableTensor + ">>");
      C.AlsoAccepted.push_back(std::string("std::vector<") + StableTensor +
                               ">");
      return C;
    }
  }
  Why = noStableForm(T);
  return std::nullopt;
}

std::optional<CppType> stableReturnType(const FunctionSchema &S,
                                        std::string &Why) {
  std::vector<std::string> Spellings, Canonicals, Values;
  bool AnyRef = false;
  for (const Return &R : S.Returns) {
    const Type &T = R.Ty;
    if (T.isTensor()) {
      bool Ref = T.Alias && T.Alias->IsWrite;
      AnyRef |= Ref;
      Spellings.push_back(std::string(StableTensor) + (Ref ? " &" : ""));
      Canonicals.push_back(Spellings.back());
      Values.push_back(StableTensor);
    } else if (T.isList() && T.Elements.front().isTensor()) {
      Spellings.push_back(std::string("::std::vector<") + StableTensor + ">");
      Canonicals.push_back(std::string("std::vector<") + StableTensor +
                           ", std::allocator<" + StableTensor + ">>");
      Values.push_back(Canonicals.back());
    } else if (const ValueType *V = findStableValueType(T)) {
      Spellings.push_back(V->Spelling);
      Canonicals.push_back(V->Canonical);
      Values.push_back(V->Canonical);
    } else {
      Why = "return type " + noStableForm(T);
      return std::nullopt;
    }
  }
  CppType C = tupleOf(Spellings, Canonicals);
  if (AnyRef)
    C.ValueCanonical = tupleOf(Values, Values).Canonical;
  return C;
}
} // namespace

std::optional<std::string> savedCppType(const Type &T) {
  auto Base = [](const Type &E) -> std::optional<std::string> {
    if (E.isTensor())
      return std::string("at::Tensor");
    if (E.isNamed("Scalar"))
      return std::string("at::Scalar");
    if (E.isNamed("str"))
      return std::string("std::string");
    if (E.isNamed("SymInt"))
      return std::string("::skgen::SymInt");
    if (const ValueType *V = findValueType(E))
      return std::string(V->Spelling);
    return std::nullopt;
  };
  if (T.isList()) {
    const Type &E = T.Elements.front();
    if (E.isNamed("bool") && T.Size)
      return "std::array<bool, " + std::to_string(*T.Size) + ">";
    // Tensor?[]: what aten's nodes unpack it to (unpack_opt_list).
    if (E.isOptional() && E.Elements.front().isTensor())
      return std::string("c10::List<c10::optional<at::Tensor>>");
    if (E.isOptional() || E.isNamed("Dimname"))
      return std::nullopt;
    if (std::optional<std::string> B = Base(E))
      return "std::vector<" + *B + ">";
    return std::nullopt;
  }
  if (T.isOptional()) {
    const Type &E = T.Elements.front();
    if (E.isList() && E.Elements.front().isNamed("Dimname"))
      return std::nullopt;
    if (std::optional<std::string> B = savedCppType(E))
      return "c10::optional<" + *B + ">";
    return std::nullopt;
  }
  if (T.isNamed("Dimname"))
    return std::nullopt;
  return Base(T);
}

bool isSymbolic(const Type &T) {
  return T.isNamed("SymInt") ||
         (T.isList() && T.Elements.front().isNamed("SymInt"));
}

std::vector<std::string>
CppType::symbolicCanonicals(const std::string &SymIntCanonical) const {
  if (Symbolic.empty())
    return {Canonical};
  bool List = Symbolic == "::skgen::SymIntArrayRef";
  // c10::SymInt converts from int64_t (1.13), c10::SymIntArrayRef does not.
  if (List)
    return {"c10::ArrayRef<" + SymIntCanonical + ">"};
  if (SymIntCanonical == "c10::SymInt")
    return {SymIntCanonical};
  return {SymIntCanonical, "c10::SymInt"};
}

std::optional<CppType> argumentCppType(const Argument &A, std::string &Why,
                                       Abi Target) {
  return Target == Abi::Stable ? mapStableType(A.Ty, Why) : mapType(A.Ty, Why);
}

std::optional<CppType> returnCppType(const FunctionSchema &S, std::string &Why,
                                     Abi Target) {
  if (Target == Abi::Stable)
    return stableReturnType(S, Why);
  std::vector<std::string> Spellings, Canonicals;
  for (const Return &R : S.Returns) {
    const Type &T = R.Ty;
    if (T.isTensor()) {
      bool Ref = T.Alias && T.Alias->IsWrite;
      Spellings.push_back(Ref ? "at::Tensor &" : "at::Tensor");
      Canonicals.push_back(Ref ? "at::Tensor &" : "at::Tensor");
    } else if (T.isList() && T.Elements.front().isTensor()) {
      Spellings.push_back("::std::vector<at::Tensor>");
      Canonicals.push_back("std::vector<at::Tensor>");
    } else if (const ValueType *V = findValueType(T)) {
      Spellings.push_back(V->Spelling);
      Canonicals.push_back(V->Canonical);
    } else if (T.isNamed("Scalar")) {
      Spellings.push_back("at::Scalar");
      Canonicals.push_back("c10::Scalar");
    } else {
      Why = "no dispatcher C++ return type for '" + T.str() + "'";
      return std::nullopt;
    }
  }
  return tupleOf(Spellings, Canonicals);
}

std::optional<std::vector<CppType>>
parameterCppTypes(const FunctionSchema &S, std::string &Why, Abi Target) {
  std::vector<CppType> Out;
  for (const Argument &A : S.Arguments) {
    auto T = argumentCppType(A, Why, Target);
    if (!T) {
      Why = "argument '" + A.Name + "': " + Why;
      return std::nullopt;
    }
    Out.push_back(*T);
  }
  return Out;
}

std::string cppIdentifier(const OperatorName &Op) {
  std::string S = Op.Name;
  if (!Op.Overload.empty())
    S += "_" + Op.Overload;
  return S;
}

} // namespace schema
} // namespace skgen
