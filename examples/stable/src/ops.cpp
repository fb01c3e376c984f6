// The example op library (namespace stableops) on PyTorch's stable ABI: one
// binary for every torch from 2.13 on (docs/stable-abi.md).
//
// The same annotations as examples/src, with kernels and meta functions in
// torch::stable terms, and skgen run with `Abi: stable` (.skgen.yaml): the
// generated block at the end of this file uses only torch/csrc/stable and
// torch/headeronly, and the library is compiled with -DTORCH_STABLE_ONLY.
// Only the out= kernels and one meta function (lerp) are written by hand;
// the kernels call aten's out= operators by name through the dispatcher
// (skgen::call_out), as a stable-ABI kernel that does not compute by hand
// does.
#include <torch/csrc/stable/library.h>
#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>

#include <skgen/annotations.h>
#include <skgen/stable/structured.h>

namespace stable_example {

using torch::stable::Tensor;

// A unary op: out = self * self, same dtype as self.
SKGEN_STRUCTURED("stableops::square.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("self", "2 * grad * self.conj()")
Tensor &square_out_cpu(const Tensor &self, Tensor &out) {
  skgen::call_out<1>("aten::mul", "out", self, self, out);
  return out;
}

// Broadcasting and type promotion (the `binary` preset), with aten's
// overload names mul.Tensor / mul_.Tensor.
SKGEN_STRUCTURED("stableops::mul.out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_INPLACE_NAME("Tensor")
SKGEN_META_PRESET(binary)
SKGEN_DERIVATIVE("self", "mul_tensor_backward(grad, other, self.scalar_type())")
SKGEN_DERIVATIVE("other", "mul_tensor_backward(grad, self, other.scalar_type())")
Tensor &mul_out_cpu(const Tensor &self, const Tensor &other, Tensor &out) {
  skgen::call_out<1>("aten::mul", "out", self, other, out);
  return out;
}

// A comparison: broadcast shape, bool result (any out= dtype is accepted).
SKGEN_STRUCTURED("stableops::lt.Tensor_out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(comparison)
SKGEN_NOT_DIFFERENTIABLE
Tensor &lt_out_cpu(const Tensor &self, const Tensor &other, Tensor &out) {
  skgen::call_out<1>("aten::lt", "Tensor_out", self, other, out);
  return out;
}

// A reduction with aten's dtype rules (int/bool -> int64 unless dtype=).
SKGEN_STRUCTURED("stableops::sum.dim_out(Tensor self, int[1] dim, bool "
                 "keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) "
                 "-> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(reduction)
SKGEN_DERIVATIVE("self", "sum_backward(grad, self.sym_sizes(), dim, keepdim)")
Tensor &sum_out_cpu(const Tensor &self,
                    torch::headeronly::IntHeaderOnlyArrayRef dim, bool keepdim,
                    std::optional<torch::headeronly::ScalarType> dtype,
                    Tensor &out) {
  // aten's dim is `int[1]?`: boxed as an optional.
  std::optional<torch::headeronly::IntHeaderOnlyArrayRef> dims(dim);
  skgen::call_out<1>("aten::sum", "IntList_out", self, dims, keepdim, dtype,
                     out);
  return out;
}

// Two outputs: values (self's dtype) and int64 indices along one dim.
SKGEN_STRUCTURED("stableops::max.dim_max(Tensor self, int dim, bool "
                 "keepdim=False, *, Tensor(a!) max, Tensor(b!) max_values) "
                 "-> (Tensor(a!) values, Tensor(b!) indices)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("dim")
SKGEN_NO_INPLACE
SKGEN_META_PRESET(index_reduction)
SKGEN_DERIVATIVE("self", "value_selecting_reduction_backward_symint(grad, dim, "
                         "max_values, self.sym_sizes(), keepdim)")
SKGEN_DERIVATIVE("output_differentiability", "[True, False]")
std::tuple<Tensor &, Tensor &> max_out_cpu(const Tensor &self, int64_t dim,
                                           bool keepdim, Tensor &max,
                                           Tensor &max_values) {
  skgen::call_out<2>("aten::max", "dim_max", self, dim, keepdim, max,
                     max_values);
  return {max, max_values};
}

// The library's own meta function: the broadcast shape, and self's dtype,
// which end must share (aten's lerp rule and wording); aten's lerp is a
// TensorIterator op, so the binary preset gives the result and its out= /
// in-place checks.
skgen::Meta lerp_meta(const Tensor &self, const Tensor &end, double weight) {
  (void)weight;
  // SKGEN_STABLE_CHECK: aten's message as it is (STD_TORCH_CHECK prefixes
  // the function, file and line).
  SKGEN_STABLE_CHECK(self.scalar_type() == end.scalar_type(), "expected dtype ",
                     skgen::detail::type_meta_name(self.scalar_type()),
                     " for `end` but got dtype ",
                     skgen::detail::type_meta_name(end.scalar_type()));
  return skgen::preset::binary(self, end);
}

// out = self + weight * (end - self).
SKGEN_STRUCTURED("stableops::lerp.out(Tensor self, Tensor end, float weight, "
                 "*, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META(lerp_meta)
SKGEN_DERIVATIVE("self", "grad * (1 - weight)")
SKGEN_DERIVATIVE("end", "grad * weight")
Tensor &lerp_out_cpu(const Tensor &self, const Tensor &end, double weight,
                     Tensor &out) {
  // The stable ABI cannot pass a Scalar to aten::lerp.Scalar_out: the
  // weight goes as a 0-dim tensor of self's dtype (lerp.Tensor_out).
  Tensor w = torch::stable::full({}, weight, self.scalar_type(), std::nullopt,
                                 self.device());
  skgen::call_out<1>("aten::lerp", "Tensor_out", self, end, w, out);
  return out;
}

} // namespace stable_example

// @generated by skgen: begin (do not edit; checksum d39f1e0e4e03fc42)
// skgen 0.1.0 --abi=stable
// Generated by skgen from the SKGEN_* annotations in this file.
#include <array>
#include <skgen/stable/formulas.h>
#include <skgen/stable/structured.h>
#include <torch/csrc/stable/library.h>
#include <tuple>

// stableops::lerp.out
// Schemas: defined with their tags by stableops_defs.py (PythonDefs)

// CPU kernel: stable_example::lerp_out_cpu
namespace {

torch::stable::Tensor wrapper_CPU_lerp_out(const torch::stable::Tensor &self,
                                           const torch::stable::Tensor &end,
                                           double weight,
                                           torch::stable::Tensor &out) {
  const ::skgen::Meta skgen_meta =
      ::stable_example::lerp_meta(self, end, weight);
  ::skgen::Output skgen_out(out, skgen_meta, 0,
                            ::skgen::check_out(skgen_meta, 0, out, self));
  ::stable_example::lerp_out_cpu(self, end, weight, skgen_out.tensor());
  skgen_out.finish();
  return out;
}

torch::stable::Tensor wrapper_CPU_lerp(const torch::stable::Tensor &self,
                                       const torch::stable::Tensor &end,
                                       double weight) {
  const ::skgen::Meta skgen_meta =
      ::stable_example::lerp_meta(self, end, weight);
  torch::stable::Tensor out = ::skgen::allocate(skgen_meta, 0, self);
  ::stable_example::lerp_out_cpu(self, end, weight, out);
  return out;
}

torch::stable::Tensor wrapper_CPU_lerp_(torch::stable::Tensor &self,
                                        const torch::stable::Tensor &end,
                                        double weight) {
  const ::skgen::Meta skgen_meta =
      ::stable_example::lerp_meta(self, end, weight);
  ::skgen::Output skgen_self(self, skgen_meta, 0,
                             ::skgen::check_inplace(skgen_meta, self));
  ::stable_example::lerp_out_cpu(self, end, weight, skgen_self.tensor());
  skgen_self.finish();
  return self;
}

} // namespace

STABLE_TORCH_LIBRARY_IMPL(stableops, CPU, m) {
  m.impl("lerp.out", TORCH_BOX(&wrapper_CPU_lerp_out));
  m.impl("lerp", TORCH_BOX(&wrapper_CPU_lerp));
  m.impl("lerp_", TORCH_BOX(&wrapper_CPU_lerp_));
}

// Meta: shapes and dtypes from the meta function, no data
namespace {

torch::stable::Tensor wrapper_Meta_lerp_out(const torch::stable::Tensor &self,
                                            const torch::stable::Tensor &end,
                                            double weight,
                                            torch::stable::Tensor &out) {
  const ::skgen::Meta skgen_meta =
      ::stable_example::lerp_meta(self, end, weight);
  ::skgen::check_out(skgen_meta, 0, out, self);
  return out;
}

torch::stable::Tensor wrapper_Meta_lerp(const torch::stable::Tensor &self,
                                        const torch::stable::Tensor &end,
                                        double weight) {
  const ::skgen::Meta skgen_meta =
      ::stable_example::lerp_meta(self, end, weight);
  torch::stable::Tensor out = ::skgen::allocate(skgen_meta, 0, self);
  return out;
}

torch::stable::Tensor wrapper_Meta_lerp_(torch::stable::Tensor &self,
                                         const torch::stable::Tensor &end,
                                         double weight) {
  const ::skgen::Meta skgen_meta =
      ::stable_example::lerp_meta(self, end, weight);
  ::skgen::check_inplace(skgen_meta, self);
  return self;
}

} // namespace

STABLE_TORCH_LIBRARY_IMPL(stableops, Meta, m) {
  m.impl("lerp.out", TORCH_BOX(&wrapper_Meta_lerp_out));
  m.impl("lerp", TORCH_BOX(&wrapper_Meta_lerp));
  m.impl("lerp_", TORCH_BOX(&wrapper_Meta_lerp_));
}

// CompositeExplicitAutograd: every other backend, through stableops::lerp.out
namespace {

torch::stable::Tensor
wrapper_CompositeExplicitAutograd_lerp(const torch::stable::Tensor &self,
                                       const torch::stable::Tensor &end,
                                       double weight) {
  ::skgen::DeviceGuard skgen_guard(::skgen::device_of(self));
  const ::skgen::Meta skgen_meta =
      ::stable_example::lerp_meta(self, end, weight);
  torch::stable::Tensor out = ::skgen::allocate(skgen_meta, 0, self);
  ::skgen::call_out<1>("stableops::lerp", "out", self, end, weight, out);
  return out;
}

torch::stable::Tensor
wrapper_CompositeExplicitAutograd_lerp_(torch::stable::Tensor &self,
                                        const torch::stable::Tensor &end,
                                        double weight) {
  ::skgen::DeviceGuard skgen_guard(::skgen::device_of(self));
  const ::skgen::Meta skgen_meta =
      ::stable_example::lerp_meta(self, end, weight);
  ::skgen::Output skgen_self(self, skgen_meta, 0,
                             ::skgen::check_inplace(skgen_meta, self));
  ::skgen::call_out<1>("stableops::lerp", "out", self, end, weight,
                       skgen_self.tensor());
  skgen_self.finish();
  return self;
}

} // namespace

STABLE_TORCH_LIBRARY_IMPL(stableops, CompositeExplicitAutograd, m) {
  m.impl("lerp", TORCH_BOX(&wrapper_CompositeExplicitAutograd_lerp));
  m.impl("lerp_", TORCH_BOX(&wrapper_CompositeExplicitAutograd_lerp_));
}

// Derivatives (SKGEN_DERIVATIVE): stableops::lerp.out's backward operator;
// stableops_defs.py (PythonDefs) registers the autograd that calls it
namespace stable_example {
namespace {

::std::tuple<torch::stable::Tensor, torch::stable::Tensor>
wrapper_CompositeImplicitAutograd_0_lerp_backward(
    const torch::stable::Tensor &skgen_grad, double weight,
    int64_t output_mask) {
  using namespace ::skgen::formulas;
  namespace at = ::skgen::formulas;
  const ::skgen::formulas::Tensor grad = ::skgen::formulas::wrap(skgen_grad);
  std::array<::skgen::formulas::Tensor, 2> skgen_grads;
  if (output_mask & (1 << 0))
    skgen_grads[0] = grad * (1 - weight);
  if (output_mask & (1 << 1))
    skgen_grads[1] = grad * weight;
  return {skgen_grads[0].get(), skgen_grads[1].get()};
}

} // namespace
} // namespace stable_example

STABLE_TORCH_LIBRARY_IMPL(stableops, CompositeImplicitAutograd, m) {
  m.impl("_lerp_backward",
         TORCH_BOX(&::stable_example::
                       wrapper_CompositeImplicitAutograd_0_lerp_backward));
}

// stableops::lt.Tensor_out
// Schemas: defined with their tags by stableops_defs.py (PythonDefs)

// CPU kernel: stable_example::lt_out_cpu
namespace {

torch::stable::Tensor
wrapper_CPU_lt_Tensor_out(const torch::stable::Tensor &self,
                          const torch::stable::Tensor &other,
                          torch::stable::Tensor &out) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::comparison(self, other);
  ::skgen::Output skgen_out(out, skgen_meta, 0,
                            ::skgen::check_out(skgen_meta, 0, out, self));
  ::stable_example::lt_out_cpu(self, other, skgen_out.tensor());
  skgen_out.finish();
  return out;
}

torch::stable::Tensor
wrapper_CPU_lt_Tensor(const torch::stable::Tensor &self,
                      const torch::stable::Tensor &other) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::comparison(self, other);
  torch::stable::Tensor out = ::skgen::allocate(skgen_meta, 0, self);
  ::stable_example::lt_out_cpu(self, other, out);
  return out;
}

torch::stable::Tensor
wrapper_CPU_lt_0_Tensor(torch::stable::Tensor &self,
                        const torch::stable::Tensor &other) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::comparison(self, other);
  ::skgen::Output skgen_self(self, skgen_meta, 0,
                             ::skgen::check_inplace(skgen_meta, self));
  ::stable_example::lt_out_cpu(self, other, skgen_self.tensor());
  skgen_self.finish();
  return self;
}

} // namespace

STABLE_TORCH_LIBRARY_IMPL(stableops, CPU, m) {
  m.impl("lt.Tensor_out", TORCH_BOX(&wrapper_CPU_lt_Tensor_out));
  m.impl("lt.Tensor", TORCH_BOX(&wrapper_CPU_lt_Tensor));
  m.impl("lt_.Tensor", TORCH_BOX(&wrapper_CPU_lt_0_Tensor));
}

// Meta: shapes and dtypes from the meta function, no data
namespace {

torch::stable::Tensor
wrapper_Meta_lt_Tensor_out(const torch::stable::Tensor &self,
                           const torch::stable::Tensor &other,
                           torch::stable::Tensor &out) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::comparison(self, other);
  ::skgen::check_out(skgen_meta, 0, out, self);
  return out;
}

torch::stable::Tensor
wrapper_Meta_lt_Tensor(const torch::stable::Tensor &self,
                       const torch::stable::Tensor &other) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::comparison(self, other);
  torch::stable::Tensor out = ::skgen::allocate(skgen_meta, 0, self);
  return out;
}

torch::stable::Tensor
wrapper_Meta_lt_0_Tensor(torch::stable::Tensor &self,
                         const torch::stable::Tensor &other) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::comparison(self, other);
  ::skgen::check_inplace(skgen_meta, self);
  return self;
}

} // namespace

