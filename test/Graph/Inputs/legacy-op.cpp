#include <ATen/ATen.h>
#include <skgen/annotations.h>

// The legacy out convention: the kernel returns void and the existing
// callers call fused_out(a, b, out) -> ().
namespace myops {
SKGEN_STRUCTURED("myops::fused.out(Tensor a, Tensor b, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_LEGACY_OP("fused_out")
SKGEN_NO_FUNCTIONAL
SKGEN_NO_INPLACE
void fused_out_cpu(const at::Tensor &a, const at::Tensor &b, at::Tensor &out);

#ifdef WRONG
SKGEN_STRUCTURED("myops::twice.out(Tensor a, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_LEGACY_OP("twice")
at::Tensor &twice_out(const at::Tensor &a, at::Tensor &out);

SKGEN_STRUCTURED("myops::clash.out(Tensor a, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_LEGACY_OP("fused_out")
at::Tensor &clash_out(const at::Tensor &a, at::Tensor &out);

SKGEN_STRUCTURED("myops::f.out(Tensor a, *, Tensor(a!) out) -> Tensor(a!)", CPU)
float f_out(const at::Tensor &a, at::Tensor &out);
#endif
} // namespace myops
