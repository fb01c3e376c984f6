#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <skgen/structured.h>

namespace myops {
SKGEN_STRUCTURED("myops::fused.out(Tensor a, Tensor b, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary)
SKGEN_INPLACE_ARG("a")
at::Tensor &fused_out(const at::Tensor &a, const at::Tensor &b, at::Tensor &out);

#ifdef WRONG
SKGEN_STRUCTURED("myops::wrong.out(Tensor a, Tensor b, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary)
SKGEN_INPLACE_ARG("b")
at::Tensor &wrong_out(const at::Tensor &a, const at::Tensor &b, at::Tensor &out);

SKGEN_STRUCTURED("myops::both.out(Tensor a, Tensor b, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary)
SKGEN_INPLACE_ARG("a")
SKGEN_NO_INPLACE
at::Tensor &both_out(const at::Tensor &a, const at::Tensor &b, at::Tensor &out);
#endif
} // namespace myops
