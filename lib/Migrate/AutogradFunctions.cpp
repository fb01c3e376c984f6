//===- AutogradFunctions.cpp - Hand-written autograd::Function -----------===//
#include "Migrate/AutogradFunctions.h"
#include "Basic/Annotations.h"
#include "Basic/DispatchKeys.h"
#include "Basic/InputFile.h"
#include "Basic/LLVMCompat.h"
#include "Migrate/Registrations.h"
#include "Scan/AnnotationVisitor.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace skgen {
namespace migrate {

// Formulas read in a translation unit name what only the plan can spell:
//   \x01 K <j> \x02  the forward's parameter j: K = 'T' its name, 'I' its name
//                    read as an int (a SymInt is guarded), 'S' its
//                    sym_sizes(), 'Z' its sizes();
//   \x03 <f> \x04    the library's function f (qualified);
//   \x05 <text> \x06 what could not be read (its source).
namespace {

const char *const SavedName = "\x01";

std::string paramMarker(char Kind, unsigned J) {
  return std::string(SavedName) + Kind + std::to_string(J) + "\x02";
}

/// Strips what stands between an expression and what was written.
const Expr *strip(const Expr *E) {
  while (E) {
    const Expr *Next = E->IgnoreParenImpCasts();
    if (const auto *C = dyn_cast<ExprWithCleanups>(Next))
      Next = C->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(Next))
      Next = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(Next))
      Next = B->getSubExpr();
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(Next))
      Next = F->getSubExpr();
    else if (const auto *C = dyn_cast<CXXConstructExpr>(Next);
             C && C->getNumArgs() >= 1 && !isa<CXXTemporaryObjectExpr>(C)) {
      bool Defaults = true; // std::string(literal, allocator = {})
      for (unsigned I = 1; I < C->getNumArgs(); ++I)
        Defaults &= isa<CXXDefaultArgExpr>(C->getArg(I));
      if (Defaults)
        Next = C->getArg(0);
    } else if (const auto *M = dyn_cast<CXXMemberCallExpr>(Next)) {
      // An implicit conversion (operator T()).
      if (isa_and_nonnull<CXXConversionDecl>(M->getMethodDecl()))
        Next = M->getImplicitObjectArgument();
    }
    if (Next == E)
      return E;
    E = Next;
  }
  return E;
}

std::string literal(const Expr *E) {
  if (const auto *S = dyn_cast_or_null<StringLiteral>(strip(E)))
    if (S->getCharByteWidth() == 1)
      return S->getString().str();
  return "";
}

std::string qualified(const NamedDecl *D) {
  return D ? D->getQualifiedNameAsString() : "";
}

/// The method \p E calls, and on what.
const CXXMethodDecl *method(const Expr *E, const Expr *&Object) {
  if (const auto *M = dyn_cast_or_null<CXXMemberCallExpr>(strip(E))) {
    Object = strip(M->getImplicitObjectArgument());
    return M->getMethodDecl();
  }
  return nullptr;
}

/// `findSchemaOrThrow("ns::op", "overload").typed<...>().call(args)`: the
/// operator called, `ns::op.overload`, through locals initialized so.
std::string typedCallOp(const CXXMemberCallExpr *C) {
  const CXXMethodDecl *M = C->getMethodDecl();
  if (!M || M->getName() != "call" ||
      !compat::startsWith(qualified(M->getParent()),
                          "c10::TypedOperatorHandle"))
    return "";
  const Expr *E = strip(C->getImplicitObjectArgument());
  for (int Depth = 0; Depth < 4 && E; ++Depth) {
    if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
      const auto *V = dyn_cast<VarDecl>(R->getDecl());
      E = V && V->getInit() ? strip(V->getInit()) : nullptr;
      continue;
    }
    const Expr *Obj = nullptr;
    const CXXMethodDecl *Step = method(E, Obj);
    if (!Step)
      return "";
    if (Step->getName() == "findSchemaOrThrow") {
      const auto *F = cast<CXXMemberCallExpr>(E);
      if (F->getNumArgs() != 2)
        return "";
      std::string Name = literal(F->getArg(0)), Ov = literal(F->getArg(1));
      if (Name.empty())
        return "";
      return Ov.empty() ? Name : Name + "." + Ov;
    }
    E = Obj;
  }
  return "";
}

/// Whether \p C passes exactly the parameters of \p F, in order.
bool passesParams(const CallExpr *C, const FunctionDecl *F, unsigned Skip = 0) {
  unsigned N = 0;
  for (unsigned I = 0; I < C->getNumArgs(); ++I) {
    if (isa<CXXDefaultArgExpr>(C->getArg(I)))
      break;
    const auto *R = dyn_cast<DeclRefExpr>(strip(C->getArg(I)));
    if (!R || Skip + N >= F->getNumParams() ||
        R->getDecl() != F->getParamDecl(Skip + N))
      return false;
    ++N;
  }
  return Skip + N == F->getNumParams();
}

/// The single returned expression of \p F's body (locals allowed before it).
const Expr *returned(const FunctionDecl *F) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(F->getBody());
  if (!Body || Body->body_empty())
    return nullptr;
  const auto *R = dyn_cast<ReturnStmt>(Body->body_back());
  return R ? R->getRetValue() : nullptr;
}

bool derivesFromFunction(const CXXRecordDecl *R) {
  if (!R->hasDefinition())
    return false;
  for (const CXXBaseSpecifier &B : R->bases())
    if (const auto *S = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
            B.getType()->getAsCXXRecordDecl()))
      if (S->getQualifiedNameAsString() == "torch::autograd::Function")
        return true;
  return false;
}

