//===- Parse.h - One Clang parse of a file, for its declarations -*- C++
//-*-===//
//
// The parser setup every reading of a source shares (the scan, the formula
// check, --migrate's registration scan): the command as the only entry of a
// compilation database, a file system that records what the parse read (the
// cache's dependencies), the shared precompiled header when there is one,
// function bodies skipped, Clang's errors to the caller's consumer.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_SCAN_PARSE_H
#define SKGEN_SCAN_PARSE_H

#include "Incremental/FileDeps.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"

#include <string>
#include <utility>
#include <vector>

namespace skgen {
namespace scan {

/// How a parse ended and what it read.
struct ParseRun {
  int Status = 0; // ClangTool::run's: 0 when Clang reported no error.
  /// Every file the parse read (the precompiled header excepted: it stands
  /// for its own inputs); DepsComplete is false when the parse saw
  /// something that cannot be replayed (its results must not be cached).
  std::vector<incremental::FileDep> Deps;
  bool DepsComplete = false;
};

/// What the parse of one file needs besides its command.
struct ParseRequest {
  std::string Pch; // The precompiled header to include, or "".
  /// Files given their contents (a check source, a probe header).
  std::vector<std::pair<std::string, std::string>> VirtualFiles;
  clang::DiagnosticConsumer *Diags = nullptr; // Clang's diagnostics.
  /// The consumer of the AST. Function bodies are skipped unless it keeps
  /// some (ASTConsumer::shouldSkipFunctionBody).
  llvm::function_ref<std::unique_ptr<clang::ASTConsumer>(
      clang::CompilerInstance &)>
      MakeConsumer;
  /// Called at the end of the file, the preprocessor still alive (may be
  /// empty).
  llvm::function_ref<void(clang::CompilerInstance &)> AtEnd;
};

/// Parses \p File as \p Cmd (already adjusted) compiles it.
ParseRun parseDeclarations(const std::string &File,
                           const clang::tooling::CompileCommand &Cmd,
                           const ParseRequest &Req);

} // namespace scan
} // namespace skgen

#endif
