// Reductions of the example op library (namespace myops): out= kernels only.
#include <ATen/ATen.h>
#include <ATen/WrapDimUtils.h>
#include <ATen/native/Resize.h>
#include <torch/library.h>

#include <skgen/annotations.h>

#include <tuple>

namespace skgen_example {

// int[] and bool arguments: the sum over `dim`. The out overload is named
// "dim_out", so the functional variant is myops::sum.dim; a reduction changes
// the shape, so there is no in-place variant.
SKGEN_STRUCTURED("myops::sum.dim_out(Tensor self, int[1] dim, bool "
                 "keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
at::Tensor &sum_dim_out_cpu(const at::Tensor &self, at::IntArrayRef dim,
                            bool keepdim, at::Tensor &out) {
  // Accumulate in the dtype of `out` (the functional variant allocates it
  // with the dtype of `self`).
  at::Tensor Result = at::sum(self, dim, keepdim, out.scalar_type());
  at::native::resize_output(out, Result.sizes());
  return out.copy_(Result);
}

// The output allocation (meta) function of the topk family: values take the
// dtype of `self`, indices are int64. The out kernel resizes both.
std::tuple<at::Tensor, at::Tensor> topk_alloc(const at::Tensor &self,
                                              int64_t k, int64_t dim,
                                              bool largest) {
  return std::make_tuple(at::empty({0}, self.options()),
                         at::empty({0}, self.options().dtype(at::kLong)));
}

// Multiple outputs (values, indices): the k largest (or smallest) entries
// along `dim`, sorted. Variants: the functional myops::topk only (a
// multi-output family has no in-place variant).
SKGEN_STRUCTURED("myops::topk.out(Tensor self, int k, int dim=-1, bool "
                 "largest=True, *, Tensor(a!) values, Tensor(b!) indices) -> "
                 "(Tensor(a!) values, Tensor(b!) indices)",
                 CPU)
SKGEN_ALLOC(skgen_example::topk_alloc)
std::tuple<at::Tensor &, at::Tensor &>
topk_out_cpu(const at::Tensor &self, int64_t k, int64_t dim, bool largest,
             at::Tensor &values, at::Tensor &indices) {
  TORCH_CHECK(indices.scalar_type() == at::kLong,
              "myops::topk: indices must be int64, got ",
              indices.scalar_type());
  std::vector<int64_t> Shape = self.sizes().vec();
  if (!Shape.empty())
    Shape[at::maybe_wrap_dim(dim, self.dim())] = k;
  at::native::resize_output(values, Shape);
  at::native::resize_output(indices, Shape);
  at::topk_out(values, indices, self, k, dim, largest, /*sorted=*/true);
  return std::tuple<at::Tensor &, at::Tensor &>(values, indices);
}

} // namespace skgen_example
