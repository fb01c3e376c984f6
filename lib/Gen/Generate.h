//===- Generate.h - The emit phase: op graph -> generated C++ ---*- C++ -*-===//
#ifndef SKGEN_GEN_GENERATE_H
#define SKGEN_GEN_GENERATE_H

#include "Basic/Abi.h"
#include "Basic/DispatchKeys.h"
#include "Graph/OpGraph.h"

#include <string>
#include <vector>

namespace skgen {
namespace gen {

/// How alias-key wrappers reach the out kernel: Redispatch (they take the
/// DispatchKeySet and redispatch below it) or Call (a second, full
/// dispatch). DefaultBackend (PyTorch <= 1.9) always uses Call.
enum class AliasDispatch { Redispatch, Call };
/// Its name on the command line and in block stamps: "redispatch", "call".
inline const char *aliasDispatchName(AliasDispatch D) {
  return D == AliasDispatch::Call ? "call" : "redispatch";
}

struct GenOptions {
  std::string AliasKey = keys::CompositeExplicitAutograd.str();
  /// The C++ API of the generated code (Gen/Target.h).
  skgen::Abi Abi = skgen::Abi::Libtorch;
  /// `PythonDefs:` (stable ABI): the schemas are defined by this generated
  /// Python module (Gen/PythonDefs.h), not by the C++ blocks.
  std::string PythonDefsFile;
  /// --output=FILE: generate one self-contained block for this file (with
  /// the includes and forward declarations of the kernels it needs) instead
  /// of one block per annotated file.
  std::string StandaloneFile;
  /// Namespaces the library owns (.skgen.yaml OwnedNamespaces): the first
  /// family of each defines its schemas in TORCH_LIBRARY(ns, m), the others
  /// (and every other namespace) in TORCH_LIBRARY_FRAGMENT(ns, m).
  std::vector<std::string> OwnedNamespaces;
  gen::AliasDispatch AliasDispatch = gen::AliasDispatch::Redispatch;
  /// --aoti-shims / `AotiShims:`: the generated Python module mapping each
  /// op to its AOTInductor C shims (Gen/AotiShims.h); "" for no shims.
  std::string AotiShimsFile;
};

/// The generated code that belongs in one source file: what that file's
/// annotations produce (contract §5 placement).
struct FileBlock {
  std::string File; // Absolute path of the annotated source file.
  std::string Body; // Generated C++ (unformatted is fine; Rewrite formats).
  /// Insert after the end of this line if the file has no block yet
  /// (the last annotated declaration's enclosing top-level declaration).
  unsigned InsertAfterLine = 0;
  unsigned InsertAfterOffset = 0;
};

/// Deterministic: the same graph gives the same blocks, sorted by File.
std::vector<FileBlock> generate(const graph::OpGraph &G,
                                const GenOptions &Opts);

} // namespace gen
} // namespace skgen

#endif
