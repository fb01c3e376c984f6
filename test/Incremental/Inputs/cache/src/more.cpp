#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
SKGEN_STRUCTURED("myops::neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &neg_out(const at::Tensor &self, at::Tensor &out) { return out; }
} // namespace myops
