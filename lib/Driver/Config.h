//===- Config.h - .skgen.yaml: the options a library runs with --*- C++ -*-===//
//
// Like .clang-tidy and .clang-format: a YAML file found upward from each
// source, so that every run (--check in CI, --fix by hand, a pre-commit hook
// over a few files) uses the same options. Command-line flags override
// scalars and add to lists. Relative paths are relative to the file's
// directory.
//
//   AliasKey: CompositeExplicitAutograd
//   Abi: stable
//   PythonDefs: python/myops/_defs.py
//   Output: src/generated_ops.cpp
//   Facts: [../base/facts.json]
//   ExtraArgs: [-DMYOPS_FEATURE]
//   ExtraArgsBefore: []
//   OwnedNamespaces: [myops]
//   AotiShims: python/myops/_aoti.py
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_DRIVER_CONFIG_H
#define SKGEN_DRIVER_CONFIG_H

#include "Basic/Abi.h"
#include "Basic/Diagnostic.h"

#include <optional>
#include <string>
#include <vector>

namespace skgen {

struct Config {
  std::string AliasKey;               // "" for the default.
  std::string Abi;                    // "libtorch", "stable"; "" (libtorch).
  /// Abi: stable: the generated Python module that defines the schemas
  /// (with Tag::out / Tag::inplace). Absolute once loaded; "" for none.
  std::string PythonDefs;
  std::string AotiShims; // Absolute once loaded; "" for none.
  std::string Output;                 // Absolute once loaded; "" for none.
  std::vector<std::string> Facts;     // Absolute once loaded.
  std::vector<std::string> ExtraArgs; // Appended to compile commands.
  std::vector<std::string> ExtraArgsBefore; // Prepended (after argv[0]).
  /// Namespaces this library owns: their schemas are defined in
  /// TORCH_LIBRARY(ns, m), once; other namespaces get TORCH_LIBRARY_FRAGMENT.
  std::vector<std::string> OwnedNamespaces;
  std::string Path; // The file it was read from; "" for none.
};

/// The configuration file name searched for.
extern const char ConfigFileName[]; // ".skgen.yaml"

/// The nearest ConfigFileName in \p Dir or a parent directory; "" if none.
std::string findConfigFile(const std::string &Dir);

/// Reads \p Path into \p C (paths made absolute against its directory).
/// Returns false, with positioned errors in \p Diags, on a syntax error, an
/// unknown key or an invalid value.
bool loadConfig(const std::string &Path, Config &C,
                std::vector<Diagnostic> &Diags);

/// Finds and reads the one configuration of \p Sources (each looks upward
/// from its directory; without sources, from \p WorkingDir). \p Explicit
/// (--config-file) replaces the search. Sources that find different files
/// are an error: one run is one library.
bool findAndLoadConfig(const std::vector<std::string> &Sources,
                       const std::string &WorkingDir,
                       const std::string &Explicit, Config &C,
                       std::vector<Diagnostic> &Diags);

/// \p C as a .skgen.yaml (paths relative to \p BaseDir when below it).
std::string dumpConfig(const Config &C, const std::string &BaseDir);

struct DriverOptions;

/// What the command line says of the options a .skgen.yaml also gives:
/// given scalars override the file's, lists add to its lists.
struct ConfigFlags {
  std::optional<std::string> AliasKey, Output, PythonDefs, AotiShims;
  std::optional<skgen::Abi> Abi;
  std::vector<std::string> Facts, ExtraArgs, ExtraArgsBefore;
};

/// Sets \p Opts' members that a configuration gives from \p C and \p Flags.
void applyConfig(const Config &C, const ConfigFlags &Flags,
                 DriverOptions &Opts);

/// The configuration \p Opts (after applyConfig) runs with, as dumpConfig
/// renders it (--dump-config).
std::string dumpEffectiveConfig(const Config &C, const DriverOptions &Opts);

} // namespace skgen

#endif
