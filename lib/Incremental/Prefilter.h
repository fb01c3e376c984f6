//===- Prefilter.h - Cheap textual test for annotations ---------*- C++ -*-===//
//
// contract §8: inputs that are not annotated cost (almost) nothing. A TU is
// skipped only when the prefilter proves it holds no annotation: its main
// file, its forced includes (`-include f`, `-imacros f`: looked up in the
// command's directory, then like a quoted include; parsed when not found) and
// every header they include (recursively) never mention `SKGEN_` and are
// UTF-8 (else Clang and the scanner report it). An `#include` is looked up in
// every directory Clang could take it from for this command: the including
// file's (quoted), -iquote (quoted), -I, -isystem, -idirafter, and the
// directories of CPATH, C_INCLUDE_PATH, CPLUS_INCLUDE_PATH, OBJC_INCLUDE_PATH
// and OBJCPLUS_INCLUDE_PATH; every file found there is read, not only the
// first (a superset of what Clang includes). Only the toolchain's built-in
// directories (the C++ library, /usr/include) are not read. What it cannot
// follow textually makes it parse the TU: a computed `#include MACRO`, a
// directive form it does not know, `#pragma include_alias`, trigraphs, a
// `-D` that mentions `SKGEN_`, options that change where files come from
// (-ivfsoverlay, -include-pch, frameworks, modules, -Xclang, ...).
// skgen/annotations.h itself does not count. Conditional compilation is
// ignored (conservative). Thread-safe; file contents are cached across TUs.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_INCREMENTAL_PREFILTER_H
#define SKGEN_INCREMENTAL_PREFILTER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace skgen {
namespace incremental {

/// Include search directories of a compile command (scan::includeDirs):
/// `-iquote` dirs (quoted includes only), `-I` dirs, system dirs (-isystem,
/// -idirafter, ...), absolute, and forced includes (`-include f`, `-imacros
/// f`) as written, which the compiler looks for in Directory first, then
/// along the quoted include chain. Unmodeled: why the prefilter cannot
/// follow this command (an option it does not model); the TU is parsed.
struct IncludeDirs {
  std::vector<std::string> Quote, Angled, System, Forced;
  std::string Directory;
  std::string Unmodeled;
};

/// The environment variables through which the Clang driver adds include
/// directories: CPATH (like -I, after the command's), then the system
/// directories of C, C++, Objective-C and Objective-C++ (the prefilter reads
/// all four whatever the language: a superset). One place for the prefilter
/// and the cache key.
llvm::ArrayRef<const char *> includePathVariables();

/// The directories \p Dirs gets from includePathVariables(), as the driver
/// reads them: separated by the platform's path separator, an empty
/// component meaning the working directory (Dirs.Directory), an empty
/// variable meaning none.
void addEnvironmentIncludeDirs(IncludeDirs &Dirs);

/// Why \p Text is not a UTF-8 (or ASCII) source: a UTF-16/UTF-32 byte order
/// mark or null bytes; empty when it may be one.
std::string nonUTF8Encoding(llvm::StringRef Text);

class Prefilter {
public:
  /// True if the TU of \p MainFile may contain annotations (also when the
  /// main file cannot be read: Clang then reports the error). \p Dirs as
  /// given by the command; the environment's are added here.
  bool mayContainAnnotations(const std::string &MainFile,
                             const IncludeDirs &Dirs);

private:
  struct Include {
    bool Quoted;
    std::string Name;
  };
  struct FileInfo {
    bool Readable = false;
    bool Mentions = false; // Or holds something the prefilter cannot follow.
    std::vector<Include> Includes;
  };
  std::shared_ptr<const FileInfo> info(const std::string &Path);

  std::mutex Mutex;
  llvm::StringMap<std::shared_ptr<const FileInfo>> Cache;
};

} // namespace incremental
} // namespace skgen

#endif
