#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
SKGEN_STRUCTURED("myops::mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary)
SKGEN_DERIVATIVE("self", "grad * ohter.conj()")
SKGEN_DERIVATIVE("other", "grad * "
                          "slef.conj()")
at::Tensor &mul_out(const at::Tensor &self, const at::Tensor &other, at::Tensor &out);
} // namespace myops
