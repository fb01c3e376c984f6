#include <walk.h>
#include <ATen/ATen.h>
#include <skgen/annotations.h>

// Needs g's declaration (deduced type), not its body.
decltype(lib::g(0)) use_a = 0;

namespace myops {
SKGEN_STRUCTURED("myops::ax.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &ax_out(const at::Tensor &self, at::Tensor &out) { return out; }
} // namespace myops