STABLE_TORCH_LIBRARY_IMPL(stableops, Meta, m) {
  m.impl("lt.Tensor_out", TORCH_BOX(&wrapper_Meta_lt_Tensor_out));
  m.impl("lt.Tensor", TORCH_BOX(&wrapper_Meta_lt_Tensor));
  m.impl("lt_.Tensor", TORCH_BOX(&wrapper_Meta_lt_0_Tensor));
}

// CompositeExplicitAutograd: every other backend, through
// stableops::lt.Tensor_out
namespace {

torch::stable::Tensor wrapper_CompositeExplicitAutograd_lt_Tensor(
    const torch::stable::Tensor &self, const torch::stable::Tensor &other) {
  ::skgen::DeviceGuard skgen_guard(::skgen::device_of(self));
  const ::skgen::Meta skgen_meta = ::skgen::preset::comparison(self, other);
  torch::stable::Tensor out = ::skgen::allocate(skgen_meta, 0, self);
  ::skgen::call_out<1>("stableops::lt", "Tensor_out", self, other, out);
  return out;
}

torch::stable::Tensor wrapper_CompositeExplicitAutograd_lt_0_Tensor(
    torch::stable::Tensor &self, const torch::stable::Tensor &other) {
  ::skgen::DeviceGuard skgen_guard(::skgen::device_of(self));
  const ::skgen::Meta skgen_meta = ::skgen::preset::comparison(self, other);
  ::skgen::Output skgen_self(self, skgen_meta, 0,
                             ::skgen::check_inplace(skgen_meta, self));
  ::skgen::call_out<1>("stableops::lt", "Tensor_out", self, other,
                       skgen_self.tensor());
  skgen_self.finish();
  return self;
}

} // namespace

