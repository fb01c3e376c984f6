// Any other fix-it of Clang's in a formula is a note's too (here '->' on a
// Tensor: Clang suggests '.'), and Clang's message is cut where its own
// format string says "; did you mean", a %select included.
#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
SKGEN_STRUCTURED("myops::conj.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("self", "grad->conj()")
at::Tensor &conj_out(const at::Tensor &self, at::Tensor &out);
} // namespace myops
