// Compiles only with the headers of the toolkit beside nvcc's real path.
#ifndef SKGEN_TEST_REAL_TOOLKIT
#error "not the toolkit beside the real path of the command's nvcc"
#endif
#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace ops {
SKGEN_STRUCTURED("ops::scale.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &scale_out(const at::Tensor &self, at::Tensor &out);
} // namespace ops
