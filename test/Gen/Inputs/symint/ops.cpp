// SymInt / SymInt[] arguments (test/Gen/symint.test).
#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <skgen/structured.h>

namespace sops {
skgen::Meta pad_meta(const at::Tensor &self, skgen::SymIntArrayRef size,
                     skgen::SymInt n);

// CPU: int64_t / at::IntArrayRef (converted); CUDA: the symbolic types.
SKGEN_STRUCTURED("sops::pad.out(Tensor self, SymInt[] size, SymInt n, *, "
                 "Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META(pad_meta)
at::Tensor &pad_out(const at::Tensor &self, at::IntArrayRef size, int64_t n,
                    at::Tensor &out);
SKGEN_KERNEL("sops::pad.out", CUDA)
at::Tensor &pad_out_cuda(const at::Tensor &self, c10::SymIntArrayRef size,
                         c10::SymInt n, at::Tensor &out);

// A preset with a SymInt dim: guarded.
SKGEN_STRUCTURED("sops::total.out(Tensor self, SymInt dim, *, Tensor(a!) out) "
                 "-> Tensor(a!)", CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(reduction, self, dim)
at::Tensor &total_out(const at::Tensor &self, int64_t dim, at::Tensor &out);

// No meta function: the alias-key wrappers take the symbolic types too.
SKGEN_STRUCTURED("sops::shift.out(Tensor self, SymInt k, *, Tensor(a!) out) "
                 "-> Tensor(a!)", CPU)
at::Tensor &shift_out(const at::Tensor &self, c10::SymInt k, at::Tensor &out);
} // namespace sops
