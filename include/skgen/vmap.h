//===- skgen/vmap.h - Batching rules of generated ops -----------*- C++ -*-===//
//
// What the FuncTorchBatched kernels skgen generates call (docs/generation.md,
// "vmap"): the plumbing of functorch's batch rules (the exclude guard, the
// current vmap level, unwrapping tensors batched at it and wrapping the
// result) and the rules of the meta presets that give one:
//
//   pointwise  batch dims moved to the front, each batched operand padded
//              with size-1 dims to the largest logical rank, so that the
//              physical tensors broadcast as their samples do (aten's
//              BINARY_POINTWISE / UNARY_POINTWISE); a batched operand that is
//              0-dim per sample is cast to the dtype its samples promote to,
//              as it would otherwise count as dimensioned in type promotion
//   reduction  the batch dim in front, the `dim` argument's dims shifted
//              past it; none or [] = every dim of a sample; a 0-dim sample
//              reduces over a size-1 dim added for it
//
// The generated kernel calls the same operator (functional, in-place or
// out=) on the physical tensors below FuncTorchBatched. In-place: `self`
// must be batched when another input is (aten's rule). out=: `out` must be
// batched when an input is, and have the result's shape per sample (a
// batched tensor cannot be resized). A family's own rule (SKGEN_VMAP(fn),
// functorch's convention: fn(x, x_bdim, ..., scalars) -> (result,
// result_bdim)) serves its functional variant; in-place and out= copy its
// result into each sample of self / out (copy_to).
//
// Requires ATen/functorch (PyTorch >= 1.13), libtorch only.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_VMAP_H
#define SKGEN_VMAP_H

#include <ATen/core/Tensor.h>
#include <ATen/WrapDimUtils.h>
#include <ATen/functorch/BatchedTensorImpl.h>
#include <ATen/functorch/DynamicLayer.h>
#include <ATen/native/TypeProperties.h>
#include <c10/core/impl/LocalDispatchKeySet.h>
#include <c10/util/DimVector.h>
#include <c10/util/Exception.h>
#include <c10/util/Optional.h>
#include <c10/util/OptionalArrayRef.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <skgen/library.h> // skgen::typed_op (generated code)
#include <skgen/symint.h>  // SKGEN_SYMBOLIC_SIZES

namespace skgen {
namespace vmap {

/// Where a tensor's batch dim is, if it has one (functorch's convention).
using BatchDim = c10::optional<int64_t>;

/// \p t with its batch dim \p bdim (if any) moved to the front.
inline at::Tensor to_front(const at::Tensor &t, BatchDim bdim) {
  if (!bdim || *bdim == 0)
    return t;
  return t.movedim(*bdim, 0);
}

/// The rank of each sample of \p t.
inline int64_t logical_rank(const at::Tensor &t, BatchDim bdim) {
  return t.dim() - (bdim ? 1 : 0);
}

/// A batched \p t (batch dim in front) with size-1 dims after the batch dim
/// up to logical rank \p rank, so that it broadcasts against the others as
/// its samples do; an unbatched one broadcasts as it is. Views only.
inline at::Tensor pad_to_rank(at::Tensor t, BatchDim bdim, int64_t rank) {
  if (!bdim)
    return t;
  for (int64_t r = t.dim() - 1; r < rank; ++r)
    t = t.unsqueeze(1);
  return t;
}

/// One call of a generated batching rule.
class Call {
public:
  /// Calls made while it lives go below FuncTorchBatched (to the next
  /// transform, or the kernels).
  Call() : guard_(c10::DispatchKey::FuncTorchBatched) {
    auto layer = at::functorch::maybeCurrentDynamicLayer();
    TORCH_INTERNAL_ASSERT(layer.has_value(),
                          "skgen: a batching rule ran outside of vmap");
    level_ = layer->layerId();
  }

  int64_t level() const { return level_; }

