// aten's differentiable structured ops ported as skgen families, with their
// formulas from PyTorch 2.13's derivatives.yaml
// (torchgen/packaged/autograd/derivatives.yaml), one SKGEN_DERIVATIVE per
// yaml key, copied as they are written there. Each out= kernel calls aten's
// own out= function; the meta function is a preset of skgen/structured.h or
// one built on it. test_grads.py compares the generated autograd kernels
// (functional and in-place) with aten's own ops: values, gradients, forward
// AD, double backward, gradcheck, saved tensors, errors.
//
// Where a formula differs from the yaml's text, the comment says why (the
// only reason is the names of max.dim's outputs, which are the out= schema's
// argument names here).
#include <ATen/ATen.h>
#include <ATen/native/ReduceOpsUtils.h>
#include <torch/library.h>

#include <skgen/annotations.h>
#include <skgen/formulas.h>
#include <skgen/structured.h>

#include <tuple>
#include <vector>

namespace aten_port {

//===----------------------------------------------------------------------===//
// Unary
//===----------------------------------------------------------------------===//

SKGEN_STRUCTURED("aten_port::exp.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary_float)
SKGEN_DERIVATIVE("self", "grad * result.conj()")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &exp_out(const at::Tensor &self, at::Tensor &out) {
  return at::exp_out(out, self);
}

SKGEN_STRUCTURED("aten_port::sin.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary_float)
SKGEN_DERIVATIVE("self", "grad * self.cos().conj()")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &sin_out(const at::Tensor &self, at::Tensor &out) {
  return at::sin_out(out, self);
}

// tanh_backward and sigmoid_backward are aten operators (found by ADL).
SKGEN_STRUCTURED("aten_port::tanh.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary_float)
SKGEN_DERIVATIVE("self", "tanh_backward(grad, result)")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &tanh_out(const at::Tensor &self, at::Tensor &out) {
  return at::tanh_out(out, self);
}

SKGEN_STRUCTURED("aten_port::sigmoid.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary_float)
SKGEN_DERIVATIVE("self", "sigmoid_backward(grad, result)")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &sigmoid_out(const at::Tensor &self, at::Tensor &out) {
  return at::sigmoid_out(out, self);
}

SKGEN_STRUCTURED("aten_port::sqrt.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary_float)
SKGEN_DERIVATIVE("self", "grad / (2 * result.conj())")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &sqrt_out(const at::Tensor &self, at::Tensor &out) {
  return at::sqrt_out(out, self);
}

SKGEN_STRUCTURED("aten_port::log.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary_float)
SKGEN_DERIVATIVE("self", "grad.div(self.conj())")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &log_out(const at::Tensor &self, at::Tensor &out) {
  return at::log_out(out, self);
}

// A backward formula that reads neither an input nor the result: the node
// saves nothing.
SKGEN_STRUCTURED("aten_port::neg.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("self", "grad.neg()")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &neg_out(const at::Tensor &self, at::Tensor &out) {
  return at::neg_out(out, self);
}

// Scalar and str arguments, saved by the node for backward.
SKGEN_STRUCTURED("aten_port::gelu.out(Tensor self, *, str approximate='none', "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("self", "gelu_backward(grad, self, approximate)")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &gelu_out(const at::Tensor &self, c10::string_view approximate,
                     at::Tensor &out) {
  return at::gelu_out(out, self, approximate);
}

SKGEN_STRUCTURED("aten_port::leaky_relu.out(Tensor self, Scalar "
                 "negative_slope=0.01, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("self",
                 "leaky_relu_backward(grad, self, negative_slope, false)")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &leaky_relu_out(const at::Tensor &self,
                           const at::Scalar &negative_slope, at::Tensor &out) {
  return at::leaky_relu_out(out, self, negative_slope);
}

SKGEN_STRUCTURED("aten_port::softplus.out(Tensor self, Scalar beta=1, Scalar "
                 "threshold=20, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE // as aten: no softplus_
SKGEN_META_PRESET(unary)
    SKGEN_DERIVATIVE("self", "softplus_backward(grad, self, beta, threshold)")
        SKGEN_DERIVATIVE("result", "auto_element_wise") at::Tensor
            &softplus_out(const at::Tensor &self, const at::Scalar &beta,
                          const at::Scalar &threshold, at::Tensor &out) {
  return at::softplus_out(out, self, beta, threshold);
}

//===----------------------------------------------------------------------===//
// Binary: alpha, broadcasting, type promotion
//===----------------------------------------------------------------------===//

SKGEN_STRUCTURED("aten_port::add.out(Tensor self, Tensor other, *, Scalar "
                 "alpha=1, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_META_PRESET(binary)
SKGEN_DERIVATIVE("self", "handle_r_to_c(self.scalar_type(), grad)")
SKGEN_DERIVATIVE("other", "handle_r_to_c(other.scalar_type(), "
                          "maybe_multiply(grad, alpha.conj()))")
SKGEN_DERIVATIVE("result", "self_t + maybe_multiply(other_t, alpha)")
at::Tensor &add_out(const at::Tensor &self, const at::Tensor &other,
                    const at::Scalar &alpha, at::Tensor &out) {
  return at::add_out(out, self, other, alpha);
}

// aten's sub_check, then the binary preset (with alpha).
skgen::Meta sub_meta(const at::Tensor &self, const at::Tensor &other,
                     const at::Scalar &alpha) {
  TORCH_CHECK(self.scalar_type() != at::kBool ||
                  other.scalar_type() != at::kBool,
              "Subtraction, the `-` operator, with two bool tensors is not "
              "supported. Use the `^` or `logical_xor()` operator instead.");
  TORCH_CHECK(self.scalar_type() != at::kBool &&
                  other.scalar_type() != at::kBool,
              "Subtraction, the `-` operator, with a bool tensor is not "
              "supported. If you are trying to invert a mask, use the `~` or "
              "`logical_not()` operator instead.");
  return skgen::preset::binary(self, other, alpha);
}

SKGEN_STRUCTURED("aten_port::sub.out(Tensor self, Tensor other, *, Scalar "
                 "alpha=1, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_META(sub_meta)
SKGEN_DERIVATIVE("self", "handle_r_to_c(self.scalar_type(), grad)")
SKGEN_DERIVATIVE("other", "handle_r_to_c(other.scalar_type(), "
                          "maybe_multiply(-grad, alpha.conj()))")
SKGEN_DERIVATIVE("result", "self_t - maybe_multiply(other_t, alpha)")
at::Tensor &sub_out(const at::Tensor &self, const at::Tensor &other,
                    const at::Scalar &alpha, at::Tensor &out) {
  return at::sub_out(out, self, other, alpha);
}

SKGEN_STRUCTURED("aten_port::mul.out(Tensor self, Tensor other, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_META_PRESET(binary)
SKGEN_DERIVATIVE("self", "mul_tensor_backward(grad, other, self.scalar_type())")
SKGEN_DERIVATIVE("other",
                 "mul_tensor_backward(grad, self, other.scalar_type())")
SKGEN_DERIVATIVE("result", "other_t * self_p + self_t * other_p")
at::Tensor &mul_out(const at::Tensor &self, const at::Tensor &other,
                    at::Tensor &out) {
  return at::mul_out(out, self, other);
}

SKGEN_STRUCTURED("aten_port::div.out(Tensor self, Tensor other, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_META_PRESET(binary_float)
SKGEN_DERIVATIVE("self",
                 "div_tensor_self_backward(grad, other, self.scalar_type())")
SKGEN_DERIVATIVE("other", "div_tensor_other_backward(grad, self, other)")
SKGEN_DERIVATIVE("result", "(self_t - other_t * result) / other_p")
at::Tensor &div_out(const at::Tensor &self, const at::Tensor &other,
                    at::Tensor &out) {
  return at::div_out(out, self, other);
}

SKGEN_STRUCTURED("aten_port::pow.Tensor_Tensor_out(Tensor self, Tensor "
                 "exponent, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_INPLACE_NAME("Tensor") // as aten's pow_.Tensor
SKGEN_META_PRESET(binary)
SKGEN_DERIVATIVE("self", "pow_backward_self(grad, self, exponent)")
SKGEN_DERIVATIVE("exponent",
                 "pow_backward_exponent(grad, self, exponent, result)")
SKGEN_DERIVATIVE("result",
                 "(pow_backward_self(self_t.conj(), self_p, exponent_p) + "
                 "pow_backward_exponent(exponent_t.conj(), self_p, exponent_p, "
                 "result)).conj()")
at::Tensor &pow_out(const at::Tensor &self, const at::Tensor &exponent,
                    at::Tensor &out) {
  return at::pow_out(out, self, exponent);
}

// A group formula: both gradients from one call, under grad_input_mask.
SKGEN_STRUCTURED("aten_port::atan2.out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary_float)
SKGEN_DERIVATIVE("self, other",
                 "atan2_backward(grad, self, other, grad_input_mask)")
SKGEN_DERIVATIVE("result", "(-self_p * other_t + other_p * self_t) / "
                           "(self_p.pow(2) + other_p.pow(2))")
at::Tensor &atan2_out(const at::Tensor &self, const at::Tensor &other,
                      at::Tensor &out) {
  return at::atan2_out(out, self, other);
}

SKGEN_STRUCTURED("aten_port::maximum.out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE // as aten: no maximum_
SKGEN_META_PRESET(binary)
    SKGEN_DERIVATIVE("self", "at::where(self == other, grad / 2, "
                             "grad).masked_fill_(self < other, 0)")
        SKGEN_DERIVATIVE("other", "at::where(self == other, grad / 2, "
                                  "grad).masked_fill_(self > other, 0)")
            SKGEN_DERIVATIVE(
                "result",
                "other_t + at::where(self_p == other_p, at::scalar_tensor(0.5, "
                "result.options()), (self_p > "
                "other_p).to(result.scalar_type())) * (self_t - other_t)")
                at::Tensor &maximum_out(const at::Tensor &self,
                                        const at::Tensor &other,
                                        at::Tensor &out) {
  return at::maximum_out(out, self, other);
}

SKGEN_STRUCTURED("aten_port::minimum.out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE // as aten: no minimum_
SKGEN_META_PRESET(binary)
    SKGEN_DERIVATIVE("self", "at::where(self == other, grad / 2, "
                             "grad).masked_fill_(self > other, 0)")
        SKGEN_DERIVATIVE("other", "at::where(self == other, grad / 2, "
                                  "grad).masked_fill_(self < other, 0)")
            SKGEN_DERIVATIVE(
                "result",
                "other_t + at::where(self_p == other_p, at::scalar_tensor(0.5, "
                "result.options()), (self_p < "
                "other_p).to(result.scalar_type())) * (self_t - other_t)")
                at::Tensor &minimum_out(const at::Tensor &self,
                                        const at::Tensor &other,
                                        at::Tensor &out) {
  return at::minimum_out(out, self, other);
}

// lerp: end (and weight) must have self's dtype; no promotion.
void lerp_check(const at::Tensor &self, const at::Tensor &other,
                const char *name) {
  TORCH_CHECK(self.dtype() == other.dtype(), "expected dtype ", self.dtype(),
              " for `", name, "` but got dtype ", other.dtype());
}

skgen::Meta lerp_scalar_meta(const at::Tensor &self, const at::Tensor &end,
                             const at::Scalar & /*weight*/) {
  lerp_check(self, end, "end");
  return skgen::preset::binary(self, end);
}

SKGEN_STRUCTURED("aten_port::lerp.Scalar_out(Tensor self, Tensor end, Scalar "
                 "weight, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META(lerp_scalar_meta)
SKGEN_DERIVATIVE("self", "weight.isComplex() ? grad * (1 - "
                         "weight.conj().toComplexDouble()) : grad * (1 - "
                         "weight.toDouble())")
SKGEN_DERIVATIVE("end", "grad * weight.conj()")
SKGEN_DERIVATIVE("result", "at::lerp(self_t, end_t, weight)")
at::Tensor &lerp_scalar_out(const at::Tensor &self, const at::Tensor &end,
                            const at::Scalar &weight, at::Tensor &out) {
  return at::lerp_out(out, self, end, weight);
}

skgen::Meta lerp_tensor_meta(const at::Tensor &self, const at::Tensor &end,
                             const at::Tensor &weight) {
  lerp_check(self, end, "end");
  lerp_check(self, weight, "weight");
  return skgen::preset::elementwise({self, end, weight});
}

SKGEN_STRUCTURED("aten_port::lerp.Tensor_out(Tensor self, Tensor end, Tensor "
                 "weight, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META(lerp_tensor_meta)
SKGEN_DERIVATIVE("self", "grad * (1 - weight).conj()")
SKGEN_DERIVATIVE("end", "grad * weight.conj()")
SKGEN_DERIVATIVE("weight", "grad * (end - self).conj()")
SKGEN_DERIVATIVE("result",
                 "at::lerp(self_t, end_t, weight_p) + weight_t * (end_p - "
                 "self_p)")
at::Tensor &lerp_tensor_out(const at::Tensor &self, const at::Tensor &end,
                            const at::Tensor &weight, at::Tensor &out) {
  return at::lerp_out(out, self, end, weight);
}

// Three tensors and a Scalar.
SKGEN_STRUCTURED("aten_port::addcmul.out(Tensor self, Tensor tensor1, Tensor "
                 "tensor2, *, Scalar value=1, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(elementwise, self, tensor1, tensor2)
SKGEN_DERIVATIVE("self", "handle_r_to_c(self.scalar_type(), grad)")
SKGEN_DERIVATIVE("tensor1", "handle_r_to_c(tensor1.scalar_type(), grad * "
                            "(tensor2 * value).conj())")
SKGEN_DERIVATIVE("tensor2", "handle_r_to_c(tensor2.scalar_type(), grad * "
                            "(tensor1 * value).conj())")
SKGEN_DERIVATIVE("result", "self_t + maybe_multiply(tensor1_t * tensor2_p, "
                           "value) + maybe_multiply(tensor2_t * tensor1_p, "
                           "value)")
at::Tensor &addcmul_out(const at::Tensor &self, const at::Tensor &tensor1,
                        const at::Tensor &tensor2, const at::Scalar &value,
                        at::Tensor &out) {
  return at::addcmul_out(out, self, tensor1, tensor2, value);
}

bool given(const c10::optional<at::Tensor> &t) {
  return t.has_value() && t->defined();
}

// Optional tensor bounds; a group formula for (min, max) under
// grad_input_mask (one may be absent).
skgen::Meta clamp_tensor_meta(const at::Tensor &self,
                              const c10::optional<at::Tensor> &min,
                              const c10::optional<at::Tensor> &max) {
  TORCH_CHECK(given(min) || given(max),
              "torch.clamp: At least one of 'min' or 'max' must not be None");
  TORCH_CHECK(!c10::isComplexType(self.scalar_type()),
              "clamp is not supported for complex types");
  return skgen::preset::elementwise({self, min, max});
}

SKGEN_STRUCTURED("aten_port::clamp.Tensor_out(Tensor self, Tensor? min=None, "
                 "Tensor? max=None, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_META(clamp_tensor_meta)
SKGEN_DERIVATIVE("self", "clamp_backward(grad, self, min, max)")
SKGEN_DERIVATIVE("min, max", "clamp_backward_min_max(grad, self, min, max, "
                             "grad_input_mask)")
SKGEN_DERIVATIVE("result",
                 "clamp_jvp(self_p, self_t, min_p, min_t, max_p, max_t)")
at::Tensor &clamp_tensor_out(const at::Tensor &self,
                             const c10::optional<at::Tensor> &min,
                             const c10::optional<at::Tensor> &max,
                             at::Tensor &out) {
  return at::clamp_out(out, self, min, max);
}

// Not differentiable: out= accepts inputs that require grad, as aten's.
SKGEN_STRUCTURED("aten_port::eq.Tensor_out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(comparison)
SKGEN_NOT_DIFFERENTIABLE
at::Tensor &eq_out(const at::Tensor &self, const at::Tensor &other,
                   at::Tensor &out) {
  return at::eq_out(out, self, other);
}

//===----------------------------------------------------------------------===//
// Reductions (no in-place variant, as aten)
//===----------------------------------------------------------------------===//

// `self.sym_sizes()`: the node saves the sizes, not self.
SKGEN_STRUCTURED("aten_port::sum.IntList_out(Tensor self, int[1]? dim, bool "
                 "keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("dim_IntList")
SKGEN_NO_INPLACE
SKGEN_META_PRESET(reduction)
SKGEN_DERIVATIVE("self", "sum_backward(grad, self.sym_sizes(), dim, keepdim)")
SKGEN_DERIVATIVE("result", "auto_linear")
at::Tensor &sum_out(const at::Tensor &self, at::OptionalIntArrayRef dim,
                    bool keepdim, c10::optional<at::ScalarType> dtype,
                    at::Tensor &out) {
  return at::sum_out(out, self, dim, keepdim, dtype);
}

// mean: a floating or complex dtype (aten's check), then the reduction.
skgen::Meta mean_meta(const at::Tensor &self, at::OptionalIntArrayRef dim,
                      bool keepdim, c10::optional<at::ScalarType> dtype) {
  at::ScalarType in = dtype.value_or(self.scalar_type());
  TORCH_CHECK(
      c10::isFloatingType(in) || c10::isComplexType(in),
      "mean(): could not infer output dtype. ",
      dtype.has_value() ? "Optional" : "Input",
      " dtype must be either a floating point or complex dtype. Got: ", in);
  return skgen::preset::reduction(self, dim, keepdim, in);
}

SKGEN_STRUCTURED("aten_port::mean.out(Tensor self, int[1]? dim, bool "
                 "keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("dim")
SKGEN_NO_INPLACE
SKGEN_META(mean_meta)
SKGEN_DERIVATIVE("self", "mean_backward(grad, self.sym_sizes(), dim, "
                         "self.sym_numel(), keepdim)")
SKGEN_DERIVATIVE("result", "auto_linear")
at::Tensor &mean_out(const at::Tensor &self, at::OptionalIntArrayRef dim,
                     bool keepdim, c10::optional<at::ScalarType> dtype,
                     at::Tensor &out) {
  return at::mean_out(out, self, dim, keepdim, dtype);
}

// amax / amin keep self's dtype and refuse an empty reduced dim.
skgen::Meta amax_amin_meta(const at::Tensor &self, at::IntArrayRef dim,
                           bool keepdim, const char *name) {
  if (self.numel() == 0)
    at::native::zero_numel_check_dims(self, dim, name);
  skgen::Meta m =
      skgen::preset::reduction(self, dim, keepdim, self.scalar_type());
  m[0].with_out_dtype(skgen::OutDtype::Same);
  return m;
}
skgen::Meta amax_meta(const at::Tensor &self, at::IntArrayRef dim,
                      bool keepdim) {
  return amax_amin_meta(self, dim, keepdim, "amax()");
}
skgen::Meta amin_meta(const at::Tensor &self, at::IntArrayRef dim,
                      bool keepdim) {
  return amax_amin_meta(self, dim, keepdim, "amin()");
}

SKGEN_STRUCTURED("aten_port::amax.out(Tensor self, int[1] dim=[], bool "
                 "keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META(amax_meta)
SKGEN_DERIVATIVE(
    "self", "scale_grad_by_count(restore_reduced_dims(grad, dim, keepdim), "
            "restore_reduced_dims(result, dim, keepdim) == self, dim)")
SKGEN_DERIVATIVE("result", "amaxamin_jvp(self_p, self_t, result, dim, keepdim)")
at::Tensor &amax_out(const at::Tensor &self, at::IntArrayRef dim, bool keepdim,
                     at::Tensor &out) {
  return at::amax_out(out, self, dim, keepdim);
}

SKGEN_STRUCTURED("aten_port::amin.out(Tensor self, int[1] dim=[], bool "
                 "keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META(amin_meta)
SKGEN_DERIVATIVE(
    "self", "scale_grad_by_count(restore_reduced_dims(grad, dim, keepdim), "
            "restore_reduced_dims(result, dim, keepdim) == self, dim)")
SKGEN_DERIVATIVE("result", "amaxamin_jvp(self_p, self_t, result, dim, keepdim)")
at::Tensor &amin_out(const at::Tensor &self, at::IntArrayRef dim, bool keepdim,
                     at::Tensor &out) {
  return at::amin_out(out, self, dim, keepdim);
}

SKGEN_STRUCTURED("aten_port::prod.int_out(Tensor self, int dim, bool "
                 "keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("dim_int")
SKGEN_NO_INPLACE
SKGEN_META_PRESET(reduction)
SKGEN_DERIVATIVE("self", "prod_backward(grad, self.to(grad.scalar_type()), "
                         "result, dim, keepdim)")
SKGEN_DERIVATIVE("result",
                 "(prod_backward(at::ones({}, "
                 "result.options()).expand_as(result), "
                 "self_p.to(result.scalar_type()), result, dim, keepdim) * "
                 "self_t.conj()).sum(dim, keepdim).conj()")
at::Tensor &prod_out(const at::Tensor &self, int64_t dim, bool keepdim,
                     c10::optional<at::ScalarType> dtype, at::Tensor &out) {
  return at::prod_out(out, self, dim, keepdim, dtype);
}

//===----------------------------------------------------------------------===//
// Two outputs
//===----------------------------------------------------------------------===//

// (values, indices); only values is differentiable (`grad` names its
// gradient). The yaml names the outputs as the functional schema returns
// them (`values`, `indices`); a family's outputs are named as its out=
// schema's arguments (`max`, `max_values`) or `result<i>`: result0, result1.
SKGEN_STRUCTURED("aten_port::max.dim_max(Tensor self, int dim, bool "
                 "keepdim=False, *, Tensor(a!) max, Tensor(b!) max_values) -> "
                 "(Tensor(a!) values, Tensor(b!) indices)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("dim")
SKGEN_META_PRESET(index_reduction)
SKGEN_DERIVATIVE("self", "value_selecting_reduction_backward_symint(grad, dim, "
                         "result1, self.sym_sizes(), keepdim)")
SKGEN_DERIVATIVE("result0",
                 "gather_with_keepdimed_indices(self_t, dim, result1, keepdim)")
std::tuple<at::Tensor &, at::Tensor &> max_out(const at::Tensor &self,
                                               int64_t dim, bool keepdim,
                                               at::Tensor &max,
                                               at::Tensor &max_values) {
  at::max_out(max, max_values, self, dim, keepdim);
  return std::tuple<at::Tensor &, at::Tensor &>(max, max_values);
}

SKGEN_STRUCTURED("aten_port::min.dim_min(Tensor self, int dim, bool "
                 "keepdim=False, *, Tensor(a!) min, Tensor(b!) min_indices) -> "
                 "(Tensor(a!) values, Tensor(b!) indices)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("dim")
SKGEN_META_PRESET(index_reduction)
SKGEN_DERIVATIVE("self", "value_selecting_reduction_backward_symint(grad, dim, "
                         "result1, self.sym_sizes(), keepdim)")
SKGEN_DERIVATIVE("result0",
                 "gather_with_keepdimed_indices(self_t, dim, result1, keepdim)")
std::tuple<at::Tensor &, at::Tensor &> min_out(const at::Tensor &self,
                                               int64_t dim, bool keepdim,
                                               at::Tensor &min,
                                               at::Tensor &min_indices) {
  at::min_out(min, min_indices, self, dim, keepdim);
  return std::tuple<at::Tensor &, at::Tensor &>(min, min_indices);
}

// Two differentiable outputs, their gradients named grad_min / grad_max.
skgen::Meta aminmax_meta(const at::Tensor &self, c10::optional<int64_t> dim,
                         bool keepdim) {
  skgen::SizeVector shape;
  if (dim.has_value()) {
    int64_t d = at::maybe_wrap_dim(*dim, self.dim());
    at::native::zero_numel_check_dims(self, d, "aminmax");
    shape = skgen::reduced_shape(self, skgen::Dims(d), keepdim);
  } else {
    TORCH_CHECK(self.numel() > 0,
                "aminmax(): cannot compute aminmax over an empty dimension as "
                "the operation has no identity.");
    if (keepdim)
      shape.assign(static_cast<size_t>(self.dim()), 1);
  }
  skgen::TensorMeta values(shape, self.scalar_type());
  values.out_dtype = skgen::OutDtype::Exact;
  return skgen::Meta{values, values};
}

SKGEN_STRUCTURED(
    "aten_port::aminmax.out(Tensor self, *, int? dim=None, bool "
    "keepdim=False, Tensor(a!) min, Tensor(b!) max) -> (Tensor(a!) "
    "min, Tensor(b!) max)",
    CPU)
SKGEN_META(aminmax_meta)
SKGEN_DERIVATIVE(
    "self", "aminmax_backward(self, dim, keepdim, grad_min, grad_max, min, "
            "max)")
SKGEN_DERIVATIVE("min", "aminmax_jvp(self_p, self_t, min, dim, keepdim)")
SKGEN_DERIVATIVE("max", "aminmax_jvp(self_p, self_t, max, dim, keepdim)")
std::tuple<at::Tensor &, at::Tensor &>
aminmax_out(const at::Tensor &self, c10::optional<int64_t> dim, bool keepdim,
            at::Tensor &min, at::Tensor &max) {
  at::aminmax_out(min, max, self, dim, keepdim);
  return std::tuple<at::Tensor &, at::Tensor &>(min, max);
}

// An optional Tensor input without a formula (weight: requiring grad raises
// at the call), a non-differentiable input (target) and output
// (total_weight), a SymInt argument.
skgen::Meta nll_loss_forward_meta(const at::Tensor &self,
                                  const at::Tensor &target,
                                  const c10::optional<at::Tensor> &weight,
                                  int64_t reduction,
                                  skgen::SymInt /*ignore_index*/) {
  TORCH_CHECK(self.dim() > 0 && self.dim() <= 2,
              "input tensor should be 1D or 2D");
  TORCH_CHECK(target.dim() <= 1,
              "0D or 1D target tensor expected, multi-target not supported");
  bool no_batch_dim = self.dim() == 1 && target.dim() == 0;
  TORCH_CHECK(no_batch_dim || (self.size(0) == target.size(0)),
              "size mismatch (got input: ", self.sizes(),
              ", target: ", target.sizes(), ")");
  int64_t n_classes = self.size(-1);
  TORCH_CHECK(!given(weight) ||
                  (weight->dim() == 1 && weight->numel() == n_classes),
              "weight tensor should be defined either for all ", n_classes,
              " classes or no classes but got weight tensor of shape: ",
              given(weight) ? weight->sizes() : at::IntArrayRef());
  skgen::SizeVector shape;
  if (reduction == at::Reduction::None && self.dim() == 2)
    shape.push_back(skgen::sizes_of(self)[0]);
  skgen::TensorMeta output(shape, self.scalar_type());
  skgen::TensorMeta total_weight(skgen::SizeVector(), self.scalar_type());
  output.out_dtype = total_weight.out_dtype = skgen::OutDtype::Exact;
  return skgen::Meta{output, total_weight};
}

SKGEN_STRUCTURED("aten_port::nll_loss_forward.output(Tensor self, Tensor "
                 "target, Tensor? weight, int reduction, SymInt ignore_index, "
                 "*, Tensor(a!) output, Tensor(b!) total_weight) -> "
                 "(Tensor(a!), Tensor(b!))",
                 CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_META(nll_loss_forward_meta)
SKGEN_DERIVATIVE("self", "nll_loss_backward_symint(grad, self, target, weight, "
                         "reduction, ignore_index, total_weight)")
SKGEN_DERIVATIVE("target", "non_differentiable")
SKGEN_DERIVATIVE("output",
                 "std::get<0>(nll_loss_forward_symint(self_t, target, weight, "
                 "reduction, ignore_index))")
std::tuple<at::Tensor &, at::Tensor &>
nll_loss_forward_out(const at::Tensor &self, const at::Tensor &target,
                     const c10::optional<at::Tensor> &weight, int64_t reduction,
                     int64_t ignore_index, at::Tensor &output,
                     at::Tensor &total_weight) {
  at::nll_loss_forward_out(output, total_weight, self, target, weight,
                           reduction, ignore_index);
  return std::tuple<at::Tensor &, at::Tensor &>(output, total_weight);
}

//===----------------------------------------------------------------------===//
// aten's rules without history and for forward AD without formulas
// (Derivatives::withoutHistory, Derivatives::forwardAD)
//===----------------------------------------------------------------------===//

// Every input non_differentiable: no history, tangents dropped.
SKGEN_STRUCTURED("aten_port::special_bessel_j0.out(Tensor self, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary_float)
SKGEN_DERIVATIVE("self", "non_differentiable")
at::Tensor &special_bessel_j0_out(const at::Tensor &self, at::Tensor &out) {
  return at::special_bessel_j0_out(out, self);
}

// Every output not differentiable: the same.
skgen::Meta isposinf_meta(const at::Tensor &self) {
  TORCH_CHECK(!self.is_complex(),
              "isposinf does not support complex inputs.");
  return skgen::Meta{skgen::TensorMeta(skgen::sizes_of(self), at::kBool)};
}

SKGEN_STRUCTURED("aten_port::isposinf.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META(isposinf_meta)
SKGEN_DERIVATIVE("output_differentiability", "[False]")
at::Tensor &isposinf_out(const at::Tensor &self, at::Tensor &out) {
  return at::isposinf_out(out, self);
}

// No forward formula: forward AD through the operator's decomposition
// registered for it (test_grads.py registers aten's), as aten's.
skgen::Meta log_softmax_backward_data_meta(const at::Tensor & /*grad_output*/,
                                           const at::Tensor &output,
                                           int64_t /*dim*/,
                                           at::ScalarType input_dtype) {
  return skgen::Meta{skgen::TensorMeta(skgen::sizes_of(output), input_dtype)};
}

SKGEN_STRUCTURED("aten_port::_log_softmax_backward_data.out(Tensor "
                 "grad_output, Tensor output, int dim, ScalarType input_dtype, "
                 "*, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META(log_softmax_backward_data_meta)
SKGEN_NO_INPLACE
SKGEN_DERIVATIVE("grad_output", "grad.to(output.dtype()) - (grad.to(output."
                                "dtype()) * output.exp()).sum(dim, true)")
SKGEN_DERIVATIVE("output", "(-grad_output.sum(dim, true) * output.exp() * "
                           "grad.to(output.dtype())).to(output.dtype())")
at::Tensor &_log_softmax_backward_data_out(const at::Tensor &grad_output,
                                           const at::Tensor &output,
                                           int64_t dim,
                                           at::ScalarType input_dtype,
                                           at::Tensor &out) {
  return at::_log_softmax_backward_data_out(out, grad_output, output, dim,
                                            input_dtype);
}

skgen::Meta nll_loss_backward_meta(const at::Tensor & /*grad_output*/,
                                   const at::Tensor &self,
                                   const at::Tensor & /*target*/,
                                   const c10::optional<at::Tensor> &,
                                   int64_t, skgen::SymInt,
                                   const at::Tensor & /*total_weight*/) {
  return skgen::Meta{
      skgen::TensorMeta(skgen::sizes_of(self), self.scalar_type())};
}

SKGEN_STRUCTURED("aten_port::nll_loss_backward.grad_input(Tensor grad_output, "
                 "Tensor self, Tensor target, Tensor? weight, int reduction, "
                 "SymInt ignore_index, Tensor total_weight, *, Tensor(a!) "
                 "grad_input) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_META(nll_loss_backward_meta)
SKGEN_NO_INPLACE
SKGEN_DERIVATIVE("grad_output", "nll_loss_symint(grad, target, weight, "
                                "reduction, ignore_index)")
SKGEN_DERIVATIVE("self", "zeros_like(grad)")
SKGEN_DERIVATIVE("target", "non_differentiable")
at::Tensor &nll_loss_backward_out(const at::Tensor &grad_output,
                                  const at::Tensor &self,
                                  const at::Tensor &target,
                                  const c10::optional<at::Tensor> &weight,
                                  int64_t reduction, int64_t ignore_index,
                                  const at::Tensor &total_weight,
                                  at::Tensor &grad_input) {
  return at::nll_loss_backward_out(grad_input, grad_output, self, target,
                                   weight, reduction, ignore_index,
                                   total_weight);

// Tensor[] and Tensor?[] arguments (cat_tensors_backward, cat_jvp,
// index_backward: skgen/formulas.h)
//===----------------------------------------------------------------------===//

SKGEN_STRUCTURED("aten_port::cat.out(Tensor[] tensors, int dim=0, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(cat)
SKGEN_DERIVATIVE("tensors", "cat_tensors_backward(grad, "
                            "to_args_sizes_symint(tensors), "
                            "to_args_scalartypes(tensors), dim)")
SKGEN_DERIVATIVE("result", "cat_jvp(tensors, dim)")
at::Tensor &cat_out(at::TensorList tensors, int64_t dim, at::Tensor &out) {
  return at::cat_out(out, tensors, dim);
}

// PyTorch 1.13's new_zeros_symint takes c10::SymInt sizes, which its nodes
// (and skgen's there) do not save: new_zeros with the same sizes.
SKGEN_STRUCTURED("aten_port::index.Tensor_out(Tensor self, Tensor?[] indices, "
                 "*, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(index)
#if SKGEN_SYMBOLIC_SIZES
SKGEN_DERIVATIVE("self", "index_backward(grad.new_zeros_symint("
                         "self.sym_sizes(), self.options()), indices, grad)")
#else
SKGEN_DERIVATIVE("self", "index_backward(grad.new_zeros("
                         "self.sizes(), self.options()), indices, grad)")
#endif
SKGEN_DERIVATIVE("result", "auto_linear")
at::Tensor &index_out(const at::Tensor &self,
                      const c10::List<c10::optional<at::Tensor>> &indices,
                      at::Tensor &out) {
  return at::index_out(out, self, indices);
}

} // namespace aten_port
