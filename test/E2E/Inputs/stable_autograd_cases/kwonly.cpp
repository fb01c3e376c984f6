// A keyword-only tensor input with a formula: register_autograd returns no
// gradient for keyword-only inputs, so this is an error at the formula (or
// supported); skgen must not crash.
#include <skgen/annotations.h>
#include <skgen/stable/structured.h>
#include <torch/csrc/stable/library.h>

using torch::stable::Tensor;

skgen::Meta kw_meta(const Tensor &self, const Tensor &other) {
  return skgen::preset::binary(self, other);
}

SKGEN_STRUCTURED("review::kw.out(Tensor self, *, Tensor other, Tensor(a!) out) "
                 "-> Tensor(a!)",
                 CPU)
SKGEN_META(kw_meta)
SKGEN_DERIVATIVE("self", "grad * other")
SKGEN_DERIVATIVE("other", "grad * self")
Tensor &kw_out(const Tensor &self, const Tensor &other, Tensor &out) {
  skgen::call_out<1>("aten::mul", "out", self, other, out);
  return out;
}
