//===- DerivativeOptions.cpp - SKGEN_DERIVATIVE entries ------------------===//
//
// The Collector's reading of a family's derivative entries (Collector.h):
// each formula's uses of names, found by Clang's lexer, and the entries'
// meaning against the family schema (Facts/Derivatives.h), with errors
// positioned inside the strings.
//
//===----------------------------------------------------------------------===//
#include "Facts/Derivatives.h"
#include "Facts/SignatureCheck.h"
#include "Scan/Collector.h"

#include "clang/Lex/Lexer.h"

namespace skgen {
namespace scan {

/// The names \p Formula may use as variables: identifiers not after `.`,
/// `->` or `::` and not before `::`, each with a saved property when
/// written `name.property()`.
static std::vector<DerivativeFact::Use> formulaUses(llvm::StringRef Formula,
                                                    const LangOptions &LO) {
  std::vector<DerivativeFact::Use> Uses;
  std::vector<Token> Toks;
  std::vector<unsigned> Offsets;
  Lexer L(SourceLocation(), LO, Formula.begin(), Formula.begin(),
          Formula.end());
  Token T;
  while (!L.LexFromRawLexer(T) || T.isNot(tok::eof)) {
    if (T.is(tok::eof))
      break;
    Toks.push_back(T);
    Offsets.push_back(unsigned(L.getBufferLocation() - Formula.begin()) -
                      T.getLength());
  }
  auto Is = [&](size_t I, tok::TokenKind K) {
    return I < Toks.size() && Toks[I].is(K);
  };
  for (size_t I = 0; I < Toks.size(); ++I) {
    if (!Toks[I].is(tok::raw_identifier))
      continue;
    if (I > 0 && (Is(I - 1, tok::period) || Is(I - 1, tok::arrow) ||
                  Is(I - 1, tok::coloncolon)))
      continue;
    if (Is(I + 1, tok::coloncolon))
      continue;
    DerivativeFact::Use U;
    U.Name = Toks[I].getRawIdentifier().str();
    U.Offset = Offsets[I];
    U.Length = Toks[I].getLength();
    if (Is(I + 1, tok::period) && Is(I + 2, tok::raw_identifier) &&
        Is(I + 3, tok::l_paren) && Is(I + 4, tok::r_paren) &&
        derivatives::findSavedProperty(Toks[I + 2].getRawIdentifier())) {
      U.Property = Toks[I + 2].getRawIdentifier().str();
      U.Length = Offsets[I + 4] + 1 - U.Offset;
    }
    Uses.push_back(std::move(U));
  }
  return Uses;
}

void Collector::applyDerivative(const Annot &O, KernelFact &K) {
  DerivativeFact D;
  D.Names = O.Texts[0];
  D.Formula = O.Texts[1];
  D.NamesLoc = Locs.convert(byteLoc(O.Args[0], 0));
  D.FormulaLoc = Locs.convert(byteLoc(O.Args[1], 0));
  D.Uses = formulaUses(D.Formula, LO);
  K.Options.Derivatives.push_back(std::move(D));
  DerivativeOpts.push_back(&O);
}

void Collector::checkDerivatives(const schema::FunctionSchema &S,
                                 const FunctionDecl *FD, KernelFact &K) {
  std::vector<derivatives::DerivativeError> Errors;
  derivatives::Derivatives D = derivatives::analyze(S, K.Options, Errors);
  for (const derivatives::DerivativeError &DE : Errors) {
    const Annot &O = *DerivativeOpts[DE.Entry];
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
  // be declared, e.g. an argument named `grad`, no formula is compiled. The
  // stable ABI has no autograd: the link phase refuses the formulas of a
  // kernel written against it, and there is no scope to compile them in.)
  if (FormulasToCheck && declaredAbi(K.Params, K.Return) != Abi::Stable &&
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
  for (const DeclContext *DC = FD->getDeclContext(); DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC))
      Base.Namespaces.insert(Base.Namespaces.begin(),
                             (NS->isInline() ? "inline " : "") +
                                 NS->getName().str());
  auto Record = [&](size_t Entry, FormulaToCheck F) {
    const Annot &O = *DerivativeOpts[Entry];
    F.Names = K.Options.Derivatives[Entry].Names;
    F.Formula = K.Options.Derivatives[Entry].Formula;
    F.Pieces = formulaPieces(O.Args[1]);
    F.AnnotationLoc = Locs.convert(O.MacroLoc);
    FormulasToCheck->push_back(std::move(F));
  };
  for (const derivatives::BackwardFormula &B : D.Backward) {
    FormulaToCheck F = Base;
    F.Scope = derivatives::backwardScope(D, B);
    F.ResultTypes = derivatives::backwardResultTypes(D, B);
    F.Text = derivatives::backwardFormulaText(D, B, &F.Replaced);
    Record(B.Entry, std::move(F));
  }
  // Keywords (auto_element_wise, auto_linear) are not C++.
  for (const derivatives::ForwardFormula &G : D.Forward)
    if (G.K == derivatives::ForwardFormula::Kind::Formula) {
      FormulaToCheck F = Base;
      F.Forward = true;
      F.Scope = derivatives::forwardScope(D);
      F.ResultTypes = {"at::Tensor"};
      F.Text = G.Formula;
      Record(G.Entry, std::move(F));
    }
}

} // namespace scan
} // namespace skgen