/// The entries of `return {a, b, ...};` / `return a;`.
std::vector<const Expr *> listEntries(const Expr *E) {
  E = strip(E); // Also the std::vector's constructor.
  if (const auto *L = dyn_cast_or_null<CXXStdInitializerListExpr>(E))
    E = strip(L->getSubExpr());
  if (const auto *L = dyn_cast_or_null<InitListExpr>(E))
    return {L->inits().begin(), L->inits().end()};
  return {E};
}

bool undefinedTensor(const Expr *E) {
  E = strip(E);
  if (const auto *C = dyn_cast<CXXConstructExpr>(E))
    return C->getNumArgs() == 0;
  if (const auto *L = dyn_cast<InitListExpr>(E))
    return L->getNumInits() == 0;
  return isa<CXXScalarValueInitExpr>(E) || isa<ImplicitValueInitExpr>(E);
}

/// The bytes of a declaration, as whole lines when it has its lines alone.
Removal removal(const Decl *D, const SourceManager &SM, const LangOptions &LO,
                scan::LocConverter &Locs) {
  Removal R;
  SourceLocation B = D->getBeginLoc(), E = D->getEndLoc();
  if (const auto *F = dyn_cast<FunctionDecl>(D))
    B = F->getOuterLocStart();
  if (B.isMacroID() || E.isMacroID() || !SM.isWrittenInSameFile(B, E)) {
    R.WhyNot = "it is written in a macro";
    return R;
  }
  std::pair<FileID, unsigned> Begin = SM.getDecomposedLoc(B);
  unsigned End = SM.getFileOffset(
      Lexer::getLocForEndOfToken(E, 0, SM, LO)); // Past the `}`.
  llvm::StringRef Text = SM.getBufferData(Begin.first);
  if (isa<CXXRecordDecl>(D)) { // The `;` after the class.
    size_t Semi = Text.find_first_not_of(" \t\r\n", End);
    if (Semi == llvm::StringRef::npos || Text[Semi] != ';') {
      R.WhyNot = "no ';' follows it";
      return R;
    }
    End = Semi + 1;
  }
  size_t LineStart = Text.rfind('\n', Begin.second);
  LineStart = LineStart == llvm::StringRef::npos ? 0 : LineStart + 1;
  size_t LineEnd = Text.find('\n', End);
  if (Text.slice(LineStart, Begin.second).find_first_not_of(" \t") !=
          llvm::StringRef::npos ||
      Text.slice(End, LineEnd).find_first_not_of(" \t\r") !=
          llvm::StringRef::npos) {
    R.WhyNot = "it shares its lines with other code";
    return R;
  }
  End = LineEnd == llvm::StringRef::npos ? Text.size() : LineEnd + 1;
  R.Lines = unsigned(Text.slice(LineStart, End).count('\n')) +
            (LineEnd == llvm::StringRef::npos ? 1 : 0);
  // A blank line between it and the next code goes with it.
  bool BlankBefore =
      LineStart == 0 ||
      Text.slice(0, LineStart - 1).rsplit('\n').second.trim().empty();
  size_t Next = Text.find('\n', End);
  if (BlankBefore && Next != llvm::StringRef::npos &&
      Text.slice(End, Next).trim().empty())
    End = Next + 1;
  R.Loc = Locs.convert(SM.getComposedLoc(Begin.first, LineStart));
  R.Length = unsigned(End - LineStart);
  return R;
}

