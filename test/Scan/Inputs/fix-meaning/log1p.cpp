// log1p's formula without its helper: Clang's typo correction suggests
// at::logit_backward, which compiles and computes another gradient.
#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include "backward.h"

namespace myops {
SKGEN_STRUCTURED("myops::log1p.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("self", "log1p_backward(grad, self)")
at::Tensor &log1p_out(const at::Tensor &self, at::Tensor &out);
} // namespace myops
