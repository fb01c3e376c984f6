// A hand-written stable-ABI library (test/Migrate/migrate-stable.test): the
// definitions.
#include <torch/csrc/stable/library.h>

STABLE_TORCH_LIBRARY(sops, m) {
  m.def("square.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
  m.def("square(Tensor self) -> Tensor");
  m.def("square_(Tensor(a!) self) -> Tensor(a!)");
  m.def("relu(Tensor self) -> Tensor");
  m.def("bad.out(Tensor self, float x, *, Tensor(a!) out) -> Tensor(a!)");
  m.def("neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
}

STABLE_TORCH_LIBRARY_FRAGMENT(sops, m) {
  m.def("scale.out(Tensor self, float factor, *, Tensor(a!) out) -> "
        "Tensor(a!)");
  m.def("scale(Tensor self, float factor) -> Tensor", {at::Tag::pointwise});
}
