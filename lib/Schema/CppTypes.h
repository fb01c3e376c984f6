//===- CppTypes.h - C++ types of the dispatcher calling convention -*- C++
//-*-===//
//
// The *api* layer (as in torchgen/api/dispatcher.py): how a schema argument or
// return is passed to a kernel registered with the PyTorch dispatcher. Used by
// the scanner (to check a kernel's signature against its schema) and by the
// generator (to write wrapper signatures), so both agree by construction.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_SCHEMA_CPPTYPES_H
#define SKGEN_SCHEMA_CPPTYPES_H

#include "Basic/Abi.h"
#include "Schema/Schema.h"

#include <optional>
#include <string>
#include <vector>

namespace skgen {
namespace schema {

/// A C++ parameter or return type.
struct CppType {
  /// How generated code spells it: `const at::Tensor &`.
  std::string Spelling;
  /// The unqualified, de-sugared type as Clang prints a canonical type on
  /// x86_64 Linux (`at::Tensor`, `c10::ArrayRef<long>`), for comparison with
  /// a scanned declaration.
  std::string Canonical;
  bool IsConst = false;
  bool IsReference = false;
  /// Other canonical types a kernel may declare for this argument, which the
  /// dispatcher accepts as well and generated code can pass it to: for
  /// `SymInt` / `SymInt[]`, `c10::SymInt` / `c10::SymIntArrayRef` (the
  /// symbolic forms).
  std::vector<std::string> AlsoAccepted;
  /// How generated wrappers, Meta kernels and meta functions take the
  /// argument when it differs from Spelling: `::skgen::SymInt` for `SymInt`
  /// and `::skgen::SymIntArrayRef` for `SymInt[]` (skgen/symint.h:
  /// c10::SymInt / c10::SymIntArrayRef with PyTorch >= 2, what the
  /// dispatcher passes and torch.compile keeps symbolic; int64_t /
  /// at::IntArrayRef with 1.13). Empty otherwise.
  std::string Symbolic;
  /// A stable-ABI return type with references (`Tensor(a!)`): the same type
  /// by value, which a kernel may return instead (`torch::stable::Tensor`,
  /// a handle to the same tensor). TORCH_BOX cannot box a reference, so a
  /// hand-written stable kernel returns by value; skgen's wrappers ignore
  /// what their kernel returns. Empty otherwise.
  std::string ValueCanonical = {};
  /// The canonical types a meta function may declare for a Symbolic
  /// argument, given the canonical of skgen::SymInt in its translation
  /// unit (\p SymIntCanonical: `c10::SymInt` or `long`).
  std::vector<std::string>
  symbolicCanonicals(const std::string &SymIntCanonical) const;

  bool operator==(const CppType &O) const {
    return Canonical == O.Canonical && IsConst == O.IsConst &&
           IsReference == O.IsReference;
  }
};

/// The dispatcher C++ type of an argument under \p Target (libtorch's
/// at::Tensor, ... or the stable ABI's torch::stable::Tensor, ...), or
/// nullopt (with \p Why) if the schema type has no supported C++ mapping
/// there.
std::optional<CppType> argumentCppType(const Argument &A, std::string &Why,
                                       Abi Target = Abi::Libtorch);

/// The C++ return type of a kernel with schema \p S: void, one type, or a
/// std::tuple. Out= and in-place kernels return references to their outputs.
std::optional<CppType> returnCppType(const FunctionSchema &S, std::string &Why,
                                     Abi Target = Abi::Libtorch);

/// The owning C++ type an autograd node saves an argument of type \p T as
/// (`std::vector<int64_t>` for `int[]`), which its derivative formulas see;
/// nullopt if it cannot be saved. Tensors are saved as SavedVariables and
/// formulas see them unpacked: `at::Tensor`, `c10::optional<at::Tensor>`,
/// `std::vector<at::Tensor>`, `c10::List<c10::optional<at::Tensor>>` (as
/// aten's; Facts/Derivatives.h, savedTensors).
std::optional<std::string> savedCppType(const Type &T);

/// True if \p T is `SymInt` or a list of `SymInt` (CppType::Symbolic).
bool isSymbolic(const Type &T);

/// The full list of parameter types for \p S, in schema order.
std::optional<std::vector<CppType>>
parameterCppTypes(const FunctionSchema &S, std::string &Why,
                  Abi Target = Abi::Libtorch);

/// C++ identifier-safe spelling of an operator, for wrapper names:
/// `myops::add.Scalar_out` -> `add_Scalar_out`.
std::string cppIdentifier(const OperatorName &Op);

} // namespace schema
} // namespace skgen

#endif
