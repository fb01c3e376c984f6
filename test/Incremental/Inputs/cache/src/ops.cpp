#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <real.h>

#include "ops.h"

namespace myops {

int helper(int x) {
  return x + 1;
}

SKGEN_STRUCTURED("myops::add.out(Tensor self, Tensor other, *, Scalar alpha=1, "
                 "Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &add_out(const at::Tensor &self, const at::Tensor &other,
                    const at::Scalar &alpha, at::Tensor &out) {
  return out;
}

SKGEN_STRUCTURED("myops::scale.out(Tensor self, float f, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &scale_out(const at::Tensor &self, real::type f, at::Tensor &out) { return out; }

} // namespace myops