/// Reads one autograd::Function class.
class ClassReader {
public:
  ClassReader(ASTContext &Ctx, AutogradClass &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Out(Out) {}

  void read(const CXXRecordDecl *R) {
    const CXXMethodDecl *Fwd = nullptr, *Bwd = nullptr;
    for (const CXXMethodDecl *M : R->methods()) {
      if (!M->isStatic() || !M->getIdentifier())
        continue;
      const FunctionDecl *Def = M->getDefinition();
      if (M->getName() == "forward")
        Fwd = Def ? cast<CXXMethodDecl>(Def) : M;
      else if (M->getName() == "backward")
        Bwd = Def ? cast<CXXMethodDecl>(Def) : M;
    }
    if (!Fwd || !Bwd || !Fwd->hasBody() || !Bwd->hasBody())
      return why("skgen did not see the bodies of its forward and backward");
    if (Fwd->getLexicalDeclContext() != R || Bwd->getLexicalDeclContext() != R)
      Out.Remove.WhyNot = "its forward or backward is defined outside it";
    if (Fwd->getNumParams() < 1 || Bwd->getNumParams() != 2)
      return why("its forward or backward does not take (ctx, ...)");
    Forward = Fwd;
    Ctx0 = Fwd->getParamDecl(0);
    forward(Fwd);
    BwdCtx = Bwd->getParamDecl(0);
    GradOutput = Bwd->getParamDecl(1);
    backward(Bwd);
  }

private:
  void why(std::string W) {
    if (Out.WhyNot.empty())
      Out.WhyNot = std::move(W);
  }

  std::string text(const Stmt *S) {
    CharSourceRange R = CharSourceRange::getTokenRange(
        SM.getExpansionRange(S->getSourceRange()).getAsRange());
    std::string T = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
    // One line, spaces collapsed, for a note.
    std::string One;
    for (char C : T) {
      bool Space = C == ' ' || C == '\n' || C == '\t' || C == '\r';
      if (Space && (One.empty() || One.back() == ' '))
        continue;
      One += Space ? ' ' : C;
    }
    return One;
  }

  /// The forward parameter \p E names (its index after ctx), or -1.
  int forwardParam(const Expr *E) {
    if (const auto *R = dyn_cast_or_null<DeclRefExpr>(strip(E)))
      for (unsigned I = 1; I < Forward->getNumParams(); ++I)
        if (R->getDecl() == Forward->getParamDecl(I))
          return int(I - 1);
    return -1;
  }

  /// `ctx->saved_data["key"]` (or its member call's object): the key.
  std::optional<std::string> savedDataKey(const Expr *E, const ParmVarDecl *C) {
    const auto *Sub = dyn_cast_or_null<CXXOperatorCallExpr>(strip(E));
    if (!Sub || Sub->getOperator() != OO_Subscript || Sub->getNumArgs() != 2)
      return std::nullopt;
    const auto *M = dyn_cast<MemberExpr>(strip(Sub->getArg(0)));
    if (!M || M->getMemberDecl()->getName() != "saved_data")
      return std::nullopt;
    const auto *R = dyn_cast<DeclRefExpr>(strip(M->getBase()));
    if (!R || R->getDecl() != C)
      return std::nullopt;
    std::string Key = literal(Sub->getArg(1));
    if (Key.empty())
      return std::nullopt;
    return Key;
  }

  /// `ctx->method(...)`.
  const CXXMemberCallExpr *ctxCall(const Expr *E, const ParmVarDecl *C,
                                   llvm::StringRef Name) {
    const auto *M = dyn_cast_or_null<CXXMemberCallExpr>(strip(E));
    if (!M || !M->getMethodDecl() || M->getMethodDecl()->getName() != Name)
      return nullptr;
    const auto *R =
        dyn_cast<DeclRefExpr>(strip(M->getImplicitObjectArgument()));
    return R && R->getDecl() == C ? M : nullptr;
  }

  void forward(const CXXMethodDecl *F) {
    const auto *Body = cast<CompoundStmt>(F->getBody());
    const Expr *Result = nullptr;
    const VarDecl *ResultVar = nullptr;
    for (const Stmt *S : Body->body()) {
      if (const auto *E = dyn_cast<Expr>(S)) {
        if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(strip(E));
            Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2)
          if (std::optional<std::string> Key =
                  savedDataKey(Op->getArg(0), Ctx0)) {
            saved(*Key, Op->getArg(1));
            continue;
          }
        if (const CXXMemberCallExpr *C =
                ctxCall(E, Ctx0, "save_for_backward")) {
          std::vector<const Expr *> Ts = listEntries(C->getArg(0));
          for (const Expr *T : Ts) {
            int J = forwardParam(T);
            SavedTensors.push_back(J < 0 ? "\x05" + text(T) + "\x06"
                                         : paramMarker('T', J));
            if (J < 0)
              why("the forward saves '" + text(T) +
                  "', which is not one of its arguments");
          }
          continue;
        }
      }
      if (const auto *D = dyn_cast<DeclStmt>(S); D && D->isSingleDecl()) {
        const auto *V = dyn_cast<VarDecl>(D->getSingleDecl());
        std::string T =
            V ? V->getType().getCanonicalType().getAsString() : std::string();
        if (V && (llvm::StringRef(T).contains("AutoDispatchBelowAD") ||
                  llvm::StringRef(T).contains("AutoNonVariableTypeMode") ||
                  llvm::StringRef(T).contains("AutoDispatchBelowAutograd")))
          continue;
        if (V && V->getInit() && !Result) {
          Result = V->getInit();
          ResultVar = V;
          continue;
        }
      }
      if (const auto *R = dyn_cast<ReturnStmt>(S)) {
        std::vector<const Expr *> L = listEntries(R->getRetValue());
        const auto *Ref =
            L.size() == 1 ? dyn_cast<DeclRefExpr>(strip(L[0])) : nullptr;
        if (ResultVar && Ref && Ref->getDecl() == ResultVar)
          break;
        if (!Result && L.size() == 1) {
          Result = L[0];
          break;
        }
      }
      return why("its forward does more than save its arguments and call "
                 "the operator below autograd ('" +
                 text(S) + "')");
    }
    const auto *Call =
        dyn_cast_or_null<CallExpr>(Result ? strip(Result) : nullptr);
    if (!Call)
      return why("its forward calls no operator");
    if (const auto *M = dyn_cast<CXXMemberCallExpr>(Call)) {
      std::string Op = typedCallOp(M);
      if (!Op.empty())
        Out.ForwardCallee = "op:" + Op;
    } else if (const FunctionDecl *Fn = Call->getDirectCallee()) {
      Out.ForwardCallee = qualified(Fn);
    }
    if (Out.ForwardCallee.empty() || !passesParams(Call, F, 1))
      return why("its forward does not call an operator with its arguments "
                 "as they are ('" +
                 text(Call) + "')");
  }

  void saved(const std::string &Key, const Expr *V) {
    int J = forwardParam(V);
    if (J >= 0) {
      SavedData[Key] = {J, false};
      return;
    }
    const Expr *Obj = nullptr;
    if (const CXXMethodDecl *M = method(V, Obj)) {
      J = forwardParam(Obj);
      if (J >= 0 && (M->getName() == "sym_sizes" || M->getName() == "sizes")) {
        SavedData[Key] = {J, true};
        return;
      }
    }
    SavedData[Key] = {-1, false};
    SavedText[Key] = text(V);
  }

