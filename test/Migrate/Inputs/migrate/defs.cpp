#include <torch/library.h>

TORCH_LIBRARY(myops, m) {
  m.def("add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)");
  m.def("add(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
  m.def("add_(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)");
  m.def("relu(Tensor self) -> Tensor"); // not a family: kept
}

TORCH_LIBRARY_FRAGMENT(otherops, m) {
  m.def("otherops::twice.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
  m.def("twice(Tensor self) -> Tensor");
  for (int I = 0; I < 1; ++I)
    m.def("twice_(Tensor(a!) self) -> Tensor(a!)");
}
