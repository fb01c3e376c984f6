// Element-wise out= kernels of the example op library (namespace myops).
//
// Only the out= kernels are written by hand, plus one meta function (lerp).
// Each family names its meta function -- a preset from skgen/structured.h
// (SKGEN_META_PRESET) or its own (SKGEN_META) -- which gives the sizes and
// dtype of the result. The generated code runs it before every kernel call:
// the functional variant allocates the result, the in-place variant refuses a
// call that would reshape `self` or change its dtype before anything is
// written, the out= variant checks and resizes `out`. So a kernel just
// computes into `out`: it always has the right sizes and dtype. skgen
// generates the schema definitions, registrations, the functional/in-place
// variants and Meta kernels into the block at the end of this file.
#include <ATen/ATen.h>
#include <torch/library.h>

#include <skgen/annotations.h>
#include <skgen/structured.h>

namespace skgen_example {

// A binary op with a keyword Scalar: out = self + alpha * other, with aten's
// broadcasting and type promotion (the `binary` preset).
// Variants: myops::add, myops::add_.
SKGEN_STRUCTURED("myops::add.out(Tensor self, Tensor other, *, Scalar alpha=1, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
SKGEN_DERIVATIVE("self", "grad")
SKGEN_DERIVATIVE("other", "grad * alpha.conj()")
SKGEN_DERIVATIVE("result", "self_t + other_t * alpha")
at::Tensor &add_out_cpu(const at::Tensor &self, const at::Tensor &other,
                        const at::Scalar &alpha, at::Tensor &out) {
  return at::add_out(out, self, other, alpha);
}

// A unary op: out = self * self, same dtype as self (the `unary` preset).
// Variants: myops::square, myops::square_.
SKGEN_STRUCTURED("myops::square.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("self", "2 * grad * self.conj()")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &square_out_cpu(const at::Tensor &self, at::Tensor &out) {
  return at::mul_out(out, self, self);
}

// Irregular overload names, as aten's mul.out <-> mul.Tensor / mul_.Tensor:
// the naming rule cannot derive "Tensor" from "out", so the names are given.
SKGEN_STRUCTURED("myops::mul.out(Tensor self, Tensor other, *, Tensor(a!) out) "
                 "-> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_INPLACE_NAME("Tensor")
SKGEN_META_PRESET(binary)
SKGEN_DERIVATIVE("self", "grad * other.conj()")
SKGEN_DERIVATIVE("other", "grad * self.conj()")
SKGEN_DERIVATIVE("result", "self_t * other_p + self_p * other_t")
at::Tensor &mul_out_cpu(const at::Tensor &self, const at::Tensor &other,
                        at::Tensor &out) {
  return at::mul_out(out, self, other);
}

// Optional arguments: out = self * scale + bias, each part only when given.
// The `elementwise` preset broadcasts and promotes over every operand: self,
// the Scalar? scale (as a wrapped number) and the Tensor? bias, when given.
SKGEN_STRUCTURED("myops::affine.out(Tensor self, Scalar? scale=None, "
                 "Tensor? bias=None, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(elementwise)
SKGEN_DERIVATIVE("self", "scale.has_value() ? grad * scale->conj() : grad")
SKGEN_DERIVATIVE("bias", "grad")
SKGEN_DERIVATIVE("result", "auto_linear")
at::Tensor &affine_out_cpu(const at::Tensor &self,
                           const c10::optional<at::Scalar> &scale,
                           const c10::optional<at::Tensor> &bias,
                           at::Tensor &out) {
  // Compute first: `out` may alias `self` (in-place variant).
  at::Tensor Result = scale.has_value() ? at::mul(self, *scale) : self;
  if (bias.has_value() && bias->defined())
    Result = at::add(Result, *bias);
  if (!out.is_same(Result))
    out.copy_(Result);
  return out;
}

// A hand-written meta function: validates the inputs and computes the
// result's sizes and dtype, computes nothing. lerp needs `self` and `end` of
// one dtype (as aten's lerp); the result broadcasts. aten's lerp is a
// TensorIterator op: the binary preset gives its shape, dtype and out= /
// in-place checks (a TensorMeta built here would get torchgen's).
skgen::Meta lerp_meta(const at::Tensor &self, const at::Tensor &end,
                      double weight) {
  TORCH_CHECK(self.scalar_type() == end.scalar_type(), "expected dtype ",
              self.scalar_type(), " for `end` but got dtype ",
              end.scalar_type());
  return skgen::preset::binary(self, end);
}

// Linear interpolation with a float weight: out = self + weight * (end - self).
// The CPU out kernel is here; a Meta out kernel is registered by hand (without
// skgen) in meta_kernels.cpp, so skgen must not generate Meta kernels for this
// family (SKGEN_NO_META_KERNEL): meta tensors reach myops::lerp through the
// generated alias-key (CompositeExplicitAutograd) functional variant.
SKGEN_STRUCTURED("myops::lerp.out(Tensor self, Tensor end, float weight, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META(lerp_meta)
SKGEN_NO_META_KERNEL
SKGEN_DERIVATIVE("self", "grad * (1 - weight)")
SKGEN_DERIVATIVE("end", "grad * weight")
SKGEN_DERIVATIVE("result", "auto_linear")
at::Tensor &lerp_out_cpu(const at::Tensor &self, const at::Tensor &end,
                         double weight, at::Tensor &out) {
  return at::lerp_out(out, self, end, weight);
}

} // namespace skgen_example

// @generated by skgen: begin (do not edit; checksum 82d186947d12931f)
// skgen 0.1.0
// Generated by skgen from the SKGEN_* annotations in this file.
#include <ATen/DeviceGuard.h>
#include <c10/core/DeviceGuard.h>
#include <c10/core/DispatchKeySet.h>
#include <mutex>
#include <skgen/autograd.h>
#include <skgen/library.h>
#include <skgen/structured.h>
#include <skgen/vmap.h>
#include <torch/library.h>

// Typed handles of the operators called below, each looked up on its first call
namespace {

auto &skgen_op_add() {
  static auto skgen_op =
      ::skgen::typed_op<at::Tensor(const at::Tensor &, const at::Tensor &,
                                   const at::Scalar &)>("myops::add", "");
  return skgen_op;
}
auto &skgen_op_add_() {
  static auto skgen_op = ::skgen::typed_op<at::Tensor &(
      at::Tensor &, const at::Tensor &, const at::Scalar &)>("myops::add_", "");
  return skgen_op;
}
auto &skgen_op_add_out() {
  static auto skgen_op =
      ::skgen::typed_op<at::Tensor &(const at::Tensor &, const at::Tensor &,
                                     const at::Scalar &, at::Tensor &)>(
          "myops::add", "out");
  return skgen_op;
}
auto &skgen_op_affine() {
  static auto skgen_op = ::skgen::typed_op<at::Tensor(
      const at::Tensor &, const c10::optional<at::Scalar> &,
      const c10::optional<at::Tensor> &)>("myops::affine", "");
  return skgen_op;
}
auto &skgen_op_affine_() {
  static auto skgen_op = ::skgen::typed_op<at::Tensor &(
      at::Tensor &, const c10::optional<at::Scalar> &,
      const c10::optional<at::Tensor> &)>("myops::affine_", "");
  return skgen_op;
}
auto &skgen_op_affine_out() {
  static auto skgen_op = ::skgen::typed_op<at::Tensor &(
      const at::Tensor &, const c10::optional<at::Scalar> &,
      const c10::optional<at::Tensor> &, at::Tensor &)>("myops::affine", "out");
  return skgen_op;
}
auto &skgen_op_lerp() {
  static auto skgen_op = ::skgen::typed_op<at::Tensor(
      const at::Tensor &, const at::Tensor &, double)>("myops::lerp", "");
  return skgen_op;
}
auto &skgen_op_lerp_() {
  static auto skgen_op =
      ::skgen::typed_op<at::Tensor &(at::Tensor &, const at::Tensor &, double)>(
          "myops::lerp_", "");
  return skgen_op;
}
auto &skgen_op_lerp_out() {
  static auto skgen_op = ::skgen::typed_op<at::Tensor &(
      const at::Tensor &, const at::Tensor &, double, at::Tensor &)>(
      "myops::lerp", "out");
  return skgen_op;
}
auto &skgen_op_mul_0_Tensor() {
  static auto skgen_op =
      ::skgen::typed_op<at::Tensor &(at::Tensor &, const at::Tensor &)>(
          "myops::mul_", "Tensor");
  return skgen_op;
}
auto &skgen_op_mul_Tensor() {
  static auto skgen_op =
      ::skgen::typed_op<at::Tensor(const at::Tensor &, const at::Tensor &)>(
          "myops::mul", "Tensor");
  return skgen_op;
}
auto &skgen_op_mul_out() {
  static auto skgen_op =
      ::skgen::typed_op<at::Tensor &(const at::Tensor &, const at::Tensor &,
                                     at::Tensor &)>("myops::mul", "out");
  return skgen_op;
}
auto &skgen_op_square() {
  static auto skgen_op =
      ::skgen::typed_op<at::Tensor(const at::Tensor &)>("myops::square", "");
  return skgen_op;
}
auto &skgen_op_square_() {
  static auto skgen_op =
      ::skgen::typed_op<at::Tensor &(at::Tensor &)>("myops::square_", "");
  return skgen_op;
}
auto &skgen_op_square_out() {
  static auto skgen_op =
      ::skgen::typed_op<at::Tensor &(const at::Tensor &, at::Tensor &)>(
          "myops::square", "out");
  return skgen_op;
}

} // namespace

// myops::add.out
TORCH_LIBRARY_FRAGMENT(myops, m) {
  m.def("add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) "
        "-> Tensor(a!)",
        SKGEN_TAGS_OUT_WITH_FUNCTIONAL);
  m.def("add(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
  m.def("add_(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)",
        SKGEN_TAGS_INPLACE);
  SKGEN_FUNCTIONALIZE_OUT(m, "add.out", "myops::add", "");
}

// CPU kernel: skgen_example::add_out_cpu
namespace {

at::Tensor &wrapper_CPU_add_out(const at::Tensor &self, const at::Tensor &other,
                                const at::Scalar &alpha, at::Tensor &out) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::binary(self, other, alpha);
  ::skgen::Output skgen_out(
      out, skgen_meta, 0,
      ::skgen::check_out(skgen_meta, 0, out, self.options()));
  ::skgen_example::add_out_cpu(self, other, alpha, skgen_out.tensor());
  skgen_out.finish();
  return out;
}

at::Tensor wrapper_CPU_add(const at::Tensor &self, const at::Tensor &other,
                           const at::Scalar &alpha) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::binary(self, other, alpha);
  at::Tensor out = ::skgen::allocate(skgen_meta, 0, self.options());
  ::skgen_example::add_out_cpu(self, other, alpha, out);
  return out;
}

at::Tensor &wrapper_CPU_add_(at::Tensor &self, const at::Tensor &other,
                             const at::Scalar &alpha) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::binary(self, other, alpha);
  ::skgen::Output skgen_self(self, skgen_meta, 0,
                             ::skgen::check_inplace(skgen_meta, self));
  ::skgen_example::add_out_cpu(self, other, alpha, skgen_self.tensor());
  skgen_self.finish();
  return self;
}

} // namespace

TORCH_LIBRARY_IMPL(myops, CPU, m) {
  m.impl("add.out", &wrapper_CPU_add_out);
  m.impl("add", &wrapper_CPU_add);
  m.impl("add_", &wrapper_CPU_add_);
}

// CompositeExplicitAutograd: every other backend, through myops::add.out
namespace {

at::Tensor wrapper_CompositeExplicitAutograd_add(c10::DispatchKeySet skgen_keys,
                                                 const at::Tensor &self,
                                                 const at::Tensor &other,
                                                 const at::Scalar &alpha) {
  c10::OptionalDeviceGuard skgen_guard(at::device_of(self));
  const ::skgen::Meta skgen_meta = ::skgen::preset::binary(self, other, alpha);
  at::Tensor out = ::skgen::allocate(skgen_meta, 0, self.options());
  skgen_op_add_out().redispatch((skgen_keys | out.key_set()) &
                                    c10::after_ADInplaceOrView_keyset,
                                self, other, alpha, out);
  return out;
}

at::Tensor &wrapper_CompositeExplicitAutograd_add_(
    c10::DispatchKeySet skgen_keys, at::Tensor &self, const at::Tensor &other,
    const at::Scalar &alpha) {
  c10::OptionalDeviceGuard skgen_guard(at::device_of(self));
  const ::skgen::Meta skgen_meta = ::skgen::preset::binary(self, other, alpha);
  ::skgen::Output skgen_self(self, skgen_meta, 0,
                             ::skgen::check_inplace(skgen_meta, self));
  skgen_op_add_out().redispatch(skgen_keys & c10::after_ADInplaceOrView_keyset,
                                self, other, alpha, skgen_self.tensor());
  skgen_self.finish();
  return self;
}

} // namespace

TORCH_LIBRARY_IMPL(myops, CompositeExplicitAutograd, m) {
  m.impl("add", &wrapper_CompositeExplicitAutograd_add);
  m.impl("add_", &wrapper_CompositeExplicitAutograd_add_);
}

// Derivatives (SKGEN_DERIVATIVE): the node and autograd kernels of
// myops::add.out's variants
namespace skgen_example {
namespace {

struct MyopsAddBackward final : torch::autograd::Node {
  std::string name() const override { return "MyopsAddBackward"; }
  torch::autograd::variable_list
  apply(torch::autograd::variable_list &&grads) override;
  void release_variables() override {}
  at::Scalar alpha;
};

torch::autograd::variable_list
MyopsAddBackward::apply(torch::autograd::variable_list &&grads) {
  using namespace ::skgen::formulas;
  std::lock_guard<std::mutex> skgen_lock(mutex_);
  torch::autograd::variable_list skgen_grads(2);
  if (!::skgen::autograd::any_defined(grads))
    return skgen_grads;
  const at::Tensor &grad = ::skgen::autograd::grad_at(grads, 0);
  if (task_should_compute_output(0))
    skgen_grads[0] = grad;
  if (task_should_compute_output(1))
    skgen_grads[1] = grad * alpha.conj();
  return skgen_grads;
}

at::Tensor wrapper_Autograd_add(c10::DispatchKeySet skgen_keys,
                                const at::Tensor &self, const at::Tensor &other,
                                const at::Scalar &alpha) {
  auto skgen_node = ::skgen::autograd::make_node<MyopsAddBackward>(self, other);
  if (skgen_node) {
    if (skgen_node->should_compute_output(1))
      skgen_node->alpha = ::skgen::autograd::own(alpha);
  }
  const bool skgen_fw = ::skgen::autograd::any_fw_grad(self, other);
  at::Tensor out;
  {
    at::AutoDispatchBelowADInplaceOrView skgen_below;
    out = skgen_op_add().redispatch(
        skgen_keys & c10::after_ADInplaceOrView_keyset, self, other, alpha);
  }
  ::skgen::autograd::set_history(skgen_node, out);
  if (skgen_fw) {
    using namespace ::skgen::formulas;
    const at::Tensor self_t = ::skgen::autograd::tangent(self);
    const at::Tensor other_t = ::skgen::autograd::tangent(other);
    ::skgen::autograd::set_fw_grad(out, self_t + other_t * alpha, false);
  }
  return out;
}

at::Tensor &wrapper_Autograd_add_(c10::DispatchKeySet skgen_keys,
                                  at::Tensor &self, const at::Tensor &other,
                                  const at::Scalar &alpha) {
  auto skgen_node = ::skgen::autograd::make_node<MyopsAddBackward>(self, other);
  ::skgen::autograd::check_inplace(self, skgen_node != nullptr);
  if (skgen_node) {
    if (skgen_node->should_compute_output(1))
      skgen_node->alpha = ::skgen::autograd::own(alpha);
  }
  const bool skgen_fw = ::skgen::autograd::any_fw_grad(self, other);
  {
    at::AutoDispatchBelowADInplaceOrView skgen_below;
    skgen_op_add_().redispatch(skgen_keys & c10::after_ADInplaceOrView_keyset,
                               self, other, alpha);
  }
  ::skgen::bump_version(self);
  ::skgen::autograd::rebase_history(skgen_node, self);
  if (skgen_fw) {
    using namespace ::skgen::formulas;
    const at::Tensor self_t = ::skgen::autograd::tangent(self);
    const at::Tensor other_t = ::skgen::autograd::tangent(other);
    ::skgen::autograd::set_fw_grad(self, self_t + other_t * alpha, true);
  }
  return self;
}

at::Tensor &wrapper_Autograd_add_out(c10::DispatchKeySet skgen_keys,
                                     const at::Tensor &self,
                                     const at::Tensor &other,
                                     const at::Scalar &alpha, at::Tensor &out) {
  if (::skgen::any_requires_grad(self, other, out))
    ::skgen::check_out_autograd(::skgen::preset::binary(self, other, alpha),
                                "myops::add");
  {
    at::AutoDispatchBelowADInplaceOrView skgen_below;
    skgen_op_add_out().redispatch(skgen_keys &
                                      c10::after_ADInplaceOrView_keyset,
                                  self, other, alpha, out);
  }
  ::skgen::bump_version(out);
  return out;
}

} // namespace
} // namespace skgen_example

TORCH_LIBRARY_IMPL(myops, Autograd, m) {
  m.impl("add", &::skgen_example::wrapper_Autograd_add);
  m.impl("add_", &::skgen_example::wrapper_Autograd_add_);
  m.impl("add.out", &::skgen_example::wrapper_Autograd_add_out);
}

// FuncTorchBatched (torch.vmap): the pointwise rule (preset 'binary')
namespace {

at::Tensor wrapper_FuncTorchBatched_add(const at::Tensor &self,
                                        const at::Tensor &other,
                                        const at::Scalar &alpha) {
  ::skgen::vmap::Call skgen_vmap;
  if (!skgen_vmap.batched(self, other))
    return skgen_op_add().call(self, other, alpha);
  auto [skgen_self, skgen_other] = skgen_vmap.pointwise(self, other);
  return skgen_vmap.wrap(skgen_op_add().call(skgen_self, skgen_other, alpha));
}

at::Tensor &wrapper_FuncTorchBatched_add_(at::Tensor &self,
                                          const at::Tensor &other,
                                          const at::Scalar &alpha) {
  ::skgen::vmap::Call skgen_vmap;
  if (!skgen_vmap.batched(self, other))
    return skgen_op_add_().call(self, other, alpha);
  skgen_vmap.inplace(self, "myops::add_");
  auto [skgen_self, skgen_other] = skgen_vmap.pointwise(self, other);
  skgen_op_add_().call(skgen_self, skgen_other, alpha);
  return self;
}

at::Tensor &wrapper_FuncTorchBatched_add_out(const at::Tensor &self,
                                             const at::Tensor &other,
                                             const at::Scalar &alpha,
                                             at::Tensor &out) {
  ::skgen::vmap::Call skgen_vmap;
  if (!skgen_vmap.batched(self, other, out))
    return skgen_op_add_out().call(self, other, alpha, out);
  at::Tensor skgen_out = skgen_vmap.out(out, "myops::add.out");
  auto [skgen_self, skgen_other] = skgen_vmap.pointwise(self, other);
  skgen_op_add_out().call(skgen_self, skgen_other, alpha, skgen_out);
  skgen_vmap.finish_out(skgen_out, "myops::add.out");
  return out;
}

} // namespace

TORCH_LIBRARY_IMPL(myops, FuncTorchBatched, m) {
  m.impl("add", &wrapper_FuncTorchBatched_add);
  m.impl("add_", &wrapper_FuncTorchBatched_add_);
  m.impl("add.out", &wrapper_FuncTorchBatched_add_out);
}

// myops::affine.out
TORCH_LIBRARY_FRAGMENT(myops, m) {
  m.def("affine.out(Tensor self, Scalar? scale=None, Tensor? bias=None, *, "
        "Tensor(a!) out) -> Tensor(a!)",
        SKGEN_TAGS_OUT_WITH_FUNCTIONAL);
  m.def("affine(Tensor self, Scalar? scale=None, Tensor? bias=None) -> Tensor");
  m.def("affine_(Tensor(a!) self, Scalar? scale=None, Tensor? bias=None) -> "
        "Tensor(a!)",
        SKGEN_TAGS_INPLACE);
  SKGEN_FUNCTIONALIZE_OUT(m, "affine.out", "myops::affine", "");
}

// CPU kernel: skgen_example::affine_out_cpu
namespace {

at::Tensor &wrapper_CPU_affine_out(const at::Tensor &self,
                                   const c10::optional<at::Scalar> &scale,
                                   const c10::optional<at::Tensor> &bias,
                                   at::Tensor &out) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::elementwise({self, scale, bias});
  ::skgen::Output skgen_out(
      out, skgen_meta, 0,
      ::skgen::check_out(skgen_meta, 0, out, self.options()));
  ::skgen_example::affine_out_cpu(self, scale, bias, skgen_out.tensor());
  skgen_out.finish();
  return out;
}

at::Tensor wrapper_CPU_affine(const at::Tensor &self,
                              const c10::optional<at::Scalar> &scale,
                              const c10::optional<at::Tensor> &bias) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::elementwise({self, scale, bias});
  at::Tensor out = ::skgen::allocate(skgen_meta, 0, self.options());
  ::skgen_example::affine_out_cpu(self, scale, bias, out);
  return out;
}

at::Tensor &wrapper_CPU_affine_(at::Tensor &self,
                                const c10::optional<at::Scalar> &scale,
                                const c10::optional<at::Tensor> &bias) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::elementwise({self, scale, bias});
  ::skgen::Output skgen_self(self, skgen_meta, 0,
                             ::skgen::check_inplace(skgen_meta, self));
  ::skgen_example::affine_out_cpu(self, scale, bias, skgen_self.tensor());
  skgen_self.finish();
  return self;
}

} // namespace

