//===- TorchSpellings.h - One canonical form across PyTorch versions -*- C++
//-*-===//
//
// A kernel parameter's canonical type is compared with schema::CppType's
// Canonical, which is written as Clang prints the types with libtorch 1.13
// (`c10::optional<at::Tensor>`). PyTorch 2.x made some c10 names aliases of
// the standard library's (`namespace c10 { using std::optional; }`), so with
// its headers the same parameter prints as `std::optional<at::Tensor>`, and
// `std::optional<at::Tensor>` written by the user IS the dispatcher's type.
// TorchSpellings looks at how this translation unit's c10 declares those
// names and maps the standard spelling back to the c10 one only where the two
// are the same type: with 1.13, `std::optional<at::Tensor>` stays what it is,
// a different type (and an error).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_SCAN_TORCHSPELLINGS_H
#define SKGEN_SCAN_TORCHSPELLINGS_H

#include "Facts/Facts.h"

#include "clang/AST/Type.h"

#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class LangOptions;
struct PrintingPolicy;
} // namespace clang

namespace skgen {
namespace scan {

/// How facts print what they record, for every reader of the AST (the
/// annotation scan, --migrate's registration scan), so their spellings
/// compare: canonical types (CppParamFact::Canonical, `c10::ArrayRef<long>`),
/// types as written (`const at::Scalar &`) and qualified names.
clang::PrintingPolicy canonicalTypePolicy(const clang::LangOptions &LO);
clang::PrintingPolicy writtenTypePolicy(const clang::LangOptions &LO);
clang::PrintingPolicy qualifiedNamePolicy(const clang::LangOptions &LO);

class TorchSpellings;

/// A parameter (or return, \p Name "") of type \p T as facts record it,
/// for every reader of the AST alike.
CppParamFact cppParamFact(clang::QualType T, std::string Name, SourceLoc Loc,
                          const clang::PrintingPolicy &Written,
                          const clang::PrintingPolicy &Canonical,
                          const TorchSpellings &Spellings);

class TorchSpellings {
public:
  /// Inspects the c10 namespace of \p Ctx's translation unit; \p Canon is
  /// the policy canonical types are printed with.
  TorchSpellings(clang::ASTContext &Ctx, const clang::PrintingPolicy &Canon);
  /// \p Canonical with each standard type that this TU's c10 aliases
  /// replaced by its 1.13 c10 spelling (`std::optional<` -> `c10::optional<`,
  /// `std::basic_string_view<char, std::char_traits<char>>` ->
  /// `c10::basic_string_view<char>`).
  std::string normalize(std::string Canonical) const;
  /// True if c10 aliases the standard library's optional: PyTorch >= 2.4.
  bool isTorch2() const { return !Aliases.empty(); }

private:
  /// (standard prefix, c10 prefix) pairs that name the same template here.
  std::vector<std::pair<std::string, std::string>> Aliases;
};

} // namespace scan
} // namespace skgen

#endif
