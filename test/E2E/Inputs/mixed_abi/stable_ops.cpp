// The stable-ABI half (compiled with -DTORCH_STABLE_ONLY): the family of
// libtorch_ops.cpp, in the same .so.
#include <torch/csrc/stable/library.h>
#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>

#include <skgen/annotations.h>
#include <skgen/stable/structured.h>

namespace mixed_stable {

using torch::stable::Tensor;

SKGEN_STRUCTURED("mixed_stable::mul.out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
Tensor &mul_out(const Tensor &self, const Tensor &other, Tensor &out) {
  skgen::call_out<1>("aten::mul", "out", self, other, out);
  return out;
}

} // namespace mixed_stable
