// A comment before the includes is fine.
#include <ATen/ATen.h>
#include <skgen/annotations.h> // so is one after

namespace myops {
SKGEN_STRUCTURED("myops::add.out(Tensor self, Tensor other, *, Scalar alpha=1, "
                 "Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &add_out(const at::Tensor &self, const at::Tensor &other,
                    const at::Scalar &alpha, at::Tensor &out) {
  return out;
}
} // namespace myops
