#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
SKGEN_STRUCTURED("myops::rowsum.out(Tensor self, *, ScalarType? dtype=None, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
at::Tensor &rowsum_out(const at::Tensor &self,
                       c10::optional<at::ScalarType> dtype, at::Tensor &out);

SKGEN_STRUCTURED("myops::cast.out(Tensor self, ScalarType dtype, *, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
at::Tensor &cast_out(const at::Tensor &self, at::ScalarType dtype,
                     at::Tensor &out);
} // namespace myops
