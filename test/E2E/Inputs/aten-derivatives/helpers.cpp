// aten's structured ops whose derivatives.yaml formulas call aten's formula
// helpers (torch/csrc/autograd/FunctionsManual.h, not exported by libtorch),
// ported as skgen families with those formulas copied verbatim: the helpers
// come from skgen/formulas.h. Each out= kernel calls aten's own out=
// function; test_helpers.py compares the generated autograd kernels with
// aten's ops (gradients, double backward, forward AD, in-place).
//
// Not here: cat (Tensor[]) and index.Tensor (Tensor?[]), whose arguments are
// not yet in a formula's scope.
#include <ATen/ATen.h>
#include <torch/library.h>

#include <skgen/annotations.h>
#include <skgen/formulas.h>
#include <skgen/structured.h>

#include <tuple>

namespace aten_port {

//===----------------------------------------------------------------------===//
// Pointwise
//===----------------------------------------------------------------------===//

SKGEN_STRUCTURED("aten_port::sgn.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("self", "sgn_backward(self, grad, result)")
SKGEN_DERIVATIVE("result", "sgn_backward(self_p, self_t, result)")
at::Tensor &sgn_out(const at::Tensor &self, at::Tensor &out) {
  return at::sgn_out(out, self);
}

SKGEN_STRUCTURED("aten_port::log1p.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary_float)
SKGEN_DERIVATIVE("self", "log1p_backward(grad, self)")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &log1p_out(const at::Tensor &self, at::Tensor &out) {
  return at::log1p_out(out, self);
}

SKGEN_STRUCTURED("aten_port::sinc.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary_float)
SKGEN_DERIVATIVE("self", "sinc_backward(grad, self)")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &sinc_out(const at::Tensor &self, at::Tensor &out) {
  return at::sinc_out(out, self);
}

SKGEN_STRUCTURED("aten_port::special_i1.out(Tensor self, *, Tensor(a!) out) "
                 "-> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(unary_float)
SKGEN_DERIVATIVE("self", "i1_backward(grad, self, result)")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &special_i1_out(const at::Tensor &self, at::Tensor &out) {
  return at::special_i1_out(out, self);
}

SKGEN_STRUCTURED("aten_port::special_i1e.out(Tensor self, *, Tensor(a!) out) "
                 "-> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(unary_float)
SKGEN_DERIVATIVE("self", "i1e_backward(grad, self, result)")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &special_i1e_out(const at::Tensor &self, at::Tensor &out) {
  return at::special_i1e_out(out, self);
}

SKGEN_STRUCTURED("aten_port::silu.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("self", "GradMode::is_enabled() ? "
                         "infinitely_differentiable_silu_backward(grad, self) "
                         ": silu_backward(grad, self)")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &silu_out(const at::Tensor &self, at::Tensor &out) {
  return at::silu_out(out, self);
}

SKGEN_STRUCTURED("aten_port::mish.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("self", "GradMode::is_enabled() ? "
                         "infinitely_differentiable_mish_backward(grad, self) "
                         ": mish_backward(grad, self)")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &mish_out(const at::Tensor &self, at::Tensor &out) {
  return at::mish_out(out, self);
}

SKGEN_STRUCTURED("aten_port::copysign.out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_META_PRESET(binary_float)
SKGEN_DERIVATIVE("self", "copysign_tensor_self_backward(grad, self, result)")
SKGEN_DERIVATIVE("other", "zeros_like(other)")
SKGEN_DERIVATIVE("result",
                 "copysign_tensor_self_backward(self_t, self_p, result)")
at::Tensor &copysign_out(const at::Tensor &self, const at::Tensor &other,
                         at::Tensor &out) {
  return at::copysign_out(out, self, other);
}

SKGEN_STRUCTURED("aten_port::pow.Tensor_Scalar_out(Tensor self, Scalar "
                 "exponent, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_INPLACE_NAME("Scalar") // as aten's pow_.Scalar
SKGEN_META_PRESET(binary)
SKGEN_DERIVATIVE("self", "pow_backward(grad, self, exponent)")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &pow_tensor_scalar_out(const at::Tensor &self,
                                  const at::Scalar &exponent, at::Tensor &out) {
  return at::pow_out(out, self, exponent);
}

SKGEN_STRUCTURED("aten_port::div.out_mode(Tensor self, Tensor other, *, str? "
                 "rounding_mode, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("Tensor_mode")
SKGEN_META_PRESET(binary_float)
SKGEN_DERIVATIVE("self", "div_tensor_self_backward(grad, other, "
                         "self.scalar_type(), rounding_mode)")
SKGEN_DERIVATIVE("other",
                 "div_tensor_other_backward(grad, self, other, rounding_mode)")
SKGEN_DERIVATIVE("result",
                 "rounding_mode.has_value() ? "
                 "result.new_zeros_symint(result.sym_sizes()) : self_t / "
                 "other_p - other_t * (self_p / other_p) / other_p")
at::Tensor &div_mode_out(const at::Tensor &self, const at::Tensor &other,
                         c10::optional<c10::string_view> rounding_mode,
                         at::Tensor &out) {
  return at::div_out(out, self, other, rounding_mode);
}

SKGEN_STRUCTURED("aten_port::clamp.out(Tensor self, Scalar? min=None, "
                 "Scalar? max=None, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(clamp)
SKGEN_DERIVATIVE("self", "clamp_backward(grad, self, min, max)")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &clamp_out(const at::Tensor &self,
                      const c10::optional<at::Scalar> &min,
                      const c10::optional<at::Scalar> &max, at::Tensor &out) {
  return at::clamp_out(out, self, min, max);
}

//===----------------------------------------------------------------------===//
// Scans, norms, matrix products
//===----------------------------------------------------------------------===//

SKGEN_STRUCTURED("aten_port::cumsum.out(Tensor self, int dim, *, ScalarType? "
                 "dtype=None, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(cumulative)
SKGEN_DERIVATIVE("self", "cumsum_backward(grad.to(self.scalar_type()), dim)")
SKGEN_DERIVATIVE("result", "auto_linear")
at::Tensor &cumsum_out(const at::Tensor &self, int64_t dim,
                       c10::optional<at::ScalarType> dtype, at::Tensor &out) {
  return at::cumsum_out(out, self, dim, dtype);
}

SKGEN_STRUCTURED("aten_port::cumprod.out(Tensor self, int dim, *, ScalarType? "
                 "dtype=None, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(cumulative)
SKGEN_DERIVATIVE(
    "self", "cumprod_backward(grad.to(self.scalar_type()), self, dim, result)")
SKGEN_DERIVATIVE("result", "cumprod_jvp(self_t, self_p, result, dim).to(dtype."
                           "has_value() ? *dtype : self_p.scalar_type())")
at::Tensor &cumprod_out(const at::Tensor &self, int64_t dim,
                        c10::optional<at::ScalarType> dtype, at::Tensor &out) {
  return at::cumprod_out(out, self, dim, dtype);
}

// A norm is real: complex inputs reduce to their real dtype.
skgen::Meta norm_meta(const at::Tensor &self,
                      const c10::optional<at::Scalar> & /*p*/,
                      at::IntArrayRef dim, bool keepdim) {
  return skgen::preset::reduction(self, dim, keepdim,
                                  c10::toRealValueType(self.scalar_type()));
}

SKGEN_STRUCTURED("aten_port::norm.out(Tensor self, Scalar? p, int[1] dim, bool "
                 "keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("ScalarOpt_dim")
SKGEN_NO_INPLACE
SKGEN_META(norm_meta)
SKGEN_DERIVATIVE("self", "norm_backward(grad, self, p, result, dim, keepdim)")
SKGEN_DERIVATIVE("result", "norm_jvp(self_p, self_t, p, result, dim, keepdim)")
at::Tensor &norm_out(const at::Tensor &self, const c10::optional<at::Scalar> &p,
                     at::IntArrayRef dim, bool keepdim, at::Tensor &out) {
  return at::norm_out(out, self, p, dim, keepdim);
}

skgen::Meta vector_norm_meta(const at::Tensor &self, const at::Scalar & /*ord*/,
                             at::OptionalIntArrayRef dim, bool keepdim,
                             c10::optional<at::ScalarType> dtype) {
  return skgen::preset::reduction(
      self, dim, keepdim,
      c10::toRealValueType(dtype.value_or(self.scalar_type())));
}

SKGEN_STRUCTURED("aten_port::linalg_vector_norm.out(Tensor self, Scalar ord=2, "
                 "int[1]? dim=None, bool keepdim=False, *, ScalarType? "
                 "dtype=None, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META(vector_norm_meta)
SKGEN_DERIVATIVE("self", "linalg_vector_norm_backward(grad, self, ord, result, "
                         "dim, keepdim)")
SKGEN_DERIVATIVE("result", "linalg_vector_norm_jvp(self_p, self_t, ord, "
                           "result, dim, keepdim)")
at::Tensor &linalg_vector_norm_out(const at::Tensor &self,
                                   const at::Scalar &ord,
                                   at::OptionalIntArrayRef dim, bool keepdim,
                                   c10::optional<at::ScalarType> dtype,
                                   at::Tensor &out) {
  return at::linalg_vector_norm_out(out, self, ord, dim, keepdim, dtype);
}

SKGEN_STRUCTURED("aten_port::renorm.out(Tensor self, Scalar p, int dim, Scalar "
                 "maxnorm, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("self", "renorm_backward(grad, self, p, dim, maxnorm)")
SKGEN_DERIVATIVE("result", "renorm_jvp(self_p, self_t, p, dim, maxnorm)")
at::Tensor &renorm_out(const at::Tensor &self, const at::Scalar &p, int64_t dim,
                       const at::Scalar &maxnorm, at::Tensor &out) {
  return at::renorm_out(out, self, p, dim, maxnorm);
}

SKGEN_STRUCTURED("aten_port::mm.out(Tensor self, Tensor mat2, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(mm)
SKGEN_DERIVATIVE("self", "mm_mat1_backward(grad, mat2, self.sym_sizes(), "
                         "self.sym_strides(), self.layout(), 1)")
SKGEN_DERIVATIVE("mat2", "mm_mat2_backward(grad, self, mat2.sym_sizes(), "
                         "mat2.sym_strides(), mat2.layout(), 1)")
SKGEN_DERIVATIVE("result", "at::mm(self_t, mat2_p) + at::mm(self_p, mat2_t)")
at::Tensor &mm_out(const at::Tensor &self, const at::Tensor &mat2,
                   at::Tensor &out) {
  return at::mm_out(out, self, mat2);
}

SKGEN_STRUCTURED("aten_port::addmm.out(Tensor self, Tensor mat1, Tensor mat2, "
                 "*, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(addmm)
SKGEN_DERIVATIVE("self", "maybe_multiply(grad, beta.conj())")
SKGEN_DERIVATIVE("mat1", "mm_mat1_backward(grad, mat2, mat1.sym_sizes(), "
                         "mat1.sym_strides(), mat1.layout(), alpha)")
SKGEN_DERIVATIVE("mat2", "mm_mat2_backward(grad, mat1, mat2.sym_sizes(), "
                         "mat2.sym_strides(), mat2.layout(), alpha)")
SKGEN_DERIVATIVE("result", "maybe_multiply(self_t, beta) + "
                           "maybe_multiply(mat1_t.mm(mat2_p), alpha) + "
                           "maybe_multiply(mat1_p.mm(mat2_t), alpha)")
at::Tensor &addmm_out(const at::Tensor &self, const at::Tensor &mat1,
                      const at::Tensor &mat2, const at::Scalar &beta,
                      const at::Scalar &alpha, at::Tensor &out) {
  return at::addmm_out(out, self, mat1, mat2, beta, alpha);
}

//===----------------------------------------------------------------------===//
// Scatter and index reductions
//===----------------------------------------------------------------------===//

skgen::Meta like_self_meta(const at::Tensor &self, int64_t /*dim*/,
                           const at::Tensor & /*index*/,
                           const at::Tensor & /*src*/,
                           c10::string_view /*reduce*/, bool /*include_self*/) {
  return skgen::preset::unary(self);
}

SKGEN_STRUCTURED("aten_port::scatter_reduce.two_out(Tensor self, int dim, "
                 "Tensor index, Tensor src, str reduce, *, bool "
                 "include_self=True, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META(like_self_meta)
SKGEN_DERIVATIVE("self, src", "scatter_reduce_backward(grad, self, dim, index, "
                              "src, reduce, include_self, result)")
SKGEN_DERIVATIVE("index", "non_differentiable")
SKGEN_DERIVATIVE("result", "scatter_reduce_jvp(self_p, self_t, dim, index, "
                           "src_p, src_t, reduce, include_self, result)")
at::Tensor &scatter_reduce_out(const at::Tensor &self, int64_t dim,
                               const at::Tensor &index, const at::Tensor &src,
                               c10::string_view reduce, bool include_self,
                               at::Tensor &out) {
  return at::scatter_reduce_out(out, self, dim, index, src, reduce,
                                include_self);
}

SKGEN_STRUCTURED("aten_port::index_reduce.out(Tensor self, int dim, Tensor "
                 "index, Tensor source, str reduce, *, bool include_self=True, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META(like_self_meta)
SKGEN_DERIVATIVE("self, source",
                 "index_reduce_backward(grad, self, dim, index, source, "
                 "reduce, include_self, result)")
SKGEN_DERIVATIVE("index", "non_differentiable")
at::Tensor &index_reduce_out(const at::Tensor &self, int64_t dim,
                             const at::Tensor &index, const at::Tensor &source,
                             c10::string_view reduce, bool include_self,
                             at::Tensor &out) {
  return at::index_reduce_out(out, self, dim, index, source, reduce,
                              include_self);
}

//===----------------------------------------------------------------------===//
// nn: softmax, activations' backward ops, pooling's, losses
//===----------------------------------------------------------------------===//

SKGEN_STRUCTURED("aten_port::_softmax.out(Tensor self, int dim, bool "
                 "half_to_float, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(softmax)
SKGEN_DERIVATIVE("self", "_softmax_backward_data(grad, result, dim, "
                         "self.scalar_type())")
SKGEN_DERIVATIVE("result",
                 "result * (self_t - logsumexp_jvp(self_p, self_t, {dim}, "
                 "true))")
at::Tensor &softmax_out(const at::Tensor &self, int64_t dim, bool half_to_float,
                        at::Tensor &out) {
  return at::_softmax_out(out, self, dim, half_to_float);
}

SKGEN_STRUCTURED("aten_port::_log_softmax.out(Tensor self, int dim, bool "
                 "half_to_float, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(softmax)
SKGEN_DERIVATIVE("self", "_log_softmax_backward_data(grad, result, dim, "
                         "self.scalar_type())")
SKGEN_DERIVATIVE("result", "self_t - logsumexp_jvp(self_p, self_t, {dim}, "
                           "true)")
at::Tensor &log_softmax_out(const at::Tensor &self, int64_t dim,
                            bool half_to_float, at::Tensor &out) {
  return at::_log_softmax_out(out, self, dim, half_to_float);
}

SKGEN_STRUCTURED("aten_port::_softmax_backward_data.out(Tensor grad_output, "
                 "Tensor output, int dim, ScalarType input_dtype, *, "
                 "Tensor(a!) grad_input) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_NO_INPLACE
SKGEN_META_PRESET(softmax_backward)
SKGEN_DERIVATIVE("grad_output", "_softmax_backward_data(grad.to(output.dtype()"
                                "), output, dim, input_dtype)")
SKGEN_DERIVATIVE("output", "softmax_double_backward(grad.to(output.dtype()), "
                           "grad_output, dim, output).to(output.dtype())")
at::Tensor &softmax_backward_data_out(const at::Tensor &grad_output,
                                      const at::Tensor &output, int64_t dim,
                                      at::ScalarType input_dtype,
                                      at::Tensor &grad_input) {
  return at::_softmax_backward_data_out(grad_input, grad_output, output, dim,
                                        input_dtype);
}

skgen::Meta elu_backward_meta(const at::Tensor &grad_output,
                              const at::Scalar & /*alpha*/,
                              const at::Scalar & /*scale*/,
                              const at::Scalar & /*input_scale*/,
                              bool /*is_result*/,
                              const at::Tensor &self_or_result) {
  return skgen::preset::binary(grad_output, self_or_result);
}

SKGEN_STRUCTURED("aten_port::elu_backward.grad_input(Tensor grad_output, "
                 "Scalar alpha, Scalar scale, Scalar input_scale, bool "
                 "is_result, Tensor self_or_result, *, Tensor(a!) grad_input) "
                 "-> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_NO_INPLACE
SKGEN_META(elu_backward_meta)
SKGEN_DERIVATIVE("grad_output", "elu_backward(grad, alpha, scale, "
                                "input_scale, is_result, self_or_result)")
SKGEN_DERIVATIVE("self_or_result",
                 "elu_double_backward(grad, grad_output, alpha, scale, "
                 "input_scale, is_result, self_or_result)")
SKGEN_DERIVATIVE("result", "elu_backward(grad_output_t, alpha, scale, "
                           "input_scale, is_result, self_or_result_p) + "
                           "elu_double_backward(self_or_result_t, "
                           "grad_output_p, alpha, scale, input_scale, "
                           "is_result, self_or_result_p)")
at::Tensor &elu_backward_out(const at::Tensor &grad_output,
                             const at::Scalar &alpha, const at::Scalar &scale,
                             const at::Scalar &input_scale, bool is_result,
                             const at::Tensor &self_or_result,
                             at::Tensor &grad_input) {
  return at::elu_backward_out(grad_input, grad_output, alpha, scale,
                              input_scale, is_result, self_or_result);
}

SKGEN_STRUCTURED("aten_port::gelu_backward.grad_input(Tensor grad_output, "
                 "Tensor self, *, str approximate='none', Tensor(a!) "
                 "grad_input) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_NO_INPLACE
SKGEN_META_PRESET(binary, grad_output, self)
SKGEN_DERIVATIVE("grad_output", "gelu_backward(grad, self, approximate)")
SKGEN_DERIVATIVE("self",
                 "gelu_double_backward(grad, grad_output, self, approximate)")
SKGEN_DERIVATIVE("result", "gelu_backward(grad_output_t, self_p, approximate) "
                           "+ gelu_double_backward(self_t, grad_output_p, "
                           "self_p, approximate)")
at::Tensor &gelu_backward_out(const at::Tensor &grad_output,
                              const at::Tensor &self,
                              c10::string_view approximate,
                              at::Tensor &grad_input) {
  return at::gelu_backward_out(grad_input, grad_output, self, approximate);
}

SKGEN_STRUCTURED("aten_port::softplus_backward.grad_input(Tensor grad_output, "
                 "Tensor self, Scalar beta, Scalar threshold, *, Tensor(a!) "
                 "grad_input) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_NO_INPLACE
SKGEN_META_PRESET(binary, grad_output, self)
SKGEN_DERIVATIVE("grad_output",
                 "softplus_backward(grad, self, beta, threshold)")
SKGEN_DERIVATIVE("self", "softplus_double_backward(grad * grad_output, self, "
                         "beta, threshold)")
SKGEN_DERIVATIVE("result",
                 "softplus_backward(grad_output_t, self_p, beta, threshold) + "
                 "softplus_double_backward(self_t * grad_output_p, self_p, "
                 "beta, threshold)")
at::Tensor &softplus_backward_out(const at::Tensor &grad_output,
                                  const at::Tensor &self,
                                  const at::Scalar &beta,
                                  const at::Scalar &threshold,
                                  at::Tensor &grad_input) {
  return at::softplus_backward_out(grad_input, grad_output, self, beta,
                                   threshold);
}

skgen::Meta
max_pool_backward_meta(const at::Tensor & /*grad_output*/,
                       const at::Tensor &self, at::IntArrayRef /*kernel_size*/,
                       at::IntArrayRef /*stride*/, at::IntArrayRef /*padding*/,
                       at::IntArrayRef /*dilation*/, bool /*ceil_mode*/,
                       const at::Tensor & /*indices*/) {
  return skgen::preset::unary(self);
}

SKGEN_STRUCTURED("aten_port::max_pool2d_with_indices_backward.grad_input("
                 "Tensor grad_output, Tensor self, int[2] kernel_size, int[2] "
                 "stride, int[2] padding, int[2] dilation, bool ceil_mode, "
                 "Tensor indices, *, Tensor(a!) grad_input) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_NO_INPLACE
SKGEN_META(max_pool_backward_meta)
SKGEN_DERIVATIVE("grad_output", "max_pool_double_backward(grad, indices, 2)")
SKGEN_DERIVATIVE("self", "zeros_like(self)")
SKGEN_DERIVATIVE("indices", "non_differentiable")
SKGEN_DERIVATIVE("result", "auto_linear")
at::Tensor &
max_pool2d_backward_out(const at::Tensor &grad_output, const at::Tensor &self,
                        at::IntArrayRef kernel_size, at::IntArrayRef stride,
                        at::IntArrayRef padding, at::IntArrayRef dilation,
                        bool ceil_mode, const at::Tensor &indices,
                        at::Tensor &grad_input) {
  return at::max_pool2d_with_indices_backward_out(grad_input, grad_output, self,
                                                  kernel_size, stride, padding,
                                                  dilation, ceil_mode, indices);
}

SKGEN_STRUCTURED("aten_port::mse_loss.out(Tensor self, Tensor target, int "
                 "reduction=Mean, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(loss)
SKGEN_DERIVATIVE("self", "mse_loss_backward(grad, self, target, reduction)")
SKGEN_DERIVATIVE("target", "mse_loss_backward(grad, target, self, reduction)")
SKGEN_DERIVATIVE("result",
                 "apply_loss_reduction(mse_loss_backward(self_t.conj(), "
                 "self_p, target_p, at::Reduction::None).conj() + "
                 "mse_loss_backward(target_t.conj(), target_p, self_p, "
                 "at::Reduction::None).conj(), reduction)")
at::Tensor &mse_loss_out(const at::Tensor &self, const at::Tensor &target,
                         int64_t reduction, at::Tensor &out) {
  return at::mse_loss_out(out, self, target, reduction);
}

} // namespace aten_port
