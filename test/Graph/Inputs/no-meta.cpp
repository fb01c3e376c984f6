#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <skgen/structured.h>

namespace myops {
// No Meta kernel: warned about when built against PyTorch 2.x.
SKGEN_STRUCTURED("myops::square.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &square_out(const at::Tensor &self, at::Tensor &out);

// A Meta kernel in the family: nothing to say.
SKGEN_STRUCTURED("myops::neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &neg_out(const at::Tensor &self, at::Tensor &out);
SKGEN_KERNEL("myops::neg.out", Meta)
at::Tensor &neg_out_meta(const at::Tensor &self, at::Tensor &out);

// Structured for Meta itself: nothing to say.
SKGEN_STRUCTURED("myops::abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", Meta)
at::Tensor &abs_out_meta(const at::Tensor &self, at::Tensor &out);

// A meta function: skgen generates the Meta kernels, nothing to say.
skgen::Meta sub_meta(const at::Tensor &self, const at::Tensor &other);
SKGEN_STRUCTURED("myops::sub.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META(sub_meta)
at::Tensor &sub_out(const at::Tensor &self, const at::Tensor &other, at::Tensor &out);

// A meta preset: the same.
SKGEN_STRUCTURED("myops::mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary)
at::Tensor &mul_out(const at::Tensor &self, const at::Tensor &other, at::Tensor &out);
} // namespace myops
