//===- skgen/formulas/common.h - Shared helpers of the formulas -*- C++ -*-===//
//
// What every topic of skgen/formulas.h uses: real/complex gradients,
// Scalars, aten's refusal of a derivative it does not implement, the names
// derivatives.yaml writes unqualified (GradMode, Tensor), and the size
// helpers that keep sizes symbolic with PyTorch 2 and plain with 1.13.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_FORMULAS_COMMON_H
#define SKGEN_FORMULAS_COMMON_H

#include <skgen/symint.h>

#include <ATen/ATen.h>
#include <ATen/WrapDimUtils.h>
#include <ATen/core/grad_mode.h>
#include <c10/core/SymIntArrayRef.h>
#include <c10/util/Exception.h>
#include <c10/util/Optional.h>
#include <c10/util/StringUtil.h>

#include <string>
#include <vector>

namespace skgen {
namespace formulas {

// derivatives.yaml writes these unqualified (`GradMode::is_enabled() ? ...`,
// `Tensor()`), as aten's generated code sees them.
using at::GradMode;
using at::Tensor;

namespace detail {
inline bool given(const c10::optional<at::Tensor> &t) {
  return t.has_value() && t->defined();
}

/// \p t's sizes as a node keeps them (skgen::SymInt).
inline std::vector<::skgen::SymInt> sizes_of(const at::Tensor &t) {
#if SKGEN_SYMBOLIC_SIZES
  return t.sym_sizes().vec();
#else
  return t.sizes().vec();
#endif
}

/// \p t expanded to \p sizes.
inline at::Tensor expand_to(const at::Tensor &t,
                            ::skgen::SymIntArrayRef sizes) {
#if SKGEN_SYMBOLIC_SIZES
  return t.expand_symint(sizes);
#else
  return t.expand(sizes);
#endif
}

/// \p t viewed as \p sizes.
inline at::Tensor view_as_sizes(const at::Tensor &t,
                                ::skgen::SymIntArrayRef sizes) {
#if SKGEN_SYMBOLIC_SIZES
  return t.view_symint(sizes);
#else
  return t.view(sizes);
#endif
}

/// Zeros of \p sizes.
inline at::Tensor zeros_of(::skgen::SymIntArrayRef sizes,
                           const at::TensorOptions &options) {
#if SKGEN_SYMBOLIC_SIZES
  return at::zeros_symint(sizes, options);
#else
  return at::zeros(sizes, options);
#endif
}

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

/// aten's zero tensor of \p t's sizes (no memory; a gradient known to be 0).
inline at::Tensor zero_tensor_like(const at::Tensor &t) {
#if SKGEN_SYMBOLIC_SIZES
  return at::_efficientzerotensor_symint(t.sym_sizes(), t.options());
#else
  return at::_efficientzerotensor(t.sizes(), t.options());
#endif
}
} // namespace detail

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
// Derivatives aten does not implement
//===----------------------------------------------------------------------===//

namespace detail {
inline std::string not_implemented_message(const char *name,
                                           const char *reason) {
  std::string msg =
      c10::str("the derivative for '", name, "' is not implemented.");
  if (reason[0] != '\0')
    msg = c10::str(msg, " ", reason);
  return msg;
}
} // namespace detail

/// A formula that refuses (when the gradient is computed, as aten's):
/// NotImplementedError with aten's words.
inline at::Tensor not_implemented(const char *name, const char *reason = "") {
  TORCH_CHECK_NOT_IMPLEMENTED(false,
                              detail::not_implemented_message(name, reason));
  return at::Tensor();
}
inline std::vector<at::Tensor> not_implemented_list(const char *name,
                                                    const char *reason = "") {
  TORCH_CHECK_NOT_IMPLEMENTED(false,
                              detail::not_implemented_message(name, reason));
  return {};
}

//===----------------------------------------------------------------------===//
// Saving less
//===----------------------------------------------------------------------===//

/// derivatives.yaml's `wrap_opt_if(t, cond)`: \p t where \p cond (an edge
/// that reads it needs a gradient), nullopt otherwise. The value is aten's;
/// the node still saves \p t whenever an edge of the formula needs a
/// gradient (aten's saves it only under \p cond).
inline c10::optional<at::Tensor> wrap_opt_if(const at::Tensor &t, bool cond) {
  return cond ? c10::optional<at::Tensor>(t) : c10::nullopt;
}

} // namespace formulas
} // namespace skgen

#endif // SKGEN_FORMULAS_COMMON_H
