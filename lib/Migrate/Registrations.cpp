//===- Registrations.cpp - Hand-written torch::Library calls --------------===//
#include "Migrate/Registrations.h"
#include "Basic/Annotations.h"
#include "Basic/InputFile.h"
#include "Basic/LLVMCompat.h"
#include "Basic/Path.h"
#include "Incremental/Cache.h"
#include "Incremental/FileDeps.h"
#include "Migrate/ScanCache.h"
#include "Scan/AnnotationVisitor.h"
#include "Scan/CommandLine.h"
#include "Scan/Parse.h"
#include "Scan/TorchSpellings.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Threading.h"

#include <set>
#include <tuple>

using namespace clang;
using namespace clang::ast_matchers;

namespace skgen {
namespace migrate {

using scan::LocConverter;
using scan::ScanOptions;
using scan::TorchSpellings;

namespace {

/// What a TORCH_LIBRARY* macro declared: its static TorchLibraryInit.
struct LibraryBlock {
  std::string Macro, Namespace, Key;
  bool Stable = false;                // STABLE_TORCH_LIBRARY*.
  SourceLocation Loc;                 // The macro's use.
  const FunctionDecl *Init = nullptr; // The definition holding the calls.
};

/// The registration API of each ABI: the library class, the static object
/// each macro declares, and its macros by kind (DEF, FRAGMENT, IMPL).
struct LibraryApi {
  bool Stable;
  const char *Library, *Init, *Def, *Fragment, *Impl;
};
const LibraryApi Apis[] = {
    {false, "::torch::Library", "::torch::detail::TorchLibraryInit",
     "TORCH_LIBRARY", "TORCH_LIBRARY_FRAGMENT", "TORCH_LIBRARY_IMPL"},
    {true, "::torch::stable::detail::StableLibrary",
     "::torch::stable::detail::StableTorchLibraryInit", "STABLE_TORCH_LIBRARY",
     "STABLE_TORCH_LIBRARY_FRAGMENT", "STABLE_TORCH_LIBRARY_IMPL"},
};

/// Strips what stands between a registration argument and what was written:
/// implicit conversions, temporaries, copies.
const Expr *strip(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(Next))
      Next = B->getSubExpr();
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(Next))
      Next = F->getSubExpr();
    else if (const auto *C = dyn_cast<CXXConstructExpr>(Next);
             C && C->getNumArgs() == 1 && !isa<CXXTemporaryObjectExpr>(C))
      Next = C->getArg(0);
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

std::string stringLiteral(const Expr *E) {
  if (const auto *S = dyn_cast_or_null<StringLiteral>(strip(E)))
    if (S->getCharByteWidth() == 1)
      return S->getString().str();
  return "";
}

/// c10::DispatchKey::X -> X; c10::DeviceType::X (c10::kCPU) -> its key.
std::string dispatchKeyOf(const Expr *E) {
  const auto *R = dyn_cast_or_null<DeclRefExpr>(strip(E));
  if (!R)
    return "";
  if (const auto *V = dyn_cast<VarDecl>(R->getDecl()))
    return V->isConstexpr() && V->getInit() ? dispatchKeyOf(V->getInit()) : "";
  const auto *C = dyn_cast<EnumConstantDecl>(R->getDecl());
  if (!C)
    return "";
  std::string Enum =
      cast<EnumDecl>(C->getDeclContext())->getQualifiedNameAsString();
  if (Enum == "c10::DispatchKey" || Enum == "c10::DeviceType")
    return C->getName().str(); // CPU, CUDA, Meta, ... name their key.
  return "";
}

/// Offset of the start of the line holding offset \p Off.
size_t lineStart(llvm::StringRef Text, size_t Off) {
  size_t NL = Text.rfind('\n', Off); // Searches before Off.
  return NL == llvm::StringRef::npos ? 0 : NL + 1;
}

/// All DeclRefExprs below \p S (lambda bodies included).
std::vector<const DeclRefExpr *> declRefs(const Stmt *S, ASTContext &Ctx) {
  std::vector<const DeclRefExpr *> Out;
  if (!S)
    return Out;
  for (const BoundNodes &B : match(findAll(declRefExpr().bind("r")), *S, Ctx))
    Out.push_back(B.getNodeAs<DeclRefExpr>("r"));
  return Out;
}

class Collector {
public:
  Collector(ASTContext &Ctx, Preprocessor &PP, LocConverter &Locs,
            RegistrationScan &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()), Locs(Locs),
        Out(Out), CanonPolicy(scan::canonicalTypePolicy(LO)),
        WrittenPolicy(scan::writtenTypePolicy(LO)),
        NamePolicy(scan::qualifiedNamePolicy(LO)) {
    Spellings.emplace(Ctx, CanonPolicy);
    HaveAnnotations =
        PP.isMacroDefined(annotationMacro(Annotation::Structured));
  }

