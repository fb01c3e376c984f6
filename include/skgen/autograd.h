//===- skgen/autograd.h - Autograd kernels for skgen op families -*- C++
//-*-===//
//
// Header-only, ATen/c10 and torch/csrc/autograd headers only. Generated code
// registers autograd kernels under the Autograd key of the ops it generates
// (see docs/generation.md):
//
//   out= overloads: skgen::out_autograd_kernel, aten's policy for out=
//     functions: with grad mode on, an argument that requires grad raises
//     "myops::add(): functions with out=... arguments don't support automatic
//     differentiation, but one of the arguments requires grad." before the
//     kernel runs; otherwise the call runs below autograd and the version
//     counters of the out tensors are bumped (as aten's ADInplaceOrView
//     kernels do).
//
//   functional and in-place variants of a family with derivative formulas
//     (SKGEN_DERIVATIVE): a generated autograd node per family (a
//     torch::autograd::Node, as aten's generated Functions.h) and kernels
//     built from skgen::autograd below, which follow aten's generated
//     VariableType kernels: requires_grad from the differentiable inputs,
//     check_inplace, the saved variables, set_history / rebase_history, the
//     forward gradient.
//
// Families without formulas keep PyTorch's autogradNotImplementedFallback()
// (backward raises "derivative for myops::add is not implemented") through
// skgen::not_implemented (skgen/structured.h), which skips its boxing when no
// gradient is needed.
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

#include <ATen/ops/_efficientzerotensor.h>
#include <torch/csrc/autograd/VariableTypeUtils.h>
#include <torch/csrc/autograd/edge.h>
#include <torch/csrc/autograd/function.h>
#include <torch/csrc/autograd/functions/utils.h>
#include <torch/csrc/autograd/saved_variable.h>

#include <skgen/not_implemented.h> // check_out_autograd
#include <skgen/symint.h>
#if __has_include(<skgen/formulas.h>)
#include <skgen/formulas.h>
#endif

#include <array>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

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
    // No meta to tell the outputs' dtypes: every output may be
    // differentiable.
    if (requires_grad)
      check_out_autograd(true, schema.name().c_str());
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

/// Helpers of derivative formulas (skgen/formulas.h); generated nodes
/// evaluate formulas with `using namespace ::skgen::formulas`.
namespace formulas {}

