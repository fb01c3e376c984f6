// The CPU half of a CPU+CUDA op library: the out= kernel and the meta preset.
#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace cuops {
SKGEN_STRUCTURED("cuops::scale.out(Tensor self, float s, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
at::Tensor &scale_out_cpu(const at::Tensor &self, double s, at::Tensor &out) {
  return at::mul_out(out, self, s);
}
} // namespace cuops
