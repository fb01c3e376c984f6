//===- Path.h - How skgen spells a file's path ------------------*- C++ -*-===//
//
// Facts, diagnostics, caches and journals name files by absolute path
// without `.`, `..` or `//`, so that two spellings of one file compare equal
// (symbolic links are kept: they are resolved only where a rule needs it,
// e.g. confining writes to the working directory).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_BASIC_PATH_H
#define SKGEN_BASIC_PATH_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace skgen {

/// \p Path without `.` and `..` components (lexically).
std::string normalizedPath(llvm::StringRef Path);

/// \p Path made absolute against \p Base (the current directory when
/// \p Base is empty), then normalized.
std::string absolutePath(llvm::StringRef Path, llvm::StringRef Base = "");

} // namespace skgen

#endif