TORCH_LIBRARY_IMPL(myops, CPU, m) {
  m.impl("affine.out", &wrapper_CPU_affine_out);
  m.impl("affine", &wrapper_CPU_affine);
  m.impl("affine_", &wrapper_CPU_affine_);
}

// Meta: shapes and dtypes from the meta function, no data
namespace {

at::Tensor &wrapper_Meta_affine_out(const at::Tensor &self,
                                    const c10::optional<at::Scalar> &scale,
                                    const c10::optional<at::Tensor> &bias,
                                    at::Tensor &out) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::elementwise({self, scale, bias});
  ::skgen::check_out(skgen_meta, 0, out, self.options());
  return out;
}

at::Tensor wrapper_Meta_affine(const at::Tensor &self,
                               const c10::optional<at::Scalar> &scale,
                               const c10::optional<at::Tensor> &bias) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::elementwise({self, scale, bias});
  at::Tensor out = ::skgen::allocate(skgen_meta, 0, self.options());
  return out;
}

at::Tensor &wrapper_Meta_affine_(at::Tensor &self,
                                 const c10::optional<at::Scalar> &scale,
                                 const c10::optional<at::Tensor> &bias) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::elementwise({self, scale, bias});
  ::skgen::check_inplace(skgen_meta, self);
  return self;
}

} // namespace