  // The backward: locals, then `return {...}`.
  void backward(const CXXMethodDecl *B) {
    const auto *Body = cast<CompoundStmt>(B->getBody());
    const ReturnStmt *Ret = nullptr;
    for (const Stmt *S : Body->body()) {
      if (const auto *D = dyn_cast<DeclStmt>(S)) {
        // Locals by value or const reference, initialized: what they stand
        // for is their initializer.
        bool Ok = true;
        for (const Decl *X : D->decls()) {
          const auto *V = dyn_cast<VarDecl>(X);
          Ok &= V && V->getInit() &&
                (!V->getType()->isReferenceType() ||
                 V->getType().getNonReferenceType().isConstQualified());
        }
        if (Ok)
          continue;
      }
      if ((Ret = dyn_cast<ReturnStmt>(S)))
        break;
      return why("its backward does more than compute the gradients from "
                 "what the forward saved ('" +
                 text(S) + "')");
    }
    if (!Ret || !Ret->getRetValue())
      return why("its backward returns no list of gradients");
    std::vector<const Expr *> L = listEntries(Ret->getRetValue());
    if (L.size() != Forward->getNumParams() - 1)
      return why("its backward returns " + std::to_string(L.size()) +
                 " gradients for " +
                 std::to_string(Forward->getNumParams() - 1) +
                 " forward arguments");
    for (unsigned J = 0; J < L.size(); ++J) {
      if (undefinedTensor(L[J])) {
        Out.Grads.push_back("");
        continue;
      }
      if (!isTensor(Forward->getParamDecl(J + 1)->getType()))
        why("its backward returns a gradient for '" +
            Forward->getParamDecl(J + 1)->getNameAsString() +
            "', which is not a tensor");
      Out.Grads.push_back(expr(L[J]));
    }
  }

  static bool isTensor(QualType T) {
    const CXXRecordDecl *R = T.getNonReferenceType()->getAsCXXRecordDecl();
    return R && R->getQualifiedNameAsString() == "at::Tensor";
  }

  std::string unread(const Expr *E, std::string Why) {
    why(std::move(Why));
    return "\x05" + text(E) + "\x06";
  }

  /// A local of the backward: what initializes it (not written to after:
  /// the backward holds only declarations and its return).
  const Expr *local(const Expr *E) {
    if (const auto *R = dyn_cast_or_null<DeclRefExpr>(strip(E)))
      if (const auto *V = dyn_cast<VarDecl>(R->getDecl()))
        if (!isa<ParmVarDecl>(V) && V->isLocalVarDecl() && V->getInit())
          return V->getInit();
    return nullptr;
  }

  /// What a saved_data value read as \p How (`toInt`, ...) stands for.
  std::string savedValue(const std::string &Key, const Expr *E,
                         llvm::StringRef How) {
    auto It = SavedData.find(Key);
    if (It == SavedData.end())
      return unread(E, "the forward does not save '" + Key + "'");
    if (It->second.first < 0)
      return unread(E, "the forward saves '" + Key + "' as '" + SavedText[Key] +
                           "', which is neither an argument nor its sizes");
    unsigned J = unsigned(It->second.first);
    if (It->second.second)
      return paramMarker(intRead(How) ? 'Z' : 'S', J);
    return paramMarker(How == "toInt" ? 'I' : 'T', J);
  }

  static bool intRead(llvm::StringRef How) {
    return How == "toInt" || How == "toIntList" || How == "toIntVector";
  }

  /// Saved sizes (`shape[i]`, through `.get()`, `.toSymInt()`...): the
  /// size, or "" when \p E is none.
  std::string sizeElement(const Expr *E, bool Int) {
    E = strip(E);
    const Expr *Obj = nullptr;
    if (const CXXMethodDecl *M = method(E, Obj)) {
      llvm::StringRef N = M->getName();
      if (N == "get" || N == "toSymInt" || N == "toInt")
        return sizeElement(Obj, Int || N == "toInt");
      return "";
    }
    const auto *Sub = dyn_cast<CXXOperatorCallExpr>(E);
    if (!Sub || Sub->getOperator() != OO_Subscript)
      return "";
    const Expr *List = strip(Sub->getArg(0));
    if (const Expr *Init = local(List))
      List = strip(Init);
    const Expr *Obj2 = nullptr;
    const CXXMethodDecl *M = method(List, Obj2);
    if (!M)
      return "";
    std::optional<std::string> Key = savedDataKey(Obj2, BwdCtx);
    if (!Key)
      return "";
    auto It = SavedData.find(*Key);
    if (It == SavedData.end() || !It->second.second)
      return "";
    Expr::EvalResult I;
    if (!Sub->getArg(1)->EvaluateAsInt(I, Ctx))
      return "";
    return paramMarker(Int || intRead(M->getName()) ? 'Z' : 'S',
                       unsigned(It->second.first)) +
           "[" + std::to_string(I.Val.getInt().getExtValue()) + "]";
  }

  std::string args(const CallExpr *C, unsigned From = 0) {
    std::string S;
    for (unsigned I = From; I < C->getNumArgs(); ++I) {
      if (isa<CXXDefaultArgExpr>(C->getArg(I)))
        break;
      S += (I == From ? "" : ", ") + expr(C->getArg(I));
    }
    return S;
  }