STABLE_TORCH_LIBRARY_IMPL(stableops, CompositeExplicitAutograd, m) {
  m.impl("lt.Tensor", TORCH_BOX(&wrapper_CompositeExplicitAutograd_lt_Tensor));
  m.impl("lt_.Tensor",
         TORCH_BOX(&wrapper_CompositeExplicitAutograd_lt_0_Tensor));
}

// stableops::max.dim_max
// Schemas: defined with their tags by stableops_defs.py (PythonDefs)

// CPU kernel: stable_example::max_out_cpu
namespace {

::std::tuple<torch::stable::Tensor, torch::stable::Tensor>
wrapper_CPU_max_dim_max(const torch::stable::Tensor &self, int64_t dim,
                        bool keepdim, torch::stable::Tensor &max,
                        torch::stable::Tensor &max_values) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::index_reduction(self, dim, keepdim, "max()");
  ::skgen::Output skgen_max(max, skgen_meta, 0,
                            ::skgen::check_out(skgen_meta, 0, max, self));
  ::skgen::Output skgen_max_values(
      max_values, skgen_meta, 1,
      ::skgen::check_out(skgen_meta, 1, max_values, self));
  ::stable_example::max_out_cpu(self, dim, keepdim, skgen_max.tensor(),
                                skgen_max_values.tensor());
  skgen_max.finish();
  skgen_max_values.finish();
  return ::std::tuple<torch::stable::Tensor, torch::stable::Tensor>(max,
                                                                    max_values);
}

