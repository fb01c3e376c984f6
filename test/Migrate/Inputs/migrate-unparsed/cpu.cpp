#include <ATen/ATen.h>
#include <torch/library.h>

namespace vis {
at::Tensor &blur_out_cpu(const at::Tensor &self, at::Tensor &out) {
  return out;
}
at::Tensor &sharpen_out_cpu(const at::Tensor &self, at::Tensor &out) {
  return out;
}
} // namespace vis

TORCH_LIBRARY_IMPL(vis, CPU, m) {
  m.impl("blur.out", TORCH_FN(vis::blur_out_cpu));
  m.impl("sharpen.out", TORCH_FN(vis::sharpen_out_cpu));
}
