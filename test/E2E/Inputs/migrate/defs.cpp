// Schemas, written by hand.
#include <torch/library.h>

TORCH_LIBRARY(mig, m) {
  m.def("add.out(Tensor self, Tensor other, *, Scalar alpha=1, "
        "Tensor(a!) out) -> Tensor(a!)");
  m.def("add(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
  m.def("add_(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)");
  m.def("scale.out(Tensor self, float factor, *, Tensor(a!) out) -> Tensor(a!)");
  m.def("scale(Tensor self, float factor) -> Tensor");
  m.def("fused_out(Tensor a, Tensor b, Tensor(a!) out) -> ()");
  // Not an out= family: stays as it is.
  m.def("relu(Tensor self) -> Tensor");
  m.impl("relu", [](const at::Tensor &self) { return self.clamp_min(0); });
}

TORCH_LIBRARY_FRAGMENT(mig2, m) {
  m.def("mig2::twice.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
  m.def("twice(Tensor self) -> Tensor");
  m.def("twice_(Tensor(a!) self) -> Tensor(a!)");
}