  void run() {
    for (const LibraryApi &A : Apis) {
      auto Init =
          varDecl(
              hasType(qualType(hasDeclaration(cxxRecordDecl(hasName(A.Init))))),
              hasInitializer(ignoringImplicit(cxxConstructExpr().bind("ctor"))))
              .bind("var");
      for (const BoundNodes &B : match(findAll(Init), Ctx)) {
        const auto *V = B.getNodeAs<VarDecl>("var");
        SourceLocation Use = SM.getExpansionLoc(V->getLocation());
        if (SM.isInSystemHeader(Use))
          continue;
        LibraryBlock L;
        L.Stable = A.Stable;
        L.Loc = Use;
        if (block(B.getNodeAs<CXXConstructExpr>("ctor"), A, L))
          calls(L, A);
      }
    }
  }

private:
  /// Reads TorchLibraryInit(kind, &init, "ns", key, __FILE__, __LINE__), or
  /// StableTorchLibraryInit(kind, &init, "ns", "KEY" or nullptr, ...).
  bool block(const CXXConstructExpr *C, const LibraryApi &A, LibraryBlock &L) {
    if (!C || C->getNumArgs() < 4)
      return false;
    const auto *K = dyn_cast<DeclRefExpr>(strip(C->getArg(0)));
    if (!K)
      return false;
    llvm::StringRef Kind = K->getDecl()->getName();
    L.Macro = Kind == "DEF"        ? A.Def
              : Kind == "FRAGMENT" ? A.Fragment
              : Kind == "IMPL"     ? A.Impl
                                   : "";
    L.Namespace = stringLiteral(C->getArg(2));
    if (A.Stable) // The stable macro stringizes its key.
      L.Key = stringLiteral(C->getArg(3));
    for (const DeclRefExpr *R : declRefs(C->getArg(3), Ctx))
      if (L.Key.empty())
        L.Key = dispatchKeyOf(R);
    // The init function; TORCH_LIBRARY_IMPL wraps it in a check of its key.
    for (const DeclRefExpr *R : declRefs(C->getArg(1), Ctx))
      if (const auto *F = dyn_cast<FunctionDecl>(R->getDecl()))
        if (F->getNumParams() == 1 && F->getDefinition() &&
            F->getParamDecl(0)->getType()->isReferenceType())
          L.Init = F->getDefinition();
    return !L.Macro.empty() && !L.Namespace.empty() && L.Init &&
           L.Init->hasBody();
  }

