//===- FactsFile.h - Reading untrusted facts files --------------*- C++ -*-===//
//
// `--facts` files come from other processes, other machines, or an editor:
// they are untrusted input. Reading one is bounded (regular files only, a
// size cap, a nesting cap) and converts by the field lists that write facts
// (Facts/FactsFields.h), checking everything the later phases rely on (every
// member known, types, numbers in range, absolute normalized paths, hashes),
// with errors at the JSON position: `facts.json:12:17: error: ...`.
//
// Facts also decide which files skgen writes. confineFacts() keeps them to
// the files their translation units recorded, below the working directory.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_FACTS_FACTSFILE_H
#define SKGEN_FACTS_FACTSFILE_H

#include "Facts/Facts.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace skgen {

/// Largest facts file read (a facts entry is well under 100 KiB per
/// translation unit; this allows thousands).
constexpr uint64_t MaxFactsFileBytes = 256ull << 20;
/// Deepest JSON nesting accepted in a facts file (facts need 6 levels).
constexpr int MaxFactsNesting = 32;

/// Reads the facts file \p Path (one TUFacts object or an array of them)
/// and appends its translation units to \p Out. On error, appends nothing
/// and reports to \p Diags.
bool readFactsFile(const std::string &Path, std::vector<TUFacts> &Out,
                   std::vector<Diagnostic> &Diags);

/// The same from a buffer; \p Name is the file name for diagnostics.
bool parseFacts(llvm::StringRef Text, const std::string &Name,
                std::vector<TUFacts> &Out, std::vector<Diagnostic> &Diags);

/// Checks the files the translation units \p Facts[First..] (read from facts
/// files) would make skgen write: every file a kernel's generated code goes
/// to is one its translation unit recorded (with a content hash, so that a
/// stale or forged file is refused before writing), and every file a
/// translation unit names lies below \p Root after resolving symbolic links,
/// and is a regular file if it exists; and their text is what those files
/// hold (Facts/FactsBinding.h). Returns false with errors otherwise.
bool confineFacts(const std::vector<TUFacts> &Facts, size_t First,
                  const std::string &Root, std::vector<Diagnostic> &Diags);

} // namespace skgen

#endif
