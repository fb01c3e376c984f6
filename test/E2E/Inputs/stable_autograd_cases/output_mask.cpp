// An argument named like the backward operator's mask: the backward
// operator gets two `output_mask` parameters, and the generated C++ does
// not compile. Either skgen names its mask apart or refuses the name.
#include <skgen/annotations.h>
#include <skgen/stable/structured.h>
#include <torch/csrc/stable/library.h>

using torch::stable::Tensor;

skgen::Meta om_meta(const Tensor &self, double output_mask) {
  (void)output_mask;
  return skgen::preset::unary(self);
}

SKGEN_STRUCTURED("review::om.out(Tensor self, float output_mask, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META(om_meta)
SKGEN_DERIVATIVE("self", "grad * output_mask")
Tensor &om_out(const Tensor &self, double output_mask, Tensor &out) {
  Tensor w = torch::stable::full({}, output_mask, self.scalar_type(),
                                 std::nullopt, self.device());
  skgen::call_out<1>("aten::mul", "out", self, w, out);
  return out;
}
