//===- Scanner.cpp - The scan phase: C++ sources -> facts -----------------===//
//
// One ClangTool per translation unit (so TUs can run in parallel on a thread
// pool), each on its own physical file system view (the compile command's
// working directory is per-tool state, not the process's), with function
// bodies skipped. A textual prefilter skips TUs without annotations; the
// facts cache (Cache.h) answers for TUs whose inputs did not change; the TUs
// left share one precompiled header of their common leading includes
// (Preamble.h). The facts walk reads only the top-level declarations of the
// main file and project headers (never those of system headers or of a
// precompiled header).
//
//===----------------------------------------------------------------------===//
#include "Scan/Scanner.h"
#include "Scan/AnnotationVisitor.h"
#include "Scan/Cache.h"
#include "Scan/CommandLine.h"
#include "Scan/InputFile.h"
#include "Scan/Outline.h"
#include "Scan/Preamble.h"
#include "Scan/Prefilter.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclGroup.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
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
    if (Info.getID() == clang::diag::null_in_file) {
      // UTF-16 without a byte order mark in a header: not a source skgen
      // (or the build) can read.
      D.Message = "file holds null characters; skgen reads UTF-8 sources "
                  "(is it UTF-16 or UTF-32?)";
      LastKept = true;
      T.Diagnostics.push_back(std::move(D));
      return;
    }
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
/// (also inside function bodies, whose tokens are skipped but preprocessed),
/// except in system headers, which skgen does not read. Notes uses of
/// __DATE__/__TIME__/__TIMESTAMP__ (facts that depend on the clock are not
/// cached).
class AnnotationUses : public clang::PPCallbacks {
public:
  AnnotationUses(const clang::SourceManager &SM,
                 std::vector<AnnotationUse> &Uses, bool &UsesClock)
      : SM(SM), Uses(Uses), UsesClock(UsesClock) {}
  void MacroExpands(const clang::Token &Name, const clang::MacroDefinition &MD,
                    clang::SourceRange Range,
                    const clang::MacroArgs *) override {
    const clang::IdentifierInfo *II = Name.getIdentifierInfo();
    static const llvm::StringRef Annotations[] = {
        "SKGEN_STRUCTURED",   "SKGEN_KERNEL",        "SKGEN_FUNCTIONAL_NAME",
        "SKGEN_INPLACE_NAME", "SKGEN_NO_FUNCTIONAL", "SKGEN_NO_INPLACE",
        "SKGEN_ALLOC",        "SKGEN_EXTERNAL"};
    if (!II)
      return;
    if (II->getName() == "__DATE__" || II->getName() == "__TIME__" ||
        II->getName() == "__TIMESTAMP__")
      UsesClock = true;
    if (!llvm::is_contained(Annotations, II->getName()))
      return;
    // As defined by skgen/annotations.h: not when the annotations are off
    // (SKGEN_DISABLE_ANNOTATIONS: empty), nor for someone else's macro.
    const clang::MacroInfo *MI = MD.getMacroInfo();
    if (!MI || MI->getNumTokens() == 0 ||
        !MI->getReplacementToken(0).is(clang::tok::identifier) ||
        MI->getReplacementToken(0).getIdentifierInfo()->getName() !=
            "SKGEN_ANNOTATE_")
      return;
    clang::SourceLocation L = SM.getExpansionLoc(Range.getBegin());
    if (SM.isInSystemHeader(L))
      return;
    Uses.push_back({L, II->getName().str()});
  }

private:
  const clang::SourceManager &SM;
  std::vector<AnnotationUse> &Uses;
  bool &UsesClock;
};

/// What parsing one translation unit produced.
struct ParseResult {
  TUFacts Facts;
  std::vector<FileDep> Deps;
  std::vector<FileOutline> Outlines;
  NameSet Macros;
  bool Cacheable = false; // Deps are complete and replayable.
  bool HadErrors = false; // Clang reported errors (or failed).
};

class FactsConsumer : public clang::ASTConsumer {
public:
  FactsConsumer(clang::CompilerInstance &CI, ParseResult &R,
                const std::string &Directory,
                const std::vector<AnnotationUse> &Uses, bool WantOutlines)
      : CI(CI), R(R), Directory(Directory), Uses(Uses),
        WantOutlines(WantOutlines) {}

