#include <walk.h>
#include <ATen/ATen.h>
#include <skgen/annotations.h>

// Needs g's declaration (deduced type), not its body.
decltype(lib::g(0)) use_b = 0;

namespace myops {
SKGEN_STRUCTURED("myops::bx.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &bx_out(const at::Tensor &self, at::Tensor &out) { return out; }
} // namespace myops