  bool is_batched(const at::Tensor &t) const {
    return std::get<1>(unwrap(t)).has_value();
  }
  bool is_batched(const c10::optional<at::Tensor> &t) const {
    return t.has_value() && is_batched(*t);
  }
  /// Whether any of \p ts is batched at this level (else the op is called
  /// as it is).
  template <class... T> bool batched(const T &...ts) const {
    return (is_batched(ts) || ...);
  }

  /// functorch's unwrapTensorAtLevel, from the inline accessors of
  /// BatchedTensorImpl (1.13's libtorch does not export the plumbing).
  std::tuple<at::Tensor, BatchDim> unwrap(const at::Tensor &t) const {
    if (!t.defined())
      return std::make_tuple(t, BatchDim());
    const auto *b = at::functorch::maybeGetBatchedImpl(t);
    if (!b || b->level() != level_)
      return std::make_tuple(t, BatchDim());
    return std::make_tuple(b->value(), BatchDim(b->bdim()));
  }
  std::tuple<c10::optional<at::Tensor>, BatchDim>
  unwrap(const c10::optional<at::Tensor> &t) const {
    if (!t.has_value())
      return std::make_tuple(t, BatchDim());
    auto [value, bdim] = unwrap(*t);
    return std::make_tuple(c10::optional<at::Tensor>(value), bdim);
  }

  /// The inputs of a family's own rule, `(x, x_bdim)` per tensor, flat. For
  /// an out= call whose `out` alone is batched, the first gets the batch dim
  /// (expanded): the rule is only ever called with a batched input.
  template <class... T> auto inputs(const T &...ts) const {
    size_t pick = sizeof...(T), k = 0;
    if (!batched(ts...) && batch_size_ >= 0)
      ((pick = pick == sizeof...(T) && defined(ts) ? k : pick, ++k), ...);
    return inputs_at(pick, std::index_sequence_for<T...>(), ts...);
  }

  /// The result of a preset rule (batch dim in front) as a batched tensor.
  at::Tensor wrap(at::Tensor physical) const {
    if (squeeze_)
      physical = physical.squeeze(-1);
    return at::functorch::makeBatched(physical, 0, level_);
  }
  /// The result of a batch rule (functorch's convention).
  at::Tensor wrap(const std::tuple<at::Tensor, BatchDim> &result) const {
    const BatchDim &bdim = std::get<1>(result);
    if (!bdim)
      return std::get<0>(result);
    return at::functorch::makeBatched(std::get<0>(result), *bdim, level_);
  }

  /// The in-place variant \p op on \p self: refused when another input is
  /// batched and self is not (its samples could not hold the results).
  void inplace(const at::Tensor &self, const char *op) {
    TORCH_CHECK(is_batched(self), "vmap: ", op,
                "(self, *extra_args) is not possible because a Tensor in "
                "extra_args is vmapped over but `self` is not. Use the "
                "out-of-place operator instead of ",
                op, ".");
    inplace_ = true;
  }

  /// The out= variant \p op: `out` must be batched when an input is; the
  /// returned tensor is its batch-first view, which the op writes. A rule
  /// preparing inputs none of which is batched gives the first the batch
  /// dim (expanded), so that every sample of out gets the result.
  at::Tensor out(const at::Tensor &out, const char *op) {
    TORCH_CHECK(is_batched(out), "vmap: ", op,
                ": `out` is not vmapped over but an input is; each sample's "
                "result needs its own place: vmap over `out` too, or call "
                "the functional operator");
    auto [value, bdim] = unwrap(out);
    at::Tensor physical = to_front(value, bdim);
    out_sizes_ = physical.sizes().vec();
    batch_size_ = physical.size(0);
    return physical;
  }
  /// After the out= call: the op did not resize \p physical (the value
  /// out() returned): a batched tensor cannot change its samples' shape.
  void finish_out(const at::Tensor &physical, const char *op) const {
    TORCH_CHECK(physical.sizes().vec() == out_sizes_, "vmap: ", op,
                ": `out` must have the result's shape per sample (a batched "
                "out= tensor cannot be resized); got per sample ",
                at::IntArrayRef(out_sizes_).slice(1), ", result ",
                physical.sizes().slice(1));
  }

