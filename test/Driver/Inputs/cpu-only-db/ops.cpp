#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace ops {
SKGEN_STRUCTURED("ops::scale.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
at::Tensor &scale_out_cpu(const at::Tensor &self, at::Tensor &out) { return out; }
} // namespace ops
