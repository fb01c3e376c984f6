//===- skgen/autograd.h - Autograd kernels for skgen op families -*- C++
//-*-===//
//
// Header-only, ATen/c10 headers only. skgen registers these boxed kernels
// under the Autograd key of the ops it generates (see docs/generation.md):
//
//   out= overloads: skgen::out_autograd_kernel, aten's policy for out=
//     functions: with grad mode on, an argument that requires grad raises
//     "myops::add(): functions with out=... arguments don't support automatic
//     differentiation, but one of the arguments requires grad." before the
//     kernel runs; otherwise the call runs below autograd and the version
//     counters of the out tensors are bumped (as aten's ADInplaceOrView
//     kernels do).
//
// Functional and in-place variants keep
// torch::autograd::autogradNotImplementedFallback(): backward raises
// "derivative for myops::add is not implemented", and outputs of a
// non-differentiable dtype (integral, bool) do not require grad.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_AUTOGRAD_H
#define SKGEN_AUTOGRAD_H

#include <ATen/core/LegacyTypeDispatch.h>
#include <ATen/core/Tensor.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/core/grad_mode.h>
#include <ATen/core/ivalue.h>
#include <ATen/core/stack.h>
#include <c10/core/DispatchKeySet.h>
#include <c10/util/Exception.h>

#include <string>

namespace skgen {

namespace detail {

template <class F> void for_each_tensor(const c10::IValue &v, F f) {
  if (v.isTensor()) {
    f(v.toTensor());
  } else if (v.isTensorList()) {
    for (const at::Tensor &t : v.toTensorList().vec())
      f(t);
  } else if (v.isList()) { // Tensor?[]
    for (const c10::IValue &e : v.toListRef())
      if (e.isTensor())
        f(e.toTensor());
  }
}

} // namespace detail

/// Autograd kernel of an out= overload (aten's rule for out= functions).
inline void out_autograd_kernel(const c10::OperatorHandle &op,
                                c10::DispatchKeySet keys,
                                torch::jit::Stack *stack) {
  const c10::FunctionSchema &schema = op.schema();
  const auto &args = schema.arguments();
  const size_t start = stack->size() - args.size();
  if (at::GradMode::is_enabled()) {
    bool requires_grad = false;
    for (size_t i = 0; i < args.size(); ++i)
      detail::for_each_tensor((*stack)[start + i], [&](const at::Tensor &t) {
        requires_grad |= t.defined() && t.requires_grad();
      });
    TORCH_CHECK(!requires_grad, schema.name(),
                "(): functions with out=... arguments don't support automatic "
                "differentiation, but one of the arguments requires grad.");
  }
  // The out tensors, to bump their versions once written.
  c10::SmallVector<at::Tensor, 2> outs;
  for (size_t i = 0; i < args.size(); ++i) {
    const c10::AliasInfo *alias = args[i].alias_info();
    if (alias && alias->isWrite())
      detail::for_each_tensor((*stack)[start + i], [&](const at::Tensor &t) {
        if (t.defined())
          outs.push_back(t);
      });
  }
  {
    at::AutoDispatchBelowADInplaceOrView guard;
    op.redispatchBoxed(keys & c10::after_ADInplaceOrView_keyset, stack);
  }
  for (const at::Tensor &t : outs)
    t.unsafeGetTensorImpl()->bump_version();
}

} // namespace skgen

#endif // SKGEN_AUTOGRAD_H
