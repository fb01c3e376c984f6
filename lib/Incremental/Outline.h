//===- Outline.h - Edits inside skipped function bodies ---------*- C++ -*-===//
//
// The scanner parses with function bodies skipped: Clang balances the braces
// and drops the tokens between them. An edit confined to such a body cannot
// change the facts, *provided* the body's tokens had no effect on anything
// outside it, before and after the edit. That holds when the body is "inert":
// plain ASCII tokens, (), [] and {} properly nested, no preprocessor
// directive, no identifier that names a macro anywhere in the translation
// unit (annotation macros, __COUNTER__, _Pragma and every other macro; this
// also catches an annotation written inside a body, which skgen reports), no
// poisoned identifier and no `import`/`module`/`export`. Bodies of inert
// content are lexed the same by the preprocessor and by the raw lexer.
//
// A file's outline is its text with the inside of every inert skipped body
// cut out. If a file's outline is unchanged and all its bodies are still
// inert, the facts stay valid; only positions after a body move, by the
// body's change in length (lines, and columns on the line of its `}`).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_INCREMENTAL_OUTLINE_H
#define SKGEN_INCREMENTAL_OUTLINE_H

#include "Facts/Facts.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clang {
class LangOptions;
}

namespace skgen {
namespace incremental {

/// One inert body: the bytes between its `{` and its `}`.
struct OutlineBody {
  unsigned Begin = 0, End = 0;          // Offsets: after `{`, at `}`.
  unsigned BeginLine = 0, BeginCol = 0; // 1-based position of Begin.
  unsigned EndLine = 0, EndCol = 0;     // 1-based position of the `}`.
};

struct FileOutline {
  std::string Path;
  std::string Hash;                // Of the text outside the bodies.
  uint32_t Lexer = 0;              // Lexer options (lexerOptionBits).
  std::vector<OutlineBody> Bodies; // In file order, disjoint.
};

/// The lexer-relevant language options as bits, or false when they include
/// a dialect the outline check does not handle (Objective-C, OpenCL, CUDA,
/// Microsoft extensions, trigraphs, assembler preprocessing).
bool lexerOptionBits(const clang::LangOptions &LO, uint32_t &Bits);

/// Sorted, unique 64-bit hashes of identifier names (macro and poisoned
/// identifiers).
using NameSet = std::vector<uint64_t>;
uint64_t nameHash(llvm::StringRef Name);

/// Builds the outline of \p Text from candidate bodies (offsets just after a
/// `{` as Clang saw them skipped); candidates that are not inert, overlap or
/// do not end where Clang would end them are left in the outline text.
FileOutline makeOutline(const std::string &Path, llvm::StringRef Text,
                        uint32_t LexerBits, std::vector<unsigned> BodyStarts,
                        const NameSet &Macros);

/// Checks whether \p NewText differs from the outlined file only inside inert
/// bodies. On success \p New is the outline of NewText (bodies moved).
bool sameOutline(const FileOutline &Old, llvm::StringRef NewText,
                 const NameSet &Macros, FileOutline &New);

/// Moves every position in \p T that lies in Old.Path after a body by the
/// body's change in size. False if a position lies inside a body (then the
/// facts cannot be moved).
bool moveFacts(TUFacts &T, const FileOutline &Old, const FileOutline &New);

} // namespace incremental
} // namespace skgen

#endif