namespace autograd {

using torch::autograd::SavedVariable;
using torch::autograd::variable_list;

/// What an edge holds a node by: std::shared_ptr<Node> up to PyTorch 2.x's
/// switch to c10::intrusive_ptr<Node>.
using NodeRef = decltype(std::declval<torch::autograd::Edge>().function);
constexpr bool SharedNodes =
    std::is_same<NodeRef, std::shared_ptr<torch::autograd::Node>>::value;
template <class N>
using NodePtr =
    std::conditional_t<SharedNodes, std::shared_ptr<N>, c10::intrusive_ptr<N>>;

namespace detail {
template <class N> NodePtr<N> new_node() {
  if constexpr (SharedNodes)
    // The deleter releases long chains without deep recursion (as aten's).
    return NodePtr<N>(new N(), [](N *n) {
      deleteNode(n); // torch::autograd's, found by ADL (1.x only)
    });
  else
    return c10::make_intrusive<N>();
}

inline bool differentiable(const at::Tensor &t) {
  return t.defined() && torch::autograd::isDifferentiableType(t.scalar_type());
}
} // namespace detail

/// PyTorch 1.x's set_history / rebase_history take `at::Tensor &`: the
/// handle is not changed, the TensorImpl's autograd metadata is.
inline at::Tensor &mutable_handle(const at::Tensor &t) {
  return const_cast<at::Tensor &>(t);
}

/// A node's reference to itself, to unpack the outputs it saved.
template <class N> NodeRef self_ref(N &node) {
  if constexpr (SharedNodes)
    return node.shared_from_this();
  else
    return node.getptr();
}

/// The node of a call, or null when no gradient is needed (grad mode off,
/// no differentiable input requires grad). Its next edges are the
/// differentiable inputs', in order. Inputs: Tensor, Tensor?, Tensor[].
template <class N, class... Ts> NodePtr<N> make_node(const Ts &...inputs) {
  if (!torch::autograd::compute_requires_grad(inputs...))
    return nullptr;
  NodePtr<N> node = detail::new_node<N>();
  node->set_next_edges(torch::autograd::collect_next_edges(inputs...));
  return node;
}

/// aten's refusal of an input that has no derivative formula: "The function
/// 'myops::f' is not differentiable with respect to argument 'weight'. This
/// input cannot have requires_grad True."
inline void check_no_requires_grad(const at::Tensor &t, const char *name,
                                   const char *op) {
  torch::autograd::check_no_requires_grad(t, name, op);
}
inline void check_no_requires_grad(const c10::optional<at::Tensor> &t,
                                   const char *name, const char *op) {
  if (t.has_value())
    torch::autograd::check_no_requires_grad(*t, name, op);
}

/// aten's check before an in-place call: a leaf (or a view of one) that
/// requires grad cannot be written when a gradient is needed.
inline void check_inplace(const at::Tensor &self, bool requires_grad) {
  torch::autograd::check_inplace(self, requires_grad);
}

/// The history of a functional call's outputs: each differentiable output
/// (in order) becomes an input of \p node; outputs of a non-differentiable
/// dtype get none (what autogradNotImplementedFallback does for them).
template <class P, class... Ts>
void set_history(const P &node, const Ts &...outputs) {
  if (!node)
    return;
  (void)std::initializer_list<int>{(
      detail::differentiable(outputs)
          ? (torch::autograd::set_history(mutable_handle(outputs), node), 0)
          : (node->add_input_metadata(torch::autograd::Node::undefined_input()),
             0))...};
}

/// The history of an in-place call: \p self now comes from \p node (a view
/// gets a CopySlices node over its base, as in aten). The generated kernel
/// has bumped self's version before (skgen::bump_version, in every call).
template <class P> void rebase_history(const P &node, const at::Tensor &self) {
  if (node)
    torch::autograd::rebase_history(mutable_handle(self), node);
}

/// True if any gradient is defined: backward formulas run only then (an
/// undefined gradient of every output means a zero gradient of every input).
inline bool any_defined(const variable_list &grads) {
  for (const at::Tensor &g : grads)
    if (g.defined())
      return true;
  return false;
}

/// The gradient of the \p i-th differentiable output (undefined when out of
/// range: a node with fewer inputs).
inline const at::Tensor &grad_at(const variable_list &grads, size_t i) {
  static const at::Tensor undefined;
  return i < grads.size() ? grads[i] : undefined;
}

inline at::Tensor unpack(const SavedVariable &v) { return v.unpack(); }
inline c10::optional<at::Tensor> unpack_opt(const SavedVariable &v) {
  at::Tensor t = v.unpack();
  if (!t.defined())
    return c10::nullopt;
  return t;
}
inline SavedVariable save(const c10::optional<at::Tensor> &t, bool is_output) {
  return SavedVariable(t.has_value() ? *t : at::Tensor(), is_output);
}
inline SavedVariable save(const at::Tensor &t, bool is_output) {
  return SavedVariable(t, is_output);
}
/// The properties a node saves instead of a tensor its formulas read only
/// through them (Facts/Derivatives.cpp lists them).
inline std::vector<SymInt> sym_sizes(const at::Tensor &t) {
#if SKGEN_SYMBOLIC_SIZES
  return t.sym_sizes().vec();
#else
  return t.sizes().vec();
#endif
}
inline std::vector<SymInt> sym_strides(const at::Tensor &t) {
#if SKGEN_SYMBOLIC_SIZES
  return t.sym_strides().vec();
#else
  return t.strides().vec();
#endif
}
inline SymInt sym_numel(const at::Tensor &t) {
#if SKGEN_SYMBOLIC_SIZES
  return t.sym_numel();
#else
  return t.numel();
#endif
}
inline std::vector<int64_t> sizes(const at::Tensor &t) {
  return t.sizes().vec();
}
inline std::vector<int64_t> strides(const at::Tensor &t) {
  return t.strides().vec();
}
inline int64_t numel(const at::Tensor &t) { return t.numel(); }
inline int64_t dim(const at::Tensor &t) { return t.dim(); }
inline at::ScalarType scalar_type(const at::Tensor &t) {
  return t.scalar_type();
}
inline at::TensorOptions options(const at::Tensor &t) { return t.options(); }

/// `self` after an in-place call, saved as the call's result.
inline SavedVariable save_inplace_result(const at::Tensor &self) {
  return SavedVariable(self, /*is_output=*/true, self.is_view());
}

/// What a node keeps of a non-tensor argument: an owning copy of lists and
/// strings, the value itself otherwise.
template <class T> T own(const T &v) { return v; }
template <class T> std::vector<T> own(c10::ArrayRef<T> v) { return v.vec(); }
template <class T>
c10::optional<std::vector<T>> own(const c10::OptionalArrayRef<T> &v) {
  if (!v.has_value())
    return c10::nullopt;
  return v->vec();
}
inline std::string own(c10::string_view v) { return std::string(v); }
inline c10::optional<std::string>
own(const c10::optional<c10::string_view> &v) {
  if (!v.has_value())
    return c10::nullopt;
  return std::string(*v);
}

//===--- Forward mode -----------------------------------------------------===//

inline bool has_fw_grad(const at::Tensor &t) {
  return t.defined() && t._fw_grad(/*level=*/0).defined();
}
inline bool has_fw_grad(const c10::optional<at::Tensor> &t) {
  return t.has_value() && has_fw_grad(*t);
}
/// Tensor[] and Tensor?[]: any element's.
template <class L>
auto has_fw_grad(const L &list) -> decltype(std::begin(list), bool()) {
  for (const auto &t : list)
    if (has_fw_grad(static_cast<c10::optional<at::Tensor>>(t)))
      return true;
  return false;
}
/// True if a forward gradient flows into the call (forward AD is on).
template <class... Ts> bool any_fw_grad(const Ts &...inputs) {
  bool any = false;
  (void)std::initializer_list<int>{(any = any || has_fw_grad(inputs), 0)...};
  return any;
}

/// The primal of an input, without its tangent (`self_p`).
inline at::Tensor primal(const at::Tensor &t) {
  return t.defined() ? t._fw_primal(/*level=*/0) : t;
}
inline at::Tensor primal(const c10::optional<at::Tensor> &t) {
  return t.has_value() ? primal(*t) : at::Tensor();
}
/// The tangent of an input (`self_t`), zeros when it has none.
inline at::Tensor tangent(const at::Tensor &t) {
  if (!t.defined())
    return t;
  at::Tensor g = t._fw_grad(/*level=*/0);
  if (g.defined())
    return g;
#if SKGEN_SYMBOLIC_SIZES
  return at::_efficientzerotensor_symint(t.sym_sizes(), t.options());
#else
  return at::_efficientzerotensor(t.sizes(), t.options());
#endif
}
inline at::Tensor tangent(const c10::optional<at::Tensor> &t) {
  return t.has_value() ? tangent(*t) : at::Tensor();
}
/// The tangent of the argument an in-place call updates, as its own forward
/// formula sees it (`self_t.copy_(...)`): the tangent itself, written into,
/// or real zeros (aten's zeros_symint) when it has none.
inline at::Tensor inplace_tangent(const at::Tensor &self) {
  at::Tensor g = self._fw_grad(/*level=*/0);
  return g.defined() ? g : at::zeros_like(primal(self));
}

/// Sets \p result's tangent (of an in-place call: \p inplace). In place,
/// a tangent self already has is written into (as aten's in-place kernels
/// do): views of it share it, and the autograd metadata keeps it.
inline void set_fw_grad(const at::Tensor &result, const at::Tensor &tangent,
                        bool inplace) {
  if (!result.defined() || !tangent.defined())
    return;
  if (inplace) {
    at::Tensor existing = result._fw_grad(/*level=*/0);
    if (existing.defined()) {
      existing.copy_(tangent);
      result._set_fw_grad(existing, /*level=*/0, /*is_inplace_op=*/true);
      return;
    }
  }
  result._set_fw_grad(tangent, /*level=*/0, /*is_inplace_op=*/inplace);
}

/// aten's refusal of forward AD through an in-place op without forward
/// formulas (the words of torchgen's VariableType kernels).
template <class... Ts>
void check_no_fw_grad(const char *op, const Ts &...inputs) {
  TORCH_CHECK_NOT_IMPLEMENTED(
      !any_fw_grad(inputs...), "Trying to use forward AD with ", op,
      " that does not support it because it has not been implemented yet.\n"
      "Please file an issue to PyTorch at "
      "https://github.com/pytorch/pytorch/issues/new?template=feature-request"
      ".yml so that we can prioritize its implementation.");
}

/// A functional call with tangents and no forward formulas, as aten's: the
/// operator's decomposition registered for forward AD (torch.jit's
/// registry: torch.jit._register_decomposition), run on the dual inputs;
/// without one, aten's refusal (its runtime's words). The kernel's own
/// keys: the decomposition calls operators from the top.
template <class Return, class... Args>
Return forward_decomposition(const char *op, const c10::OperatorHandle &handle,
                             c10::DispatchKeySet keys, Args &&...args) {
  return torch::autograd::impl::run_jit_decomposition_with_args_for_jvp<Return>(
      op, handle, keys, std::forward<Args>(args)...);
}

//===--- Tensor[] and Tensor?[] arguments ---------------------------------===//

/// Each differentiable input's edges, in order, from their counts (a
/// Tensor[]'s: its size): [first, end) (aten's IndexRangeGenerator).
template <size_t N>
std::array<std::pair<size_t, size_t>, N>
edge_ranges(const std::array<size_t, N> &sizes) {
  std::array<std::pair<size_t, size_t>, N> ranges;
  size_t next = 0;
  for (size_t i = 0; i < N; ++i) {
    ranges[i] = {next, next + sizes[i]};
    next += sizes[i];
  }
  return ranges;
}

/// A formula's gradient(s) into their edges (aten's copy_range): one per
/// element of a Tensor[] (undefined ones included).
inline void copy_range(variable_list &out, std::pair<size_t, size_t> range,
                       const at::Tensor &grad) {
  TORCH_CHECK(range.second <= out.size() && range.second - range.first == 1,
              "inconsistent range for Tensor output");
  out[range.first] = grad;
}
inline void copy_range(variable_list &out, std::pair<size_t, size_t> range,
                       const std::vector<at::Tensor> &grads) {
  TORCH_CHECK(range.second <= out.size(), "range out of bounds");
  TORCH_CHECK(range.second - range.first == grads.size(),
              "inconsistent range for TensorList output");
  for (size_t i = 0; i < grads.size(); ++i)
    out[range.first + i] = grads[i];
}

/// A Tensor[] or Tensor?[] a formula reads, saved element by element (an
/// absent element as an undefined tensor) and unpacked as aten's
/// unpack_list / unpack_opt_list; after release_variables(), aten's error.
inline std::vector<SavedVariable> save(at::TensorList ts, bool is_output) {
  std::vector<SavedVariable> saved;
  saved.reserve(ts.size());
  for (const at::Tensor &t : ts)
    saved.emplace_back(t, is_output);
  return saved;
}
inline std::vector<SavedVariable>
save(const c10::List<c10::optional<at::Tensor>> &ts, bool is_output) {
  std::vector<SavedVariable> saved;
  saved.reserve(ts.size());
  for (const c10::optional<at::Tensor> &t : ts)
    saved.emplace_back(t.has_value() ? *t : at::Tensor(), is_output);
  return saved;
}
inline std::vector<at::Tensor> unpack_list(const std::vector<SavedVariable> &v,
                                           bool released) {
  TORCH_CHECK(!released, torch::autograd::ERR_BACKWARD_TWICE);
  std::vector<at::Tensor> ts;
  ts.reserve(v.size());
  for (const SavedVariable &s : v)
    ts.push_back(s.unpack());
  return ts;
}
inline c10::List<c10::optional<at::Tensor>>
unpack_opt_list(const std::vector<SavedVariable> &v, bool released) {
  TORCH_CHECK(!released, torch::autograd::ERR_BACKWARD_TWICE);
  c10::List<c10::optional<at::Tensor>> ts;
  ts.reserve(v.size());
  for (const SavedVariable &s : v) {
    at::Tensor t = s.unpack();
    ts.push_back(t.defined() ? c10::optional<at::Tensor>(t) : c10::nullopt);
  }
  return ts;
}

/// A Tensor[]'s properties a node saves instead of it (to_args_sizes_symint
/// and the others of derivatives.yaml; Facts/Derivatives.cpp lists them).
inline std::vector<std::vector<SymInt>> args_sizes_symint(at::TensorList ts) {
  std::vector<std::vector<SymInt>> out;
  for (const at::Tensor &t : ts)
    out.push_back(sym_sizes(t));
  return out;
}
inline std::vector<std::vector<int64_t>> args_sizes(at::TensorList ts) {
  std::vector<std::vector<int64_t>> out;
  for (const at::Tensor &t : ts)
    out.push_back(t.sizes().vec());
  return out;
}
inline std::vector<at::ScalarType> args_scalartypes(at::TensorList ts) {
  std::vector<at::ScalarType> out;
  for (const at::Tensor &t : ts)
    out.push_back(t.scalar_type());
  return out;
}

/// aten's refusal of a Tensor[] without a formula (per element).
inline void check_no_requires_grad(at::TensorList ts, const char *name,
                                   const char *op) {
  for (const at::Tensor &t : ts)
    torch::autograd::check_no_requires_grad(t, name, op);
}

} // namespace autograd

} // namespace skgen

#endif // SKGEN_AUTOGRAD_H
