//===- AnnotationVisitor.h - AST -> KernelFacts -----------------*- C++ -*-===//
#ifndef SKGEN_SCAN_ANNOTATIONVISITOR_H
#define SKGEN_SCAN_ANNOTATIONVISITOR_H

#include "Facts/Facts.h"

#include "clang/Basic/SourceLocation.h"

#include <map>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Decl;
class FunctionDecl;
class SourceManager;
} // namespace clang

namespace skgen {
namespace scan {

struct FormulaToCheck; // FormulaCheck.h

/// Clang locations -> SourceLoc (absolute, normalized path relative to the
/// compile command's directory; 1-based line/column of the file location).
class LocConverter {
public:
  LocConverter(const clang::SourceManager &SM, std::string Directory)
      : SM(SM), Directory(std::move(Directory)) {}
  SourceLoc convert(clang::SourceLocation L);
  std::string fileName(clang::FileID FID);

private:
  const clang::SourceManager &SM;
  std::string Directory;
  std::map<clang::FileID, std::string> Names;
};

/// A use of an annotation macro (SKGEN_STRUCTURED, ...) that expands to an
/// attribute, seen by the preprocessor: where it was written (the expansion
/// location) and the macro's name.
struct AnnotationUse {
  clang::SourceLocation Loc;
  std::string Macro;
};

/// Walks the parsed translation unit: one KernelFact per annotated function
/// (redeclarations merged), diagnostics for misuse, and the files involved.
/// An annotation in \p Uses that reached no declaration (it is in a skipped
/// function body) is an error, unless Clang already reported errors.
void collectFacts(clang::ASTContext &Ctx, LocConverter &Locs, TUFacts &Out,
                  const std::vector<AnnotationUse> &Uses = {});

/// The same, walking only \p TopLevel (top-level declarations in parse
/// order; the scanner passes those of the main file and project headers, not
/// of system headers or a precompiled header) instead of the whole
/// translation unit. \p Skipped receives the functions whose bodies Clang
/// skipped among them; \p FormulasToCheck, when not null, the derivative
/// formulas to compile (FormulaCheck.h).
void collectFacts(clang::ASTContext &Ctx, LocConverter &Locs, TUFacts &Out,
                  const std::vector<AnnotationUse> &Uses,
                  const std::vector<clang::Decl *> &TopLevel,
                  std::vector<const clang::FunctionDecl *> &Skipped,
                  std::vector<FormulaToCheck> *FormulasToCheck = nullptr);

} // namespace scan
} // namespace skgen

#endif
