//===- skgen/formulas/blas.h - Matrix products' helpers ---------*- C++ -*-===//
//
// aten's helpers for the derivatives of matrix products (mm, addmm).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_FORMULAS_BLAS_H
#define SKGEN_FORMULAS_BLAS_H

#include <skgen/formulas/common.h>

namespace skgen {
namespace formulas {

// The sizes and strides arrive as a node keeps them
// (std::vector<skgen::SymInt>) or as a tensor gives them (sym_sizes(),
// which with PyTorch 1.13 is a c10::SymIntArrayRef while skgen's sizes are
// int64_t): the helpers take either.

namespace detail {
/// A strided matrix laid out column-major (its transpose is contiguous).
template <class Sizes, class Strides>
bool column_major(const at::Tensor &grad, const at::Tensor &other,
                  c10::Layout layout, const Sizes &sizes,
                  const Strides &strides) {
  return grad.layout() == c10::kStrided && other.layout() == c10::kStrided &&
         layout == c10::kStrided && strides[0] == 1 && strides[1] == sizes[0];
}
} // namespace detail

/// mm's (addmm's) gradient for mat1: grad mat2^H alpha*, computed as the
/// transpose of mat2* grad^T for a column-major mat1 (so that it is laid
/// out as mat1).
template <class Sizes, class Strides>
at::Tensor mm_mat1_backward(const at::Tensor &grad, const at::Tensor &mat2,
                            const Sizes &mat1_sizes,
                            const Strides &mat1_strides,
                            c10::Layout mat1_layout, const at::Scalar &alpha) {
  if (detail::column_major(grad, mat2, mat1_layout, mat1_sizes, mat1_strides))
    return maybe_multiply(mat2.conj().mm(grad.t()).t(), alpha.conj());
  return maybe_multiply(grad.mm(mat2.t().conj()), alpha.conj());
}

/// mm's (addmm's) gradient for mat2: mat1^H grad alpha*, transposed for a
/// column-major mat2.
template <class Sizes, class Strides>
at::Tensor mm_mat2_backward(const at::Tensor &grad, const at::Tensor &mat1,
                            const Sizes &sizes, const Strides &strides,
                            c10::Layout layout, const at::Scalar &alpha) {
  if (detail::column_major(grad, mat1, layout, sizes, strides))
    return maybe_multiply(grad.t().mm(mat1.conj()).t(), alpha.conj());
  return maybe_multiply(mat1.t().conj().mm(grad), alpha.conj());
}

} // namespace formulas
} // namespace skgen

#endif // SKGEN_FORMULAS_BLAS_H
