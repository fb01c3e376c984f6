#include <skgen/annotations.h>
#include <torch/csrc/stable/tensor.h>

namespace sops {
using torch::stable::Tensor;
SKGEN_STRUCTURED("sops::sum.out(Tensor self, int[1] dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(reduction)
Tensor &sum_out(const Tensor &self, torch::headeronly::IntHeaderOnlyArrayRef dim, bool keepdim, std::optional<torch::headeronly::ScalarType> dtype, Tensor &out);
} // namespace sops
