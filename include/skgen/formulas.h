//===- skgen/formulas.h - Helpers for derivatives.yaml formulas -*- C++ -*-===//
//
// The helper functions that aten's derivative formulas (derivatives.yaml)
// call, for the SKGEN_DERIVATIVE formulas of a library: generated code
// evaluates each formula with `using namespace ::skgen::formulas;` in effect,
// so a formula ported from derivatives.yaml compiles as it is written there.
//
// torch's own helpers (torch::autograd::generated::details, declared in
// FunctionsManual.h) have hidden visibility: libtorch does not export them,
// so a library cannot link against them. These are written from what those
// functions compute (same values, same dtypes, differentiable again for
// double backward); they call only ATen operators.
//
// Helpers that aten exposes as operators (tanh_backward, sigmoid_backward,
// gelu_backward, nll_loss_backward_symint, value_selecting_reduction_backward
// _symint, ...) are found in namespace at by argument-dependent lookup and are
// not repeated here; where PyTorch 1.13 lacks the `_symint` spelling, this
// header supplies it (SKGEN_SYMBOLIC_SIZES == 0 only, so that the two are
// never ambiguous).
//
// Sizes are skgen::SymInt / skgen::SymIntArrayRef where aten's formulas use
// SymInts (`self.sym_sizes()`, saved by a node as std::vector<skgen::SymInt>):
// c10::SymInt with PyTorch 2 (torch.compile(dynamic=True) keeps them
// symbolic), int64_t with 1.13 (skgen/symint.h).
//
// Header-only, ATen headers only; PyTorch 1.13 and 2.x.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_FORMULAS_H
#define SKGEN_FORMULAS_H

#include <skgen/symint.h>

#include <ATen/ATen.h>
#include <ATen/WrapDimUtils.h>
#include <c10/core/SymIntArrayRef.h>
#include <c10/util/Optional.h>

#include <array>
#include <tuple>
#include <vector>

