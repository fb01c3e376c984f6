//===- AnnotationVisitor.cpp - AST -> KernelFacts -------------------------===//
//
// The annotations (include/skgen/annotations.h) reach the AST as
// `annotate("skgen.<kind>", args...)` attributes. This file turns them into
// KernelFacts and positioned diagnostics.
//
//===----------------------------------------------------------------------===//
#include "Scan/AnnotationVisitor.h"
#include "Basic/Annotations.h"
#include "Basic/DispatchKeys.h"
#include "Basic/LLVMCompat.h"
#include "Basic/Path.h"
#include "Facts/SignatureCheck.h"

#include "Scan/TorchSpellings.h"
#include "Schema/CppTypes.h"
#include "Schema/MetaPresets.h"
#include "Schema/Parser.h"
#include "Schema/Variants.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <optional>
#include <set>

using namespace clang;

namespace skgen {
namespace scan {

//===----------------------------------------------------------------------===//
// Locations
//===----------------------------------------------------------------------===//

std::string LocConverter::fileName(FileID FID) {
  auto It = Names.find(FID);
  if (It != Names.end())
    return It->second;
  std::string N;
  if (auto FE = SM.getFileEntryRefForID(FID)) {
    N = absolutePath(FE->getName(), Directory);
  }
  Names[FID] = N;
  return N;
}

SourceLoc LocConverter::convert(SourceLocation L) {
  SourceLoc Out;
  if (L.isInvalid())
    return Out;
  L = SM.getFileLoc(L);
  std::pair<FileID, unsigned> D = SM.getDecomposedLoc(L);
  Out.File = fileName(D.first);
  if (Out.File.empty())
    return SourceLoc();
  bool Invalid = false;
  Out.Line = SM.getLineNumber(D.first, D.second, &Invalid);
  Out.Column = SM.getColumnNumber(D.first, D.second, &Invalid);
  return Out;
}

namespace {

//===----------------------------------------------------------------------===//
// Annotation vocabulary
//===----------------------------------------------------------------------===//

struct Annot {
  const Decl *D = nullptr;
  const AnnotateAttr *A = nullptr;
  const AnnotationInfo *Info = nullptr;
  SourceLocation MacroLoc; // Where the macro is used (expansion location).
  std::vector<const StringLiteral *> Args;
  std::vector<std::string> Texts; // Argument strings.
};

const StringLiteral *stringArg(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreParenImpCasts();
    if (const auto *CE = dyn_cast<ConstantExpr>(Next))
      Next = CE->getSubExpr();
    if (Next == E)
      break;
    E = Next;
  }
  return dyn_cast_or_null<StringLiteral>(E);
}

//===----------------------------------------------------------------------===//
// The collector
//===----------------------------------------------------------------------===//

class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(ASTContext &Ctx, LocConverter &Locs, TUFacts &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()), Locs(Locs),
        Out(Out), CanonPolicy(canonicalTypePolicy(LO)),
        WrittenPolicy(writtenTypePolicy(LO)),
        NamePolicy(qualifiedNamePolicy(LO)) {
    Spellings.emplace(Ctx, CanonPolicy);
  }

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  bool VisitDecl(Decl *D) {
    if (!D->hasAttrs())
      return true;
    for (const auto *A : D->specific_attrs<AnnotateAttr>()) {
      if (!compat::startsWith(A->getAnnotation(), AnnotationPrefix) ||
          A->isInherited())
        continue;
      Annotated.insert(SM.getExpansionLoc(A->getLocation()));
      Annot N;
      if (!makeAnnot(D, A, N))
        continue;
      if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
        const FunctionDecl *Canon = FD->getCanonicalDecl();
        auto &List = ByFunction[Canon];
        if (List.empty())
          Order.push_back(Canon);
        List.push_back(N);
      } else {
        notAFunction(D, N);
      }
    }
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->hasSkippedBody())
      Skipped.push_back(FD);
    return true;
  }

  // A lambda's call operator is implicit code, which the traversal skips.
  bool VisitLambdaExpr(LambdaExpr *LE) {
    if (CXXMethodDecl *Call = LE->getCallOperator())
      VisitDecl(Call);
    return true;
  }

  void finish(const std::vector<AnnotationUse> &Uses) {
    bool ClangErrors = false;
    for (const Diagnostic &D : Out.Diagnostics)
      ClangErrors |= D.Severity == Diagnostic::Level::Error;
    for (const FunctionDecl *F : Order)
      processFunction(F, ByFunction[F]);
    // Annotations the preprocessor saw but no declaration carries: they are
    // in function bodies, which are skipped. (After Clang's own errors the
    // attribute may just have been dropped with the declaration.)
    if (!ClangErrors)
      for (const AnnotationUse &U : Uses) {
        if (Annotated.count(U.Loc))
          continue;
        bool InBody = false;
        for (const FunctionDecl *FD : Skipped) {
          SourceRange R = skippedBody(FD);
          InBody |= R.isValid() &&
                    SM.isBeforeInTranslationUnit(R.getBegin(), U.Loc) &&
                    SM.isBeforeInTranslationUnit(U.Loc, R.getEnd());
        }
        error(U.Loc, "'" + U.Macro + "' " +
                         (InBody ? "inside a function body has no effect "
                                   "(skgen reads declarations, not function "
                                   "bodies)"
                                 : "does not annotate a declaration skgen "
                                   "reads") +
                         "; annotate a namespace-scope function or a static "
                         "member function");
      }
    checkKernelsAgainstVisibleFamilies();
    recordFiles();
  }

  const std::vector<const FunctionDecl *> &skipped() const { return Skipped; }