  /// A family's own rule's \p result copied into each sample of \p target
  /// (self of the in-place variant, out of out=; inplace() / out() checked
  /// it is batched): of one shape per sample, the dtype cast as aten's
  /// in-place and out= ops do.
  void copy_to(const at::Tensor &target,
               const std::tuple<at::Tensor, BatchDim> &result, const char *op) {
    auto [value, bdim] = unwrap(target);
    at::Tensor dst = to_front(value, bdim);
    at::Tensor src = to_front(std::get<0>(result), std::get<1>(result));
    at::IntArrayRef want = dst.sizes().slice(1);
    at::IntArrayRef got =
        std::get<1>(result) ? src.sizes().slice(1) : src.sizes();
    TORCH_CHECK(want == got, "vmap: ", op, ": the batching rule's result has ",
                "shape ", got, " per sample, which does not match ", want);
    TORCH_CHECK(c10::canCast(src.scalar_type(), dst.scalar_type()),
                "result type ", src.scalar_type(),
                " can't be cast to the desired output type ",
                dst.scalar_type());
    dst.copy_(src);
  }

  /// The pointwise rule: each operand (at::Tensor or c10::optional of one)
  /// physical, batch dim in front, padded to the largest logical rank.
  template <class... T> std::tuple<T...> pointwise(const T &...operands) {
    std::array<Operand, sizeof...(T)> ops = {operand(operands)...};
    prepare(ops.data(), ops.size());
    return results<T...>(ops, std::index_sequence_for<T...>());
  }

  /// The reduction rule: self batch-first and the dims (an int, a list, an
  /// optional list) shifted past the batch dim.
  std::tuple<at::Tensor, int64_t> reduction(const at::Tensor &self, int64_t dim,
                                            bool keepdim) {
    at::Tensor t = reduced_self(self, keepdim);
    return std::make_tuple(t, shift(dim, t.dim() - 1));
  }
  std::tuple<at::Tensor, c10::DimVector> reduction(const at::Tensor &self,
                                                   at::OptionalIntArrayRef dims,
                                                   bool keepdim) {
    at::Tensor t = reduced_self(self, keepdim);
    c10::DimVector physical;
    if (!dims.has_value() || dims->empty()) {
      for (int64_t d = 1; d < t.dim(); ++d)
        physical.push_back(d);
      return std::make_tuple(t, physical);
    }
    for (int64_t d : *dims)
      physical.push_back(shift(d, t.dim() - 1));
    return std::make_tuple(t, physical);
  }

private:
  static bool defined(const at::Tensor &t) { return t.defined(); }
  static bool defined(const c10::optional<at::Tensor> &t) {
    return t.has_value() && t->defined();
  }
  template <size_t... I, class... T>
  auto inputs_at(size_t pick, std::index_sequence<I...>, const T &...ts) const {
    return std::tuple_cat(input(ts, I == pick)...);
  }
  at::Tensor with_batch(const at::Tensor &t) const {
    c10::DimVector sizes{batch_size_};
    for (int64_t s : t.sizes())
      sizes.push_back(s);
    return t.unsqueeze(0).expand(sizes);
  }
  std::tuple<at::Tensor, BatchDim> input(const at::Tensor &t,
                                         bool batch) const {
    if (batch)
      return std::make_tuple(with_batch(t), BatchDim(0));
    return unwrap(t);
  }
  std::tuple<c10::optional<at::Tensor>, BatchDim>
  input(const c10::optional<at::Tensor> &t, bool batch) const {
    if (batch)
      return std::make_tuple(c10::optional<at::Tensor>(with_batch(*t)),
                             BatchDim(0));
    return unwrap(t);
  }

