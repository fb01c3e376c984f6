// gelu.out exists only where USE_GELU is defined: which macros the scan
// sees decides which ops it finds.
#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
#ifdef USE_GELU
SKGEN_STRUCTURED("myops::gelu.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &gelu_out(const at::Tensor &self, at::Tensor &out);
#endif
SKGEN_STRUCTURED("myops::relu.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &relu_out(const at::Tensor &self, at::Tensor &out);
} // namespace myops
