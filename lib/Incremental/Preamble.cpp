//===- Preamble.cpp - One precompiled header for the shared includes ------===//
#include "Incremental/Preamble.h"
#include "Basic/Annotations.h"
#include "Basic/InputFile.h"
#include "Basic/LLVMCompat.h"
#include "Basic/Path.h"
#include "Incremental/Cache.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclGroup.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/LockFileManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>

namespace skgen {
namespace incremental {

//===----------------------------------------------------------------------===//
// Leading includes
//===----------------------------------------------------------------------===//

std::vector<std::string> leadingIncludes(llvm::StringRef Text) {
  std::vector<std::string> Out;
  bool InComment = false;
  while (!Text.empty()) {
    llvm::StringRef Line;
    std::tie(Line, Text) = Text.split('\n');
    if (compat::endsWith(Line, "\\") || Line.contains('\r'))
      break; // Line splices, CR line ends: not worth the risk.
    if (InComment) {
      size_t E = Line.find("*/");
      if (E == llvm::StringRef::npos)
        continue;
      InComment = false;
      if (!Line.drop_front(E + 2).trim().empty())
        break;
      continue;
    }
    llvm::StringRef L = Line.trim();
    if (L.empty() || compat::startsWith(L, "//"))
      continue;
    if (compat::startsWith(L, "/*")) {
      size_t E = L.find("*/", 2);
      if (E == llvm::StringRef::npos) {
        InComment = true;
        continue;
      }
      if (!L.drop_front(E + 2).trim().empty())
        break;
      continue;
    }
    if (!L.consume_front("#"))
      break;
    L = L.ltrim();
    if (!L.consume_front("include"))
      break;
    L = L.ltrim();
    if (!compat::startsWith(L, "<"))
      break;
    size_t Close = L.find('>');
    if (Close == llvm::StringRef::npos)
      break;
    llvm::StringRef Name = L.slice(1, Close);
    llvm::StringRef Rest = L.drop_front(Close + 1).trim();
    if (Name.empty() || Name.contains("/*") || Name.contains("//") ||
        Name.contains('"') || Name.contains('\'') ||
        !(Rest.empty() || compat::startsWith(Rest, "//")))
      break;
    Out.push_back(("<" + Name + ">").str());
  }
  return Out;
}

namespace {

//===----------------------------------------------------------------------===//
// Building a precompiled header
//===----------------------------------------------------------------------===//

/// Finds annotations among what the header parses outside system headers
/// (those would be invisible to the facts walk of the TUs using it), and
/// records the macro and poisoned names.
class PchChecker : public clang::ASTConsumer,
                   public clang::RecursiveASTVisitor<PchChecker> {
public:
  PchChecker(clang::CompilerInstance &CI, bool &Annotated, NameSet &Macros)
      : CI(CI), Annotated(Annotated), Macros(Macros) {}
  bool HandleTopLevelDecl(clang::DeclGroupRef DG) override {
    const clang::SourceManager &SM = CI.getSourceManager();
    for (clang::Decl *D : DG)
      if (!SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
        TraverseDecl(D);
    return true;
  }
  bool VisitDecl(clang::Decl *D) {
    for (const auto *A : D->specific_attrs<clang::AnnotateAttr>())
      Annotated |= compat::startsWith(A->getAnnotation(), AnnotationPrefix);
    return true;
  }
  bool shouldVisitTemplateInstantiations() const { return false; }
  void HandleTranslationUnit(clang::ASTContext &) override {
    clang::Preprocessor &PP = CI.getPreprocessor();
    for (const auto &E : PP.getIdentifierTable()) {
      const clang::IdentifierInfo *II = E.getValue();
      if (II->hadMacroDefinition() || II->isPoisoned())
        Macros.push_back(nameHash(II->getName()));
    }
    for (const auto &M : PP.macros(/*IncludeExternalMacros=*/false))
      Macros.push_back(nameHash(M.first->getName()));
    std::sort(Macros.begin(), Macros.end());
    Macros.erase(std::unique(Macros.begin(), Macros.end()), Macros.end());
  }

private:
  clang::CompilerInstance &CI;
  bool &Annotated;
  NameSet &Macros;
};

class AnnotationMacros : public clang::PPCallbacks {
public:
  AnnotationMacros(const clang::SourceManager &SM, bool &Annotated)
      : SM(SM), Annotated(Annotated) {}
  void MacroExpands(const clang::Token &Name, const clang::MacroDefinition &,
                    clang::SourceRange Range,
                    const clang::MacroArgs *) override {
    const clang::IdentifierInfo *II = Name.getIdentifierInfo();
    if (II && compat::startsWith(II->getName(), AnnotationMacroPrefix) &&
        !SM.isInSystemHeader(SM.getExpansionLoc(Range.getBegin())))
      Annotated = true;
  }

private:
  const clang::SourceManager &SM;
  bool &Annotated;
};

/// Clang's output file for a PCH is a scratch file (left empty): a stream
/// destroyed with a write error (full disk) is a fatal "IO failure on output
/// stream". The PCH itself is written by CheckedPchConsumer.
constexpr llvm::StringLiteral ScratchSuffix = ".scratch";
/// Largest precompiled header read back (ATen's is well under 1 GiB).
constexpr uint64_t MaxPchBytes = 4ull << 30;

class BuildPchAction : public clang::GeneratePCHAction {
public:
  BuildPchAction(std::string Out, bool &Annotated, NameSet &Macros)
      : Out(std::move(Out)), Annotated(Annotated), Macros(Macros) {}
  bool BeginInvocation(clang::CompilerInstance &CI) override {
    CI.getFrontendOpts().OutputFile = Out + ScratchSuffix.str();
    // Our own validation is by content (FileDeps); Clang's is then by size.
    CI.getFrontendOpts().IncludeTimestamps = false;
    CI.getFrontendOpts().SkipFunctionBodies = true;
    CI.getLangOpts().PCHInstantiateTemplates = true;
    return true;
  }
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI,
                    llvm::StringRef InFile) override {
    std::unique_ptr<clang::ASTConsumer> Gen =
        GeneratePCHAction::CreateASTConsumer(CI, InFile);
    if (!Gen)
      return nullptr;
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<AnnotationMacros>(CI.getSourceManager(), Annotated));
    std::vector<std::unique_ptr<clang::ASTConsumer>> All;
    All.push_back(std::make_unique<PchChecker>(CI, Annotated, Macros));
    All.push_back(std::move(Gen));
    return std::make_unique<clang::MultiplexConsumer>(std::move(All));
  }

private:
  std::string Out;
  bool &Annotated;
  NameSet &Macros;
};

class BuildPchFactory : public clang::tooling::FrontendActionFactory {
public:
  BuildPchFactory(std::string Out, bool &Annotated, NameSet &Macros)
      : Out(std::move(Out)), Annotated(Annotated), Macros(Macros) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<BuildPchAction>(Out, Annotated, Macros);
  }

private:
  std::string Out;
  bool &Annotated;
  NameSet &Macros;
};

/// Clang's raw PCH container writer, but writing the PCH with
/// FactsCache::write: a failed write is an error of the build (the PCH is
/// then not used) and the cache's write error, never an abort.
class CheckedPchConsumer : public clang::ASTConsumer {
public:
  CheckedPchConsumer(clang::CompilerInstance &CI, FactsCache &Cache,
                     std::string Path, std::shared_ptr<clang::PCHBuffer> Buffer)
      : CI(CI), Cache(Cache), Path(std::move(Path)), Buffer(std::move(Buffer)) {
  }
  void HandleTranslationUnit(clang::ASTContext &) override {
    if (Buffer->IsComplete &&
        !Cache.write(
            Path, llvm::StringRef(Buffer->Data.data(), Buffer->Data.size()))) {
      clang::DiagnosticsEngine &D = CI.getDiagnostics();
      D.Report(D.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                 "cannot write the precompiled header"));
    }
    Buffer->Data = llvm::SmallVector<char, 0>();
  }

private:
  clang::CompilerInstance &CI;
  FactsCache &Cache;
  std::string Path;
  std::shared_ptr<clang::PCHBuffer> Buffer;
};