  struct Operand {
    bool present = false; // An optional that holds a tensor.
    at::Tensor value;
    BatchDim bdim;
  };
  Operand operand(const at::Tensor &t) const {
    auto [value, bdim] = unwrap(t);
    return Operand{true, value, bdim};
  }
  Operand operand(const c10::optional<at::Tensor> &t) const {
    if (!t.has_value())
      return Operand{};
    return operand(*t);
  }
  template <class... T, class Ops, size_t... I>
  static std::tuple<T...> results(const Ops &ops, std::index_sequence<I...>) {
    return std::tuple<T...>{as<T>(ops[I])...};
  }
  template <class T> static T as(const Operand &o) {
    if constexpr (std::is_same<T, at::Tensor>::value)
      return o.value;
    else
      return o.present ? T(o.value) : T();
  }

  static at::ScalarType promote(at::ScalarType a, at::ScalarType b) {
    if (a == at::ScalarType::Undefined)
      return b;
    if (b == at::ScalarType::Undefined)
      return a;
    return c10::promoteTypes(a, b);
  }

  void prepare(Operand *ops, size_t n) {
    int64_t rank = 0;
    size_t defined = 0;
    bool any_batched = false, batched_scalar = false;
    for (size_t i = 0; i < n; ++i) {
      if (!ops[i].value.defined())
        continue;
      ++defined;
      int64_t r = logical_rank(ops[i].value, ops[i].bdim);
      rank = std::max(rank, r);
      any_batched |= ops[i].bdim.has_value();
      batched_scalar |= ops[i].bdim.has_value() && r == 0;
    }
    // out= with only `out` batched: the first operand carries the batch.
    if (!any_batched && batch_size_ >= 0)
      for (size_t i = 0; i < n; ++i)
        if (ops[i].value.defined()) {
          ops[i].value = with_batch(ops[i].value);
          ops[i].bdim = 0;
          break;
        }
    // A batched 0-dim sample is dimensioned physically: it would take part
    // in type promotion as a dimensioned tensor. Cast it to the dtype the
    // samples promote to (tensors only: Scalars stay wrapped numbers).
    if (batched_scalar && defined > 1) {
      at::native::ResultTypeState state;
      for (size_t i = 0; i < n; ++i) {
        const at::Tensor &v = ops[i].value;
        if (!v.defined())
          continue;
        at::ScalarType s = v.scalar_type();
        if (logical_rank(v, ops[i].bdim) > 0)
          state.dimResult = promote(state.dimResult, s);
        else if (!ops[i].bdim && v.unsafeGetTensorImpl()->is_wrapped_number())
          state.wrappedResult = promote(state.wrappedResult, s);
        else
          state.zeroResult = promote(state.zeroResult, s);
      }
      at::ScalarType common = at::native::result_type(state);
      for (size_t i = inplace_ ? 1 : 0; i < n; ++i)
        if (ops[i].value.defined() && ops[i].bdim &&
            logical_rank(ops[i].value, ops[i].bdim) == 0)
          ops[i].value = ops[i].value.to(common);
    }
    for (size_t i = 0; i < n; ++i)
      if (ops[i].value.defined())
        ops[i].value =
            pad_to_rank(to_front(ops[i].value, ops[i].bdim), ops[i].bdim, rank);
  }

  /// self batch-first (given the batch of out= when only out is batched); a
  /// 0-dim sample gets a size-1 dim to reduce over, squeezed from a
  /// keepdim result.
  at::Tensor reduced_self(const at::Tensor &self, bool keepdim) {
    Operand o = operand(self);
    prepare(&o, 1);
    if (o.value.dim() == 1) {
      squeeze_ = keepdim;
      return o.value.unsqueeze(-1);
    }
    return o.value;
  }
  /// A dim of a sample of rank \p rank as a dim of the batch-first tensor;
  /// out of range: aten's error (a 0-dim sample counts as rank 1, as aten's
  /// dim wrapping does).
  static int64_t shift(int64_t dim, int64_t rank) {
    return at::maybe_wrap_dim(dim, rank) + 1;
  }

  c10::impl::ExcludeDispatchKeyGuard guard_;
  int64_t level_ = 0;
  bool inplace_ = false;
  bool squeeze_ = false;
  int64_t batch_size_ = -1;
  std::vector<int64_t> out_sizes_;
};

} // namespace vmap
} // namespace skgen

#endif // SKGEN_VMAP_H