TORCH_LIBRARY_IMPL(myops, Meta, m) {
  m.impl("affine.out", &wrapper_Meta_affine_out);
  m.impl("affine", &wrapper_Meta_affine);
  m.impl("affine_", &wrapper_Meta_affine_);
}

// CompositeExplicitAutograd: every other backend, through myops::affine.out
namespace {

at::Tensor wrapper_CompositeExplicitAutograd_affine(
    c10::DispatchKeySet skgen_keys, const at::Tensor &self,
    const c10::optional<at::Scalar> &scale,
    const c10::optional<at::Tensor> &bias) {
  c10::OptionalDeviceGuard skgen_guard(at::device_of(self));
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::elementwise({self, scale, bias});
  at::Tensor out = ::skgen::allocate(skgen_meta, 0, self.options());
  skgen_op_affine_out().redispatch((skgen_keys | out.key_set()) &
                                       c10::after_ADInplaceOrView_keyset,
                                   self, scale, bias, out);
  return out;
}

at::Tensor &wrapper_CompositeExplicitAutograd_affine_(
    c10::DispatchKeySet skgen_keys, at::Tensor &self,
    const c10::optional<at::Scalar> &scale,
    const c10::optional<at::Tensor> &bias) {
  c10::OptionalDeviceGuard skgen_guard(at::device_of(self));
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::elementwise({self, scale, bias});
  ::skgen::Output skgen_self(self, skgen_meta, 0,
                             ::skgen::check_inplace(skgen_meta, self));
  skgen_op_affine_out().redispatch(skgen_keys &
                                       c10::after_ADInplaceOrView_keyset,
                                   self, scale, bias, skgen_self.tensor());
  skgen_self.finish();
  return self;
}

} // namespace

