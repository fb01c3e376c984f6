// An annotated kernel with a derivative formula: the scan parses the TU and
// the formula check parses it again, each with the compile command.
#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
SKGEN_STRUCTURED("myops::mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary)
SKGEN_DERIVATIVE("self", "grad * other.conj()")
at::Tensor &mul_out(const at::Tensor &self, const at::Tensor &other, at::Tensor &out);
} // namespace myops
