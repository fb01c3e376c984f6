//===- skgen/formulas/reductions.h - Reductions' helpers --------*- C++ -*-===//
//
// aten's helpers for the derivatives of reductions and scans: sum, mean,
// prod, amax/amin, aminmax, max/min.dim, the norms (norm, linalg_vector_norm,
// renorm), logsumexp's forward derivative (softmax's too), cumsum, cumprod.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_FORMULAS_REDUCTIONS_H
#define SKGEN_FORMULAS_REDUCTIONS_H

#include <skgen/formulas/common.h>

#include <ATen/AccumulateType.h>

#include <cmath>
#include <numeric>
#include <tuple>
#include <vector>

namespace skgen {
namespace formulas {

//===----------------------------------------------------------------------===//
// sum, mean, prod, amax/amin, aminmax, max/min.dim
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
/// \p n_dims-dimensional tensor it was reduced from; an empty list inserts
/// none (as aten's: callers pass what a reduction over all dims gave).
inline at::Tensor unsqueeze_multiple(const at::Tensor &t, OptionalDims dims,
                                     size_t n_dims) {
  if (dims.has_value() && (*dims).empty())
    return t;
  std::vector<bool> mask =
      detail::reduced_dims_mask(dims, static_cast<int64_t>(n_dims));
  at::Tensor res = t;
  for (size_t i = 0; i < n_dims; ++i)
    if (mask[i])
      res = res.unsqueeze(static_cast<int64_t>(i));
  return res;
}

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
// PyTorch 1.13 has this operator without its `_symint` name (and its sizes
// are int64_t: skgen::SymIntArrayRef is at::IntArrayRef).
inline at::Tensor value_selecting_reduction_backward_symint(
    const at::Tensor &grad, int64_t dim, const at::Tensor &indices,
    ::skgen::SymIntArrayRef sizes, bool keepdim) {
  return at::value_selecting_reduction_backward(grad, dim, indices, sizes,
                                                keepdim);
}
#endif

/// prod's backward (all elements): result / input where no element is 0,
/// the safe product of the others otherwise (zeros when more than one is 0
/// and no graph is recorded).
inline at::Tensor prod_backward(const at::Tensor &grad, const at::Tensor &input,
                                const at::Tensor &result) {
  if (input.dim() == 0)
    return grad;
  at::Tensor zeros = (input == 0).nonzero();
  if (zeros.size(0) == 0)
    return grad * (result / input).conj();
  if (!at::GradMode::is_enabled() && zeros.size(0) > 1)
    return at::zeros_like(input, at::MemoryFormat::Contiguous);
  return prod_safe_zeros_backward(grad, input.contiguous().view(-1), 0)
      .view_as(input);
}

//===----------------------------------------------------------------------===//
// Norms
//===----------------------------------------------------------------------===//

/// The gradient of the p-norm of \p self over \p dim (empty: all; \p p_
/// none: 2) whose value is \p norm. Undefined for p = 0 (piecewise
/// constant); at norm 0 the subgradient 0.
inline at::Tensor norm_backward(at::Tensor grad, const at::Tensor &self,
                                const c10::optional<at::Scalar> &p_,
                                at::Tensor norm, at::IntArrayRef dim,
                                bool keepdim) {
  size_t ndim = static_cast<size_t>(self.dim());
  double p = p_.value_or(2.0).toDouble();
  if (!keepdim && self.dim() != 0) {
    grad = unsqueeze_multiple(grad, dim, ndim);
    norm = unsqueeze_multiple(norm, dim, ndim);
  }
  if (p == 0.0)
    return {};
  if (p == 1.0)
    return self.sgn() * grad;
  if (p == 2.0)
    return grad * (self / norm).masked_fill(norm == 0, 0);
  if (std::isinf(p)) {
    // amax(|self|)'s gradient, nan counting as the max.
    at::Tensor abs = self.abs();
    at::Tensor mask = abs.eq(norm).logical_or(abs.isnan());
    return self.sgn() * ((grad / mask.sum(dim, true)) * mask);
  }
  if (p < 1.0)
    return self.sgn() * self.abs().pow(p - 1).masked_fill(self == 0, 0) * grad *
           norm.pow(1 - p);
  at::Tensor scaled = p < 2.0 ? self.sgn() * self.abs().pow(p - 1)
                              : self * self.abs().pow(p - 2);
  return scaled * (grad / norm.pow(p - 1)).masked_fill(norm == 0, 0);
}
/// The same over all dims (norm.Scalar, dist).
inline at::Tensor norm_backward(const at::Tensor &grad, const at::Tensor &self,
                                const c10::optional<at::Scalar> &p_,
                                const at::Tensor &norm) {
  return norm_backward(grad, self, p_, norm, {}, true);
}

/// The p-norm's forward derivative (tangent \p self_t at \p self_p).
inline at::Tensor norm_jvp(const at::Tensor &self_p, const at::Tensor &self_t,
                           const c10::optional<at::Scalar> &p_, at::Tensor norm,
                           at::IntArrayRef dim, bool keepdim) {
  size_t ndim = static_cast<size_t>(self_p.dim());
  double p = p_.value_or(2.0).toDouble();
  if (p == 0.0)
    return at::zeros_like(norm);
  if (p == 1.0)
    return at::real(self_p.sgn() * self_t.conj()).sum(dim, keepdim);
  if (p == 2.0) // in place: the tangent keeps self's dtype, as aten's
    return at::real(self_p * self_t.conj())
        .sum(dim, keepdim)
        .div_(norm)
        .masked_fill_(norm == 0, 0);
  if (std::isinf(p)) {
    // The mean tangent of the elements whose |x| is the max (nan counting).
    if (!keepdim && self_p.dim() != 0)
      norm = unsqueeze_multiple(norm, dim, ndim);
    at::Tensor is_max =
        (self_p.abs() == norm)
            .logical_or(self_p.isnan().logical_and(norm.isnan()))
            .type_as(norm);
    at::Tensor count = is_max.count_nonzero(dim);
    if (self_p.dim() != 0)
      count = unsqueeze_multiple(count, dim, ndim);
    return (at::real(self_p.sgn() * self_t.conj()) * is_max / count)
        .sum(dim, keepdim);
  }
  if (p < 1.0)
    return (self_p.abs().pow(p - 1).masked_fill(self_p == 0, 0) *
            at::real(self_p.sgn() * self_t.conj()))
               .sum(dim, keepdim) *
           norm.pow(1 - p);
  at::Tensor sumpow_t =
      p < 2.0
          ? (self_p.abs().pow(p - 1) * at::real(self_p.sgn() * self_t.conj()))
                .sum(dim, keepdim)
          : (self_p.abs().pow(p - 2) * at::real(self_p * self_t.conj()))
                .sum(dim, keepdim);
  return (sumpow_t / norm.pow(p - 1)).masked_fill(norm == 0, 0);
}
inline at::Tensor norm_jvp(const at::Tensor &self_p, const at::Tensor &self_t,
                           const c10::optional<at::Scalar> &p_,
                           at::Tensor norm) {
  return norm_jvp(self_p, self_t, p_, std::move(norm), {}, true);
}

namespace detail {
inline at::IntArrayRef dims_or_all(const OptionalDims &dims) {
  return dims.has_value() ? *dims : at::IntArrayRef();
}
} // namespace detail

/// linalg_vector_norm's gradient (\p opt_dim none: all dims); its dtype
/// argument needs nothing (broadcasting promotes).
inline at::Tensor
linalg_vector_norm_backward(at::Tensor grad, const at::Tensor &self,
                            const at::Scalar &ord, at::Tensor norm,
                            OptionalDims opt_dim, bool keepdim) {
  return norm_backward(std::move(grad), self, ord, std::move(norm),
                       detail::dims_or_all(opt_dim), keepdim);
}

/// linalg_vector_norm's forward derivative.
inline at::Tensor linalg_vector_norm_jvp(const at::Tensor &self_p,
                                         const at::Tensor &self_t,
                                         const at::Scalar &ord, at::Tensor norm,
                                         OptionalDims opt_dim, bool keepdim) {
  return norm_jvp(self_p, self_t, ord, std::move(norm),
                  detail::dims_or_all(opt_dim), keepdim);
}

namespace detail {
/// Every dim of an \p ndim-dimensional tensor but \p dim (renorm's norms).
inline std::vector<int64_t> all_dims_but(int64_t ndim, int64_t dim) {
  std::vector<int64_t> dims(static_cast<size_t>(ndim));
  std::iota(dims.begin(), dims.end(), 0);
  dims.erase(dims.begin() + at::maybe_wrap_dim(dim, ndim));
  return dims;
}
} // namespace detail

/// renorm's gradient: where a slice's p-norm exceeds maxnorm, the gradient
/// of self * maxnorm / (norm + 1e-7); elsewhere grad. The norms are computed
/// in the accumulate type (double for float on CPU), as renorm does.
inline at::Tensor renorm_backward(const at::Tensor &grad,
                                  const at::Tensor &self, const at::Scalar &p,
                                  int64_t dim, const at::Scalar &maxnorm) {
  std::vector<int64_t> dims = detail::all_dims_but(self.dim(), dim);
  c10::ScalarType acc =
      at::toAccumulateType(self.scalar_type(), self.is_cuda());
  c10::ScalarType real_acc = c10::toRealValueType(acc);
  at::Tensor norm =
      at::linalg_vector_norm(self, p, dims, /*keepdim=*/true, acc);
  at::Tensor grad_output = self.conj() * grad;
  if (real_acc != acc) // the norm is real
    grad_output = at::real(grad_output);
  grad_output = grad_output.sum(dims, /*keepdim=*/true, real_acc);
  at::Tensor nb =
      norm_backward(std::move(grad_output), self, p, norm, dims, true);
  at::Tensor invnorm = (norm + 1e-7).reciprocal();
  at::Tensor grad_norm = maxnorm * invnorm * (grad - invnorm * nb);
  return at::where(norm > maxnorm, grad_norm.to(grad.scalar_type()), grad);
}

/// renorm's forward derivative (norms in float for half types, as renorm's
/// CUDA kernel computes them).
inline at::Tensor renorm_jvp(const at::Tensor &self_p, const at::Tensor &self_t,
                             const at::Scalar &p, int64_t dim,
                             const at::Scalar &maxnorm) {
  std::vector<int64_t> dims = detail::all_dims_but(self_p.dim(), dim);
  c10::ScalarType dtype = self_p.scalar_type();
  c10::ScalarType acc = at::toAccumulateType(dtype, /*is_cuda=*/true);
  at::Tensor norm =
      acc != dtype
          ? at::linalg_vector_norm(self_p, p.toDouble(), dims, true, acc)
          : at::linalg_vector_norm(self_p, p.toDouble(), dims, true);
  double max = maxnorm.toDouble();
  at::Tensor invnorm = (norm + 1e-7).reciprocal();
  at::Tensor factor = invnorm * max;
  return at::where(
      norm > max,
      factor * (self_t - self_p * invnorm *
                             norm_jvp(self_p, self_t, p, norm, dims, true)),
      self_t);
}

//===----------------------------------------------------------------------===//
// logsumexp (softmax, log_softmax), cumsum, cumprod
//===----------------------------------------------------------------------===//

/// logsumexp's forward derivative over \p dim: the tangent averaged with
/// softmax weights (exp normalized by the real max, for stability).
inline at::Tensor logsumexp_jvp(const at::Tensor &self_p,
                                const at::Tensor &self_t, at::IntArrayRef dim,
                                bool keepdim) {
  at::Tensor exp = self_p.numel() > 0
                       ? (self_p - at::amax(at::real(self_p), dim, true)).exp()
                       : self_p.exp();
  return (exp * self_t).sum(dim, keepdim) / exp.sum(dim, keepdim);
}

/// cumsum's gradient: the reversed cumulative sum of \p grad.
inline at::Tensor cumsum_backward(const at::Tensor &grad, int64_t dim) {
  if (grad.sym_numel() <= 1 || grad.sym_size(dim) == 1)
    return grad;
  return grad.flip(dim).cumsum(dim).flip(dim);
}

/// cumprod's forward derivative: cumsum(t / x) * result where no x is 0;
/// after a slice's first 0, the cumulative product with that 0 replaced by
/// its tangent (and 0 after a second 0).
inline at::Tensor cumprod_jvp(const at::Tensor &self_t,
                              const at::Tensor &self_p,
                              const at::Tensor &result, int64_t dim) {
  at::Tensor gradient = (self_t / self_p).cumsum(dim) * result;
  if (self_p.dim() == 0)
    return gradient.masked_fill(self_p.eq(0), self_t);
  at::Tensor zeros = self_p.eq(0);
  at::Tensor first_zero = zeros.logical_and(zeros.cumsum(dim).eq(1));
  at::Tensor after_zero = at::where(first_zero, self_t, self_p).cumprod(dim);
  return at::where(first_zero.cumsum(dim).to(at::kBool), after_zero, gradient);
}

} // namespace formulas
} // namespace skgen

#endif // SKGEN_FORMULAS_REDUCTIONS_H
