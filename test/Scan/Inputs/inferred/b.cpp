#include <ATen/ATen.h>
#include <skgen/annotations.h>
namespace ops {
SKGEN_STRUCTURED("ops::b.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &b_out(const at::Tensor &self, at::Tensor &out);
}
