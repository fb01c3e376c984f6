#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {

SKGEN_STRUCTURED("myops::pow.Tensor_Tensor_out(Tensor self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_INPLACE_NAME("Tensor")
at::Tensor &pow_out(const at::Tensor &self, const at::Tensor &exponent, at::Tensor &out);

// No kernel: every backend through pow.Tensor_Tensor.
SKGEN_STRUCTURED("myops::pow.Tensor_Scalar_out(Tensor self, Scalar exponent, *, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("myops::pow.Tensor_Tensor_out")
SKGEN_INPLACE_NAME("Scalar")
at::Tensor &pow_tensor_scalar_out(const at::Tensor &self, const at::Scalar &exponent, at::Tensor &out);

// A CPU kernel of its own, the fallback elsewhere; no in-place (self is a Scalar).
SKGEN_STRUCTURED("myops::pow.Scalar_out(Scalar self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_FALLBACK("myops::pow.Tensor_Tensor_out")
at::Tensor &pow_scalar_out_cpu(const at::Scalar &self, const at::Tensor &exponent, at::Tensor &out);

} // namespace myops
