//===- AnnotationVisitor.cpp - AST -> KernelFacts -------------------------===//
//
// The annotations (include/skgen/annotations.h) reach the AST as
// `annotate("skgen.<kind>", args...)` attributes. This file walks the AST
// (Collector.h) and turns each annotated declaration into a KernelFact and
// positioned diagnostics; the options are AnnotationOptions.cpp's.
//
//===----------------------------------------------------------------------===//
#include "Basic/Annotations.h"
#include "Basic/DispatchKeys.h"
#include "Basic/LLVMCompat.h"
#include "Basic/Path.h"
#include "Facts/SignatureCheck.h"
#include "Scan/Collector.h"

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

bool Collector::VisitDecl(Decl *D) {
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

bool Collector::VisitFunctionDecl(FunctionDecl *FD) {
  if (FD->hasSkippedBody())
    Skipped.push_back(FD);
  return true;
}

// A lambda's call operator is implicit code, which the traversal skips.
bool Collector::VisitLambdaExpr(LambdaExpr *LE) {
  if (CXXMethodDecl *Call = LE->getCallOperator())
    VisitDecl(Call);
  return true;
}

void Collector::finish(const std::vector<AnnotationUse> &Uses) {
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

SourceRange Collector::skippedBody(const FunctionDecl *FD) {
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

Diagnostic &Collector::diag(Diagnostic::Level Lvl, SourceLocation L,
                            std::string Msg) {
  Out.Diagnostics.push_back(
      makeDiagnostic(Lvl, Locs.convert(L), std::move(Msg)));
  return Out.Diagnostics.back();
}

bool Collector::makeAnnot(const Decl *D, const AnnotateAttr *A, Annot &N) {
  N.D = D;
  N.A = A;
  N.MacroLoc = SM.getExpansionLoc(A->getLocation());
  N.Info = findAnnotationByName(
      A->getAnnotation().drop_front(AnnotationPrefix.size()));
  if (!N.Info) {
    error(N.MacroLoc, "unknown skgen annotation '" + A->getAnnotation().str() +
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

SourceLocation Collector::byteLoc(const StringLiteral *S, size_t Offset) {
  if (S->getByteLength() == 0 || S->getCharByteWidth() != 1)
    return S->getBeginLoc();
  unsigned B =
      static_cast<unsigned>(std::min<size_t>(Offset, S->getByteLength()));
  return S->getLocationOfByte(B, SM, LO, Ctx.getTargetInfo());
}

bool Collector::macroArgs(SourceLocation MacroLoc, llvm::StringRef Name,
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

void Collector::notAFunction(const Decl *D, const Annot &N) {
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

std::string Collector::qualifiedName(const NamedDecl *ND) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  ND->printQualifiedName(OS, NamePolicy);
  OS.flush();
  llvm::StringRef R(S);
  R.consume_front("::");
  return R.str();
}

CppParamFact Collector::paramFact(QualType T, std::string Name,
                                  SourceLocation L) {
  return cppParamFact(T, std::move(Name), Locs.convert(L), WrittenPolicy,
                      CanonPolicy, *Spellings);
}

bool Collector::insertionPoint(const Decl *D, unsigned &Offset, unsigned &Line,
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

const Annot *Collector::mergeAnnotations(const FunctionDecl *Canon,
                                         const std::vector<Annot> &List,
                                         std::vector<const Annot *> &Options) {
  const Annot *Primary = nullptr;
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
      continue;
    }
    const Annot *Same = nullptr;
    for (const Annot *O : Options)
      if (O->Info == N.Info)
        Same = O;
    // A list option: each use is an entry, but not twice the same entry
    // (repeated on a redeclaration).
    if (N.Info->Placement == AnnotationPlacement::FamilyOptionList) {
      if (!llvm::any_of(Options, [&](const Annot *O) {
            return O->Info == N.Info && O->D != N.D && sameAnnot(*O, N);
          }))
        Options.push_back(&N);
      continue;
    }
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
  return Primary;
}

void Collector::checkOptionPlacement(
    const Annot *Primary, const std::vector<const Annot *> &Options) {
  if (!Primary) {
    for (const Annot *O : Options)
      error(O->MacroLoc, std::string("'") + O->Info->Macro +
                             "' is a family option and needs "
                             "SKGEN_STRUCTURED on the same declaration");
    return;
  }
  if (Primary->Info->Id == Annotation::Structured)
    return;
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
    Diagnostic &E =
        error(O->MacroLoc, std::string("'") + O->Info->Macro +
                               "' is a family option; put it on the family's "
                               "SKGEN_STRUCTURED declaration, not on "
                               "SKGEN_KERNEL");
    note(E, Primary->MacroLoc, "SKGEN_KERNEL is here");
  }
}

bool Collector::registrableKernel(const FunctionDecl *FD,
                                  const Annot &Primary) {
  const char *Macro = Primary.Info->Macro;
  if (FD->isInvalidDecl())
    return false; // Clang has reported why.
  if (FD->getLexicalDeclContext()->isFunctionOrMethod()) {
    Diagnostic &E =
        error(FD->getLocation(), std::string("'") + Macro +
                                     "' kernel is declared inside a function; "
                                     "annotate a namespace-scope function or a "
                                     "static member function");
    note(E, Primary.MacroLoc, "annotation is here");
    return false;
  }
  auto Reject = [&](std::string Msg) {
    Diagnostic &E = error(FD->getLocation(), std::move(Msg));
    note(E, Primary.MacroLoc, "annotation is here");
    return false;
  };
  const auto *Method = dyn_cast<CXXMethodDecl>(FD);
  if (Method && Method->getParent()->isLambda())
    return Reject(std::string("'") + Macro +
                  "' cannot be applied to a lambda; annotate a free function "
                  "or a static member function");
  if (FD->getDescribedFunctionTemplate() || FD->isDependentContext() ||
      FD->isFunctionTemplateSpecialization())
    return Reject(std::string("'") + Macro +
                  "' cannot be applied to a template; annotate a "
                  "non-template function");
  if (Method && !Method->isStatic())
    return Reject(std::string("'") + Macro +
                  "' kernel must be a free function or a static member "
                  "function");
  // What the generated `m.impl("op", &::ns::f)` could not use.
  for (const FunctionDecl *R : FD->redecls())
    if (R->isDeleted())
      return Reject(std::string("'") + Macro +
                    "' kernel is a deleted function");
  if (FD->isVariadic())
    return Reject(std::string("'") + Macro +
                  "' kernel cannot be variadic ('...'); the dispatcher calls "
                  "it with the schema's arguments");
  // A function declared only as a friend is invisible to the qualified
  // name the generated code calls it by.
  if (llvm::all_of(FD->redecls(), [](const FunctionDecl *R) {
        return R->getFriendObjectKind() != Decl::FOK_None;
      }))
    return Reject(std::string("'") + Macro + "' kernel '" + qualifiedName(FD) +
                  "' is declared only as a friend; generated code cannot "
                  "name it: declare it at namespace scope as well");
  for (const Decl *Member = FD->getCanonicalDecl(); Member;
       Member = dyn_cast<CXXRecordDecl>(Member->getDeclContext())) {
    AccessSpecifier AS = Member->getAccess();
    if (AS != AS_private && AS != AS_protected)
      continue;
    std::string Where =
        Member == FD->getCanonicalDecl()
            ? std::string()
            : " class '" + qualifiedName(cast<NamedDecl>(Member)) + "'";
    return Reject(std::string("'") + Macro + "' kernel '" + qualifiedName(FD) +
                  "' is " + (Where.empty() ? "" : "in ") +
                  (AS == AS_private ? "private" : "protected") + Where +
                  "; generated registrations outside the class cannot call "
                  "it");
  }
  return true;
}

KernelFact Collector::declaredKernel(const FunctionDecl *FD,
                                     const Annot &Primary, bool AllowNoKeys) {
  KernelFact K;
  K.AnnotationKind = Primary.Info->Id == Annotation::Structured
                         ? KernelFact::Kind::Structured
                         : KernelFact::Kind::Kernel;
  K.SchemaText = Primary.Texts[0];
  K.SchemaLoc = Locs.convert(byteLoc(Primary.Args[0], 0));
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
  K.AnnotationLoc = Locs.convert(Primary.MacroLoc);
  Files.insert(SM.getFileID(SM.getFileLoc(FD->getLocation())));

  checkKeys(Primary, K, AllowNoKeys);

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
  return K;
}

void Collector::checkFamily(const Annot &Primary, const FunctionDecl *FD,
                            KernelFact &K, size_t Index) {
  schema::FunctionSchema Written, S;
  schema::ParseError PE;
  bool FunctionalFirst = false;
  if (!schema::parseFunctionSchema(K.SchemaText, Written, PE)) {
    Diagnostic &E = error(byteLoc(Primary.Args[0], PE.Offset),
                          "malformed schema: " + PE.Message);
    note(E, Primary.MacroLoc, "in this annotation");
    return;
  }
  Schemas[Index] = Written;
  schema::VariantError VE;
  if (!schema::familyOutSchema(Written, S, FunctionalFirst, VE)) {
    Diagnostic &E = error(byteLoc(Primary.Args[0], 0), VE.Message);
    if (!VE.Fix.empty())
      note(E, byteLoc(Primary.Args[0], 0), VE.Fix);
    return;
  }
  std::vector<Diagnostic> Diags;
  // A functional kernel has the functional variant's signature (when its
  // name cannot be derived, the link phase says why).
  std::optional<schema::FunctionSchema> Functional;
  // A functional schema's function is the functional kernel.
  K.FunctionalKernel |= FunctionalFirst;
  if (K.FunctionalKernel)
    Functional = functionalVariant(Written, K.Options);
  if (!K.FunctionalKernel || Functional) {
    K.SignatureChecked = true;
    K.SignatureOk =
        checkSignature(K, Functional ? *Functional : S, K.SchemaLoc, Diags);
  }
  Out.Diagnostics.insert(Out.Diagnostics.end(), Diags.begin(), Diags.end());
  if (MetaOpt)
    applyMeta(*MetaOpt, FD, S, K);
  if (PresetOpt)
    applyPreset(*PresetOpt, S, K);
  if (AutocastOpt)
    applyAutocast(*AutocastOpt, S, K);
  checkDerivatives(S, FD, K);
}

void Collector::processFunction(const FunctionDecl *Canon,
                                std::vector<Annot> &List) {
  const size_t FirstDiag = Out.Diagnostics.size();
  // Primary annotation and options, merged over redeclarations.
  std::vector<const Annot *> Options;
  const Annot *Primary = mergeAnnotations(Canon, List, Options);
  checkOptionPlacement(Primary, Options);
  if (!Primary)
    return;
  // The annotated declaration decides Loc; its definition may be elsewhere.
  const auto *FD = cast<FunctionDecl>(Primary->D);
  if (!registrableKernel(FD, *Primary))
    return;

  bool IsStructured = Primary->Info->Id == Annotation::Structured;
  // A family served by a fallback overload needs no kernel of its own.
  bool HasFallback = IsStructured && llvm::any_of(Options, [](const Annot *O) {
                       return O->Info->Id == Annotation::Fallback;
                     });
  KernelFact K = declaredKernel(FD, *Primary, /*AllowNoKeys=*/HasFallback);

  size_t Index = Out.Kernels.size();
  if (IsStructured) {
    applyOptions(Options, FD, K);
    checkFamily(*Primary, FD, K, Index);
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
  K.TorchCompile = Spellings->isTorch2();
  K.AnnotationErrors =
      std::any_of(Out.Diagnostics.begin() + FirstDiag, Out.Diagnostics.end(),
                  [](const Diagnostic &D) {
                    return D.Severity == Diagnostic::Level::Error;
                  });
  Out.Kernels.push_back(std::move(K));
}

void Collector::checkKernelsAgainstVisibleFamilies() {
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
      Out.Diagnostics.insert(Out.Diagnostics.end(), Diags.begin(), Diags.end());
      break;
    }
  }
}

void Collector::recordFiles() {
  Files.insert(SM.getMainFileID());
  std::set<std::string> Done;
  std::vector<TUFacts::FileState> States;
  for (FileID FID : Files) {
    if (FID != SM.getMainFileID() && SrcMgr::isSystem(SM.getFileCharacteristic(
                                         SM.getLocForStartOfFile(FID))))
      continue;
    std::string Name = Locs.fileName(FID);
    if (Name.empty() || !Done.insert(Name).second)
      continue;
    bool Invalid = false;
    llvm::StringRef Data = SM.getBufferData(FID, &Invalid);
    if (Invalid)
      continue;
    TUFacts::FileState S{Name, hashContent(Data.str()), fileIdentity(Name)};
    // The device and inode of the file Clang read, not of what the path
    // names now.
    if (auto FE = SM.getFileEntryRefForID(FID)) {
      S.Id.Dev = FE->getFileEntry().getUniqueID().getDevice();
      S.Id.Ino = FE->getFileEntry().getUniqueID().getFile();
    }
    States.push_back(std::move(S));
  }
  std::sort(States.begin(), States.end(),
            [](const auto &A, const auto &B) { return A.Path < B.Path; });
  Out.Files = std::move(States);
}

void collectFacts(ASTContext &Ctx, LocConverter &Locs, TUFacts &Out,
                  const std::vector<AnnotationUse> &Uses) {
  Collector C(Ctx, Locs, Out);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  C.finish(Uses);
}

void collectFacts(ASTContext &Ctx, LocConverter &Locs, TUFacts &Out,
                  const std::vector<AnnotationUse> &Uses,
                  const std::vector<Decl *> &TopLevel,
                  std::vector<const FunctionDecl *> &Skipped,
                  std::vector<FormulaToCheck> *FormulasToCheck) {
  Collector C(Ctx, Locs, Out, FormulasToCheck);
  for (Decl *D : TopLevel)
    C.TraverseDecl(D);
  C.finish(Uses);
  Skipped = C.skipped();
}

} // namespace scan
} // namespace skgen
