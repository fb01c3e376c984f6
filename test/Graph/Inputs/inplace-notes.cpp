#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <skgen/structured.h>

namespace myops {
SKGEN_STRUCTURED("myops::fused.out(Tensor a, Tensor b, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary)
at::Tensor &fused_out(const at::Tensor &a, const at::Tensor &b, at::Tensor &out);

SKGEN_STRUCTURED("myops::quiet.out(Tensor a, Tensor b, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary)
SKGEN_NO_INPLACE
at::Tensor &quiet_out(const at::Tensor &a, const at::Tensor &b, at::Tensor &out);

SKGEN_STRUCTURED("myops::minmax.out(Tensor self, *, Tensor(a!) lo, Tensor(b!) hi) -> (Tensor(a!), Tensor(b!))", CPU)
std::tuple<at::Tensor &, at::Tensor &> minmax_out(const at::Tensor &self, at::Tensor &lo, at::Tensor &hi);
} // namespace myops
