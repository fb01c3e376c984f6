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
} // namespace sops
