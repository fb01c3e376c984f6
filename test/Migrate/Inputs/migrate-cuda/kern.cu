#include <ATen/ATen.h>
#include <torch/library.h>

__global__ void scale_kernel(const float *x, float *y) {}

namespace ops {
at::Tensor &scale_out_cuda(const at::Tensor &self, at::Tensor &out) {
  scale_kernel<<<1, 256>>>(nullptr, nullptr);
  return out;
}
} // namespace ops

TORCH_LIBRARY(ops, m) {
  m.def("scale.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
}

TORCH_LIBRARY_IMPL(ops, CUDA, m) {
  m.impl("scale.out", TORCH_FN(ops::scale_out_cuda));
}
