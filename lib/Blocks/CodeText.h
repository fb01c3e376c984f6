//===- CodeText.h - Text that generated code pastes -------------*- C++ -*-===//
//
// Generated blocks paste text that the scan read from annotations and that
// facts files and cache entries carry: C++ function names (the kernel, its
// meta and allocation functions) and derivative formulas. Facts and cache
// entries are untrusted input, so the text must be what an annotation could
// have given: one C++ expression (or name) that stays inside its place in
// the generated code and leaves the block a block. One check, with Clang's
// raw lexer, for the scan (an error at the formula) and for the link phase
// (malformed facts).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_BLOCKS_CODETEXT_H
#define SKGEN_BLOCKS_CODETEXT_H

#include "Facts/Facts.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace skgen {
namespace blocks {

/// Why a text cannot be pasted as one C++ expression, completing "it ...":
/// "holds a comment", "holds ';', which ends a statement", "is empty", ...;
/// and at which byte.
struct CodeTextError {
  unsigned Offset = 0;
  std::string What;
};

/// Checks that \p Text is one C++ expression as far as its tokens tell:
/// on one line, no `//` comment and only complete `/* */` ones (which
/// derivatives.yaml writes: `/*rounding_mode=*/"trunc"`), no preprocessor
/// `#`, no `;` but in braces (a lambda's body), brackets balanced ((), [], {};
/// digraphs included), every literal terminated, no trigraph and no
/// generated-block marker text (not even in a string literal: some readers look
/// for marker text without lexing).
std::optional<CodeTextError> checkCppExpression(llvm::StringRef Text);

/// A (qualified) C++ function name as the scanner records it: `ns::f`,
/// `::ns::C<int, 'a'>::f`, `ns::operator+`, `ns::(anonymous namespace)::f`.
/// A name-shaped checkCppExpression (no string literal, no braces).
bool isCppName(llvm::StringRef S);

/// The names \p Formula may use as variables: identifiers not after `.`,
/// `->` or `::` and not before `::`, each with a saved property when
/// written `name.property()` (Facts/Derivatives.h). The scan records them;
/// the link phase requires facts to hold exactly these.
std::vector<DerivativeFact::Use> formulaUses(llvm::StringRef Formula);

} // namespace blocks
} // namespace skgen

#endif
