//===- CommandLine.h - Make real compile commands scannable -----*- C++ -*-===//
//
// Compile commands come from real builds (CMake + g++, ccache, ...). Before
// Clang parses a TU we drop what the Clang driver does not know (GCC-only
// flags), every option that writes a file (FileWritingOptions.def), and
// -Werror; and add -fsyntax-only, -Wno-unknown-warning-option and Clang's
// resource directory (builtin headers such as stddef.h).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_SCAN_COMMANDLINE_H
#define SKGEN_SCAN_COMMANDLINE_H

#include "Incremental/Prefilter.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <cstdint>
#include <string>
#include <vector>

namespace skgen {
namespace scan {

/// The resource directory skgen was built against (SKGEN_CLANG_RESOURCE_DIR),
/// or with SKGEN_BUNDLE_CLANG_HEADERS the one installed beside the binary.
std::string clangResourceDir();

/// Files of arguments a command names (response files `@file`, nvcc's
/// --options-file): the largest read, and how deep they may nest.
constexpr uint64_t MaxArgumentFileBytes = 1 << 20;
constexpr unsigned MaxArgumentFileDepth = 8;

/// Expands the response files (`@file`, relative to \p Directory, nested
/// ones too) of \p Args (argv[0] = compiler) as Clang's driver does (GNU
/// quoting). Each is read only if it is a regular file of at most
/// MaxArgumentFileBytes. Returns why one cannot be read (the file of \p Of),
/// which stays in \p Args, or "".
std::string expandResponseFiles(std::vector<std::string> &Args,
                                const std::string &Directory,
                                llvm::StringRef Of = "the compile command");

/// \p Args (argv[0] = compiler) without the options that write files
/// (FileWritingOptions.def, behind -Xclang, -Wp, and -Xpreprocessor too):
/// what may reach Clang's driver before adjustCommandLine, where the driver
/// builds jobs (-MJ writes its entry while it does).
std::vector<std::string>
withoutFileWriters(const std::vector<std::string> &Args);

/// Returns \p Args (argv[0] = compiler) rewritten for a syntax-only Clang
/// parse. \p Dropped receives the removed unknown options (for tests/debug).
std::vector<std::string>
adjustCommandLine(const std::vector<std::string> &Args,
                  std::vector<std::string> *Dropped = nullptr);

/// What makes a command unscannable (Error: the compiler would refuse it
/// too) or a scan of it doubtful (Warning).
struct CommandProblems {
  std::string Error, Warning;
};

/// Makes database command \p Cmd for \p File scannable, the one way the
/// annotation scan and --migrate's registration parse both use: its
/// directory absolute (relative to \p BuildDir), its response files read,
/// a CUDA/HIP command as host C++ (GpuCommandLine.h), skgen's extra
/// arguments (\p Before after the compiler, \p After before a `--`) and
/// adjustCommandLine. The Warning is why the GPU toolkit's headers are
/// missing.
CommandProblems makeScannable(clang::tooling::CompileCommand &Cmd,
                              const std::string &File,
                              const std::string &BuildDir,
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
