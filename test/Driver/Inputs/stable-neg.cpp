// A stable-ABI family that the torch stub can scan.
#include <skgen/annotations.h>
#include <torch/csrc/stable/tensor.h>

namespace sops {
using torch::stable::Tensor;

SKGEN_STRUCTURED("sops::neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
Tensor &neg_out(const Tensor &self, Tensor &out);
} // namespace sops
