// Ops whose CPU and Meta variants are served by the alias-key
// (CompositeExplicitAutograd) wrappers: the kernels are annotated for CUDA
// only, and the same kernels are registered by hand for CPU out= only. The
// test builds this file twice, namespace `rdops_redispatch` (skgen's default,
// --alias-dispatch=redispatch) and `rdops_call` (--alias-dispatch=call), and
// compares both with aten (redispatch_test.py).
#include <ATen/ATen.h>
#include <torch/library.h>

#include <skgen/annotations.h>
#include <skgen/structured.h>

namespace rdops {

// out = self + alpha * other, aten's broadcasting and type promotion.
SKGEN_STRUCTURED("rdops::add.out(Tensor self, Tensor other, *, Scalar "
                 "alpha=1, Tensor(a!) out) -> Tensor(a!)",
                 CUDA)
SKGEN_META_PRESET(binary)
at::Tensor &add_out(const at::Tensor &self, const at::Tensor &other,
                    const at::Scalar &alpha, at::Tensor &out) {
  return at::add_out(out, self, other, alpha);
}

// No tensor argument: the functional op is dispatched with no keys at all;
// its output (default options) gives the keys of the out= call.
SKGEN_STRUCTURED("rdops::iota.out(int n, *, Tensor(a!) out) -> Tensor(a!)",
                 CUDA)
at::Tensor &iota_out(int64_t n, at::Tensor &out) {
  return at::arange_out(out, n);
}

} // namespace rdops

TORCH_LIBRARY_IMPL(rdops, CPU, m) {
  m.impl("add.out", TORCH_FN(rdops::add_out));
  m.impl("iota.out", TORCH_FN(rdops::iota_out));
}
