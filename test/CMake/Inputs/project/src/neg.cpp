#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <torch/library.h>

namespace ops {
SKGEN_STRUCTURED("ops::neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &neg_out(const at::Tensor &self, at::Tensor &out) {
  return out;
}
} // namespace ops