TORCH_LIBRARY_IMPL(myops, CompositeExplicitAutograd, m) {
  m.impl("affine", &wrapper_CompositeExplicitAutograd_affine);
  m.impl("affine_", &wrapper_CompositeExplicitAutograd_affine_);
}

// Derivatives (SKGEN_DERIVATIVE): the node and autograd kernels of
// myops::affine.out's variants
namespace skgen_example {
namespace {

struct MyopsAffineBackward final : torch::autograd::Node {
  std::string name() const override { return "MyopsAffineBackward"; }
  torch::autograd::variable_list
  apply(torch::autograd::variable_list &&grads) override;
  void release_variables() override {}
  c10::optional<at::Scalar> scale;
};

torch::autograd::variable_list
MyopsAffineBackward::apply(torch::autograd::variable_list &&grads) {
  using namespace ::skgen::formulas;
  std::lock_guard<std::mutex> skgen_lock(mutex_);
  torch::autograd::variable_list skgen_grads(2);
  if (!::skgen::autograd::any_defined(grads))
    return skgen_grads;
  const at::Tensor &grad = ::skgen::autograd::grad_at(grads, 0);
  if (task_should_compute_output(0))
    skgen_grads[0] = scale.has_value() ? grad * scale->conj() : grad;
  if (task_should_compute_output(1))
    skgen_grads[1] = grad;
  return skgen_grads;
}

at::Tensor wrapper_Autograd_affine(c10::DispatchKeySet skgen_keys,
                                   const at::Tensor &self,
                                   const c10::optional<at::Scalar> &scale,
                                   const c10::optional<at::Tensor> &bias) {
  auto skgen_node =
      ::skgen::autograd::make_node<MyopsAffineBackward>(self, bias);
  if (skgen_node) {
    if (skgen_node->should_compute_output(0))
      skgen_node->scale = ::skgen::autograd::own(scale);
  }
  const bool skgen_fw = ::skgen::autograd::any_fw_grad(self, bias);
  at::Tensor out;
  {
    at::AutoDispatchBelowADInplaceOrView skgen_below;
    out = skgen_op_affine().redispatch(
        skgen_keys & c10::after_ADInplaceOrView_keyset, self, scale, bias);
  }
  ::skgen::autograd::set_history(skgen_node, out);
  if (skgen_fw) {
    using namespace ::skgen::formulas;
    const at::Tensor self_t = ::skgen::autograd::tangent(self);
    const at::Tensor bias_t = ::skgen::autograd::tangent(bias);
    ::skgen::autograd::set_fw_grad(
        out, skgen_op_affine().call(self_t, scale, bias_t), false);
  }
  return out;
}

at::Tensor &wrapper_Autograd_affine_(c10::DispatchKeySet skgen_keys,
                                     at::Tensor &self,
                                     const c10::optional<at::Scalar> &scale,
                                     const c10::optional<at::Tensor> &bias) {
  auto skgen_node =
      ::skgen::autograd::make_node<MyopsAffineBackward>(self, bias);
  ::skgen::autograd::check_inplace(self, skgen_node != nullptr);
  if (skgen_node) {
    if (skgen_node->should_compute_output(0))
      skgen_node->scale = ::skgen::autograd::own(scale);
  }
  const bool skgen_fw = ::skgen::autograd::any_fw_grad(self, bias);
  {
    at::AutoDispatchBelowADInplaceOrView skgen_below;
    skgen_op_affine_().redispatch(
        skgen_keys & c10::after_ADInplaceOrView_keyset, self, scale, bias);
  }
  ::skgen::bump_version(self);
  ::skgen::autograd::rebase_history(skgen_node, self);
  if (skgen_fw) {
    using namespace ::skgen::formulas;
    const at::Tensor self_t = ::skgen::autograd::tangent(self);
    const at::Tensor bias_t = ::skgen::autograd::tangent(bias);
    ::skgen::autograd::set_fw_grad(
        self, skgen_op_affine().call(self_t, scale, bias_t), true);
  }
  return self;
}

at::Tensor &wrapper_Autograd_affine_out(c10::DispatchKeySet skgen_keys,
                                        const at::Tensor &self,
                                        const c10::optional<at::Scalar> &scale,
                                        const c10::optional<at::Tensor> &bias,
                                        at::Tensor &out) {
  if (::skgen::any_requires_grad(self, bias, out))
    ::skgen::check_out_autograd(
        ::skgen::preset::elementwise({self, scale, bias}), "myops::affine");
  {
    at::AutoDispatchBelowADInplaceOrView skgen_below;
    skgen_op_affine_out().redispatch(
        skgen_keys & c10::after_ADInplaceOrView_keyset, self, scale, bias, out);
  }
  ::skgen::bump_version(out);
  return out;
}

} // namespace
} // namespace skgen_example

TORCH_LIBRARY_IMPL(myops, Autograd, m) {
  m.impl("affine", &::skgen_example::wrapper_Autograd_affine);
  m.impl("affine_", &::skgen_example::wrapper_Autograd_affine_);
  m.impl("affine.out", &::skgen_example::wrapper_Autograd_affine_out);
}

// FuncTorchBatched (torch.vmap): the pointwise rule (preset 'elementwise')
namespace {

at::Tensor
wrapper_FuncTorchBatched_affine(const at::Tensor &self,
                                const c10::optional<at::Scalar> &scale,
                                const c10::optional<at::Tensor> &bias) {
  ::skgen::vmap::Call skgen_vmap;
  if (!skgen_vmap.batched(self, bias))
    return skgen_op_affine().call(self, scale, bias);
  auto [skgen_self, skgen_bias] = skgen_vmap.pointwise(self, bias);
  return skgen_vmap.wrap(skgen_op_affine().call(skgen_self, scale, skgen_bias));
}

at::Tensor &
wrapper_FuncTorchBatched_affine_(at::Tensor &self,
                                 const c10::optional<at::Scalar> &scale,
                                 const c10::optional<at::Tensor> &bias) {
  ::skgen::vmap::Call skgen_vmap;
  if (!skgen_vmap.batched(self, bias))
    return skgen_op_affine_().call(self, scale, bias);
  skgen_vmap.inplace(self, "myops::affine_");
  auto [skgen_self, skgen_bias] = skgen_vmap.pointwise(self, bias);
  skgen_op_affine_().call(skgen_self, scale, skgen_bias);
  return self;
}

at::Tensor &wrapper_FuncTorchBatched_affine_out(
    const at::Tensor &self, const c10::optional<at::Scalar> &scale,
    const c10::optional<at::Tensor> &bias, at::Tensor &out) {
  ::skgen::vmap::Call skgen_vmap;
  if (!skgen_vmap.batched(self, bias, out))
    return skgen_op_affine_out().call(self, scale, bias, out);
  at::Tensor skgen_out = skgen_vmap.out(out, "myops::affine.out");
  auto [skgen_self, skgen_bias] = skgen_vmap.pointwise(self, bias);
  skgen_op_affine_out().call(skgen_self, scale, skgen_bias, skgen_out);
  skgen_vmap.finish_out(skgen_out, "myops::affine.out");
  return out;
}

} // namespace