  bool HandleTopLevelDecl(clang::DeclGroupRef DG) override {
    const clang::SourceManager &SM = CI.getSourceManager();
    for (clang::Decl *D : DG)
      if (!SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
        TopLevel.push_back(D);
    return true;
  }

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    LocConverter Locs(Ctx.getSourceManager(), Directory);
    std::vector<const clang::FunctionDecl *> Skipped;
    collectFacts(Ctx, Locs, R.Facts, Uses, TopLevel, Skipped);
    if (WantOutlines)
      outlines(Ctx, Locs, Skipped);
  }

private:
  /// Macro (and poisoned) names of the TU, and the outline of every project
  /// file with skipped bodies.
  void outlines(clang::ASTContext &Ctx, LocConverter &Locs,
                const std::vector<const clang::FunctionDecl *> &Skipped) {
    clang::Preprocessor &PP = CI.getPreprocessor();
    for (const auto &E : PP.getIdentifierTable()) {
      const clang::IdentifierInfo *II = E.getValue();
      if (II->hadMacroDefinition() || II->isPoisoned())
        R.Macros.push_back(nameHash(II->getName()));
    }
    for (const auto &M : PP.macros(/*IncludeExternalMacros=*/true))
      R.Macros.push_back(nameHash(M.first->getName()));
    std::sort(R.Macros.begin(), R.Macros.end());
    R.Macros.erase(std::unique(R.Macros.begin(), R.Macros.end()),
                   R.Macros.end());

    uint32_t Bits;
    if (!lexerOptionBits(Ctx.getLangOpts(), Bits))
      return;
    const clang::SourceManager &SM = Ctx.getSourceManager();
    std::map<clang::FileID, std::vector<unsigned>> Ends;
    Ends[SM.getMainFileID()];
    for (const clang::FunctionDecl *FD : Skipped) {
      clang::SourceLocation End = FD->getEndLoc();
      if (End.isInvalid())
        continue;
      End = SM.getExpansionRange(End).getEnd();
      End = clang::Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts());
      if (End.isInvalid() || SM.isInSystemHeader(End))
        continue;
      std::pair<clang::FileID, unsigned> D = SM.getDecomposedLoc(End);
      Ends[D.first].push_back(D.second);
    }
    for (auto &E : Ends) {
      std::string Name = Locs.fileName(E.first);
      bool Invalid = false;
      llvm::StringRef Text = SM.getBufferData(E.first, &Invalid);
      if (Name.empty() || Invalid)
        continue;
      R.Outlines.push_back(
          makeOutline(Name, Text, Bits, std::move(E.second), R.Macros));
    }
  }

  clang::CompilerInstance &CI;
  ParseResult &R;
  const std::string &Directory;
  const std::vector<AnnotationUse> &Uses;
  bool WantOutlines;
  std::vector<clang::Decl *> TopLevel;
};

class ScanAction : public clang::ASTFrontendAction {
public:
  ScanAction(ParseResult &R, const std::string &Directory,
             const std::string &Pch, bool WantOutlines, bool &UsesClock)
      : R(R), Directory(Directory), Pch(Pch), WantOutlines(WantOutlines),
        UsesClock(UsesClock) {}
  bool BeginInvocation(clang::CompilerInstance &CI) override {
    if (!Pch.empty())
      CI.getPreprocessorOpts().ImplicitPCHInclude = Pch;
    return true;
  }
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef) override {
    // Declarations are all we need: skip function bodies.
    CI.getFrontendOpts().SkipFunctionBodies = true;
    CI.getPreprocessor().addPPCallbacks(std::make_unique<AnnotationUses>(
        CI.getSourceManager(), Uses, UsesClock));
    return std::make_unique<FactsConsumer>(CI, R, Directory, Uses,
                                           WantOutlines);
  }

private:
  ParseResult &R;
  const std::string &Directory;
  const std::string &Pch;
  bool WantOutlines;
  bool &UsesClock;
  std::vector<AnnotationUse> Uses;
};

class ScanActionFactory : public clang::tooling::FrontendActionFactory {
public:
  ScanActionFactory(ParseResult &R, const std::string &Directory,
                    const std::string &Pch, bool WantOutlines, bool &UsesClock)
      : R(R), Directory(Directory), Pch(Pch), WantOutlines(WantOutlines),
        UsesClock(UsesClock) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<ScanAction>(R, Directory, Pch, WantOutlines,
                                        UsesClock);
  }

private:
  ParseResult &R;
  const std::string &Directory;
  const std::string &Pch;
  bool WantOutlines;
  bool &UsesClock;
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

