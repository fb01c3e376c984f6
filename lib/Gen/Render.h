//===- Render.h - Generated C++ from specs and templates --------*- C++ -*-===//
//
// Internal to lib/Gen: the one place generated text is laid out. A wrapper
// is described by a FunctionSpec (name, signature, device guard, body parts
// and the parameters each part names) and rendered by renderFunction; the
// fixed shapes around it (namespaces, TORCH_LIBRARY blocks, typed handles)
// are CodeTemplates, as in torchgen's code_template.py.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_GEN_RENDER_H
#define SKGEN_GEN_RENDER_H

#include "Gen/Api.h"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace skgen {
namespace gen {

/// A template with `${name}` placeholders. A placeholder alone on its line
/// takes a multi-line value, each line indented as the placeholder is; an
/// empty value removes that line. Elsewhere the value is inserted as it is.
class CodeTemplate {
public:
  explicit CodeTemplate(llvm::StringRef Text) : Text(Text) {}
  /// Every placeholder must have a value in \p Env.
  std::string substitute(const std::map<std::string, std::string> &Env) const;

private:
  llvm::StringRef Text;
};

/// Generated code (an expression, or whole statements) and the parameters
/// of the enclosing function it names.
struct Code {
  std::string Text;
  std::set<std::string> Uses;

  Code() = default;
  Code(std::string Text, std::set<std::string> Uses = {})
      : Text(std::move(Text)), Uses(std::move(Uses)) {}
  bool empty() const { return Text.empty(); }
};

/// The names of \p Sig's parameters (code that passes them all on).
std::set<std::string> paramNames(const CppSignature &Sig);

/// A generated C++ function.
struct FunctionSpec {
  std::string Name;
  CppSignature Sig;
  /// The dispatcher passes `c10::DispatchKeySet skgen_keys` first (the
  /// schema does not show it).
  bool TakesKeys = false;
  /// An optional-device expression the body runs under, the argument of a
  /// \p GuardClass (c10::OptionalDeviceGuard, or the stable runtime's
  /// skgen::DeviceGuard); empty for none.
  Code DeviceGuard;
  std::string GuardClass = "c10::OptionalDeviceGuard";
  /// Statements, one per line, indented relative to the body.
  std::vector<Code> Body;

  /// Appends statement \p Text (`;` and newline added), naming \p Uses.
  void stmt(const std::string &Text, const std::set<std::string> &Uses = {});
  /// Appends statements \p C as they are (whole lines).
  void lines(const Code &C) { Body.push_back(C); }
  /// Parameters some part names; the others are declared without a name
  /// (generated Meta kernels use few of theirs: no -Wunused-parameter).
  std::set<std::string> used() const;
};

std::string renderFunction(const FunctionSpec &F);

/// The typed handles a block's wrappers call: one function per operator,
/// defined once before them and returning a function-local static
/// (`static auto skgen_op = ::skgen::typed_op<Sig>("ns::op", "overload")`,
/// skgen/library.h). The operator is looked up on the first call, which is
/// a dispatch to a registered wrapper, so after every static initializer of
/// the library (TORCH_LIBRARY, in any of its files) has run; a namespace-scope
/// handle would look it up while this file is initialized, possibly before
/// the operator is defined (another file, another library: the order is not
/// specified). As torchgen's Operators.cpp, which keeps its handles in
/// function-local statics.
class TypedHandles {
public:
  /// `skgen_op_add_out()`: the handle of \p Op (signature \p Sig), named by
  /// \p Names. \p Guard: the preprocessor condition the calling code is
  /// compiled under ("" for none); a handle only such code calls is defined
  /// under it too (an unused function would be -Wunused-function).
  std::string use(const schema::OperatorName &Op, const CppSignature &Sig,
                  BlockNames &Names, const std::string &Guard = "");
  /// The definitions, by name; "" for none.
  std::string definitions() const;

private:
  struct Handle {
    std::string Definition;
    std::set<std::string> Guards; // "" among them: defined unconditionally.
  };
  std::map<std::string, Handle> Handles; // By name.
};

/// `KEYS & c10::after_ADInplaceOrView_keyset`: the keys \p Keys (an
/// expression of the dispatch key set) past autograd and ADInplaceOrView,
/// the key set aten's VariableType kernels redispatch with.
std::string keysPastAutograd(const std::string &Keys);
/// `HANDLE.redispatch(KEYS & c10::after_ADInplaceOrView_keyset, ARGS)`: the
/// typed handle \p Handle called with keysPastAutograd(\p Keys).
std::string redispatchPastAutograd(const std::string &Handle,
                                   const std::string &Keys,
                                   const std::string &Args);
/// `{ at::AutoDispatchBelowADInplaceOrView skgen_below; STATEMENT; }`: the
/// statement runs below autograd and ADInplaceOrView (nested calls too).
std::string belowAutograd(const std::string &Statement);

/// `namespace {` ... `} // namespace` around wrapper definitions.
std::string anonymousNamespace(const std::string &Body);
/// `TORCH_LIBRARY_IMPL(ns, KEY, m) {` ... `}` (\p Macro: or its stable
/// form).
std::string libraryImpl(const std::string &Ns, const std::string &Key,
                        const std::string &Body,
                        const std::string &Macro = "TORCH_LIBRARY_IMPL");
/// `m.impl("name.overload", Fn);`
std::string implLine(const schema::OperatorName &Op, const std::string &Fn);

} // namespace gen
} // namespace skgen

#endif