TORCH_LIBRARY_IMPL(myops, FuncTorchBatched, m) {
  m.impl("affine", &wrapper_FuncTorchBatched_affine);
  m.impl("affine_", &wrapper_FuncTorchBatched_affine_);
  m.impl("affine.out", &wrapper_FuncTorchBatched_affine_out);
}

// myops::lerp.out
TORCH_LIBRARY_FRAGMENT(myops, m) {
  m.def("lerp.out(Tensor self, Tensor end, float weight, *, Tensor(a!) out) -> "
        "Tensor(a!)",
        SKGEN_TAGS_OUT_WITH_FUNCTIONAL);
  m.def("lerp(Tensor self, Tensor end, float weight) -> Tensor");
  m.def("lerp_(Tensor(a!) self, Tensor end, float weight) -> Tensor(a!)",
        SKGEN_TAGS_INPLACE);
  SKGEN_FUNCTIONALIZE_OUT(m, "lerp.out", "myops::lerp", "");
}

// CPU kernel: skgen_example::lerp_out_cpu
namespace {

at::Tensor &wrapper_CPU_lerp_out(const at::Tensor &self, const at::Tensor &end,
                                 double weight, at::Tensor &out) {
  const ::skgen::Meta skgen_meta =
      ::skgen_example::lerp_meta(self, end, weight);
  ::skgen::Output skgen_out(
      out, skgen_meta, 0,
      ::skgen::check_out(skgen_meta, 0, out, self.options()));
  ::skgen_example::lerp_out_cpu(self, end, weight, skgen_out.tensor());
  skgen_out.finish();
  return out;
}

at::Tensor wrapper_CPU_lerp(const at::Tensor &self, const at::Tensor &end,
                            double weight) {
  const ::skgen::Meta skgen_meta =
      ::skgen_example::lerp_meta(self, end, weight);
  at::Tensor out = ::skgen::allocate(skgen_meta, 0, self.options());
  ::skgen_example::lerp_out_cpu(self, end, weight, out);
  return out;
}

at::Tensor &wrapper_CPU_lerp_(at::Tensor &self, const at::Tensor &end,
                              double weight) {
  const ::skgen::Meta skgen_meta =
      ::skgen_example::lerp_meta(self, end, weight);
  ::skgen::Output skgen_self(self, skgen_meta, 0,
                             ::skgen::check_inplace(skgen_meta, self));
  ::skgen_example::lerp_out_cpu(self, end, weight, skgen_self.tensor());
  skgen_self.finish();
  return self;
}

} // namespace

TORCH_LIBRARY_IMPL(myops, CPU, m) {
  m.impl("lerp.out", &wrapper_CPU_lerp_out);
  m.impl("lerp", &wrapper_CPU_lerp);
  m.impl("lerp_", &wrapper_CPU_lerp_);
}

// CompositeExplicitAutograd: every other backend, through myops::lerp.out
namespace {

at::Tensor
wrapper_CompositeExplicitAutograd_lerp(c10::DispatchKeySet skgen_keys,
                                       const at::Tensor &self,
                                       const at::Tensor &end, double weight) {
  c10::OptionalDeviceGuard skgen_guard(at::device_of(self));
  const ::skgen::Meta skgen_meta =
      ::skgen_example::lerp_meta(self, end, weight);
  at::Tensor out = ::skgen::allocate(skgen_meta, 0, self.options());
  skgen_op_lerp_out().redispatch((skgen_keys | out.key_set()) &
                                     c10::after_ADInplaceOrView_keyset,
                                 self, end, weight, out);
  return out;
}

at::Tensor &
wrapper_CompositeExplicitAutograd_lerp_(c10::DispatchKeySet skgen_keys,
                                        at::Tensor &self, const at::Tensor &end,
                                        double weight) {
  c10::OptionalDeviceGuard skgen_guard(at::device_of(self));
  const ::skgen::Meta skgen_meta =
      ::skgen_example::lerp_meta(self, end, weight);
  ::skgen::Output skgen_self(self, skgen_meta, 0,
                             ::skgen::check_inplace(skgen_meta, self));
  skgen_op_lerp_out().redispatch(skgen_keys & c10::after_ADInplaceOrView_keyset,
                                 self, end, weight, skgen_self.tensor());
  skgen_self.finish();
  return self;
}

} // namespace

TORCH_LIBRARY_IMPL(myops, CompositeExplicitAutograd, m) {
  m.impl("lerp", &wrapper_CompositeExplicitAutograd_lerp);
  m.impl("lerp_", &wrapper_CompositeExplicitAutograd_lerp_);
}

// Derivatives (SKGEN_DERIVATIVE): the node and autograd kernels of
// myops::lerp.out's variants
namespace skgen_example {
namespace {

struct MyopsLerpBackward final : torch::autograd::Node {
  std::string name() const override { return "MyopsLerpBackward"; }
  torch::autograd::variable_list
  apply(torch::autograd::variable_list &&grads) override;
  void release_variables() override {}
  double weight;
};

torch::autograd::variable_list
MyopsLerpBackward::apply(torch::autograd::variable_list &&grads) {
  using namespace ::skgen::formulas;
  std::lock_guard<std::mutex> skgen_lock(mutex_);
  torch::autograd::variable_list skgen_grads(2);
  if (!::skgen::autograd::any_defined(grads))
    return skgen_grads;
  const at::Tensor &grad = ::skgen::autograd::grad_at(grads, 0);
  if (task_should_compute_output(0))
    skgen_grads[0] = grad * (1 - weight);
  if (task_should_compute_output(1))
    skgen_grads[1] = grad * weight;
  return skgen_grads;
}

at::Tensor wrapper_Autograd_lerp(c10::DispatchKeySet skgen_keys,
                                 const at::Tensor &self, const at::Tensor &end,
                                 double weight) {
  auto skgen_node = ::skgen::autograd::make_node<MyopsLerpBackward>(self, end);
  if (skgen_node) {
    skgen_node->weight = ::skgen::autograd::own(weight);
  }
  const bool skgen_fw = ::skgen::autograd::any_fw_grad(self, end);
  at::Tensor out;
  {
    at::AutoDispatchBelowADInplaceOrView skgen_below;
    out = skgen_op_lerp().redispatch(
        skgen_keys & c10::after_ADInplaceOrView_keyset, self, end, weight);
  }
  ::skgen::autograd::set_history(skgen_node, out);
  if (skgen_fw) {
    using namespace ::skgen::formulas;
    const at::Tensor self_t = ::skgen::autograd::tangent(self);
    const at::Tensor end_t = ::skgen::autograd::tangent(end);
    ::skgen::autograd::set_fw_grad(
        out, skgen_op_lerp().call(self_t, end_t, weight), false);
  }
  return out;
}

at::Tensor &wrapper_Autograd_lerp_(c10::DispatchKeySet skgen_keys,
                                   at::Tensor &self, const at::Tensor &end,
                                   double weight) {
  auto skgen_node = ::skgen::autograd::make_node<MyopsLerpBackward>(self, end);
  ::skgen::autograd::check_inplace(self, skgen_node != nullptr);
  if (skgen_node) {
    skgen_node->weight = ::skgen::autograd::own(weight);
  }
  const bool skgen_fw = ::skgen::autograd::any_fw_grad(self, end);
  {
    at::AutoDispatchBelowADInplaceOrView skgen_below;
    skgen_op_lerp_().redispatch(skgen_keys & c10::after_ADInplaceOrView_keyset,
                                self, end, weight);
  }
  ::skgen::bump_version(self);
  ::skgen::autograd::rebase_history(skgen_node, self);
  if (skgen_fw) {
    using namespace ::skgen::formulas;
    const at::Tensor self_t = ::skgen::autograd::tangent(self);
    const at::Tensor end_t = ::skgen::autograd::tangent(end);
    ::skgen::autograd::set_fw_grad(
        self, skgen_op_lerp().call(self_t, end_t, weight), true);
  }
  return self;
}

at::Tensor &wrapper_Autograd_lerp_out(c10::DispatchKeySet skgen_keys,
                                      const at::Tensor &self,
                                      const at::Tensor &end, double weight,
                                      at::Tensor &out) {
  if (::skgen::any_requires_grad(self, end, out))
    ::skgen::check_out_autograd(::skgen_example::lerp_meta(self, end, weight),
                                "myops::lerp");
  {
    at::AutoDispatchBelowADInplaceOrView skgen_below;
    skgen_op_lerp_out().redispatch(
        skgen_keys & c10::after_ADInplaceOrView_keyset, self, end, weight, out);
  }
  ::skgen::bump_version(out);
  return out;
}

} // namespace
} // namespace skgen_example

