#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
SKGEN_STRUCTURED("myops::pow.Tensor_Tensor_out(Tensor self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_INPLACE
at::Tensor &pow_out(const at::Tensor &self, const at::Tensor &exponent, at::Tensor &out);

SKGEN_STRUCTURED("myops::pow.Tensor_Scalar_out(Tensor self, Scalar exponent, *, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("myops::pow.Tensor_Tensor_out")
at::Tensor &pow_ts_out(const at::Tensor &self, const at::Scalar &exponent, at::Tensor &out);

SKGEN_STRUCTURED("myops::pow.Tensor_Int_out(Tensor self, int exponent, *, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("myops::pow.Tensor_Tensor_out") SKGEN_NO_INPLACE
at::Tensor &pow_ti_out(const at::Tensor &self, int64_t exponent, at::Tensor &out);

SKGEN_STRUCTURED("myops::pow.Other_out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("myops::pow.Tensor_Tensor_out") SKGEN_NO_INPLACE
at::Tensor &pow_o_out(const at::Tensor &self, const at::Scalar &other, at::Tensor &out);

SKGEN_STRUCTURED("myops::pow.Typo_out(Tensor self, Scalar exponent, *, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("myops::pow.Tensor_Tensor")
at::Tensor &pow_typo_out(const at::Tensor &self, const at::Scalar &exponent, at::Tensor &out);

SKGEN_STRUCTURED("myops::mul.Scalar_out(Tensor self, Scalar exponent, *, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("myops::pow.Tensor_Tensor_out") SKGEN_NO_INPLACE
at::Tensor &mul_out(const at::Tensor &self, const at::Scalar &exponent, at::Tensor &out);

SKGEN_STRUCTURED("myops::pow.Self_out(Tensor self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("myops::pow.Tensor_Tensor_out") SKGEN_NO_INPLACE
at::Tensor &pow_self_out(const at::Tensor &self, const at::Tensor &exponent, at::Tensor &out);

SKGEN_STRUCTURED("aten::pow.Tensor_Scalar_out(Tensor self, Scalar exponent, *, Tensor(a!) out) -> Tensor(a!)", PrivateUse1)
SKGEN_EXTERNAL SKGEN_FALLBACK("aten::pow.Tensor_Tensor_out")
at::Tensor &pow_npu_out(const at::Tensor &self, const at::Scalar &exponent, at::Tensor &out);

SKGEN_STRUCTURED("myops::sub.out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("sub.Tensor_out")
at::Tensor &sub_out(const at::Tensor &self, const at::Scalar &other, at::Tensor &out);

SKGEN_STRUCTURED("myops::div.out(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("myops::div.")
at::Tensor &div_out(const at::Tensor &self, const at::Scalar &other, at::Tensor &out);

SKGEN_STRUCTURED("myops::neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)")
at::Tensor &neg_out(const at::Tensor &self, at::Tensor &out);
} // namespace myops

namespace myops {
SKGEN_STRUCTURED("myops::abs.Scalar_out(Scalar self, *, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("myops::abs.Scalar_out")
at::Tensor &abs_out(const at::Scalar &self, at::Tensor &out);

SKGEN_STRUCTURED("myops::exp.Scalar_out(Scalar self, *, Tensor(a!) out) -> Tensor(a!)")
SKGEN_FALLBACK("myops::exp.Tensor")
at::Tensor &exp_out(const at::Scalar &self, at::Tensor &out);
} // namespace myops
