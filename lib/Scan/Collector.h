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

/// One SKGEN_* attribute on a declaration, with its string arguments.
struct Annot {
  const clang::Decl *D = nullptr;
  const clang::AnnotateAttr *A = nullptr;
  const AnnotationInfo *Info = nullptr;
  clang::SourceLocation
      MacroLoc; // Where the macro is used (expansion location).
  std::vector<const clang::StringLiteral *> Args;
  std::vector<std::string> Texts; // Argument strings.
};

/// The string literal \p E is (through parentheses, casts and constant
/// expressions), or null.
const clang::StringLiteral *stringArg(const clang::Expr *E);

class Collector : public clang::RecursiveASTVisitor<Collector> {
public:
  Collector(clang::ASTContext &Ctx, LocConverter &Locs, TUFacts &Out,
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

  bool VisitDecl(clang::Decl *D);

  bool VisitFunctionDecl(clang::FunctionDecl *FD);

  // A lambda's call operator is implicit code, which the traversal skips.
  bool VisitLambdaExpr(clang::LambdaExpr *LE);

  void finish(const std::vector<AnnotationUse> &Uses);

  const std::vector<const clang::FunctionDecl *> &skipped() const {
    return Skipped;
  }

private:
  clang::ASTContext &Ctx;
  clang::SourceManager &SM;
  const clang::LangOptions &LO;
  LocConverter &Locs;
  TUFacts &Out;
  std::vector<FormulaToCheck> *FormulasToCheck; // When the scan checks them.
  std::optional<TorchSpellings> Spellings;      // c10 vs std names, per TU.
  clang::PrintingPolicy CanonPolicy, WrittenPolicy, NamePolicy;
  std::vector<const clang::FunctionDecl *> Order;
  std::map<const clang::FunctionDecl *, std::vector<Annot>> ByFunction;
  // Parsed schemas of the recorded facts (index into Out.Kernels).
  std::map<size_t, schema::FunctionSchema> Schemas;
  std::map<size_t, schema::OperatorName> KernelOps;
  std::set<clang::FileID> Files;
  std::set<clang::SourceLocation>
      Annotated; // Where the annotations on decls are.
  std::vector<const clang::FunctionDecl *>
      Skipped; // Definitions, body skipped.

  /// The braces of a skipped function body (Clang keeps no location for
  /// them): raw-lexed from the end of the declarator.
  clang::SourceRange skippedBody(const clang::FunctionDecl *FD);

  //===--- Diagnostics ---------------------------------------------------===//

  Diagnostic &diag(Diagnostic::Level Lvl, clang::SourceLocation L,
                   std::string Msg);
  Diagnostic &error(clang::SourceLocation L, std::string Msg) {
    return diag(Diagnostic::Level::Error, L, std::move(Msg));
  }
  void note(Diagnostic &D, clang::SourceLocation L, std::string Msg) {
    D.Notes.push_back(noteAt(Locs.convert(L), std::move(Msg)));
  }
  /// A typo correction: "did you mean 'Name'?" at \p L, with the fix-it
  /// replacing \p Length bytes when \p Length is known. A guess at another
  /// name, so a note's fix-it, which --fix never applies.
  void suggest(Diagnostic &D, clang::SourceLocation L, const std::string &Name,
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

  bool makeAnnot(const clang::Decl *D, const clang::AnnotateAttr *A, Annot &N);

  /// Location of byte \p Offset of string literal \p S (clamped).
  clang::SourceLocation byteLoc(const clang::StringLiteral *S, size_t Offset);

  /// The top-level arguments (file offsets, trimmed) of the macro invocation
  /// written at \p MacroLoc, if it is a direct use of \p Name.
  bool macroArgs(clang::SourceLocation MacroLoc, llvm::StringRef Name,
                 std::vector<std::pair<unsigned, unsigned>> &Args);

  clang::SourceLocation offsetLoc(clang::SourceLocation MacroLoc,
                                  unsigned Offset) {
    return SM.getComposedLoc(SM.getFileID(MacroLoc), Offset);
  }

  //===--- Misplaced annotations ----------------------------------------===//

  void notAFunction(const clang::Decl *D, const Annot &N);

  //===--- Names and types ------------------------------------------------===//

  std::string qualifiedName(const clang::NamedDecl *ND);

  CppParamFact paramFact(clang::QualType T, std::string Name,
                         clang::SourceLocation L);

  //===--- Where generated code may go ------------------------------------===//

  bool insertionPoint(const clang::Decl *D, unsigned &Offset, unsigned &Line,
                      std::string &File);

  //===--- Function lookup (SKGEN_ALLOC, SKGEN_META) ----------------------===//

  /// The functions called \p Parts (qualified name parts) visible in \p DC
  /// (all overloads), or nullptr.
  const clang::FunctionDecl *
  lookupIn(const clang::DeclContext *DC, llvm::ArrayRef<llvm::StringRef> Parts,
           const clang::NamedDecl *&NonFunction,
           std::vector<const clang::FunctionDecl *> *All);

  const clang::FunctionDecl *
  lookupFunction(std::string Name, const clang::FunctionDecl *From,
                 const clang::NamedDecl *&NonFunction,
                 std::vector<const clang::FunctionDecl *> *All = nullptr);

  //===--- One annotated function ---------------------------------------===//

  static bool sameAnnot(const Annot &A, const Annot &B) {
    return A.Info == B.Info && A.Texts == B.Texts;
  }

  void processFunction(const clang::FunctionDecl *Canon,
                       std::vector<Annot> &List);

  /// The primary annotation (SKGEN_STRUCTURED or SKGEN_KERNEL) of \p List,
  /// merged over redeclarations, or null; its options go to \p Options
  /// (once each, list options once per entry).
  const Annot *mergeAnnotations(const clang::FunctionDecl *Canon,
                                const std::vector<Annot> &List,
                                std::vector<const Annot *> &Options);

  /// Family options need SKGEN_STRUCTURED: an error at each one that is
  /// elsewhere (\p Primary null: no primary annotation at all).
  void checkOptionPlacement(const Annot *Primary,
                            const std::vector<const Annot *> &Options);

  /// Whether the generated registrations can call \p FD (a declaration at
  /// namespace or class scope, no lambda, template, deleted, variadic,
  /// friend-only, private or non-static member function): an error at it
  /// when not.
  bool registrableKernel(const clang::FunctionDecl *FD, const Annot &Primary);

  /// The declaration's facts: names, keys, signature as declared, where the
  /// generated code goes.
  KernelFact declaredKernel(const clang::FunctionDecl *FD, const Annot &Primary,
                            bool AllowNoKeys);

  /// SKGEN_STRUCTURED: the family's schema, its out= variant, the kernel's
  /// signature against it and the options that need the schema; the
  /// written schema goes to Schemas[\p Index].
  void checkFamily(const Annot &Primary, const clang::FunctionDecl *FD,
                   KernelFact &K, size_t Index);

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
  void checkDerivatives(const schema::FunctionSchema &S,
                        const clang::FunctionDecl *FD, KernelFact &K);
  void checkDerivatives(const schema::FunctionSchema &S,
                        const clang::FunctionDecl *FD, KernelFact &K,
                        derivatives::Entries Which);
  /// Each C++ formula of \p D with its scope, for FormulaCheck.h.
  void recordFormulas(const derivatives::Derivatives &D,
                      const clang::FunctionDecl *FD, const KernelFact &K);
  /// The annotations of \p Which entries, in KernelFact order.
  const std::vector<const Annot *> &
  derivativeOpts(derivatives::Entries Which) const {
    return Which == derivatives::Entries::Inplace ? InplaceDerivativeOpts
                                                  : DerivativeOpts;
  }
  /// Where the bytes of \p Lit are (FormulaToCheck::Pieces).
  std::vector<FormulaToCheck::Piece>
  formulaPieces(const clang::StringLiteral *Lit);

  void applyOptions(const std::vector<const Annot *> &Options,
                    const clang::FunctionDecl *FD, KernelFact &K);
  /// Records option \p O in \p K; false if it is not a family option (or
  /// its argument is refused).
  bool applyOption(const Annot &O, const clang::FunctionDecl *FD,
                   KernelFact &K);
  /// The combinations of the \p Given options that Facts/OptionRules.h
  /// refuses, at their annotations.
  void checkOptionCombinations(const std::map<Annotation, const Annot *> &Given,
                               const clang::FunctionDecl *FD, KernelFact &K);

  /// SKGEN_FALLBACK("ns::op.overload"): the name of another family's out
  /// overload; whether it fits is checked at link time, when every family
  /// is known.
  void applyFallback(const Annot &O, KernelFact &K);

  /// The fully qualified name of the function option \p O (SKGEN_ALLOC,
  /// SKGEN_VMAP) names, looked up from \p FD; "" after an error.
  std::string namedFunction(const Annot &O, const clang::FunctionDecl *FD,
                            llvm::StringRef What);

  /// Where the text of argument \p Index of the macro at \p MacroLoc starts
  /// (the macro location when it cannot be found).
  clang::SourceLocation macroArgLoc(const Annot &O, unsigned Index,
                                    llvm::StringRef Expect = "");

  /// SKGEN_META(fn): a declared function with the functional variant's
  /// dispatcher signature, returning skgen::Meta.
  void applyMeta(const Annot &O, const clang::FunctionDecl *Kernel,
                 const schema::FunctionSchema &S, KernelFact &K);

  bool checkMetaSignature(const clang::FunctionDecl *F,
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