TORCH_LIBRARY_IMPL(myops, Autograd, m) {
  m.impl("lerp", &::skgen_example::wrapper_Autograd_lerp);
  m.impl("lerp_", &::skgen_example::wrapper_Autograd_lerp_);
  m.impl("lerp.out", &::skgen_example::wrapper_Autograd_lerp_out);
}

// torch.vmap: no batching rule (meta function skgen_example::lerp_meta, no
// preset): PyTorch's per-sample fallback, which refuses in-place and out=;
// SKGEN_VMAP(fn) gives one

// myops::mul.out
TORCH_LIBRARY_FRAGMENT(myops, m) {
  m.def("mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
        SKGEN_TAGS_OUT_WITH_FUNCTIONAL);
  m.def("mul.Tensor(Tensor self, Tensor other) -> Tensor");
  m.def("mul_.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)",
        SKGEN_TAGS_INPLACE);
  SKGEN_FUNCTIONALIZE_OUT(m, "mul.out", "myops::mul", "Tensor");
}

// CPU kernel: skgen_example::mul_out_cpu
namespace {

at::Tensor &wrapper_CPU_mul_out(const at::Tensor &self, const at::Tensor &other,
                                at::Tensor &out) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::binary(self, other, c10::nullopt);
  ::skgen::Output skgen_out(
      out, skgen_meta, 0,
      ::skgen::check_out(skgen_meta, 0, out, self.options()));
  ::skgen_example::mul_out_cpu(self, other, skgen_out.tensor());
  skgen_out.finish();
  return out;
}

at::Tensor wrapper_CPU_mul_Tensor(const at::Tensor &self,
                                  const at::Tensor &other) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::binary(self, other, c10::nullopt);
  at::Tensor out = ::skgen::allocate(skgen_meta, 0, self.options());
  ::skgen_example::mul_out_cpu(self, other, out);
  return out;
}

at::Tensor &wrapper_CPU_mul_0_Tensor(at::Tensor &self,
                                     const at::Tensor &other) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::binary(self, other, c10::nullopt);
  ::skgen::Output skgen_self(self, skgen_meta, 0,
                             ::skgen::check_inplace(skgen_meta, self));
  ::skgen_example::mul_out_cpu(self, other, skgen_self.tensor());
  skgen_self.finish();
  return self;
}

} // namespace

TORCH_LIBRARY_IMPL(myops, CPU, m) {
  m.impl("mul.out", &wrapper_CPU_mul_out);
  m.impl("mul.Tensor", &wrapper_CPU_mul_Tensor);
  m.impl("mul_.Tensor", &wrapper_CPU_mul_0_Tensor);
}

// Meta: shapes and dtypes from the meta function, no data
namespace {

at::Tensor &wrapper_Meta_mul_out(const at::Tensor &self,
                                 const at::Tensor &other, at::Tensor &out) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::binary(self, other, c10::nullopt);
  ::skgen::check_out(skgen_meta, 0, out, self.options());
  return out;
}

at::Tensor wrapper_Meta_mul_Tensor(const at::Tensor &self,
                                   const at::Tensor &other) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::binary(self, other, c10::nullopt);
  at::Tensor out = ::skgen::allocate(skgen_meta, 0, self.options());
  return out;
}

at::Tensor &wrapper_Meta_mul_0_Tensor(at::Tensor &self,
                                      const at::Tensor &other) {
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::binary(self, other, c10::nullopt);
  ::skgen::check_inplace(skgen_meta, self);
  return self;
}

} // namespace

TORCH_LIBRARY_IMPL(myops, Meta, m) {
  m.impl("mul.out", &wrapper_Meta_mul_out);
  m.impl("mul.Tensor", &wrapper_Meta_mul_Tensor);
  m.impl("mul_.Tensor", &wrapper_Meta_mul_0_Tensor);
}

// CompositeExplicitAutograd: every other backend, through myops::mul.out
namespace {

at::Tensor
wrapper_CompositeExplicitAutograd_mul_Tensor(c10::DispatchKeySet skgen_keys,
                                             const at::Tensor &self,
                                             const at::Tensor &other) {
  c10::OptionalDeviceGuard skgen_guard(at::device_of(self));
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::binary(self, other, c10::nullopt);
  at::Tensor out = ::skgen::allocate(skgen_meta, 0, self.options());
  skgen_op_mul_out().redispatch((skgen_keys | out.key_set()) &
                                    c10::after_ADInplaceOrView_keyset,
                                self, other, out);
  return out;
}

at::Tensor &wrapper_CompositeExplicitAutograd_mul_0_Tensor(
    c10::DispatchKeySet skgen_keys, at::Tensor &self, const at::Tensor &other) {
  c10::OptionalDeviceGuard skgen_guard(at::device_of(self));
  const ::skgen::Meta skgen_meta =
      ::skgen::preset::binary(self, other, c10::nullopt);
  ::skgen::Output skgen_self(self, skgen_meta, 0,
                             ::skgen::check_inplace(skgen_meta, self));
  skgen_op_mul_out().redispatch(skgen_keys & c10::after_ADInplaceOrView_keyset,
                                self, other, skgen_self.tensor());
  skgen_self.finish();
  return self;
}

} // namespace

TORCH_LIBRARY_IMPL(myops, CompositeExplicitAutograd, m) {
  m.impl("mul.Tensor", &wrapper_CompositeExplicitAutograd_mul_Tensor);
  m.impl("mul_.Tensor", &wrapper_CompositeExplicitAutograd_mul_0_Tensor);
}

