#include <ATen/ATen.h>
#include <skgen/annotations.h>

__global__ void scale_kernel(const float *x, float *y) {}

namespace ops {
SKGEN_KERNEL("ops::scale.out", CUDA)
at::Tensor &scale_out_cuda(const at::Tensor &self, at::Tensor &out) {
  scale_kernel<<<1, 256>>>(nullptr, nullptr);
  return out;
}
} // namespace ops