::std::tuple<torch::stable::Tensor, torch::stable::Tensor>
wrapper_CPU_max_dim(const torch::stable::Tensor &self, int64_t dim,
                    bool keepdim) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::index_reduction(self, dim, keepdim, "max()");
  torch::stable::Tensor max = ::skgen::allocate(skgen_meta, 0, self);
  torch::stable::Tensor max_values = ::skgen::allocate(skgen_meta, 1, self);
  ::stable_example::max_out_cpu(self, dim, keepdim, max, max_values);
  return ::std::make_tuple(max, max_values);
}

} // namespace

STABLE_TORCH_LIBRARY_IMPL(stableops, CPU, m) {
  m.impl("max.dim_max", TORCH_BOX(&wrapper_CPU_max_dim_max));
  m.impl("max.dim", TORCH_BOX(&wrapper_CPU_max_dim));
}

// Meta: shapes and dtypes from the meta function, no data
namespace {

::std::tuple<torch::stable::Tensor, torch::stable::Tensor>
wrapper_Meta_max_dim_max(const torch::stable::Tensor &self, int64_t dim,
                         bool keepdim, torch::stable::Tensor &max,
                         torch::stable::Tensor &max_values) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::index_reduction(self, dim, keepdim, "max()");
  ::skgen::check_out(skgen_meta, 0, max, self);
  ::skgen::check_out(skgen_meta, 1, max_values, self);
  return ::std::tuple<torch::stable::Tensor, torch::stable::Tensor>(max,
                                                                    max_values);
}

