//===- Variants.h - Derive functional/in-place schemas from out= -*- C++
//-*-===//
//
// contract §3. An op family is defined by its out= schema; the functional and
// in-place schemas are derived mechanically, with explicit overload names as
// the escape hatch for irregular naming (aten's add.out <-> add.Tensor).
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
};

struct DerivedVariants {
  std::optional<FunctionSchema> Functional;
  std::optional<FunctionSchema> Inplace;
  /// The legacy operator: the out= schema with its out arguments positional,
  /// returning nothing (`fused_out(Tensor a, Tensor(a!) out) -> ()`).
  std::optional<FunctionSchema> Legacy;
  /// Why no in-place variant exists when it was wanted (for notes/dumps).
  std::string InplaceIneligibleReason;
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

/// Derives the functional, in-place (and legacy) schemas of the family whose
/// out= schema is \p Out. Fails when names cannot be derived.
bool deriveVariants(const FunctionSchema &Out, const VariantOptions &Opts,
                    DerivedVariants &Result, VariantError &Err);

} // namespace schema
} // namespace skgen

#endif
