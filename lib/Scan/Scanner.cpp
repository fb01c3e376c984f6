//===- Scanner.cpp - The scan phase: C++ sources -> facts -----------------===//
//
// One ClangTool per translation unit (so TUs can run in parallel on a thread
// pool), each on its own physical file system view (the compile command's
// working directory is per-tool state, not the process's), with function
// bodies skipped. A textual prefilter skips TUs without annotations.
//
//===----------------------------------------------------------------------===//
#include "Scan/Scanner.h"
#include "Scan/AnnotationVisitor.h"
#include "Scan/CommandLine.h"
#include "Scan/Prefilter.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace skgen {
namespace scan {
namespace {

/// Turns Clang's errors into skgen diagnostics. Clang's warnings are dropped,
/// except a warning about an skgen annotation (e.g. "attribute ignored" when
/// placed before a class): that is an error of the annotation.
class DiagCollector : public clang::DiagnosticConsumer {
public:
  DiagCollector(TUFacts &T, std::string Directory)
      : T(T), Directory(std::move(Directory)) {}

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(Level, Info);
    llvm::SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    SourceLoc Loc;
    std::string Macro;
    if (Info.getLocation().isValid() && Info.hasSourceManager()) {
      const clang::SourceManager &SM = Info.getSourceManager();
      if (!Conv || ConvSM != &SM) {
        Conv = std::make_unique<LocConverter>(SM, Directory);
        ConvSM = &SM;
      }
      Loc = Conv->convert(Info.getLocation());
      Macro = skgenMacroAt(SM, Info.getLocation());
    }
    if (Level == clang::DiagnosticsEngine::Note) {
      if (LastKept && !T.Diagnostics.empty()) {
        T.Diagnostics.back().Notes.push_back(noteAt(Loc, std::string(Msg)));
      }
      return;
    }
    Diagnostic D;
    D.Severity = Diagnostic::Level::Error;
    D.Loc = Loc;
    if (Level < clang::DiagnosticsEngine::Error) {
      LastKept = !Macro.empty();
      if (!LastKept)
        return;
      D.Message = "'" + Macro +
                  "' must be placed immediately before a function "
                  "declaration (clang: " +
                  std::string(Msg) + ")";
    } else {
      D.Message = std::string(Msg);
      if (!Loc.valid())
        D.Message = "while scanning '" + T.MainFile + "': " + D.Message;
      LastKept = true;
    }
    T.Diagnostics.push_back(std::move(D));
  }

private:
  /// The SKGEN_ macro whose expansion \p L is in, or "".
  static std::string skgenMacroAt(const clang::SourceManager &SM,
                                  clang::SourceLocation L) {
    if (!L.isMacroID())
      return "";
    clang::SourceLocation E = SM.getExpansionLoc(L);
    bool Invalid = false;
    const char *P = SM.getCharacterData(E, &Invalid);
    if (Invalid || !P)
      return "";
    llvm::StringRef S(P);
    size_t N = 0;
    while (N < S.size() &&
           (isalnum(static_cast<unsigned char>(S[N])) || S[N] == '_'))
      ++N;
    llvm::StringRef Name = S.take_front(N);
    return Name.startswith("SKGEN_") ? Name.str() : "";
  }

