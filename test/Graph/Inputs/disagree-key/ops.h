// Included by a.cpp and b.cpp, which choose the dispatch key (OPS_KEY)
// before; the wrapper macro expands it into the annotation.
#include <ATen/ATen.h>
#include <skgen/annotations.h>
#define OPS_STRUCTURED(SCHEMA, KEY) SKGEN_STRUCTURED(SCHEMA, KEY)
namespace myops {
OPS_STRUCTURED("myops::axpy.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)", OPS_KEY)
at::Tensor &axpy_out(const at::Tensor &self, const at::Tensor &other,
                     const at::Scalar &alpha, at::Tensor &out);
} // namespace myops
