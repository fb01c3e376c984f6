// derivatives.yaml's retain_variables and wrap_opt_if in formulas
// (test/Gen/derivative-constructs.test).
#include <ATen/ATen.h>
#include <skgen/annotations.h>

#include <tuple>

namespace cops {

std::tuple<at::Tensor, at::Tensor>
fused_backward(const at::Tensor &grad, c10::optional<at::Tensor> self,
               c10::optional<at::Tensor> other, const at::Tensor &result,
               std::array<bool, 2> mask);

SKGEN_STRUCTURED("cops::fused.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary)
SKGEN_DERIVATIVE("self, other", "fused_backward(grad, wrap_opt_if(self, grad_input_mask[1]), wrap_opt_if(other, grad_input_mask[0]), retain_variables ? result.conj() : result, grad_input_mask)")
at::Tensor &fused_out_cpu(const at::Tensor &self, const at::Tensor &other,
                          at::Tensor &out);

} // namespace cops
