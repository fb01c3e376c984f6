// Inputs/fallback/ops.cpp on the stable ABI (--abi=stable): each general
// overload has a CPU out= kernel calling aten's own out= overload by name
// (skgen::call_out) and a meta preset; each specialised overload is declared
// with its schema only and reaches the general one through the generated
// alias-key kernels. The stable ABI has no Scalar: a specialised overload
// takes a `float`, `int` or `bool` where the general one takes a Tensor,
// passed as skgen::wrapped_number (a 0-dim tensor of the promoted dtype).
// Namespace `fb`, as the libtorch build's, so that
// Inputs/fallback/test_fallback.py --abi=stable compares them with aten.
#include <torch/csrc/stable/library.h>
#include <torch/csrc/stable/tensor.h>

#include <skgen/annotations.h>
#include <skgen/stable/structured.h>

namespace fb {

using torch::stable::Tensor;

// pow: Tensor_Tensor serves Tensor_Scalar (float), Tensor_Int (int) and
// Scalar (float self).
SKGEN_STRUCTURED("fb::pow.Tensor_Tensor_out(Tensor self, Tensor exponent, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
SKGEN_INPLACE_NAME("Tensor")
Tensor &pow_out(const Tensor &self, const Tensor &exponent, Tensor &out) {
  skgen::call_out<1>("aten::pow", "Tensor_Tensor_out", self, exponent, out);
  return out;
}

SKGEN_STRUCTURED("fb::pow.Tensor_Scalar_out(Tensor self, float exponent, *, "
                 "Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("fb::pow.Tensor_Tensor_out")
SKGEN_INPLACE_NAME("Scalar")
Tensor &pow_tensor_scalar_out(const Tensor &self, double exponent, Tensor &out);

SKGEN_STRUCTURED("fb::pow.Tensor_Int_out(Tensor self, int exponent, *, "
                 "Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("fb::pow.Tensor_Tensor_out")
SKGEN_INPLACE_NAME("Int")
Tensor &pow_tensor_int_out(const Tensor &self, int64_t exponent, Tensor &out);

SKGEN_STRUCTURED("fb::pow.Scalar_out(float self, Tensor exponent, *, "
                 "Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("fb::pow.Tensor_Tensor_out")
SKGEN_NO_INPLACE
Tensor &pow_scalar_out(double self, const Tensor &exponent, Tensor &out);

// mul: the Tensor overload (out) serves Scalar (float) and Bool (bool).
SKGEN_STRUCTURED("fb::mul.out(Tensor self, Tensor other, *, Tensor(a!) out) "
                 "-> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_INPLACE_NAME("Tensor")
Tensor &mul_out(const Tensor &self, const Tensor &other, Tensor &out) {
  skgen::call_out<1>("aten::mul", "out", self, other, out);
  return out;
}

SKGEN_STRUCTURED("fb::mul.Scalar_out(Tensor self, float other, *, "
                 "Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("fb::mul.out")
Tensor &mul_scalar_out(const Tensor &self, double other, Tensor &out);

SKGEN_STRUCTURED("fb::mul.Bool_out(Tensor self, bool other, *, "
                 "Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("fb::mul.out")
Tensor &mul_bool_out(const Tensor &self, bool other, Tensor &out);

// remainder: Tensor serves Scalar (float), Int (int) and Scalar_Tensor.
SKGEN_STRUCTURED("fb::remainder.Tensor_out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
Tensor &remainder_out(const Tensor &self, const Tensor &other, Tensor &out) {
  skgen::call_out<1>("aten::remainder", "Tensor_out", self, other, out);
  return out;
}

SKGEN_STRUCTURED("fb::remainder.Scalar_out(Tensor self, float other, *, "
                 "Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("fb::remainder.Tensor_out")
Tensor &remainder_scalar_out(const Tensor &self, double other, Tensor &out);

SKGEN_STRUCTURED("fb::remainder.Int_out(Tensor self, int other, *, "
                 "Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("fb::remainder.Tensor_out")
Tensor &remainder_int_out(const Tensor &self, int64_t other, Tensor &out);

SKGEN_STRUCTURED("fb::remainder.Scalar_Tensor_out(float self, Tensor other, "
                 "*, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("fb::remainder.Tensor_out")
SKGEN_NO_INPLACE
Tensor &remainder_scalar_tensor_out(double self, const Tensor &other,
                                    Tensor &out);

} // namespace fb
