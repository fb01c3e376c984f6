//===- Prefilter.h - Cheap textual test for annotations ---------*- C++ -*-===//
//
// contract §8: inputs that are not annotated cost (almost) nothing. A TU is
// parsed only if its main file, or a project header it includes (recursively),
// or a forced include (`-include f`, looked up in the command's directory, then
// like a quoted include; parsed when not found) mentions `SKGEN_`, or is not
// UTF-8 (Clang and the scanner then report it). Project headers are
// `#include "..."` resolved relative to the including file, then -iquote and
// -I directories, and `#include <...>` resolved through -I directories only
// (never system directories). skgen/annotations.h itself does not count.
// Conditional compilation is ignored (conservative). Thread-safe; file
// contents are cached across TUs.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_INCREMENTAL_PREFILTER_H
#define SKGEN_INCREMENTAL_PREFILTER_H

#include "llvm/ADT/StringMap.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace skgen {
namespace incremental {

/// Include search directories of a compile command (scan::includeDirs):
/// `-iquote` dirs (quoted includes only) and `-I` dirs, absolute, and forced
/// includes (`-include f`) as written, which the compiler looks for in
/// Directory first, then along the quoted include chain.
struct IncludeDirs {
  std::vector<std::string> Quote, Angled, Forced;
  std::string Directory;
};

/// Why \p Text is not a UTF-8 (or ASCII) source: a UTF-16/UTF-32 byte order
/// mark or null bytes; empty when it may be one.
std::string nonUTF8Encoding(llvm::StringRef Text);

class Prefilter {
public:
  /// True if the TU of \p MainFile may contain annotations (also when the
  /// main file cannot be read: Clang then reports the error).
  bool mayContainAnnotations(const std::string &MainFile,
                             const IncludeDirs &Dirs);

private:
  struct Include {
    bool Quoted;
    std::string Name;
  };
  struct FileInfo {
    bool Readable = false;
    bool Mentions = false;
    std::vector<Include> Includes;
  };
  std::shared_ptr<const FileInfo> info(const std::string &Path);

  std::mutex Mutex;
  llvm::StringMap<std::shared_ptr<const FileInfo>> Cache;
};

} // namespace incremental
} // namespace skgen

#endif
