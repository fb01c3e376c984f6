// Two families alike but for SKGEN_NO_AUTOGRAD (test/E2E/own-autograd.test).
#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <skgen/structured.h>

namespace own {
// The autograd is the library's own (registered from Python).
SKGEN_STRUCTURED("own::scale.out(Tensor self, float s, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
SKGEN_NO_AUTOGRAD
at::Tensor &scale_out(const at::Tensor &self, double s, at::Tensor &out) {
  return at::mul_out(out, self, at::scalar_tensor(s, self.options()));
}

// skgen's (autogradNotImplementedFallback: no formulas).
SKGEN_STRUCTURED("own::shift.out(Tensor self, float s, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
at::Tensor &shift_out(const at::Tensor &self, double s, at::Tensor &out) {
  return at::add_out(out, self, at::scalar_tensor(s, self.options()));
}
} // namespace own
