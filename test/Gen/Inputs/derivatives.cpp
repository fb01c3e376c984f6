#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <skgen/structured.h>
namespace dops {

// A group formula with grad_input_mask, a saved output and a property.
SKGEN_STRUCTURED("dops::atan2.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary)
SKGEN_DERIVATIVE("self, other", "atan2_backward(grad, self, other, grad_input_mask)")
SKGEN_DERIVATIVE("result", "(self_t * other_p - other_t * self_p) / (self_p.pow(2) + other_p.pow(2))")
at::Tensor &atan2_out(const at::Tensor &self, const at::Tensor &other, at::Tensor &out);

// Properties only (sizes are saved, not self), a non-tensor argument saved by
// value, a forward formula reading the output.
SKGEN_STRUCTURED("dops::mean.dim_out(Tensor self, int[1] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(reduction)
SKGEN_DERIVATIVE("self", "mean_backward(grad, self.sym_sizes(), dim, self.sym_numel(), keepdim)")
SKGEN_DERIVATIVE("result", "auto_linear")
at::Tensor &mean_out(const at::Tensor &self, at::IntArrayRef dim, bool keepdim, at::Tensor &out);

// Two outputs, one differentiable; a non-differentiable input; an optional
// tensor without formula (refused when it requires grad).
skgen::Meta nll_meta(const at::Tensor &self, const at::Tensor &target, const c10::optional<at::Tensor> &weight);

SKGEN_STRUCTURED("dops::nll.out(Tensor self, Tensor target, Tensor? weight, *, Tensor(a!) output, Tensor(b!) total_weight) -> (Tensor(a!) output, Tensor(b!) total_weight)", CPU)
SKGEN_META(nll_meta)
SKGEN_DERIVATIVE("self", "nll_backward(grad, self, target, weight, total_weight)")
SKGEN_DERIVATIVE("target", "non_differentiable")
SKGEN_DERIVATIVE("output_differentiability", "[True, False]")
std::tuple<at::Tensor &, at::Tensor &> nll_out(const at::Tensor &self, const at::Tensor &target, const c10::optional<at::Tensor> &weight, at::Tensor &output, at::Tensor &total_weight);

// In-place reading self (the original is saved), auto_element_wise.
SKGEN_STRUCTURED("dops::exp2.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary_float)
SKGEN_DERIVATIVE("self", "grad * result.conj() * 0.6931471805599453")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &exp2_out(const at::Tensor &self, at::Tensor &out);

SKGEN_STRUCTURED("dops::sq.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("self", "2 * grad * self.conj()")
at::Tensor &sq_out(const at::Tensor &self, at::Tensor &out);

// Not differentiable at all.
SKGEN_STRUCTURED("dops::eq.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(comparison)
SKGEN_NOT_DIFFERENTIABLE
at::Tensor &eq_out(const at::Tensor &self, const at::Tensor &other, at::Tensor &out);

} // namespace dops
