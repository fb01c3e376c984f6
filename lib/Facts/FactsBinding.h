//===- FactsBinding.h - Facts say what the files they name hold -*- C++ -*-===//
//
// Facts from a --facts file or a cache entry are untrusted input: their text
// is checked for shape at link (Facts/CodeText.h), and here for origin. Each
// annotated declaration's text must be what its files hold now: the schema
// and every derivative formula are the string literals at their recorded
// locations, the function's name is at its location, the annotation macro at
// its, and generated code goes into one of the files the declaration is
// written in (or its translation unit's main file); a fix-it that --fix
// would apply is the one a scan makes (a dispatch key respelled in its
// case, at the key). A forged fact then says only what the user's own
// sources say.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_FACTS_FACTSBINDING_H
#define SKGEN_FACTS_FACTSBINDING_H

#include "Facts/Facts.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace skgen {

/// The value of the string literal whose first character inside the quotes
/// is at byte \p Offset of \p Source, concatenated with the literals that
/// follow it (whitespace and comments between), as the compiler reads them:
/// escapes decoded, raw strings taken as written, line splices removed.
/// None if there is no such literal there.
std::optional<std::string> stringLiteralAt(llvm::StringRef Source,
                                           size_t Offset);

/// Why the facts of \p T do not say what its files hold (the first
/// difference, naming the file and line), or "" when they do: the text of
/// the annotations, where blocks go and the fix-its. Each file is read (a
/// bounded, regular file) and must have the content hash \p T recorded for
/// it. For cache entries, which only skgen writes.
std::string unboundFact(const TUFacts &T);

/// The parts of unboundFact for what --fix would write: the fix-its (read
/// before anything is applied) and where blocks go (before any is written).
/// --facts files, which tests and other tools write by hand, are checked
/// that far, and their text for its shape (Facts/CodeText.h).
std::string unboundFixIts(const TUFacts &T);
std::string unboundPlacement(const TUFacts &T);

} // namespace skgen

#endif