class CheckedPchWriter : public clang::PCHContainerWriter {
public:
  explicit CheckedPchWriter(FactsCache &Cache) : Cache(Cache) {}
  llvm::StringRef getFormat() const override { return "raw"; }
  std::unique_ptr<clang::ASTConsumer> CreatePCHContainerGenerator(
      clang::CompilerInstance &CI, const std::string &,
      const std::string &OutputFileName,
      std::unique_ptr<llvm::raw_pwrite_stream>,
      std::shared_ptr<clang::PCHBuffer> Buffer) const override {
    llvm::StringRef Path = OutputFileName;
    Path.consume_back(ScratchSuffix);
    return std::make_unique<CheckedPchConsumer>(CI, Cache, Path.str(),
                                                std::move(Buffer));
  }

private:
  FactsCache &Cache;
};

/// Counts errors, prints nothing.
class ErrorCounter : public clang::DiagnosticConsumer {};

std::string cachePath(const FactsCache &Cache, llvm::StringRef Name) {
  llvm::SmallString<256> P(Cache.dir());
  llvm::sys::path::append(P, "pch", Name);
  return std::string(P);
}

/// A group of TUs that may share a header: same directory and command but
/// for the main file.
struct Group {
  std::string Directory;
  std::vector<std::string> Args; // Without the main file.
  std::vector<size_t> Members;
  std::vector<std::vector<std::string>> Includes; // Per member.
};

