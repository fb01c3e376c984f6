// A tiny op library: one structured family, written by hand.
#include <skgen/annotations.h>
#include <torch/library.h>

namespace myops {

SKGEN_STRUCTURED("myops::relu.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &relu_out(const at::Tensor &self, at::Tensor &out);

} // namespace myops

int unrelated();