  TUFacts &T;
  std::string Directory;
  std::unique_ptr<LocConverter> Conv;
  const clang::SourceManager *ConvSM = nullptr;
  bool LastKept = false;
};

/// Records every use of an annotation macro that expands to an attribute
/// (also inside function bodies, whose tokens are skipped but preprocessed).
class AnnotationUses : public clang::PPCallbacks {
public:
  AnnotationUses(const clang::SourceManager &SM,
                 std::vector<AnnotationUse> &Uses)
      : SM(SM), Uses(Uses) {}
  void MacroExpands(const clang::Token &Name, const clang::MacroDefinition &MD,
                    clang::SourceRange Range,
                    const clang::MacroArgs *) override {
    const clang::IdentifierInfo *II = Name.getIdentifierInfo();
    static const llvm::StringRef Annotations[] = {
        "SKGEN_STRUCTURED",   "SKGEN_KERNEL",        "SKGEN_FUNCTIONAL_NAME",
        "SKGEN_INPLACE_NAME", "SKGEN_NO_FUNCTIONAL", "SKGEN_NO_INPLACE",
        "SKGEN_ALLOC",        "SKGEN_EXTERNAL"};
    if (!II || !llvm::is_contained(Annotations, II->getName()))
      return;
    // As defined by skgen/annotations.h: not when the annotations are off
    // (SKGEN_DISABLE_ANNOTATIONS: empty), nor for someone else's macro.
    const clang::MacroInfo *MI = MD.getMacroInfo();
    if (!MI || MI->getNumTokens() == 0 ||
        !MI->getReplacementToken(0).is(clang::tok::identifier) ||
        MI->getReplacementToken(0).getIdentifierInfo()->getName() !=
            "SKGEN_ANNOTATE_")
      return;
    Uses.push_back({SM.getExpansionLoc(Range.getBegin()), II->getName().str()});
  }

private:
  const clang::SourceManager &SM;
  std::vector<AnnotationUse> &Uses;
};

class FactsConsumer : public clang::ASTConsumer {
public:
  FactsConsumer(TUFacts &T, const std::string &Directory,
                const std::vector<AnnotationUse> &Uses)
      : T(T), Directory(Directory), Uses(Uses) {}
  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    LocConverter Locs(Ctx.getSourceManager(), Directory);
    collectFacts(Ctx, Locs, T, Uses);
  }

private:
  TUFacts &T;
  const std::string &Directory;
  const std::vector<AnnotationUse> &Uses;
};

class ScanAction : public clang::ASTFrontendAction {
public:
  ScanAction(TUFacts &T, const std::string &Directory)
      : T(T), Directory(Directory) {}
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override {
    // Declarations are all we need: skip function bodies.
    CI.getFrontendOpts().SkipFunctionBodies = true;
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<AnnotationUses>(CI.getSourceManager(), Uses));
    return std::make_unique<FactsConsumer>(T, Directory, Uses);
  }

private:
  TUFacts &T;
  const std::string &Directory;
  std::vector<AnnotationUse> Uses;
};

class ScanActionFactory : public clang::tooling::FrontendActionFactory {
public:
  ScanActionFactory(TUFacts &T, const std::string &Directory)
      : T(T), Directory(Directory) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<ScanAction>(T, Directory);
  }

private:
  TUFacts &T;
  const std::string &Directory;
};

/// A database of exactly one (already adjusted) command.
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

