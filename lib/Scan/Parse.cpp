//===- Parse.cpp - One Clang parse of a file, for its declarations --------===//
#include "Scan/Parse.h"
#include "Incremental/Preamble.h"

#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace skgen {
namespace scan {
namespace {

class DeclarationsAction : public clang::ASTFrontendAction {
public:
  explicit DeclarationsAction(const ParseRequest &Req) : Req(Req) {}
  bool BeginInvocation(clang::CompilerInstance &CI) override {
    if (!Req.Pch.empty())
      CI.getPreprocessorOpts().ImplicitPCHInclude = Req.Pch;
    return true;
  }
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override {
    // Declarations are what every reading needs: a consumer that needs a
    // body keeps it (shouldSkipFunctionBody).
    CI.getFrontendOpts().SkipFunctionBodies = true;
    return Req.MakeConsumer(CI);
  }
  void EndSourceFileAction() override {
    if (Req.AtEnd)
      Req.AtEnd(getCompilerInstance());
  }

private:
  const ParseRequest &Req;
};

class DeclarationsActionFactory : public clang::tooling::FrontendActionFactory {
public:
  explicit DeclarationsActionFactory(const ParseRequest &Req) : Req(Req) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<DeclarationsAction>(Req);
  }

private:
  const ParseRequest &Req;
};

} // namespace

ParseRun parseDeclarations(const std::string &File,
                           const clang::tooling::CompileCommand &Cmd,
                           const ParseRequest &Req) {
  incremental::SingleCommandDatabase DB(Cmd);
  std::vector<std::string> Ignore;
  if (!Req.Pch.empty())
    Ignore.push_back(Req.Pch);
  llvm::IntrusiveRefCntPtr<incremental::RecordingFileSystem> FS(
      new incremental::RecordingFileSystem(
          llvm::vfs::createPhysicalFileSystem().release(), Ignore));
  clang::tooling::ClangTool Tool(
      DB, {File}, std::make_shared<clang::PCHContainerOperations>(), FS);
  Tool.setPrintErrorMessage(false);
  for (const auto &V : Req.VirtualFiles)
    Tool.mapVirtualFile(V.first, V.second);
  if (Req.Diags)
    Tool.setDiagnosticConsumer(Req.Diags);
  DeclarationsActionFactory Factory(Req);
  ParseRun Run;
  Run.Status = Tool.run(&Factory);
  Run.DepsComplete = FS->deps(Run.Deps);
  return Run;
}

} // namespace scan
} // namespace skgen
