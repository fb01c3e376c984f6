//===- LLVMCompat.h - The LLVM/Clang API differences skgen builds across --===//
//
// skgen builds against LLVM/Clang 14 (the oldest supported) through 19 (the
// primary). Every API difference between those versions that the code meets
// is bridged here, behind one spelling, and nowhere else: no other file tests
// LLVM_VERSION_MAJOR. Where an API exists unchanged in every supported version
// the code uses it directly (e.g. SourceManager::getFileEntryRefForID,
// StringLiteral::getCharByteWidth) instead of adding a shim here.
//
// To drop an old version: delete its branches; to support a new one: add a
// branch and a line to docs/design.md ("Supported LLVM versions").
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_BASIC_LLVMCOMPAT_H
#define SKGEN_BASIC_LLVMCOMPAT_H

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Driver/Options.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/ThreadPool.h"

namespace skgen {
namespace compat {

// StringRef::startswith/endswith: deprecated in LLVM 18, removed in 19;
// starts_with/ends_with exist from LLVM 16 on.
inline bool startsWith(llvm::StringRef S, llvm::StringRef Prefix) {
#if LLVM_VERSION_MAJOR >= 16
  return S.starts_with(Prefix);
#else
  return S.startswith(Prefix);
#endif
}

inline bool endsWith(llvm::StringRef S, llvm::StringRef Suffix) {
#if LLVM_VERSION_MAJOR >= 16
  return S.ends_with(Suffix);
#else
  return S.endswith(Suffix);
#endif
}

// llvm::ThreadPool became an interface (ThreadPoolInterface) with the
// std::thread implementation StdThreadPool, aliased DefaultThreadPool, in
// LLVM 19.
#if LLVM_VERSION_MAJOR >= 19
using ThreadPool = llvm::DefaultThreadPool;
#else
using ThreadPool = llvm::ThreadPool;
#endif

// Parses a command line as the `clang` driver does: driver options only, no
// clang-cl or cc1-only options. LLVM 18 replaced the CLOption/NoDriverOption
// flags of the option table by option visibilities.
inline llvm::opt::InputArgList
parseDriverArgs(llvm::ArrayRef<const char *> Argv, unsigned &MissingIndex,
                unsigned &MissingCount) {
  const llvm::opt::OptTable &Table = clang::driver::getDriverOptTable();
#if LLVM_VERSION_MAJOR >= 18
  return Table.ParseArgs(
      Argv, MissingIndex, MissingCount,
      llvm::opt::Visibility(clang::driver::options::ClangOption));
#else
  return Table.ParseArgs(Argv, MissingIndex, MissingCount,
                         /*FlagsToInclude=*/0,
                         /*FlagsToExclude=*/clang::driver::options::CLOption |
                             clang::driver::options::NoDriverOption);
#endif
}

// Parses what reaches Clang's frontend through -Xclang, -Wp, or
// -Xpreprocessor: cc1 options (and driver options of the same spelling).
inline llvm::opt::InputArgList
parseFrontendArgs(llvm::ArrayRef<const char *> Argv, unsigned &MissingIndex,
                  unsigned &MissingCount) {
  const llvm::opt::OptTable &Table = clang::driver::getDriverOptTable();
#if LLVM_VERSION_MAJOR >= 18
  return Table.ParseArgs(
      Argv, MissingIndex, MissingCount,
      llvm::opt::Visibility(clang::driver::options::ClangOption |
                            clang::driver::options::CC1Option));
#else
  return Table.ParseArgs(Argv, MissingIndex, MissingCount,
                         /*FlagsToInclude=*/0,
                         /*FlagsToExclude=*/clang::driver::options::CLOption);
#endif
}

// LangOptions members renamed: CPlusPlus2b -> CPlusPlus23 in LLVM 17,
// C2x -> C23 in 18. Macros, for X-macro lists of option names.
#if LLVM_VERSION_MAJOR >= 17
#define SKGEN_LANGOPT_CPLUSPLUS23 CPlusPlus23
#else
#define SKGEN_LANGOPT_CPLUSPLUS23 CPlusPlus2b
#endif
#if LLVM_VERSION_MAJOR >= 18
#define SKGEN_LANGOPT_C23 C23
#else
#define SKGEN_LANGOPT_C23 C2x
#endif

// Driver options added since LLVM 14, for Scan/FileWritingOptions.def:
// -ftime-trace=<file> (OPT_ftime_trace_EQ) from LLVM 16 on.
#define SKGEN_HAS_OPT_FTIME_TRACE_EQ (LLVM_VERSION_MAJOR >= 16)

// -fmodules-ts (LangOptions::ModulesTS) was removed in LLVM 17.
inline bool modulesTS(const clang::LangOptions &LO) {
#if LLVM_VERSION_MAJOR >= 17
  return false;
#else
  return LO.ModulesTS;
#endif
}

// Clang 17 added a line-number gutter to the source snippet of a rendered
// diagnostic (`  5 | code`, DiagnosticOptions::ShowLineNumbers, on by
// default). skgen prints its diagnostics as Clang 14 does, in every version.
inline void hideSnippetLineNumbers(clang::DiagnosticOptions &O) {
#if LLVM_VERSION_MAJOR >= 17
  O.ShowLineNumbers = false;
#else
  (void)O;
#endif
}

} // namespace compat
} // namespace skgen

#endif // SKGEN_BASIC_LLVMCOMPAT_H
