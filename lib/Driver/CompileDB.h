//===- CompileDB.h - Loading the compilation database -----------*- C++ -*-===//
//
// Like Clang's CompilationDatabase::loadFromDirectory/autoDetectFromSource
// (compile_commands.json, else compile_flags.txt, with the same inference
// and response file expansion), but the files are untrusted input: read
// only if they are regular files below a size cap, and a malformed
// compile_commands.json is reported at the JSON error's line and column
// (Clang reports the first plugin's "Error while opening fixed database").
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_DRIVER_COMPILEDB_H
#define SKGEN_DRIVER_COMPILEDB_H

#include "Facts/Facts.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace clang {
namespace tooling {
class CompilationDatabase;
}
} // namespace clang

namespace skgen {

constexpr uint64_t MaxCompileDBBytes = 1ull << 30; // Chromium's: ~200 MiB.

/// The database of build directory \p BuildDir (`-p`), or, when empty, of
/// the closest directory above \p Source holding one. Null with errors in
/// \p Diags when there is none or it is malformed.
std::unique_ptr<clang::tooling::CompilationDatabase>
loadCompilationDatabase(const std::string &BuildDir, const std::string &Source,
                        std::vector<Diagnostic> &Diags);

/// The CUDA and HIP sources (`.cu`, `.hip`) of a library that its
/// database does not list (a CPU-only build of a CPU+CUDA library), so that
/// a run covers them too: with a configuration file (\p ConfigPath), the
/// tree below its directory; else the directories of the database's files
/// \p Listed (absolute paths), which are left out. Hidden directories and
/// build trees (\p BuildDir, any holding a CMakeCache.txt) are not entered.
std::vector<std::string>
unlistedGpuSources(const std::vector<std::string> &Listed,
                   const std::string &ConfigPath, const std::string &BuildDir);

} // namespace skgen

#endif
