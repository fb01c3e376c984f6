//===- TorchSpellings.cpp - One canonical form across PyTorch versions ----===//
#include "Scan/TorchSpellings.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"

#include <cctype>

namespace skgen {
namespace scan {

CppParamFact cppParamFact(clang::QualType T, std::string Name, SourceLoc Loc,
                          const clang::PrintingPolicy &Written,
                          const clang::PrintingPolicy &Canonical,
                          const TorchSpellings &Spellings) {
  CppParamFact P;
  P.Name = std::move(Name);
  P.Spelling = T.getAsString(Written);
  clang::QualType C = T.getCanonicalType();
  if (const auto *R =
          llvm::dyn_cast<clang::LValueReferenceType>(C.getTypePtr())) {
    P.IsReference = true;
    C = R->getPointeeType().getCanonicalType();
  }
  P.IsConst = C.isConstQualified();
  P.Canonical =
      Spellings.normalize(C.getUnqualifiedType().getAsString(Canonical));
  P.Loc = std::move(Loc);
  return P;
}

clang::PrintingPolicy canonicalTypePolicy(const clang::LangOptions &LO) {
  clang::PrintingPolicy P(LO);
  P.SuppressTagKeyword = true;
  P.PrintCanonicalTypes = true;
  P.SuppressDefaultTemplateArgs = true;
  return P;
}

clang::PrintingPolicy writtenTypePolicy(const clang::LangOptions &LO) {
  clang::PrintingPolicy P(LO);
  P.SuppressTagKeyword = true;
  return P;
}

clang::PrintingPolicy qualifiedNamePolicy(const clang::LangOptions &LO) {
  clang::PrintingPolicy P(LO);
  P.SuppressUnwrittenScope = true;
  P.SuppressInlineNamespace = true;
  return P;
}

using namespace clang;

/// True if `c10::<Name>` in this TU is `std::<Name>` (a using-declaration or
/// an alias template of it), not c10's own template.
static bool c10AliasesStd(ASTContext &Ctx, llvm::StringRef Name) {
  TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
  for (NamedDecl *N : TU->lookup(&Ctx.Idents.get("c10"))) {
    const auto *NS = dyn_cast<NamespaceDecl>(N);
    if (!NS)
      continue;
    for (NamedDecl *D : NS->lookup(&Ctx.Idents.get(Name))) {
      if (const auto *U = dyn_cast<UsingShadowDecl>(D))
        D = U->getTargetDecl();
      const DeclContext *DC =
          D->getDeclContext()->getEnclosingNamespaceContext();
      while (DC && DC->isInlineNamespace())
        DC = DC->getParent();
      if (const auto *Owner = dyn_cast_or_null<NamespaceDecl>(DC))
        if (Owner->isStdNamespace() && isa<ClassTemplateDecl>(D))
          return true;
      if (isa<TypeAliasTemplateDecl>(D))
        return true;
    }
  }
  return false;
}

/// The canonical type `c10::<Name>` (a typedef) stands for, or "".
static std::string c10Typedef(ASTContext &Ctx, llvm::StringRef Name,
                              const PrintingPolicy &Canon) {
  TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
  for (NamedDecl *N : TU->lookup(&Ctx.Idents.get("c10")))
    if (const auto *NS = dyn_cast<NamespaceDecl>(N))
      for (NamedDecl *D : NS->lookup(&Ctx.Idents.get(Name)))
        if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
          return TD->getUnderlyingType().getCanonicalType().getAsString(Canon);
  return "";
}

TorchSpellings::TorchSpellings(ASTContext &Ctx, const PrintingPolicy &Canon) {
  // PyTorch >= 2.4: `namespace c10 { using std::optional; }`.
  if (c10AliasesStd(Ctx, "optional"))
    Aliases.emplace_back("std::optional<", "c10::optional<");
  // PyTorch 2.x (2.13 at least): `using string_view = std::string_view;`.
  const std::string C10StringView = "c10::basic_string_view<char>";
  std::string SV = c10Typedef(Ctx, "string_view", Canon);
  if (!SV.empty() && SV != C10StringView)
    Aliases.emplace_back(SV, C10StringView);
}

std::string TorchSpellings::normalize(std::string S) const {
  for (const auto &A : Aliases) {
    for (size_t Pos = S.find(A.first); Pos != std::string::npos;
         Pos = S.find(A.first, Pos)) {
      // Only a whole qualified name: not `mystd::optional<`.
      char Before = Pos ? S[Pos - 1] : ' ';
      if (std::isalnum(static_cast<unsigned char>(Before)) || Before == '_' ||
          Before == ':') {
        Pos += A.first.size();
        continue;
      }
      S.replace(Pos, A.first.size(), A.second);
      Pos += A.second.size();
    }
  }
  return S;
}

} // namespace scan
} // namespace skgen
