// Families for derivative-rules.test: aten's rules without history and for
// forward AD without formulas.
#include <ATen/ATen.h>
#include <skgen/annotations.h>

#include <tuple>

namespace rops {

// Every input non_differentiable (derivatives.yaml's special_bessel_j0).
SKGEN_STRUCTURED("rops::bessel.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_DERIVATIVE("self", "non_differentiable")
at::Tensor &bessel_out(const at::Tensor &self, at::Tensor &out);

// Every output not differentiable (all, isposinf, ...).
SKGEN_STRUCTURED("rops::posinf.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_DERIVATIVE("output_differentiability", "[False]")
at::Tensor &posinf_out(const at::Tensor &self, at::Tensor &out);

// Backward formulas, no forward formula (_log_softmax_backward_data).
SKGEN_STRUCTURED("rops::lsb.out(Tensor self, Tensor output, int dim, Tensor? weight, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_DERIVATIVE("self", "grad - (grad * output.exp()).sum(dim, true)")
SKGEN_DERIVATIVE("output", "non_differentiable")
at::Tensor &lsb_out(const at::Tensor &self, const at::Tensor &output, int64_t dim, const c10::optional<at::Tensor> &weight, at::Tensor &out);

} // namespace rops
