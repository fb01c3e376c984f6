// Inputs/presets/ops.cpp on the stable ABI (--abi=stable): every family of
// it that the stable ABI can express, with the same schemas, presets and
// meta functions (written in torch::stable terms with skgen/stable's
// helpers, aten's wording) and namespace `presets`, so that
// Inputs/presets/test_presets.py compares the generated functional, in-place
// and out= variants (and Meta kernels) with aten's as for the libtorch build.
// Each out= kernel calls aten's own out= overload by name through the
// dispatcher (skgen::call_out), as a stable-ABI kernel that does not compute
// by hand does.
//
// Not here: the 7 families with a Scalar argument (add, mul.Scalar,
// lt.Scalar, addcmul, sub.Tensor, ne.Scalar, clamp): the stable ABI cannot
// box an at::Scalar, and skgen refuses them (scalar_families.cpp).
#include <torch/csrc/stable/library.h>
#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>

#include <skgen/annotations.h>
#include <skgen/stable/structured.h>

#include <optional>
#include <tuple>

namespace presets {

using torch::headeronly::IntHeaderOnlyArrayRef;
using torch::headeronly::ScalarType;
using torch::headeronly::toString;
using torch::stable::Tensor;

// unary: a hand-written meta function can build on a preset and add the op's
// own checks (aten's neg refuses bool in its meta function).
skgen::Meta neg_meta(const Tensor &self) {
  SKGEN_STABLE_CHECK(
      self.scalar_type() != ScalarType::Bool,
      "Negation, the `-` operator, on a bool tensor is not supported. "
      "If you are trying to invert a mask, use the `~` or "
      "`logical_not()` operator instead.");
  return skgen::preset::unary(self);
}

SKGEN_STRUCTURED("presets::neg.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META(neg_meta)
Tensor &neg_out(const Tensor &self, Tensor &out) {
  skgen::call_out<1>("aten::neg", "out", self, out);
  return out;
}

SKGEN_STRUCTURED("presets::sqrt.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary_float)
Tensor &sqrt_out(const Tensor &self, Tensor &out) {
  skgen::call_out<1>("aten::sqrt", "out", self, out);
  return out;
}

SKGEN_STRUCTURED("presets::div.out(Tensor self, Tensor other, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary_float)
Tensor &div_out(const Tensor &self, const Tensor &other, Tensor &out) {
  skgen::call_out<1>("aten::div", "out", self, other, out);
  return out;
}

SKGEN_STRUCTURED("presets::lt.Tensor_out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(comparison)
Tensor &lt_out(const Tensor &self, const Tensor &other, Tensor &out) {
  skgen::call_out<1>("aten::lt", "Tensor_out", self, other, out);
  return out;
}

SKGEN_STRUCTURED("presets::sum.IntList_out(Tensor self, int[1]? dim, bool "
                 "keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(reduction)
Tensor &sum_out(const Tensor &self, std::optional<IntHeaderOnlyArrayRef> dim,
                bool keepdim, std::optional<ScalarType> dtype, Tensor &out) {
  skgen::call_out<1>("aten::sum", "IntList_out", self, dim, keepdim, dtype,
                     out);
  return out;
}

SKGEN_STRUCTURED("presets::max.dim_max(Tensor self, int dim, bool "
                 "keepdim=False, *, Tensor(a!) max, Tensor(b!) max_values) -> "
                 "(Tensor(a!) values, Tensor(b!) indices)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("dim")
SKGEN_META_PRESET(index_reduction)
std::tuple<Tensor &, Tensor &> max_out(const Tensor &self, int64_t dim,
                                       bool keepdim, Tensor &max,
                                       Tensor &max_values) {
  skgen::call_out<2>("aten::max", "dim_max", self, dim, keepdim, max,
                     max_values);
  return {max, max_values};
}

SKGEN_STRUCTURED("presets::argmax.out(Tensor self, int? dim=None, bool "
                 "keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(arg_reduction)
Tensor &argmax_out(const Tensor &self, std::optional<int64_t> dim, bool keepdim,
                   Tensor &out) {
  skgen::call_out<1>("aten::argmax", "out", self, dim, keepdim, out);
  return out;
}

//===----------------------------------------------------------------------===//
// More unary ops
//===----------------------------------------------------------------------===//

SKGEN_STRUCTURED("presets::abs.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary)
Tensor &abs_out(const Tensor &self, Tensor &out) {
  skgen::call_out<1>("aten::abs", "out", self, out);
  return out;
}

SKGEN_STRUCTURED("presets::floor.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary)
Tensor &floor_out(const Tensor &self, Tensor &out) {
  skgen::call_out<1>("aten::floor", "out", self, out);
  return out;
}

SKGEN_STRUCTURED("presets::exp.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary_float)
Tensor &exp_out(const Tensor &self, Tensor &out) {
  skgen::call_out<1>("aten::exp", "out", self, out);
  return out;
}

SKGEN_STRUCTURED("presets::sigmoid.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary_float)
Tensor &sigmoid_out(const Tensor &self, Tensor &out) {
  skgen::call_out<1>("aten::sigmoid", "out", self, out);
  return out;
}

SKGEN_STRUCTURED("presets::rsqrt.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary_float)
Tensor &rsqrt_out(const Tensor &self, Tensor &out) {
  skgen::call_out<1>("aten::rsqrt", "out", self, out);
  return out;
}

//===----------------------------------------------------------------------===//
// More binary ops
//===----------------------------------------------------------------------===//

SKGEN_STRUCTURED("presets::mul.out(Tensor self, Tensor other, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_META_PRESET(binary)
// aten's mul.out checks, resizes and casts out= / self.
SKGEN_KERNEL_ITERATOR
Tensor &mul_out(const Tensor &self, const Tensor &other, Tensor &out) {
  skgen::call_out<1>("aten::mul", "out", self, other, out);
  return out;
}

SKGEN_STRUCTURED("presets::maximum.out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE // as aten: no maximum_
SKGEN_META_PRESET(binary) Tensor &maximum_out(const Tensor &self,
                                              const Tensor &other,
                                              Tensor &out) {
  skgen::call_out<1>("aten::maximum", "out", self, other, out);
  return out;
}

SKGEN_STRUCTURED("presets::pow.Tensor_Tensor_out(Tensor self, Tensor "
                 "exponent, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
Tensor &pow_out(const Tensor &self, const Tensor &exponent, Tensor &out) {
  skgen::call_out<1>("aten::pow", "Tensor_Tensor_out", self, exponent, out);
  return out;
}

SKGEN_STRUCTURED("presets::atan2.out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary_float)
Tensor &atan2_out(const Tensor &self, const Tensor &other, Tensor &out) {
  skgen::call_out<1>("aten::atan2", "out", self, other, out);
  return out;
}

SKGEN_STRUCTURED("presets::remainder.Tensor_out(Tensor self, Tensor other, "
                 "*, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
Tensor &remainder_out(const Tensor &self, const Tensor &other, Tensor &out) {
  skgen::call_out<1>("aten::remainder", "Tensor_out", self, other, out);
  return out;
}

// Integral only: floating inputs are refused by aten's CPU kernel (its dtype
// dispatch), not by a meta function.
SKGEN_STRUCTURED("presets::bitwise_and.Tensor_out(Tensor self, Tensor other, "
                 "*, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
Tensor &bitwise_and_out(const Tensor &self, const Tensor &other, Tensor &out) {
  skgen::call_out<1>("aten::bitwise_and", "Tensor_out", self, other, out);
  return out;
}

//===----------------------------------------------------------------------===//
// More comparisons
//===----------------------------------------------------------------------===//

SKGEN_STRUCTURED("presets::eq.Tensor_out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(comparison)
Tensor &eq_out(const Tensor &self, const Tensor &other, Tensor &out) {
  skgen::call_out<1>("aten::eq", "Tensor_out", self, other, out);
  return out;
}

SKGEN_STRUCTURED("presets::ge.Tensor_out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(comparison)
SKGEN_KERNEL_CASTS // aten's ge.Tensor_out casts into out= / self
    Tensor &
    ge_out(const Tensor &self, const Tensor &other, Tensor &out) {
  skgen::call_out<1>("aten::ge", "Tensor_out", self, other, out);
  return out;
}

//===----------------------------------------------------------------------===//
// More reductions
//===----------------------------------------------------------------------===//

// mean: a floating (or complex) dtype, from dtype= or self. Without dtype=,
// aten's mean.out sums in the out= tensor's dtype and divides it in place, so
// a floating out= of any width is computed in (no temporary) and an integral
// or bool one is refused by that true division, whose result is the default
// float dtype: "result type Float can't be cast to the desired output type
// Int" also for a double input.
// That division is in mean's kernel, after torchgen's device check of out.
bool mean_out_dtype(const skgen::TensorMeta &result, const Tensor &out,
                    bool /*inplace*/) {
  if (out.device() != *result.device)
    return false; // refused by the device check
  SKGEN_STABLE_CHECK(
      !skgen::detail::isIntegralType(out.scalar_type(), /*includeBool=*/true),
      "result type ", toString(skgen::default_float_dtype()),
      " can't be cast to the desired output type ",
      toString(out.scalar_type()));
  return false;
}

skgen::Meta mean_meta(const Tensor &self,
                      std::optional<IntHeaderOnlyArrayRef> dim, bool keepdim,
                      std::optional<ScalarType> dtype) {
  ScalarType in = dtype.value_or(self.scalar_type());
  SKGEN_STABLE_CHECK(
      skgen::detail::isFloatingType(in) || skgen::detail::isComplexType(in),
      "mean(): could not infer output dtype. ",
      dtype.has_value() ? "Optional" : "Input",
      " dtype must be either a floating point or complex dtype. Got: ",
      toString(in));
  skgen::Meta m = skgen::preset::reduction(self, dim, keepdim, in);
  m[0].with_device(self.device());
  if (!dtype.has_value())
    m[0].with_out_dtype(mean_out_dtype);
  return m;
}

SKGEN_STRUCTURED("presets::mean.out(Tensor self, int[1]? dim, bool "
                 "keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("dim")
SKGEN_META(mean_meta)
Tensor &mean_out(const Tensor &self, std::optional<IntHeaderOnlyArrayRef> dim,
                 bool keepdim, std::optional<ScalarType> dtype, Tensor &out) {
  skgen::call_out<1>("aten::mean", "out", self, dim, keepdim, dtype, out);
  return out;
}

// One int dim: the reduction preset takes an int as well as an int[].
SKGEN_STRUCTURED("presets::prod.int_out(Tensor self, int dim, bool "
                 "keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(reduction)
Tensor &prod_out(const Tensor &self, int64_t dim, bool keepdim,
                 std::optional<ScalarType> dtype, Tensor &out) {
  skgen::call_out<1>("aten::prod", "int_out", self, dim, keepdim, dtype, out);
  return out;
}

// amax keeps self's dtype and refuses an empty reduced dim; its out= dtype
// check is its own.
bool amax_out_dtype(const skgen::TensorMeta &result, const Tensor &out,
                    bool /*inplace*/) {
  SKGEN_STABLE_CHECK(out.scalar_type() == result.dtype,
                     "Expected the dtype for input and out to match, but got ",
                     toString(result.dtype), " for input's dtype and ",
                     toString(out.scalar_type()), " for out's dtype.");
  return false;
}

// at::native::zero_numel_check_dims over a dim list (the dims as given in
// the messages; an out-of-range one is c10's IndexError of self.size(d)).
void zero_numel_check_dims(const Tensor &self, IntHeaderOnlyArrayRef dims,
                           const char *name) {
  SKGEN_STABLE_CHECK(!dims.empty(), name,
                     ": Expected reduction dim to be specified for "
                     "input.numel() == 0. Specify the reduction dim with the "
                     "'dim' argument.");
  for (int64_t d : dims) {
    int64_t wrapped = skgen::detail::maybe_wrap_dim(d, self.dim());
    SKGEN_STABLE_CHECK_INDEX(self.size(wrapped) != 0, name,
                             ": Expected reduction dim ", d,
                             " to have non-zero size.");
  }
}

skgen::Meta amax_meta(const Tensor &self, IntHeaderOnlyArrayRef dim,
                      bool keepdim) {
  if (self.numel() == 0)
    zero_numel_check_dims(self, dim, "amax()");
  skgen::Meta m =
      skgen::preset::reduction(self, dim, keepdim, self.scalar_type());
  m[0].with_out_dtype(amax_out_dtype);
  return m;
}

SKGEN_STRUCTURED("presets::amax.out(Tensor self, int[1] dim=[], bool "
                 "keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META(amax_meta)
Tensor &amax_out(const Tensor &self, IntHeaderOnlyArrayRef dim, bool keepdim,
                 Tensor &out) {
  skgen::call_out<1>("aten::amax", "out", self, dim, keepdim, out);
  return out;
}

// any: bool, or uint8 for uint8 inputs; an out= tensor may be bool or uint8
// (the kernel computes in its dtype).
bool any_out_dtype(const skgen::TensorMeta & /*result*/, const Tensor &out,
                   bool /*inplace*/) {
  SKGEN_STABLE_CHECK(out.scalar_type() == ScalarType::Bool ||
                         out.scalar_type() == ScalarType::Byte,
                     "any only supports bool tensor for result, got: ",
                     toString(out.scalar_type()));
  return false;
}

skgen::Meta any_meta(const Tensor &self, int64_t dim, bool keepdim) {
  skgen::Meta m = skgen::preset::reduction(
      self, dim, keepdim,
      self.scalar_type() == ScalarType::Byte ? ScalarType::Byte
                                             : ScalarType::Bool);
  m[0].with_out_dtype(any_out_dtype);
  return m;
}

SKGEN_STRUCTURED("presets::any.out(Tensor self, int dim, bool keepdim=False, "
                 "*, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("dim")
SKGEN_META(any_meta)
Tensor &any_out(const Tensor &self, int64_t dim, bool keepdim, Tensor &out) {
  skgen::call_out<1>("aten::any", "out", self, dim, keepdim, out);
  return out;
}

SKGEN_STRUCTURED("presets::min.dim_min(Tensor self, int dim, bool "
                 "keepdim=False, *, Tensor(a!) min, Tensor(b!) min_indices) -> "
                 "(Tensor(a!) values, Tensor(b!) indices)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("dim")
SKGEN_META_PRESET(index_reduction)
std::tuple<Tensor &, Tensor &> min_out(const Tensor &self, int64_t dim,
                                       bool keepdim, Tensor &min,
                                       Tensor &min_indices) {
  skgen::call_out<2>("aten::min", "dim_min", self, dim, keepdim, min,
                     min_indices);
  return {min, min_indices};
}

SKGEN_STRUCTURED("presets::argmin.out(Tensor self, int? dim=None, bool "
                 "keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(arg_reduction)
Tensor &argmin_out(const Tensor &self, std::optional<int64_t> dim, bool keepdim,
                   Tensor &out) {
  skgen::call_out<1>("aten::argmin", "out", self, dim, keepdim, out);
  return out;
}

} // namespace presets
