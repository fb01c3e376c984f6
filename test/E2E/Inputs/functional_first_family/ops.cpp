// Families declared by their functional schema (functional-first.test):
// a library whose kernels are functional keeps its public operators.
#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <skgen/structured.h>

#include <tuple>

namespace ffe {

// Only ffe::scale is defined: Meta from the preset, Autograd from the formula.
SKGEN_STRUCTURED("ffe::scale(Tensor self, float factor) -> Tensor", CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("self", "grad * factor")
at::Tensor scale_cpu(const at::Tensor &self, double factor) {
  return self * factor;
}

skgen::Meta extrema_meta(const at::Tensor &self, int64_t dim) {
  skgen::TensorMeta m(skgen::reduced_shape(self, dim, false),
                      self.scalar_type());
  return skgen::Meta{m, m};
}

// Two outputs named by the schema (the formula reads them by those names),
// and out= asked for: ffe::extrema.out(..., *, Tensor(a!) out0, Tensor(b!) out1).
SKGEN_STRUCTURED("ffe::extrema(Tensor self, int dim) -> (Tensor low, Tensor high)",
                 CPU)
SKGEN_WITH_OUT
SKGEN_META(extrema_meta)
SKGEN_DERIVATIVE("self", "(self == low.unsqueeze(dim)) * grads[0].unsqueeze(dim)")
SKGEN_DERIVATIVE("output_differentiability", "[True, False]")
std::tuple<at::Tensor, at::Tensor> extrema_cpu(const at::Tensor &self,
                                               int64_t dim) {
  return std::make_tuple(std::get<0>(self.min(dim)), std::get<0>(self.max(dim)));
}

// All three variants, compared with aten's mul.Scalar.
SKGEN_STRUCTURED("ffe::mul.Scalar(Tensor self, Scalar other) -> Tensor", CPU)
SKGEN_WITH_OUT
SKGEN_WITH_INPLACE
SKGEN_META_PRESET(binary)
SKGEN_DERIVATIVE("self", "grad * other")
at::Tensor mul_cpu(const at::Tensor &self, const at::Scalar &other) {
  return at::mul(self, other);
}

} // namespace ffe
