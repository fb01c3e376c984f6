//===- skgen/structured.h - Meta functions for op families ----*- C++ -*-===//
//
// The runtime half of skgen's structured kernels. Header-only, ATen headers
// only; works with PyTorch 1.13 and 2.x.
//
// A *meta function* validates an op family's inputs and computes each
// output's metadata (sizes, dtype, optionally strides or memory format)
// without computing anything. It takes the functional variant's arguments
// (dispatcher C++ types) and returns a skgen::Meta:
//
//   skgen::Meta lerp_meta(const at::Tensor &self, const at::Tensor &end,
//                         double weight) {
//     TORCH_CHECK(self.dtype() == end.dtype(), "expected dtype ", ...);
//     return skgen::TensorMeta(skgen::broadcast(self, end),
//     self.scalar_type());
//   }
//
//   SKGEN_STRUCTURED("myops::lerp.out(...)", CPU)
//   SKGEN_META(lerp_meta)
//   at::Tensor &lerp_out(..., at::Tensor &out);
//
// The types, checks and presets below are skgen/runtime/core.h, written once
// for this ABI and the stable one (skgen/stable/structured.h) and
// instantiated here with skgen::AtenTraits (skgen/traits.h): aten's own
// facilities. This file adds what only libtorch has (the autograd helpers).
//
// Most families need no hand-written meta function: a *preset* (namespace
// skgen::preset, selected with SKGEN_META_PRESET(name, args...)) implements
// aten's rules with aten's own facilities (at::native::ResultTypeState,
// at::infer_size, at::dim_list_to_bitset, ...). The presets are one table,
// lib/Schema/MetaPresets.def: `skgen --print-vocabulary=presets` lists them
// with their arguments and the runtimes that have them (docs/annotations.md,
// checked against it). The pointwise and reduction presets are in
// skgen/runtime/rules.h; the TensorIterator families with a rule of their
// own in skgen/presets/tensor_iterator.h, and those whose aten meta function
// is their own in skgen/presets/shapes.h (both libtorch only).
//
// Presets are ordinary functions: a hand-written meta function can call one
// and adjust the result (e.g. add a check, or change the out= dtype rule:
// one of aten's four (OutDtype), or the op's own with
// TensorMeta::with_out_dtype(check)).
//
// The generated code (see docs/generation.md) calls the meta function and
// then the helpers of skgen/runtime/checks.h: skgen::allocate (functional),
// skgen::check_inplace (in-place: refuses before the kernel runs),
// skgen::check_out (out=: then at::native::resize_output), each with aten's
// checks, words and order for the kind of op that computed the meta
// (skgen::OpKind: TensorIterator's, with its memory-overlap checks, or
// torchgen's structured ones).
// Kernels therefore always receive outputs of the computed sizes and dtype.
// The out= and in-place variants derived from a backend's functional kernel
// use the same checks (on skgen::result_meta of the result when the family
// has no meta function), then copy the result into out / self. The Autograd
// kernels of a family without derivative formulas call skgen::not_implemented
// (PyTorch's autogradNotImplementedFallback(), unboxed when no gradient is
// needed).
//
// Symbolic sizes: with PyTorch >= 2 sizes are c10::SymInt
// (skgen::SizeVector = c10::SymDimVector), so the generated Meta kernels
// work under torch.compile(dynamic=True); with 1.13 they are int64_t. A meta
// function takes `SymInt` / `SymInt[]` schema arguments as skgen::SymInt /
// skgen::SymIntArrayRef (skgen/symint.h), symbolic with PyTorch >= 2.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_STRUCTURED_H
#define SKGEN_STRUCTURED_H

#ifdef SKGEN_STABLE_STRUCTURED_H
#error "skgen/structured.h (ATen) and skgen/stable/structured.h in one TU"
#endif

#include <ATen/core/grad_mode.h>
#include <skgen/not_implemented.h>
#include <torch/library.h>

#include <initializer_list>

#include <skgen/library.h> // SKGEN_TAGS_*, skgen::typed_op (generated code)
#include <skgen/symint.h>  // SKGEN_SYMBOLIC_SIZES, skgen::SymInt
#include <skgen/traits.h>  // skgen::Traits, the runtime core's ABI

#include <skgen/runtime/core.h>

namespace skgen {

//===----------------------------------------------------------------------===//
// Autograd of out= overloads (the generated Autograd kernel calls these)
//===----------------------------------------------------------------------===//

namespace detail {
inline bool requires_grad(const at::Tensor &t) {
  return t.defined() && t.requires_grad();
}
inline bool requires_grad(const c10::optional<at::Tensor> &t) {
  return t.has_value() && requires_grad(*t);
}
inline bool requires_grad(at::TensorList ts) {
  for (const at::Tensor &t : ts)
    if (requires_grad(t))
      return true;
  return false;
}
inline bool requires_grad(const c10::List<c10::optional<at::Tensor>> &ts) {
  for (size_t i = 0; i < ts.size(); ++i)
    if (requires_grad(static_cast<c10::optional<at::Tensor>>(ts.get(i))))
      return true;
  return false;
}
} // namespace detail

/// True when grad mode is on and one of \p tensors (Tensor, Tensor?,
/// Tensor[], Tensor?[] arguments) requires grad.
template <class... Ts> bool any_requires_grad(const Ts &...tensors) {
  if (!at::GradMode::is_enabled())
    return false;
  bool any = false;
  (void)std::initializer_list<int>{
      (any = any || detail::requires_grad(tensors), 0)...};
  return any;
}

/// aten's out= autograd rule (skgen/not_implemented.h) with the outputs'
/// dtypes from the meta: ops whose outputs are all integral or bool
/// (comparisons, argmax) are not refused.
inline void check_out_autograd(const Meta &meta, const char *name) {
  bool differentiable = false;
  for (const TensorMeta &m : meta)
    differentiable |=
        c10::isFloatingType(m.dtype) || c10::isComplexType(m.dtype);
  check_out_autograd(differentiable, name);
}

/// An out= tensor was written (what aten's ADInplaceOrView kernels do).
inline void bump_version(const at::Tensor &t) {
  if (t.defined())
    t.unsafeGetTensorImpl()->bump_version();
}

} // namespace skgen

#include <skgen/presets/shapes.h>
#include <skgen/presets/tensor_iterator.h>

#endif // SKGEN_STRUCTURED_H
