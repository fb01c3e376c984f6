//===- FormulaCheck.h - Derivative formulas compiled at scan time -*- C++
//-*-===//
//
// A family's derivative formulas (SKGEN_DERIVATIVE, Facts/Derivatives.h) are
// C++ that generated code compiles later, in another place. The scan compiles
// them now, so that a typo or a type error is reported at the formula, in the
// string literal, instead of in generated code: one check source per
// translation unit includes the main file and defines, per formula, a function
// in the kernel's namespace whose parameters are the formula's scope
// (backwardScope / forwardScope) and whose body converts the formula to its
// result type, as generated code does. It is parsed with the TU's compile
// command (and precompiled header), bodies skipped except its own; Clang's
// diagnostics inside a formula are mapped back, byte for byte, to the
// formula's literal, with Clang's fix-its (typo corrections).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_SCAN_FORMULACHECK_H
#define SKGEN_SCAN_FORMULACHECK_H

#include "Facts/Derivatives.h"
#include "Facts/Facts.h"
#include "Incremental/FileDeps.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <string>
#include <vector>

namespace skgen {
namespace scan {

/// One formula to compile, recorded by the facts walk while the AST (and so
/// the string literal) is alive.
struct FormulaToCheck {
  size_t Kernel = 0; // Into TUFacts::Kernels.
  /// The kernel's enclosing namespaces, outermost first, as reopened:
  /// "myops", "inline v1", "" (anonymous).
  std::vector<std::string> Namespaces;
  std::vector<derivatives::ScopeEntry> Scope;
  /// What the formula converts to: one type, or one per name of a group
  /// (`self, other` or forward `U, S, Vh`: a tuple assigned with std::tie).
  std::vector<std::string> ResultTypes;
  bool Forward = false; // A forward formula (else a backward one).
  /// The ABI of the kernel: the scope's types and the runtime header.
  Abi Target = Abi::Libtorch;
  std::string Names;   // The entry's names, for messages.
  std::string Formula; // As written.
  /// As generated code evaluates it (derivatives::backwardFormulaText), and
  /// where it differs from Formula.
  std::string Text;
  std::vector<derivatives::Replacement> Replaced;
  /// Where the formula's bytes are written: from each piece's Offset (into
  /// Formula) on, byte Offset+k is at column Loc.Column+k of Loc's line, up
  /// to the next piece (a new piece starts at each concatenated literal,
  /// escape sequence or line break). The last piece's location of byte
  /// Formula.size() is the closing quote.
  struct Piece {
    unsigned Offset = 0;
    SourceLoc Loc;
  };
  std::vector<Piece> Pieces;
  SourceLoc AnnotationLoc; // The SKGEN_DERIVATIVE macro.
};

/// Compiles \p Formulas of the translation unit \p MainFile (which parsed
/// without errors) with its adjusted command \p Cmd and precompiled header
/// \p Pch (or ""). Appends the diagnostics to \p T, marks the kernels of
/// formulas with errors (KernelFact::AnnotationErrors), and appends the files
/// the check read to \p Deps; returns false when those cannot be replayed
/// (the facts must not be cached).
bool checkFormulas(const std::string &MainFile,
                   const clang::tooling::CompileCommand &Cmd,
                   const std::string &Pch,
                   const std::vector<FormulaToCheck> &Formulas, TUFacts &T,
                   std::vector<incremental::FileDep> &Deps);

} // namespace scan
} // namespace skgen

#endif
