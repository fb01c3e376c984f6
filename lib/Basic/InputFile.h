//===- InputFile.h - Bounded reads of untrusted input files -----*- C++ -*-===//
//
// Files skgen reads besides sources (facts files, compilation databases,
// lock files) may be anything a path names: a directory, /dev/zero, a FIFO,
// a huge file. They are read only when they are regular files below a size
// cap, and a JSON error in them is reported at its line and column.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_BASIC_INPUTFILE_H
#define SKGEN_BASIC_INPUTFILE_H

#include "Basic/Diagnostic.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace skgen {

/// Largest source file skgen reads (Clang's own limit is 4 GiB per file):
/// the scan, and every later read of a file it scanned or writes into
/// (planning a change, fix-its, SARIF, headers hashed for the cache).
constexpr uint64_t MaxSourceFileBytes = 1ull << 30;
/// Largest configuration file (`.skgen.yaml`).
constexpr uint64_t MaxConfigFileBytes = 1ull << 20;

/// Reads \p Path if it is a regular file (after following symbolic links)
/// of at most \p MaxBytes bytes. Otherwise returns null and sets \p Error to
/// the reason (`not a regular file (a character device)`, ...). The checks
/// are made on the opened file, so the path cannot be swapped in between.
std::unique_ptr<llvm::MemoryBuffer>
readRegularFile(const std::string &Path, uint64_t MaxBytes, std::string &Error);

/// 1-based line and column (in bytes) of \p Offset in \p Text.
SourceLoc locationInText(const std::string &File, llvm::StringRef Text,
                         size_t Offset);

/// Parses \p Text as JSON, nested at most \p MaxNesting levels. On a syntax
/// error returns false and appends `File:LINE:COL: error: What is not valid
/// JSON: <reason>` to \p Diags.
bool parseJSONText(llvm::StringRef Text, const std::string &File,
                   const std::string &What, int MaxNesting, nlohmann::json &Out,
                   std::vector<Diagnostic> &Diags);

/// One step of a JSON pointer: an object member or an array index.
struct JSONStep {
  static JSONStep member(std::string Key) { return {std::move(Key), 0, false}; }
  static JSONStep index(size_t Index) { return {"", Index, true}; }
  std::string Key;  // Of a member.
  size_t Index = 0; // Of an array element.
  bool IsIndex = false;
};

/// Byte offset of the value at \p Where in the (valid) JSON \p Text: the
/// position to report a semantic error at. Stops at the deepest value found.
size_t locateJSONValue(llvm::StringRef Text,
                       const std::vector<JSONStep> &Where);

/// `/0/kernels/1/loc/line` (RFC 6901: `~` and `/` in a key as `~0`, `~1`).
std::string jsonPointer(const std::vector<JSONStep> &Where);

} // namespace skgen

#endif
