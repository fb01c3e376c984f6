// Included by a.cpp and b.cpp; b.cpp defines OPS_ALPHA first.
#include <ATen/ATen.h>
#include <skgen/annotations.h>
#ifndef OPS_ALPHA
#define OPS_ALPHA "1"
#endif
namespace myops {
SKGEN_STRUCTURED("myops::axpy.out(Tensor self, Tensor other, *, Scalar alpha=" OPS_ALPHA ", Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &axpy_out(const at::Tensor &self, const at::Tensor &other,
                     const at::Scalar &alpha, at::Tensor &out);
} // namespace myops
