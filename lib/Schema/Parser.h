//===- Parser.h - Parse PyTorch function schemas ----------------*- C++ -*-===//
#ifndef SKGEN_SCHEMA_PARSER_H
#define SKGEN_SCHEMA_PARSER_H

#include "Basic/Diagnostic.h"
#include "Schema/Schema.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace skgen {
namespace schema {

/// Types nest at most this deep (`((((Tensor))))`, `int[][][]`, ...), like
/// Clang's -fbracket-depth: deeper input is an error, not a stack overflow.
constexpr unsigned MaxTypeNesting = 256;

/// A parse error at a byte offset of the parsed text.
struct ParseError {
  size_t Offset = 0;
  std::string Message;
};

/// Parses a full schema `ns::name.overload(args) -> returns`.
/// Returns false and fills \p Err on malformed input; never throws.
bool parseFunctionSchema(std::string_view Text, FunctionSchema &Out,
                         ParseError &Err);

/// Parses an operator name `ns::name[.overload]` (e.g. SKGEN_KERNEL's first
/// argument). The namespace is required.
bool parseOperatorName(std::string_view Text, OperatorName &Out,
                       ParseError &Err);

/// True if \p S is an identifier of the schema language (and of C++):
/// [A-Za-z_][A-Za-z0-9_]*.
bool isIdentifier(std::string_view S);

/// 1-based line and column of \p Offset within \p Text.
std::pair<unsigned, unsigned> lineAndColumn(std::string_view Text,
                                            size_t Offset);

/// Where byte \p Offset of a schema string is in the source, given where its
/// first character is (\p Start). Exact for a single string literal; for
/// schemas split over several concatenated literals the column is an
/// approximation on the first line.
SourceLoc locInSchema(const SourceLoc &Start, const std::string &Text,
                      size_t Offset);

} // namespace schema
} // namespace skgen

#endif