bool forcesIncludes(llvm::StringRef A) {
  return compat::startsWith(A, "-include") ||
         compat::startsWith(A, "--include") ||
         compat::startsWith(A, "-imacros") ||
         compat::startsWith(A, "--imacros") ||
         compat::startsWith(A, "-fmodules") || A == "-fcxx-modules" ||
         compat::startsWith(A, "-emit-") || compat::startsWith(A, "-Xclang");
}

bool startsWith(const std::vector<std::string> &Inc,
                const std::vector<std::string> &Prefix) {
  return Inc.size() >= Prefix.size() &&
         std::equal(Prefix.begin(), Prefix.end(), Inc.begin());
}

/// The meta file of a header: which PCH file holds it, and what it read.
bool loadUsable(FactsCache &Cache, const std::string &Meta,
                const std::string &Key, std::shared_ptr<Preamble> &P,
                bool &Failed) {
  std::unique_ptr<llvm::MemoryBuffer> B = readCacheFile(Meta);
  PchMeta M;
  if (!B || !parsePchMeta(B->getBuffer(), Key, M))
    return false;
  for (const FileDep &D : M.Deps)
    if (!Cache.verifier().matches(D))
      return false;
  if (M.PchFile.empty()) {
    Failed = true; // Could not be built from these inputs.
    return true;
  }
  auto Q = std::make_shared<Preamble>();
  Q->PchFile = cachePath(Cache, M.PchFile);
  Q->MetaFile = Meta;
  Q->Deps = std::move(M.Deps);
  // Its contents as built (files in the cache are never changed in place).
  std::unique_ptr<llvm::MemoryBuffer> Pch =
      readCacheFile(Q->PchFile, MaxPchBytes);
  if (!Pch || contentHash(Pch->getBuffer()) != M.PchHash ||
      (!M.MacrosId.empty() && !Cache.loadMacros(M.MacrosId, Q->Macros)))
    return false;
  P = std::move(Q);
  return true;
}

