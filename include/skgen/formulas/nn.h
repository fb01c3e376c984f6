//===- skgen/formulas/nn.h - Activations, softmax, pooling, losses -*- C++ -*-//
//
// aten's helpers for the derivatives of neural-network ops: activations
// (silu and mish differentiable again; elu, gelu and softplus's backward
// ops differentiated), softmax's backward, max pooling's backward (max
// unpooling), the loss reductions; and, with PyTorch 1.13, the `_symint`
// names of the nn operators that version lacks.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_FORMULAS_NN_H
#define SKGEN_FORMULAS_NN_H

#include <skgen/formulas/common.h>

#include <ATen/core/Reduction.h>
#include <c10/util/string_view.h>

#include <cmath>
#include <tuple>
#include <vector>

namespace skgen {
namespace formulas {

//===----------------------------------------------------------------------===//
// Activations
//===----------------------------------------------------------------------===//

/// silu's gradient from ATen operators (differentiable again, unlike the
/// silu_backward kernel): sigmoid(x) (1 + x (1 - sigmoid(x))).
inline at::Tensor
infinitely_differentiable_silu_backward(const at::Tensor &grad_output,
                                        const at::Tensor &input) {
  at::Tensor sigmoid = input.sigmoid();
  return grad_output * sigmoid * (1.0 + input * (1.0 - sigmoid));
}

/// mish's gradient from ATen operators: tanh(sp) + x sigmoid(x) (1 -
/// tanh²(sp)), sp = softplus(x) = log1p(exp(x)).
inline at::Tensor
infinitely_differentiable_mish_backward(const at::Tensor &grad_output,
                                        const at::Tensor &input) {
  at::Tensor sigmoid = input.sigmoid();
  at::Tensor tanh_sp = input.exp().log1p().tanh();
  return grad_output * (tanh_sp + input * sigmoid * (1.0 - tanh_sp * tanh_sp));
}

/// elu_backward's gradient for self_or_result (\p grad for it, \p
/// grad_output elu_backward's first input): 0 where self_or_result >= 0;
/// below, from the result, grad * grad_output * input_scale, from the
/// input, elu_backward applied to that.
inline at::Tensor
elu_double_backward(const at::Tensor &grad, const at::Tensor &grad_output,
                    const at::Scalar &alpha, const at::Scalar &scale,
                    const at::Scalar &input_scale, bool is_result,
                    const at::Tensor &self_or_result) {
  at::Tensor negative = (self_or_result < 0).type_as(grad);
  if (is_result)
    return grad * grad_output * input_scale * negative;
  return at::elu_backward(grad * grad_output * input_scale, alpha, scale,
                          input_scale, is_result, self_or_result) *
         negative;
}

/// gelu_backward's gradient for self: \p ggI * \p gO * gelu''(x) (exact or
/// with the tanh approximation).
inline at::Tensor gelu_double_backward(const at::Tensor &ggI,
                                       const at::Tensor &gO,
                                       const at::Tensor &input,
                                       c10::string_view approximate) {
  if (approximate == "tanh") {
    // gelu(x) = f g' ... with f = x / 2, g = 1 + tanh(inner),
    // inner = beta (x + kappa x³); the sum of the product rule's terms.
    constexpr double kBeta = M_SQRT2 * M_2_SQRTPI * 0.5;
    constexpr double kKappa = 0.044715;
    at::Tensor inner = kBeta * (input + kKappa * at::pow(input, 3));
    at::Tensor tanh_inner = at::tanh(inner);
    at::Tensor sech_inner = 1 / at::cosh(inner);
    at::Tensor f = 0.5 * input;
    at::Tensor g = 1 - tanh_inner * tanh_inner;
    at::Tensor h = kBeta * (1 + 3 * kKappa * input * input);
    at::Tensor f_prime_gh = 0.5 * g * h;
    at::Tensor g_prime_fh =
        f * h * ((2 * sech_inner) * (-sech_inner * tanh_inner) * h);
    at::Tensor h_prime_fg = f * g * (6 * kKappa * input * kBeta);
    return ggI * gO * (2 * f_prime_gh + g_prime_fh + h_prime_fg);
  }
  // d/dx (Phi(x) + x phi(x)) = 2 phi(x) - x² phi(x).
  constexpr double kBeta = M_2_SQRTPI * M_SQRT1_2 * 0.5;
  at::Tensor input_sq = input * input;
  at::Tensor pdf = kBeta * at::exp(-0.5 * input_sq);
  return ggI * gO * (2 * pdf - input_sq * pdf);
}

/// softplus_backward's gradient for self (\p grad already times its
/// grad_output): beta sigmoid'(beta x) below the threshold, 0 above.
inline at::Tensor softplus_double_backward(const at::Tensor &grad,
                                           const at::Tensor &input,
                                           const at::Scalar &beta,
                                           const at::Scalar &threshold) {
  at::Tensor x = input * beta;
  return at::sigmoid_backward(grad, x.sigmoid()) *
         (x < threshold).type_as(grad) * beta;
}

//===----------------------------------------------------------------------===//
// softmax, pooling, losses
//===----------------------------------------------------------------------===//

/// _softmax_backward_data's gradient for output (\p grad for it, \p
/// grad_output the op's first input).
inline at::Tensor softmax_double_backward(const at::Tensor &grad,
                                          const at::Tensor &grad_output,
                                          int64_t dim,
                                          const at::Tensor &output) {
  return grad_output * grad - (output * grad_output).sum(dim, true) * grad -
         grad_output * (output * grad).sum(dim, true);
}

/// \p grad gathered at a max pooling's \p indices (over its last \p dim
/// dims): the backward op's gradient for grad_output, max unpooling's for
/// self.
inline at::Tensor max_pool_double_backward(const at::Tensor &grad,
                                           const at::Tensor &indices,
                                           int64_t dim) {
  TORCH_INTERNAL_ASSERT(indices.dim() >= dim);
  if (indices.numel() == 0)
    return at::empty_like(indices, grad.options());
  std::vector<::skgen::SymInt> sizes = detail::sizes_of(indices);
  std::vector<::skgen::SymInt> flat(
      sizes.begin(), sizes.begin() + static_cast<long>(indices.dim() - dim));
  flat.push_back(-1);
  return detail::view_as_sizes(
      detail::view_as_sizes(grad.contiguous(indices.suggest_memory_format()),
                            flat)
          .gather(-1, detail::view_as_sizes(indices, flat)),
      sizes);
}

/// A loss's elementwise values reduced as \p reduction (at::Reduction) says.
inline at::Tensor apply_loss_reduction(const at::Tensor &unreduced,
                                       int64_t reduction) {
  if (reduction == at::Reduction::Mean)
    return unreduced.mean();
  if (reduction == at::Reduction::Sum)
    return unreduced.sum();
  return unreduced;
}

#if !SKGEN_SYMBOLIC_SIZES
// PyTorch 1.13 has these operators without their `_symint` names (and its
// sizes are int64_t: skgen::SymInt is int64_t, skgen::SymIntArrayRef is
// at::IntArrayRef).
inline at::Tensor nll_loss_backward_symint(
    const at::Tensor &grad, const at::Tensor &self, const at::Tensor &target,
    const c10::optional<at::Tensor> &weight, int64_t reduction,
    int64_t ignore_index, const at::Tensor &total_weight) {
  return at::nll_loss_backward(grad, self, target, weight, reduction,
                               ignore_index, total_weight);
}
inline std::tuple<at::Tensor, at::Tensor>
nll_loss_forward_symint(const at::Tensor &self, const at::Tensor &target,
                        const c10::optional<at::Tensor> &weight,
                        int64_t reduction, int64_t ignore_index) {
  return at::nll_loss_forward(self, target, weight, reduction, ignore_index);
}
inline at::Tensor nll_loss_symint(const at::Tensor &self,
                                  const at::Tensor &target,
                                  const c10::optional<at::Tensor> &weight,
                                  int64_t reduction, int64_t ignore_index) {
  return at::nll_loss(self, target, weight, reduction, ignore_index);
}
#define SKGEN_FORMULAS_PAD(NAME)                                               \
  inline at::Tensor NAME##_symint(const at::Tensor &self,                      \
                                  ::skgen::SymIntArrayRef padding) {           \
    return at::NAME(self, padding);                                            \
  }                                                                            \
  inline at::Tensor NAME##_backward_symint(const at::Tensor &grad_output,      \
                                           const at::Tensor &self,             \
                                           ::skgen::SymIntArrayRef padding) {  \
    return at::NAME##_backward(grad_output, self, padding);                    \
  }
SKGEN_FORMULAS_PAD(reflection_pad1d)
SKGEN_FORMULAS_PAD(reflection_pad3d)
SKGEN_FORMULAS_PAD(replication_pad1d)
SKGEN_FORMULAS_PAD(replication_pad2d)
SKGEN_FORMULAS_PAD(replication_pad3d)
#undef SKGEN_FORMULAS_PAD
#endif

} // namespace formulas
} // namespace skgen

#endif // SKGEN_FORMULAS_NN_H
