// A small library for test/E2E/vmap.test: one family per kind of batching
// rule skgen generates (a pointwise preset: unary, binary with a Scalar
// alpha, comparison; the reduction preset with dim/keepdim/dtype), a family
// with its own rule (SKGEN_VMAP) and one without a rule (a meta function of
// its own: PyTorch's per-sample fallback). Kernels call aten's out= ops, so
// vmap over each equals vmap over aten's op of the same kind.
#include <ATen/ATen.h>
#include <ATen/functorch/BatchedFallback.h>
#include <torch/library.h>

#include <skgen/annotations.h>
#include <skgen/structured.h>
#include <skgen/vmap.h>

namespace vm {

SKGEN_STRUCTURED("vmops::sin.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary_float)
SKGEN_DERIVATIVE("self", "grad * self.cos().conj()")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &sin_out(const at::Tensor &self, at::Tensor &out) {
  return at::sin_out(out, self);
}

SKGEN_STRUCTURED("vmops::add.out(Tensor self, Tensor other, *, Scalar alpha=1, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
SKGEN_DERIVATIVE("self", "grad")
SKGEN_DERIVATIVE("other", "grad * alpha.conj()")
SKGEN_DERIVATIVE("result", "self_t + other_t * alpha")
at::Tensor &add_out(const at::Tensor &self, const at::Tensor &other,
                    const at::Scalar &alpha, at::Tensor &out) {
  return at::add_out(out, self, other, alpha);
}

SKGEN_STRUCTURED("vmops::lt.out(Tensor self, Tensor other, *, Tensor(a!) out) "
                 "-> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(comparison)
SKGEN_NOT_DIFFERENTIABLE
at::Tensor &lt_out(const at::Tensor &self, const at::Tensor &other,
                   at::Tensor &out) {
  return at::lt_out(out, self, other);
}

SKGEN_STRUCTURED("vmops::sum.out(Tensor self, int[1]? dim, bool keepdim=False, "
                 "*, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(reduction)
SKGEN_DERIVATIVE("self", "sum_backward(grad, self.sym_sizes(), dim, keepdim)")
SKGEN_DERIVATIVE("result", "auto_linear")
at::Tensor &sum_out(const at::Tensor &self, at::OptionalIntArrayRef dim,
                    bool keepdim, c10::optional<at::ScalarType> dtype,
                    at::Tensor &out) {
  return at::sum_out(out, self, dim, keepdim, dtype);
}

// A family with its own meta function and its own batching rule: out =
// a * x + y, x and y of one shape. The rule gives both the batch dim in
// front (expanded where one has none) and calls the op on the physical
// tensors.
skgen::Meta axpy_meta(const at::Tensor &x, const at::Tensor &y, double a) {
  TORCH_CHECK(x.sizes() == y.sizes(), "axpy: x and y differ in shape");
  (void)a;
  return skgen::preset::binary(x, y);
}
std::tuple<at::Tensor, c10::optional<int64_t>>
axpy_vmap(const at::Tensor &x, c10::optional<int64_t> x_bdim,
          const at::Tensor &y, c10::optional<int64_t> y_bdim, double a) {
  at::Tensor px = skgen::vmap::to_front(x, x_bdim);
  at::Tensor py = skgen::vmap::to_front(y, y_bdim);
  if (!x_bdim)
    px = px.unsqueeze(0).expand(py.sizes());
  if (!y_bdim)
    py = py.unsqueeze(0).expand(px.sizes());
  static auto op =
      c10::Dispatcher::singleton()
          .findSchemaOrThrow("vmops::axpy", "")
          .typed<at::Tensor(const at::Tensor &, const at::Tensor &, double)>();
  return std::make_tuple(op.call(px, py, a), 0);
}

SKGEN_STRUCTURED("vmops::axpy.out(Tensor x, Tensor y, float a, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_INPLACE_ARG("x")
SKGEN_META(axpy_meta)
SKGEN_VMAP(axpy_vmap)
SKGEN_DERIVATIVE("x", "grad * a")
SKGEN_DERIVATIVE("y", "grad")
SKGEN_DERIVATIVE("result", "x_t * a + y_t")
at::Tensor &axpy_out(const at::Tensor &x, const at::Tensor &y, double a,
                     at::Tensor &out) {
  return at::add_out(out, y, x, a);
}

// No rule: a meta function of its own and no SKGEN_VMAP.
skgen::Meta twice_meta(const at::Tensor &self) {
  return skgen::preset::unary(self);
}

SKGEN_STRUCTURED("vmops::twice.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META(twice_meta)
SKGEN_DERIVATIVE("self", "grad * 2")
SKGEN_DERIVATIVE("result", "self_t * 2")
at::Tensor &twice_out(const at::Tensor &self, at::Tensor &out) {
  return at::mul_out(out, self, at::scalar_tensor(2, self.options()));
}

} // namespace vm

// Test helper, not generated: functorch's switch of the fallback's "there is
// a performance drop" warning (1.13's Python does not expose it).
TORCH_LIBRARY(vmops_testing, m) {
  m.def("set_vmap_fallback_warning(bool enabled) -> ()", [](bool enabled) {
    at::functorch::setVmapFallbackWarningEnabled(enabled);
  });
}
