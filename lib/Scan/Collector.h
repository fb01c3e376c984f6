//===- Collector.h - The AST walk behind AnnotationVisitor -------*- C++
//-*-===//
//
// Internal to lib/Scan. One Collector walks a parsed translation unit and
// turns the annotate attributes into KernelFacts; its work is split by idea:
// AnnotationVisitor.cpp (the walk, the annotated declaration, placement,
// signatures) and AnnotationOptions.cpp (dispatch keys and family options:
// names, meta functions and presets, allocation functions, fallbacks).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_SCAN_COLLECTOR_H
#define SKGEN_SCAN_COLLECTOR_H

#include "Basic/Annotations.h"
#include "Facts/Derivatives.h"
#include "Scan/AnnotationVisitor.h"
#include "Scan/FormulaCheck.h"
#include "Scan/TorchSpellings.h"
#include "Schema/Schema.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace skgen {
namespace scan {

// The collector names Clang's types unqualified, as the files that define
// its members do (an internal header of lib/Scan, included by those two).
using namespace clang;

/// One SKGEN_* attribute on a declaration, with its string arguments.
struct Annot {
  const Decl *D = nullptr;
  const AnnotateAttr *A = nullptr;
  const AnnotationInfo *Info = nullptr;
  SourceLocation MacroLoc; // Where the macro is used (expansion location).
  std::vector<const StringLiteral *> Args;
  std::vector<std::string> Texts; // Argument strings.
};

/// The string literal \p E is (through parentheses, casts and constant
/// expressions), or null.
const StringLiteral *stringArg(const Expr *E);

class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(ASTContext &Ctx, LocConverter &Locs, TUFacts &Out,
            std::vector<FormulaToCheck> *FormulasToCheck = nullptr)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()), Locs(Locs),
        Out(Out), FormulasToCheck(FormulasToCheck),
        CanonPolicy(canonicalTypePolicy(LO)),
        WrittenPolicy(writtenTypePolicy(LO)),
        NamePolicy(qualifiedNamePolicy(LO)) {
    Spellings.emplace(Ctx, CanonPolicy);
  }

  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }

  bool VisitDecl(Decl *D);

  bool VisitFunctionDecl(FunctionDecl *FD);

  // A lambda's call operator is implicit code, which the traversal skips.
  bool VisitLambdaExpr(LambdaExpr *LE);

  void finish(const std::vector<AnnotationUse> &Uses);

  const std::vector<const FunctionDecl *> &skipped() const { return Skipped; }