std::string absolute(llvm::StringRef Path, llvm::StringRef Base) {
  llvm::SmallString<256> P(Path);
  if (!llvm::sys::path::is_absolute(P)) {
    llvm::SmallString<256> B(Base);
    if (B.empty())
      llvm::sys::fs::current_path(B);
    else if (!llvm::sys::path::is_absolute(B))
      llvm::sys::fs::make_absolute(B);
    llvm::sys::path::append(B, Path);
    P = B;
  }
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

TUFacts scanOne(const std::string &File,
                const std::vector<clang::tooling::CompileCommand> &Cmds,
                Prefilter &PF, const ScanOptions &Opts) {
  TUFacts T;
  T.MainFile = File;
  llvm::sys::fs::file_status St;
  if (std::error_code EC = llvm::sys::fs::status(File, St)) {
    T.Diagnostics.push_back(
        errorAt(SourceLoc(), "cannot scan '" + File + "': " + EC.message()));
    return T;
  }
  if (llvm::sys::fs::is_directory(St)) {
    T.Diagnostics.push_back(
        errorAt(SourceLoc(), "cannot scan '" + File +
                                 "': is a directory, not a source file"));
    return T;
  }
  if (Cmds.empty() || Cmds.front().CommandLine.empty()) {
    T.Diagnostics.push_back(errorAt(SourceLoc(), "no compile command for '" +
                                                     File +
                                                     "' in the compilation "
                                                     "database"));
    return T;
  }
  clang::tooling::CompileCommand Cmd = Cmds.front();
  if (!Cmd.Heuristic.empty()) {
    // Clang guessed the flags from a neighbouring entry: say so, the scan
    // may see other macros and include paths than the real build.
    T.Diagnostics.push_back(warningAt(SourceLoc{File, 1, 1},
                                      "no compile command for this file in the "
                                      "compilation database; using flags " +
                                          Cmd.Heuristic));
  }
  Cmd.Directory = absolute(Cmd.Directory, Opts.BuildDir);
  Cmd.CommandLine = adjustCommandLine(Cmd.CommandLine);

  if (!Opts.NoPrefilter &&
      !PF.mayContainAnnotations(File,
                                includeDirs(Cmd.CommandLine, Cmd.Directory))) {
    T.Skipped = true;
    return T;
  }

  SingleCommandDatabase DB(Cmd);
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS(
      llvm::vfs::createPhysicalFileSystem().release());
  clang::tooling::ClangTool Tool(
      DB, {File}, std::make_shared<clang::PCHContainerOperations>(), FS);
  Tool.setPrintErrorMessage(false);
  DiagCollector Diags(T, Cmd.Directory);
  Tool.setDiagnosticConsumer(&Diags);
  ScanActionFactory Factory(T, Cmd.Directory);
  int RC = Tool.run(&Factory);
  bool HasError = false;
  for (const Diagnostic &D : T.Diagnostics)
    HasError |= D.Severity == Diagnostic::Level::Error;
  if (RC != 0 && !HasError) {
    T.Diagnostics.push_back(
        errorAt(SourceLoc(), "clang could not process '" + File + "'"));
  }
  return T;
}

} // namespace

std::vector<TUFacts> scanFiles(const clang::tooling::CompilationDatabase &DB,
                               const std::vector<std::string> &Files,
                               const ScanOptions &Opts) {
  // The database is queried from this thread only.
  std::vector<std::vector<clang::tooling::CompileCommand>> Cmds;
  std::vector<clang::tooling::CompileCommand> All;
  bool HaveAll = false;
  for (const std::string &F : Files) {
    std::vector<clang::tooling::CompileCommand> C = DB.getCompileCommands(F);
    if (C.empty() || !C.front().Heuristic.empty()) {
      // Not found literally (or only guessed from a neighbour): entries with
      // a relative `directory` are keyed by relative paths in Clang's JSON
      // database; resolve them against the build directory ourselves.
      if (!HaveAll) {
        All = DB.getAllCompileCommands();
        HaveAll = true;
      }
      for (const clang::tooling::CompileCommand &E : All) {
        if (llvm::sys::path::is_absolute(E.Directory))
          continue;
        std::string Dir = absolute(E.Directory, Opts.BuildDir);
        if (absolute(E.Filename, Dir) == F) {
          C = {E};
          break;
        }
      }
    }
    Cmds.push_back(std::move(C));
  }

  std::vector<TUFacts> Out(Files.size());
  Prefilter PF;
  unsigned Jobs = std::max(1u, Opts.Jobs);
  if (Jobs == 1 || Files.size() <= 1) {
    for (size_t I = 0; I < Files.size(); ++I)
      Out[I] = scanOne(Files[I], Cmds[I], PF, Opts);
    return Out;
  }
  llvm::ThreadPool Pool(llvm::hardware_concurrency(Jobs));
  for (size_t I = 0; I < Files.size(); ++I)
    Pool.async([&, I] { Out[I] = scanOne(Files[I], Cmds[I], PF, Opts); });
  Pool.wait();
  return Out;
}

} // namespace scan
} // namespace skgen
