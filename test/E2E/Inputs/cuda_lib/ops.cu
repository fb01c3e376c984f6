// The CUDA half: a real kernel and its launch on the current stream.
#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <skgen/annotations.h>

template <typename T>
__global__ void __launch_bounds__(256)
    scale_kernel(const T *x, T *y, float s, int64_t n) {
  int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  if (i < n)
    y[i] = x[i] * s;
}

namespace cuops {
SKGEN_KERNEL("cuops::scale.out", CUDA)
at::Tensor &scale_out_cuda(const at::Tensor &self, double s, at::Tensor &out) {
  TORCH_CHECK(self.scalar_type() == at::kFloat, "scale: float32 only");
  at::Tensor x = self.contiguous();
  int64_t n = x.numel();
  if (n == 0)
    return out;
  scale_kernel<float><<<(n + 255) / 256, 256, 0,
                        at::cuda::getCurrentCUDAStream()>>>(
      x.data_ptr<float>(), out.data_ptr<float>(), static_cast<float>(s), n);
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return out;
}
} // namespace cuops
