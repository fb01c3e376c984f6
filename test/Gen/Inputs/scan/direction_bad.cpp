#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace dirops {

// Names the functional op, has the out signature.
SKGEN_KERNEL("dirops::mul", PrivateUse1)
at::Tensor &mul_npu(const at::Tensor &self, const at::Tensor &other,
                    at::Tensor &out) {
  return out;
}

// An in-place kernel.
SKGEN_KERNEL("dirops::mul_", PrivateUse2)
at::Tensor &mul_inplace(at::Tensor &self, const at::Tensor &other) {
  return self;
}

} // namespace dirops