std::shared_ptr<const Preamble>
ensurePch(FactsCache &Cache, const Group &G,
          const std::vector<std::string> &Includes,
          const std::vector<std::string> &Users, bool Eager, bool &Built) {
  std::string Header;
  for (const std::string &I : Includes)
    Header += "#include " + I + "\n";
  std::string HeaderPath = cachePath(Cache, "h-" + contentHash(Header) + ".h");
  if (!llvm::sys::fs::exists(HeaderPath) && !Cache.write(HeaderPath, Header))
    return nullptr;

  std::vector<std::string> Args = G.Args;
  auto DashDash = std::find(Args.begin(), Args.end(), "--");
  Args.insert(DashDash, {"-x", "c++-header"});
  Args.push_back(HeaderPath);
  std::string Key = Cache.key(G.Directory, HeaderPath, Args) + "pch 1\n";
  std::string Id = contentHash(Key);
  std::string Meta = cachePath(Cache, Id + ".meta");

  std::shared_ptr<Preamble> P;
  bool Failed = false;
  if (loadUsable(Cache, Meta, Key, P, Failed))
    return Failed ? nullptr : P;
  // Worth building for two translation units or more, also when they are
  // scanned by different runs (build steps scan one each): the first run
  // notes which TUs asked for the header, the first run with another TU
  // builds it. (The same TU edited again and again does not.)
  std::string Want = cachePath(Cache, Id + ".want");
  if (Users.size() < 2 && !Eager) {
    std::string Wanted;
    if (std::unique_ptr<llvm::MemoryBuffer> B = readCacheFile(Want))
      Wanted = B->getBuffer().str();
    llvm::SmallVector<llvm::StringRef, 8> Lines;
    llvm::StringRef(Wanted).split(Lines, '\n', -1, /*KeepEmpty=*/false);
    bool Other = llvm::any_of(Lines, [&](llvm::StringRef L) {
      return !llvm::is_contained(Users, L);
    });
    if (!Other) {
      for (const std::string &U : Users)
        if (!llvm::is_contained(Lines, U))
          Wanted += U + "\n";
      Cache.write(Want, Wanted);
      return nullptr;
    }
  }

  // One process builds; the others wait for it and use its header.
  llvm::sys::fs::create_directories(llvm::sys::path::parent_path(Meta));
  llvm::LockFileManager Lock(Meta);
  if (Lock == llvm::LockFileManager::LFS_Shared) {
    Lock.waitForUnlock(/*MaxSeconds=*/600);
    if (loadUsable(Cache, Meta, Key, P, Failed))
      return Failed ? nullptr : P;
  } else if (Lock == llvm::LockFileManager::LFS_Owned) {
    if (loadUsable(Cache, Meta, Key, P, Failed))
      return Failed ? nullptr : P;
  }

  llvm::SmallString<256> Model(cachePath(Cache, Id + "-%%%%%%%%.pch"));
  llvm::SmallString<256> PchPath;
  llvm::sys::fs::createUniquePath(Model, PchPath, /*MakeAbsolute=*/false);
  clang::tooling::CompileCommand Cmd(G.Directory, HeaderPath, Args, "");
  SingleCommandDatabase DB(Cmd);
  llvm::IntrusiveRefCntPtr<RecordingFileSystem> FS(
      new RecordingFileSystem(llvm::vfs::createPhysicalFileSystem().release()));
  auto PchOps = std::make_shared<clang::PCHContainerOperations>();
  PchOps->registerWriter(std::make_unique<CheckedPchWriter>(Cache));
  clang::tooling::ClangTool Tool(DB, {HeaderPath}, PchOps, FS);
  Tool.setPrintErrorMessage(false);
  ErrorCounter Errors;
  Tool.setDiagnosticConsumer(&Errors);
  bool Annotated = false;
  NameSet Macros;
  BuildPchFactory Factory(std::string(PchPath), Annotated, Macros);
  int RC = Tool.run(&Factory);
  llvm::sys::fs::remove(PchPath + ScratchSuffix);
  Built = true;

  PchMeta M;
  bool DepsOk = FS->deps(M.Deps);
  bool Ok = RC == 0 && !Errors.getNumErrors() && !Annotated &&
            llvm::sys::fs::exists(PchPath);
  if (Ok) {
    M.PchFile = llvm::sys::path::filename(PchPath).str();
    M.MacrosId = Cache.storeMacros(Macros);
    // Bounded as loadUsable reads it: a header it would refuse is not kept.
    std::unique_ptr<llvm::MemoryBuffer> B =
        readCacheFile(std::string(PchPath), MaxPchBytes);
    Ok = !M.MacrosId.empty() && B;
    if (Ok)
      M.PchHash = contentHash(B->getBuffer());
  }
  if (!Ok) {
    llvm::sys::fs::remove(PchPath);
    M.PchFile.clear();
  }
  // The header it replaces (if any) is no longer referenced.
  std::string OldPch;
  if (std::unique_ptr<llvm::MemoryBuffer> B = readCacheFile(Meta)) {
    PchMeta Old;
    if (parsePchMeta(B->getBuffer(), Key, Old))
      OldPch = Old.PchFile;
  }
  if (!DepsOk || !Cache.write(Meta, serializePchMeta(Key, M))) {
    if (Ok)
      llvm::sys::fs::remove(PchPath);
    return nullptr;
  }
  if (!OldPch.empty() && OldPch != M.PchFile)
    llvm::sys::fs::remove(cachePath(Cache, OldPch));
  llvm::sys::fs::remove(Want);
  if (!Ok)
    return nullptr;
  auto Q = std::make_shared<Preamble>();
  Q->PchFile = std::string(PchPath);
  Q->MetaFile = Meta;
  Q->Deps = std::move(M.Deps);
  Q->Macros = std::move(Macros);
  return Q;
}

} // namespace

