// A library of real aten ops ported as a new user would: each family is an
// out= kernel that calls aten's own out= function (hypot's computes with
// aten's TensorIterator and DispatchStub) and names a meta preset of
// skgen/structured.h (or a meta function built on one, for the op's own
// checks), so the generated functional, in-place and out= variants (and the
// generated Meta kernels: no family here has a Meta kernel) can be compared
// with aten's on the same inputs (test_presets.py). Every preset is used at
// least once (halving: glu; mm, bmm, addmm, cat), most twice or more.
// hypot's kernel calls aten's DispatchStub, whose call DispatchStub.h
// declares per the CPU capabilities libtorch_cpu was built with (x86-64,
// 1.13 and 2.x: AVX2 and AVX512; get_call_ptr takes their kernels).
#define HAVE_AVX512_CPU_DEFINITION
#define HAVE_AVX2_CPU_DEFINITION
#include <ATen/ATen.h>
#include <ATen/ExpandUtils.h>
#include <ATen/ScalarOps.h>
#include <torch/library.h>
#include <torch/version.h>

#include <skgen/annotations.h>
#include <skgen/iterator.h>
#include <skgen/structured.h>

#include <tuple>

namespace presets {

// unary: a hand-written meta function can build on a preset and add the op's
// own checks (aten's neg refuses bool in its meta function).
skgen::Meta neg_meta(const at::Tensor &self) {
  TORCH_CHECK(self.scalar_type() != at::kBool,
              "Negation, the `-` operator, on a bool tensor is not supported. "
              "If you are trying to invert a mask, use the `~` or "
              "`logical_not()` operator instead.");
  return skgen::preset::unary(self);
}

SKGEN_STRUCTURED("presets::neg.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META(neg_meta)
at::Tensor &neg_out(const at::Tensor &self, at::Tensor &out) {
  return at::neg_out(out, self);
}

SKGEN_STRUCTURED("presets::sqrt.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary_float)
at::Tensor &sqrt_out(const at::Tensor &self, at::Tensor &out) {
  return at::sqrt_out(out, self);
}

SKGEN_STRUCTURED("presets::add.out(Tensor self, Tensor other, *, Scalar "
                 "alpha=1, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
at::Tensor &add_out(const at::Tensor &self, const at::Tensor &other,
                    const at::Scalar &alpha, at::Tensor &out) {
  return at::add_out(out, self, other, alpha);
}

// A Scalar operand: promoted as a wrapped number, as a Python scalar is.
SKGEN_STRUCTURED("presets::mul.Scalar_out(Tensor self, Scalar other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
at::Tensor &mul_scalar_out(const at::Tensor &self, const at::Scalar &other,
                           at::Tensor &out) {
  at::Tensor wrapped = c10::scalar_to_tensor(other);
  wrapped.unsafeGetTensorImpl()->set_wrapped_number(true);
  return at::mul_out(out, self, wrapped);
}

SKGEN_STRUCTURED("presets::div.out(Tensor self, Tensor other, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary_float)
at::Tensor &div_out(const at::Tensor &self, const at::Tensor &other,
                    at::Tensor &out) {
  return at::div_out(out, self, other);
}

SKGEN_STRUCTURED("presets::lt.Tensor_out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(comparison)
at::Tensor &lt_out(const at::Tensor &self, const at::Tensor &other,
                   at::Tensor &out) {
  return at::lt_out(out, self, other);
}

SKGEN_STRUCTURED("presets::lt.Scalar_out(Tensor self, Scalar other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(comparison)
at::Tensor &lt_scalar_out(const at::Tensor &self, const at::Scalar &other,
                          at::Tensor &out) {
  return at::lt_out(out, self, other);
}

// Three tensors: every operand broadcasts and promotes.
SKGEN_STRUCTURED("presets::addcmul.out(Tensor self, Tensor tensor1, Tensor "
                 "tensor2, *, Scalar value=1, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(elementwise, self, tensor1, tensor2)
at::Tensor &addcmul_out(const at::Tensor &self, const at::Tensor &tensor1,
                        const at::Tensor &tensor2, const at::Scalar &value,
                        at::Tensor &out) {
  return at::addcmul_out(out, self, tensor1, tensor2, value);
}

SKGEN_STRUCTURED("presets::sum.IntList_out(Tensor self, int[1]? dim, bool "
                 "keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(reduction)
at::Tensor &sum_out(const at::Tensor &self, at::OptionalIntArrayRef dim,
                    bool keepdim, c10::optional<at::ScalarType> dtype,
                    at::Tensor &out) {
  return at::sum_out(out, self, dim, keepdim, dtype);
}

SKGEN_STRUCTURED("presets::max.dim_max(Tensor self, int dim, bool "
                 "keepdim=False, *, Tensor(a!) max, Tensor(b!) max_values) -> "
                 "(Tensor(a!) values, Tensor(b!) indices)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("dim")
SKGEN_META_PRESET(index_reduction)
std::tuple<at::Tensor &, at::Tensor &> max_out(const at::Tensor &self,
                                               int64_t dim, bool keepdim,
                                               at::Tensor &max,
                                               at::Tensor &max_values) {
  at::max_out(max, max_values, self, dim, keepdim);
  return std::tuple<at::Tensor &, at::Tensor &>(max, max_values);
}

SKGEN_STRUCTURED("presets::argmax.out(Tensor self, int? dim=None, bool "
                 "keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(arg_reduction)
at::Tensor &argmax_out(const at::Tensor &self, c10::optional<int64_t> dim,
                       bool keepdim, at::Tensor &out) {
  return at::argmax_out(out, self, dim, keepdim);
}

//===----------------------------------------------------------------------===//
// More unary ops
//===----------------------------------------------------------------------===//

SKGEN_STRUCTURED("presets::abs.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary)
at::Tensor &abs_out(const at::Tensor &self, at::Tensor &out) {
  return at::abs_out(out, self);
}

SKGEN_STRUCTURED("presets::floor.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary)
at::Tensor &floor_out(const at::Tensor &self, at::Tensor &out) {
  return at::floor_out(out, self);
}

SKGEN_STRUCTURED("presets::exp.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary_float)
at::Tensor &exp_out(const at::Tensor &self, at::Tensor &out) {
  return at::exp_out(out, self);
}

SKGEN_STRUCTURED("presets::sigmoid.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary_float)
at::Tensor &sigmoid_out(const at::Tensor &self, at::Tensor &out) {
  return at::sigmoid_out(out, self);
}

SKGEN_STRUCTURED("presets::rsqrt.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary_float)
at::Tensor &rsqrt_out(const at::Tensor &self, at::Tensor &out) {
  return at::rsqrt_out(out, self);
}

//===----------------------------------------------------------------------===//
// More binary ops
//===----------------------------------------------------------------------===//

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

SKGEN_STRUCTURED("presets::sub.out(Tensor self, Tensor other, *, Scalar "
                 "alpha=1, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_META(sub_meta)
at::Tensor &sub_out(const at::Tensor &self, const at::Tensor &other,
                    const at::Scalar &alpha, at::Tensor &out) {
  return at::sub_out(out, self, other, alpha);
}

SKGEN_STRUCTURED("presets::mul.out(Tensor self, Tensor other, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_META_PRESET(binary)
// aten's mul_out checks, resizes and casts out= / self.
SKGEN_KERNEL_ITERATOR
at::Tensor &mul_out(const at::Tensor &self, const at::Tensor &other,
                    at::Tensor &out) {
  return at::mul_out(out, self, other);
}

// A TensorIterator kernel, as aten's structured impl computes: the binary
// preset's TensorIterator (aten's hypot meta is build_borrowing_binary_op)
// over out, then hypot's DispatchStub. The TensorIterator checks, resizes
// and casts out= and self: SKGEN_KERNEL_ITERATOR. Given an undefined out,
// skgen::TensorIterator allocates it, as aten's structured functional hypot
// does, and the kernel stores it: SKGEN_KERNEL_ALLOCATES (the functional
// wrapper passes an undefined out).
SKGEN_STRUCTURED("presets::hypot.out(Tensor self, Tensor other, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
SKGEN_KERNEL_ITERATOR
SKGEN_KERNEL_ALLOCATES
at::Tensor &hypot_out(const at::Tensor &self, const at::Tensor &other,
                      at::Tensor &out) {
  skgen::TensorIterator iter(out);
  iter.binary_op(self, other);
  at::native::hypot_stub(iter.device_type(), iter);
  return out = iter.output();
}

// The same kernel behind the alias-key wrappers: annotated for a backend
// without tensors here (PrivateUse1) and registered by hand for CPU out=
// (below), so CPU functional and in-place calls run the generated
// CompositeExplicitAutograd wrappers. SKGEN_KERNEL_ALLOCATES promises that
// every out= kernel of the family checks and allocates as hypot_out does:
// they redispatch an undefined out (functional) and self (in-place) to it
// without the meta function.
SKGEN_STRUCTURED("presets::hypot_alias.out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 PrivateUse1)
SKGEN_META_PRESET(binary)
SKGEN_KERNEL_ITERATOR
SKGEN_KERNEL_ALLOCATES
at::Tensor &hypot_alias_out(const at::Tensor &self, const at::Tensor &other,
                            at::Tensor &out) {
  return hypot_out(self, other, out);
}

SKGEN_STRUCTURED("presets::maximum.out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE // as aten: no maximum_
SKGEN_META_PRESET(binary) at::Tensor &maximum_out(const at::Tensor &self,
                                                  const at::Tensor &other,
                                                  at::Tensor &out) {
  return at::maximum_out(out, self, other);
}

SKGEN_STRUCTURED("presets::pow.Tensor_Tensor_out(Tensor self, Tensor "
                 "exponent, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
at::Tensor &pow_out(const at::Tensor &self, const at::Tensor &exponent,
                    at::Tensor &out) {
  return at::pow_out(out, self, exponent);
}

SKGEN_STRUCTURED("presets::atan2.out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary_float)
at::Tensor &atan2_out(const at::Tensor &self, const at::Tensor &other,
                      at::Tensor &out) {
  return at::atan2_out(out, self, other);
}

SKGEN_STRUCTURED("presets::remainder.Tensor_out(Tensor self, Tensor other, "
                 "*, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
at::Tensor &remainder_out(const at::Tensor &self, const at::Tensor &other,
                          at::Tensor &out) {
  return at::remainder_out(out, self, other);
}

// Integral only: floating inputs are refused by aten's CPU kernel (its dtype
// dispatch), not by a meta function.
SKGEN_STRUCTURED("presets::bitwise_and.Tensor_out(Tensor self, Tensor other, "
                 "*, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
at::Tensor &bitwise_and_out(const at::Tensor &self, const at::Tensor &other,
                            at::Tensor &out) {
  return at::bitwise_and_out(out, self, other);
}

//===----------------------------------------------------------------------===//
// More comparisons
//===----------------------------------------------------------------------===//

SKGEN_STRUCTURED("presets::eq.Tensor_out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(comparison)
at::Tensor &eq_out(const at::Tensor &self, const at::Tensor &other,
                   at::Tensor &out) {
  return at::eq_out(out, self, other);
}

// aten's ge_out writes an out= (or self) of any dtype the bool result casts
// to: no temporary (SKGEN_KERNEL_CASTS; mul's above, SKGEN_KERNEL_ITERATOR,
// also leaves the checks to it).
SKGEN_STRUCTURED("presets::ge.Tensor_out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(comparison)
SKGEN_KERNEL_CASTS
at::Tensor &ge_out(const at::Tensor &self, const at::Tensor &other,
                   at::Tensor &out) {
  return at::ge_out(out, self, other);
}

SKGEN_STRUCTURED("presets::ne.Scalar_out(Tensor self, Scalar other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(comparison)
at::Tensor &ne_scalar_out(const at::Tensor &self, const at::Scalar &other,
                          at::Tensor &out) {
  return at::ne_out(out, self, other);
}

// Scalar? bounds: the clamp preset promotes a non-floating self with the
// bounds that are given and refuses an in-place promotion with aten's
// wording; out= must have the result dtype.
SKGEN_STRUCTURED("presets::clamp.out(Tensor self, Scalar? min=None, Scalar? "
                 "max=None, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(clamp)
at::Tensor &clamp_out(const at::Tensor &self,
                      const c10::optional<at::Scalar> &min,
                      const c10::optional<at::Scalar> &max, at::Tensor &out) {
  return at::clamp_out(out, self, min, max);
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
bool mean_out_dtype(const skgen::TensorMeta &result, const at::Tensor &out,
                    bool /*inplace*/) {
  if (out.device() != *result.device)
    return false; // refused by the device check
  TORCH_CHECK(!c10::isIntegralType(out.scalar_type(), /*includeBool=*/true),
              "result type ", c10::get_default_dtype_as_scalartype(),
              " can't be cast to the desired output type ", out.scalar_type());
  return false;
}

skgen::Meta mean_meta(const at::Tensor &self, at::OptionalIntArrayRef dim,
                      bool keepdim, c10::optional<at::ScalarType> dtype) {
  at::ScalarType in = dtype.value_or(self.scalar_type());
  TORCH_CHECK(
      c10::isFloatingType(in) || c10::isComplexType(in),
      "mean(): could not infer output dtype. ",
      dtype.has_value() ? "Optional" : "Input",
      " dtype must be either a floating point or complex dtype. Got: ", in);
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
at::Tensor &mean_out(const at::Tensor &self, at::OptionalIntArrayRef dim,
                     bool keepdim, c10::optional<at::ScalarType> dtype,
                     at::Tensor &out) {
  return at::mean_out(out, self, dim, keepdim, dtype);
}

// One int dim: the reduction preset takes an int as well as an int[].
SKGEN_STRUCTURED("presets::prod.int_out(Tensor self, int dim, bool "
                 "keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(reduction)
at::Tensor &prod_out(const at::Tensor &self, int64_t dim, bool keepdim,
                     c10::optional<at::ScalarType> dtype, at::Tensor &out) {
  return at::prod_out(out, self, dim, keepdim, dtype);
}

// amax keeps self's dtype and refuses an empty reduced dim; its out= dtype
// check is its own.
bool amax_out_dtype(const skgen::TensorMeta &result, const at::Tensor &out,
                    bool /*inplace*/) {
  TORCH_CHECK(out.scalar_type() == result.dtype,
              "Expected the dtype for input and out to match, but got ",
              result.dtype, " for input's dtype and ", out.scalar_type(),
              " for out's dtype.");
  return false;
}

skgen::Meta amax_meta(const at::Tensor &self, at::IntArrayRef dim,
                      bool keepdim) {
  if (self.numel() == 0)
    at::native::zero_numel_check_dims(self, dim, "amax()");
  skgen::Meta m =
      skgen::preset::reduction(self, dim, keepdim, self.scalar_type());
  m[0].with_out_dtype(amax_out_dtype);
  return m;
}

SKGEN_STRUCTURED("presets::amax.out(Tensor self, int[1] dim=[], bool "
                 "keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META(amax_meta)
at::Tensor &amax_out(const at::Tensor &self, at::IntArrayRef dim, bool keepdim,
                     at::Tensor &out) {
  return at::amax_out(out, self, dim, keepdim);
}

// any: bool, or uint8 for uint8 inputs; an out= tensor may be bool or uint8
// (the kernel computes in its dtype).
bool any_out_dtype(const skgen::TensorMeta & /*result*/, const at::Tensor &out,
                   bool /*inplace*/) {
  TORCH_CHECK(
      out.scalar_type() == at::kBool || out.scalar_type() == at::kByte,
      "any only supports bool tensor for result, got: ", out.scalar_type());
  return false;
}

skgen::Meta any_meta(const at::Tensor &self, int64_t dim, bool keepdim) {
  skgen::Meta m = skgen::preset::reduction(
      self, dim, keepdim,
      self.scalar_type() == at::kByte ? at::kByte : at::kBool);
  m[0].with_out_dtype(any_out_dtype);
  return m;
}

SKGEN_STRUCTURED("presets::any.out(Tensor self, int dim, bool keepdim=False, "
                 "*, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("dim")
SKGEN_META(any_meta)
at::Tensor &any_out(const at::Tensor &self, int64_t dim, bool keepdim,
                    at::Tensor &out) {
  return at::any_out(out, self, dim, keepdim);
}

SKGEN_STRUCTURED("presets::min.dim_min(Tensor self, int dim, bool "
                 "keepdim=False, *, Tensor(a!) min, Tensor(b!) min_indices) -> "
                 "(Tensor(a!) values, Tensor(b!) indices)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("dim")
SKGEN_META_PRESET(index_reduction)
std::tuple<at::Tensor &, at::Tensor &> min_out(const at::Tensor &self,
                                               int64_t dim, bool keepdim,
                                               at::Tensor &min,
                                               at::Tensor &min_indices) {
  at::min_out(min, min_indices, self, dim, keepdim);
  return std::tuple<at::Tensor &, at::Tensor &>(min, min_indices);
}

SKGEN_STRUCTURED("presets::argmin.out(Tensor self, int? dim=None, bool "
                 "keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(arg_reduction)
at::Tensor &argmin_out(const at::Tensor &self, c10::optional<int64_t> dim,
                       bool keepdim, at::Tensor &out) {
  return at::argmin_out(out, self, dim, keepdim);
}

//===----------------------------------------------------------------------===//
// TensorIterator families with a rule of their own
// (skgen/presets/tensor_iterator.h, and bindings of the presets above)
//===----------------------------------------------------------------------===//

// One bound: the Scalar roles bind by name, the other stays unbound.
SKGEN_STRUCTURED("presets::clamp_min.out(Tensor self, Scalar min, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(clamp)
at::Tensor &clamp_min_out(const at::Tensor &self, const at::Scalar &min,
                          at::Tensor &out) {
  return at::clamp_min_out(out, self, min);
}

SKGEN_STRUCTURED("presets::clamp_max.out(Tensor self, Scalar max, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(clamp)
at::Tensor &clamp_max_out(const at::Tensor &self, const at::Scalar &max,
                          at::Tensor &out) {
  return at::clamp_max_out(out, self, max);
}

// binary_float's rounding_mode role (bound by name): None is true division,
// "trunc" / "floor" binary promotion.
SKGEN_STRUCTURED("presets::div.out_mode(Tensor self, Tensor other, *, str? "
                 "rounding_mode, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("Tensor_mode")
SKGEN_META_PRESET(binary_float)
at::Tensor &div_mode_out(const at::Tensor &self, const at::Tensor &other,
                         c10::optional<c10::string_view> rounding_mode,
                         at::Tensor &out) {
  return at::div_out(out, self, other, rounding_mode);
}

// threshold's Scalars take no part in promotion: elementwise over self only
// (uint8 stays uint8; out= by TensorIterator's rule). aten's threshold
// skips TensorIterator's memory overlap checks (it is idempotent); self is
// two of its TensorIterator's inputs (a 0-dim CPU self counts twice as a CPU
// scalar joining another device).
skgen::Meta threshold_meta(const at::Tensor &self, const at::Scalar &,
                           const at::Scalar &) {
  skgen::Meta m = skgen::preset::elementwise({self, self});
  m[0].iterator.check_mem_overlap = false;
  return m;
}

SKGEN_STRUCTURED("presets::threshold.out(Tensor self, Scalar threshold, "
                 "Scalar value, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META(threshold_meta)
at::Tensor &threshold_out(const at::Tensor &self, const at::Scalar &threshold,
                          const at::Scalar &value, at::Tensor &out) {
  return at::threshold_out(out, self, threshold, value);
}

// signbit: its own complex check (and wording), then unary_bool.
skgen::Meta signbit_meta(const at::Tensor &self) {
  SKGEN_CHECK_NOT_IMPLEMENTED_2(
      !self.is_complex(), "signbit is not implemented for complex tensors.");
  return skgen::preset::unary_bool(self, "signbit");
}

SKGEN_STRUCTURED("presets::signbit.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE // as aten: no signbit_
SKGEN_META(signbit_meta) at::Tensor &signbit_out(const at::Tensor &self,
                                                 at::Tensor &out) {
  return at::signbit_out(out, self);
}

SKGEN_STRUCTURED("presets::isposinf.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(unary_bool)
at::Tensor &isposinf_out(const at::Tensor &self, at::Tensor &out) {
  return at::isposinf_out(out, self);
}

SKGEN_STRUCTURED("presets::isneginf.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(unary_bool)
at::Tensor &isneginf_out(const at::Tensor &self, at::Tensor &out) {
  return at::isneginf_out(out, self);
}

SKGEN_STRUCTURED("presets::mse_loss.out(Tensor self, Tensor target, int "
                 "reduction=1, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(loss)
at::Tensor &mse_loss_out(const at::Tensor &self, const at::Tensor &target,
                         int64_t reduction, at::Tensor &out) {
  return at::mse_loss_out(out, self, target, reduction);
}

// smooth_l1_loss: its beta check, then loss.
skgen::Meta smooth_l1_loss_meta(const at::Tensor &self,
                                const at::Tensor &target, int64_t reduction,
                                double beta) {
  TORCH_CHECK(beta >= 0,
              "smooth_l1_loss does not support negative values for beta.");
  return skgen::preset::loss(self, target, reduction);
}

SKGEN_STRUCTURED("presets::smooth_l1_loss.out(Tensor self, Tensor target, int "
                 "reduction=1, float beta=1.0, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META(smooth_l1_loss_meta)
at::Tensor &smooth_l1_loss_out(const at::Tensor &self, const at::Tensor &target,
                               int64_t reduction, double beta,
                               at::Tensor &out) {
  return at::smooth_l1_loss_out(out, self, target, reduction, beta);
}

SKGEN_STRUCTURED("presets::glu.out(Tensor self, int dim=-1, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(halving)
at::Tensor &glu_out(const at::Tensor &self, int64_t dim, at::Tensor &out) {
  return at::glu_out(out, self, dim);
}

// gelu_backward: binary over (grad_output, self), after the check aten's
// CPU kernel makes of `approximate` (so that Meta kernels refuse it too).
skgen::Meta gelu_backward_meta(const at::Tensor &grad_output,
                               const at::Tensor &self,
                               c10::string_view approximate) {
  TORCH_CHECK(approximate == "none" || approximate == "tanh",
              "approximate argument must be either none or tanh.");
  return skgen::preset::binary(grad_output, self);
}

SKGEN_STRUCTURED("presets::gelu_backward.grad_input(Tensor grad_output, Tensor "
                 "self, *, str approximate='none', Tensor(a!) grad_input) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_NO_INPLACE
SKGEN_META(gelu_backward_meta)
at::Tensor &gelu_backward_out(const at::Tensor &grad_output,
                              const at::Tensor &self,
                              c10::string_view approximate,
                              at::Tensor &grad_input) {
  return at::gelu_backward_out(grad_input, grad_output, self, approximate);
}

//===----------------------------------------------------------------------===//
// Families whose aten meta function is their own (skgen/presets/shapes.h)
//===----------------------------------------------------------------------===//

SKGEN_STRUCTURED("presets::mm.out(Tensor self, Tensor mat2, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(mm)
at::Tensor &mm_out(const at::Tensor &self, const at::Tensor &mat2,
                   at::Tensor &out) {
  return at::mm_out(out, self, mat2);
}

SKGEN_STRUCTURED("presets::bmm.out(Tensor self, Tensor mat2, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(bmm)
at::Tensor &bmm_out(const at::Tensor &self, const at::Tensor &mat2,
                    at::Tensor &out) {
  return at::bmm_out(out, self, mat2);
}

// In place: self must have the result's sizes; out= and functional: it
// must expand to them (TensorMeta::expands, checked after the out= checks).
SKGEN_STRUCTURED("presets::addmm.out(Tensor self, Tensor mat1, Tensor mat2, "
                 "*, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(addmm)
at::Tensor &addmm_out(const at::Tensor &self, const at::Tensor &mat1,
                      const at::Tensor &mat2, const at::Scalar &beta,
                      const at::Scalar &alpha, at::Tensor &out) {
  return at::addmm_out(out, self, mat1, mat2, beta, alpha);
}

// Not TensorIterator families, with an in-place variant: torchgen's out= /
// in-place checks and wording ("Bad in-place call: input tensor size [1] and
// output tensor size [2, 3, 5] should match"); their dtype rules differ by
// version (PyTorch 2 refuses operands of different dtypes in the meta
// function, 1.13 in the kernel, after the in-place check).
SKGEN_STRUCTURED("presets::addmv.out(Tensor self, Tensor mat, Tensor vec, *, "
                 "Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(addmv)
at::Tensor &addmv_out(const at::Tensor &self, const at::Tensor &mat,
                      const at::Tensor &vec, const at::Scalar &beta,
                      const at::Scalar &alpha, at::Tensor &out) {
  return at::addmv_out(out, self, mat, vec, beta, alpha);
}

SKGEN_STRUCTURED("presets::baddbmm.out(Tensor self, Tensor batch1, Tensor "
                 "batch2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(baddbmm)
at::Tensor &baddbmm_out(const at::Tensor &self, const at::Tensor &batch1,
                        const at::Tensor &batch2, const at::Scalar &beta,
                        const at::Scalar &alpha, at::Tensor &out) {
  return at::baddbmm_out(out, self, batch1, batch2, beta, alpha);
}

// A Tensor[] role; out= of any dtype the inputs cast to, computed in it.
SKGEN_STRUCTURED("presets::cat.out(Tensor[] tensors, int dim=0, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(cat)
at::Tensor &cat_out(at::TensorList tensors, int64_t dim, at::Tensor &out) {
  return at::cat_out(out, tensors, dim);
}

SKGEN_STRUCTURED("presets::_softmax.out(Tensor self, int dim, bool "
                 "half_to_float, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(softmax)
at::Tensor &softmax_out(const at::Tensor &self, int64_t dim, bool half_to_float,
                        at::Tensor &out) {
  return at::_softmax_out(out, self, dim, half_to_float);
}

SKGEN_STRUCTURED("presets::_log_softmax.out(Tensor self, int dim, bool "
                 "half_to_float, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(softmax)
at::Tensor &log_softmax_out(const at::Tensor &self, int64_t dim,
                            bool half_to_float, at::Tensor &out) {
  return at::_log_softmax_out(out, self, dim, half_to_float);
}

// A ScalarType role that is not optional; out= named grad_input, as aten's.
SKGEN_STRUCTURED("presets::_softmax_backward_data.out(Tensor grad_output, "
                 "Tensor output, int dim, ScalarType input_dtype, *, "
                 "Tensor(a!) grad_input) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(softmax_backward)
at::Tensor &softmax_backward_data_out(const at::Tensor &grad_output,
                                      const at::Tensor &output, int64_t dim,
                                      at::ScalarType input_dtype,
                                      at::Tensor &grad_input) {
  return at::_softmax_backward_data_out(grad_input, grad_output, output, dim,
                                        input_dtype);
}

SKGEN_STRUCTURED("presets::_log_softmax_backward_data.out(Tensor grad_output, "
                 "Tensor output, int dim, ScalarType input_dtype, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(log_softmax_backward)
at::Tensor &log_softmax_backward_data_out(const at::Tensor &grad_output,
                                          const at::Tensor &output, int64_t dim,
                                          at::ScalarType input_dtype,
                                          at::Tensor &out) {
  return at::_log_softmax_backward_data_out(out, grad_output, output, dim,
                                            input_dtype);
}

// In place: cumsum_ of an int32 tensor stays int32 (OutDtype::Any), with
// dtype= only that dtype.
SKGEN_STRUCTURED("presets::cumsum.out(Tensor self, int dim, *, ScalarType? "
                 "dtype=None, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(cumulative)
at::Tensor &cumsum_out(const at::Tensor &self, int64_t dim,
                       c10::optional<at::ScalarType> dtype, at::Tensor &out) {
  return at::cumsum_out(out, self, dim, dtype);
}

SKGEN_STRUCTURED("presets::cumprod.out(Tensor self, int dim, *, ScalarType? "
                 "dtype=None, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(cumulative)
at::Tensor &cumprod_out(const at::Tensor &self, int64_t dim,
                        c10::optional<at::ScalarType> dtype, at::Tensor &out) {
  return at::cumprod_out(out, self, dim, dtype);
}

// A SymInt[2] role (guarded to int64_t sizes); channels-last inputs give a
// channels-last result. No in-place variant, as aten.
SKGEN_STRUCTURED("presets::upsample_nearest2d.out(Tensor self, SymInt[2] "
                 "output_size, float? scales_h=None, float? scales_w=None, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(upsample2d)
at::Tensor &upsample_nearest2d_out(const at::Tensor &self,
                                   at::IntArrayRef output_size,
                                   c10::optional<double> scales_h,
                                   c10::optional<double> scales_w,
                                   at::Tensor &out) {
  return at::upsample_nearest2d_out(out, self, output_size, scales_h, scales_w);
}

SKGEN_STRUCTURED(
    "presets::upsample_bilinear2d.out(Tensor self, SymInt[2] "
    "output_size, bool align_corners, float? scales_h=None, float? "
    "scales_w=None, *, Tensor(a!) out) -> Tensor(a!)",
    CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(upsample2d)
at::Tensor &
upsample_bilinear2d_out(const at::Tensor &self, at::IntArrayRef output_size,
                        bool align_corners, c10::optional<double> scales_h,
                        c10::optional<double> scales_w, at::Tensor &out) {
  return at::upsample_bilinear2d_out(out, self, output_size, align_corners,
                                     scales_h, scales_w);
}

//===----------------------------------------------------------------------===//
// TensorIteratorBase families whose parameters take no part in the rule (no
// role), and those whose meta function is the op's own argument check
// followed by a preset call
//===----------------------------------------------------------------------===//

// aten's build_unary_op: negative_slope is no role.
SKGEN_STRUCTURED("presets::leaky_relu.out(Tensor self, Scalar "
                 "negative_slope=0.01, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary)
at::Tensor &leaky_relu_out(const at::Tensor &self,
                           const at::Scalar &negative_slope, at::Tensor &out) {
  return at::leaky_relu_out(out, self, negative_slope);
}

// A backward op: aten's build_borrowing_binary_op(grad_input, grad_output,
// output), the binary preset bound to the two tensors.
SKGEN_STRUCTURED("presets::sigmoid_backward.grad_input(Tensor grad_output, "
                 "Tensor output, *, Tensor(a!) grad_input) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_NO_INPLACE
SKGEN_META_PRESET(binary, grad_output, output)
at::Tensor &sigmoid_backward_out(const at::Tensor &grad_output,
                                 const at::Tensor &output,
                                 at::Tensor &grad_input) {
  return at::sigmoid_backward_out(grad_input, grad_output, output);
}

// aten's check of the in-place forward's slope, then binary over (self,
// grad_output): aten's order.
skgen::Meta leaky_relu_backward_meta(const at::Tensor &grad_output,
                                     const at::Tensor &self,
                                     const at::Scalar &negative_slope,
                                     bool self_is_result) {
  TORCH_CHECK(!self_is_result || negative_slope.to<double>() >= 0.0,
              "In-place leakyReLu backward calculation is triggered with a "
              "negative slope which is not supported. This is caused by "
              "calling in-place forward function with a negative slope, "
              "please call out-of-place version instead. File an issue at "
              "https://github.com/pytorch/pytorch if you do require "
              "supporting in-place leakRelu backward calculation with "
              "negative slope");
  return skgen::preset::binary(self, grad_output);
}

SKGEN_STRUCTURED("presets::leaky_relu_backward.grad_input(Tensor grad_output, "
                 "Tensor self, Scalar negative_slope, bool self_is_result, *, "
                 "Tensor(a!) grad_input) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_NO_INPLACE
SKGEN_META(leaky_relu_backward_meta)
at::Tensor &leaky_relu_backward_out(const at::Tensor &grad_output,
                                    const at::Tensor &self,
                                    const at::Scalar &negative_slope,
                                    bool self_is_result,
                                    at::Tensor &grad_input) {
  return at::leaky_relu_backward_out(grad_input, grad_output, self,
                                     negative_slope, self_is_result);
}

// A Tensor bound: aten's build_borrowing_binary_op(out, self, min).
SKGEN_STRUCTURED("presets::clamp_min.Tensor_out(Tensor self, Tensor min, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
at::Tensor &clamp_min_tensor_out(const at::Tensor &self, const at::Tensor &min,
                                 at::Tensor &out) {
  return at::clamp_min_out(out, self, min);
}

// Tensor? bounds: the clamp preset's overload for them (SKGEN_META_PRESET's
// clamp roles are Scalar? bounds).
skgen::Meta clamp_tensor_meta(const at::Tensor &self,
                              const c10::optional<at::Tensor> &min,
                              const c10::optional<at::Tensor> &max) {
  return skgen::preset::clamp(self, min, max);
}

SKGEN_STRUCTURED("presets::clamp.Tensor_out(Tensor self, Tensor? min=None, "
                 "Tensor? max=None, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META(clamp_tensor_meta)
at::Tensor &clamp_tensor_out(const at::Tensor &self,
                             const c10::optional<at::Tensor> &min,
                             const c10::optional<at::Tensor> &max,
                             at::Tensor &out) {
  return at::clamp_out(out, self, min, max);
}

// aten's refusal of integer division, then TensorIterator over the three
// tensors (value is no operand), as addcmul.
skgen::Meta addcdiv_meta(const at::Tensor &self, const at::Tensor &tensor1,
                         const at::Tensor &tensor2, const at::Scalar &) {
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
  return skgen::preset::elementwise({self, tensor1, tensor2});
}

SKGEN_STRUCTURED("presets::addcdiv.out(Tensor self, Tensor tensor1, Tensor "
                 "tensor2, *, Scalar value=1, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META(addcdiv_meta)
at::Tensor &addcdiv_out(const at::Tensor &self, const at::Tensor &tensor1,
                        const at::Tensor &tensor2, const at::Scalar &value,
                        at::Tensor &out) {
  return at::addcdiv_out(out, self, tensor1, tensor2, value);
}

// The int comes first: aten's check of n, then unary_float over self. No
// in-place variant: aten's polygamma_(self, n) has another signature.
skgen::Meta polygamma_meta(int64_t n, const at::Tensor &self) {
  TORCH_CHECK(n >= 0, "polygamma(n, x) does not support negative n.");
  return skgen::preset::unary_float(self);
}

SKGEN_STRUCTURED("presets::polygamma.out(int n, Tensor self, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META(polygamma_meta)
at::Tensor &polygamma_out(int64_t n, const at::Tensor &self, at::Tensor &out) {
  return at::polygamma_out(out, n, self);
}

// lerp: end (and a Tensor weight) of self's dtype; a Scalar weight is no
// operand (binary over self and end), a Tensor one is: one dtype, no
// promotion (a 0-dim weight promotes with PyTorch >= 2.7).
SKGEN_STRUCTURED("presets::lerp.Scalar_out(Tensor self, Tensor end, Scalar "
                 "weight, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(lerp)
at::Tensor &lerp_scalar_out(const at::Tensor &self, const at::Tensor &end,
                            const at::Scalar &weight, at::Tensor &out) {
  return at::lerp_out(out, self, end, weight);
}

SKGEN_STRUCTURED("presets::lerp.Tensor_out(Tensor self, Tensor end, Tensor "
                 "weight, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(lerp)
at::Tensor &lerp_tensor_out(const at::Tensor &self, const at::Tensor &end,
                            const at::Tensor &weight, at::Tensor &out) {
  return at::lerp_out(out, self, end, weight);
}

// heaviside: binary over operands (and out=) of one dtype, no complex.
SKGEN_STRUCTURED("presets::heaviside.out(Tensor self, Tensor values, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(heaviside)
at::Tensor &heaviside_out(const at::Tensor &self, const at::Tensor &values,
                          at::Tensor &out) {
  return at::heaviside_out(out, self, values);
}

// index: a Tensor?[] role; aten's own meta kernel gives the result's sizes
// and strides (the indices broadcast, masks expanded); no in-place variant.
SKGEN_STRUCTURED("presets::index.Tensor_out(Tensor self, Tensor?[] indices, "
                 "*, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(index)
at::Tensor &index_out(const at::Tensor &self,
                      const c10::List<c10::optional<at::Tensor>> &indices,
                      at::Tensor &out) {
  return at::index_out(out, self, indices);
}

// triu, tril: aten's own meta functions (TORCH_META_FUNC(triu)), no
// TensorIterator: torchgen's out= / in-place checks, no overlap check (an
// expanded self is accepted where aten's kernel can write it in place).
skgen::Meta triangle_meta(const at::Tensor &self, const char *name) {
#if TORCH_VERSION_MAJOR >= 2
  TORCH_CHECK(self.dim() >= 2, name,
              ": input tensor must have at least 2 dimensions");
#else
  (void)name;
  (void)self.size(-2); // 1.13: "Dimension out of range"
#endif
  return skgen::Meta(
      skgen::TensorMeta(skgen::sizes_of(self), self.scalar_type())
          .with_out_dtype(skgen::OutDtype::Exact));
}

skgen::Meta triu_meta(const at::Tensor &self, int64_t /*diagonal*/) {
  return triangle_meta(self, "triu");
}

SKGEN_STRUCTURED("presets::triu.out(Tensor self, int diagonal=0, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META(triu_meta)
at::Tensor &triu_out(const at::Tensor &self, int64_t diagonal,
                     at::Tensor &out) {
  return at::triu_out(out, self, diagonal);
}

skgen::Meta tril_meta(const at::Tensor &self, int64_t /*diagonal*/) {
  return triangle_meta(self, "tril");
}

SKGEN_STRUCTURED("presets::tril.out(Tensor self, int diagonal=0, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META(tril_meta)
at::Tensor &tril_out(const at::Tensor &self, int64_t diagonal,
                     at::Tensor &out) {
  return at::tril_out(out, self, diagonal);
}

} // namespace presets

// hypot_alias's CPU out= kernel, registered by hand: CPU functional and
// in-place calls of hypot_alias run the alias-key wrappers.
TORCH_LIBRARY_IMPL(presets, CPU, m) {
  m.impl("hypot_alias.out", TORCH_FN(presets::hypot_alias_out));
}
