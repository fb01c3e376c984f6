#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {

SKGEN_STRUCTURED("myops::mm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_AUTOCAST(lower_precision_fp)
at::Tensor &mm_out(const at::Tensor &self, const at::Tensor &mat2, at::Tensor &out);

SKGEN_STRUCTURED("myops::exp.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_AUTOCAST(fp32)
at::Tensor &exp_out(const at::Tensor &self, at::Tensor &out);

// Tensor, Tensor? and Tensor[] arguments; promote weighs Tensor and Tensor[].
SKGEN_STRUCTURED("myops::mix.out(Tensor self, Tensor? weight, Tensor[] others, Scalar alpha, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_AUTOCAST(promote)
at::Tensor &mix_out(const at::Tensor &self, const c10::optional<at::Tensor> &weight, at::TensorList others, const at::Scalar &alpha, at::Tensor &out);

SKGEN_STRUCTURED("myops::cumsum.out(Tensor self, int dim, *, ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_AUTOCAST(fp32_set_opt_dtype)
at::Tensor &cumsum_out(const at::Tensor &self, int64_t dim, c10::optional<at::ScalarType> dtype, at::Tensor &out);

// No policy: today's output (no autocast section, no skgen/autocast.h).
SKGEN_STRUCTURED("myops::plain.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &plain_out(const at::Tensor &self, at::Tensor &out);

} // namespace myops
