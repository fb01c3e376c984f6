// A small library for AOTInductor's direct calls (test/E2E/aoti.test): a
// unary op, a binary op with a Scalar, a reduction over int[] dims with
// keepdim, and an op with two outputs (a non-default overload), each an
// out= kernel calling aten's, its variants generated from a meta preset.
#include <ATen/ATen.h>
#include <torch/library.h>

#include <skgen/annotations.h>
#include <skgen/structured.h>

#include <tuple>

namespace aotiops {

SKGEN_STRUCTURED("aotiops::myneg.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary)
at::Tensor &myneg_out(const at::Tensor &self, at::Tensor &out) {
  return at::neg_out(out, self);
}

SKGEN_STRUCTURED("aotiops::myadd.out(Tensor self, Tensor other, *, Scalar "
                 "alpha=1, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
at::Tensor &myadd_out(const at::Tensor &self, const at::Tensor &other,
                      const at::Scalar &alpha, at::Tensor &out) {
  return at::add_out(out, self, other, alpha);
}

SKGEN_STRUCTURED("aotiops::mysum.out(Tensor self, int[1] dim, bool "
                 "keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(reduction)
at::Tensor &mysum_out(const at::Tensor &self, at::IntArrayRef dim, bool keepdim,
                      at::Tensor &out) {
  return at::sum_out(out, self, dim, keepdim);
}

SKGEN_STRUCTURED("aotiops::mymax.dim_max(Tensor self, int dim, bool "
                 "keepdim=False, *, Tensor(a!) max, Tensor(b!) max_values) -> "
                 "(Tensor(a!) values, Tensor(b!) indices)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("dim")
SKGEN_META_PRESET(index_reduction)
std::tuple<at::Tensor &, at::Tensor &> mymax_out(const at::Tensor &self,
                                                 int64_t dim, bool keepdim,
                                                 at::Tensor &max,
                                                 at::Tensor &max_values) {
  at::max_out(max, max_values, self, dim, keepdim);
  return std::tuple<at::Tensor &, at::Tensor &>(max, max_values);
}

} // namespace aotiops