::std::tuple<torch::stable::Tensor, torch::stable::Tensor>
wrapper_Meta_max_dim(const torch::stable::Tensor &self, int64_t dim,
                     bool keepdim) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::index_reduction(self, dim, keepdim, "max()");
  torch::stable::Tensor max = ::skgen::allocate(skgen_meta, 0, self);
  torch::stable::Tensor max_values = ::skgen::allocate(skgen_meta, 1, self);
  return ::std::make_tuple(max, max_values);
}

} // namespace

STABLE_TORCH_LIBRARY_IMPL(stableops, Meta, m) {
  m.impl("max.dim_max", TORCH_BOX(&wrapper_Meta_max_dim_max));
  m.impl("max.dim", TORCH_BOX(&wrapper_Meta_max_dim));
}

// CompositeExplicitAutograd: every other backend, through
// stableops::max.dim_max
namespace {

::std::tuple<torch::stable::Tensor, torch::stable::Tensor>
wrapper_CompositeExplicitAutograd_max_dim(const torch::stable::Tensor &self,
                                          int64_t dim, bool keepdim) {
  ::skgen::DeviceGuard skgen_guard(::skgen::device_of(self));
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::index_reduction(self, dim, keepdim, "max()");
  torch::stable::Tensor max = ::skgen::allocate(skgen_meta, 0, self);
  torch::stable::Tensor max_values = ::skgen::allocate(skgen_meta, 1, self);
  ::skgen::call_out<2>("stableops::max", "dim_max", self, dim, keepdim, max,
                       max_values);
  return ::std::make_tuple(max, max_values);
}

} // namespace

STABLE_TORCH_LIBRARY_IMPL(stableops, CompositeExplicitAutograd, m) {
  m.impl("max.dim", TORCH_BOX(&wrapper_CompositeExplicitAutograd_max_dim));
}

// Derivatives (SKGEN_DERIVATIVE): stableops::max.dim_max's backward operator;
// stableops_defs.py (PythonDefs) registers the autograd that calls it
namespace stable_example {
namespace {

torch::stable::Tensor wrapper_CompositeImplicitAutograd_0_max_backward_dim(
    const torch::stable::Tensor &skgen_grad,
    torch::headeronly::IntHeaderOnlyArrayRef self_sym_sizes, int64_t dim,
    bool keepdim, const torch::stable::Tensor &skgen_max_values,
    int64_t output_mask) {
  using namespace ::skgen::formulas;
  namespace at = ::skgen::formulas;
  const ::skgen::formulas::Tensor grad = ::skgen::formulas::wrap(skgen_grad);
  const ::skgen::formulas::Tensor max_values(skgen_max_values);
  std::array<::skgen::formulas::Tensor, 1> skgen_grads;
  if (output_mask & (1 << 0))
    skgen_grads[0] = value_selecting_reduction_backward_symint(
        grad, dim, max_values, self_sym_sizes, keepdim);
  return skgen_grads[0].get();
}

} // namespace
} // namespace stable_example

STABLE_TORCH_LIBRARY_IMPL(stableops, CompositeImplicitAutograd, m) {
  m.impl("_max_backward.dim",
         TORCH_BOX(&::stable_example::
                       wrapper_CompositeImplicitAutograd_0_max_backward_dim));
}

// stableops::mul.out
// Schemas: defined with their tags by stableops_defs.py (PythonDefs)

// CPU kernel: stable_example::mul_out_cpu
namespace {

torch::stable::Tensor wrapper_CPU_mul_out(const torch::stable::Tensor &self,
                                          const torch::stable::Tensor &other,
                                          torch::stable::Tensor &out) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::binary(self, other, std::nullopt);
  ::skgen::Output skgen_out(out, skgen_meta, 0,
                            ::skgen::check_out(skgen_meta, 0, out, self));
  ::stable_example::mul_out_cpu(self, other, skgen_out.tensor());
  skgen_out.finish();
  return out;
}

torch::stable::Tensor
wrapper_CPU_mul_Tensor(const torch::stable::Tensor &self,
                       const torch::stable::Tensor &other) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::binary(self, other, std::nullopt);
  torch::stable::Tensor out = ::skgen::allocate(skgen_meta, 0, self);
  ::stable_example::mul_out_cpu(self, other, out);
  return out;
}

torch::stable::Tensor
wrapper_CPU_mul_0_Tensor(torch::stable::Tensor &self,
                         const torch::stable::Tensor &other) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::binary(self, other, std::nullopt);
  ::skgen::Output skgen_self(self, skgen_meta, 0,
                             ::skgen::check_inplace(skgen_meta, self));
  ::stable_example::mul_out_cpu(self, other, skgen_self.tensor());
  skgen_self.finish();
  return self;
}

} // namespace

STABLE_TORCH_LIBRARY_IMPL(stableops, CPU, m) {
  m.impl("mul.out", TORCH_BOX(&wrapper_CPU_mul_out));
  m.impl("mul.Tensor", TORCH_BOX(&wrapper_CPU_mul_Tensor));
  m.impl("mul_.Tensor", TORCH_BOX(&wrapper_CPU_mul_0_Tensor));
}

