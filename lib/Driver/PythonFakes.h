//===- PythonFakes.h - Python fakes that replace generated Meta kernels -*- C++
//-*-===//
//
// A Python fake (torch.library.register_fake, or impl_abstract, its old
// name) registered for an op that skgen gives a Meta kernel replaces that
// kernel silently (docs/user-guide.md, "Python fakes beside generated Meta
// kernels"). The libtorch target writes no Python that could notice at run
// time, so the run reads the library's Python sources for such calls.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_DRIVER_PYTHONFAKES_H
#define SKGEN_DRIVER_PYTHONFAKES_H

#include "Graph/OpGraph.h"

#include <string>
#include <vector>

namespace skgen {

/// A warning at each `register_fake("ns::op...")` / `impl_abstract(...)` call
/// in the `.py` files under \p Root (scan::pythonRegistrations) that names an
/// operator of \p G with a Meta kernel (generated, or a kernel's).
std::vector<Diagnostic> pythonFakeWarnings(const graph::OpGraph &G,
                                           const std::string &Root);

} // namespace skgen

#endif