  void calls(const LibraryBlock &L, const LibraryApi &A) {
    const Stmt *Body = L.Init->getBody();
    const ParmVarDecl *M = L.Init->getParamDecl(0);
    auto Call =
        cxxMemberCallExpr(callee(cxxMethodDecl(hasAnyName("def", "impl"),
                                               ofClass(hasName(A.Library)))))
            .bind("call");
    for (const BoundNodes &B : match(findAll(Call), *Body, Ctx)) {
      const auto *C = B.getNodeAs<CXXMemberCallExpr>("call");
      HandRegistration R;
      R.Block = L.Macro;
      R.Namespace = L.Namespace;
      R.Key = L.Key;
      R.Stable = L.Stable;
      R.BlockLoc = Locs.convert(L.Loc);
      R.K = C->getMethodDecl()->getName() == "def"
                ? HandRegistration::Kind::Def
                : HandRegistration::Kind::Impl;
      SourceLocation Begin = SM.getExpansionLoc(C->getBeginLoc());
      if (SM.isInSystemHeader(Begin))
        continue;
      R.Loc = Locs.convert(Begin);
      R.Range = {R.Loc, Locs.convert(Lexer::getLocForEndOfToken(
                            SM.getExpansionRange(C->getEndLoc()).getEnd(), 0,
                            SM, LO))};
      R.Name = C->getNumArgs() ? stringLiteral(C->getArg(0)) : "";
      if (R.Name.empty())
        R.Unsupported = "the operator is not named by a string literal";
      if (R.K == HandRegistration::Kind::Def)
        defArgs(C, R);
      else if (C->getNumArgs() >= 2)
        kernel(C->getArg(1), R);
      const auto *Obj = dyn_cast<DeclRefExpr>(
          C->getImplicitObjectArgument()->IgnoreParenImpCasts());
      if (!Obj || Obj->getDecl() != M)
        unsupported(R, "it is part of a chained call");
      statement(C, Body, R);
      record(Begin);
      Out.Registrations.push_back(std::move(R));
    }
  }

  static void unsupported(HandRegistration &R, std::string Why) {
    if (R.Unsupported.empty())
      R.Unsupported = std::move(Why);
  }

  /// m.def(schema) only: an implementation or tags passed along would be
  /// lost with the call.
  void defArgs(const CXXMemberCallExpr *C, HandRegistration &R) {
    for (unsigned I = 1; I < C->getNumArgs(); ++I) {
      if (isa<CXXDefaultArgExpr>(C->getArg(I)))
        continue;
      std::string T =
          C->getArg(I)->getType().getCanonicalType().getAsString(CanonPolicy);
      unsupported(R, llvm::StringRef(T).contains("Tag")
                         ? "it passes tags, which skgen's definitions would "
                           "not carry"
                         : "it also registers an implementation (split it "
                           "into m.def and m.impl)");
    }
  }

  void kernel(const Expr *E, HandRegistration &R) {
    E = strip(E);
    if (const auto *CE = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *F = CE->getDirectCallee())
        if (F->getQualifiedNameAsString() == "torch::dispatch" &&
            CE->getNumArgs() == 2) {
          R.Key = dispatchKeyOf(CE->getArg(0));
          if (R.Key.empty())
            unsupported(R, "its dispatch key is not a c10::DispatchKey or "
                           "c10::DeviceType constant");
          E = strip(CE->getArg(1));
        }
    if (isa<LambdaExpr>(E)) {
      R.Kernel = HandRegistration::KernelKind::Lambda;
      return;
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      if (U->getOpcode() == UO_AddrOf)
        E = strip(U->getSubExpr());
    const FunctionDecl *F = nullptr;
    bool Boxed = true; // On the stable ABI, unless TORCH_BOX boxes it.
    if (const auto *D = dyn_cast<DeclRefExpr>(E))
      F = dyn_cast<FunctionDecl>(D->getDecl());
    // TORCH_BOX(&f): torch::stable::detail::boxer<FuncT, &f>::boxed_fn.
    if (const auto *M = dyn_cast_or_null<CXXMethodDecl>(F))
      if (const auto *S =
              dyn_cast<ClassTemplateSpecializationDecl>(M->getParent());
          S &&
          S->getQualifiedNameAsString() == "torch::stable::detail::boxer" &&
          S->getTemplateArgs().size() == 2 &&
          S->getTemplateArgs()[1].getKind() == TemplateArgument::Declaration) {
        F = dyn_cast<FunctionDecl>(S->getTemplateArgs()[1].getAsDecl());
        Boxed = false;
      }
    // TORCH_FN(f): c10::CompileTimeFunctionPointer<FuncType, f>.
    if (const auto *S = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
            E->getType()->getAsCXXRecordDecl()))
      if (S->getName() == "CompileTimeFunctionPointer" &&
          S->getTemplateArgs().size() == 2 &&
          S->getTemplateArgs()[1].getKind() == TemplateArgument::Declaration)
        F = dyn_cast<FunctionDecl>(S->getTemplateArgs()[1].getAsDecl());
    if (!F) {
      R.Kernel = HandRegistration::KernelKind::Other;
      return;
    }
    R.Kernel = HandRegistration::KernelKind::Function;
    function(F, R);
    if (R.Stable && Boxed && R.CannotAnnotate.empty())
      R.CannotAnnotate = "it is registered boxed (on a StableIValue stack), "
                         "not as TORCH_BOX(&kernel)";
  }

