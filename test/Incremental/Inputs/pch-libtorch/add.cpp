#include <ATen/ATen.h>
#include <torch/library.h>
#include <skgen/annotations.h>

namespace myops {
SKGEN_STRUCTURED("myops::add.out(Tensor self, Tensor other, *, Scalar alpha=1, "
                 "Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &add_out(const at::Tensor &self, const at::Tensor &other,
                    const at::Scalar &alpha, at::Tensor &out) {
  return at::add_out(out, self, other, alpha);
}
} // namespace myops
