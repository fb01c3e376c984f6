// The libtorch half of a library that moves to the stable ABI file by file:
// the same family as stable_ops.cpp, on libtorch, in the same .so.
#include <ATen/ATen.h>
#include <torch/library.h>

#include <skgen/annotations.h>
#include <skgen/structured.h>

namespace mixed_libtorch {

SKGEN_STRUCTURED("mixed_libtorch::mul.out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
at::Tensor &mul_out(const at::Tensor &self, const at::Tensor &other,
                    at::Tensor &out) {
  return at::mul_out(out, self, other);
}

} // namespace mixed_libtorch
