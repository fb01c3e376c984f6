//===- Schema.h - PyTorch function schema data model ------------*- C++ -*-===//
//
// The *model* layer (as in torchgen/model.py): plain value types for the
// PyTorch function schema language, e.g.
//   myops::add.out(Tensor self, *, Scalar alpha=1, Tensor(a!) out) ->
//   Tensor(a!)
// Every type prints itself canonically, byte-identical to PyTorch's
// `str(torch._C.FunctionSchema)`.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_SCHEMA_SCHEMA_H
#define SKGEN_SCHEMA_SCHEMA_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace skgen {
namespace schema {

/// An alias annotation such as `(a)`, `(a!)`, `(a -> *)` or `(*)`.
struct AliasInfo {
  std::vector<std::string> BeforeSets;
  std::vector<std::string> AfterSets; // Equal to BeforeSets without `->`.
  bool IsWrite = false;

  std::string str() const;
  bool operator==(const AliasInfo &O) const {
    return BeforeSets == O.BeforeSets && AfterSets == O.AfterSets &&
           IsWrite == O.IsWrite;
  }
};

/// A schema type. Suffixes nest: `Tensor?[]` is List(Optional(Tensor)).
struct Type {
  enum class Kind {
    Named,      // Tensor, int, Scalar, t (type variable), __torch__.a.B, ...
    List,       // T[] or T[N]
    Optional,   // T?
    Tuple,      // (T1, T2)
    Parametric, // Dict(K, V), Future(T), RRef(T), Union(T...), Await(T)
  };
  Kind K = Kind::Named;
  std::string Name; // Named and Parametric only.
  std::vector<Type> Elements;
  std::optional<int64_t> Size;    // Fixed-size lists: int[2].
  std::optional<AliasInfo> Alias; // Annotation written right after this type.

  static Type named(std::string Name);
  static Type listOf(Type Elem, std::optional<int64_t> Size = std::nullopt);
  static Type optionalOf(Type Elem);

  bool isNamed(const char *N) const { return K == Kind::Named && Name == N; }
  bool isTensor() const { return isNamed("Tensor"); }
  bool isOptional() const { return K == Kind::Optional; }
  bool isList() const { return K == Kind::List; }
  /// The element of an Optional, or the type itself.
  const Type &unwrapOptional() const {
    return K == Kind::Optional ? Elements.front() : *this;
  }
  /// True if this type or any contained type carries a writing alias.
  bool hasWriteAlias() const;
  /// A copy without any alias annotation (recursively).
  Type withoutAlias() const;

  std::string str() const;
  bool operator==(const Type &O) const {
    return K == O.K && Name == O.Name && Elements == O.Elements &&
           Size == O.Size && Alias == O.Alias;
  }
};

/// A default value, stored in PyTorch's canonical printed form.
struct DefaultValue {
  enum class Kind { None, Bool, Int, Float, Complex, String, List };
  Kind K = Kind::None;
  std::string Text; // Canonical, e.g. `1.`, `[0, 1]`, `"mean"`, `None`.
  bool operator==(const DefaultValue &O) const {
    return K == O.K && Text == O.Text;
  }
};

struct Argument {
  Type Ty;
  std::string Name;
  std::optional<DefaultValue> Default;
  bool KwargOnly = false;
  /// Where its type starts in the parsed text (diagnostics at the argument:
  /// schema::locInSchema); not part of its meaning, so not compared.
  size_t Offset = 0;

  std::string str() const;
  bool operator==(const Argument &O) const {
    return Ty == O.Ty && Name == O.Name && Default == O.Default &&
           KwargOnly == O.KwargOnly;
  }
};

struct Return {
  Type Ty;
  std::string Name; // May be empty.
  std::string str() const;
  bool operator==(const Return &O) const {
    return Ty == O.Ty && Name == O.Name;
  }
};

/// `ns::name.overload`; Namespace and Overload may be empty.
struct OperatorName {
  std::string Namespace;
  std::string Name;
  std::string Overload;

  /// `ns::name` (what TORCH_LIBRARY_IMPL's m.impl and findSchema take).
  std::string qualifiedName() const;
  /// `ns::name.overload`, or `ns::name` without an overload.
  std::string str() const;
  bool operator==(const OperatorName &O) const {
    return Namespace == O.Namespace && Name == O.Name && Overload == O.Overload;
  }
  bool operator<(const OperatorName &O) const { return str() < O.str(); }
};

struct FunctionSchema {
  OperatorName Op;
  std::vector<Argument> Arguments;
  std::vector<Return> Returns;
  bool IsVararg = false;
  bool IsVarret = false;

  /// Canonical text, byte-identical to PyTorch's printer.
  std::string str() const;
  /// Canonical text without the `ns::` prefix (what TORCH_LIBRARY's m.def
  /// takes inside a namespace block).
  std::string strWithoutNamespace() const;

  /// The out= arguments: keyword-only arguments that the op writes to.
  std::vector<const Argument *> outArguments() const;
  /// Everything that is not an out= argument, in schema order.
  std::vector<const Argument *> nonOutArguments() const;
  bool isOutVariant() const { return !outArguments().empty(); }

  bool operator==(const FunctionSchema &O) const {
    return Op == O.Op && Arguments == O.Arguments && Returns == O.Returns &&
           IsVararg == O.IsVararg && IsVarret == O.IsVarret;
  }
};

/// Canonical printing helpers shared by the parser and tests.
std::string formatDouble(double V);
std::string quoteString(const std::string &S);

} // namespace schema
} // namespace skgen

#endif
