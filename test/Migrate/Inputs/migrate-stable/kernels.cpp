// A hand-written stable-ABI library (test/Migrate/migrate-stable.test): the
// kernels, boxed by TORCH_BOX (which cannot box a reference: they return
// by value).
#include <torch/csrc/stable/library.h>
#include <torch/csrc/stable/tensor.h>

namespace sops {
using torch::stable::Tensor;

Tensor square_out(const Tensor &self, Tensor &out) { return out; }
Tensor square(const Tensor &self) { return self; }
Tensor square_(Tensor &self) { return self; }
Tensor square_out_meta(const Tensor &self, Tensor &out) { return out; }
Tensor scale_out(const Tensor &self, double factor, Tensor &out) {
  return out;
}
Tensor relu(const Tensor &self) { return self; }
Tensor bad_out(const Tensor &self, int64_t x, Tensor &out) { return out; }
void neg_boxed(StableIValue *stack, uint64_t, uint64_t) {}
} // namespace sops

STABLE_TORCH_LIBRARY_IMPL(sops, CPU, m) {
  m.impl("square.out", TORCH_BOX(&sops::square_out));
  m.impl("square", TORCH_BOX(&sops::square));
  m.impl("square_", TORCH_BOX(&sops::square_));
  m.impl("scale.out", TORCH_BOX(sops::scale_out));
  m.impl("relu", TORCH_BOX(&sops::relu));
  m.impl("bad.out", TORCH_BOX(&sops::bad_out));
  m.impl("neg.out", &sops::neg_boxed);
}

STABLE_TORCH_LIBRARY_IMPL(sops, Meta, m) {
  m.impl("square.out", TORCH_BOX(&sops::square_out_meta));
}
