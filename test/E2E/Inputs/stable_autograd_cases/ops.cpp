// Runtime reproducers for the stable target's autograd
// (test_review.py compares each with aten).
#include <skgen/annotations.h>
#include <skgen/stable/structured.h>
#include <torch/csrc/stable/library.h>

using torch::stable::Tensor;

skgen::Meta bin_meta(const Tensor &self, const Tensor &other) {
  return skgen::preset::binary(self, other);
}
skgen::Meta un_meta(const Tensor &self) { return skgen::preset::unary(self); }

// As examples/stable's mul.
SKGEN_STRUCTURED("review::mul.out(Tensor self, Tensor other, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_META(bin_meta)
SKGEN_DERIVATIVE("self", "mul_tensor_backward(grad, other, self.scalar_type())")
SKGEN_DERIVATIVE("other",
                 "mul_tensor_backward(grad, self, other.scalar_type())")
Tensor &mul_out(const Tensor &self, const Tensor &other, Tensor &out) {
  skgen::call_out<1>("aten::mul", "out", self, other, out);
  return out;
}

// Not differentiable; its kernel calls an aten out= op.
SKGEN_STRUCTURED("review::nd.out(Tensor self, Tensor other, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_META(bin_meta)
SKGEN_NOT_DIFFERENTIABLE
Tensor &nd_out(const Tensor &self, const Tensor &other, Tensor &out) {
  skgen::call_out<1>("aten::mul", "out", self, other, out);
  return out;
}

// A formula adding a number to a bool tensor (aten: an int64 tensor).
SKGEN_STRUCTURED("review::twice.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META(un_meta)
SKGEN_DERIVATIVE("self", "grad * (1 + (self > 0))")
Tensor &twice_out(const Tensor &self, Tensor &out) {
  // The values do not matter here: the formula's evaluation does.
  skgen::call_out<1>("aten::mul", "out", self, self, out);
  return out;
}

// An input without a formula: refused when it requires grad.
SKGEN_STRUCTURED("review::refuse.out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META(bin_meta)
SKGEN_DERIVATIVE("self", "grad * other")
Tensor &refuse_out(const Tensor &self, const Tensor &other, Tensor &out) {
  skgen::call_out<1>("aten::mul", "out", self, other, out);
  return out;
}