  std::string expr(const Expr *E) {
    E = strip(E);
    if (const Expr *Init = local(E))
      return expr(Init);
    if (isa<IntegerLiteral>(E) || isa<FloatingLiteral>(E) ||
        isa<CXXBoolLiteralExpr>(E))
      return text(E);
    std::string Size = sizeElement(E, false);
    if (!Size.empty())
      return Size;
    if (const auto *Sub = dyn_cast<CXXOperatorCallExpr>(E);
        Sub && Sub->getOperator() == OO_Subscript) {
      const Expr *Base = strip(Sub->getArg(0));
      Expr::EvalResult I;
      bool Index = Sub->getArg(1)->EvaluateAsInt(I, Ctx);
      uint64_t N = Index ? I.Val.getInt().getZExtValue() : 0;
      if (const auto *R = dyn_cast<DeclRefExpr>(Base);
          R && R->getDecl() == GradOutput && Index)
        return "\x01G" + std::to_string(N) + "\x02";
      if (const Expr *Init = local(Base))
        Base = strip(Init);
      if (ctxCall(Base, BwdCtx, "get_saved_variables") && Index) {
        if (N < SavedTensors.size())
          return SavedTensors[N];
        return unread(E, "the forward saves no tensor " + std::to_string(N));
      }
      return unread(E, "'" + text(E) + "' is not something the forward saved");
    }
    const Expr *Obj = nullptr;
    if (const CXXMethodDecl *M = method(E, Obj)) {
      if (std::optional<std::string> Key = savedDataKey(Obj, BwdCtx))
        return savedValue(*Key, E, M->getName());
      const auto *C = cast<CXXMemberCallExpr>(E);
      std::string Op = typedCallOp(C);
      if (!Op.empty())
        return "\x03op:" + Op + "\x04(" + args(C) + ")";
      if (!isTensor(Obj->getType()) || compat::endsWith(M->getName(), "_"))
        return unread(E, "'" + text(E) +
                             "' is not a call of a tensor "
                             "method that skgen can read");
      return expr(Obj) + "." + M->getNameAsString() + "(" + args(C) + ")";
    }
    if (const auto *C = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *F = C->getDirectCallee();
      if (F && !isa<CXXMethodDecl>(F) && !F->getPrimaryTemplate() &&
          !SM.isInSystemHeader(F->getLocation()))
        return "\x03" + qualified(F) + "\x04(" + args(C) + ")";
      if (F && !isa<CXXMethodDecl>(F) && !F->getPrimaryTemplate() &&
          compat::startsWith(qualified(F), "at::"))
        return qualified(F) + "(" + args(C) + ")";
      if (const auto *O = dyn_cast<CXXOperatorCallExpr>(C);
          O && (O->getNumArgs() == 2 || O->getNumArgs() == 1)) {
        std::string Sp = getOperatorSpelling(O->getOperator());
        if (O->getNumArgs() == 1)
          return Sp + expr(O->getArg(0));
        return expr(O->getArg(0)) + " " + Sp + " " + expr(O->getArg(1));
      }
      return unread(E, "'" + text(E) +
                           "' calls neither a function of the library nor "
                           "one of ATen's");
    }
    return unread(E, "'" + text(E) + "' is not something skgen can read");
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  AutogradClass &Out;
  const CXXMethodDecl *Forward = nullptr;
  const ParmVarDecl *Ctx0 = nullptr, *BwdCtx = nullptr, *GradOutput = nullptr;
  /// saved_data: key -> (forward parameter or -1, its sizes).
  std::map<std::string, std::pair<int, bool>> SavedData;
  std::map<std::string, std::string> SavedText;
  std::vector<std::string> SavedTensors; // Markers.
};

class Collector {
public:
  Collector(ASTContext &Ctx, scan::LocConverter &Locs, AutogradFacts &Out,
            std::map<std::string, std::string> &Hashes)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Locs(Locs), Out(Out),
        Hashes(Hashes) {
    MainFile = Locs.fileName(SM.getMainFileID());
  }

  void run() { context(Ctx.getTranslationUnitDecl()); }

private:
  void context(const DeclContext *DC) {
    for (const Decl *D : DC->decls()) {
      SourceLocation L = SM.getExpansionLoc(D->getLocation());
      if (L.isInvalid() || SM.isInSystemHeader(L))
        continue;
      std::string File = Locs.fileName(SM.getFileID(L));
      if (!File.empty())
        Out.Files.insert(File);
      if (const auto *N = dyn_cast<NamespaceDecl>(D))
        context(N);
      else if (const auto *S = dyn_cast<LinkageSpecDecl>(D))
        context(S);
      else if (const auto *R = dyn_cast<CXXRecordDecl>(D))
        record(R);
      else if (const auto *F = dyn_cast<FunctionDecl>(D))
        function(F);
    }
  }

  void record(const CXXRecordDecl *R) {
    if (!R->isThisDeclarationADefinition() || !derivesFromFunction(R))
      return;
    AutogradClass C;
    C.Name = qualified(R);
    C.Loc = Locs.convert(SM.getExpansionLoc(R->getLocation()));
    C.MainFile = MainFile;
    C.Remove = removal(R, SM, Ctx.getLangOpts(), Locs);
    ClassReader(Ctx, C).read(R);
    hash(R->getLocation());
    Out.Classes.push_back(std::move(C));
  }

