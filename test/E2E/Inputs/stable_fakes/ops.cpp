// Python fakes of ops skgen registers Meta kernels for
// (test/E2E/python-fakes.test): sum has them (a meta preset); neg opts out
// (SKGEN_NO_META_KERNEL: its fakes are the only ones).
#include <skgen/annotations.h>
#include <torch/csrc/stable/tensor.h>

namespace fops {
using torch::stable::Tensor;
SKGEN_STRUCTURED("fops::sum.out(Tensor self, int[1] dim, bool keepdim=False, "
                 "*, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(reduction)
Tensor &sum_out(const Tensor &self,
                torch::headeronly::IntHeaderOnlyArrayRef dim, bool keepdim,
                std::optional<torch::headeronly::ScalarType> dtype,
                Tensor &out);

SKGEN_STRUCTURED("fops::neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary)
SKGEN_NO_META_KERNEL
Tensor &neg_out(const Tensor &self, Tensor &out);
} // namespace fops
