//===- DerivativeOptions.cpp - SKGEN_DERIVATIVE entries ------------------===//
//
// The Collector's reading of a family's derivative entries (Collector.h):
// each formula's uses of names, found by Clang's lexer, and the entries'
// meaning against the family schema (Facts/Derivatives.h), with errors
// positioned inside the strings.
//
//===----------------------------------------------------------------------===//
#include "Facts/CodeText.h"
#include "Facts/Derivatives.h"
#include "Facts/SignatureCheck.h"
#include "Scan/Collector.h"

using namespace clang;

namespace skgen {
namespace scan {

void Collector::applyDerivative(const Annot &O, KernelFact &K) {
  DerivativeFact D;
  D.Names = O.Texts[0];
  D.Formula = O.Texts[1];
  D.NamesLoc = Locs.convert(byteLoc(O.Args[0], 0));
  D.FormulaLoc = Locs.convert(byteLoc(O.Args[1], 0));
  D.Uses = formulaUses(D.Formula);
  // Generated code pastes the formula as one expression (Facts/CodeText.h).
  if (std::optional<CodeTextError> E = checkCppExpression(D.Formula)) {
    Diagnostic &Err = error(
        byteLoc(O.Args[1], E->Offset),
        "a derivative formula is one C++ expression; this one " + E->What);
    note(Err, O.MacroLoc, "in this annotation");
  }
  bool Inplace = O.Info->Id == Annotation::InplaceDerivative;
  (Inplace ? K.Options.InplaceDerivatives : K.Options.Derivatives)
      .push_back(std::move(D));
  (Inplace ? InplaceDerivativeOpts : DerivativeOpts).push_back(&O);
}

void Collector::checkDerivatives(const schema::FunctionSchema &S,
                                 const FunctionDecl *FD, KernelFact &K) {
  for (derivatives::Entries Which :
       {derivatives::Entries::Family, derivatives::Entries::Inplace})
    checkDerivatives(S, FD, K, Which);
}

void Collector::checkDerivatives(const schema::FunctionSchema &S,
                                 const FunctionDecl *FD, KernelFact &K,
                                 derivatives::Entries Which) {
  if (derivatives::entries(K.Options, Which).empty() &&
      Which == derivatives::Entries::Inplace)
    return;
  std::vector<derivatives::DerivativeError> Errors;
  derivatives::Derivatives D =
      derivatives::analyze(S, K.Options, Errors, Which);
  for (const derivatives::DerivativeError &DE : Errors) {
    const Annot &O = *derivativeOpts(Which)[DE.Entry];
    const StringLiteral *Lit = O.Args[DE.AtFormula ? 1 : 0];
    Diagnostic &E = error(byteLoc(Lit, DE.Offset), DE.Message);
    if (DE.Length)
      E.Ranges.push_back(
          {E.Loc, Locs.convert(byteLoc(Lit, DE.Offset + DE.Length))});
    if (!DE.Suggestion.empty())
      suggest(E, byteLoc(Lit, DE.Offset), DE.Suggestion, DE.Length);
    note(E, O.MacroLoc, "in this annotation");
  }
  // (analyze() leaves malformed entries out; when the scope itself cannot
  // be declared, e.g. an argument named `grad`, no formula is compiled. A
  // kernel written against the stable ABI has its formulas compiled against
  // skgen/stable/formulas.h.)
  if (FormulasToCheck &&
      llvm::none_of(Errors, [](const derivatives::DerivativeError &E) {
        return E.ScopeBroken;
      }))
    recordFormulas(D, FD, K);
}

std::vector<FormulaToCheck::Piece>
Collector::formulaPieces(const StringLiteral *Lit) {
  std::vector<FormulaToCheck::Piece> Pieces;
  SourceLoc Prev;
  for (unsigned B = 0; B <= Lit->getByteLength(); ++B) {
    SourceLoc L = Locs.convert(byteLoc(Lit, B));
    if (Pieces.empty() || L.File != Prev.File || L.Line != Prev.Line ||
        L.Column != Prev.Column + 1)
      Pieces.push_back({B, L});
    Prev = std::move(L);
  }
  return Pieces;
}

void Collector::recordFormulas(const derivatives::Derivatives &D,
                               const FunctionDecl *FD, const KernelFact &K) {
  FormulaToCheck Base;
  Base.Kernel = Out.Kernels.size(); // Where K goes.
  Base.Target = declaredAbi(K.Params, K.Return);
  for (const DeclContext *DC = FD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      Base.Namespaces.insert(Base.Namespaces.begin(),
                             (NS->isInline() ? "inline " : "") +
                                 NS->getName().str());
  const std::vector<DerivativeFact> &Entries =
      derivatives::entries(K.Options, D.Which);
  auto Record = [&](size_t Entry, FormulaToCheck F) {
    const Annot &O = *derivativeOpts(D.Which)[Entry];
    if (checkCppExpression(Entries[Entry].Formula))
      return; // Reported (applyDerivative): not compiled.
    F.Names = Entries[Entry].Names;
    F.Formula = Entries[Entry].Formula;
    F.Pieces = formulaPieces(O.Args[1]);
    F.AnnotationLoc = Locs.convert(O.MacroLoc);
    FormulasToCheck->push_back(std::move(F));
  };
  for (const derivatives::BackwardFormula &B : D.Backward) {
    FormulaToCheck F = Base;
    F.Scope = derivatives::backwardScope(D, B, Base.Target);
    F.ResultTypes = derivatives::backwardResultTypes(D, B, Base.Target);
    F.Text = derivatives::backwardFormulaText(D, B, &F.Replaced);
    Record(B.Entry, std::move(F));
  }
  // Keywords (auto_element_wise, auto_linear) are not C++.
  for (const derivatives::ForwardFormula &G : D.Forward)
    if (G.K == derivatives::ForwardFormula::Kind::Formula) {
      FormulaToCheck F = Base;
      F.Forward = true;
      F.Scope = derivatives::forwardScope(D, Base.Target);
      F.ResultTypes = derivatives::forwardResultTypes(G, Base.Target);
      F.Text = G.Formula;
      Record(G.Entry, std::move(F));
    }
}

} // namespace scan
} // namespace skgen
