// A functional-only library in torchvision's shape: functional operators and
// their _*_backward operators, defined by hand.
#include "ops.h"
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/library.h>

#include <utility>

namespace vis {

at::Tensor roi_align(const at::Tensor &input, const at::Tensor &rois,
                     double spatial_scale, c10::SymInt pooled_height,
                     c10::SymInt pooled_width) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("vis::roi_align", "")
                       .typed<decltype(roi_align)>();
  // Moved, as torchvision passes its SymInt arguments.
  return op.call(input, rois, spatial_scale, std::move(pooled_height),
                 std::move(pooled_width));
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
} // namespace detail

} // namespace vis

TORCH_LIBRARY_FRAGMENT(vis, m) {
  m.def(TORCH_SELECTIVE_SCHEMA("vis::roi_align(Tensor input, Tensor rois, float spatial_scale, SymInt pooled_height, SymInt pooled_width) -> Tensor"));
  m.def(TORCH_SELECTIVE_SCHEMA("vis::_roi_align_backward(Tensor grad, Tensor rois, float spatial_scale, SymInt pooled_height, SymInt pooled_width, SymInt batch_size, SymInt channels, SymInt height, SymInt width) -> Tensor"));
  m.def("nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor");
  m.def("box_pair(Tensor boxes) -> (Tensor, Tensor)");
  m.def("count(Tensor boxes) -> int");
}
