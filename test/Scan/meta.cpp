// SKGEN_META names the family's meta function (resolved to its qualified
// name, its signature checked with Clang's types: typedef sugar does not
// matter, overloads are told apart); SKGEN_META_PRESET records the preset and
// the argument bound to each of its roles, by default from the schema.
// RUN: %skgen --dump-facts=- %s -- %scanflags 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR --allow-empty < %t.err
// ERR-NOT: {{error|warning}}

#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <skgen/structured.h>

namespace myops {
using Scal = at::Scalar;
namespace meta {
skgen::Meta add(const at::Tensor &self, const at::Tensor &other);
skgen::Meta add(const at::Tensor &self, const at::Tensor &other,
                const Scal &alpha);
} // namespace meta
static skgen::Meta local_meta(const at::Tensor &self) { return {}; }

SKGEN_STRUCTURED("myops::add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META(meta::add)
at::Tensor &add_out(const at::Tensor &self, const at::Tensor &other, const at::Scalar &alpha, at::Tensor &out);
// CHECK:      "cpp_name": "myops::add_out",
// CHECK:      "options": {
// CHECK-NEXT:   "meta_function": "myops::meta::add"
// CHECK-NEXT: },

SKGEN_STRUCTURED("myops::neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META(local_meta)
SKGEN_NO_META_KERNEL
at::Tensor &neg_out(const at::Tensor &self, at::Tensor &out);
// CHECK:      "cpp_name": "myops::neg_out",
// CHECK:      "options": {
// CHECK-NEXT:   "meta_function": "myops::local_meta",
// CHECK-NEXT:   "meta_function_local": true,
// CHECK-NEXT:   "no_meta_kernel": true
// CHECK-NEXT: },

// SKGEN_KERNEL_CASTS, recorded with the family's options.
SKGEN_STRUCTURED("myops::lt.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(comparison)
SKGEN_KERNEL_CASTS
at::Tensor &lt_out(const at::Tensor &self, const at::Tensor &other, at::Tensor &out);
// CHECK:      "cpp_name": "myops::lt_out",
// CHECK:      "options": {
// CHECK-NEXT:   "kernel_casts": true,
// CHECK-NEXT:   "meta_preset": {

// SKGEN_KERNEL_ITERATOR, recorded with the family's options.
SKGEN_STRUCTURED("myops::gt.Tensor_out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(comparison)
SKGEN_KERNEL_ITERATOR
at::Tensor &gt_out(const at::Tensor &self, const at::Tensor &other, at::Tensor &out);
// CHECK:      "cpp_name": "myops::gt_out",
// CHECK:      "options": {
// CHECK-NEXT:   "kernel_iterator": true,
// CHECK-NEXT:   "meta_preset": {

// Default roles: the first two operands (Scalar other counts), and alpha by
// its name.
SKGEN_STRUCTURED("myops::sub.Scalar_out(Tensor self, Scalar other, Scalar alpha=1, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary)
at::Tensor &sub_out(const at::Tensor &self, const at::Scalar &other, const at::Scalar &alpha, at::Tensor &out);
// CHECK:      "cpp_name": "myops::sub_out",
// CHECK:      "options": {
// CHECK-NEXT:   "meta_preset": {
// CHECK-NEXT:     "args": [
// CHECK-NEXT:       "self",
// CHECK-NEXT:       "other",
// CHECK-NEXT:       "alpha"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "name": "binary"

// Named roles, in role order.
SKGEN_STRUCTURED("myops::rsub.out(Tensor other, Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(comparison, self, other)
at::Tensor &rsub_out(const at::Tensor &other, const at::Tensor &self, at::Tensor &out);
// CHECK:      "cpp_name": "myops::rsub_out",
// CHECK:        "args": [
// CHECK-NEXT:       "self",
// CHECK-NEXT:       "other"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "name": "comparison"

// Reduction roles by name; an absent dtype stays unbound; `_` unbinds.
SKGEN_STRUCTURED("myops::sum.out(Tensor self, int[1]? dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(reduction)
at::Tensor &sum_out(const at::Tensor &self, at::OptionalIntArrayRef dim, bool keepdim, at::Tensor &out);
// CHECK:      "cpp_name": "myops::sum_out",
// CHECK:        "args": [
// CHECK-NEXT:       "self",
// CHECK-NEXT:       "dim",
// CHECK-NEXT:       "keepdim",
// CHECK-NEXT:       ""
// CHECK-NEXT:     ],
// CHECK-NEXT:     "name": "reduction"
SKGEN_STRUCTURED("myops::amax.out(Tensor self, int[1] axes, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(reduction, self, axes, _)
at::Tensor &amax_out(const at::Tensor &self, at::IntArrayRef axes, bool keepdim, at::Tensor &out);
// CHECK:      "cpp_name": "myops::amax_out",
// CHECK:        "args": [
// CHECK-NEXT:       "self",
// CHECK-NEXT:       "axes",
// CHECK-NEXT:       "",
// CHECK-NEXT:       ""
// CHECK-NEXT:     ],

// Variadic: every operand (Tensor?, Scalar? too), in schema order.
SKGEN_STRUCTURED("myops::clamp.out(Tensor self, Scalar? min=None, Tensor? max=None, int n=0, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(elementwise)
at::Tensor &clamp_out(const at::Tensor &self, const c10::optional<at::Scalar> &min, const c10::optional<at::Tensor> &max, int64_t n, at::Tensor &out);
// CHECK:      "cpp_name": "myops::clamp_out",
// CHECK:        "args": [
// CHECK-NEXT:       "self",
// CHECK-NEXT:       "min",
// CHECK-NEXT:       "max"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "name": "elementwise"

// Two outputs.
SKGEN_STRUCTURED("myops::max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) max, Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) indices)", CPU)
SKGEN_META_PRESET(index_reduction)
std::tuple<at::Tensor &, at::Tensor &> max_out(const at::Tensor &self, int64_t dim, bool keepdim, at::Tensor &max, at::Tensor &max_values);
// CHECK:      "cpp_name": "myops::max_out",
// CHECK:        "args": [
// CHECK-NEXT:       "self",
// CHECK-NEXT:       "dim",
// CHECK-NEXT:       "keepdim"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "name": "index_reduction"
// Roles of the TensorIterator presets (skgen/presets/tensor_iterator.h):
// clamp's Scalar bounds bind by name (clamp_max: min stays unbound), like
// binary_float's str? rounding_mode and loss's int reduction.
SKGEN_STRUCTURED("myops::clamp_max.out(Tensor self, Scalar max, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(clamp)
at::Tensor &clamp_max_out(const at::Tensor &self, const at::Scalar &max, at::Tensor &out);
// CHECK:      "cpp_name": "myops::clamp_max_out",
// CHECK:        "args": [
// CHECK-NEXT:       "self",
// CHECK-NEXT:       "",
// CHECK-NEXT:       "max"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "name": "clamp"
SKGEN_STRUCTURED("myops::div.out_mode(Tensor self, Tensor other, *, str? rounding_mode, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_FUNCTIONAL_NAME("Tensor_mode")
SKGEN_META_PRESET(binary_float)
at::Tensor &div_mode_out(const at::Tensor &self, const at::Tensor &other, c10::optional<c10::string_view> rounding_mode, at::Tensor &out);
// CHECK:      "cpp_name": "myops::div_mode_out",
// CHECK:        "args": [
// CHECK-NEXT:       "self",
// CHECK-NEXT:       "other",
// CHECK-NEXT:       "rounding_mode"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "name": "binary_float"
SKGEN_STRUCTURED("myops::mse_loss.out(Tensor self, Tensor target, int reduction=1, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(loss)
at::Tensor &mse_loss_out(const at::Tensor &self, const at::Tensor &target, int64_t reduction, at::Tensor &out);
// CHECK:      "cpp_name": "myops::mse_loss_out",
// CHECK:        "args": [
// CHECK-NEXT:       "self",
// CHECK-NEXT:       "target",
// CHECK-NEXT:       "reduction"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "name": "loss"
SKGEN_STRUCTURED("myops::glu.out(Tensor self, int dim=-1, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(halving)
at::Tensor &glu_out(const at::Tensor &self, int64_t dim, at::Tensor &out);
// CHECK:      "cpp_name": "myops::glu_out",
// CHECK:        "args": [
// CHECK-NEXT:       "self",
// CHECK-NEXT:       "dim"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "name": "halving"
// skgen/presets/shapes.h: a Tensor[] role, by kind; optional roles by name.
SKGEN_STRUCTURED("myops::cat.out(Tensor[] tensors, int dim=0, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(cat)
at::Tensor &cat_out(at::TensorList tensors, int64_t dim, at::Tensor &out);
// CHECK:      "cpp_name": "myops::cat_out",
// CHECK:        "args": [
// CHECK-NEXT:       "tensors",
// CHECK-NEXT:       "dim"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "name": "cat"
SKGEN_STRUCTURED("myops::_softmax.out(Tensor self, int dim, bool half_to_float, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(softmax)
at::Tensor &softmax_out(const at::Tensor &self, int64_t dim, bool half_to_float, at::Tensor &out);
// CHECK:      "cpp_name": "myops::softmax_out",
// CHECK:        "args": [
// CHECK-NEXT:       "self",
// CHECK-NEXT:       "dim",
// CHECK-NEXT:       "half_to_float"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "name": "softmax"
SKGEN_STRUCTURED("myops::cumsum.out(Tensor self, int dim, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(cumulative)
at::Tensor &cumsum_out(const at::Tensor &self, int64_t dim, c10::optional<at::ScalarType> dtype, at::Tensor &out);
// CHECK:      "cpp_name": "myops::cumsum_out",
// CHECK:        "args": [
// CHECK-NEXT:       "self",
// CHECK-NEXT:       "dim",
// CHECK-NEXT:       "dtype"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "name": "cumulative"
SKGEN_STRUCTURED("myops::mm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(bmm, mat2, self)
at::Tensor &mm_out(const at::Tensor &self, const at::Tensor &mat2, at::Tensor &out);
// CHECK:      "cpp_name": "myops::mm_out",
// CHECK:        "args": [
// CHECK-NEXT:       "mat2",
// CHECK-NEXT:       "self"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "name": "bmm"
SKGEN_STRUCTURED("myops::up.out(Tensor self, SymInt[2] output_size, bool align_corners, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(upsample2d)
at::Tensor &up_out(const at::Tensor &self, at::IntArrayRef output_size, bool align_corners, at::Tensor &out);
// CHECK:      "cpp_name": "myops::up_out",
// CHECK:        "args": [
// CHECK-NEXT:       "self",
// CHECK-NEXT:       "output_size"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "name": "upsample2d"
} // namespace myops
