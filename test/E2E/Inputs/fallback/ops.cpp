// Overload fallbacks (SKGEN_FALLBACK) against aten: each general overload
// has a CPU out= kernel calling aten's own out= function and a meta preset;
// each specialised overload is declared with its schema only and reaches
// the general one through the generated alias-key kernels, its Scalars as
// wrapped-number tensors. mul.Scalar also has a CPU kernel of its own, which
// must take precedence on CPU (it counts its calls), while other backends
// (Meta) go through the fallback.
#include <ATen/ATen.h>
#include <ATen/ScalarOps.h>
#include <skgen/annotations.h>
#include <skgen/structured.h>
#include <torch/library.h>

#include <atomic>

namespace fb {

// pow: Tensor_Tensor serves Tensor_Scalar and Scalar (aten's names).
SKGEN_STRUCTURED("fb::pow.Tensor_Tensor_out(Tensor self, Tensor exponent, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
SKGEN_INPLACE_NAME("Tensor")
at::Tensor &pow_out(const at::Tensor &self, const at::Tensor &exponent,
                    at::Tensor &out) {
  return at::pow_out(out, self, exponent);
}

SKGEN_STRUCTURED("fb::pow.Tensor_Scalar_out(Tensor self, Scalar exponent, *, "
                 "Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("fb::pow.Tensor_Tensor_out")
SKGEN_INPLACE_NAME("Scalar")
at::Tensor &pow_tensor_scalar_out(const at::Tensor &self,
                                  const at::Scalar &exponent, at::Tensor &out);

SKGEN_STRUCTURED("fb::pow.Scalar_out(Scalar self, Tensor exponent, *, "
                 "Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("fb::pow.Tensor_Tensor_out")
at::Tensor &pow_scalar_out(const at::Scalar &self, const at::Tensor &exponent,
                           at::Tensor &out);

// add: the Tensor overload (out) serves add.Scalar.
SKGEN_STRUCTURED("fb::add.out(Tensor self, Tensor other, *, Scalar alpha=1, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_INPLACE_NAME("Tensor")
at::Tensor &add_out(const at::Tensor &self, const at::Tensor &other,
                    const at::Scalar &alpha, at::Tensor &out) {
  return at::add_out(out, self, other, alpha);
}

SKGEN_STRUCTURED("fb::add.Scalar_out(Tensor self, Scalar other, Scalar "
                 "alpha=1, *, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("fb::add.out")
at::Tensor &add_scalar_out(const at::Tensor &self, const at::Scalar &other,
                           const at::Scalar &alpha, at::Tensor &out);

// remainder: Tensor serves Scalar and Scalar_Tensor.
SKGEN_STRUCTURED("fb::remainder.Tensor_out(Tensor self, Tensor other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
at::Tensor &remainder_out(const at::Tensor &self, const at::Tensor &other,
                          at::Tensor &out) {
  return at::remainder_out(out, self, other);
}

SKGEN_STRUCTURED("fb::remainder.Scalar_out(Tensor self, Scalar other, *, "
                 "Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("fb::remainder.Tensor_out")
at::Tensor &remainder_scalar_out(const at::Tensor &self,
                                 const at::Scalar &other, at::Tensor &out);

SKGEN_STRUCTURED("fb::remainder.Scalar_Tensor_out(Scalar self, Tensor other, "
                 "*, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("fb::remainder.Tensor_out")
at::Tensor &remainder_scalar_tensor_out(const at::Scalar &self,
                                        const at::Tensor &other,
                                        at::Tensor &out);

// mul: a specialised CPU kernel of mul.Scalar takes precedence on CPU; the
// fallback serves the other backends.
SKGEN_STRUCTURED("fb::mul.out(Tensor self, Tensor other, *, Tensor(a!) out) "
                 "-> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_INPLACE_NAME("Tensor")
at::Tensor &mul_out(const at::Tensor &self, const at::Tensor &other,
                    at::Tensor &out) {
  return at::mul_out(out, self, other);
}

std::atomic<int64_t> SpecialisedCalls{0};

SKGEN_STRUCTURED("fb::mul.Scalar_out(Tensor self, Scalar other, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_FALLBACK("fb::mul.out")
SKGEN_META_PRESET(binary)
SKGEN_NO_META_KERNEL // Meta through the fallback
at::Tensor &mul_scalar_out_cpu(const at::Tensor &self, const at::Scalar &other,
                               at::Tensor &out) {
  ++SpecialisedCalls;
  return at::mul_out(out, self, at::native::wrapped_scalar_tensor(other));
}

} // namespace fb

// Test fixture, not generated: how often the specialised kernel ran.
TORCH_LIBRARY_FRAGMENT(fb, m) {
  m.def("specialised_calls() -> int",
        []() -> int64_t { return fb::SpecialisedCalls.load(); });
}
