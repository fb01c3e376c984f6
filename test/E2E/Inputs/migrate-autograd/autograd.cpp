#include "ops.h"
#include <torch/autograd.h>
#include <torch/library.h>

namespace vis {

namespace {

class WSumFunction : public torch::autograd::Function<WSumFunction> {
public:
  static torch::autograd::variable_list
  forward(torch::autograd::AutogradContext *ctx,
          const torch::autograd::Variable &input,
          const torch::autograd::Variable &weight, double alpha,
          c10::SymInt k) {
    ctx->saved_data["alpha"] = alpha;
    ctx->saved_data["k"] = k;
    ctx->saved_data["input_shape"] = input.sym_sizes();
    ctx->save_for_backward({weight});
    at::AutoDispatchBelowADInplaceOrView g;
    auto result = wsum(input, weight, alpha, k);
    return {result};
  }

  static torch::autograd::variable_list
  backward(torch::autograd::AutogradContext *ctx,
           const torch::autograd::variable_list &grad_output) {
    auto saved = ctx->get_saved_variables();
    auto weight = saved[0];
    auto input_shape = ctx->saved_data["input_shape"].toList();
    auto grad_in = detail::_wsum_backward(
        grad_output[0], weight, ctx->saved_data["alpha"].toDouble(),
        ctx->saved_data["k"].toSymInt(), input_shape[0].get().toSymInt(),
        input_shape[1].get().toSymInt());
    return {grad_in, torch::autograd::Variable(), torch::autograd::Variable(),
            torch::autograd::Variable()};
  }
};

at::Tensor wsum_autograd(const at::Tensor &input, const at::Tensor &weight,
                         double alpha, c10::SymInt k) {
  return WSumFunction::apply(input, weight, alpha, k)[0];
}

} // namespace

} // namespace vis

TORCH_LIBRARY_IMPL(vis, Autograd, m) {
  m.impl("wsum", vis::wsum_autograd);
}
