// A library in the vLLM/CUDA style: legacy mutating operators (their output
// positional, nothing returned; rms_out's first) next to a structured out=
// one.
#include <Python.h>
#include <torch/library.h>
#ifdef WITH_EXTRA
#include "extra.h"
#endif

at::Tensor &scale_out(const at::Tensor &self, at::Tensor &out) { return out; }
void fused_out(const at::Tensor &a, const at::Tensor &b, at::Tensor &out) {}
void rms_out(at::Tensor &out, const at::Tensor &x) {}

TORCH_LIBRARY(legacy, m) {
  m.def("scale.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
  m.def("fused_out(Tensor a, Tensor b, Tensor(a!) out) -> ()");
  m.def("relu(Tensor self) -> Tensor");
  m.def("rms_out(Tensor(a!) out, Tensor x) -> ()");
}

TORCH_LIBRARY_IMPL(legacy, CPU, m) {
  m.impl("fused_out", fused_out);
  m.impl("relu", [](const at::Tensor &self) { return self; });
  m.impl("rms_out", rms_out);
  m.impl("scale.out", scale_out);
}
