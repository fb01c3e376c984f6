// Chained registrations: read, but not removed (the other call would go
// with them).
#include <skgen/annotations.h>
#include <torch/library.h>

at::Tensor &sq_out(const at::Tensor &self, at::Tensor &out) { return out; }

TORCH_LIBRARY(chained, m) {
  m.def("sq.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)")
      .def("sq(Tensor self) -> Tensor");
}

TORCH_LIBRARY_IMPL(chained, CPU, m) { m.impl("sq.out", sq_out); }
