// SymInt / SymInt[] arguments of functional kernels (test/Gen/symint.test):
// every wrapper calling one converts for a kernel that takes int64_t /
// at::IntArrayRef, as for out kernels.
#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <skgen/structured.h>

namespace sops {
// No meta function: CPU's functional kernel takes int64_t, CUDA's
// c10::SymInt, Meta's int64_t.
SKGEN_STRUCTURED("sops::roll.out(Tensor self, SymInt n, *, Tensor(a!) out) "
                 "-> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_KERNEL
at::Tensor roll_cpu(const at::Tensor &self, int64_t n);
SKGEN_KERNEL("sops::roll", CUDA)
at::Tensor roll_cuda(const at::Tensor &self, c10::SymInt n);
SKGEN_KERNEL("sops::roll", Meta)
at::Tensor roll_meta(const at::Tensor &self, int64_t n);

// A meta function; the functional kernel takes at::IntArrayRef.
skgen::Meta shifts_meta(const at::Tensor &self, skgen::SymIntArrayRef shifts);
SKGEN_STRUCTURED("sops::shifts.out(Tensor self, SymInt[] shifts, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_KERNEL
SKGEN_META(shifts_meta)
at::Tensor shifts_cpu(const at::Tensor &self, at::IntArrayRef shifts);
} // namespace sops
