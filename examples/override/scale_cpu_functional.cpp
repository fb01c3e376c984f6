// A hand-written CPU *functional* kernel for myops::scale, in its own library
// (libskgen_example_override.so), loaded after libskgen_example_ops.so.
//
// The dispatcher prefers a backend kernel (CPU) over an alias-key kernel
// (CompositeExplicitAutograd), so once this library is loaded myops::scale on
// CPU runs this function instead of the generated alias-key variant. Its calls
// are counted: torch.ops.skgen_example_override.scale_calls().
#include <ATen/ATen.h>
#include <torch/library.h>

#include <atomic>

namespace {

std::atomic<int64_t> ScaleCalls{0};

at::Tensor scale_cpu_functional(const at::Tensor &self, double factor) {
  ++ScaleCalls;
  return at::mul(self, at::scalar_tensor(factor, self.options()));
}

int64_t scale_calls() { return ScaleCalls.load(); }

} // namespace

TORCH_LIBRARY_IMPL(myops, CPU, m) {
  m.impl("scale", TORCH_FN(scale_cpu_functional));
}
TORCH_LIBRARY(skgen_example_override, m) {
  m.def("scale_calls() -> int", &scale_calls);
}
