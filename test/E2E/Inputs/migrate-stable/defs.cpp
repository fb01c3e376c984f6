// A hand-written stable-ABI library (test/E2E/migrate-stable.test): the
// definitions.
#include <torch/csrc/stable/library.h>

STABLE_TORCH_LIBRARY(smig, m) {
  m.def("square.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
  m.def("square(Tensor self) -> Tensor");
  m.def("square_(Tensor(a!) self) -> Tensor(a!)");
  // Not an out= family: stays as it is.
  m.def("twice(Tensor self) -> Tensor");
}

STABLE_TORCH_LIBRARY_FRAGMENT(smig, m) {
  m.def("scale.out(Tensor self, float factor, *, Tensor(a!) out) -> "
        "Tensor(a!)");
  m.def("scale(Tensor self, float factor) -> Tensor");
}