/// Parses \p File with \p Cmd (adjusted), using the precompiled header \p Pch
/// when not null.
ParseResult parseTU(const std::string &File,
                    const clang::tooling::CompileCommand &Cmd,
                    const Preamble *Pch, bool Record) {
  ParseResult R;
  R.Facts.MainFile = File;
  SingleCommandDatabase DB(Cmd);
  std::vector<std::string> Ignore;
  if (Pch)
    Ignore.push_back(Pch->PchFile);
  llvm::IntrusiveRefCntPtr<RecordingFileSystem> FS(new RecordingFileSystem(
      llvm::vfs::createPhysicalFileSystem().release(), Ignore));
  clang::tooling::ClangTool Tool(
      DB, {File}, std::make_shared<clang::PCHContainerOperations>(), FS);
  Tool.setPrintErrorMessage(false);
  DiagCollector Diags(R.Facts, Cmd.Directory);
  Tool.setDiagnosticConsumer(&Diags);
  std::string PchFile = Pch ? Pch->PchFile : "";
  bool UsesClock = false;
  ScanActionFactory Factory(R, Cmd.Directory, PchFile, Record, UsesClock);
  int RC = Tool.run(&Factory);
  bool HasError = false;
  for (const Diagnostic &D : R.Facts.Diagnostics)
    HasError |= D.Severity == Diagnostic::Level::Error;
  if (RC != 0 && !HasError) {
    R.Facts.Diagnostics.push_back(
        errorAt(SourceLoc(), "clang could not process '" + File + "'"));
  }
  R.HadErrors = HasError || RC != 0;
  R.Cacheable =
      Record && FS->deps(R.Deps) && !UsesClock && (RC == 0 || HasError);
  if (Pch) {
    // The precompiled header stands for the files it was built from.
    std::map<std::string, FileDep> All;
    for (FileDep &D : R.Deps)
      All[D.Path] = std::move(D);
    for (const FileDep &D : Pch->Deps) {
      FileDep &Mine = All[D.Path];
      if (Mine.Path.empty() || Mine.Hash.empty())
        Mine = D;
    }
    R.Deps.clear();
    for (auto &E : All)
      R.Deps.push_back(std::move(E.second));
    R.Macros.insert(R.Macros.end(), Pch->Macros.begin(), Pch->Macros.end());
    std::sort(R.Macros.begin(), R.Macros.end());
    R.Macros.erase(std::unique(R.Macros.begin(), R.Macros.end()),
                   R.Macros.end());
  }
  return R;
}

/// Larger sources are refused (Clang's own limit is 4 GiB per file).
constexpr uint64_t MaxSourceBytes = 1ull << 30;

/// A translation unit's way through the scan.
struct Job {
  std::string File;
  TUFacts Facts; // Diagnostics about the command; then the TU's facts.
  clang::tooling::CompileCommand Cmd;
  bool Ready = false; // Facts complete (skipped, cached, or an error).
  std::string Key;    // Cache key, when cached.
  std::shared_ptr<const Preamble> Pch;
  std::vector<std::string> Inputs;
};

/// Everything before parsing: the command, the prefilter, the cache.
void prepare(Job &J, const std::vector<clang::tooling::CompileCommand> &Cmds,
             Prefilter &PF, const ScanOptions &Opts, FactsCache *Cache) {
  TUFacts &T = J.Facts;
  const std::string &File = J.File;
  T.MainFile = File;
  J.Ready = true;
  llvm::sys::fs::file_status St;
  if (std::error_code EC = llvm::sys::fs::status(File, St)) {
    T.Diagnostics.push_back(
        errorAt(SourceLoc(), "cannot scan '" + File + "': " + EC.message()));
    return;
  }
  if (llvm::sys::fs::is_directory(St)) {
    T.Diagnostics.push_back(
        errorAt(SourceLoc(), "cannot scan '" + File +
                                 "': is a directory, not a source file"));
    return;
  }
  // A UTF-16 source would look unannotated to the prefilter and to Clang.
  std::string ReadError;
  auto Source = readRegularFile(File, MaxSourceBytes, ReadError);
  if (!Source) {
    T.Diagnostics.push_back(
        errorAt(SourceLoc(), "cannot scan '" + File + "': " + ReadError));
    return;
  }
  std::string Encoding = nonUTF8Encoding(Source->getBuffer());
  if (!Encoding.empty()) {
    T.Diagnostics.push_back(
        errorAt(SourceLoc{File, 1, 1}, "source is not UTF-8: it has " +
                                           Encoding + "; convert it to UTF-8"));
    return;
  }
  if (Cmds.empty() || Cmds.front().CommandLine.empty()) {
    T.Diagnostics.push_back(errorAt(SourceLoc(), "no compile command for '" +
                                                     File +
                                                     "' in the compilation "
                                                     "database"));
    return;
  }
  clang::tooling::CompileCommand Cmd = Cmds.front();
  // Deterministic: the first entry. Different ones are worth a warning (the
  // scan may see other macros than some of the builds).
  for (size_t I = 1; I < Cmds.size(); ++I)
    if (Cmds[I].CommandLine != Cmd.CommandLine ||
        Cmds[I].Directory != Cmd.Directory) {
      T.Diagnostics.push_back(
          warningAt(SourceLoc{File, 1, 1},
                    std::to_string(Cmds.size()) +
                        " different compile commands for this file in the "
                        "compilation database; scanning with the first"));
      break;
    }
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
    return;
  }
  J.Cmd = std::move(Cmd);
  if (Cache) {
    J.Key = Cache->key(J.Cmd.Directory, File, J.Cmd.CommandLine);
    TUFacts Cached;
    if (Cache->lookup(J.Key, Cached, &J.Inputs)) {
      T.Kernels = std::move(Cached.Kernels);
      T.Files = std::move(Cached.Files);
      T.Diagnostics.insert(T.Diagnostics.end(), Cached.Diagnostics.begin(),
                           Cached.Diagnostics.end());
      return;
    }
  }
  J.Ready = false;
}

