// Loaded into the E2E scripts that compare many refused calls with aten's
// (skgen_testing.quick_errors()). PyTorch 1.13 captures and symbolizes a C++
// backtrace for every c10::Error it constructs (about 5 ms of CPU each),
// which Python's message does not show (TORCH_SHOW_CPP_STACKTRACES unset):
// presets.test's ~60000 refused calls spent most of their time there. The
// fetcher installed here returns no backtrace; messages, error types and
// everything else are unchanged. PyTorch 2 computes backtraces lazily: the
// file compiles to nothing there.
#include <torch/version.h>

#if TORCH_VERSION_MAJOR < 2
#include <c10/util/Logging.h>

#include <string>

namespace {
const bool Installed = [] {
  c10::SetStackTraceFetcher([] { return std::string(); });
  return true;
}();
} // namespace
#endif