// Derivatives (SKGEN_DERIVATIVE): the node and autograd kernels of
// myops::mul.out's variants
namespace skgen_example {
namespace {

struct MyopsMulTensorBackward final : torch::autograd::Node {
  std::string name() const override { return "MyopsMulTensorBackward"; }
  torch::autograd::variable_list
  apply(torch::autograd::variable_list &&grads) override;
  void release_variables() override {
    std::lock_guard<std::mutex> skgen_lock(mutex_);
    self_.reset_data();
    other_.reset_data();
  }
  torch::autograd::SavedVariable self_;
  torch::autograd::SavedVariable other_;
};

torch::autograd::variable_list
MyopsMulTensorBackward::apply(torch::autograd::variable_list &&grads) {
  using namespace ::skgen::formulas;
  std::lock_guard<std::mutex> skgen_lock(mutex_);
  torch::autograd::variable_list skgen_grads(2);
  if (!::skgen::autograd::any_defined(grads))
    return skgen_grads;
  const at::Tensor self = ::skgen::autograd::unpack(self_);
  const at::Tensor other = ::skgen::autograd::unpack(other_);
  const at::Tensor &grad = ::skgen::autograd::grad_at(grads, 0);
  if (task_should_compute_output(0))
    skgen_grads[0] = grad * other.conj();
  if (task_should_compute_output(1))
    skgen_grads[1] = grad * self.conj();
  return skgen_grads;
}

at::Tensor wrapper_Autograd_mul_Tensor(c10::DispatchKeySet skgen_keys,
                                       const at::Tensor &self,
                                       const at::Tensor &other) {
  auto skgen_node =
      ::skgen::autograd::make_node<MyopsMulTensorBackward>(self, other);
  if (skgen_node) {
    if (skgen_node->should_compute_output(1))
      skgen_node->self_ = ::skgen::autograd::save(self, false);
    if (skgen_node->should_compute_output(0))
      skgen_node->other_ = ::skgen::autograd::save(other, false);
  }
  const bool skgen_fw = ::skgen::autograd::any_fw_grad(self, other);
  at::Tensor out;
  {
    at::AutoDispatchBelowADInplaceOrView skgen_below;
    out = skgen_op_mul_Tensor().redispatch(
        skgen_keys & c10::after_ADInplaceOrView_keyset, self, other);
  }
  ::skgen::autograd::set_history(skgen_node, out);
  if (skgen_fw) {
    using namespace ::skgen::formulas;
    const at::Tensor self_p = ::skgen::autograd::primal(self);
    const at::Tensor self_t = ::skgen::autograd::tangent(self);
    const at::Tensor other_p = ::skgen::autograd::primal(other);
    const at::Tensor other_t = ::skgen::autograd::tangent(other);
    ::skgen::autograd::set_fw_grad(out, self_t * other_p + self_p * other_t,
                                   false);
  }
  return out;
}

at::Tensor &wrapper_Autograd_mul_0_Tensor(c10::DispatchKeySet skgen_keys,
                                          at::Tensor &self,
                                          const at::Tensor &other) {
  auto skgen_node =
      ::skgen::autograd::make_node<MyopsMulTensorBackward>(self, other);
  ::skgen::autograd::check_inplace(self, skgen_node != nullptr);
  if (skgen_node) {
    if (skgen_node->should_compute_output(1))
      skgen_node->self_ = ::skgen::autograd::save(self.clone(), false);
    if (skgen_node->should_compute_output(0))
      skgen_node->other_ = ::skgen::autograd::save(other, false);
  }
  const bool skgen_fw = ::skgen::autograd::any_fw_grad(self, other);
  const at::Tensor skgen_original_self_p =
      skgen_fw ? ::skgen::autograd::primal(self).clone() : at::Tensor();
  {
    at::AutoDispatchBelowADInplaceOrView skgen_below;
    skgen_op_mul_0_Tensor().redispatch(
        skgen_keys & c10::after_ADInplaceOrView_keyset, self, other);
  }
  ::skgen::bump_version(self);
  ::skgen::autograd::rebase_history(skgen_node, self);
  if (skgen_fw) {
    using namespace ::skgen::formulas;
    const at::Tensor self_p = skgen_original_self_p;
    const at::Tensor self_t = ::skgen::autograd::tangent(self);
    const at::Tensor other_p = ::skgen::autograd::primal(other);
    const at::Tensor other_t = ::skgen::autograd::tangent(other);
    ::skgen::autograd::set_fw_grad(self, self_t * other_p + self_p * other_t,
                                   true);
  }
  return self;
}

at::Tensor &wrapper_Autograd_mul_out(c10::DispatchKeySet skgen_keys,
                                     const at::Tensor &self,
                                     const at::Tensor &other, at::Tensor &out) {
  if (::skgen::any_requires_grad(self, other, out))
    ::skgen::check_out_autograd(
        ::skgen::preset::binary(self, other, c10::nullopt), "myops::mul");
  {
    at::AutoDispatchBelowADInplaceOrView skgen_below;
    skgen_op_mul_out().redispatch(
        skgen_keys & c10::after_ADInplaceOrView_keyset, self, other, out);
  }
  ::skgen::bump_version(out);
  return out;
}

} // namespace
} // namespace skgen_example

TORCH_LIBRARY_IMPL(myops, Autograd, m) {
  m.impl("mul.Tensor", &::skgen_example::wrapper_Autograd_mul_Tensor);
  m.impl("mul_.Tensor", &::skgen_example::wrapper_Autograd_mul_0_Tensor);
  m.impl("mul.out", &::skgen_example::wrapper_Autograd_mul_out);
}

// FuncTorchBatched (torch.vmap): the pointwise rule (preset 'binary')
namespace {

at::Tensor wrapper_FuncTorchBatched_mul_Tensor(const at::Tensor &self,
                                               const at::Tensor &other) {
  ::skgen::vmap::Call skgen_vmap;
  if (!skgen_vmap.batched(self, other))
    return skgen_op_mul_Tensor().call(self, other);
  auto [skgen_self, skgen_other] = skgen_vmap.pointwise(self, other);
  return skgen_vmap.wrap(skgen_op_mul_Tensor().call(skgen_self, skgen_other));
}

at::Tensor &wrapper_FuncTorchBatched_mul_0_Tensor(at::Tensor &self,
                                                  const at::Tensor &other) {
  ::skgen::vmap::Call skgen_vmap;
  if (!skgen_vmap.batched(self, other))
    return skgen_op_mul_0_Tensor().call(self, other);
  skgen_vmap.inplace(self, "myops::mul_.Tensor");
  auto [skgen_self, skgen_other] = skgen_vmap.pointwise(self, other);
  skgen_op_mul_0_Tensor().call(skgen_self, skgen_other);
  return self;
}

at::Tensor &wrapper_FuncTorchBatched_mul_out(const at::Tensor &self,
                                             const at::Tensor &other,
                                             at::Tensor &out) {
  ::skgen::vmap::Call skgen_vmap;
  if (!skgen_vmap.batched(self, other, out))
    return skgen_op_mul_out().call(self, other, out);
  at::Tensor skgen_out = skgen_vmap.out(out, "myops::mul.out");
  auto [skgen_self, skgen_other] = skgen_vmap.pointwise(self, other);
  skgen_op_mul_out().call(skgen_self, skgen_other, skgen_out);
  skgen_vmap.finish_out(skgen_out, "myops::mul.out");
  return out;
}

} // namespace

TORCH_LIBRARY_IMPL(myops, FuncTorchBatched, m) {
  m.impl("mul.Tensor", &wrapper_FuncTorchBatched_mul_Tensor);
  m.impl("mul_.Tensor", &wrapper_FuncTorchBatched_mul_0_Tensor);
  m.impl("mul.out", &wrapper_FuncTorchBatched_mul_out);
}

// myops::square.out
TORCH_LIBRARY_FRAGMENT(myops, m) {
  m.def("square.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
        SKGEN_TAGS_OUT_WITH_FUNCTIONAL);
  m.def("square(Tensor self) -> Tensor");
  m.def("square_(Tensor(a!) self) -> Tensor(a!)", SKGEN_TAGS_INPLACE);
  SKGEN_FUNCTIONALIZE_OUT(m, "square.out", "myops::square", "");
}

// CPU kernel: skgen_example::square_out_cpu
namespace {

at::Tensor &wrapper_CPU_square_out(const at::Tensor &self, at::Tensor &out) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::unary(self);
  ::skgen::Output skgen_out(
      out, skgen_meta, 0,
      ::skgen::check_out(skgen_meta, 0, out, self.options()));
  ::skgen_example::square_out_cpu(self, skgen_out.tensor());
  skgen_out.finish();
  return out;
}

at::Tensor wrapper_CPU_square(const at::Tensor &self) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::unary(self);
  at::Tensor out = ::skgen::allocate(skgen_meta, 0, self.options());
  ::skgen_example::square_out_cpu(self, out);
  return out;
}

at::Tensor &wrapper_CPU_square_(at::Tensor &self) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::unary(self);
  ::skgen::Output skgen_self(self, skgen_meta, 0,
                             ::skgen::check_inplace(skgen_meta, self));
  ::skgen_example::square_out_cpu(self, skgen_self.tensor());
  skgen_self.finish();
  return self;
}

} // namespace

TORCH_LIBRARY_IMPL(myops, CPU, m) {
  m.impl("square.out", &wrapper_CPU_square_out);
  m.impl("square", &wrapper_CPU_square);
  m.impl("square_", &wrapper_CPU_square_);
}

// Meta: shapes and dtypes from the meta function, no data
namespace {

at::Tensor &wrapper_Meta_square_out(const at::Tensor &self, at::Tensor &out) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::unary(self);
  ::skgen::check_out(skgen_meta, 0, out, self.options());
  return out;
}

at::Tensor wrapper_Meta_square(const at::Tensor &self) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::unary(self);
  at::Tensor out = ::skgen::allocate(skgen_meta, 0, self.options());
  return out;
}

at::Tensor &wrapper_Meta_square_(at::Tensor &self) {
  const ::skgen::Meta skgen_meta = ::skgen::preset::unary(self);
  ::skgen::check_inplace(skgen_meta, self);
  return self;
}

} // namespace

