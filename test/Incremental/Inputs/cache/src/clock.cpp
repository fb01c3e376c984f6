#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
// Facts of a TU that reads the clock are never cached.
static const char *built = __DATE__;
SKGEN_STRUCTURED("myops::abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &abs_out(const at::Tensor &self, at::Tensor &out) { return out; }
} // namespace myops
