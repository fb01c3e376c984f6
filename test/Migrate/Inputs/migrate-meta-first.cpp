// The Meta kernel is registered before the CPU one: SKGEN_STRUCTURED (the
// family's schema) still goes on the CPU kernel, SKGEN_KERNEL on the Meta one.
#include <torch/library.h>

at::Tensor &sq_out_meta(const at::Tensor &self, at::Tensor &out) { return out; }

at::Tensor &sq_out_cpu(const at::Tensor &self, at::Tensor &out) { return out; }

TORCH_LIBRARY(metafirst, m) {
  m.def("sq.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
}

TORCH_LIBRARY_IMPL(metafirst, Meta, m) { m.impl("sq.out", sq_out_meta); }

TORCH_LIBRARY_IMPL(metafirst, CPU, m) { m.impl("sq.out", sq_out_cpu); }
