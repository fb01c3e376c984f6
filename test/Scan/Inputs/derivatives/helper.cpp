#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
// my_scale is a formula helper of <skgen/formulas.h> (in skgen::formulas).
SKGEN_STRUCTURED("myops::scale.out(Tensor self, *, Scalar alpha, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("self", "my_scale(grad, alpha)")
at::Tensor &scale_out(const at::Tensor &self, const at::Scalar &alpha, at::Tensor &out);
} // namespace myops
