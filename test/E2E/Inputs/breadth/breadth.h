// The generic meta function of the breadth test's families that no preset
// reproduces (generate.py): the outputs' sizes, strides and dtypes are what
// aten's own functional op computes on meta copies of the arguments, so that
// the test exercises skgen's generated wrappers and checks on every family
// of native_functions.yaml, whatever its shape rule. PyTorch 2 only.
#pragma once

#include <ATen/ATen.h>
#include <ATen/Dispatch.h>
#include <skgen/structured.h>

#include <limits>
#include <tuple>
#include <utility>
#include <vector>

namespace breadth {

inline at::Tensor on_meta(const at::Tensor &t) {
  if (!t.defined() || t.is_meta())
    return t;
  at::Tensor m =
      at::empty_strided(t.sizes(), t.strides(), t.options().device(at::kMeta));
  // A Python scalar's tensor promotes as a scalar.
  if (t.unsafeGetTensorImpl()->is_wrapped_number())
    m.unsafeGetTensorImpl()->set_wrapped_number(true);
  return m;
}

inline c10::optional<at::Tensor> on_meta(const c10::optional<at::Tensor> &t) {
  if (!t.has_value())
    return t;
  return on_meta(*t);
}

inline std::vector<at::Tensor> on_meta(at::TensorList ts) {
  std::vector<at::Tensor> out;
  for (const at::Tensor &t : ts)
    out.push_back(on_meta(t));
  return out;
}

inline c10::List<c10::optional<at::Tensor>>
on_meta(const c10::List<c10::optional<at::Tensor>> &ts) {
  c10::List<c10::optional<at::Tensor>> out;
  for (const c10::optional<at::Tensor> &t : ts)
    out.push_back(on_meta(t));
  return out;
}

// Everything else is passed as it is.
template <class T> const T &on_meta(const T &v) { return v; }

// \p kind: aten's checks of out= and in-place tensors (TensorIterator's for
// the TensorIteratorBase families; their inputs are not recorded, so only the
// written tensor's own overlap is checked).
inline skgen::TensorMeta meta_of(const at::Tensor &r, skgen::OutDtype rule,
                                 skgen::OpKind kind) {
  skgen::TensorMeta m(skgen::sizes_of(r), r.scalar_type());
  c10::SymIntArrayRef strides = r.sym_strides();
  m.with_strides(skgen::SizeVector(strides.begin(), strides.end()));
  m.kind = kind;
  return m.with_out_dtype(rule);
}

// An op's own out= dtype rule, worded with its name.
inline skgen::TensorMeta meta_of(const at::Tensor &r,
                                 skgen::OutDtypeCheck check, const char *name,
                                 skgen::OpKind kind) {
  skgen::TensorMeta m = meta_of(r, skgen::OutDtype::Cast, kind);
  m.op_name = name;
  return m.with_out_dtype(check);
}

// all, any: bool or uint8 whatever the input, computed in it.
inline bool bytebool_out(const skgen::TensorMeta &result, const at::Tensor &out,
                         bool /*inplace*/) {
  TORCH_CHECK(out.scalar_type() == at::kBool || out.scalar_type() == at::kByte,
              result.op_name, " only supports bool tensor for result, got: ",
              out.scalar_type());
  return false;
}

// amax, amin: the input's dtype.
inline bool input_dtype_out(const skgen::TensorMeta &result,
                            const at::Tensor &out, bool /*inplace*/) {
  TORCH_CHECK(out.scalar_type() == result.dtype,
              "Expected the dtype for input and out to match, but got ",
              result.dtype, " for input's dtype and ", out.scalar_type(),
              " for out's dtype.");
  return false;
}

// The op's own argument checks of the families whose meta function is such
// a check followed by a preset call (generate.py's CHECKED), in aten's
// words: the rule (sizes, dtype, out= / in-place checks) is the preset's.
inline void neg_check(const at::Tensor &self) {
  TORCH_CHECK(self.scalar_type() != at::kBool,
              "Negation, the `-` operator, on a bool tensor is not supported. "
              "If you are trying to invert a mask, use the `~` or "
              "`logical_not()` operator instead.");
}

inline void sign_check(const at::Tensor &self) {
  TORCH_CHECK_NOT_IMPLEMENTED(
      !self.is_complex(),
      "Unlike NumPy, torch.sign is not intended to support complex "
      "numbers. Please use torch.sgn instead.");
}

inline void signbit_check(const at::Tensor &self) {
  TORCH_CHECK_NOT_IMPLEMENTED(
      !self.is_complex(), "signbit is not implemented for complex tensors.");
}

inline void softshrink_check(const at::Tensor &self, const at::Scalar &lambd) {
  double lamb = lambd.to<double>();
  AT_DISPATCH_FLOATING_TYPES_AND2(
      at::ScalarType::Half, at::ScalarType::BFloat16, self.scalar_type(),
      "softshrink_check", [&] {
        auto max_val =
            static_cast<double>(std::numeric_limits<scalar_t>::max());
        TORCH_CHECK(0 <= lamb && lamb <= max_val,
                    "lambda must be in range [0, ", max_val,
                    "] for input dtype ", self.scalar_type(), ", but found ",
                    lamb);
      });
}

inline void pow_check(const at::Tensor &self, const at::Scalar &exponent) {
  TORCH_CHECK(!(c10::isIntegralType(self.scalar_type(), /*includeBool=*/true) &&
                exponent.isIntegral(/*includeBool=*/true) &&
                exponent.toLong() < 0),
              "Integers to negative integer powers are not allowed.");
}

inline void polygamma_check(int64_t n) {
  TORCH_CHECK(n >= 0, "polygamma(n, x) does not support negative n.");
}

// aten's own (ATen/native/BinaryOps.h, which skgen/structured.h includes).
using at::native::sub_check;

inline void elu_backward_check(const at::Scalar &alpha, bool is_result) {
  TORCH_CHECK(!is_result || alpha.to<double>() >= 0.0,
              "In-place elu backward calculation is triggered with a negative "
              "slope which is not supported. This is caused by calling "
              "in-place forward function with a negative slope, please call "
              "out-of-place version instead.");
}

inline void leaky_relu_backward_check(const at::Scalar &negval,
                                      bool is_result) {
  TORCH_CHECK(!is_result || negval.to<double>() >= 0.0,
              "In-place leakyReLu backward calculation is triggered with a "
              "negative slope which is not supported. This is caused by "
              "calling in-place forward function with a negative slope, "
              "please call out-of-place version instead. File an issue at "
              "https://github.com/pytorch/pytorch if you do require "
              "supporting in-place leakRelu backward calculation with "
              "negative slope");
}

inline void smooth_l1_loss_check(double beta) {
  TORCH_CHECK(beta >= 0,
              "smooth_l1_loss does not support negative values for beta.");
}

inline void addcdiv_check(const at::Tensor &tensor1,
                          const at::Tensor &tensor2) {
  TORCH_CHECK(
      !(c10::isIntegralType(tensor1.scalar_type(), /*includeBool=*/true) &&
        c10::isIntegralType(tensor2.scalar_type(), /*includeBool=*/true)),
      "Integer division with addcdiv is no longer supported, and in a future  ",
      "release addcdiv will perform a true division of tensor1 and tensor2. ",
      "The historic addcdiv behavior can be implemented as ",
      "(input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) ",
      "for integer inputs and as ",
      "(input + value * tensor1 / tensor2) for float inputs. ",
      "The future addcdiv behavior is just the latter implementation: ",
      "(input + value * tensor1 / tensor2), for all dtypes.");
}

template <class... Ts>
skgen::Meta meta_of(const std::tuple<Ts...> &rs, skgen::OutDtype rule,
                    skgen::OpKind kind) {
  skgen::Meta m;
  std::apply(
      [&](const auto &...r) { (m.push_back(meta_of(r, rule, kind)), ...); },
      rs);
  return m;
}

} // namespace breadth
