#include "ops.h"
#include <torch/autograd.h>
#include <torch/library.h>

namespace vis {

namespace {

class ROIAlignFunction : public torch::autograd::Function<ROIAlignFunction> {
public:
  static torch::autograd::variable_list
  forward(torch::autograd::AutogradContext *ctx,
          const torch::autograd::Variable &input,
          const torch::autograd::Variable &rois, double spatial_scale,
          c10::SymInt pooled_height, c10::SymInt pooled_width) {
    ctx->saved_data["spatial_scale"] = spatial_scale;
    ctx->saved_data["pooled_height"] = pooled_height;
    ctx->saved_data["pooled_width"] = pooled_width;
    ctx->saved_data["input_shape"] = input.sym_sizes();
    ctx->save_for_backward({rois});
    at::AutoDispatchBelowADInplaceOrView g;
    auto result =
        roi_align(input, rois, spatial_scale, pooled_height, pooled_width);
    return {result};
  }

  static torch::autograd::variable_list
  backward(torch::autograd::AutogradContext *ctx,
           const torch::autograd::variable_list &grad_output) {
    // Use data saved in forward
    auto saved = ctx->get_saved_variables();
    auto rois = saved[0];
    auto input_shape = ctx->saved_data["input_shape"].toList();
    auto grad_in = detail::_roi_align_backward(
        grad_output[0], rois, ctx->saved_data["spatial_scale"].toDouble(),
        ctx->saved_data["pooled_height"].toSymInt(),
        ctx->saved_data["pooled_width"].toSymInt(),
        input_shape[0].get().toSymInt(), input_shape[1].get().toSymInt(),
        input_shape[2].get().toSymInt(), input_shape[3].get().toSymInt());
    return {grad_in, torch::autograd::Variable(), torch::autograd::Variable(),
            torch::autograd::Variable(), torch::autograd::Variable()};
  }
};

class PSPoolFunction : public torch::autograd::Function<PSPoolFunction> {
public:
  static torch::autograd::variable_list
  forward(torch::autograd::AutogradContext *ctx,
          const torch::autograd::Variable &input, double scale) {
    ctx->saved_data["half"] = scale / 2;
    at::AutoDispatchBelowADInplaceOrView g;
    auto result = ps_pool(input, scale);
    return {result};
  }

  static torch::autograd::variable_list
  backward(torch::autograd::AutogradContext *ctx,
           const torch::autograd::variable_list &grad_output) {
    auto grad_in = detail::_ps_pool_backward(
        grad_output[0], ctx->saved_data["half"].toDouble());
    return {grad_in, torch::autograd::Variable()};
  }
};

at::Tensor roi_align_autograd(const at::Tensor &input, const at::Tensor &rois,
                              double spatial_scale, c10::SymInt pooled_height,
                              c10::SymInt pooled_width) {
  return ROIAlignFunction::apply(input, rois, spatial_scale, pooled_height,
                                 pooled_width)[0];
}

at::Tensor ps_pool_autograd(const at::Tensor &input, double scale) {
  return PSPoolFunction::apply(input, scale)[0];
}

} // namespace

} // namespace vis

TORCH_LIBRARY_IMPL(vis, Autograd, m) {
  m.impl("roi_align", vis::roi_align_autograd);
  m.impl("ps_pool", vis::ps_pool_autograd);
}