/// Parses a TU that was not answered by the cache, and caches its facts.
void parse(Job &J, const ScanOptions &Opts, FactsCache *Cache) {
  ParseResult R = parseTU(J.File, J.Cmd, J.Pch.get(), Cache != nullptr);
  if (J.Pch && R.HadErrors) {
    // Errors with the precompiled header: the facts are those of a parse
    // without it (which reports the errors, if they are the TU's own).
    R = parseTU(J.File, J.Cmd, nullptr, Cache != nullptr);
    if (!R.HadErrors)
      discardPreamble(*J.Pch); // Clang could not use it.
    J.Pch = nullptr;
  }
  for (const FileDep &D : R.Deps)
    if (D.K == FileDep::File && !D.Hash.empty())
      J.Inputs.push_back(D.Path);
  if (Cache && R.Cacheable) {
    CacheEntry E;
    E.Deps = std::move(R.Deps);
    E.Outlines = std::move(R.Outlines);
    if (!E.Outlines.empty())
      E.MacrosId = Cache->storeMacros(R.Macros);
    E.Facts = R.Facts;
    Cache->store(J.Key, E);
  }
  TUFacts &T = J.Facts;
  T.Kernels = std::move(R.Facts.Kernels);
  T.Files = std::move(R.Facts.Files);
  T.Diagnostics.insert(T.Diagnostics.end(), R.Facts.Diagnostics.begin(),
                       R.Facts.Diagnostics.end());
  J.Ready = true;
}

template <typename Fn> void forEach(size_t N, unsigned Jobs, Fn F) {
  if (Jobs <= 1 || N <= 1) {
    for (size_t I = 0; I < N; ++I)
      F(I);
    return;
  }
  llvm::ThreadPool Pool(llvm::hardware_concurrency(Jobs));
  for (size_t I = 0; I < N; ++I)
    Pool.async([&F, I] { F(I); });
  Pool.wait();
}

} // namespace

std::vector<TUFacts> scanFiles(const clang::tooling::CompilationDatabase &DB,
                               const std::vector<std::string> &Files,
                               const ScanOptions &Opts, ScanReport *Report) {
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

  std::unique_ptr<FactsCache> Cache;
  if (!Opts.CacheDir.empty())
    Cache = std::make_unique<FactsCache>(Opts.CacheDir, skgenBuildId());
  std::vector<Job> Jobs(Files.size());
  Prefilter PF;
  unsigned N = std::max(1u, Opts.Jobs);
  forEach(Files.size(), N, [&](size_t I) {
    Jobs[I].File = Files[I];
    prepare(Jobs[I], Cmds[I], PF, Opts, Cache.get());
  });

  std::vector<Job *> ToParse;
  for (Job &J : Jobs)
    if (!J.Ready)
      ToParse.push_back(&J);
  unsigned PchBuilt = 0;
  if (Cache && Opts.UsePch && !ToParse.empty()) {
    std::vector<PreambleRequest> Reqs;
    for (Job *J : ToParse)
      Reqs.push_back({J->File, J->Cmd});
    std::vector<std::shared_ptr<const Preamble>> P =
        planPreambles(*Cache, Reqs, &PchBuilt);
    for (size_t I = 0; I < ToParse.size(); ++I)
      ToParse[I]->Pch = P[I];
  }
  forEach(ToParse.size(), N,
          [&](size_t I) { parse(*ToParse[I], Opts, Cache.get()); });

  std::vector<TUFacts> Out;
  if (Report) {
    *Report = ScanReport();
    if (Cache) {
      Report->Hits = Cache->Hits;
      Report->BodyHits = Cache->BodyHits;
    }
    Report->Parsed = ToParse.size();
    for (Job *J : ToParse)
      Report->WithPch += J->Pch != nullptr;
    Report->PchBuilt = PchBuilt;
  }
  for (Job &J : Jobs) {
    if (Report)
      Report->Inputs.push_back(std::move(J.Inputs));
    Out.push_back(std::move(J.Facts));
  }
  return Out;
}

} // namespace scan
} // namespace skgen
