#include "ops.h"
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/library.h>

namespace vis {

at::Tensor roi_align(const at::Tensor &input, const at::Tensor &rois,
                     double spatial_scale, c10::SymInt pooled_height,
                     c10::SymInt pooled_width) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("vis::roi_align", "")
                       .typed<decltype(roi_align)>();
  return op.call(input, rois, spatial_scale, pooled_height, pooled_width);
}

at::Tensor ps_pool(const at::Tensor &input, double scale) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("vis::ps_pool", "")
                       .typed<decltype(ps_pool)>();
  return op.call(input, scale);
}

namespace detail {
at::Tensor _roi_align_backward(const at::Tensor &grad, const at::Tensor &rois,
                               double spatial_scale, c10::SymInt pooled_height,
                               c10::SymInt pooled_width,
                               c10::SymInt batch_size, c10::SymInt channels,
                               c10::SymInt height, c10::SymInt width) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("vis::_roi_align_backward", "")
                       .typed<decltype(_roi_align_backward)>();
  return op.call(grad, rois, spatial_scale, pooled_height, pooled_width,
                 batch_size, channels, height, width);
}

at::Tensor _ps_pool_backward(const at::Tensor &grad, double scale) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("vis::_ps_pool_backward", "")
                       .typed<decltype(_ps_pool_backward)>();
  return op.call(grad, scale);
}
} // namespace detail

} // namespace vis

TORCH_LIBRARY(vis, m) {
  m.def("roi_align.out(Tensor input, Tensor rois, float spatial_scale, SymInt pooled_height, SymInt pooled_width, *, Tensor(a!) out) -> Tensor(a!)");
  m.def("roi_align(Tensor input, Tensor rois, float spatial_scale, SymInt pooled_height, SymInt pooled_width) -> Tensor");
  m.def("_roi_align_backward(Tensor grad, Tensor rois, float spatial_scale, SymInt pooled_height, SymInt pooled_width, SymInt batch_size, SymInt channels, SymInt height, SymInt width) -> Tensor");
  m.def("ps_pool.out(Tensor input, float scale, *, Tensor(a!) out) -> Tensor(a!)");
  m.def("ps_pool(Tensor input, float scale) -> Tensor");
  m.def("_ps_pool_backward(Tensor grad, float scale) -> Tensor");
}