TORCH_LIBRARY_IMPL(myops, Meta, m) {
  m.impl("square.out", &wrapper_Meta_square_out);
  m.impl("square", &wrapper_Meta_square);
  m.impl("square_", &wrapper_Meta_square_);
}

// CompositeExplicitAutograd: every other backend, through myops::square.out
namespace {

at::Tensor
wrapper_CompositeExplicitAutograd_square(c10::DispatchKeySet skgen_keys,
                                         const at::Tensor &self) {
  c10::OptionalDeviceGuard skgen_guard(at::device_of(self));
  const ::skgen::Meta skgen_meta = ::skgen::preset::unary(self);
  at::Tensor out = ::skgen::allocate(skgen_meta, 0, self.options());
  skgen_op_square_out().redispatch((skgen_keys | out.key_set()) &
                                       c10::after_ADInplaceOrView_keyset,
                                   self, out);
  return out;
}

at::Tensor &
wrapper_CompositeExplicitAutograd_square_(c10::DispatchKeySet skgen_keys,
                                          at::Tensor &self) {
  c10::OptionalDeviceGuard skgen_guard(at::device_of(self));
  const ::skgen::Meta skgen_meta = ::skgen::preset::unary(self);
  ::skgen::Output skgen_self(self, skgen_meta, 0,
                             ::skgen::check_inplace(skgen_meta, self));
  skgen_op_square_out().redispatch(skgen_keys &
                                       c10::after_ADInplaceOrView_keyset,
                                   self, skgen_self.tensor());
  skgen_self.finish();
  return self;
}

} // namespace

TORCH_LIBRARY_IMPL(myops, CompositeExplicitAutograd, m) {
  m.impl("square", &wrapper_CompositeExplicitAutograd_square);
  m.impl("square_", &wrapper_CompositeExplicitAutograd_square_);
}

// Derivatives (SKGEN_DERIVATIVE): the node and autograd kernels of
// myops::square.out's variants
namespace skgen_example {
namespace {

struct MyopsSquareBackward final : torch::autograd::Node {
  std::string name() const override { return "MyopsSquareBackward"; }
  torch::autograd::variable_list
  apply(torch::autograd::variable_list &&grads) override;
  void release_variables() override {
    std::lock_guard<std::mutex> skgen_lock(mutex_);
    self_.reset_data();
  }
  torch::autograd::SavedVariable self_;
};

torch::autograd::variable_list
MyopsSquareBackward::apply(torch::autograd::variable_list &&grads) {
  using namespace ::skgen::formulas;
  std::lock_guard<std::mutex> skgen_lock(mutex_);
  torch::autograd::variable_list skgen_grads(1);
  if (!::skgen::autograd::any_defined(grads))
    return skgen_grads;
  const at::Tensor self = ::skgen::autograd::unpack(self_);
  const at::Tensor &grad = ::skgen::autograd::grad_at(grads, 0);
  if (task_should_compute_output(0))
    skgen_grads[0] = 2 * grad * self.conj();
  return skgen_grads;
}

at::Tensor wrapper_Autograd_square(c10::DispatchKeySet skgen_keys,
                                   const at::Tensor &self) {
  auto skgen_node = ::skgen::autograd::make_node<MyopsSquareBackward>(self);
  if (skgen_node) {
    skgen_node->self_ = ::skgen::autograd::save(self, false);
  }
  const bool skgen_fw = ::skgen::autograd::any_fw_grad(self);
  at::Tensor out;
  {
    at::AutoDispatchBelowADInplaceOrView skgen_below;
    out = skgen_op_square().redispatch(
        skgen_keys & c10::after_ADInplaceOrView_keyset, self);
  }
  ::skgen::autograd::set_history(skgen_node, out);
  if (skgen_fw) {
    using namespace ::skgen::formulas;
    const at::Tensor self_p = ::skgen::autograd::primal(self);
    const at::Tensor self_t = ::skgen::autograd::tangent(self);
    ::skgen::autograd::set_fw_grad(
        out, (2 * self_t.conj() * self_p.conj()).conj(), false);
  }
  return out;
}

at::Tensor &wrapper_Autograd_square_(c10::DispatchKeySet skgen_keys,
                                     at::Tensor &self) {
  auto skgen_node = ::skgen::autograd::make_node<MyopsSquareBackward>(self);
  ::skgen::autograd::check_inplace(self, skgen_node != nullptr);
  if (skgen_node) {
    skgen_node->self_ = ::skgen::autograd::save(self.clone(), false);
  }
  const bool skgen_fw = ::skgen::autograd::any_fw_grad(self);
  const at::Tensor skgen_original_self_p =
      skgen_fw ? ::skgen::autograd::primal(self).clone() : at::Tensor();
  {
    at::AutoDispatchBelowADInplaceOrView skgen_below;
    skgen_op_square_().redispatch(
        skgen_keys & c10::after_ADInplaceOrView_keyset, self);
  }
  ::skgen::bump_version(self);
  ::skgen::autograd::rebase_history(skgen_node, self);
  if (skgen_fw) {
    using namespace ::skgen::formulas;
    const at::Tensor self_p = skgen_original_self_p;
    const at::Tensor self_t = ::skgen::autograd::tangent(self);
    ::skgen::autograd::set_fw_grad(
        self, (2 * self_t.conj() * self_p.conj()).conj(), true);
  }
  return self;
}

at::Tensor &wrapper_Autograd_square_out(c10::DispatchKeySet skgen_keys,
                                        const at::Tensor &self,
                                        at::Tensor &out) {
  if (::skgen::any_requires_grad(self, out))
    ::skgen::check_out_autograd(::skgen::preset::unary(self), "myops::square");
  {
    at::AutoDispatchBelowADInplaceOrView skgen_below;
    skgen_op_square_out().redispatch(
        skgen_keys & c10::after_ADInplaceOrView_keyset, self, out);
  }
  ::skgen::bump_version(out);
  return out;
}

} // namespace
} // namespace skgen_example

TORCH_LIBRARY_IMPL(myops, Autograd, m) {
  m.impl("square", &::skgen_example::wrapper_Autograd_square);
  m.impl("square_", &::skgen_example::wrapper_Autograd_square_);
  m.impl("square.out", &::skgen_example::wrapper_Autograd_square_out);
}

// FuncTorchBatched (torch.vmap): the pointwise rule (preset 'unary')
namespace {

at::Tensor wrapper_FuncTorchBatched_square(const at::Tensor &self) {
  ::skgen::vmap::Call skgen_vmap;
  if (!skgen_vmap.batched(self))
    return skgen_op_square().call(self);
  auto [skgen_self] = skgen_vmap.pointwise(self);
  return skgen_vmap.wrap(skgen_op_square().call(skgen_self));
}

at::Tensor &wrapper_FuncTorchBatched_square_(at::Tensor &self) {
  ::skgen::vmap::Call skgen_vmap;
  if (!skgen_vmap.batched(self))
    return skgen_op_square_().call(self);
  skgen_vmap.inplace(self, "myops::square_");
  auto [skgen_self] = skgen_vmap.pointwise(self);
  skgen_op_square_().call(skgen_self);
  return self;
}

at::Tensor &wrapper_FuncTorchBatched_square_out(const at::Tensor &self,
                                                at::Tensor &out) {
  ::skgen::vmap::Call skgen_vmap;
  if (!skgen_vmap.batched(self, out))
    return skgen_op_square_out().call(self, out);
  at::Tensor skgen_out = skgen_vmap.out(out, "myops::square.out");
  auto [skgen_self] = skgen_vmap.pointwise(self);
  skgen_op_square_out().call(skgen_self, skgen_out);
  skgen_vmap.finish_out(skgen_out, "myops::square.out");
  return out;
}

} // namespace

TORCH_LIBRARY_IMPL(myops, FuncTorchBatched, m) {
  m.impl("square", &wrapper_FuncTorchBatched_square);
  m.impl("square_", &wrapper_FuncTorchBatched_square_);
  m.impl("square.out", &wrapper_FuncTorchBatched_square_out);
}
// @generated by skgen: end
