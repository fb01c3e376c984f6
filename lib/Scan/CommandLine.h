//===- CommandLine.h - Make real compile commands scannable -----*- C++ -*-===//
//
// Compile commands come from real builds (CMake + g++, ccache, ...). Before
// Clang parses a TU we drop what the Clang driver does not know (GCC-only
// flags), output and dependency-file flags, and -Werror; and add
// -fsyntax-only, -Wno-unknown-warning-option and Clang's resource directory
// (builtin headers such as stddef.h).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_SCAN_COMMANDLINE_H
#define SKGEN_SCAN_COMMANDLINE_H

#include "Incremental/Prefilter.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <string>
#include <vector>

namespace skgen {
namespace scan {

/// The resource directory skgen was built against (SKGEN_CLANG_RESOURCE_DIR).
std::string clangResourceDir();

/// Returns \p Args (argv[0] = compiler) rewritten for a syntax-only Clang
/// parse. \p Dropped receives the removed unknown options (for tests/debug).
std::vector<std::string>
adjustCommandLine(const std::vector<std::string> &Args,
                  std::vector<std::string> *Dropped = nullptr);

/// Makes database command \p Cmd for \p File scannable, the one way the
/// annotation scan and --migrate's registration parse both use: its
/// directory absolute (relative to \p BuildDir), a CUDA/HIP command as host
/// C++ (GpuCommandLine.h), skgen's extra arguments (\p Before after the
/// compiler, \p After before a `--`) and adjustCommandLine. Returns why the
/// GPU toolkit's headers are missing, or "".
std::string makeScannable(clang::tooling::CompileCommand &Cmd,
                          const std::string &File, const std::string &BuildDir,
                          const std::vector<std::string> &Before,
                          const std::vector<std::string> &After);

/// Include search directories of a command line: `-iquote` dirs (quoted
/// includes only), `-I` dirs and system dirs (-isystem, -idirafter), made
/// absolute relative to \p Directory, plus forced includes (`-include f`,
/// `-imacros f`) as written: the compiler looks for them in \p Directory
/// first, then along the quoted include chain. Options the prefilter does
/// not model (IncludeDirs::Unmodeled) make it parse the TU.
using incremental::IncludeDirs;
IncludeDirs includeDirs(const std::vector<std::string> &Args,
                        const std::string &Directory);

} // namespace scan
} // namespace skgen

#endif
