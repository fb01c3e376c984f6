//===- MetaPresets.h - SKGEN_META_PRESET: roles and bindings ----*- C++ -*-===//
//
// The meta-function presets of the runtime (include/skgen/structured.h,
// namespace skgen::preset) as the tool sees them, from the table
// MetaPresets.def: each preset's roles (which
// schema arguments it reads), how roles bind to a family's arguments (named
// in the annotation, or by default from the schema), and the C++ call the
// generated code makes. Used by the scanner (positioned diagnostics), the
// linker (facts validation) and the generator, so all three agree.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_SCHEMA_METAPRESETS_H
#define SKGEN_SCHEMA_METAPRESETS_H

#include "Schema/Schema.h"

#include <functional>
#include <string>
#include <vector>

namespace skgen {
namespace schema {

/// What a role accepts.
enum class RoleKind {
  Operand,       // Tensor, Scalar, Tensor?, Scalar?
  Tensor,        // Tensor
  Dims,          // int[], int[N], int[]?, int, int? (SymInt too)
  Dim,           // int (SymInt too)
  OptDim,        // int?, int
  Bool,          // bool
  Dtype,         // ScalarType?, ScalarType
  Scalar,        // Scalar, Scalar?
  Int,           // int (SymInt too): a plain integer (loss's reduction)
  Str,           // str, str? (div's rounding_mode)
  TensorList,    // Tensor[] (cat's tensors)
  OptTensorList, // Tensor?[] (index's indices)
  Sizes,         // int[], int[N], SymInt[] (upsampling's output_size)
};

/// The name of \p K as MetaPresets.def writes it: "Tensor".
const char *roleKindName(RoleKind K);

/// The batching rule (torch.vmap, FuncTorchBatched) a preset gives its
/// families (docs/generation.md, "vmap"): how batch dimensions move.
enum class VmapRule {
  None,      // No rule is sound (or none written): PyTorch's fallback.
  Pointwise, // Batch dims to the front, padded to the logical rank.
  Reduction, // The `dim` role's dims shifted past the batch dim.
};

struct PresetRole {
  const char *Name; // Also the argument name looked for by default.
  RoleKind Kind;
  bool Optional; // May stay unbound (`_`, or no such argument).
  /// The stable-ABI runtime (skgen/stable/structured.h) takes the role when
  /// it is bound.
  bool Stable = true;
};

struct MetaPreset {
  const char *Name;
  std::vector<PresetRole> Roles;
  bool Variadic;       // One Operand role that takes every operand.
  unsigned NumOutputs; // Outputs the preset computes.
  /// When not null, the call ends with the op's name followed by this, for
  /// aten-worded errors: "()" gives "max()", "" gives "isposinf".
  const char *OpNameSuffix;
  const char *Summary; // One line, for diagnostics and docs.
  /// The stable-ABI runtime (skgen/stable/structured.h) has the preset.
  bool Stable = true;
  /// aten's TensorIterator rule (OpKind::TensorIterator): an out= kernel
  /// building that TensorIterator over out makes its in-place and out=
  /// checks (SKGEN_KERNEL_ITERATOR). Not the presets of aten's own-meta
  /// shapes, whose in-place checks are torchgen's.
  bool TensorIterator = false;
  /// The batching rule generated for its families.
  VmapRule Vmap = VmapRule::None;
  /// The arguments and returns of an out= schema it fits by default.
  const char *Example = "";
};

/// All presets, in documentation order: the rows of MetaPresets.def.
const std::vector<MetaPreset> &metaPresets();
/// The preset called \p Name, or nullptr.
const MetaPreset *findMetaPreset(const std::string &Name);
/// The known preset closest to \p Name (for "did you mean"), or "".
std::string closestMetaPreset(const std::string &Name);

/// A failed binding: the message, and which given argument (index into the
/// names passed to bindMetaPreset) it is about, or -1 for the annotation.
struct PresetError {
  std::string Message;
  int GivenIndex = -1;
};

/// Binds the roles of \p P to arguments of the out schema \p Out (out
/// arguments excluded). \p Given are the names written after the preset name
/// (`_` leaves an optional role unbound); roles without a given name bind
/// by default: Operand/Tensor roles to the next unused argument of that kind
/// in schema order, other roles to the argument with the role's name (`dim`,
/// `keepdim`, `dtype`) when its type fits. \p Bound receives one argument
/// name per role (for a variadic preset: one per operand); "" = unbound.
bool bindMetaPreset(const MetaPreset &P, const FunctionSchema &Out,
                    const std::vector<std::string> &Given,
                    std::vector<std::string> &Bound, PresetError &E);

/// The C++ expression the generated code evaluates:
/// `::skgen::preset::binary(self, other)`. \p CppName maps a bound schema
/// argument name to the C++ expression passed for it (its keyword-safe
/// name, converted for a `SymInt` argument); \p Op is the family's out
/// operator (presets that word errors as aten name it: `"max()"`); \p None
/// is passed for an unbound optional role (`std::nullopt` on the stable
/// ABI).
std::string
metaPresetCall(const MetaPreset &P, const std::vector<std::string> &Bound,
               const std::function<std::string(const std::string &)> &CppName,
               const OperatorName &Op,
               const std::string &None = "c10::nullopt");

} // namespace schema
} // namespace skgen

#endif
