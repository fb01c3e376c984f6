#include <skgen/annotations.h>
#include <torch/csrc/stable/tensor.h>

namespace sops {
using torch::stable::Tensor;

SKGEN_STRUCTURED("sops::mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_INPLACE_NAME("Tensor")
SKGEN_META_PRESET(binary)
SKGEN_DERIVATIVE("self", "grad * other.conj()")
SKGEN_DERIVATIVE("other", "grad * self.conj()")
Tensor &mul_out(const Tensor &self, const Tensor &other, Tensor &out);

SKGEN_STRUCTURED("sops::sum.out(Tensor self, int[1] dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(reduction)
SKGEN_DERIVATIVE("self", "sum_backward(grad, self.sym_sizes(), dim, keepdim)")
Tensor &sum_out(const Tensor &self, torch::headeronly::IntHeaderOnlyArrayRef dim, bool keepdim, std::optional<torch::headeronly::ScalarType> dtype, Tensor &out);

SKGEN_STRUCTURED("sops::scale.out(Tensor self, Tensor weight, float alpha, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary)
SKGEN_DERIVATIVE("self, weight", "std::make_tuple(grad * alpha, grad_input_mask[1] ? grad * result : Tensor())")
Tensor &scale_out(const Tensor &self, const Tensor &weight, double alpha, Tensor &out);

SKGEN_STRUCTURED("sops::eq.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(comparison)
SKGEN_NOT_DIFFERENTIABLE
Tensor &eq_out(const Tensor &self, const Tensor &other, Tensor &out);
} // namespace sops
