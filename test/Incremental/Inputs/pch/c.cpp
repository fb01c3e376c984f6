// A macro defined before the includes: this TU cannot use the shared header.
#define MYOPS_EXTRA 1
#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
SKGEN_STRUCTURED("myops::neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &neg_out(const at::Tensor &self, at::Tensor &out);
} // namespace myops
