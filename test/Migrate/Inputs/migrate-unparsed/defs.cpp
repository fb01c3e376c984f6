#include <torch/library.h>

TORCH_LIBRARY(vis, m) {
  m.def("blur.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
  m.def("sharpen.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
}
