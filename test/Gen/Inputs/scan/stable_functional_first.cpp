// --abi=stable: a family declared by its functional schema
// (functional-first.test).
#include <skgen/annotations.h>
#include <torch/csrc/stable/tensor.h>

namespace sff {
using torch::stable::Tensor;

SKGEN_STRUCTURED("sff::scale(Tensor self, float factor) -> Tensor", CPU)
SKGEN_META_PRESET(unary)
Tensor scale_cpu(const Tensor &self, double factor);

SKGEN_STRUCTURED("sff::shift(Tensor self, float by) -> Tensor", CPU)
SKGEN_META_PRESET(unary)
SKGEN_WITH_OUT
SKGEN_WITH_INPLACE
Tensor shift_cpu(const Tensor &self, double by);
} // namespace sff
