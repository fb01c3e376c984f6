//===- PythonSources.h - torch.library calls in a library's Python -*- C++
//-*-===//
//
// What a library registers from Python for its C++ operators: fakes
// (torch.library.register_fake, impl_abstract) replace a Meta kernel skgen
// generates, an autograd (register_autograd) is the family's autograd. The
// run reads the library's `.py` files for such calls whose first argument is
// a string literal naming an operator; a call through a variable is not
// seen. Only diagnostics and options come from it, never code.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_SCAN_PYTHONSOURCES_H
#define SKGEN_SCAN_PYTHONSOURCES_H

#include "Basic/Diagnostic.h"

#include <string>
#include <vector>

namespace skgen {
namespace scan {

struct PythonRegistration {
  enum class Kind { Fake, Autograd };
  Kind K = Kind::Fake;
  /// The operator as written: `ns::op`, `ns::op.overload`, `ns::op.default`.
  std::string Op;
  SourceLoc Loc; // The called function's name.
};

/// The registrations in the `.py` files under \p Root (hidden, `build*`,
/// `venv`, `site-packages`, `node_modules` and `__pycache__` directories
/// skipped; at most 20,000 entries and 4 MiB per file read).
std::vector<PythonRegistration> pythonRegistrations(const std::string &Root);

/// True if \p Written (as in PythonRegistration::Op) names operator
/// \p Qualified (`ns::op`) with overload \p Overload.
bool namesOperator(const std::string &Written, const std::string &Qualified,
                   const std::string &Overload);

} // namespace scan
} // namespace skgen

#endif
