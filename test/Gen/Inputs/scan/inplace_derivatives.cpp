// Families whose in-place variant has its own derivatives.yaml entry
// (test/Gen/inplace-derivatives.test).
#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace ipops {

// aten's operators the formulas call (found in namespace at in real code).
at::Tensor threshold_backward(const at::Tensor &grad, const at::Tensor &self,
                              const at::Scalar &threshold);
at::Tensor elu_backward(const at::Tensor &grad, const at::Scalar &alpha,
                        const at::Scalar &scale, const at::Scalar &input_scale,
                        bool is_result, const at::Tensor &self_or_result);

// eq: the functional variant's outputs are not differentiable; eq_ has a
// zero gradient and a zero tangent (derivatives.yaml's eq_.Tensor).
SKGEN_STRUCTURED("ipops::eq.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(comparison)
SKGEN_DERIVATIVE("output_differentiability", "[False]")
SKGEN_INPLACE_DERIVATIVE("self", "zeros_like(self)")
SKGEN_INPLACE_DERIVATIVE("other", "zeros_like(other)")
SKGEN_INPLACE_DERIVATIVE("result", "self_t.zero_()")
at::Tensor &eq_out_cpu(const at::Tensor &self, const at::Tensor &other,
                       at::Tensor &out);

// threshold: the in-place forward formula reads the copy of self taken
// before the call and writes self's tangent.
SKGEN_STRUCTURED("ipops::threshold.out(Tensor self, Scalar threshold, Scalar value, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("self", "threshold_backward(grad, self, threshold)")
SKGEN_DERIVATIVE("result", "auto_element_wise")
SKGEN_INPLACE_DERIVATIVE("self", "threshold_backward(grad, self, threshold)")
SKGEN_INPLACE_DERIVATIVE("result", "self_t.copy_(threshold_backward(self_t.conj(), original_self_p, threshold).conj())")
at::Tensor &threshold_out_cpu(const at::Tensor &self, const at::Scalar &threshold,
                              const at::Scalar &value, at::Tensor &out);

// elu: the in-place forward formula reads the tangent self had before the
// call, and the result.
SKGEN_STRUCTURED("ipops::elu.out(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("self", "elu_backward(grad, alpha, scale, input_scale, /* is_result */ false, self)")
SKGEN_DERIVATIVE("result", "auto_element_wise")
SKGEN_INPLACE_DERIVATIVE("self", "elu_backward(grad, alpha, scale, input_scale, /* is_result */ true, result)")
SKGEN_INPLACE_DERIVATIVE("result", "self_t.copy_(elu_backward(original_self_t, alpha, scale, input_scale, /* is_result */ true, result))")
at::Tensor &elu_out_cpu(const at::Tensor &self, const at::Scalar &alpha,
                        const at::Scalar &scale, const at::Scalar &input_scale,
                        at::Tensor &out);

} // namespace ipops
