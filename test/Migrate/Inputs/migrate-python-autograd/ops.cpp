#include <ATen/ATen.h>
#include <torch/library.h>

namespace ext {
at::Tensor muladd_cpu(const at::Tensor &a, const at::Tensor &b, double c) {
  return a;
}
at::Tensor mul_cpu(const at::Tensor &a, const at::Tensor &b) { return a; }
} // namespace ext

TORCH_LIBRARY(ext, m) {
  m.def("muladd(Tensor a, Tensor b, float c) -> Tensor");
  m.def("mul(Tensor a, Tensor b) -> Tensor");
}

TORCH_LIBRARY_IMPL(ext, CPU, m) {
  m.impl("muladd", &ext::muladd_cpu);
  m.impl("mul", &ext::mul_cpu);
}
