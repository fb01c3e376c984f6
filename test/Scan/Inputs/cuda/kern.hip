// HIP as hipcc compiles it (ROCm is not installed: skgen's keywords only).
#include <ATen/ATen.h>
#include <skgen/annotations.h>
#ifndef __HIP_PLATFORM_AMD__
#error "hipcc's platform macro"
#endif
__global__ void __launch_bounds__(64) k(float *y) {}
namespace ops {
SKGEN_STRUCTURED("ops::hip.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CUDA)
at::Tensor &hip_out(const at::Tensor &self, at::Tensor &out) {
  hipLaunchKernelGGL(k, 1, 64, 0, 0, nullptr);
  k<<<1, 64>>>(nullptr);
  return out;
}
} // namespace ops
