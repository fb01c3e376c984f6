//===- Text.h - Formatting and diffs of generated text ----------*- C++ -*-===//
//
// Internal to lib/Rewrite (and its unit tests).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_REWRITE_TEXT_H
#define SKGEN_REWRITE_TEXT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace skgen {
namespace rewrite {

/// Formats \p Code as C++ with the style of the nearest .clang-format of
/// \p FilePath (LLVM style if there is none), like `clang-format -i` would
/// (includes sorted, then reformatted).
llvm::Expected<std::string> formatCode(llvm::StringRef Code,
                                       llvm::StringRef FilePath);

/// Unified diff of one file (empty if equal), 3 lines of context.
std::string diffText(llvm::StringRef Old, llvm::StringRef New,
                     llvm::StringRef OldLabel, llvm::StringRef NewLabel);

} // namespace rewrite
} // namespace skgen

#endif