  void function(const FunctionDecl *F, HandRegistration &R) {
    {
      std::string S;
      llvm::raw_string_ostream OS(S);
      F->printQualifiedName(OS, NamePolicy);
      OS.flush();
      R.CppName = llvm::StringRef(S).ltrim(':').str();
    }
    for (const ParmVarDecl *P : F->parameters())
      R.Params.push_back(
          param(P->getType(), P->getNameAsString(), P->getLocation()));
    SourceLocation RetLoc = F->getReturnTypeSourceRange().getBegin();
    R.Return = param(F->getReturnType(), "",
                     RetLoc.isValid() ? RetLoc : F->getLocation());
    // The annotation goes on the definition when this TU has it.
    const FunctionDecl *D = F->getDefinition() ? F->getDefinition() : F;
    R.KernelLoc = Locs.convert(D->getLocation());
    if (isa<CXXMethodDecl>(D) || D->isTemplateInstantiation() ||
        D->getDescribedFunctionTemplate()) {
      R.CannotAnnotate = "it is a template or a class member";
      return;
    }
    SourceLocation Begin = D->getOuterLocStart();
    if (Begin.isMacroID() || D->getLocation().isMacroID() ||
        SM.isInSystemHeader(Begin)) {
      R.CannotAnnotate = "its declaration is written in a macro or a system "
                         "header";
      return;
    }
    std::pair<FileID, unsigned> Pos = SM.getDecomposedLoc(Begin);
    llvm::StringRef Text = SM.getBufferData(Pos.first);
    llvm::StringRef Indent =
        Text.slice(lineStart(Text, Pos.second), Pos.second);
    if (Indent.find_first_not_of(" \t") != llvm::StringRef::npos) {
      R.CannotAnnotate = "its declaration does not start its line";
      return;
    }
    R.Indent = Indent.str();
    R.AnnotateLoc = Locs.convert(Begin);
    record(Begin);
    if (!HaveAnnotations)
      R.IncludeLoc = Locs.convert(SM.getComposedLoc(
          Pos.first, includeInsertion(Pos.first, Pos.second)));
  }

