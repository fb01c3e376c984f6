// A small library with a family of each SKGEN_AUTOCAST policy skgen
// generates, each an out= kernel calling aten's own out= function, so that
// under torch.autocast the generated wrappers can be compared with aten's
// op of the same policy on CPU (test_autocast.py):
//   lower_precision_fp  mm        (aten: mm)
//   fp32                mse_loss  (aten's CPU fp32 list: mse_loss)
//   promote             index_copy, cat (a Tensor[] argument): aten's CPU
//                       promote list
//   fp32_set_opt_dtype  prod.int  (aten's CPU list: prod.dim_int)
// mm, mse_loss and index_copy have derivatives (aten's formulas), so gradients
// flow through the casts as through aten's.
#include <ATen/ATen.h>
#include <torch/library.h>

#include <skgen/annotations.h>
#include <skgen/structured.h>

namespace castops {

SKGEN_STRUCTURED("castops::mm.out(Tensor self, Tensor mat2, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(mm)
SKGEN_AUTOCAST(lower_precision_fp)
SKGEN_DERIVATIVE("self", "grad.mm(mat2.t())")
SKGEN_DERIVATIVE("mat2", "self.t().mm(grad)")
at::Tensor &mm_out(const at::Tensor &self, const at::Tensor &mat2,
                   at::Tensor &out) {
  return at::mm_out(out, self, mat2);
}

SKGEN_STRUCTURED("castops::mse_loss.out(Tensor self, Tensor target, int "
                 "reduction=1, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(loss)
SKGEN_AUTOCAST(fp32)
SKGEN_DERIVATIVE("self", "mse_loss_backward(grad, self, target, reduction)")
SKGEN_DERIVATIVE("target", "mse_loss_backward(grad, target, self, reduction)")
at::Tensor &mse_loss_out(const at::Tensor &self, const at::Tensor &target,
                         int64_t reduction, at::Tensor &out) {
  return at::mse_loss_out(out, self, target, reduction);
}

// aten's CPU promote list is cat, stack and index_copy: the output has self's
// dtype, which source must have too (the promote casts make them agree).
skgen::Meta index_copy_meta(const at::Tensor &self, int64_t, const at::Tensor &,
                            const at::Tensor &) {
  return skgen::preset::unary(self);
}

SKGEN_STRUCTURED("castops::index_copy.out(Tensor self, int dim, Tensor index, "
                 "Tensor source, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META(index_copy_meta)
SKGEN_AUTOCAST(promote)
SKGEN_DERIVATIVE("self", "grad.index_fill(dim, index, 0)")
SKGEN_DERIVATIVE("index", "non_differentiable")
SKGEN_DERIVATIVE("source", "grad.index_select(dim, index)")
at::Tensor &index_copy_out(const at::Tensor &self, int64_t dim,
                           const at::Tensor &index, const at::Tensor &source,
                           at::Tensor &out) {
  return at::index_copy_out(out, self, dim, index, source);
}

SKGEN_STRUCTURED("castops::cat.out(Tensor[] tensors, int dim=0, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(cat)
SKGEN_AUTOCAST(promote)
at::Tensor &cat_out(at::TensorList tensors, int64_t dim, at::Tensor &out) {
  return at::cat_out(out, tensors, dim);
}

SKGEN_STRUCTURED("castops::prod.int_out(Tensor self, int dim, bool "
                 "keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(reduction)
SKGEN_AUTOCAST(fp32_set_opt_dtype)
at::Tensor &prod_out(const at::Tensor &self, int64_t dim, bool keepdim,
                     c10::optional<at::ScalarType> dtype, at::Tensor &out) {
  return at::prod_out(out, self, dim, keepdim, dtype);
}

} // namespace castops