// Meta: shapes and dtypes from the meta function, no data
namespace {

torch::stable::Tensor wrapper_Meta_mul_out(const torch::stable::Tensor &self,
                                           const torch::stable::Tensor &other,
                                           torch::stable::Tensor &out) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::binary(self, other, std::nullopt);
  ::skgen::check_out(skgen_meta, 0, out, self);
  return out;
}

torch::stable::Tensor
wrapper_Meta_mul_Tensor(const torch::stable::Tensor &self,
                        const torch::stable::Tensor &other) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::binary(self, other, std::nullopt);
  torch::stable::Tensor out = ::skgen::allocate(skgen_meta, 0, self);
  return out;
}

torch::stable::Tensor
wrapper_Meta_mul_0_Tensor(torch::stable::Tensor &self,
                          const torch::stable::Tensor &other) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::binary(self, other, std::nullopt);
  ::skgen::check_inplace(skgen_meta, self);
  return self;
}

} // namespace

STABLE_TORCH_LIBRARY_IMPL(stableops, Meta, m) {
  m.impl("mul.out", TORCH_BOX(&wrapper_Meta_mul_out));
  m.impl("mul.Tensor", TORCH_BOX(&wrapper_Meta_mul_Tensor));
  m.impl("mul_.Tensor", TORCH_BOX(&wrapper_Meta_mul_0_Tensor));
}

// CompositeExplicitAutograd: every other backend, through stableops::mul.out
namespace {

torch::stable::Tensor wrapper_CompositeExplicitAutograd_mul_Tensor(
    const torch::stable::Tensor &self, const torch::stable::Tensor &other) {
  ::skgen::DeviceGuard skgen_guard(::skgen::device_of(self));
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::binary(self, other, std::nullopt);
  torch::stable::Tensor out = ::skgen::allocate(skgen_meta, 0, self);
  ::skgen::call_out<1>("stableops::mul", "out", self, other, out);
  return out;
}

torch::stable::Tensor wrapper_CompositeExplicitAutograd_mul_0_Tensor(
    torch::stable::Tensor &self, const torch::stable::Tensor &other) {
  ::skgen::DeviceGuard skgen_guard(::skgen::device_of(self));
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::binary(self, other, std::nullopt);
  ::skgen::Output skgen_self(self, skgen_meta, 0,
                             ::skgen::check_inplace(skgen_meta, self));
  ::skgen::call_out<1>("stableops::mul", "out", self, other,
                       skgen_self.tensor());
  skgen_self.finish();
  return self;
}

} // namespace

STABLE_TORCH_LIBRARY_IMPL(stableops, CompositeExplicitAutograd, m) {
  m.impl("mul.Tensor",
         TORCH_BOX(&wrapper_CompositeExplicitAutograd_mul_Tensor));
  m.impl("mul_.Tensor",
         TORCH_BOX(&wrapper_CompositeExplicitAutograd_mul_0_Tensor));
}

// Derivatives (SKGEN_DERIVATIVE): stableops::mul.out's backward operator;
// stableops_defs.py (PythonDefs) registers the autograd that calls it
namespace stable_example {
namespace {

::std::tuple<torch::stable::Tensor, torch::stable::Tensor>
wrapper_CompositeImplicitAutograd_0_mul_backward_Tensor(
    const torch::stable::Tensor &skgen_grad,
    const torch::stable::Tensor &skgen_self,
    const torch::stable::Tensor &skgen_other, int64_t output_mask) {
  using namespace ::skgen::formulas;
  namespace at = ::skgen::formulas;
  const ::skgen::formulas::Tensor grad = ::skgen::formulas::wrap(skgen_grad);
  const ::skgen::formulas::Tensor self = ::skgen::formulas::wrap(skgen_self);
  const ::skgen::formulas::Tensor other = ::skgen::formulas::wrap(skgen_other);
  std::array<::skgen::formulas::Tensor, 2> skgen_grads;
  if (output_mask & (1 << 0))
    skgen_grads[0] = mul_tensor_backward(grad, other, self.scalar_type());
  if (output_mask & (1 << 1))
    skgen_grads[1] = mul_tensor_backward(grad, self, other.scalar_type());
  return {skgen_grads[0].get(), skgen_grads[1].get()};
}

} // namespace
} // namespace stable_example

STABLE_TORCH_LIBRARY_IMPL(stableops, CompositeImplicitAutograd, m) {
  m.impl(
      "_mul_backward.Tensor",
      TORCH_BOX(&::stable_example::
                    wrapper_CompositeImplicitAutograd_0_mul_backward_Tensor));
}

// stableops::square.out
// Schemas: defined with their tags by stableops_defs.py (PythonDefs)

