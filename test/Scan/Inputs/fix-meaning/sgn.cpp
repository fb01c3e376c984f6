// derivatives.yaml's formula for sgn, verbatim: sgn_backward is no function
// here; Clang's typo correction suggests at::glu_backward.
#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include "backward.h"

namespace myops {
SKGEN_STRUCTURED("myops::sgn.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("self", "sgn_backward(self, grad, result)")
at::Tensor &sgn_out(const at::Tensor &self, at::Tensor &out);
} // namespace myops
