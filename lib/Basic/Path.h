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

#include <cstdint>
#include <string>

namespace skgen {

/// \p Path without `.` and `..` components (lexically).
std::string normalizedPath(llvm::StringRef Path);

/// \p Path made absolute against \p Base (the current directory when
/// \p Base is empty), then normalized.
std::string absolutePath(llvm::StringRef Path, llvm::StringRef Base = "");

/// Which file a path names, besides its content: a write goes only to the
/// file the scan read (a source replaced by a symbolic link to a copy
/// outside the tree, or by another file, between the scan and the write is
/// not written through).
struct FileIdentity {
  /// The path itself is a symbolic link: the real path of the file it names
  /// (its text if it dangles). "" when it is not a link.
  std::string Link;
  /// Device and inode of the file read (both 0: unknown, e.g. read from a
  /// facts file, where they would not survive a checkout).
  uint64_t Dev = 0, Ino = 0;
};

/// The identity of \p Path now (symbolic links followed for Dev and Ino).
FileIdentity fileIdentity(llvm::StringRef Path);

/// How \p Now differs from \p Scanned, as the end of "changed identity
/// since it was scanned (...)": "it is now a symbolic link to '/x/ops.cpp'",
/// "it is no longer a symbolic link", "it is now another file"; "" if it is
/// the same file (Dev and Ino are compared only when both are known).
std::string identityChange(const FileIdentity &Scanned,
                           const FileIdentity &Now);

} // namespace skgen

#endif