  /// Where `#include <skgen/annotations.h>` goes in a file whose kernel
  /// starts at \p Limit: after the file's leading includes (what precedes
  /// its first line of code), since some must come first (<Python.h>, and
  /// <torch/extension.h>, which includes it). An include inside an #if goes
  /// with its block: the insertion follows the #endif. Without leading
  /// includes, the first line holding an #include before \p Limit, or 0.
  unsigned includeInsertion(FileID F, unsigned Limit) {
    llvm::StringRef Text = SM.getBufferData(F);
    Lexer L(SM.getLocForStartOfFile(F), LO, Text.begin(), Text.begin(),
            Text.end());
    auto NextLine = [&](unsigned Off) {
      size_t NL = Text.find('\n', Off);
      return NL == llvm::StringRef::npos ? unsigned(Text.size())
                                         : unsigned(NL + 1);
    };
    std::optional<unsigned> After, First;
    unsigned Depth = 0, AfterDepth = 0;
    bool Leading = true;
    Token T;
    for (L.LexFromRawLexer(T); T.isNot(tok::eof); L.LexFromRawLexer(T)) {
      unsigned Off = SM.getFileOffset(T.getLocation());
      if (Off >= Limit)
        break;
      if (!T.isAtStartOfLine())
        continue;
      if (T.isNot(tok::hash)) {
        Leading = false; // The first line of code.
        continue;
      }
      Token Id;
      L.LexFromRawLexer(Id);
      if (Id.isNot(tok::raw_identifier) || Id.isAtStartOfLine())
        continue;
      llvm::StringRef Directive = Id.getRawIdentifier();
      if (Directive == "include") {
        if (!First)
          First = lineStart(Text, Off);
        if (Leading) {
          After = NextLine(Off);
          AfterDepth = Depth;
        }
      } else if (compat::startsWith(Directive, "if")) {
        ++Depth;
      } else if (Directive == "endif" && Depth) {
        --Depth;
        if (Leading && After && AfterDepth > Depth) {
          After = NextLine(Off);
          AfterDepth = Depth;
        }
      }
    }
    return After ? *After : First ? *First : 0;
  }

  CppParamFact param(QualType T, std::string Name, SourceLocation L) {
    return scan::cppParamFact(T, std::move(Name), Locs.convert(L),
                              WrittenPolicy, CanonPolicy, *Spellings);
  }

  /// Whether the call is a statement of the block's own body, and the bytes
  /// removing it deletes: the statement, with its line when alone on it.
  void statement(const CXXMemberCallExpr *C, const Stmt *Body,
                 HandRegistration &R) {
    const Stmt *S = C;
    DynTypedNodeList P = Ctx.getParents(*S);
    while (P.size() == 1 &&
           (P[0].get<ExprWithCleanups>() || P[0].get<ImplicitCastExpr>())) {
      S = P[0].get<Stmt>();
      P = Ctx.getParents(*S);
    }
    if (P.size() != 1 || P[0].get<CompoundStmt>() != Body) {
      const char *Why = "it is not a statement of the block's body";
      if (P.size() == 1 && P[0].get<MemberExpr>()) {
        unsupported(R, "it is part of a chained call");
        return;
      }
      for (DynTypedNodeList A = P; A.size() == 1; A = Ctx.getParents(A[0])) {
        if (A[0].get<ForStmt>() || A[0].get<WhileStmt>() ||
            A[0].get<DoStmt>() || A[0].get<CXXForRangeStmt>()) {
          Why = "it is inside a loop";
          break;
        }
        if (A[0].get<IfStmt>() || A[0].get<SwitchStmt>() ||
            A[0].get<ConditionalOperator>()) {
          Why = "it is inside a condition";
          break;
        }
        if (A[0].get<FunctionDecl>())
          break;
      }
      unsupported(R, Why);
      return;
    }
    if (S->getBeginLoc().isMacroID() || S->getEndLoc().isMacroID()) {
      unsupported(R, "it is written in a macro");
      return;
    }
    SourceLocation Semi = Lexer::findLocationAfterToken(
        S->getEndLoc(), tok::semi, SM, LO,
        /*SkipTrailingWhitespaceAndNewLine=*/false);
    if (Semi.isInvalid()) {
      unsupported(R, "no ';' follows it");
      return;
    }
    std::pair<FileID, unsigned> B = SM.getDecomposedLoc(S->getBeginLoc());
    unsigned E = SM.getFileOffset(Semi);
    llvm::StringRef Text = SM.getBufferData(B.first);
    size_t LineStart = lineStart(Text, B.second);
    while (E < Text.size() && (Text[E] == ' ' || Text[E] == '\t'))
      ++E;
    bool Alone = Text.slice(LineStart, B.second).find_first_not_of(" \t") ==
                 llvm::StringRef::npos;
    unsigned Start = B.second;
    if (Alone &&
        (E == Text.size() || Text[E] == '\n' || Text.substr(E, 2) == "\r\n")) {
      Start = LineStart;
      E += E == Text.size() ? 0 : Text[E] == '\n' ? 1 : 2;
    }
    R.RemoveLoc = Locs.convert(SM.getComposedLoc(B.first, Start));
    R.RemoveLength = E - Start;
  }