private:
  ASTContext &Ctx;
  SourceManager &SM;
  const LangOptions &LO;
  LocConverter &Locs;
  TUFacts &Out;
  std::optional<TorchSpellings> Spellings; // c10 vs std names, per TU.
  PrintingPolicy CanonPolicy, WrittenPolicy, NamePolicy;
  std::vector<const FunctionDecl *> Order;
  std::map<const FunctionDecl *, std::vector<Annot>> ByFunction;
  // Parsed schemas of the recorded facts (index into Out.Kernels).
  std::map<size_t, schema::FunctionSchema> Schemas;
  std::map<size_t, schema::OperatorName> KernelOps;
  std::set<FileID> Files;
  std::set<SourceLocation> Annotated; // Where the annotations on decls are.
  std::vector<const FunctionDecl *> Skipped; // Definitions, body skipped.

  /// The braces of a skipped function body (Clang keeps no location for
  /// them): raw-lexed from the end of the declarator.
  SourceRange skippedBody(const FunctionDecl *FD) {
    SourceLocation End = SM.getExpansionLoc(FD->getEndLoc());
    std::pair<FileID, unsigned> Loc = SM.getDecomposedLoc(End);
    bool Invalid = false;
    llvm::StringRef Buf = SM.getBufferData(Loc.first, &Invalid);
    if (Invalid)
      return SourceRange();
    Lexer Lex(SM.getLocForStartOfFile(Loc.first), LO, Buf.begin(),
              Buf.begin() + Loc.second, Buf.end());
    SourceLocation Open;
    int Depth = 0;
    Token Tok;
    while (true) {
      Lex.LexFromRawLexer(Tok);
      if (Tok.is(tok::eof))
        return SourceRange();
      if (Tok.is(tok::l_brace) && Depth++ == 0 && Open.isInvalid())
        Open = Tok.getLocation();
      else if (Tok.is(tok::r_brace) && --Depth == 0 && Open.isValid())
        return SourceRange(Open, Tok.getLocation());
    }
  }

  //===--- Diagnostics ---------------------------------------------------===//

  Diagnostic &diag(Diagnostic::Level Lvl, SourceLocation L, std::string Msg) {
    Out.Diagnostics.push_back(
        makeDiagnostic(Lvl, Locs.convert(L), std::move(Msg)));
    return Out.Diagnostics.back();
  }
  Diagnostic &error(SourceLocation L, std::string Msg) {
    return diag(Diagnostic::Level::Error, L, std::move(Msg));
  }
  void note(Diagnostic &D, SourceLocation L, std::string Msg) {
    D.Notes.push_back(noteAt(Locs.convert(L), std::move(Msg)));
  }

  //===--- Annotation arguments -----------------------------------------===//

  bool makeAnnot(const Decl *D, const AnnotateAttr *A, Annot &N) {
    N.D = D;
    N.A = A;
    N.MacroLoc = SM.getExpansionLoc(A->getLocation());
    N.Info = findAnnotationByName(
        A->getAnnotation().drop_front(AnnotationPrefix.size()));
    if (!N.Info) {
      error(N.MacroLoc, "unknown skgen annotation '" +
                            A->getAnnotation().str() +
                            "' (see skgen/annotations.h)");
      return false;
    }
    for (const Expr *E : A->args()) {
      const StringLiteral *S = stringArg(E);
      // Narrow (ordinary or u8) literals only: not L"", u"" or U"".
      if (!S || S->getCharByteWidth() != 1) {
        error(E ? E->getExprLoc() : N.MacroLoc,
              std::string("the arguments of '") + N.Info->Macro +
                  "' must be string literals");
        return false;
      }
      N.Args.push_back(S);
      N.Texts.push_back(S->getString().str());
    }
    if (N.Args.size() != N.Info->NumArgs) {
      error(N.MacroLoc, std::string("'") + N.Info->Macro + "' expects " +
                            std::to_string(N.Info->NumArgs) +
                            " argument(s) (see skgen/annotations.h)");
      return false;
    }
    return true;
  }

  /// Location of byte \p Offset of string literal \p S (clamped).
  SourceLocation byteLoc(const StringLiteral *S, size_t Offset) {
    if (S->getByteLength() == 0 || S->getCharByteWidth() != 1)
      return S->getBeginLoc();
    unsigned B =
        static_cast<unsigned>(std::min<size_t>(Offset, S->getByteLength()));
    return S->getLocationOfByte(B, SM, LO, Ctx.getTargetInfo());
  }

  /// The top-level arguments (file offsets, trimmed) of the macro invocation
  /// written at \p MacroLoc, if it is a direct use of \p Name.
  bool macroArgs(SourceLocation MacroLoc, llvm::StringRef Name,
                 std::vector<std::pair<unsigned, unsigned>> &Args) {
    if (!MacroLoc.isFileID())
      return false;
    std::pair<FileID, unsigned> D = SM.getDecomposedLoc(MacroLoc);
    bool Invalid = false;
    llvm::StringRef Buf = SM.getBufferData(D.first, &Invalid);
    if (Invalid || !compat::startsWith(Buf.substr(D.second), Name))
      return false;
    size_t P = D.second + Name.size();
    while (P < Buf.size() && isspace(static_cast<unsigned char>(Buf[P])))
      ++P;
    if (P >= Buf.size() || Buf[P] != '(')
      return false;
    ++P;
    int Depth = 1;
    size_t ArgStart = P;
    auto Push = [&](size_t End) {
      size_t B = ArgStart, E = End;
      while (B < E && isspace(static_cast<unsigned char>(Buf[B])))
        ++B;
      while (E > B && isspace(static_cast<unsigned char>(Buf[E - 1])))
        --E;
      Args.push_back({static_cast<unsigned>(B), static_cast<unsigned>(E)});
    };
    while (P < Buf.size()) {
      char C = Buf[P];
      if (C == '"' || C == '\'') {
        for (++P; P < Buf.size() && Buf[P] != C; ++P)
          if (Buf[P] == '\\')
            ++P;
        ++P;
        continue;
      }
      if (C == '/' && compat::startsWith(Buf.substr(P), "//")) {
        P = Buf.find('\n', P);
        continue;
      }
      if (C == '/' && compat::startsWith(Buf.substr(P), "/*")) {
        size_t E = Buf.find("*/", P + 2);
        P = E == llvm::StringRef::npos ? Buf.size() : E + 2;
        continue;
      }
      if (C == '(')
        ++Depth;
      else if (C == ')' && --Depth == 0) {
        Push(P);
        return true;
      } else if (C == ',' && Depth == 1) {
        Push(P);
        ArgStart = P + 1;
      }
      ++P;
    }
    return false;
  }

  SourceLocation offsetLoc(SourceLocation MacroLoc, unsigned Offset) {
    return SM.getComposedLoc(SM.getFileID(MacroLoc), Offset);
  }

  //===--- Misplaced annotations ----------------------------------------===//

  void notAFunction(const Decl *D, const Annot &N) {
    std::string What = "a declaration that is not a function";
    if (isa<ParmVarDecl>(D))
      What = "a parameter";
    else if (isa<FieldDecl>(D))
      What = "a data member";
    else if (isa<VarDecl>(D))
      What = "a variable";
    else if (isa<RecordDecl>(D))
      What = "a class";
    else if (isa<EnumDecl>(D))
      What = "an enumeration";
    else if (isa<TypedefNameDecl>(D))
      What = "a type alias";
    else if (isa<NamespaceDecl>(D))
      What = "a namespace";
    std::string Name;
    if (const auto *ND = dyn_cast<NamedDecl>(D))
      Name = " '" + qualifiedName(ND) + "'";
    Diagnostic &E =
        error(N.MacroLoc, std::string("'") + N.Info->Macro +
                              "' must be placed immediately before a function "
                              "declaration; here it applies to " +
                              What + Name);
    note(E, D->getLocation(), "declared here");
  }

  //===--- Names and types ------------------------------------------------===//

  std::string qualifiedName(const NamedDecl *ND) {
    std::string S;
    llvm::raw_string_ostream OS(S);
    ND->printQualifiedName(OS, NamePolicy);
    OS.flush();
    llvm::StringRef R(S);
    R.consume_front("::");
    return R.str();
  }

  CppParamFact paramFact(QualType T, std::string Name, SourceLocation L) {
    CppParamFact P;
    P.Name = std::move(Name);
    P.Spelling = T.getAsString(WrittenPolicy);
    QualType C = T.getCanonicalType();
    if (const auto *R = dyn_cast<LValueReferenceType>(C.getTypePtr())) {
      P.IsReference = true;
      C = R->getPointeeType().getCanonicalType();
    }
    P.IsConst = C.isConstQualified();
    P.Canonical =
        Spellings->normalize(C.getUnqualifiedType().getAsString(CanonPolicy));
    P.Loc = Locs.convert(L);
    return P;
  }

  //===--- Where generated code may go ------------------------------------===//

  bool insertionPoint(const Decl *D, unsigned &Offset, unsigned &Line,
                      std::string &File) {
    const Decl *Top = D;
    while (const DeclContext *LDC = Top->getLexicalDeclContext()) {
      if (isa<TranslationUnitDecl>(LDC))
        break;
      Top = cast<Decl>(LDC);
    }
    SourceLocation End = Top->getEndLoc();
    if (End.isInvalid())
      return false;
    End = SM.getExpansionRange(End).getEnd();
    SourceLocation After = Lexer::getLocForEndOfToken(End, 0, SM, LO);
    if (After.isInvalid())
      return false;

    bool Scan = true;
    const auto *FD = dyn_cast<FunctionDecl>(Top);
    if (isa<NamespaceDecl>(Top))
      Scan = false;
    else if (const auto *LS = dyn_cast<LinkageSpecDecl>(Top))
      Scan = !LS->hasBraces();
    else if (FD && !FD->hasSkippedBody() && FD->doesThisDeclarationHaveABody())
      Scan = false;

    std::pair<FileID, unsigned> Loc = SM.getDecomposedLoc(After);
    bool Invalid = false;
    llvm::StringRef Buf = SM.getBufferData(Loc.first, &Invalid);
    if (Invalid)
      return false;
    unsigned EndOff = Loc.second;
    if (Scan) {
      // Raw-lex forward to the `;` (or the `}` of a skipped function body)
      // that ends the top-level declaration.
      Lexer Lex(SM.getLocForStartOfFile(Loc.first), LO, Buf.begin(),
                Buf.begin() + Loc.second, Buf.end());
      int Depth = 0;
      Token Tok;
      while (true) {
        Lex.LexFromRawLexer(Tok);
        if (Tok.is(tok::eof))
          break;
        unsigned TokEnd = SM.getFileOffset(Tok.getLocation()) + Tok.getLength();
        if (Tok.isOneOf(tok::l_paren, tok::l_square, tok::l_brace)) {
          ++Depth;
        } else if (Tok.isOneOf(tok::r_paren, tok::r_square)) {
          --Depth;
        } else if (Tok.is(tok::r_brace)) {
          if (--Depth == 0 && FD) {
            EndOff = TokEnd;
            break;
          }
          if (Depth < 0)
            break; // Ran out of the declaration: keep what we had.
        } else if (Tok.is(tok::semi) && Depth == 0) {
          EndOff = TokEnd;
          break;
        }
      }
    }
    Offset = EndOff;
    Line = SM.getLineNumber(Loc.first, EndOff ? EndOff - 1 : 0, &Invalid);
    File = Locs.fileName(Loc.first);
    Files.insert(Loc.first);
    return !File.empty();
  }

  //===--- Alloc function lookup ------------------------------------------===//

  /// The functions called \p Parts (qualified name parts) visible in \p DC
  /// (all overloads), or nullptr.
  const FunctionDecl *lookupIn(const DeclContext *DC,
                               llvm::ArrayRef<llvm::StringRef> Parts,
                               const NamedDecl *&NonFunction,
                               std::vector<const FunctionDecl *> *All) {
    for (size_t I = 0; I < Parts.size(); ++I) {
      DeclarationName Name(&Ctx.Idents.get(Parts[I]));
      const DeclContext *Next = nullptr;
      const FunctionDecl *Found = nullptr;
      for (const NamedDecl *ND : DC->lookup(Name)) {
        if (const auto *US = dyn_cast<UsingShadowDecl>(ND))
          ND = US->getTargetDecl();
        if (I + 1 == Parts.size()) {
          const FunctionDecl *F = dyn_cast<FunctionDecl>(ND);
          if (const auto *T = dyn_cast<FunctionTemplateDecl>(ND))
            F = T->getTemplatedDecl();
          if (!F) {
            NonFunction = ND;
            continue;
          }
          if (!All)
            return F;
          if (!Found)
            Found = F;
          All->push_back(F);
        } else if (const auto *NS = dyn_cast<NamespaceDecl>(ND)) {
          Next = NS;
        } else if (const auto *NA = dyn_cast<NamespaceAliasDecl>(ND)) {
          Next = NA->getNamespace();
        } else if (const auto *RD = dyn_cast<CXXRecordDecl>(ND)) {
          if (RD->getDefinition())
            Next = RD->getDefinition();
        }
        if (Next)
          break;
      }
      if (Found)
        return Found;
      if (!Next)
        return nullptr;
      DC = Next;
    }
    return nullptr;
  }

  const FunctionDecl *
  lookupFunction(std::string Name, const FunctionDecl *From,
                 const NamedDecl *&NonFunction,
                 std::vector<const FunctionDecl *> *All = nullptr) {
    Name.erase(std::remove_if(Name.begin(), Name.end(),
                              [](char C) { return isspace(C); }),
               Name.end());
    llvm::StringRef N(Name);
    bool Global = N.consume_front("::");
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    N.split(Parts, "::");
    for (llvm::StringRef P : Parts)
      if (!schema::isIdentifier(P))
        return nullptr;
    const DeclContext *DC =
        Global ? Ctx.getTranslationUnitDecl() : From->getDeclContext();
    for (; DC; DC = DC->getParent()) {
      if (isa<LinkageSpecDecl>(DC))
        continue;
      if (const FunctionDecl *F = lookupIn(DC, Parts, NonFunction, All))
        return F;
      if (Global)
        break;
    }
    return nullptr;
  }

  //===--- One annotated function
  //------------------------------------------===//

  static bool sameAnnot(const Annot &A, const Annot &B) {
    return A.Info == B.Info && A.Texts == B.Texts;
  }

  void processFunction(const FunctionDecl *Canon, std::vector<Annot> &List) {
    const size_t FirstDiag = Out.Diagnostics.size();
    // Primary annotation and options, merged over redeclarations.
    const Annot *Primary = nullptr;
    std::vector<const Annot *> Options;
    bool Broken = false;
    for (const Annot &N : List) {
      if (N.Info->Placement == AnnotationPlacement::Primary) {
        if (!Primary) {
          Primary = &N;
          continue;
        }
        if (N.D != Primary->D && sameAnnot(N, *Primary))
          continue; // Repeated on a redeclaration.
        Diagnostic &E = error(
            N.MacroLoc,
            N.D == Primary->D
                ? std::string("a declaration can carry only one "
                              "SKGEN_STRUCTURED or SKGEN_KERNEL annotation")
                : std::string("conflicting '") + N.Info->Macro +
                      "' on a redeclaration of '" + qualifiedName(Canon) + "'");
        note(E, Primary->MacroLoc, "previous annotation is here");
        Broken = true;
        continue;
      }
      const Annot *Same = nullptr;
      for (const Annot *O : Options)
        if (O->Info == N.Info)
          Same = O;
      if (Same) {
        if (!sameAnnot(*Same, N) || Same->D == N.D) {
          Diagnostic &E = error(N.MacroLoc, std::string("'") + N.Info->Macro +
                                                "' given more than once");
          note(E, Same->MacroLoc, "previous annotation is here");
        }
        continue;
      }
      Options.push_back(&N);
    }

    if (!Primary) {
      for (const Annot *O : Options)
        error(O->MacroLoc, std::string("'") + O->Info->Macro +
                               "' is a family option and needs "
                               "SKGEN_STRUCTURED on the same declaration");
      return;
    }
    bool IsStructured = Primary->Info->Id == Annotation::Structured;
    if (!IsStructured)
      for (const Annot *O : Options) {
        if (O->Info->Id == Annotation::FunctionalKernel) {
          // A SKGEN_KERNEL says which variant it implements by its name.
          Diagnostic &E = error(
              O->MacroLoc, "'SKGEN_FUNCTIONAL_KERNEL' is for SKGEN_STRUCTURED; "
                           "a SKGEN_KERNEL is a functional kernel when it "
                           "names the functional operator, e.g. "
                           "SKGEN_KERNEL(\"myops::add\", KEY)");
          note(E, Primary->MacroLoc, "SKGEN_KERNEL is here");
          continue;
        }
        Diagnostic &E = error(
            O->MacroLoc, std::string("'") + O->Info->Macro +
                             "' is a family option; put it on the family's "
                             "SKGEN_STRUCTURED declaration, not on "
                             "SKGEN_KERNEL");
        note(E, Primary->MacroLoc, "SKGEN_KERNEL is here");
      }

    // The annotated declaration decides Loc; its definition may be elsewhere.
    const auto *FD = cast<FunctionDecl>(Primary->D);
    const char *Macro = Primary->Info->Macro;
    if (FD->isInvalidDecl())
      return; // Clang has reported why.
    if (FD->getLexicalDeclContext()->isFunctionOrMethod()) {
      Diagnostic &E = error(FD->getLocation(),
                            std::string("'") + Macro +
                                "' kernel is declared inside a function; "
                                "annotate a namespace-scope function or a "
                                "static member function");
      note(E, Primary->MacroLoc, "annotation is here");
      return;
    }
    auto Reject = [&](std::string Msg) {
      Diagnostic &E = error(FD->getLocation(), std::move(Msg));
      note(E, Primary->MacroLoc, "annotation is here");
    };
    const auto *Method = dyn_cast<CXXMethodDecl>(FD);
    if (Method && Method->getParent()->isLambda()) {
      Reject(std::string("'") + Macro +
             "' cannot be applied to a lambda; annotate a free function or a "
             "static member function");
      return;
    }
    if (FD->getDescribedFunctionTemplate() || FD->isDependentContext() ||
        FD->isFunctionTemplateSpecialization()) {
      Diagnostic &E =
          error(FD->getLocation(), std::string("'") + Macro +
                                       "' cannot be applied to a template; "
                                       "annotate a non-template function");
      note(E, Primary->MacroLoc, "annotation is here");
      return;
    }
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
      if (!MD->isStatic()) {
        Diagnostic &E = error(FD->getLocation(),
                              std::string("'") + Macro +
                                  "' kernel must be a free function or a "
                                  "static member function");
        note(E, Primary->MacroLoc, "annotation is here");
        return;
      }
    // What the generated `TORCH_FN(::ns::f)` could not use.
    for (const FunctionDecl *R : FD->redecls())
      if (R->isDeleted()) {
        Reject(std::string("'") + Macro + "' kernel is a deleted function");
        return;
      }
    if (FD->isVariadic()) {
      Reject(std::string("'") + Macro +
             "' kernel cannot be variadic ('...'); the dispatcher calls it "
             "with the schema's arguments");
      return;
    }
    // A function declared only as a friend is invisible to the qualified
    // name the generated code calls it by.
    if (llvm::all_of(FD->redecls(), [](const FunctionDecl *R) {
          return R->getFriendObjectKind() != Decl::FOK_None;
        })) {
      Reject(std::string("'") + Macro + "' kernel '" + qualifiedName(FD) +
             "' is declared only as a friend; generated code cannot name it: "
             "declare it at namespace scope as well");
      return;
    }
    for (const Decl *Member = FD->getCanonicalDecl(); Member;
         Member = dyn_cast<CXXRecordDecl>(Member->getDeclContext())) {
      AccessSpecifier AS = Member->getAccess();
      if (AS != AS_private && AS != AS_protected)
        continue;
      std::string Where =
          Member == FD->getCanonicalDecl()
              ? std::string()
              : " class '" + qualifiedName(cast<NamedDecl>(Member)) + "'";
      Reject(std::string("'") + Macro + "' kernel '" + qualifiedName(FD) +
             "' is " + (Where.empty() ? "" : "in ") +
             (AS == AS_private ? "private" : "protected") + Where +
             "; generated registrations outside the class cannot call it");
      return;
    }

    KernelFact K;
    K.AnnotationKind =
        IsStructured ? KernelFact::Kind::Structured : KernelFact::Kind::Kernel;
    K.SchemaText = Primary->Texts[0];
    K.SchemaLoc = Locs.convert(byteLoc(Primary->Args[0], 0));
    K.CppName = qualifiedName(FD);
    // Internal linkage: only code in this translation unit can call it
    // (the driver rejects it with --output).
    if (!FD->isExternallyVisible()) {
      K.InternalLinkage = FD->isInAnonymousNamespace()
                              ? "declared in an anonymous namespace"
                              : "declared 'static'";
      K.NameLength = unsigned(FD->getNameAsString().size());
    }
    K.Loc = Locs.convert(FD->getLocation());
    K.AnnotationLoc = Locs.convert(Primary->MacroLoc);
    Files.insert(SM.getFileID(SM.getFileLoc(FD->getLocation())));

    // A family served by a fallback overload needs no kernel of its own.
    bool HasFallback =
        IsStructured && llvm::any_of(Options, [](const Annot *O) {
          return O->Info->Id == Annotation::Fallback;
        });
    checkKeys(*Primary, K, /*AllowNone=*/HasFallback);

    // Signature as declared.
    for (const ParmVarDecl *P : FD->parameters())
      K.Params.push_back(
          paramFact(P->getType(), P->getNameAsString(), P->getLocation()));
    SourceLocation RetLoc = FD->getReturnTypeSourceRange().getBegin();
    if (RetLoc.isInvalid())
      RetLoc = FD->getLocation();
    K.Return = paramFact(FD->getReturnType(), "", RetLoc);

    // Where registrations go: after the top-level declaration holding the
    // annotated declaration, or the definition when the annotation is in a
    // header and the definition in the main file.
    const Decl *Place = FD;
    if (const FunctionDecl *Def = FD->getDefinition())
      if (Def != FD && SM.isInMainFile(SM.getFileLoc(Def->getLocation())) &&
          !SM.isInMainFile(SM.getFileLoc(FD->getLocation())))
        Place = Def;
    insertionPoint(Place, K.InsertAfterOffset, K.InsertAfterLine, K.InsertFile);
    // A declaration in a header whose definition this TU does not see: the
    // TU that sees it places the code (placement must not depend on which
    // files a run scans).
    K.DefinitionUnseen = !FD->getDefinition() &&
                         !SM.isInMainFile(SM.getFileLoc(FD->getLocation()));

    size_t Index = Out.Kernels.size();
    if (IsStructured) {
      applyOptions(Options, FD, K);
      schema::FunctionSchema S;
      schema::ParseError PE;
      if (!schema::parseFunctionSchema(K.SchemaText, S, PE)) {
        Diagnostic &E = error(byteLoc(Primary->Args[0], PE.Offset),
                              "malformed schema: " + PE.Message);
        note(E, Primary->MacroLoc, "in this annotation");
      } else {
        schema::VariantError VE;
        if (!schema::validateOutSchema(S, VE)) {
          Diagnostic &E = error(byteLoc(Primary->Args[0], 0), VE.Message);
          if (!VE.Fix.empty())
            note(E, byteLoc(Primary->Args[0], 0), VE.Fix);
        } else {
          std::vector<Diagnostic> Diags;
          // A functional kernel has the functional variant's signature (when
          // its name cannot be derived, the link phase says why).
          std::optional<schema::FunctionSchema> Functional;
          if (K.FunctionalKernel)
            Functional = functionalVariant(S, K.Options);
          if (!K.FunctionalKernel || Functional) {
            K.SignatureChecked = true;
            K.SignatureOk = checkSignature(K, Functional ? *Functional : S,
                                           K.SchemaLoc, Diags);
          }
          Out.Diagnostics.insert(Out.Diagnostics.end(), Diags.begin(),
                                 Diags.end());
          if (MetaOpt)
            applyMeta(*MetaOpt, FD, S, K);
          if (PresetOpt)
            applyPreset(*PresetOpt, S, K);
        }
        Schemas[Index] = S;
      }
    } else {
      schema::OperatorName Op;
      schema::ParseError PE;
      if (!schema::parseOperatorName(K.SchemaText, Op, PE)) {
        Diagnostic &E = error(byteLoc(Primary->Args[0], PE.Offset),
                              "malformed operator name: " + PE.Message);
        note(E, Primary->MacroLoc, "in this annotation");
      } else {
        KernelOps[Index] = Op;
      }
    }
    (void)Broken;
    K.TorchCompile = Spellings->isTorch2();
    K.AnnotationErrors =
        std::any_of(Out.Diagnostics.begin() + FirstDiag, Out.Diagnostics.end(),
                    [](const Diagnostic &D) {
                      return D.Severity == Diagnostic::Level::Error;
                    });
    Out.Kernels.push_back(std::move(K));
  }

  void checkKeys(const Annot &N, KernelFact &K, bool AllowNone) {
    std::vector<std::pair<unsigned, unsigned>> Args;
    bool HaveArgs = macroArgs(N.MacroLoc, N.Info->Macro, Args);
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    llvm::StringRef(N.Texts[1]).split(Parts, ',');
    llvm::StringSet<> Seen;
    for (size_t I = 0; I < Parts.size(); ++I) {
      llvm::StringRef Key = Parts[I].trim();
      if (Key.empty())
        continue;
      SourceLocation KeyLoc = N.MacroLoc;
      unsigned KeyArg = I + 1;
      if (HaveArgs && KeyArg < Args.size()) {
        llvm::StringRef Text =
            SM.getBufferData(SM.getFileID(N.MacroLoc))
                .slice(Args[KeyArg].first, Args[KeyArg].second);
        if (Text == Key)
          KeyLoc = offsetLoc(N.MacroLoc, Args[KeyArg].first);
      }
      if (!Seen.insert(Key).second) {
        diag(Diagnostic::Level::Warning, KeyLoc,
             "dispatch key '" + Key.str() + "' is listed more than once");
        continue;
      }
      K.Keys.push_back(Key.str());
      if (isAnnotationKey(Key))
        continue;
      std::string Best;
      unsigned BestDist = 3;
      for (const DispatchKeyInfo &Info : dispatchKeys()) {
        if (!isAnnotationKey(Info.Name))
          continue;
        llvm::StringRef KK = Info.Name;
        unsigned D = Key.equals_insensitive(KK) ? 0
                     : Key.lower() == KK.lower()
                         ? 0
                         : llvm::StringRef(Key.lower())
                               .edit_distance(KK.lower(), true, 3);
        // Swapped letters (CDUA) cost one edit, as in Damerau's distance;
        // Levenshtein alone ties CDUA between CUDA and CPU.
        std::string A = Key.lower(), B = KK.lower();
        std::sort(A.begin(), A.end());
        std::sort(B.begin(), B.end());
        if (D > 1 && A == B)
          D = 1;
        if (D < BestDist) {
          BestDist = D;
          Best = KK.str();
        }
      }
      Diagnostic &E =
          error(KeyLoc, "unknown dispatch key '" + Key.str() + "'" +
                            (Best.empty() ? std::string()
                                          : "; did you mean '" + Best + "'?"));
      if (KeyLoc != N.MacroLoc)
        E.Ranges.push_back(
            {E.Loc, Locs.convert(KeyLoc.getLocWithOffset(Key.size()))});
      // A fix-it only where the intent is certain (a spelling that differs
      // in case only: `Cpu` -> `CPU`): --fix applies every fix-it.
      if (!Best.empty() && KeyLoc != N.MacroLoc &&
          Key.equals_insensitive(Best)) {
        E.FixText = Best;
        E.FixLength = Key.size();
      }
    }
    if (K.Keys.empty() && !AllowNone)
      error(N.MacroLoc, std::string("'") + N.Info->Macro +
                            "' needs at least one dispatch key, e.g. " +
                            N.Info->Macro + "(\"...\", CPU)");
  }

  // The meta options of the function being processed (checked once its
  // schema is known).
  const Annot *MetaOpt = nullptr, *PresetOpt = nullptr;

  void applyOptions(const std::vector<const Annot *> &Options,
                    const FunctionDecl *FD, KernelFact &K) {
    const Annot *NoFunctional = nullptr, *NoInplace = nullptr,
                *FunctionalName = nullptr, *InplaceName = nullptr,
                *Alloc = nullptr, *NoMetaKernel = nullptr,
                *FunctionalKernel = nullptr;
    MetaOpt = PresetOpt = nullptr;
    for (const Annot *O : Options) {
      switch (O->Info->Id) {
      case Annotation::Structured:
      case Annotation::Kernel:
        break; // Primary annotations are not options.
      case Annotation::FunctionalName:
      case Annotation::InplaceName: {
        const std::string &V = O->Texts[0];
        if (!V.empty() && !schema::isIdentifier(V)) {
          Diagnostic &E =
              error(byteLoc(O->Args[0], 0),
                    "overload name '" + V +
                        "' is not an identifier (use \"\" for the default "
                        "overload)");
          (void)E;
          break;
        }
        if (O->Info->Id == Annotation::FunctionalName) {
          K.Options.FunctionalOverload = V;
          FunctionalName = O;
        } else {
          K.Options.InplaceOverload = V;
          InplaceName = O;
        }
        break;
      }
      case Annotation::NoFunctional:
        K.Options.NoFunctional = true;
        NoFunctional = O;
        break;
      case Annotation::NoInplace:
        K.Options.NoInplace = true;
        NoInplace = O;
        break;
      case Annotation::External:
        K.Options.External = true;
        break;
      case Annotation::Alloc:
        Alloc = O;
        break;
      case Annotation::Meta:
        MetaOpt = O;
        break;
      case Annotation::MetaPreset:
        PresetOpt = O;
        break;
      case Annotation::NoMetaKernel:
        K.Options.NoMetaKernel = true;
        NoMetaKernel = O;
        break;
      case Annotation::FunctionalKernel:
        K.FunctionalKernel = true;
        FunctionalKernel = O;
        break;
      case Annotation::Fallback:
        applyFallback(*O, K);
        break;
      }
    }
    // One description of the outputs.
    const Annot *Meta = MetaOpt ? MetaOpt : PresetOpt;
    if (MetaOpt && PresetOpt) {
      Diagnostic &E = error(PresetOpt->MacroLoc,
                            "'SKGEN_META_PRESET' and 'SKGEN_META' both give "
                            "the family's meta function; keep one (a meta "
                            "function can call the preset, "
                            "skgen::preset::NAME(...), and adjust its result)");
      note(E, MetaOpt->MacroLoc, "SKGEN_META is here");
      PresetOpt = nullptr;
    }
    if (Alloc && Meta) {
      Diagnostic &E =
          error(Alloc->MacroLoc,
                std::string("'SKGEN_ALLOC' cannot be combined with '") +
                    Meta->Info->Macro +
                    "': the meta function gives the outputs' sizes and "
                    "dtypes, and skgen allocates them; remove SKGEN_ALLOC");
      note(E, Meta->MacroLoc, std::string(Meta->Info->Macro) + " is here");
    } else if (Alloc) {
      applyAlloc(*Alloc, FD, K);
      diag(Diagnostic::Level::Warning, Alloc->MacroLoc,
           "'SKGEN_ALLOC' is deprecated: give the family a meta function "
           "instead, SKGEN_META(fn) returning skgen::Meta (the sizes and dtype "
           "of each output) or SKGEN_META_PRESET(...); then skgen also checks "
           "in-place and out= calls before the kernel runs and generates Meta "
           "kernels (docs/annotations.md, 'Meta functions')");
    }
    if (NoMetaKernel && !Meta)
      error(NoMetaKernel->MacroLoc,
            "'SKGEN_NO_META_KERNEL' has no effect without SKGEN_META or "
            "SKGEN_META_PRESET (Meta kernels are generated from the meta "
            "function)");
    if (NoInplace && InplaceName) {
      Diagnostic &E = error(InplaceName->MacroLoc,
                            "'SKGEN_INPLACE_NAME' names the in-place variant, "
                            "but 'SKGEN_NO_INPLACE' disables it");
      note(E, NoInplace->MacroLoc, "SKGEN_NO_INPLACE is here");
    }
    if (NoFunctional && FunctionalKernel) {
      Diagnostic &E = error(FunctionalKernel->MacroLoc,
                            "'SKGEN_FUNCTIONAL_KERNEL' makes this function "
                            "the functional kernel, but 'SKGEN_NO_FUNCTIONAL' "
                            "disables the functional variant");
      note(E, NoFunctional->MacroLoc, "SKGEN_NO_FUNCTIONAL is here");
    }
    if (NoFunctional && FunctionalName) {
      Diagnostic &E = error(FunctionalName->MacroLoc,
                            "'SKGEN_FUNCTIONAL_NAME' names the functional "
                            "variant, but 'SKGEN_NO_FUNCTIONAL' disables it");
      note(E, NoFunctional->MacroLoc, "SKGEN_NO_FUNCTIONAL is here");
    }
  }

  /// SKGEN_FALLBACK("ns::op.overload"): the name of another family's out
  /// overload; whether it fits is checked at link time, when every family
  /// is known.
  void applyFallback(const Annot &O, KernelFact &K) {
    schema::OperatorName Op;
    schema::ParseError PE;
    if (!schema::parseOperatorName(O.Texts[0], Op, PE)) {
      Diagnostic &E = error(byteLoc(O.Args[0], PE.Offset),
                            "malformed operator name: " + PE.Message);
      note(E, O.MacroLoc, "in this annotation");
      return;
    }
    K.Options.Fallback = Op.str();
    K.Options.FallbackLoc = Locs.convert(byteLoc(O.Args[0], 0));
  }

  void applyAlloc(const Annot &O, const FunctionDecl *FD, KernelFact &K) {
    std::string Name = O.Texts[0];
    SourceLocation L = O.MacroLoc;
    std::vector<std::pair<unsigned, unsigned>> Args;
    if (macroArgs(O.MacroLoc, "SKGEN_ALLOC", Args) && Args.size() == 1 &&
        Args[0].first < Args[0].second)
      L = offsetLoc(O.MacroLoc, Args[0].first);
    if (Name.empty()) {
      error(L, "'SKGEN_ALLOC' needs the name of the output-allocation "
               "function");
      return;
    }
    const NamedDecl *NonFunction = nullptr;
    const FunctionDecl *F = lookupFunction(Name, FD, NonFunction);
    if (!F) {
      Diagnostic &E = error(
          L, NonFunction
                 ? "'SKGEN_ALLOC' names '" + Name + "', which is not a function"
                 : "'SKGEN_ALLOC' names '" + Name +
                       "', but no function of that name is declared "
                       "before the end of this translation unit");
      if (NonFunction)
        note(E, NonFunction->getLocation(), "declared here");
      return;
    }
    K.Options.AllocFunction = qualifiedName(F);
  }

  /// Where the text of argument \p Index of the macro at \p MacroLoc starts
  /// (the macro location when it cannot be found).
  SourceLocation macroArgLoc(const Annot &O, unsigned Index,
                             llvm::StringRef Expect = "") {
    std::vector<std::pair<unsigned, unsigned>> Args;
    if (!macroArgs(O.MacroLoc, O.Info->Macro, Args) || Index >= Args.size() ||
        Args[Index].first >= Args[Index].second)
      return O.MacroLoc;
    if (!Expect.empty() &&
        SM.getBufferData(SM.getFileID(O.MacroLoc))
                .slice(Args[Index].first, Args[Index].second) != Expect)
      return O.MacroLoc;
    return offsetLoc(O.MacroLoc, Args[Index].first);
  }

  /// SKGEN_META(fn): a declared function with the functional variant's
  /// dispatcher signature, returning skgen::Meta.
  void applyMeta(const Annot &O, const FunctionDecl *Kernel,
                 const schema::FunctionSchema &S, KernelFact &K) {
    std::string Name = O.Texts[0];
    SourceLocation L = macroArgLoc(O, 0);
    if (Name.empty()) {
      error(L, "'SKGEN_META' needs the name of the family's meta function");
      return;
    }
    const NamedDecl *NonFunction = nullptr;
    std::vector<const FunctionDecl *> All;
    const FunctionDecl *F = lookupFunction(Name, Kernel, NonFunction, &All);
    if (!F) {
      Diagnostic &E = error(
          L, NonFunction
                 ? "'SKGEN_META' names '" + Name + "', which is not a function"
                 : "'SKGEN_META' names '" + Name +
                       "', but no function of that name is declared");
      if (NonFunction)
        note(E, NonFunction->getLocation(), "declared here");
      return;
    }
    // Among overloads, the one with the right signature.
    std::vector<Diagnostic> Diags;
    const FunctionDecl *Match = nullptr;
    for (const FunctionDecl *C : All) {
      std::vector<Diagnostic> D;
      if (checkMetaSignature(C, S, O, D)) {
        Match = C;
        break;
      }
      if (C == F)
        Diags = std::move(D);
    }
    if (!Match) {
      Out.Diagnostics.insert(Out.Diagnostics.end(), Diags.begin(), Diags.end());
      return;
    }
    F = Match;
    auto Reject = [&](std::string Msg) {
      Diagnostic &E = error(F->getLocation(), std::move(Msg));
      note(E, O.MacroLoc, "named by SKGEN_META here");
    };
    const auto *Method = dyn_cast<CXXMethodDecl>(F);
    if (F->getDescribedFunctionTemplate() || F->isDependentContext() ||
        F->isFunctionTemplateSpecialization())
      return Reject("meta function '" + qualifiedName(F) +
                    "' is a template; name a non-template function");
    if (Method && !Method->isStatic())
      return Reject("meta function '" + qualifiedName(F) +
                    "' must be a free function or a static member function");
    if (F->isDeleted())
      return Reject("meta function '" + qualifiedName(F) +
                    "' is a deleted function");
    if (!SM.isBeforeInTranslationUnit(F->getFirstDecl()->getLocation(),
                                      O.MacroLoc)) {
      Diagnostic &E = error(L, "'SKGEN_META' names '" + qualifiedName(F) +
                                   "', which is declared after this "
                                   "annotation; declare it before the kernel "
                                   "(the generated code calls it)");
      note(E, F->getLocation(), "declared here");
      return;
    }
    K.Options.MetaFunction = qualifiedName(F);
    K.Options.MetaFunctionLocal = Method || !F->isExternallyVisible();
  }

  bool checkMetaSignature(const FunctionDecl *F,
                          const schema::FunctionSchema &S, const Annot &O,
                          std::vector<Diagnostic> &Diags) {
    std::vector<CppParamFact> Params;
    for (const ParmVarDecl *P : F->parameters())
      Params.push_back(
          paramFact(P->getType(), P->getNameAsString(), P->getLocation()));
    SourceLocation RetLoc = F->getReturnTypeSourceRange().getBegin();
    CppParamFact Ret = paramFact(F->getReturnType(), "",
                                 RetLoc.isValid() ? RetLoc : F->getLocation());
    return skgen::checkMetaSignature(
        qualifiedName(F), Locs.convert(F->getLocation()), Params, Ret, S,
        Locs.convert(O.MacroLoc), Diags, symIntCanonical());
  }

  /// The canonical type of `skgen::SymInt` (skgen/symint.h) in this
  /// translation unit: `c10::SymInt` with PyTorch >= 2, `long` with 1.13 (or
  /// when the TU does not declare it).
  std::string symIntCanonical() {
    TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
    for (NamedDecl *N : TU->lookup(&Ctx.Idents.get("skgen")))
      if (const auto *NS = dyn_cast<NamespaceDecl>(N))
        for (NamedDecl *D : NS->lookup(&Ctx.Idents.get("SymInt")))
          if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
            return TD->getUnderlyingType().getCanonicalType().getAsString(
                CanonPolicy);
    return "long";
  }

  /// SKGEN_META_PRESET(name, args...): a known preset whose roles bind to
  /// the family's arguments (Schema/MetaPresets.h).
  void applyPreset(const Annot &O, const schema::FunctionSchema &S,
                   KernelFact &K) {
    llvm::SmallVector<llvm::StringRef, 4> Parts;
    llvm::StringRef(O.Texts[0]).split(Parts, ',');
    std::vector<std::string> Given;
    for (size_t I = 1; I < Parts.size(); ++I)
      Given.push_back(Parts[I].trim().str());
    std::string Name = Parts.empty() ? "" : Parts[0].trim().str();
    SourceLocation NameLoc = macroArgLoc(O, 0, Name);
    if (Name.empty()) {
      error(O.MacroLoc, "'SKGEN_META_PRESET' needs a preset name, e.g. "
                        "SKGEN_META_PRESET(binary)");
      return;
    }
    const schema::MetaPreset *P = schema::findMetaPreset(Name);
    if (!P) {
      std::string Best = schema::closestMetaPreset(Name), All;
      for (const schema::MetaPreset &Q : schema::metaPresets())
        All += (All.empty() ? "" : ", ") + std::string(Q.Name);
      Diagnostic &E = error(
          NameLoc, "unknown meta preset '" + Name + "'" +
                       (Best.empty() ? "" : "; did you mean '" + Best + "'?") +
                       " (presets: " + All + ")");
      if (!Best.empty() && NameLoc != O.MacroLoc) {
        E.FixText = Best;
        E.FixLength = Name.size();
      }
      return;
    }
    std::vector<std::string> Bound;
    schema::PresetError PE;
    if (!schema::bindMetaPreset(*P, S, Given, Bound, PE)) {
      SourceLocation At =
          PE.GivenIndex < 0
              ? NameLoc
              : macroArgLoc(O, PE.GivenIndex + 1,
                            static_cast<size_t>(PE.GivenIndex) < Given.size()
                                ? Given[PE.GivenIndex]
                                : "");
      error(At, PE.Message);
      return;
    }
    size_t Outs = S.outArguments().size();
    if (Outs != P->NumOutputs) {
      error(NameLoc, std::string("preset '") + P->Name + "' computes " +
                         std::to_string(P->NumOutputs) + " output(s); '" +
                         S.Op.str() + "' has " + std::to_string(Outs) +
                         " out argument(s)");
      return;
    }
    K.Options.MetaPreset = P->Name;
    K.Options.MetaPresetArgs = Bound;
  }

  /// The functional variant of the family declared by \p Out with options
  /// \p O, if it has one.
  static std::optional<schema::FunctionSchema>
  functionalVariant(const schema::FunctionSchema &Out, const FamilyOptions &O) {
    schema::VariantOptions VO;
    VO.FunctionalOverload = O.FunctionalOverload;
    VO.InplaceOverload = O.InplaceOverload;
    VO.GenerateFunctional = !O.NoFunctional;
    VO.GenerateInplace = false;
    schema::DerivedVariants DV;
    schema::VariantError VE;
    if (!schema::deriveVariants(Out, VO, DV, VE))
      return std::nullopt;
    return DV.Functional;
  }

  /// SKGEN_KERNEL whose family's SKGEN_STRUCTURED is in this TU: check now,
  /// against the out schema, or the functional variant's when the kernel
  /// names that (a functional kernel).
  void checkKernelsAgainstVisibleFamilies() {
    for (auto &KO : KernelOps) {
      KernelFact &K = Out.Kernels[KO.first];
      for (auto &SE : Schemas) {
        std::optional<schema::FunctionSchema> Functional;
        if (!(SE.second.Op == KO.second)) {
          Functional =
              functionalVariant(SE.second, Out.Kernels[SE.first].Options);
          if (!Functional || !(Functional->Op == KO.second))
            continue;
        }
        std::vector<Diagnostic> Diags;
        K.SignatureChecked = true;
        K.SignatureOk = checkSignature(K, Functional ? *Functional : SE.second,
                                       Out.Kernels[SE.first].SchemaLoc, Diags);
        Out.Diagnostics.insert(Out.Diagnostics.end(), Diags.begin(),
                               Diags.end());
        break;
      }
    }
  }

  void recordFiles() {
    Files.insert(SM.getMainFileID());
    std::set<std::string> Done;
    std::vector<TUFacts::FileState> States;
    for (FileID FID : Files) {
      if (FID != SM.getMainFileID() &&
          SrcMgr::isSystem(
              SM.getFileCharacteristic(SM.getLocForStartOfFile(FID))))
        continue;
      std::string Name = Locs.fileName(FID);
      if (Name.empty() || !Done.insert(Name).second)
        continue;
      bool Invalid = false;
      llvm::StringRef Data = SM.getBufferData(FID, &Invalid);
      if (Invalid)
        continue;
      States.push_back({Name, hashContent(Data.str())});
    }
    std::sort(States.begin(), States.end(),
              [](const auto &A, const auto &B) { return A.Path < B.Path; });
    Out.Files = std::move(States);
  }
};

} // namespace

void collectFacts(ASTContext &Ctx, LocConverter &Locs, TUFacts &Out,
                  const std::vector<AnnotationUse> &Uses) {
  Collector C(Ctx, Locs, Out);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  C.finish(Uses);
}

void collectFacts(ASTContext &Ctx, LocConverter &Locs, TUFacts &Out,
                  const std::vector<AnnotationUse> &Uses,
                  const std::vector<Decl *> &TopLevel,
                  std::vector<const FunctionDecl *> &Skipped) {
  Collector C(Ctx, Locs, Out);
  for (Decl *D : TopLevel)
    C.TraverseDecl(D);
  C.finish(Uses);
  Skipped = C.skipped();
}

} // namespace scan
} // namespace skgen