  void function(const FunctionDecl *F) {
    if (isa<CXXMethodDecl>(F))
      return;
    Out.Declared[MainFile].insert(qualified(F));
    if (!F->doesThisDeclarationHaveABody())
      return;
    const Expr *R = returned(F);
    if (!R)
      return;
    const Expr *E = strip(R);
    // return X::apply(args)[0];
    if (const auto *Sub = dyn_cast<CXXOperatorCallExpr>(E);
        Sub && Sub->getOperator() == OO_Subscript)
      E = strip(Sub->getArg(0));
    if (const auto *C = dyn_cast<CallExpr>(E)) {
      const auto *M = dyn_cast_or_null<CXXMethodDecl>(C->getDirectCallee());
      if (M && M->getName() == "apply") {
        const CXXRecordDecl *Cls = nullptr;
        if (const auto *Q =
                dyn_cast<DeclRefExpr>(strip(C->getCallee())->IgnoreImplicit()))
          if (const NestedNameSpecifier *NNS = Q->getQualifier())
            if (const Type *T = NNS->getAsType())
              Cls = T->getAsCXXRecordDecl();
        if (Cls && derivesFromFunction(Cls)) {
          ApplyFunction A;
          A.Name = qualified(F);
          A.Class = qualified(Cls);
          for (const Expr *Arg : C->arguments()) {
            int P = -1;
            if (const auto *D = dyn_cast<DeclRefExpr>(strip(Arg)))
              for (unsigned I = 0; I < F->getNumParams(); ++I)
                if (D->getDecl() == F->getParamDecl(I))
                  P = int(I);
            A.ArgParam.push_back(P);
          }
          A.Remove = removal(F, SM, Ctx.getLangOpts(), Locs);
          hash(F->getLocation());
          Out.Applies.push_back(std::move(A));
          return;
        }
      }
    }
    if (const auto *C = dyn_cast<CXXMemberCallExpr>(E)) {
      std::string Op = typedCallOp(C);
      if (!Op.empty() && passesParams(C, F))
        Out.OpCallers[qualified(F)] = Op;
    }
  }

