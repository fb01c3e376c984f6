// --abi=stable: functional kernels and overload fallbacks (stable-variants.test).
#include <skgen/annotations.h>
#include <torch/csrc/stable/tensor.h>

namespace sv {
using torch::stable::Tensor;

// A CPU functional kernel: out= and in-place derived from it.
SKGEN_STRUCTURED("sv::mul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_FUNCTIONAL_KERNEL
SKGEN_META_PRESET(binary)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_INPLACE_NAME("Tensor")
Tensor mul_cpu(const Tensor &self, const Tensor &other);

// A CPU out kernel and a Meta functional kernel (SKGEN_KERNEL on sv::mm).
SKGEN_STRUCTURED("sv::mm.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary)
SKGEN_NO_INPLACE
Tensor &mm_out(const Tensor &self, const Tensor &other, Tensor &out);
SKGEN_KERNEL("sv::mm", Meta)
Tensor mm_meta(const Tensor &self, const Tensor &other);

// Served by mul.Tensor: a float, a bool where it takes a Tensor.
SKGEN_STRUCTURED("sv::mul.Scalar_out(Tensor self, float other, *, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("sv::mul.out")
Tensor &mul_scalar_out(const Tensor &self, double other, Tensor &out);

SKGEN_STRUCTURED("sv::mul.Int_out(int self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("sv::mul.out")
SKGEN_NO_INPLACE
Tensor &mul_int_out(int64_t self, const Tensor &other, Tensor &out);
} // namespace sv
