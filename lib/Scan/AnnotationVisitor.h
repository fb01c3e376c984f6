//===- AnnotationVisitor.h - AST -> KernelFacts -----------------*- C++ -*-===//
#ifndef SKGEN_SCAN_ANNOTATIONVISITOR_H
#define SKGEN_SCAN_ANNOTATIONVISITOR_H

#include "Scan/Facts.h"

#include "clang/Basic/SourceLocation.h"

#include <map>
#include <string>

namespace clang {
class ASTContext;
class SourceManager;
} // namespace clang

namespace skgen {
namespace scan {

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

/// Walks the parsed translation unit: one KernelFact per annotated function
/// (redeclarations merged), diagnostics for misuse, and the files involved.
void collectFacts(clang::ASTContext &Ctx, LocConverter &Locs, TUFacts &Out);

} // namespace scan
} // namespace skgen

#endif
