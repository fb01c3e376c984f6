//===- Schema.cpp - Canonical printing of function schemas ----------------===//
//
// The printing rules mirror c10's operator<< for FunctionSchema, Argument and
// AliasInfo (PyTorch 1.13), so that a parsed schema prints back byte for byte.
//
//===----------------------------------------------------------------------===//
#include "Schema/Schema.h"

#include <cctype>
#include <cmath>
#include <cstdio>

namespace skgen {
namespace schema {

static std::string joinSets(const std::vector<std::string> &Sets) {
  std::string Out;
  for (size_t I = 0; I < Sets.size(); ++I) {
    if (I)
      Out += "|";
    Out += Sets[I];
  }
  return Out;
}

std::string AliasInfo::str() const {
  std::string Out = "(" + joinSets(BeforeSets);
  if (IsWrite)
    Out += "!";
  if (BeforeSets != AfterSets)
    Out += " -> " + joinSets(AfterSets);
  return Out + ")";
}

Type Type::named(std::string Name) {
  Type T;
  T.K = Kind::Named;
  T.Name = std::move(Name);
  return T;
}

Type Type::listOf(Type Elem, std::optional<int64_t> Size) {
  Type T;
  T.K = Kind::List;
  T.Elements.push_back(std::move(Elem));
  T.Size = Size;
  return T;
}

Type Type::optionalOf(Type Elem) {
  Type T;
  T.K = Kind::Optional;
  T.Elements.push_back(std::move(Elem));
  return T;
}

bool Type::hasWriteAlias() const {
  if (Alias && Alias->IsWrite)
    return true;
  for (const Type &E : Elements)
    if (E.hasWriteAlias())
      return true;
  return false;
}

Type Type::withoutAlias() const {
  Type T = *this;
  T.Alias.reset();
  for (Type &E : T.Elements)
    E = E.withoutAlias();
  return T;
}

static std::string joinTypes(const std::vector<Type> &Ts) {
  std::string Out;
  for (size_t I = 0; I < Ts.size(); ++I) {
    if (I)
      Out += ", ";
    Out += Ts[I].str();
  }
  return Out;
}

std::string Type::str() const {
  std::string Out;
  switch (K) {
  case Kind::Named:
    Out = Name;
    break;
  case Kind::List:
    Out = Elements.front().str() + "[" + (Size ? std::to_string(*Size) : "") +
          "]";
    break;
  case Kind::Optional:
    // The alias of an optional is always printed before the `?`
    // (`Tensor(a!)?`); the parser attaches it to the element.
    Out = Elements.front().str() + "?";
    break;
  case Kind::Tuple:
    Out = "(" + joinTypes(Elements) + ")";
    break;
  case Kind::Parametric:
    Out = Name + "(" + joinTypes(Elements) + ")";
    break;
  }
  if (Alias)
    Out += Alias->str();
  return Out;
}

std::string Argument::str() const {
  std::string Out = Ty.str();
  if (!Name.empty())
    Out += " " + Name;
  if (Default)
    Out += "=" + Default->Text;
  return Out;
}

std::string Return::str() const {
  std::string Out = Ty.str();
  if (!Name.empty())
    Out += " " + Name;
  return Out;
}

std::string OperatorName::qualifiedName() const {
  return Namespace.empty() ? Name : Namespace + "::" + Name;
}

std::string OperatorName::str() const {
  return Overload.empty() ? qualifiedName() : qualifiedName() + "." + Overload;
}

static std::string printSignature(const FunctionSchema &S) {
  std::string Out = "(";
  bool SeenKwargOnly = false;
  for (size_t I = 0; I < S.Arguments.size(); ++I) {
    if (I)
      Out += ", ";
    if (S.Arguments[I].KwargOnly && !SeenKwargOnly) {
      Out += "*, ";
      SeenKwargOnly = true;
    }
    Out += S.Arguments[I].str();
  }
  if (S.IsVararg) {
    if (!S.Arguments.empty())
      Out += ", ";
    Out += "...";
  }
  Out += ") -> ";

  // Parentheses are dropped for a single return, unless its text starts with
  // `(` (a tuple type), which would otherwise re-parse as several returns.
  const auto &Rets = S.Returns;
  bool NeedParen =
      !((Rets.size() == 1 && !S.IsVarret) || (Rets.empty() && S.IsVarret));
  if (Rets.size() == 1 && !NeedParen) {
    std::string R = Rets.front().str();
    if (!R.empty() && R.front() == '(')
      NeedParen = true;
  }
  if (NeedParen)
    Out += "(";
  for (size_t I = 0; I < Rets.size(); ++I) {
    if (I)
      Out += ", ";
    Out += Rets[I].str();
  }
  if (S.IsVarret) {
    if (!Rets.empty())
      Out += ", ";
    Out += "...";
  }
  if (NeedParen)
    Out += ")";
  return Out;
}

std::string FunctionSchema::str() const {
  return Op.str() + printSignature(*this);
}

std::string FunctionSchema::strWithoutNamespace() const {
  std::string N = Op.Name;
  if (!Op.Overload.empty())
    N += "." + Op.Overload;
  return N + printSignature(*this);
}

std::vector<const Argument *> FunctionSchema::outArguments() const {
  std::vector<const Argument *> Out;
  for (const Argument &A : Arguments)
    if (A.KwargOnly && A.Ty.hasWriteAlias())
      Out.push_back(&A);
  return Out;
}

std::vector<const Argument *> FunctionSchema::nonOutArguments() const {
  std::vector<const Argument *> Out;
  for (const Argument &A : Arguments)
    if (!(A.KwargOnly && A.Ty.hasWriteAlias()))
      Out.push_back(&A);
  return Out;
}

std::string formatDouble(double V) {
  // c10 prints doubles with max_digits10 significant digits in the default
  // (%g-like) notation and appends `.` to integral-looking results.
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "%.17g", V);
  std::string S = Buf;
  if (std::isfinite(V) && S.find_first_of(".e") == std::string::npos)
    S += ".";
  return S;
}

std::string quoteString(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    switch (C) {
    case '\\':
      Out += "\\\\";
      break;
    case '\'':
      Out += "\\'";
      break;
    case '"':
      Out += "\\\"";
      break;
    case '\a':
      Out += "\\a";
      break;
    case '\b':
      Out += "\\b";
      break;
    case '\f':
      Out += "\\f";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\r': // PyTorch's parser reads no `\r` escape.
      Out += "\\015";
      break;
    case '\t':
      Out += "\\t";
      break;
    case '\v':
      Out += "\\v";
      break;
    default:
      if (std::isprint(static_cast<unsigned char>(C))) {
        Out += C;
      } else {
        unsigned char U = static_cast<unsigned char>(C);
        char Oct[5];
        std::snprintf(Oct, sizeof(Oct), "\\%03o", U);
        Out += Oct;
      }
    }
  }
  return Out + "\"";
}

} // namespace schema
} // namespace skgen
