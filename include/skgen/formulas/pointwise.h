//===- skgen/formulas/pointwise.h - Element-wise ops' helpers ---*- C++ -*-===//
//
// aten's helpers for the derivatives of element-wise ops: binary arithmetic
// (mul, div with its rounding modes, pow, atan2, copysign), clamp with
// Tensor or Scalar bounds, and unary functions (sgn, sinc, log1p, i1, i1e).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_FORMULAS_POINTWISE_H
#define SKGEN_FORMULAS_POINTWISE_H

#include <skgen/formulas/common.h>

#include <ATen/Dispatch.h>
#include <c10/util/string_view.h>

#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <tuple>

namespace skgen {
namespace formulas {

//===----------------------------------------------------------------------===//
// Binary ops
//===----------------------------------------------------------------------===//

namespace detail {
/// A `str?` argument (div's rounding_mode) as formulas see it: saved by a
/// node (c10::optional<std::string>) or as a kernel takes it.
class OptionalStr {
public:
  OptionalStr(c10::nullopt_t) {}
  OptionalStr(const c10::optional<c10::string_view> &s) : has_(s.has_value()) {}
  OptionalStr(const c10::optional<std::string> &s) : has_(s.has_value()) {}
  bool has_value() const { return has_; }

private:
  bool has_ = false;
};
} // namespace detail

/// d(self * other)/d(self) applied to \p grad (\p other a Tensor or Scalar).
template <class T>
at::Tensor mul_tensor_backward(const at::Tensor &grad, const T &other,
                               c10::ScalarType self_st) {
  return handle_r_to_c(self_st, grad * other.conj());
}

/// d(self / other)/d(self) applied to \p grad (\p other a Tensor or Scalar);
/// zeros of self's dtype with a rounding mode (floor, trunc: piecewise
/// constant).
template <class T>
at::Tensor
div_tensor_self_backward(const at::Tensor &grad, const T &other,
                         c10::ScalarType self_st,
                         detail::OptionalStr rounding_mode = c10::nullopt) {
  if (rounding_mode.has_value())
    return at::zeros_like(grad, grad.options().dtype(self_st));
  return handle_r_to_c(self_st, grad / other.conj());
}

/// d(self / other)/d(other) applied to \p grad: -grad * conj(self / other²);
/// zeros of other's dtype with a rounding mode.
inline at::Tensor
div_tensor_other_backward(const at::Tensor &grad, const at::Tensor &self,
                          const at::Tensor &other,
                          detail::OptionalStr rounding_mode = c10::nullopt) {
  if (rounding_mode.has_value())
    return at::zeros_like(grad, grad.options().dtype(other.scalar_type()));
  return handle_r_to_c(other, -grad * ((self / other) / other).conj());
}

/// d(self ** exponent)/d(self) for a Scalar exponent: exponent *
/// self^(exponent - 1); zeros (contiguous) for exponent 0.
inline at::Tensor pow_backward(at::Tensor grad, const at::Tensor &self,
                               const at::Scalar &exponent) {
  if (exponent.equal(0.0))
    return at::zeros_like(self, at::MemoryFormat::Contiguous);
  at::Tensor out;
  if (exponent.isComplex()) {
    c10::complex<double> e = exponent.toComplexDouble();
    out = grad * (e * self.pow(e - 1.0)).conj();
  } else {
    double e = exponent.toDouble();
    out = grad * (e * self.pow(e - 1)).conj();
  }
  return handle_r_to_c(self, std::move(out));
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

namespace detail {
/// Exponents that are real and non-negative (where d(0^b)/db is 0).
inline at::Tensor nonnegative_real(const at::Tensor &exponent) {
  if (exponent.is_complex())
    return at::logical_and(at::imag(exponent) == 0, at::real(exponent) >= 0);
  return exponent >= 0;
}
} // namespace detail

/// d(self ** exponent)/d(exponent): result * log(self), and 0 where self is
/// 0 and the exponent is (real and) non-negative (the limit, not nan).
inline at::Tensor pow_backward_exponent(const at::Tensor &grad,
                                        const at::Tensor &self,
                                        const at::Tensor &exponent,
                                        const at::Tensor &result) {
  at::Tensor base = self.to(at::result_type(self, exponent));
  at::Tensor at_zero =
      at::logical_and(self == 0, detail::nonnegative_real(exponent));
  at::Tensor out = grad * at::where(at_zero, at::zeros({}, grad.options()),
                                    (result * base.log()).conj());
  return handle_r_to_c(exponent, std::move(out));
}

/// The same for a Scalar base (pow.Scalar): result * log(base), complex
/// when the exponent is.
inline at::Tensor pow_backward_exponent(const at::Tensor &grad,
                                        const at::Scalar &base,
                                        const at::Tensor &exponent,
                                        const at::Tensor &result) {
  at::Scalar b = exponent.is_complex() && !base.isComplex()
                     ? at::Scalar(base.toComplexDouble())
                     : base;
  at::Tensor derivative = (result * b.log()).conj();
  at::Tensor out =
      base.equal(0.0)
          ? grad * at::where(detail::nonnegative_real(exponent),
                             at::zeros({}, grad.options()), derivative)
          : grad * derivative;
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

/// copysign's gradient for self: result / self (±1), 0 where self is 0.
inline at::Tensor copysign_tensor_self_backward(const at::Tensor &grad,
                                                const at::Tensor &self,
                                                const at::Tensor &result) {
  return grad * (result / self).masked_fill(self == 0, 0);
}

//===----------------------------------------------------------------------===//
// clamp
//===----------------------------------------------------------------------===//

/// clamp's gradient for self: \p grad where self is within the bounds given
/// (Tensor bounds: undefined or absent means none).
inline at::Tensor clamp_backward(const at::Tensor &grad, const at::Tensor &self,
                                 const at::Tensor &min, const at::Tensor &max) {
  at::Tensor zero = at::scalar_tensor(0., grad.options());
  if (min.defined() && max.defined())
    return at::where((self >= min).logical_and(self <= max), grad, zero);
  if (min.defined())
    return at::where(self >= min, grad, zero);
  if (max.defined())
    return at::where(self <= max, grad, zero);
  return grad;
}
inline at::Tensor clamp_backward(const at::Tensor &grad, const at::Tensor &self,
                                 const c10::optional<at::Tensor> &min,
                                 const c10::optional<at::Tensor> &max) {
  return clamp_backward(grad, self, detail::given(min) ? *min : at::Tensor(),
                        detail::given(max) ? *max : at::Tensor());
}
/// The same with Scalar bounds (clamp.Scalar).
inline at::Tensor clamp_backward(const at::Tensor &grad, const at::Tensor &self,
                                 const c10::optional<at::Scalar> &min,
                                 const c10::optional<at::Scalar> &max) {
  at::Tensor zero = at::scalar_tensor(0., grad.options());
  if (min.has_value() && max.has_value())
    return at::where((self >= *min).logical_and(self <= *max), grad, zero);
  if (min.has_value())
    return at::where(self >= *min, grad, zero);
  if (max.has_value())
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

//===----------------------------------------------------------------------===//
// Unary functions
//===----------------------------------------------------------------------===//

/// sgn's derivative (\p x the input, \p gx its gradient or tangent, \p sgn
/// the result): for complex x, (gx - sgn² conj(gx)) / 2|x| (0 at x = 0);
/// a zero tensor for real x (sgn is piecewise constant).
inline at::Tensor sgn_backward(const at::Tensor &x, const at::Tensor &gx,
                               const at::Tensor &sgn) {
  if (!x.is_complex())
    return detail::zero_tensor_like(sgn);
  at::Tensor abs = x.abs();
  return ((gx - (sgn * sgn) * gx.conj()) / (2. * abs))
      .masked_fill(abs == 0., 0.);
}

/// sinc's gradient: (πx cos πx - sin πx) / πx², 0 at x = 0.
inline at::Tensor sinc_backward(const at::Tensor &grad,
                                const at::Tensor &self) {
  at::Tensor pix = self * M_PI;
  at::Tensor pix2 = self * self * M_PI;
  at::Tensor out = grad * ((pix * pix.cos() - pix.sin()) / pix2).conj();
  return at::where(pix2 == 0.0, at::scalar_tensor(0.0, grad.options()), out);
}

namespace detail {
inline bool is_sparse_layout(c10::Layout l) {
  return l != c10::kStrided && l != c10::kMkldnn;
}
} // namespace detail

/// log1p's gradient: grad / conj(self + 1). A sparse self is densified (with
/// aten's warning); a sparse grad keeps its layout.
inline at::Tensor log1p_backward(const at::Tensor &grad,
                                 const at::Tensor &self) {
  at::Tensor denom;
  if (detail::is_sparse_layout(self.layout())) {
    TORCH_WARN("log1p_backward: received self with sparse layout, but "
               "backward requires materialization of a dense tensor with "
               "this shape");
    denom = (self.to_dense() + 1).conj();
  } else {
    denom = (self + 1).conj();
  }
  if (detail::is_sparse_layout(grad.layout()))
    return grad * denom.reciprocal();
  return grad / denom;
}

namespace detail {
/// i1 / i1e's gradient at x (\p derivative of the safe x), 0.5 where |x| is
/// not above \p eps, the dtype's epsilon (the formula's 0/0 there).
template <class Derivative>
at::Tensor bessel_i1_backward(const at::Tensor &grad, const at::Tensor &self,
                              double eps, Derivative derivative) {
  at::Tensor not_tiny = self.abs() > eps;
  at::Tensor safe =
      at::where(not_tiny, self, at::scalar_tensor(eps, self.options()));
  return grad * at::where(not_tiny, derivative(safe),
                          at::scalar_tensor(0.5, self.options()));
}
} // namespace detail

/// special_i1's gradient: i0(x) - i1(x) / x.
inline at::Tensor i1_backward(const at::Tensor &grad, const at::Tensor &self,
                              const at::Tensor &result) {
  double eps = 0;
  AT_DISPATCH_FLOATING_TYPES(self.scalar_type(), "i1_backward", [&] {
    eps = static_cast<double>(std::numeric_limits<scalar_t>::epsilon());
  });
  return detail::bessel_i1_backward(grad, self, eps, [&](const at::Tensor &x) {
    return x.i0() - result * x.reciprocal();
  });
}

/// special_i1e's gradient: i0e(x) - i1e(x) (sgn(x) + 1 / x).
inline at::Tensor i1e_backward(const at::Tensor &grad, const at::Tensor &self,
                               const at::Tensor &result) {
  double eps = 0;
  AT_DISPATCH_FLOATING_TYPES(self.scalar_type(), "i1e_backward", [&] {
    eps = static_cast<double>(std::numeric_limits<scalar_t>::epsilon());
  });
  return detail::bessel_i1_backward(grad, self, eps, [&](const at::Tensor &x) {
    return at::special_i0e(x) - result * (x.sgn() + x.reciprocal());
  });
}

} // namespace formulas
} // namespace skgen

#endif // SKGEN_FORMULAS_POINTWISE_H
