// What --migrate leaves alone, and says why.
#include <skgen/annotations.h>
#include <torch/library.h>

at::Tensor &neg_out(const at::Tensor &self, at::Tensor &out) { return out; }
at::Tensor &bad_out(const at::Tensor &self, int64_t n, at::Tensor &out) {
  return out;
}

TORCH_LIBRARY(third, m) {
  m.def("neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
  m.def("neg(Tensor input) -> Tensor");
  m.def("bad.out(Tensor self, float x, *, Tensor(a!) out) -> Tensor(a!)");
  m.impl("neg_", [](at::Tensor &self) -> at::Tensor & { return self; });
}

TORCH_LIBRARY_IMPL(third, CPU, m) {
  m.impl("neg.out", neg_out);
  m.impl("bad.out", bad_out);
}
