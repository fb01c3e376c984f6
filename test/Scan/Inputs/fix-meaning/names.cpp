// An unknown meta preset and an unknown derivative name, each close to one
// name: the closest is a guess.
#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
SKGEN_STRUCTURED("myops::neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unray)
at::Tensor &neg_out(const at::Tensor &self, at::Tensor &out);

SKGEN_STRUCTURED("myops::exp.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("slef", "grad * result")
at::Tensor &exp_out(const at::Tensor &self, at::Tensor &out);
} // namespace myops
