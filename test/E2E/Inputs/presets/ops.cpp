// One op family per meta preset of skgen/structured.h, each an out= kernel
// that calls aten's own out= function, so the generated functional, in-place
// and out= variants (and the generated Meta kernels: no family here has a
// Meta kernel) can be compared with aten's on the same inputs
// (test_presets.py).
#include <ATen/ATen.h>
#include <ATen/ScalarOps.h>
#include <torch/library.h>

#include <skgen/annotations.h>
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

} // namespace presets
