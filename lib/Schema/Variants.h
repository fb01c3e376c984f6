//===- Variants.h - Derive functional/in-place schemas from out= -*- C++
//-*-===//
//
// contract §3. An op family is defined by its out= schema; the functional and
// in-place schemas are derived mechanically, with explicit overload names as
// the escape hatch for irregular naming (aten's add.out <-> add.Tensor).
// A family declared by its functional schema (functional-first: a library
// whose kernels are functional) is modelled by torchgen's out= schema for
// it, which it defines only when asked (SKGEN_WITH_OUT).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_SCHEMA_VARIANTS_H
#define SKGEN_SCHEMA_VARIANTS_H

#include "Schema/Schema.h"

#include <optional>
#include <string>

namespace skgen {
namespace schema {

/// User options that shape the derived variants.
struct VariantOptions {
  /// Explicit overload name of the functional variant (may be "" for the
  /// default overload). Unset means: derive from the out overload name.
  std::optional<std::string> FunctionalOverload;
  /// Explicit overload name of the in-place variant (its base name is always
  /// `name_`).
  std::optional<std::string> InplaceOverload;
  bool GenerateFunctional = true;
  bool GenerateInplace = true;
  /// The in-place variant's updated argument when it is not named `self`
  /// (SKGEN_INPLACE_ARG): it must be the first.
  std::optional<std::string> InplaceArg;
  /// The legacy operator to define for existing callers (SKGEN_LEGACY_OP):
  /// `name` or `name.overload`, in the family's namespace.
  std::optional<std::string> LegacyOp;
  /// The family was declared by its functional schema (familyOutSchema):
  /// it defines its out= and in-place variants only when asked.
  bool FunctionalFirst = false;
  bool WithOut = false;     // SKGEN_WITH_OUT
  bool WithInplace = false; // SKGEN_WITH_INPLACE
};

struct DerivedVariants {
  std::optional<FunctionSchema> Functional;
  std::optional<FunctionSchema> Inplace;
  /// The legacy operator: the out= schema with its out arguments positional,
  /// returning nothing (`fused_out(Tensor a, Tensor(a!) out) -> ()`).
  std::optional<FunctionSchema> Legacy;
  /// Why no in-place variant exists when it was wanted (for notes/dumps).
  std::string InplaceIneligibleReason;
  /// The out= operator is defined and registered: always, but for a
  /// functional-first family without SKGEN_WITH_OUT, whose out= schema only
  /// models the family (its public operators are the functional one, and the
  /// in-place one with SKGEN_WITH_INPLACE).
  bool OutDefined = true;
  /// Declared by its functional schema (VariantOptions::FunctionalFirst).
  bool FunctionalFirst = false;
};

struct VariantError {
  std::string Message;
  std::string Fix; // A suggestion for the user, may be empty.
};

/// Overload name mapping: `out` -> ``, `X_out` -> `X`. Returns nullopt when
/// the rule does not apply.
std::optional<std::string>
functionalOverloadFor(const std::string &OutOverload);

/// Checks that \p Out is a well-formed out= schema (at least one keyword-only
/// Tensor(a!) argument, returns that alias the out arguments in order).
bool validateOutSchema(const FunctionSchema &Out, VariantError &Err);

/// The structured out= schema of a legacy mutating operator \p Legacy: one
/// that writes to positional Tensor(a!) arguments and returns nothing (or
/// those arguments), as in `fused_out(Tensor a, Tensor(a!) out) -> ()`. The
/// written arguments become keyword-only and returned, and the overload is
/// `out` (`fused_out` -> `fused.out`). nullopt when \p Legacy is not such an
/// operator.
std::optional<FunctionSchema>
structuredOutSchemaFor(const FunctionSchema &Legacy);

/// The legacy schema named \p Name (`name[.overload]`) of the family whose
/// out= schema is \p Out: its arguments positional, returning nothing; the
/// inverse of structuredOutSchemaFor when the written arguments come last.
/// nullopt with \p Err when \p Name is not an operator name.
std::optional<FunctionSchema> legacySchemaFor(const FunctionSchema &Out,
                                              const std::string &Name,
                                              VariantError &Err);

/// The out= schema modelling the family that a SKGEN_STRUCTURED schema
/// \p Written declares: \p Written itself when it is an out= schema; for a
/// functional schema (nothing mutated, returns Tensors) torchgen's out=
/// variant of it (functional_to_out_signature: overload `out` or `X_out`,
/// out arguments `out` or `out0`, `out1`, ..., keyword-only, aliased by the
/// returns, which keep their names) and \p FunctionalFirst set.
bool familyOutSchema(const FunctionSchema &Written, FunctionSchema &Out,
                     bool &FunctionalFirst, VariantError &Err);

/// Derives the functional, in-place (and legacy) schemas of the family whose
/// out= schema is \p Out. Fails when names cannot be derived.
bool deriveVariants(const FunctionSchema &Out, const VariantOptions &Opts,
                    DerivedVariants &Result, VariantError &Err);

} // namespace schema
} // namespace skgen

#endif