// CPU kernel: stable_example::square_out_cpu
namespace {

torch::stable::Tensor wrapper_CPU_square_out(const torch::stable::Tensor &self,
                                             torch::stable::Tensor &out) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::unary(self);
  ::skgen::Output skgen_out(out, skgen_meta, 0,
                            ::skgen::check_out(skgen_meta, 0, out, self));
  ::stable_example::square_out_cpu(self, skgen_out.tensor());
  skgen_out.finish();
  return out;
}

torch::stable::Tensor wrapper_CPU_square(const torch::stable::Tensor &self) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::unary(self);
  torch::stable::Tensor out = ::skgen::allocate(skgen_meta, 0, self);
  ::stable_example::square_out_cpu(self, out);
  return out;
}

torch::stable::Tensor wrapper_CPU_square_(torch::stable::Tensor &self) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::unary(self);
  ::skgen::Output skgen_self(self, skgen_meta, 0,
                             ::skgen::check_inplace(skgen_meta, self));
  ::stable_example::square_out_cpu(self, skgen_self.tensor());
  skgen_self.finish();
  return self;
}

} // namespace

STABLE_TORCH_LIBRARY_IMPL(stableops, CPU, m) {
  m.impl("square.out", TORCH_BOX(&wrapper_CPU_square_out));
  m.impl("square", TORCH_BOX(&wrapper_CPU_square));
  m.impl("square_", TORCH_BOX(&wrapper_CPU_square_));
}

// Meta: shapes and dtypes from the meta function, no data
namespace {

torch::stable::Tensor wrapper_Meta_square_out(const torch::stable::Tensor &self,
                                              torch::stable::Tensor &out) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::unary(self);
  ::skgen::check_out(skgen_meta, 0, out, self);
  return out;
}

torch::stable::Tensor wrapper_Meta_square(const torch::stable::Tensor &self) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::unary(self);
  torch::stable::Tensor out = ::skgen::allocate(skgen_meta, 0, self);
  return out;
}

torch::stable::Tensor wrapper_Meta_square_(torch::stable::Tensor &self) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::unary(self);
  ::skgen::check_inplace(skgen_meta, self);
  return self;
}

} // namespace

STABLE_TORCH_LIBRARY_IMPL(stableops, Meta, m) {
  m.impl("square.out", TORCH_BOX(&wrapper_Meta_square_out));
  m.impl("square", TORCH_BOX(&wrapper_Meta_square));
  m.impl("square_", TORCH_BOX(&wrapper_Meta_square_));
}

// CompositeExplicitAutograd: every other backend, through stableops::square.out
namespace {

torch::stable::Tensor
wrapper_CompositeExplicitAutograd_square(const torch::stable::Tensor &self) {
  ::skgen::DeviceGuard skgen_guard(::skgen::device_of(self));
  const ::skgen::Meta skgen_meta = ::skgen::preset::unary(self);
  torch::stable::Tensor out = ::skgen::allocate(skgen_meta, 0, self);
  ::skgen::call_out<1>("stableops::square", "out", self, out);
  return out;
}

torch::stable::Tensor
wrapper_CompositeExplicitAutograd_square_(torch::stable::Tensor &self) {
  ::skgen::DeviceGuard skgen_guard(::skgen::device_of(self));
  const ::skgen::Meta skgen_meta = ::skgen::preset::unary(self);
  ::skgen::Output skgen_self(self, skgen_meta, 0,
                             ::skgen::check_inplace(skgen_meta, self));
  ::skgen::call_out<1>("stableops::square", "out", self, skgen_self.tensor());
  skgen_self.finish();
  return self;
}

} // namespace

STABLE_TORCH_LIBRARY_IMPL(stableops, CompositeExplicitAutograd, m) {
  m.impl("square", TORCH_BOX(&wrapper_CompositeExplicitAutograd_square));
  m.impl("square_", TORCH_BOX(&wrapper_CompositeExplicitAutograd_square_));
}

// Derivatives (SKGEN_DERIVATIVE): stableops::square.out's backward operator;
// stableops_defs.py (PythonDefs) registers the autograd that calls it
namespace stable_example {
namespace {

torch::stable::Tensor wrapper_CompositeImplicitAutograd_0_square_backward(
    const torch::stable::Tensor &skgen_grad,
    const torch::stable::Tensor &skgen_self, int64_t output_mask) {
  using namespace ::skgen::formulas;
  namespace at = ::skgen::formulas;
  const ::skgen::formulas::Tensor grad = ::skgen::formulas::wrap(skgen_grad);
  const ::skgen::formulas::Tensor self = ::skgen::formulas::wrap(skgen_self);
  std::array<::skgen::formulas::Tensor, 1> skgen_grads;
  if (output_mask & (1 << 0))
    skgen_grads[0] = 2 * grad * self.conj();
  return skgen_grads[0].get();
}

} // namespace
} // namespace stable_example

STABLE_TORCH_LIBRARY_IMPL(stableops, CompositeImplicitAutograd, m) {
  m.impl("_square_backward",
         TORCH_BOX(&::stable_example::
                       wrapper_CompositeImplicitAutograd_0_square_backward));
}

// stableops::sum.dim_out
// Schemas: defined with their tags by stableops_defs.py (PythonDefs)

