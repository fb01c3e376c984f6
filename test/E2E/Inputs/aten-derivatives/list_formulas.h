// The formula helpers of aten's cat and index (derivatives.yaml's
// cat_tensors_backward, cat_jvp, index_backward), written from what aten's
// FunctionsManual.cpp computes, for ops.cpp's formulas until
// skgen/formulas.h has them. In namespace aten_port: the generated nodes
// evaluate formulas there, so these are found before skgen::formulas'.
// aten-derivatives.test compiles the generated code with -include of it.
#pragma once

#include <ATen/ATen.h>
#include <skgen/symint.h>

#include <vector>

namespace aten_port {

inline std::vector<at::Tensor>
cat_tensors_backward(const at::Tensor &grad,
                     const std::vector<std::vector<skgen::SymInt>> &sizes,
                     const std::vector<at::ScalarType> &dtypes, int64_t dim) {
  std::vector<at::Tensor> grads(sizes.size());
  if (!grad.defined())
    return grads;
  // Legacy cat: 1-d empty inputs take no part (nor in the dim's wrap).
  auto skipped = [](const std::vector<skgen::SymInt> &s) {
    return s.size() == 1 && s[0] == 0;
  };
  for (const std::vector<skgen::SymInt> &s : sizes)
    if (!skipped(s)) {
      dim = c10::maybe_wrap_dim(dim, static_cast<int64_t>(s.size()));
      break;
    }
  at::Tensor real = grad.is_complex() ? at::real(grad) : grad;
  skgen::SymInt offset = 0;
  for (size_t i = 0; i < sizes.size(); ++i) {
    const at::Tensor &g =
        grad.is_complex() && !at::isComplexType(dtypes[i]) ? real : grad;
    if (skipped(sizes[i])) {
      grads[i] = at::zeros({0}, g.options());
      continue;
    }
    skgen::SymInt size = sizes[i][dim];
#if SKGEN_SYMBOLIC_SIZES
    grads[i] = g.narrow_symint(dim, offset, size);
#else
    grads[i] = g.narrow(dim, offset, size);
#endif
    offset = offset + size;
  }
  return grads;
}

inline at::Tensor cat_jvp(at::TensorList tensors, int64_t dim) {
  bool any = false;
  for (const at::Tensor &t : tensors)
    any = any || t._fw_grad(/*level=*/0).defined();
  if (!any)
    return at::Tensor();
  std::vector<at::Tensor> tangents;
  for (const at::Tensor &t : tensors) {
    at::Tensor g = t._fw_grad(/*level=*/0);
    tangents.push_back(g.defined() ? g : at::zeros_like(t));
  }
  return at::cat(tangents, dim);
}

inline at::Tensor
index_backward(at::Tensor zeros_like_self,
               const c10::List<c10::optional<at::Tensor>> &indices,
               const at::Tensor &grad) {
  return zeros_like_self.index_put(indices, grad, /*accumulate=*/true);
}

} // namespace aten_port
