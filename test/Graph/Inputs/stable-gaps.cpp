#include <skgen/annotations.h>
#include <torch/csrc/stable/tensor.h>

namespace sops {
using torch::stable::Tensor;

SKGEN_STRUCTURED("sops::add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary)
Tensor &add_out(const Tensor &self, const Tensor &other, double alpha, Tensor &out);

SKGEN_STRUCTURED("sops::fill.out(Tensor self, SymInt n, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
Tensor &fill_out(const Tensor &self, int64_t n, Tensor &out);

SKGEN_STRUCTURED("sops::neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
Tensor &neg_out(const Tensor &self, Tensor &out);

SKGEN_STRUCTURED("sops::sq.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("self", "2 * grad * self")
Tensor &sq_out(const Tensor &self, Tensor &out);

SKGEN_STRUCTURED("sops::eq.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(comparison)
SKGEN_NOT_DIFFERENTIABLE
Tensor &eq_out(const Tensor &self, const Tensor &other, Tensor &out);

// Fine on the stable ABI.
SKGEN_STRUCTURED("sops::sum.out(Tensor self, int[1] dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(reduction)
Tensor &sum_out(const Tensor &self, torch::headeronly::IntHeaderOnlyArrayRef dim, bool keepdim, std::optional<torch::headeronly::ScalarType> dtype, Tensor &out);

SKGEN_STRUCTURED("sops::fused.out(Tensor a, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
SKGEN_LEGACY_OP("fused_out")
Tensor &fused_out(const Tensor &a, Tensor &out);

// Presets and roles the stable-ABI runtime does not have.
SKGEN_STRUCTURED("sops::isposinf.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(unary_bool)
Tensor &isposinf_out(const Tensor &self, Tensor &out);
SKGEN_STRUCTURED("sops::div.out_mode(Tensor self, Tensor other, *, str? rounding_mode, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_FUNCTIONAL_NAME("Tensor_mode")
SKGEN_META_PRESET(binary_float)
Tensor &div_out(const Tensor &self, const Tensor &other, std::optional<std::string_view> rounding_mode, Tensor &out);

// Functional kernels and fallbacks: mul.out and mul.Scalar_out are fine.
SKGEN_STRUCTURED("sops::mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_FUNCTIONAL_KERNEL
SKGEN_META_PRESET(binary)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_INPLACE_NAME("Tensor")
Tensor mul_cpu(const Tensor &self, const Tensor &other);
SKGEN_STRUCTURED("sops::mul.Scalar_out(Tensor self, float other, *, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("sops::mul.out")
Tensor &mul_scalar_out(const Tensor &self, double other, Tensor &out);
// A number other than float, int, bool.
SKGEN_STRUCTURED("sops::mul.Str_out(Tensor self, str other, *, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("sops::mul.out")
Tensor &mul_str_out(const Tensor &self, std::string_view other, Tensor &out);
// A fallback family with a kernel of its own needs a meta function.
SKGEN_STRUCTURED("sops::mul.Int_out(Tensor self, int other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_FALLBACK("sops::mul.out")
Tensor &mul_int_out(const Tensor &self, int64_t other, Tensor &out);
SKGEN_STRUCTURED("sops::mul.Bool_out(Tensor self, bool other, *, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("sops::mul.out")
Tensor &mul_bool_out(const Tensor &self, bool other, Tensor &out);
SKGEN_KERNEL("sops::mul.Bool_out", CPU)
Tensor &mul_bool_out_cpu(const Tensor &self, bool other, Tensor &out);
SKGEN_KERNEL("sops::mul.Bool", Meta)
Tensor mul_bool_meta(const Tensor &self, bool other);
} // namespace sops
