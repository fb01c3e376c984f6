//===- Api.h - C++ naming and signatures for generated code -----*- C++ -*-===//
//
// The generator's *api* layer on top of Schema/CppTypes (as torchgen's
// api/dispatcher.py + api/types.py): C++ signatures of kernels and wrappers,
// argument names, call expressions, wrapper names, string literals. The
// emitters (Generate.cpp, the *dest* layer) build text only from these.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_GEN_API_H
#define SKGEN_GEN_API_H

#include "Basic/DispatchKeys.h"
#include "Schema/CppTypes.h"
#include "Schema/Schema.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace skgen {
namespace gen {

/// One C++ parameter: type spelling and (keyword-safe) name.
struct CppParam {
  std::string Type; // `const at::Tensor &`
  std::string Name; // `self`
  const schema::Argument *Arg = nullptr;
};

/// The dispatcher C++ signature of a schema.
struct CppSignature {
  std::string ReturnType; // `at::Tensor &`, `::std::tuple<...>`, `void`
  std::vector<CppParam> Params;

  /// `RET NAME(T1 a, T2 b)`; parameters named in \p Unnamed are declared
  /// without a name (`T2`), as unused parameters of generated code are.
  std::string declaration(const std::string &Name,
                          const std::set<std::string> &Unnamed = {}) const;
  /// The function type `RET (T1, T2)` (for TypedOperatorHandle<...>).
  std::string functionType() const;
  /// `a, b`.
  std::string argumentNames() const;
};

/// Builds the signature of \p S; nullopt (with \p Why) if a type has no
/// dispatcher C++ mapping. `SymInt` / `SymInt[]` arguments are taken as
/// `::skgen::SymInt` / `::skgen::SymIntArrayRef` (symbolic with PyTorch >= 2,
/// CppType::Symbolic), as torchgen's wrappers take c10::SymInt.
std::optional<CppSignature> cppSignature(const schema::FunctionSchema &S,
                                         std::string &Why,
                                         Abi Target = Abi::Libtorch);

/// A schema argument name usable as a C++ identifier (C++ keywords get a
/// trailing underscore, as torchgen does).
std::string cppArgName(const std::string &Name);

/// `name.overload` / `name`: what m.impl and m.def take inside a namespace
/// block.
std::string opNameWithoutNamespace(const schema::OperatorName &Op);

/// The names of one block's generated functions: its wrappers (in anonymous
/// namespaces, so unique within the block only) and its typed handles. A
/// name reads as the operator, `<Head>_<name>[_<overload>]` without the
/// namespace (`wrapper_CPU_add_`, `wrapper_CPU_lt_Tensor_out`), with a `0`
/// between two underscores (`lt_.Tensor` -> `wrapper_CPU_lt_0_Tensor`: no
/// `__`, reserved in C++). Where that name is already another's in the block
/// (`myops::add` and `otherops::add`, `a_b` and `a.b`), the later one gets its
/// long name (longName), which differs for distinct operators. The same
/// (head, operator) gets the same name each time (docs/generation.md,
/// "Names").
class BlockNames {
public:
  /// `wrapper_<Key>_<name>[_<overload>]`: the wrapper of \p Op on \p Key.
  std::string wrapper(const std::string &Key, const schema::OperatorName &Op);
  /// `skgen_op_<name>[_<overload>]`: the function returning \p Op's typed
  /// handle.
  std::string handle(const schema::OperatorName &Op);

private:
  std::string claim(const std::vector<std::string> &Head,
                    const schema::OperatorName &Op);
  std::map<std::string, std::string> Given; // head + operator -> name
  std::set<std::string> Taken;
};

/// `<Head...>_<ns>_<name>[_<overload>]`, each component with an underscore
/// written after its length (`add_` -> `4add_`), no `_` after a component
/// ending in one, and a `0` after any `_` followed by `_` or `0`: distinct
/// (head, operator) get distinct names, and none contains `__`.
/// (`longName({"wrapper", "CPU"}, myops::add_)` is
/// `wrapper_CPU_myops_4add_`.)
std::string longName(const std::vector<std::string> &Head,
                     const schema::OperatorName &Op);

/// `::ns::fn` for a fully qualified C++ name `ns::fn` (or `::ns::fn`).
std::string globalCppName(const std::string &QualifiedName);

/// A C++ string literal for \p S (quotes, backslashes, control characters
/// and trigraphs escaped).
std::string cppStringLiteral(const std::string &S);

/// The first argument a device (and for allocation, the tensor options) can
/// be taken from: the first `Tensor`, else the first `Tensor?` or `Tensor[]`.
/// nullptr if there is none.
const CppParam *deviceArgument(const CppSignature &Sig);
/// The first plain `Tensor` argument (its options allocate outputs).
const CppParam *optionsArgument(const CppSignature &Sig);

/// The arguments outputs take their device and options from, in order of
/// preference: the first plain `Tensor` alone if there is one, else every
/// `Tensor?` and `Tensor[]` in schema order (the first that holds a tensor
/// at run time wins). Empty if the op has no such argument.
std::vector<const CppParam *> tensorSources(const CppSignature &Sig);

/// C++ expression of type `at::TensorOptions` for allocating outputs:
/// `self.options()`; for `Tensor?`/`Tensor[]` sources a conditional that
/// takes the first one holding a tensor (`w.has_value() && w->defined() ?
/// w->options() : ...`), else `at::TensorOptions()`.
std::string optionsExpression(const CppSignature &Sig);

/// C++ expression of type `c10::optional<at::Device>` for a device guard
/// (`at::device_of(self)`, or a conditional over `Tensor?`/`Tensor[]`
/// sources), or "" when the op has no tensor argument.
std::string deviceExpression(const CppSignature &Sig);

} // namespace gen
} // namespace skgen

#endif