  void record(SourceLocation L) {
    FileID F = SM.getFileID(SM.getFileLoc(L));
    std::string Name = Locs.fileName(F);
    if (!Name.empty() && !Out.FileHashes.count(Name))
      Out.FileHashes[Name] = hashContent(SM.getBufferData(F).str());
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  const LangOptions &LO;
  LocConverter &Locs;
  RegistrationScan &Out;
  PrintingPolicy CanonPolicy, WrittenPolicy, NamePolicy;
  std::optional<TorchSpellings> Spellings;
  bool HaveAnnotations = false;
};

class Consumer : public ASTConsumer {
public:
  Consumer(CompilerInstance &CI, const std::string &Directory,
           RegistrationScan &Out)
      : CI(CI), Directory(Directory), Out(Out) {}
  /// The registrations are in the bodies of the project's functions that
  /// take a library (`TORCH_LIBRARY*` blocks, the helpers they call): other
  /// bodies are not needed, and a `.cu` file's, parsed as host C++, hold
  /// kernel launches (`<<<...>>>`) that only nvcc reads.
  bool shouldSkipFunctionBody(Decl *D) override {
    if (CI.getSourceManager().isInSystemHeader(D->getLocation()))
      return true;
    if (Bodies.keep(D, CI.getSourceManager()))
      return false;
    const auto *F = D->getAsFunction();
    if (!F)
      return false;
    for (const ParmVarDecl *P : F->parameters())
      if (const CXXRecordDecl *R =
              P->getType().getNonReferenceType()->getAsCXXRecordDecl())
        if (compat::endsWith(R->getName(), "Library"))
          return false;
    return true;
  }
  void HandleTranslationUnit(ASTContext &Ctx) override {
    LocConverter Locs(Ctx.getSourceManager(), Directory);
    Collector(Ctx, CI.getPreprocessor(), Locs, Out).run();
    collectAutograd(Ctx, Locs, Out.Autograd, Out.FileHashes);
  }

private:
  CompilerInstance &CI;
  const std::string &Directory;
  RegistrationScan &Out;
  AutogradBodies Bodies;
};

/// Keeps the first error Clang reports (the parse needs bodies, which the
/// annotation scan skips: an error can show up here only).
class FirstError : public DiagnosticConsumer {
public:
  void HandleDiagnostic(DiagnosticsEngine::Level L,
                        const clang::Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(L, Info);
    if (L < DiagnosticsEngine::Error || !Message.empty())
      return;
    llvm::SmallString<128> S;
    Info.FormatDiagnostic(S);
    Message = S.str().str();
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      PresumedLoc P = Info.getSourceManager().getPresumedLoc(
          Info.getSourceManager().getFileLoc(Info.getLocation()));
      if (P.isValid()) {
        Loc = SourceLoc{normalizedPath(P.getFilename()), P.getLine(),
                        P.getColumn()};
      }
    }
  }
  std::string Message;
  SourceLoc Loc;
};

} // namespace

std::string baseName(llvm::StringRef Op) {
  size_t Colons = Op.rfind("::");
  if (Colons != llvm::StringRef::npos)
    Op = Op.drop_front(Colons + 2);
  return Op.take_until([](char C) { return C == '.'; }).str();
}

namespace {

/// One translation unit's registrations, by a parse that records what it
/// read (for the cache). Error: Clang's first error, when it did not parse.
struct TUScan {
  RegistrationScan Regs;
  std::string Error;
  SourceLoc ErrorLoc;
  bool Failed = false, Cacheable = false;
  std::vector<incremental::FileDep> Deps;
};

TUScan parseTU(const std::string &File,
               const clang::tooling::CompileCommand &Cmd, bool Record) {
  FirstError Errors;
  TUScan Out;
  scan::ParseRequest Req;
  Req.Diags = &Errors;
  auto MakeConsumer =
      [&](CompilerInstance &CI) -> std::unique_ptr<ASTConsumer> {
    return std::make_unique<Consumer>(CI, Cmd.Directory, Out.Regs);
  };
  Req.MakeConsumer = MakeConsumer;
  scan::ParseRun Run = scan::parseDeclarations(File, Cmd, Req);
  if (Run.Status != 0 || !Errors.Message.empty()) {
    Out.Failed = true;
    Out.Error = Errors.Message;
    Out.ErrorLoc = Errors.Loc;
    if (Out.ErrorLoc.valid() &&
        !llvm::sys::path::is_absolute(Out.ErrorLoc.File))
      Out.ErrorLoc.File = absolutePath(Out.ErrorLoc.File, Cmd.Directory);
    return Out;
  }
  Out.Cacheable = Record && Run.DepsComplete;
  if (Record)
    Out.Deps = std::move(Run.Deps);
  return Out;
}

/// The operator names the string literals of \p Text may spell (a file
/// that did not parse: what it may register, read without Clang's AST).
std::set<std::string> literalOperatorNames(llvm::StringRef Text) {
  std::set<std::string> Names;
  LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = true;
  Lexer L(SourceLocation(), LO, Text.begin(), Text.begin(), Text.end());
  Token T;
  for (L.LexFromRawLexer(T); T.isNot(tok::eof); L.LexFromRawLexer(T)) {
    if (T.isNot(tok::string_literal))
      continue;
    llvm::StringRef S(T.getLiteralData(), T.getLength());
    S = S.drop_front().drop_back().take_until(
        [](char C) { return C == '(' || C == ' '; });
    std::string Base = baseName(S);
    if (!Base.empty() &&
        llvm::all_of(Base, [](char C) { return llvm::isAlnum(C) || C == '_'; }))
      Names.insert(Base);
  }
  return Names;
}

const char CacheKind[] = "migrate";

} // namespace

RegistrationScan
scanRegistrations(const clang::tooling::CompilationDatabase &DB,
                  const std::vector<std::string> &Files,
                  const ScanOptions &Opts) {
  RegistrationScan Out;
  std::unique_ptr<incremental::FactsCache> Cache;
  if (!Opts.CacheDir.empty())
    Cache = std::make_unique<incremental::FactsCache>(
        Opts.CacheDir, incremental::skgenBuildId());
  // The commands, from this thread (the database is not thread-safe).
  struct Job {
    std::string File, Text;
    clang::tooling::CompileCommand Cmd;
    bool Cached = false;
    RegistrationScan Regs;
    TUScan TU;
  };
  std::vector<Job> Jobs;
  for (const std::string &File : Files) {
    std::string Error;
    std::unique_ptr<llvm::MemoryBuffer> Buf =
        readRegularFile(File, MaxSourceFileBytes, Error);
    if (!Buf || !Buf->getBuffer().contains("TORCH_LIBRARY"))
      continue; // Unreadable files are the annotation scan's to report.
    std::vector<clang::tooling::CompileCommand> Cmds =
        DB.getCompileCommands(File);
    if (Cmds.empty() || Cmds.front().CommandLine.empty())
      continue;
    clang::tooling::CompileCommand Cmd = Cmds.front();
    std::string CmdError =
        scan::makeScannable(Cmd, File, Opts.BuildDir, Opts.ExtraArgsBefore,
                            Opts.ExtraArgs)
            .Error;
    if (!CmdError.empty()) {
      Out.Diagnostics.push_back(errorAt(SourceLoc{File, 1, 1}, CmdError));
      continue;
    }
    Job &J = Jobs.emplace_back();
    J.File = File;
    J.Text = Buf->getBuffer().str();
    J.Cmd = std::move(Cmd);
  }
  // Each translation unit from the cache or parsed, -j of them at a time.
  auto Run = [&](Job &J) {
    std::string Key;
    if (Cache) {
      Key = Cache->key(J.Cmd.Directory, J.File, J.Cmd.CommandLine, CacheKind);
      std::string Payload;
      if (Cache->lookupPayload(CacheKind, Key, Payload) &&
          readCachedScan(Payload, J.Regs)) {
        J.Cached = true;
        return;
      }
    }
    J.TU = parseTU(J.File, J.Cmd, Cache != nullptr);
    // Autograd classes (and what calls them) are not cached: their
    // formulas would be untrusted text to check; such a TU is parsed.
    const AutogradFacts &A = J.TU.Regs.Autograd;
    if (!J.TU.Failed && Cache && J.TU.Cacheable && A.Classes.empty() &&
        A.Applies.empty() && A.OpCallers.empty())
      Cache->storePayload(CacheKind, Key, J.TU.Deps,
                          writeCachedScan(J.TU.Regs));
  };
  if (Opts.Jobs <= 1 || Jobs.size() <= 1) {
    for (Job &J : Jobs)
      Run(J);
  } else {
    compat::ThreadPool Pool(llvm::hardware_concurrency(Opts.Jobs));
    for (Job &J : Jobs)
      Pool.async([&Run, &J] { Run(J); });
    Pool.wait();
  }
  std::vector<Diagnostic> Unread;
  for (Job &J : Jobs) {
    if (!J.Cached && J.TU.Failed) {
      // The others are migrated; what this file may register is left as
      // it is (MigrationPlan.h).
      Unread.push_back(warningAt(
          J.TU.ErrorLoc,
          "--migrate could not parse '" + J.File +
              "' with its function bodies" +
              (J.TU.Error.empty() ? std::string() : ": " + J.TU.Error)));
      Out.Unread.push_back({J.File, literalOperatorNames(J.Text)});
      continue;
    }
    ++(J.Cached ? Out.Cached : Out.Parsed);
    RegistrationScan &R = J.Cached ? J.Regs : J.TU.Regs;
    for (HandRegistration &H : R.Registrations)
      Out.Registrations.push_back(std::move(H));
    Out.FileHashes.insert(R.FileHashes.begin(), R.FileHashes.end());
    Out.Autograd.merge(std::move(R.Autograd));
  }
  // Nothing read: nothing can be migrated.
  for (Diagnostic &D : Unread) {
    if (!Out.Parsed && !Out.Cached)
      D.Severity = Diagnostic::Level::Error;
    else
      D.Notes.push_back(noteAt(
          SourceLoc(), "its registrations, and those of the operators it "
                       "names, are left as they are; the other files are "
                       "migrated"));
    Out.Diagnostics.push_back(std::move(D));
  }
  // A header's registrations, seen from several translation units: once.
  // (Chained calls, `m.def(a).def(b)`, start at the same place: the end
  // tells them apart.)
  std::set<std::tuple<std::string, unsigned, unsigned, unsigned, unsigned>>
      Seen;
  std::vector<HandRegistration> Unique;
  for (HandRegistration &R : Out.Registrations)
    if (Seen.insert({R.Loc.File, R.Loc.Line, R.Loc.Column, R.Range.End.Line,
                     R.Range.End.Column})
            .second)
      Unique.push_back(std::move(R));
  Out.Registrations = std::move(Unique);
  return Out;
}

} // namespace migrate
} // namespace skgen
