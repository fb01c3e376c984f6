//===- skgen/not_implemented.h - Autograd of a family without formulas ----===//
//
// skgen::not_implemented, the Autograd kernel generated for a variant without
// derivative formulas: PyTorch's autogradNotImplementedFallback(), unboxed
// when no gradient is needed; and aten's refusal of out= calls whose
// arguments require grad (skgen::check_out_autograd). Its own header, so that
// code calling it does not include the meta runtime (skgen/structured.h), whose
// presets include ATen's vectorized headers (GCC's -Wunknown-pragmas on their
// `#pragma unroll` in a -Wall build that takes torch's headers with -I).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_NOT_IMPLEMENTED_H
#define SKGEN_NOT_IMPLEMENTED_H

#include <ATen/core/LegacyTypeDispatch.h>
#include <ATen/core/Tensor.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/core/grad_mode.h>
#include <c10/core/DispatchKeySet.h>
#include <c10/util/Exception.h>
#include <torch/csrc/autograd/autograd_not_implemented_fallback.h>
#include <torch/library.h>

#include <initializer_list>
#include <tuple>
#include <type_traits>

namespace skgen {

/// aten's rule for out= functions, the one place it is written: when an
/// argument requires grad, an op with a differentiable output is refused,
/// "add(): functions with out=... arguments don't support automatic
/// differentiation, but one of the arguments requires grad.". Whether an
/// output is differentiable comes from the meta (skgen/structured.h's
/// overload); without one, the boxed Autograd kernel of skgen/autograd.h
/// assumes it is.
inline void check_out_autograd(bool differentiable_output, const char *name) {
  TORCH_CHECK(!differentiable_output, name,
              "(): functions with out=... arguments don't support automatic "
              "differentiation, but one of the arguments requires grad.");
}

namespace detail {

/// The KernelFunction a torch::CppFunction holds (a private member, read
/// through the access rule of explicit instantiations, [temp.spec]).
struct CppFunctionKernel {
  using type = c10::KernelFunction torch::CppFunction::*;
  friend type kernel_member(CppFunctionKernel);
};
template <class Tag, typename Tag::type Member> struct ReadMember {
  friend typename Tag::type kernel_member(Tag) { return Member; }
};
template struct ReadMember<CppFunctionKernel, &torch::CppFunction::func_>;

/// PyTorch's boxed autogradNotImplementedFallback().
inline const c10::KernelFunction &not_implemented_fallback() {
  static const torch::CppFunction fallback =
      torch::autograd::autogradNotImplementedFallback();
  return fallback.*kernel_member(CppFunctionKernel());
}

/// What autogradNotImplementedFallback() looks at in an argument: a tensor,
/// a present optional tensor, a tensor list (not Tensor?[]).
inline bool needs_autograd(const at::Tensor &t, bool &requires_grad) {
  if (!t.defined())
    return false;
  requires_grad |= t.requires_grad();
  return t._fw_grad(/*level=*/0).defined();
}
inline bool needs_autograd(const c10::optional<at::Tensor> &t,
                           bool &requires_grad) {
  return t.has_value() && needs_autograd(*t, requires_grad);
}
inline bool needs_autograd(c10::ArrayRef<at::Tensor> ts, bool &requires_grad) {
  bool fw = false;
  for (const at::Tensor &t : ts)
    fw |= needs_autograd(t, requires_grad);
  return fw;
}
template <class T> bool needs_autograd(const T &, bool &) { return false; }

template <class R> struct returns_alias : std::is_reference<R> {};
template <class... Rs>
struct returns_alias<std::tuple<Rs...>>
    : std::disjunction<std::is_reference<Rs>...> {};

} // namespace detail

/// The Autograd kernel of a variant without derivative formulas:
/// autogradNotImplementedFallback(), unboxed where it would do nothing but
/// redispatch (no argument requires grad with grad mode on, none has a
/// forward gradient): the same redispatch below autograd (in place: to
/// ADInplaceOrView; otherwise below it), without boxing the arguments.
template <class R, class... Args, class... Ts>
R not_implemented(const c10::TypedOperatorHandle<R(Args...)> &op,
                  c10::DispatchKeySet keys, Ts &&...args) {
  bool requires_grad = false, fw = false;
  (void)std::initializer_list<int>{
      (fw |= detail::needs_autograd(args, requires_grad), 0)...};
  if (fw || (requires_grad && at::GradMode::is_enabled()))
    return detail::not_implemented_fallback().call<R, Args...>(
        op, keys, std::forward<Ts>(args)...);
  if (detail::returns_alias<R>::value) {
    at::AutoDispatchBelowAutograd below;
    return op.redispatch(keys & c10::after_autograd_keyset,
                         std::forward<Ts>(args)...);
  }
  at::AutoDispatchBelowADInplaceOrView below;
  return op.redispatch(keys & c10::after_ADInplaceOrView_keyset,
                       std::forward<Ts>(args)...);
}

} // namespace skgen

#endif
