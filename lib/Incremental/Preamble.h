//===- Preamble.h - One precompiled header for the shared includes -*- C++ -*-//
//
// Annotated translation units of an op library start with the same heavy
// includes (<ATen/ATen.h>, <torch/library.h>). The scanner parses them once:
// TUs with the same compile command (but for the file) whose main file starts
// with the same `#include <...>` lines share a precompiled header of those
// lines, built with -fpch-instantiate-templates (so the template
// instantiations the declarations need are done once, too) and function
// bodies skipped, and kept in the facts cache next to the facts, with the
// inputs it read (FileDeps.h), so later runs reuse it while those are
// unchanged.
//
// Using it is sound because the TU starts with exactly these lines, so the
// header's tokens come first either way, and the second inclusion of each
// header is a no-op (include guards or #pragma once, remembered in the PCH);
// angled includes do not depend on the including file's directory. A header
// that carries annotations is never precompiled (the facts walk reads only
// declarations parsed in the TU itself), and a TU that reports any error with
// the header is parsed again without it.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_INCREMENTAL_PREAMBLE_H
#define SKGEN_INCREMENTAL_PREAMBLE_H

#include "Incremental/FileDeps.h"
#include "Incremental/Outline.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <memory>
#include <string>
#include <vector>

namespace skgen {
namespace incremental {

class FactsCache;

/// A precompiled header a TU may use.
struct Preamble {
  std::string PchFile;
  std::string MetaFile;      // Its record in the cache.
  std::vector<FileDep> Deps; // What building it read.
  NameSet Macros;            // Its macro and poisoned names.
};

struct PreambleRequest {
  std::string File;                   // Absolute main file.
  clang::tooling::CompileCommand Cmd; // Adjusted, absolute Directory.
};

/// For each TU to parse, the precompiled header it can use, or null. Builds
/// (or reuses from \p Cache) one header per group of at least two TUs that
/// share a command and leading includes; a group of one builds its header
/// only when an earlier run asked for the same one for another TU (so a
/// build that scans one TU per process, like the CMake integration, builds
/// it in the second process and reuses it afterwards, while re-scanning the
/// same TU after each edit never pays for it). With \p Eager, a group of one
/// builds it at once (the build steps of skgen.cmake, which know that the
/// library's other TUs will ask for it). \p Built counts the headers built.
std::vector<std::shared_ptr<const Preamble>>
planPreambles(FactsCache &Cache, const std::vector<PreambleRequest> &Reqs,
              bool Eager, unsigned *Built = nullptr);

/// Forgets a precompiled header that Clang could not use (the next run
/// builds it again).
void discardPreamble(const Preamble &P);

/// The `#include <...>` lines \p Text starts with (only blank lines and
/// comments between them), as "<name>".
std::vector<std::string> leadingIncludes(llvm::StringRef Text);

/// A compilation database of exactly one (already adjusted) command.
class SingleCommandDatabase : public clang::tooling::CompilationDatabase {
public:
  explicit SingleCommandDatabase(clang::tooling::CompileCommand C)
      : C(std::move(C)) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef) const override {
    return {C};
  }

private:
  clang::tooling::CompileCommand C;
};

} // namespace incremental
} // namespace skgen

#endif