// CPU kernel: stable_example::sum_out_cpu
namespace {

torch::stable::Tensor
wrapper_CPU_sum_dim_out(const torch::stable::Tensor &self,
                        torch::headeronly::IntHeaderOnlyArrayRef dim,
                        bool keepdim,
                        std::optional<torch::headeronly::ScalarType> dtype,
                        torch::stable::Tensor &out) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::reduction(self, dim, keepdim, dtype);
  ::skgen::Output skgen_out(out, skgen_meta, 0,
                            ::skgen::check_out(skgen_meta, 0, out, self));
  ::stable_example::sum_out_cpu(self, dim, keepdim, dtype, skgen_out.tensor());
  skgen_out.finish();
  return out;
}

torch::stable::Tensor
wrapper_CPU_sum_dim(const torch::stable::Tensor &self,
                    torch::headeronly::IntHeaderOnlyArrayRef dim, bool keepdim,
                    std::optional<torch::headeronly::ScalarType> dtype) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::reduction(self, dim, keepdim, dtype);
  torch::stable::Tensor out = ::skgen::allocate(skgen_meta, 0, self);
  ::stable_example::sum_out_cpu(self, dim, keepdim, dtype, out);
  return out;
}

} // namespace

STABLE_TORCH_LIBRARY_IMPL(stableops, CPU, m) {
  m.impl("sum.dim_out", TORCH_BOX(&wrapper_CPU_sum_dim_out));
  m.impl("sum.dim", TORCH_BOX(&wrapper_CPU_sum_dim));
}

// Meta: shapes and dtypes from the meta function, no data
namespace {

torch::stable::Tensor
wrapper_Meta_sum_dim_out(const torch::stable::Tensor &self,
                         torch::headeronly::IntHeaderOnlyArrayRef dim,
                         bool keepdim,
                         std::optional<torch::headeronly::ScalarType> dtype,
                         torch::stable::Tensor &out) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::reduction(self, dim, keepdim, dtype);
  ::skgen::check_out(skgen_meta, 0, out, self);
  return out;
}

torch::stable::Tensor
wrapper_Meta_sum_dim(const torch::stable::Tensor &self,
                     torch::headeronly::IntHeaderOnlyArrayRef dim, bool keepdim,
                     std::optional<torch::headeronly::ScalarType> dtype) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::reduction(self, dim, keepdim, dtype);
  torch::stable::Tensor out = ::skgen::allocate(skgen_meta, 0, self);
  return out;
}

} // namespace

STABLE_TORCH_LIBRARY_IMPL(stableops, Meta, m) {
  m.impl("sum.dim_out", TORCH_BOX(&wrapper_Meta_sum_dim_out));
  m.impl("sum.dim", TORCH_BOX(&wrapper_Meta_sum_dim));
}

// CompositeExplicitAutograd: every other backend, through
// stableops::sum.dim_out
namespace {

torch::stable::Tensor wrapper_CompositeExplicitAutograd_sum_dim(
    const torch::stable::Tensor &self,
    torch::headeronly::IntHeaderOnlyArrayRef dim, bool keepdim,
    std::optional<torch::headeronly::ScalarType> dtype) {
  ::skgen::DeviceGuard skgen_guard(::skgen::device_of(self));
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::reduction(self, dim, keepdim, dtype);
  torch::stable::Tensor out = ::skgen::allocate(skgen_meta, 0, self);
  ::skgen::call_out<1>("stableops::sum", "dim_out", self, dim, keepdim, dtype,
                       out);
  return out;
}

} // namespace

STABLE_TORCH_LIBRARY_IMPL(stableops, CompositeExplicitAutograd, m) {
  m.impl("sum.dim", TORCH_BOX(&wrapper_CompositeExplicitAutograd_sum_dim));
}

// Derivatives (SKGEN_DERIVATIVE): stableops::sum.dim_out's backward operator;
// stableops_defs.py (PythonDefs) registers the autograd that calls it
namespace stable_example {
namespace {

torch::stable::Tensor wrapper_CompositeImplicitAutograd_0_sum_backward_dim(
    const torch::stable::Tensor &skgen_grad,
    torch::headeronly::IntHeaderOnlyArrayRef self_sym_sizes,
    torch::headeronly::IntHeaderOnlyArrayRef dim, bool keepdim,
    int64_t output_mask) {
  using namespace ::skgen::formulas;
  namespace at = ::skgen::formulas;
  const ::skgen::formulas::Tensor grad = ::skgen::formulas::wrap(skgen_grad);
  std::array<::skgen::formulas::Tensor, 1> skgen_grads;
  if (output_mask & (1 << 0))
    skgen_grads[0] = sum_backward(grad, self_sym_sizes, dim, keepdim);
  return skgen_grads[0].get();
}

} // namespace
} // namespace stable_example

STABLE_TORCH_LIBRARY_IMPL(stableops, CompositeImplicitAutograd, m) {
  m.impl("_sum_backward.dim",
         TORCH_BOX(&::stable_example::
                       wrapper_CompositeImplicitAutograd_0_sum_backward_dim));
}
// @generated by skgen: end