namespace skgen {
namespace formulas {

//===----------------------------------------------------------------------===//
// Real and complex, Scalars
//===----------------------------------------------------------------------===//

/// The gradient of a real input whose formula is complex (a real input
/// mixed with a complex one): its real part; otherwise \p gradient as is.
inline at::Tensor handle_r_to_c(c10::ScalarType self_st, at::Tensor gradient) {
  if (!c10::isComplexType(self_st) && gradient.is_complex())
    return at::real(gradient);
  return gradient;
}
inline at::Tensor handle_r_to_c(const at::Tensor &self, at::Tensor gradient) {
  return handle_r_to_c(self.scalar_type(), std::move(gradient));
}

/// \p t times \p s, or \p t itself when \p s is 1 (no multiplication, so no
/// extra node in the graph and no promotion by the Scalar).
inline at::Tensor maybe_multiply(const at::Tensor &t, const at::Scalar &s) {
  bool one = false;
  if (s.isFloatingPoint())
    one = s.toDouble() == 1;
  else if (s.isIntegral(/*includeBool=*/true))
    one = s.toLong() == 1;
  return one ? t : t * s;
}

//===----------------------------------------------------------------------===//
// Binary ops
//===----------------------------------------------------------------------===//

/// d(self * other)/d(self) applied to \p grad.
inline at::Tensor mul_tensor_backward(const at::Tensor &grad,
                                      const at::Tensor &other,
                                      c10::ScalarType self_st) {
  return handle_r_to_c(self_st, grad * other.conj());
}

/// d(self / other)/d(self) applied to \p grad.
inline at::Tensor div_tensor_self_backward(const at::Tensor &grad,
                                           const at::Tensor &other,
                                           c10::ScalarType self_st) {
  return handle_r_to_c(self_st, grad / other.conj());
}

/// d(self / other)/d(other) applied to \p grad: -grad * conj(self / other²).
inline at::Tensor div_tensor_other_backward(const at::Tensor &grad,
                                            const at::Tensor &self,
                                            const at::Tensor &other) {
  return handle_r_to_c(other, -grad * ((self / other) / other).conj());
}

/// d(self ** exponent)/d(self): exponent * self^(exponent - 1), and 0 where
/// the exponent is 0 (also for self == 0, where the power rule gives nan).
inline at::Tensor pow_backward_self(const at::Tensor &grad,
                                    const at::Tensor &self,
                                    const at::Tensor &exponent) {
  at::Tensor out = at::where(exponent == 0.0, at::zeros({}, grad.options()),
                             grad * (exponent * self.pow(exponent - 1)).conj());
  return handle_r_to_c(self, std::move(out));
}

/// d(self ** exponent)/d(exponent): result * log(self), and 0 where self is
/// 0 and the exponent is (real and) non-negative (the limit, not nan).
inline at::Tensor pow_backward_exponent(const at::Tensor &grad,
                                        const at::Tensor &self,
                                        const at::Tensor &exponent,
                                        const at::Tensor &result) {
  at::Tensor base = self.to(at::result_type(self, exponent));
  at::Tensor nonnegative =
      exponent.is_complex()
          ? at::logical_and(at::imag(exponent) == 0, at::real(exponent) >= 0)
          : exponent >= 0;
  at::Tensor derivative = (result * base.log()).conj();
  at::Tensor out =
      grad *
      at::where(nonnegative,
                at::where(base == 0, at::zeros({}, grad.options()), derivative),
                derivative);
  return handle_r_to_c(exponent, std::move(out));
}

/// atan2's gradients for (self, other): other / r² and -self / r², the ones
/// \p mask asks for (the others undefined).
inline std::tuple<at::Tensor, at::Tensor>
atan2_backward(const at::Tensor &grad, const at::Tensor &self,
               const at::Tensor &other, std::array<bool, 2> mask) {
  if (!grad.defined())
    return {};
  at::Tensor recip = (self * self + other * other).reciprocal();
  return std::make_tuple(mask[0] ? grad * other * recip : at::Tensor(),
                         mask[1] ? grad * -self * recip : at::Tensor());
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// An `int[]?` argument (reduction dims; none: all) as formulas see it: a
/// node saves it as c10::optional<std::vector<int64_t>> (backward formulas),
/// a kernel takes it as at::OptionalIntArrayRef (forward formulas). A view:
/// what it is made from outlives the formula's call.
class OptionalDims {
public:
  OptionalDims(at::OptionalIntArrayRef dims) : dims_(dims) {}
  OptionalDims(const c10::optional<std::vector<int64_t>> &dims)
      : dims_(dims.has_value() ? at::OptionalIntArrayRef(*dims)
                               : at::OptionalIntArrayRef()) {}
  OptionalDims(c10::IntArrayRef dims) : dims_(dims) {}
  OptionalDims(const std::vector<int64_t> &dims)
      : dims_(c10::IntArrayRef(dims)) {}
  OptionalDims(c10::nullopt_t) {}
  operator at::OptionalIntArrayRef() const { return dims_; }
  bool has_value() const { return dims_.has_value(); }
  c10::IntArrayRef operator*() const { return *dims_; }
  /// No dims, or an empty list: the reduction is over all dims.
  bool all() const { return !dims_.has_value() || dims_->empty(); }

private:
  at::OptionalIntArrayRef dims_;
};

namespace detail {
/// \p dims (none or empty: all) of an \p ndim-dimensional tensor, wrapped,
/// as a mask.
inline std::vector<bool> reduced_dims_mask(OptionalDims dims, int64_t ndim) {
  std::vector<bool> mask(static_cast<size_t>(ndim), false);
  if (dims.all()) {
    mask.assign(mask.size(), true);
    return mask;
  }
  for (int64_t d : *dims)
    mask[static_cast<size_t>(at::maybe_wrap_dim(d, ndim))] = true;
  return mask;
}
} // namespace detail

/// \p t with a size-1 dim inserted at each of \p dims (none: all) of the
/// \p n_dims-dimensional tensor it was reduced from.
inline at::Tensor unsqueeze_multiple(const at::Tensor &t, OptionalDims dims,
                                     size_t n_dims) {
  std::vector<bool> mask =
      detail::reduced_dims_mask(dims, static_cast<int64_t>(n_dims));
  at::Tensor res = t;
  for (size_t i = 0; i < n_dims; ++i)
    if (mask[i])
      res = res.unsqueeze(static_cast<int64_t>(i));
  return res;
}

namespace detail {
/// \p t expanded to \p sizes.
inline at::Tensor expand_to(const at::Tensor &t,
                            ::skgen::SymIntArrayRef sizes) {
#if SKGEN_SYMBOLIC_SIZES
  return t.expand_symint(sizes);
#else
  return t.expand(sizes);
#endif
}
} // namespace detail

/// sum's backward: \p grad expanded back to the input's \p sizes (the
/// reduced dims re-inserted first unless \p keepdim).
inline at::Tensor sum_backward(const at::Tensor &grad,
                               ::skgen::SymIntArrayRef sizes, OptionalDims dims,
                               bool keepdim) {
  if (!keepdim && !sizes.empty() && !dims.all())
    return detail::expand_to(unsqueeze_multiple(grad, dims, sizes.size()),
                             sizes);
  return detail::expand_to(grad, sizes);
}

namespace detail {
/// The number of elements \p dims of \p sizes hold (1 for a 0-dim input).
inline ::skgen::SymInt reduced_numel(::skgen::SymIntArrayRef sizes,
                                     c10::IntArrayRef dims) {
  ::skgen::SymInt n = 1;
  if (sizes.empty())
    return n;
  for (int64_t d : dims)
    n = n * sizes[static_cast<size_t>(
                at::maybe_wrap_dim(d, static_cast<int64_t>(sizes.size())))];
  return n;
}
} // namespace detail

/// mean's backward: sum's, divided by the number of elements averaged.
inline at::Tensor mean_backward(const at::Tensor &grad,
                                ::skgen::SymIntArrayRef sizes,
                                OptionalDims dims, ::skgen::SymInt numel,
                                bool keepdim) {
  ::skgen::SymInt n =
      dims.all() ? std::move(numel) : detail::reduced_numel(sizes, *dims);
  return sum_backward(grad, sizes, dims, keepdim) / std::move(n);
}

/// \p output of a reduction over \p dims (empty: all) with size-1 dims put
/// back unless \p keepdim, so that it broadcasts against the input.
inline at::Tensor restore_reduced_dims(const at::Tensor &output,
                                       c10::IntArrayRef dims, bool keepdim) {
  if (keepdim)
    return output;
  int64_t total = output.dim() + static_cast<int64_t>(dims.size());
  std::vector<bool> reduced(static_cast<size_t>(total), false);
  for (int64_t d : dims)
    reduced[static_cast<size_t>(d < 0 ? d + total : d)] = true;
  std::vector<c10::SymInt> shape;
  int64_t j = 0;
  for (int64_t i = 0; i < total; ++i)
    shape.push_back(reduced[static_cast<size_t>(i)] ? c10::SymInt(1)
                                                    : output.sym_size(j++));
  return output.reshape_symint(shape);
}

/// \p grad shared equally among the elements \p mask selects along \p dims
/// (amax/amin: ties split the gradient).
inline at::Tensor scale_grad_by_count(const at::Tensor &grad,
                                      const at::Tensor &mask,
                                      c10::IntArrayRef dims) {
  return (grad / mask.sum(dims, /*keepdim=*/true)) * mask;
}

/// amax/amin's forward derivative: the mean tangent of the selected elements.
inline at::Tensor amaxamin_jvp(const at::Tensor &x, const at::Tensor &dx,
                               const at::Tensor &result, c10::IntArrayRef dims,
                               bool keepdim) {
  at::Tensor mask = x == restore_reduced_dims(result, dims, keepdim);
  return at::where(mask, dx, 0.).sum(dims, keepdim) / mask.sum(dims, keepdim);
}

namespace detail {
/// The dims of an `int? dim` (none: all, as an empty list).
inline std::vector<int64_t> dims_of(c10::optional<int64_t> dim) {
  return dim.has_value() ? std::vector<int64_t>{*dim} : std::vector<int64_t>{};
}
} // namespace detail

/// aminmax's backward: each defined output gradient shared among the
/// elements equal to that output.
inline at::Tensor aminmax_backward(const at::Tensor &self,
                                   c10::optional<int64_t> dim, bool keepdim,
                                   const at::Tensor &grad_min,
                                   const at::Tensor &grad_max,
                                   const at::Tensor &min,
                                   const at::Tensor &max) {
  std::vector<int64_t> dims = detail::dims_of(dim);
  at::Tensor grad_input = at::zeros_symint(self.sym_sizes(), self.options());
  if (grad_min.defined())
    grad_input = grad_input +
                 scale_grad_by_count(
                     restore_reduced_dims(grad_min, dims, keepdim),
                     restore_reduced_dims(min, dims, keepdim) == self, dims);
  if (grad_max.defined())
    grad_input = grad_input +
                 scale_grad_by_count(
                     restore_reduced_dims(grad_max, dims, keepdim),
                     restore_reduced_dims(max, dims, keepdim) == self, dims);
  return grad_input;
}

/// aminmax's forward derivative of one output (\p result).
inline at::Tensor aminmax_jvp(const at::Tensor &x, const at::Tensor &dx,
                              const at::Tensor &result,
                              c10::optional<int64_t> dim, bool keepdim) {
  return amaxamin_jvp(x, dx, result, detail::dims_of(dim), keepdim);
}

namespace detail {
/// \p t narrowed along \p dim (symbolic sizes kept where they are symbolic).
inline at::Tensor narrow_sizes(const at::Tensor &t, int64_t dim,
                               const c10::SymInt &start,
                               const c10::SymInt &length) {
#if SKGEN_SYMBOLIC_SIZES
  return t.narrow_symint(dim, start, length);
#else
  return t.narrow(dim, start.expect_int(), length.expect_int());
#endif
}
} // namespace detail

/// prod's gradient along \p dim when the input may hold zeros: the product
/// of the other elements, as exclusive cumulative products from both ends.
inline at::Tensor prod_safe_zeros_backward(const at::Tensor &grad,
                                           const at::Tensor &input,
                                           int64_t dim) {
  if (input.sym_numel() == 0)
    return grad.expand_as(input);
  c10::SymInt n = input.sym_size(dim);
  if (n == 1)
    return grad;
  std::vector<c10::SymInt> ones_size = input.sym_sizes().vec();
  ones_size[static_cast<size_t>(dim)] = 1;
  at::Tensor ones = at::ones_symint(ones_size, grad.options());
  at::Tensor before =
      at::cat({ones, detail::narrow_sizes(input, dim, 0, n - 1)}, dim)
          .cumprod(dim);
  at::Tensor after =
      at::cat({ones, detail::narrow_sizes(input, dim, 1, n - 1).flip({dim})},
              dim)
          .cumprod(dim)
          .flip({dim});
  return grad * (before * after).conj();
}

/// prod.dim_int's backward: result / input where no element is 0, the safe
/// product of the others otherwise.
inline at::Tensor prod_backward(at::Tensor grad, const at::Tensor &input,
                                at::Tensor result, int64_t dim, bool keepdim) {
  if (input.dim() == 0)
    return grad;
  dim = at::maybe_wrap_dim(dim, input.dim());
  if (!keepdim) {
    grad = grad.unsqueeze(dim);
    result = result.unsqueeze(dim);
  }
  if ((input == 0).sum().item<int64_t>() == 0)
    return grad * (result / input).conj();
  return prod_safe_zeros_backward(grad, input, dim);
}

/// The elements of \p input at \p indices along \p dim (the tangent of
/// max.dim / min.dim's values).
inline at::Tensor gather_with_keepdimed_indices(const at::Tensor &input,
                                                int64_t dim,
                                                const at::Tensor &indices,
                                                bool keepdim) {
  at::Tensor full = keepdim ? indices : indices.unsqueeze(dim);
  at::Tensor out = at::gather(input, dim, full);
  return keepdim ? out : out.squeeze(dim);
}

#if !SKGEN_SYMBOLIC_SIZES
// PyTorch 1.13 has these operators without their `_symint` names (and its
// sizes are int64_t: skgen::SymIntArrayRef is at::IntArrayRef).
inline at::Tensor value_selecting_reduction_backward_symint(
    const at::Tensor &grad, int64_t dim, const at::Tensor &indices,
    ::skgen::SymIntArrayRef sizes, bool keepdim) {
  return at::value_selecting_reduction_backward(grad, dim, indices, sizes,
                                                keepdim);
}
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
#endif

//===----------------------------------------------------------------------===//
// clamp with tensor bounds
//===----------------------------------------------------------------------===//

namespace detail {
inline bool given(const c10::optional<at::Tensor> &t) {
  return t.has_value() && t->defined();
}
} // namespace detail

/// clamp's gradient for self: \p grad where self is within the bounds given.
inline at::Tensor clamp_backward(const at::Tensor &grad, const at::Tensor &self,
                                 const c10::optional<at::Tensor> &min,
                                 const c10::optional<at::Tensor> &max) {
  at::Tensor zero = at::scalar_tensor(0., grad.options());
  if (detail::given(min) && detail::given(max))
    return at::where((self >= *min).logical_and_(self <= *max), grad, zero);
  if (detail::given(min))
    return at::where(self >= *min, grad, zero);
  if (detail::given(max))
    return at::where(self <= *max, grad, zero);
  return grad;
}

/// clamp's gradients for (min, max): \p grad where that bound is the result
/// (min wins where min > max, as clamp does), those \p mask asks for.
inline std::tuple<at::Tensor, at::Tensor>
clamp_backward_min_max(const at::Tensor &grad, const at::Tensor &self,
                       const c10::optional<at::Tensor> &min,
                       const c10::optional<at::Tensor> &max,
                       std::array<bool, 2> mask) {
  std::tuple<at::Tensor, at::Tensor> ret;
  if (!grad.defined())
    return ret;
  at::Tensor zero = at::scalar_tensor(0., grad.options());
  if (detail::given(min) && detail::given(max)) {
    if (mask[0])
      std::get<0>(ret) =
          at::where((self < *min).logical_and(*min < *max), grad, zero);
    if (mask[1])
      std::get<1>(ret) =
          at::where((self > *max).logical_or(*max < *min), grad, zero);
  } else if (detail::given(min) && mask[0]) {
    std::get<0>(ret) = at::where(self < *min, grad, zero);
  } else if (detail::given(max) && mask[1]) {
    std::get<1>(ret) = at::where(self > *max, grad, zero);
  }
  return ret;
}

/// clamp's forward derivative: the tangent of whichever of self, min, max
/// the result is (undefined \p min_p / \p max_p: no such bound).
inline at::Tensor clamp_jvp(const at::Tensor &self_p, const at::Tensor &self_t,
                            const at::Tensor &min_p, const at::Tensor &min_t,
                            const at::Tensor &max_p, const at::Tensor &max_t) {
  if (min_p.defined() && max_p.defined())
    return at::where(min_p > max_p, max_t,
                     at::where(self_p < min_p, min_t,
                               at::where(self_p > max_p, max_t, self_t)));
  if (min_p.defined())
    return at::where(self_p > min_p, self_t, min_t);
  if (max_p.defined())
    return at::where(self_p < max_p, self_t, max_t);
  return self_t;
}

} // namespace formulas
} // namespace skgen

#endif // SKGEN_FORMULAS_H
