//===- Api.cpp - C++ naming and signatures for generated code -------------===//
#include "Gen/Api.h"

#include <algorithm>
#include <cstdio>

namespace skgen {
namespace gen {

std::string
CppSignature::declaration(const std::string &Name,
                          const std::set<std::string> &Unnamed) const {
  std::string S = ReturnType;
  if (S.empty() || (S.back() != '&' && S.back() != '*'))
    S += " ";
  S += Name + "(";
  for (size_t I = 0; I < Params.size(); ++I) {
    const std::string &T = Params[I].Type;
    S += (I ? ", " : "") + T;
    if (Unnamed.count(Params[I].Name))
      continue;
    if (T.back() != '&' && T.back() != '*')
      S += " ";
    S += Params[I].Name;
  }
  return S + ")";
}

std::string CppSignature::functionType() const {
  std::string S = ReturnType + "(";
  for (size_t I = 0; I < Params.size(); ++I)
    S += (I ? ", " : "") + Params[I].Type;
  return S + ")";
}

std::string CppSignature::argumentNames() const {
  std::string S;
  for (size_t I = 0; I < Params.size(); ++I)
    S += (I ? ", " : "") + Params[I].Name;
  return S;
}

std::optional<CppSignature> cppSignature(const schema::FunctionSchema &S,
                                         std::string &Why, Abi Target) {
  CppSignature Sig;
  auto Ret = schema::returnCppType(S, Why, Target);
  if (!Ret)
    return std::nullopt;
  Sig.ReturnType = Ret->Spelling;
  for (const schema::Argument &A : S.Arguments) {
    auto T = schema::argumentCppType(A, Why, Target);
    if (!T) {
      Why = "argument '" + A.Name + "': " + Why;
      return std::nullopt;
    }
    Sig.Params.push_back(
        CppParam{T->Symbolic.empty() ? T->Spelling : T->Symbolic,
                 cppArgName(A.Name), &A});
  }
  return Sig;
}

// clang-format off
static const char *const CppKeywords[] = {
    "alignas",   "alignof",      "and",         "and_eq",   "asm",
    "auto",      "bitand",       "bitor",       "bool",     "break",
    "case",      "catch",        "char",        "class",    "compl",
    "const",     "constexpr",    "const_cast",  "continue", "decltype",
    "default",   "delete",       "do",          "double",   "dynamic_cast",
    "else",      "enum",         "explicit",    "export",   "extern",
    "false",     "float",        "for",         "friend",   "goto",
    "if",        "inline",       "int",         "long",     "mutable",
    "namespace", "new",          "noexcept",    "not",      "not_eq",
    "nullptr",   "operator",     "or",          "or_eq",    "private",
    "protected", "public",       "register",    "reinterpret_cast",
    "return",    "short",        "signed",      "sizeof",   "static",
    "static_assert", "static_cast", "struct",   "switch",   "template",
    "this",      "thread_local", "throw",       "true",     "try",
    "typedef",   "typeid",       "typename",    "union",    "unsigned",
    "using",     "virtual",      "void",        "volatile", "wchar_t",
    "while",     "xor",          "xor_eq",
    // C++11 character types, and C++20 keywords (a block may be compiled
    // as C++20).
    "char16_t",  "char32_t",     "char8_t",     "concept",  "requires",
    "co_await",  "co_return",    "co_yield",    "consteval", "constinit"};
// clang-format on

std::string cppArgName(const std::string &Name) {
  for (const char *K : CppKeywords)
    if (Name == K)
      return Name + "_";
  return Name;
}

std::string opNameWithoutNamespace(const schema::OperatorName &Op) {
  return Op.Overload.empty() ? Op.Name : Op.Name + "." + Op.Overload;
}

/// One component of a wrapper name: as it is without an underscore, else
/// after its length (where it ends is then known, whatever it contains; an
/// empty one is `0`).
static std::string nameComponent(const std::string &C) {
  if (!C.empty() && C.find('_') == std::string::npos)
    return C;
  return std::to_string(C.size()) + C;
}

/// \p S with a `0` after each `_` followed by `_`, or (\p Zeros) by `0`
/// too: no `__` (reserved), and with \p Zeros a step a reader can undo (so
/// it keeps names distinct).
static std::string withoutDoubleUnderscore(const std::string &S, bool Zeros) {
  std::string Out;
  for (size_t I = 0; I < S.size(); ++I) {
    Out += S[I];
    if (S[I] == '_' && I + 1 < S.size() &&
        (S[I + 1] == '_' || (Zeros && S[I + 1] == '0')))
      Out += '0';
  }
  return Out;
}

std::string longName(const std::vector<std::string> &Head,
                     const schema::OperatorName &Op) {
  std::vector<std::string> Parts(Head.begin() + 1, Head.end());
  Parts.insert(Parts.end(), {Op.Namespace, Op.Name});
  if (!Op.Overload.empty())
    Parts.push_back(Op.Overload);
  std::string Joined = Head.front();
  for (const std::string &P : Parts)
    Joined += (Joined.back() == '_' ? "" : "_") + nameComponent(P);
  return withoutDoubleUnderscore(Joined, true);
}

std::string BlockNames::claim(const std::vector<std::string> &Head,
                              const schema::OperatorName &Op) {
  std::string Short;
  for (const std::string &H : Head)
    Short += (Short.empty() ? "" : "_") + H;
  const std::string Key = Short + " " + Op.str();
  auto It = Given.find(Key);
  if (It != Given.end())
    return It->second;
  Short = withoutDoubleUnderscore(
      Short + "_" + Op.Name + (Op.Overload.empty() ? "" : "_" + Op.Overload),
      false);
  // The long name may be another operator's short name (an operator named
  // `myops_4add_`): then a number.
  std::string Name = Taken.count(Short) ? longName(Head, Op) : Short;
  for (unsigned I = 2; Taken.count(Name); ++I)
    Name = withoutDoubleUnderscore(longName(Head, Op) + "_" + std::to_string(I),
                                   false);
  Taken.insert(Name);
  return Given[Key] = Name;
}

std::string BlockNames::wrapper(const std::string &Key,
                                const schema::OperatorName &Op) {
  return claim({"wrapper", Key}, Op);
}

std::string BlockNames::handle(const schema::OperatorName &Op) {
  return claim({"skgen_op"}, Op);
}

std::string globalCppName(const std::string &QualifiedName) {
  if (QualifiedName.compare(0, 2, "::") == 0)
    return QualifiedName;
  return "::" + QualifiedName;
}

std::string cppStringLiteral(const std::string &S) {
  std::string Out = "\"";
  for (unsigned char C : S) {
    // `??/` and the other trigraphs are replaced even inside string
    // literals under -std=c++14 (and -trigraphs): no `??` in the output.
    if (C == '?' && Out.back() == '?') {
      Out += "\\?";
      continue;
    }
    switch (C) {
    case '"':
      Out += "\\\"";
      break;
    case '\\':
      Out += "\\\\";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\t':
      Out += "\\t";
      break;
    default:
      if (C < 0x20 || C == 0x7f) {
        char Buf[8];
        snprintf(Buf, sizeof(Buf), "\\%03o", C);
        Out += Buf;
      } else {
        Out += static_cast<char>(C);
      }
    }
  }
  return Out + "\"";
}

const CppParam *optionsArgument(const CppSignature &Sig) {
  for (const CppParam &P : Sig.Params)
    if (P.Arg && P.Arg->Ty.isTensor())
      return &P;
  return nullptr;
}

const CppParam *deviceArgument(const CppSignature &Sig) {
  if (const CppParam *P = optionsArgument(Sig))
    return P;
  for (const CppParam &P : Sig.Params) {
    if (!P.Arg)
      continue;
    const schema::Type &T = P.Arg->Ty;
    if (T.isOptional() && T.Elements.front().isTensor())
      return &P;
    if (T.isList() && T.Elements.front().isTensor())
      return &P;
  }
  return nullptr;
}

std::vector<const CppParam *> tensorSources(const CppSignature &Sig) {
  if (const CppParam *P = optionsArgument(Sig))
    return {P};
  std::vector<const CppParam *> Sources;
  for (const CppParam &P : Sig.Params) {
    if (!P.Arg)
      continue;
    const schema::Type &T = P.Arg->Ty;
    if ((T.isOptional() || T.isList()) && T.Elements.front().isTensor())
      Sources.push_back(&P);
  }
  return Sources;
}

/// `<cond> ? <then> : ` for a `Tensor?` / `Tensor[]` source: true when it
/// holds a tensor at run time.
static std::string holdsTensor(const CppParam &P) {
  if (P.Arg->Ty.isOptional())
    return "(" + P.Name + ".has_value() && " + P.Name + "->defined())";
  return "!" + P.Name + ".empty()";
}

std::string optionsExpression(const CppSignature &Sig) {
  std::vector<const CppParam *> Sources = tensorSources(Sig);
  if (Sources.size() == 1 && Sources.front()->Arg->Ty.isTensor())
    return Sources.front()->Name + ".options()";
  std::string S;
  for (const CppParam *P : Sources) {
    std::string Options = P->Arg->Ty.isOptional()
                              ? P->Name + "->options()"
                              : P->Name + ".front().options()";
    S += holdsTensor(*P) + " ? " + Options + " : ";
  }
  return S + "at::TensorOptions()";
}

std::string deviceExpression(const CppSignature &Sig) {
  std::vector<const CppParam *> Sources = tensorSources(Sig);
  if (Sources.empty())
    return "";
  // at::device_of() of an empty Tensor? / Tensor[] is nullopt: the last
  // source needs no test.
  std::string S;
  for (size_t I = 0; I + 1 < Sources.size(); ++I)
    S += holdsTensor(*Sources[I]) + " ? at::device_of(" + Sources[I]->Name +
         ") : ";
  return S + "at::device_of(" + Sources.back()->Name + ")";
}

} // namespace gen
} // namespace skgen
