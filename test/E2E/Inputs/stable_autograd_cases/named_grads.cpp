// Two differentiable outputs whose formulas name their gradients
// (grad_a, grad_b): skgen must generate, not crash (it read the inputs at
// the index of an output gradient).
#include <skgen/annotations.h>
#include <skgen/stable/structured.h>
#include <torch/csrc/stable/library.h>

using torch::stable::Tensor;

skgen::Meta two_meta(const Tensor &self) {
  skgen::Meta m = skgen::preset::unary(self);
  return skgen::Meta{m[0], m[0]};
}

SKGEN_STRUCTURED("review::two.out(Tensor self, *, Tensor(a!) a, Tensor(b!) b) "
                 "-> (Tensor(a!) a, Tensor(b!) b)",
                 CPU)
SKGEN_META(two_meta)
SKGEN_NO_INPLACE
SKGEN_DERIVATIVE("self", "grad_a * 2 + grad_b * self")
std::tuple<Tensor &, Tensor &> two_out(const Tensor &self, Tensor &a,
                                       Tensor &b) {
  skgen::call_out<1>("aten::mul", "out", self, self, a);
  skgen::call_out<1>("aten::mul", "out", self, self, b);
  return {a, b};
}
