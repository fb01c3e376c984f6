#include <ATen/ATen.h>
#include <skgen/annotations.h>
namespace ops {
SKGEN_STRUCTURED("ops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &a_out(const at::Tensor &self, at::Tensor &out);
}
