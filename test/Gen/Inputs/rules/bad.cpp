#include <ATen/ATen.h>
#include <skgen/annotations.h>

#include <tuple>

namespace bops {

SKGEN_STRUCTURED("bops::ignored.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_DERIVATIVE("self", "grad")
SKGEN_DERIVATIVE("output_differentiability", "[False]")
at::Tensor &ignored_out(const at::Tensor &self, at::Tensor &out);

SKGEN_STRUCTURED("bops::partial.out(Tensor self, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)", CPU)
SKGEN_DERIVATIVE("self", "grad_values + grad_indices")
SKGEN_DERIVATIVE("values", "self_t")
std::tuple<at::Tensor &, at::Tensor &> partial_out(const at::Tensor &self, at::Tensor &values, at::Tensor &indices);

} // namespace bops
