// Declares the family (SKGEN_STRUCTURED) with its CPU kernel.
#include <skgen/annotations.h>
#include <torch/library.h>

namespace myops {
SKGEN_STRUCTURED("myops::relu.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &relu_out(const at::Tensor &self, at::Tensor &out);
} // namespace myops
