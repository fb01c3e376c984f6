//===- skgen/runtime/contiguity.h - Layout rules on sizes and strides -*- C++
//-*-===//
//
// c10's contiguity rules and TensorIterator's dim order, on any sizes and
// strides (int64_t ranges): for layouts no tensor has yet (an input as
// TensorIterator converts it to the common dtype) and, on the stable ABI,
// for tensors (its C shim tells only default contiguity). Included by each
// ABI's traits header after it defines SKGEN_RUNTIME_NAMESPACE_*; no
// PyTorch header.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_RUNTIME_CONTIGUITY_H
#define SKGEN_RUNTIME_CONTIGUITY_H

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

SKGEN_RUNTIME_NAMESPACE_BEGIN
namespace detail {

/// Whether \p strides are dense in the dim order \p dim gives (dim(k): the
/// k-th fastest of \p ndim), dims of size 1 ignored: c10's contiguity rules.
template <class Sizes, class Strides, class DimAt>
bool dense_in_order(const Sizes &sizes, const Strides &strides, size_t ndim,
                    const DimAt &dim) {
  int64_t expected = 1;
  for (size_t k = 0; k < ndim; ++k) {
    size_t d = dim(k);
    if (sizes[d] == 1)
      continue;
    if (strides[d] != expected)
      return false;
    expected *= sizes[d];
  }
  return true;
}

/// c10's compute_contiguous: C order, empty tensors contiguous.
template <class Sizes, class Strides>
bool contiguous(const Sizes &sizes, const Strides &strides) {
  const size_t ndim = sizes.size();
  for (size_t d = 0; d < ndim; ++d)
    if (sizes[d] == 0)
      return true;
  return dense_in_order(sizes, strides, ndim,
                        [&](size_t k) { return ndim - 1 - k; });
}

/// c10's compute_channels_last_contiguous_2d: 4-D, C, W, H, N from the
/// fastest.
template <class Sizes, class Strides>
bool channels_last_contiguous(const Sizes &sizes, const Strides &strides) {
  static constexpr size_t order[] = {1, 3, 2, 0};
  return sizes.size() == 4 &&
         dense_in_order(sizes, strides, 4, [](size_t k) { return order[k]; });
}

/// TensorIterator's reorder_dimensions: \p ndim dims from the fastest, by
/// insertion sort from C order with \p order(d0, d1) (1: d0 after d1, -1:
/// before, 0: ambiguous, the pair stays). at::infer_dense_strides sorts the
/// same way.
template <class Order>
std::vector<size_t> dims_from_fastest(size_t ndim, const Order &order) {
  std::vector<size_t> perm(ndim);
  for (size_t i = 0; i < ndim; ++i)
    perm[i] = ndim - 1 - i;
  for (size_t i = 1; i < ndim; ++i)
    for (size_t d1 = i, d0 = i; d0-- > 0;) {
      int c = order(perm[d0], perm[d1]);
      if (c < 0)
        break;
      if (c > 0) {
        std::swap(perm[d0], perm[d1]);
        d1 = d0;
      }
    }
  return perm;
}

/// at::infer_dense_strides: dense strides in the dim order of \p strides
/// (what `.to(dtype)` gives a tensor that is not dense).
template <class Sizes, class Strides>
std::vector<int64_t> dense_strides(const Sizes &sizes, const Strides &strides) {
  const size_t ndim = sizes.size();
  std::vector<size_t> perm = dims_from_fastest(ndim, [&](size_t d0, size_t d1) {
    int64_t s0 = strides[d0], s1 = strides[d1];
    if (s0 == 0 || s1 == 0)
      return 0;
    if (s0 != s1)
      return s0 < s1 ? -1 : 1;
    return sizes[d0] > sizes[d1] ? 1 : 0;
  });
  std::vector<int64_t> dense(ndim);
  int64_t next = 1;
  for (size_t d : perm) {
    dense[d] = next;
    if (sizes[d] > 1)
      next *= sizes[d];
  }
  return dense;
}

} // namespace detail
SKGEN_RUNTIME_NAMESPACE_END

#endif // SKGEN_RUNTIME_CONTIGUITY_H
