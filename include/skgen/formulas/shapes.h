//===- skgen/formulas/shapes.h - Joining and indexing ops' helpers -*- C++ -*-//
//
// aten's helpers for the derivatives of ops that join, index and scatter:
// cat (one gradient per element of its Tensor[]), index.Tensor (Tensor?[]
// indices), scatter_reduce and index_reduce.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_FORMULAS_SHAPES_H
#define SKGEN_FORMULAS_SHAPES_H

#include <skgen/formulas/common.h>

#include <ATen/TensorSubclassLikeUtils.h>
#include <ATen/core/List.h>
#include <c10/util/string_view.h>
#include <torch/csrc/autograd/functions/basic_ops.h>

#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace skgen {
namespace formulas {

//===----------------------------------------------------------------------===//
// cat
//===----------------------------------------------------------------------===//

// A Tensor[] argument reaches formulas as the kernel takes it
// (at::TensorList, at::ITensorListRef) or as a node keeps it
// (std::vector<at::Tensor>): the helpers take any of them.

/// The sizes of each tensor of \p tensors (what cat's backward keeps).
template <class TensorList>
std::vector<std::vector<::skgen::SymInt>>
to_args_sizes_symint(const TensorList &tensors) {
  std::vector<std::vector<::skgen::SymInt>> sizes;
  for (const at::Tensor &t : tensors)
    sizes.push_back(detail::sizes_of(t));
  return sizes;
}
template <class TensorList>
std::vector<std::vector<int64_t>> to_args_sizes(const TensorList &tensors) {
  std::vector<std::vector<int64_t>> sizes;
  for (const at::Tensor &t : tensors)
    sizes.push_back(t.sizes().vec());
  return sizes;
}

/// The dtype of each tensor of \p tensors.
template <class TensorList>
std::vector<c10::ScalarType> to_args_scalartypes(const TensorList &tensors) {
  std::vector<c10::ScalarType> dtypes;
  for (const at::Tensor &t : tensors)
    dtypes.push_back(t.scalar_type());
  return dtypes;
}

namespace detail {
/// A 1-d tensor with no elements: cat skips it (legacy behaviour).
inline bool is_legacy_empty(c10::ArrayRef<::skgen::SymInt> shape) {
  if (shape.size() != 1)
    return false;
#if SKGEN_SYMBOLIC_SIZES
  c10::optional<int64_t> n = shape[0].maybe_as_int();
  return n.has_value() && *n == 0;
#else
  return shape[0] == 0;
#endif
}

/// cat's \p dim wrapped against the first input that is not legacy-empty.
inline int64_t
cat_wrap_dim(int64_t dim,
             const std::vector<std::vector<::skgen::SymInt>> &sizes) {
  for (const std::vector<::skgen::SymInt> &shape : sizes)
    if (!is_legacy_empty(shape))
      return at::maybe_wrap_dim(dim, static_cast<int64_t>(shape.size()));
  return dim;
}
} // namespace detail

/// cat's gradients: \p grad's slice along \p dim for each input (of
/// \p sizes, \p dtypes: the real part for a real input of a complex cat),
/// an empty tensor for a legacy-empty input; all undefined without \p grad.
inline std::vector<at::Tensor>
cat_tensors_backward(const at::Tensor &grad,
                     const std::vector<std::vector<::skgen::SymInt>> &sizes,
                     const std::vector<c10::ScalarType> &dtypes, int64_t dim) {
  std::vector<at::Tensor> grads(sizes.size());
  if (!grad.defined())
    return grads;
  dim = detail::cat_wrap_dim(dim, sizes);
  at::Tensor real = grad.is_complex() ? at::real(grad) : at::Tensor();
  c10::SymInt offset = 0;
  for (size_t i = 0; i < sizes.size(); ++i) {
    const at::Tensor &g =
        grad.is_complex() && !c10::isComplexType(dtypes[i]) ? real : grad;
    if (detail::is_legacy_empty(sizes[i])) {
      grads[i] = at::zeros({0}, g.options());
      continue;
    }
    c10::SymInt size = sizes[i][static_cast<size_t>(dim)];
    grads[i] = detail::narrow_sizes(g, dim, offset, size);
    offset = offset + size;
  }
  return grads;
}

/// cat's forward derivative: the inputs' tangents concatenated (zeros for
/// an input without one); undefined when none has one.
template <class TensorList>
at::Tensor cat_jvp(const TensorList &tensors, int64_t dim) {
  bool any = false;
  for (const at::Tensor &t : tensors)
    any = any || (t.defined() && t._fw_grad(/*level=*/0).defined());
  if (!any)
    return at::Tensor();
  std::vector<at::Tensor> tangents;
  for (const at::Tensor &t : tensors) {
    at::Tensor g = t._fw_grad(/*level=*/0);
    tangents.push_back(g.defined() ? g : detail::zero_tensor_like(t));
  }
  return at::cat(tangents, dim);
}

//===----------------------------------------------------------------------===//
// index.Tensor
//===----------------------------------------------------------------------===//

/// index.Tensor's gradient: \p grad accumulated into \p zeros_like_self at
/// \p indices (index_put with accumulate).
inline at::Tensor
index_backward(at::Tensor zeros_like_self,
               const c10::List<c10::optional<at::Tensor>> &indices,
               const at::Tensor &grad) {
  if (at::areAnyTensorSubclassLike({zeros_like_self, grad}) ||
      at::areAnyOptionalTensorSubclassLike(indices))
    return zeros_like_self.index_put(indices, grad, /*accumulate=*/true);
  return at::_index_put_impl_(zeros_like_self, indices, grad,
                              /*accumulate=*/true, /*unsafe=*/true);
}
/// The same with the indices as a node keeps a Tensor?[].
inline at::Tensor
index_backward(at::Tensor zeros_like_self,
               c10::ArrayRef<c10::optional<at::Tensor>> indices,
               const at::Tensor &grad) {
  c10::List<c10::optional<at::Tensor>> list;
  list.reserve(indices.size());
  for (const c10::optional<at::Tensor> &i : indices)
    list.push_back(i);
  return index_backward(std::move(zeros_like_self), list, grad);
}

//===----------------------------------------------------------------------===//
// scatter_reduce, index_reduce
//===----------------------------------------------------------------------===//

namespace detail {
/// \p grad_src, or (under grad mode, when \p several_zeros) a tensor whose
/// own gradient raises \p message: aten's DelayedError, the double backward
/// of prod through more than one 0 scattered to one place.
inline at::Tensor refuse_double_backward(at::Tensor grad_src,
                                         const at::Tensor &several_zeros,
                                         const char *message) {
  if (!at::GradMode::is_enabled() || !several_zeros.any().item<bool>())
    return grad_src;
  auto node = std::make_shared<torch::autograd::DelayedError>(message,
                                                              /*num_inputs=*/1);
  return node->apply({std::move(grad_src)})[0];
}
} // namespace detail

/// scatter_reduce.two's gradients for (self, src) for each reduction; where
/// \p include_self is false, self's scattered-to elements get none.
inline std::tuple<at::Tensor, at::Tensor>
scatter_reduce_backward(const at::Tensor &grad, const at::Tensor &self,
                        int64_t dim, const at::Tensor &index,
                        const at::Tensor &src, c10::string_view reduce,
                        bool include_self, const at::Tensor &result) {
  at::Tensor grad_self, grad_src;
  if (!grad.defined())
    return std::make_tuple(grad_self, grad_src);
  if (reduce == "sum") {
    grad_self = grad;
    grad_src = grad.gather(dim, index);
  } else if (reduce == "prod") {
    // The product of the others, computed with the zeros masked out (one 0
    // among the src scattered to a place: its gradient is the product of
    // the rest).
    at::Tensor masked_self = self.masked_fill(self == 0, 1);
    grad_self =
        grad *
        masked_self.scatter_reduce(dim, index, src, reduce, include_self) /
        masked_self;
    at::Tensor src_zero = src == 0;
    at::Tensor zeros_at =
        at::zeros_like(self)
            .scatter_add(dim, index, src_zero.to(self.dtype()))
            .gather(dim, index);
    at::Tensor single_zero = at::bitwise_and(src_zero, zeros_at == 1);
    at::Tensor masked_src_result = self.scatter_reduce(
        dim, index, src.masked_fill(single_zero, 1), reduce, include_self);
    at::Tensor g = at::where(
        single_zero, (grad * masked_src_result).gather(dim, index),
        (grad * result).gather(dim, index) / src.masked_fill(src_zero, 1));
    grad_src = detail::refuse_double_backward(
        std::move(g), zeros_at > 1,
        "scatter_reduce(): Double backward is unsupported for src when >1 "
        "zeros in src are scattered to the same position in self");
  } else if (reduce == "mean") {
    at::Tensor n = include_self ? at::ones_like(grad) : at::zeros_like(grad);
    n = n.scatter_add(dim, index, at::ones_like(src));
    n = n.masked_fill(n == 0, 1);
    grad_self = grad / n;
    grad_src = grad.gather(dim, index) / n.gather(dim, index);
  } else if (reduce == "amax" || reduce == "amin") {
    // Ties share the gradient evenly.
    at::Tensor value = result.gather(dim, index);
    at::Tensor self_is = (self == result).to(self.scalar_type());
    at::Tensor src_is = (src == value).to(self.scalar_type());
    at::Tensor shared = grad / self_is.scatter_add(dim, index, src_is);
    grad_self = (self == result) * shared;
    grad_src = (src == value) * shared.gather(dim, index);
  } else {
    TORCH_CHECK(false,
                "Expected 'reduce' to be one of 'sum', 'prod', 'mean', "
                "'amax', 'amin' but got ",
                reduce, ".");
  }
  if (!include_self)
    grad_self = grad_self.scatter(dim, index, 0);
  return std::make_tuple(grad_self, grad_src);
}

/// scatter_reduce.two's forward derivative: linear for sum and mean; for
/// amax/amin the mean tangent of the elements that are the result; none
/// (undefined) for prod.
inline at::Tensor scatter_reduce_jvp(
    const at::Tensor &self_p, const at::Tensor &self_t, int64_t dim,
    const at::Tensor &index, const at::Tensor &src_p, const at::Tensor &src_t,
    c10::string_view reduce, bool include_self, const at::Tensor &result) {
  if (reduce == "sum" || reduce == "mean")
    return at::scatter_reduce(self_t, dim, index, src_t, reduce, include_self);
  if (reduce == "amin" || reduce == "amax") {
    at::Tensor self_is = self_p == result;
    at::Tensor src_is = src_p == at::gather(result, dim, index);
    at::Tensor count =
        self_is.to(self_t.dtype())
            .scatter_reduce(dim, index, src_is.to(self_t.dtype()), "sum",
                            include_self);
    return at::where(self_is, self_t, 0.)
        .scatter_reduce(dim, index, at::where(src_is, src_t, 0.), "sum",
                        include_self)
        .div(count);
  }
  return at::Tensor();
}

/// index_reduce's gradients for (self, source), as scatter_reduce's along
/// \p index's positions of \p dim.
inline std::tuple<at::Tensor, at::Tensor>
index_reduce_backward(const at::Tensor &grad, const at::Tensor &self,
                      int64_t dim, const at::Tensor &index,
                      const at::Tensor &source, c10::string_view reduce,
                      bool include_self, const at::Tensor &result) {
  at::Tensor grad_self, grad_src;
  if (!grad.defined())
    return std::make_tuple(grad_self, grad_src);
  if (reduce == "prod") {
    at::Tensor masked_self = self.masked_fill(self == 0, 1);
    grad_self =
        grad *
        masked_self.index_reduce(dim, index, source, reduce, include_self) /
        masked_self;
    at::Tensor src_zero = source == 0;
    at::Tensor zeros_at = at::zeros_like(self)
                              .index_add(dim, index, src_zero.to(self.dtype()))
                              .index_select(dim, index);
    at::Tensor single_zero = at::bitwise_and(src_zero, zeros_at == 1);
    at::Tensor masked_src_result = self.index_reduce(
        dim, index, source.masked_fill(single_zero, 1), reduce, include_self);
    at::Tensor g = at::where(
        single_zero, (grad * masked_src_result).index_select(dim, index),
        (grad * result).index_select(dim, index) /
            source.masked_fill(src_zero, 1));
    grad_src = detail::refuse_double_backward(
        std::move(g), zeros_at > 1,
        "index_reduce(): Double backward is unsupported for source when >1 "
        "zeros in source are scattered to the same position in self");
  } else if (reduce == "mean") {
    at::Tensor n = include_self ? at::ones_like(grad) : at::zeros_like(grad);
    n = n.index_add(dim, index, at::ones_like(source));
    n = n.masked_fill(n == 0, 1);
    grad_self = grad / n;
    grad_src = grad.index_select(dim, index) / n.index_select(dim, index);
  } else if (reduce == "amax" || reduce == "amin") {
    at::Tensor value = result.index_select(dim, index);
    at::Tensor self_is = (self == result).to(self.scalar_type());
    at::Tensor source_is = (source == value).to(self.scalar_type());
    at::Tensor shared = grad / self_is.index_add(dim, index, source_is);
    grad_self = self_is * shared;
    grad_src = source_is * shared.index_select(dim, index);
  } else {
    TORCH_CHECK(false,
                "Expected 'reduce' to be one of 'prod', 'amax', 'amin' or "
                "'mean' but got ",
                reduce, ".");
  }
  if (!include_self)
    grad_self = grad_self.index_fill(dim, index, 0);
  return std::make_tuple(grad_self, grad_src);
}

} // namespace formulas
} // namespace skgen

#endif // SKGEN_FORMULAS_SHAPES_H