void discardPreamble(const Preamble &P) {
  llvm::sys::fs::remove(P.MetaFile);
  llvm::sys::fs::remove(P.PchFile);
}

std::vector<std::shared_ptr<const Preamble>>
planPreambles(FactsCache &Cache, const std::vector<PreambleRequest> &Reqs,
              bool Eager, unsigned *Built) {
  std::vector<std::shared_ptr<const Preamble>> Out(Reqs.size());
  std::map<std::string, Group> Groups;
  for (size_t I = 0; I < Reqs.size(); ++I) {
    const PreambleRequest &R = Reqs[I];
    std::vector<std::string> Args;
    unsigned Inputs = 0;
    bool Ok = true;
    for (const std::string &A : R.Cmd.CommandLine) {
      std::string P =
          A.empty() || A[0] == '-' ? A : absolutePath(A, R.Cmd.Directory);
      if (P == R.File) {
        ++Inputs;
        continue;
      }
      Ok &= !forcesIncludes(A);
      Args.push_back(A);
    }
    if (!Ok || Inputs != 1)
      continue;
    std::string Error;
    std::unique_ptr<llvm::MemoryBuffer> Buf =
        readRegularFile(R.File, MaxSourceFileBytes, Error);
    if (!Buf)
      continue;
    std::vector<std::string> Inc = leadingIncludes(Buf->getBuffer());
    if (Inc.empty())
      continue;
    std::string GK = R.Cmd.Directory;
    for (const std::string &A : Args)
      GK += '\0' + A;
    Group &G = Groups[GK];
    G.Directory = R.Cmd.Directory;
    G.Args = Args;
    G.Members.push_back(I);
    G.Includes.push_back(std::move(Inc));
  }

  for (auto &GE : Groups) {
    Group &G = GE.second;
    // The prefix most TUs start with; among those, the longest.
    std::map<std::vector<std::string>, unsigned> Count;
    for (const auto &Inc : G.Includes)
      for (size_t N = 1; N <= Inc.size(); ++N)
        ++Count[std::vector<std::string>(Inc.begin(), Inc.begin() + N)];
    const std::vector<std::string> *Best = nullptr;
    unsigned BestN = 0;
    for (const auto &C : Count)
      if (C.second > BestN ||
          (C.second == BestN && C.first.size() > Best->size())) {
        Best = &C.first;
        BestN = C.second;
      }
    std::vector<std::string> Users;
    for (size_t K = 0; K < G.Members.size(); ++K)
      if (startsWith(G.Includes[K], *Best))
        Users.push_back(Reqs[G.Members[K]].File);
    bool Built1 = false;
    std::shared_ptr<const Preamble> P =
        ensurePch(Cache, G, *Best, Users, Eager, Built1);
    if (Built && Built1)
      ++*Built;
    if (!P)
      continue;
    for (size_t K = 0; K < G.Members.size(); ++K)
      if (startsWith(G.Includes[K], *Best))
        Out[G.Members[K]] = P;
  }
  return Out;
}

} // namespace incremental
} // namespace skgen