private:
  ASTContext &Ctx;
  SourceManager &SM;
  const LangOptions &LO;
  LocConverter &Locs;
  TUFacts &Out;
  std::vector<FormulaToCheck> *FormulasToCheck; // When the scan checks them.
  std::optional<TorchSpellings> Spellings;      // c10 vs std names, per TU.
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
  SourceRange skippedBody(const FunctionDecl *FD);

  //===--- Diagnostics ---------------------------------------------------===//

  Diagnostic &diag(Diagnostic::Level Lvl, SourceLocation L, std::string Msg);
  Diagnostic &error(SourceLocation L, std::string Msg) {
    return diag(Diagnostic::Level::Error, L, std::move(Msg));
  }
  void note(Diagnostic &D, SourceLocation L, std::string Msg) {
    D.Notes.push_back(noteAt(Locs.convert(L), std::move(Msg)));
  }
  /// A typo correction: "did you mean 'Name'?" at \p L, with the fix-it
  /// replacing \p Length bytes when \p Length is known. A guess at another
  /// name, so a note's fix-it, which --fix never applies.
  void suggest(Diagnostic &D, SourceLocation L, const std::string &Name,
               unsigned Length) {
    note(D, L, "did you mean '" + Name + "'?");
    if (!Length)
      return;
    D.Notes.back().FixText = Name;
    D.Notes.back().FixLength = Length;
    if (D.Ranges.empty())
      D.Ranges.push_back({D.Loc, Locs.convert(L.getLocWithOffset(Length))});
  }

  //===--- Annotation arguments -----------------------------------------===//

  bool makeAnnot(const Decl *D, const AnnotateAttr *A, Annot &N);

  /// Location of byte \p Offset of string literal \p S (clamped).
  SourceLocation byteLoc(const StringLiteral *S, size_t Offset);

  /// The top-level arguments (file offsets, trimmed) of the macro invocation
  /// written at \p MacroLoc, if it is a direct use of \p Name.
  bool macroArgs(SourceLocation MacroLoc, llvm::StringRef Name,
                 std::vector<std::pair<unsigned, unsigned>> &Args);

  SourceLocation offsetLoc(SourceLocation MacroLoc, unsigned Offset) {
    return SM.getComposedLoc(SM.getFileID(MacroLoc), Offset);
  }

  //===--- Misplaced annotations ----------------------------------------===//

  void notAFunction(const Decl *D, const Annot &N);

  //===--- Names and types ------------------------------------------------===//

  std::string qualifiedName(const NamedDecl *ND);

  CppParamFact paramFact(QualType T, std::string Name, SourceLocation L);

  //===--- Where generated code may go ------------------------------------===//

  bool insertionPoint(const Decl *D, unsigned &Offset, unsigned &Line,
                      std::string &File);

  //===--- Function lookup (SKGEN_ALLOC, SKGEN_META) ----------------------===//

  /// The functions called \p Parts (qualified name parts) visible in \p DC
  /// (all overloads), or nullptr.
  const FunctionDecl *lookupIn(const DeclContext *DC,
                               llvm::ArrayRef<llvm::StringRef> Parts,
                               const NamedDecl *&NonFunction,
                               std::vector<const FunctionDecl *> *All);

  const FunctionDecl *
  lookupFunction(std::string Name, const FunctionDecl *From,
                 const NamedDecl *&NonFunction,
                 std::vector<const FunctionDecl *> *All = nullptr);

  //===--- One annotated function ---------------------------------------===//

  static bool sameAnnot(const Annot &A, const Annot &B) {
    return A.Info == B.Info && A.Texts == B.Texts;
  }

  void processFunction(const FunctionDecl *Canon, std::vector<Annot> &List);

  void checkKeys(const Annot &N, KernelFact &K, bool AllowNone);

  // The meta options of the function being processed (checked once its
  // schema is known).
  const Annot *MetaOpt = nullptr, *PresetOpt = nullptr;
  const Annot *AutocastOpt = nullptr; // SKGEN_AUTOCAST
  // Its SKGEN_DERIVATIVE entries (in KernelFact order), checked against the
  // schema with Facts/Derivatives.h (DerivativeOptions.cpp).
  std::vector<const Annot *> DerivativeOpts;
  std::vector<const Annot *> InplaceDerivativeOpts; // SKGEN_INPLACE_DERIVATIVE
  const Annot *NotDifferentiableOpt = nullptr;

  /// SKGEN_DERIVATIVE / SKGEN_INPLACE_DERIVATIVE(names, formula): the
  /// entry, with the formula's uses found by Clang's lexer.
  void applyDerivative(const Annot &O, KernelFact &K);
  /// The entries' meaning against the out= schema \p S: errors positioned in
  /// the entries' strings; the formulas of kernel \p FD to compile.
  void checkDerivatives(const schema::FunctionSchema &S, const FunctionDecl *FD,
                        KernelFact &K);
  void checkDerivatives(const schema::FunctionSchema &S, const FunctionDecl *FD,
                        KernelFact &K, derivatives::Entries Which);
  /// Each C++ formula of \p D with its scope, for FormulaCheck.h.
  void recordFormulas(const derivatives::Derivatives &D, const FunctionDecl *FD,
                      const KernelFact &K);
  /// The annotations of \p Which entries, in KernelFact order.
  const std::vector<const Annot *> &
  derivativeOpts(derivatives::Entries Which) const {
    return Which == derivatives::Entries::Inplace ? InplaceDerivativeOpts
                                                  : DerivativeOpts;
  }
  /// Where the bytes of \p Lit are (FormulaToCheck::Pieces).
  std::vector<FormulaToCheck::Piece> formulaPieces(const StringLiteral *Lit);

  void applyOptions(const std::vector<const Annot *> &Options,
                    const FunctionDecl *FD, KernelFact &K);
  /// Records option \p O in \p K; false if it is not a family option (or
  /// its argument is refused).
  bool applyOption(const Annot &O, const FunctionDecl *FD, KernelFact &K);
  /// The combinations of the \p Given options that Facts/OptionRules.h
  /// refuses, at their annotations.
  void checkOptionCombinations(const std::map<Annotation, const Annot *> &Given,
                               const FunctionDecl *FD, KernelFact &K);

  /// SKGEN_FALLBACK("ns::op.overload"): the name of another family's out
  /// overload; whether it fits is checked at link time, when every family
  /// is known.
  void applyFallback(const Annot &O, KernelFact &K);

  /// The fully qualified name of the function option \p O (SKGEN_ALLOC,
  /// SKGEN_VMAP) names, looked up from \p FD; "" after an error.
  std::string namedFunction(const Annot &O, const FunctionDecl *FD,
                            llvm::StringRef What);

  /// Where the text of argument \p Index of the macro at \p MacroLoc starts
  /// (the macro location when it cannot be found).
  SourceLocation macroArgLoc(const Annot &O, unsigned Index,
                             llvm::StringRef Expect = "");

  /// SKGEN_META(fn): a declared function with the functional variant's
  /// dispatcher signature, returning skgen::Meta.
  void applyMeta(const Annot &O, const FunctionDecl *Kernel,
                 const schema::FunctionSchema &S, KernelFact &K);

  bool checkMetaSignature(const FunctionDecl *F,
                          const schema::FunctionSchema &S, const Annot &O,
                          std::vector<Diagnostic> &Diags);

  /// The canonical type of `skgen::SymInt` (skgen/symint.h) in this
  /// translation unit: `c10::SymInt` with PyTorch >= 2, `long` with 1.13 (or
  /// when the TU does not declare it).
  std::string symIntCanonical();

  /// SKGEN_META_PRESET(name, args...): a known preset whose roles bind to
  /// the family's arguments (Schema/MetaPresets.h).
  void applyPreset(const Annot &O, const schema::FunctionSchema &S,
                   KernelFact &K);

  /// SKGEN_AUTOCAST(policy): a policy of Basic/AutocastPolicies.def that
  /// skgen generates and that fits the out= schema \p S
  /// (AutocastOption.cpp).
  void applyAutocast(const Annot &O, const schema::FunctionSchema &S,
                     KernelFact &K);

  /// The functional variant of the family SKGEN_STRUCTURED(\p Written) with
  /// options \p O, if it has one.
  static std::optional<schema::FunctionSchema>
  functionalVariant(const schema::FunctionSchema &Written,
                    const FamilyOptions &O);

  /// SKGEN_KERNEL whose family's SKGEN_STRUCTURED is in this TU: check now,
  /// against the out schema, or the functional variant's when the kernel
  /// names that (a functional kernel).
  void checkKernelsAgainstVisibleFamilies();

  void recordFiles();
};

} // namespace scan
} // namespace skgen

#endif