  void hash(SourceLocation L) {
    FileID F = SM.getFileID(SM.getExpansionLoc(L));
    std::string Name = Locs.fileName(F);
    if (!Name.empty() && !Hashes.count(Name))
      Hashes[Name] = hashContent(SM.getBufferData(F).str());
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  scan::LocConverter &Locs;
  AutogradFacts &Out;
  std::map<std::string, std::string> &Hashes;
  std::string MainFile;
};

} // namespace

void AutogradFacts::merge(AutogradFacts &&O) {
  auto Seen = [](const auto &V, const std::string &N) {
    for (const auto &X : V)
      if (X.Name == N)
        return true;
    return false;
  };
  // A class in a header is one class (an anonymous namespace's are not,
  // but are then read the same way in each unit).
  for (AutogradClass &C : O.Classes)
    if (!Seen(Classes, C.Name))
      Classes.push_back(std::move(C));
  for (ApplyFunction &A : O.Applies)
    if (!Seen(Applies, A.Name))
      Applies.push_back(std::move(A));
  OpCallers.insert(O.OpCallers.begin(), O.OpCallers.end());
  for (auto &[F, S] : O.Declared)
    Declared[F].insert(S.begin(), S.end());
  Files.insert(O.Files.begin(), O.Files.end());
}

bool AutogradBodies::keep(const Decl *D, const SourceManager &SM) {
  FileID F = SM.getFileID(SM.getExpansionLoc(D->getLocation()));
  auto It = ByFile.find(F.getHashValue());
  if (It != ByFile.end())
    return It->second;
  llvm::StringRef Text = SM.getBufferData(F);
  bool Keep =
      Text.contains("autograd::Function") || Text.contains("findSchemaOrThrow");
  ByFile[F.getHashValue()] = Keep;
  return Keep;
}

void collectAutograd(ASTContext &Ctx, scan::LocConverter &Locs,
                     AutogradFacts &Out,
                     std::map<std::string, std::string> &Hashes) {
  Collector(Ctx, Locs, Out, Hashes).run();
}

namespace {

/// `a::b::(anonymous namespace)::f` -> `a::b::f`.
std::string withoutAnonymous(std::string N) {
  const std::string A = "(anonymous namespace)::";
  for (size_t P; (P = N.find(A)) != std::string::npos;)
    N.erase(P, A.size());
  return N;
}

std::string namespaceOf(const std::string &Qualified) {
  size_t P = Qualified.rfind("::");
  return P == std::string::npos ? "" : Qualified.substr(0, P);
}

const ApplyFunction *findApply(const AutogradFacts &F, const std::string &N) {
  // The registration names it as Clang prints it for users.
  for (const ApplyFunction &A : F.Applies)
    if (withoutAnonymous(A.Name) == withoutAnonymous(N))
      return &A;
  return nullptr;
}

const AutogradClass *findClass(const AutogradFacts &F, const std::string &N) {
  for (const AutogradClass &C : F.Classes)
    if (C.Name == N)
      return &C;
  return nullptr;
}

/// Spells a read formula with the schema's names; Why gets the first reason
/// it cannot be written as it is.
std::string spell(const std::string &Formula, const std::vector<int> &ToSchema,
                  const schema::FunctionSchema &Fn,
                  const std::set<std::string> &Visible,
                  const std::map<std::string, std::string> &OpCallers,
                  const std::string &KernelNs, std::string &Why) {
  auto Fail = [&](std::string W) {
    if (Why.empty())
      Why = std::move(W);
  };
  std::string S;
  for (size_t I = 0; I < Formula.size();) {
    char C = Formula[I];
    if (C == '\x01') {
      size_t End = Formula.find('\x02', I);
      char K = Formula[I + 1];
      unsigned J = unsigned(std::stoul(Formula.substr(I + 2, End - I - 2)));
      I = End + 1;
      if (K == 'G') {
        S += Fn.Returns.size() == 1 ? "grad"
                                    : "grads[" + std::to_string(J) + "]";
        continue;
      }
      if (J >= ToSchema.size() || ToSchema[J] < 0 ||
          unsigned(ToSchema[J]) >= Fn.Arguments.size()) {
        Fail("the apply function does not pass its arguments to the "
             "forward as they are");
        S += "?";
        continue;
      }
      const schema::Argument &A = Fn.Arguments[unsigned(ToSchema[J])];
      std::string Name = A.Name;
      bool SymInt = A.Ty.isNamed("SymInt");
      if (K == 'S')
        S += Name + ".sym_sizes()";
      else if (K == 'Z')
        S += Name + ".sizes()";
      else if (K == 'I' && SymInt)
        S += "SKGEN_GUARD_INT(" + Name + ")";
      else
        S += Name;
      continue;
    }
    if (C == '\x03') {
      size_t End = Formula.find('\x04', I);
      std::string F = Formula.substr(I + 1, End - I - 1);
      I = End + 1;
      // An operator (or a function calling one) is called through a
      // function calling it that the kernel's file declares.
      auto Op = OpCallers.find(F);
      std::string Called = compat::startsWith(F, "op:") ? F.substr(3)
                           : Op != OpCallers.end()      ? Op->second
                                                        : "";
      if (!Called.empty() && !Visible.count(F))
        for (const auto &[Caller, CallerOp] : OpCallers)
          if (CallerOp == Called && Visible.count(Caller)) {
            F = Caller;
            break;
          }
      if (compat::startsWith(F, "op:")) {
        Fail("it calls the operator '" + Called +
             "', and the annotated kernel's file declares no function that "
             "calls it");
        S += Called;
        continue;
      }
      std::string Plain = withoutAnonymous(F);
      if (!Visible.count(F) || Plain != F)
        Fail("'" + Plain + "' is not declared where the annotated kernel is");
      if (!KernelNs.empty() && compat::startsWith(Plain, KernelNs + "::"))
        Plain = Plain.substr(KernelNs.size() + 2);
      S += Plain;
      continue;
    }
    if (C == '\x05') {
      size_t End = Formula.find('\x06', I);
      S += "<" + Formula.substr(I + 1, End - I - 1) + ">";
      I = End + 1;
      continue;
    }
    S += C;
    ++I;
  }
  return S;
}

} // namespace

AutogradMigration migrateAutograd(const AutogradFacts &Facts,
                                  const HandRegistration &Impl,
                                  const schema::FunctionSchema &Fn,
                                  const std::string &Kernel,
                                  const std::string &KernelFile) {
  AutogradMigration M;
  auto Note = [&](const std::string &Why, const std::string &Formulas) {
    Diagnostic N = noteAt(
        Impl.Loc, "the hand-written Autograd kernel '" + Impl.CppName +
                      "' of '" + Fn.Op.str() +
                      "' stays (the family "
                      "gets " +
                      annotationMacro(Annotation::NoAutograd) + "): " + Why);
    M.Notes.push_back(std::move(N));
    if (!Formulas.empty())
      M.Notes.push_back(noteAt(
          Impl.Loc, "its backward, as far as skgen read it: " + Formulas +
                        "; write the formulas, remove " +
                        annotationMacro(Annotation::NoAutograd) +
                        " and run --migrate again"));
  };
  const ApplyFunction *A = Impl.Kernel == HandRegistration::KernelKind::Function
                               ? findApply(Facts, Impl.CppName)
                               : nullptr;
  if (!A) {
    Note("it is not a function returning a torch::autograd::Function's "
         "apply(...)",
         "");
    return M;
  }
  const AutogradClass *C = findClass(Facts, A->Class);
  if (!C) {
    Note("skgen did not read the class '" + A->Class + "'", "");
    return M;
  }
  std::string Why = C->WhyNot;
  if (A->ArgParam.size() != C->Grads.size() && Why.empty())
    Why = "the apply function passes " + std::to_string(A->ArgParam.size()) +
          " arguments to a forward that takes " +
          std::to_string(C->Grads.size());
  if (Why.empty() && Impl.Params.size() != Fn.Arguments.size())
    Why = "'" + Impl.CppName + "' does not take the schema's arguments";
  if (Why.empty()) {
    auto Op = Facts.OpCallers.find(C->ForwardCallee);
    std::string Called = compat::startsWith(C->ForwardCallee, "op:")
                             ? C->ForwardCallee.substr(3)
                         : Op != Facts.OpCallers.end() ? Op->second
                                                       : "";
    if (Called != Fn.Op.str())
      Why =
          Called.empty()
              ? "its forward calls '" + withoutAnonymous(C->ForwardCallee) +
                    "', which skgen does not see call '" + Fn.Op.str() + "'"
              : "its forward calls '" + Called + "', not '" + Fn.Op.str() + "'";
  }
  static const std::set<std::string> None;
  auto V = Facts.Declared.find(KernelFile);
  const std::set<std::string> &Visible =
      V == Facts.Declared.end() ? None : V->second;
  std::string Formulas;
  std::vector<std::string> Undefined;
  for (unsigned J = 0; J < C->Grads.size() && J < A->ArgParam.size(); ++J) {
    int P = A->ArgParam[J];
    const schema::Argument *Arg = P >= 0 && unsigned(P) < Fn.Arguments.size()
                                      ? &Fn.Arguments[unsigned(P)]
                                      : nullptr;
    if (C->Grads[J].empty()) {
      // An undefined gradient: the tensor's requires_grad was ignored.
      if (Arg && Arg->Ty.isTensor())
        Undefined.push_back(Arg->Name);
      continue;
    }
    std::string F =
        spell(C->Grads[J], A->ArgParam, Fn, Visible, Facts.OpCallers,
              namespaceOf(withoutAnonymous(Kernel)), Why);
    std::string Name = Arg ? Arg->Name : "?";
    M.Derivatives.push_back({Name, F});
    Formulas += (Formulas.empty() ? "" : " ") +
                std::string(annotationMacro(Annotation::Derivative)) + "(\"" +
                Name + "\", \"" + F + "\")";
  }
  if (M.Derivatives.empty() && Why.empty())
    Why = "its backward returns no gradient";
  for (const std::string &N : Undefined)
    M.Derivatives.push_back({N, "non_differentiable"});
  if (!Why.empty()) {
    M.Derivatives.clear();
    Note("class '" + withoutAnonymous(C->Name) + "': " + Why, Formulas);
  }
  return M;
}

namespace {

/// Byte offset of line/column \p L in \p Text.
size_t offsetOf(llvm::StringRef Text, const SourceLoc &L) {
  size_t Off = 0;
  for (unsigned Line = 1; Line < L.Line; ++Line) {
    Off = Text.find('\n', Off);
    if (Off == llvm::StringRef::npos)
      return Text.size();
    ++Off;
  }
  return Off + L.Column - 1;
}

/// Counts the identifier \p Name in the files, outside \p Skip (file ->
/// [begin, end) byte ranges).
class References {
public:
  unsigned count(const std::string &Name,
                 const std::map<std::string,
                                std::vector<std::pair<size_t, size_t>>> &Skip) {
    unsigned N = 0;
    for (auto &[File, Text] : Texts) {
      auto S = Skip.find(File);
      LangOptions LO;
      LO.CPlusPlus = LO.CPlusPlus11 = true;
      Lexer L(SourceLocation(), LO, Text.data(), Text.data(),
              Text.data() + Text.size());
      Token T;
      for (L.LexFromRawLexer(T); T.isNot(tok::eof); L.LexFromRawLexer(T)) {
        if (T.isNot(tok::raw_identifier) || T.getRawIdentifier() != Name)
          continue;
        size_t Off = size_t(L.getBufferLocation() - Text.data()) - Name.size();
        bool Skipped = false;
        if (S != Skip.end())
          for (const auto &[B, E] : S->second)
            Skipped |= Off >= B && Off < E;
        N += !Skipped;
      }
    }
    return N;
  }
  void add(const std::string &File) {
    if (Texts.count(File))
      return;
    std::string Error;
    if (auto Buf = readRegularFile(File, MaxSourceFileBytes, Error))
      Texts[File] = Buf->getBuffer().str();
  }
  std::string text(const std::string &File) {
    add(File);
    return Texts.count(File) ? Texts[File] : "";
  }

private:
  std::map<std::string, std::string> Texts;
};

} // namespace

std::vector<Diagnostic>
unusedAutograd(const AutogradFacts &Facts,
               const std::vector<const HandRegistration *> &Removed,
               const std::vector<std::string> &InputFiles, bool RemoveUnused) {
  std::vector<Diagnostic> Out;
  References Refs;
  for (const std::string &F : Facts.Files)
    Refs.add(F);
  for (const std::string &F : InputFiles)
    Refs.add(F);
  using Ranges = std::map<std::string, std::vector<std::pair<size_t, size_t>>>;
  Ranges Skip;
  auto Exclude = [&](const SourceLoc &L, unsigned Length) {
    std::string T = Refs.text(L.File);
    size_t B = offsetOf(T, L);
    Skip[L.File].push_back({B, B + Length});
  };
  // Every removed registration names its kernel no more.
  std::vector<const ApplyFunction *> Applies;
  for (const HandRegistration *R : Removed) {
    Exclude(R->RemoveLoc, R->RemoveLength);
    if (R->Key == keys::Autograd)
      if (const ApplyFunction *A = findApply(Facts, R->CppName))
        Applies.push_back(A);
  }
  for (const ApplyFunction *A : Applies) {
    std::string Short = A->Name.substr(A->Name.rfind("::") + 2);
    if (A->Remove.WhyNot.empty())
      Exclude(A->Remove.Loc, A->Remove.Length);
    if (!A->Remove.WhyNot.empty() || Refs.count(Short, Skip) != 0)
      continue; // Still used (or not separable): nothing to say.
    const AutogradClass *C = findClass(Facts, A->Class);
    std::string CShort =
        C ? C->Name.substr(C->Name.rfind("::") + 2) : std::string();
    bool ClassToo = C && C->Remove.WhyNot.empty();
    if (ClassToo) {
      Ranges WithClass = Skip;
      std::string T = Refs.text(C->Remove.Loc.File);
      size_t B = offsetOf(T, C->Remove.Loc);
      WithClass[C->Remove.Loc.File].push_back({B, B + C->Remove.Length});
      ClassToo = Refs.count(CShort, WithClass) == 0;
      if (ClassToo)
        Skip = std::move(WithClass);
    }
    std::string What = "function '" + withoutAnonymous(A->Name) + "' (" +
                       std::to_string(A->Remove.Lines) + " lines)";
    if (ClassToo)
      What += " and class '" + withoutAnonymous(C->Name) + "' (" +
              std::to_string(C->Remove.Lines) + " lines)";
    if (!RemoveUnused) {
      Out.push_back(noteAt(
          A->Remove.Loc,
          "the hand-written autograd " + What + (ClassToo ? " are" : " is") +
              " unused after the migration; --migrate-remove-unused removes " +
              (ClassToo ? "them" : "it")));
      continue;
    }
    Diagnostic W =
        warningAt(A->Remove.Loc, "removing the unused hand-written "
                                 "autograd " +
                                     What.substr(0, What.find(" and ")));
    W.FixLength = A->Remove.Length;
    Out.push_back(W);
    if (ClassToo) {
      Diagnostic W2 = warningAt(
          C->Remove.Loc, "removing the unused hand-written autograd "
                         "class '" +
                             withoutAnonymous(C->Name) + "' (" +
                             std::to_string(C->Remove.Lines) + " lines)");
      W2.FixLength = C->Remove.Length;
      Out.push_back(W2);
    }
  }
  return Out;
}

} // namespace migrate
} // namespace skgen
