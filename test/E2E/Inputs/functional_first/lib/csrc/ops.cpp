// The operators' schemas, and their C++ API (csrc/ops.h): calls through the
// dispatcher, as torchvision's csrc/ops/roi_align.cpp writes them.
#include "ops.h"

#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/library.h>

namespace visionops {
namespace ops {

at::Tensor roi_align(const at::Tensor &input, const at::Tensor &rois,
                     double spatial_scale, int64_t pooled_height,
                     int64_t pooled_width, int64_t sampling_ratio,
                     bool aligned) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("visionops::roi_align", "")
                       .typed<decltype(roi_align)>();
  return op.call(input, rois, spatial_scale, pooled_height, pooled_width,
                 sampling_ratio, aligned);
}

at::Tensor roi_align_symint(const at::Tensor &input, const at::Tensor &rois,
                            double spatial_scale, c10::SymInt pooled_height,
                            c10::SymInt pooled_width, int64_t sampling_ratio,
                            bool aligned) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("visionops::roi_align", "")
                       .typed<decltype(roi_align_symint)>();
  return op.call(input, rois, spatial_scale, std::move(pooled_height),
                 std::move(pooled_width), sampling_ratio, aligned);
}

std::tuple<at::Tensor, at::Tensor> roi_pool_symint(const at::Tensor &input,
                                                   const at::Tensor &rois,
                                                   double spatial_scale,
                                                   c10::SymInt pooled_height,
                                                   c10::SymInt pooled_width) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("visionops::roi_pool", "")
                       .typed<decltype(roi_pool_symint)>();
  return op.call(input, rois, spatial_scale, std::move(pooled_height),
                 std::move(pooled_width));
}

at::Tensor nms(const at::Tensor &dets, const at::Tensor &scores,
               double iou_threshold) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("visionops::nms", "")
                       .typed<decltype(nms)>();
  return op.call(dets, scores, iou_threshold);
}

namespace detail {

at::Tensor _roi_align_backward_symint(
    const at::Tensor &grad, const at::Tensor &rois, double spatial_scale,
    c10::SymInt pooled_height, c10::SymInt pooled_width, c10::SymInt batch_size,
    c10::SymInt channels, c10::SymInt height, c10::SymInt width,
    int64_t sampling_ratio, bool aligned) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("visionops::_roi_align_backward", "")
                       .typed<decltype(_roi_align_backward_symint)>();
  return op.call(grad, rois, spatial_scale, std::move(pooled_height),
                 std::move(pooled_width), std::move(batch_size),
                 std::move(channels), std::move(height), std::move(width),
                 sampling_ratio, aligned);
}

at::Tensor
_roi_pool_backward_symint(const at::Tensor &grad, const at::Tensor &rois,
                          const at::Tensor &argmax, double spatial_scale,
                          c10::SymInt pooled_height, c10::SymInt pooled_width,
                          c10::SymInt batch_size, c10::SymInt channels,
                          c10::SymInt height, c10::SymInt width) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("visionops::_roi_pool_backward", "")
                       .typed<decltype(_roi_pool_backward_symint)>();
  return op.call(grad, rois, argmax, spatial_scale, std::move(pooled_height),
                 std::move(pooled_width), std::move(batch_size),
                 std::move(channels), std::move(height), std::move(width));
}

} // namespace detail

TORCH_LIBRARY_FRAGMENT(visionops, m) {
  m.def("roi_align(Tensor input, Tensor rois, float spatial_scale, "
        "SymInt pooled_height, SymInt pooled_width, int sampling_ratio, "
        "bool aligned) -> Tensor");
  m.def("_roi_align_backward(Tensor grad, Tensor rois, float spatial_scale, "
        "SymInt pooled_height, SymInt pooled_width, SymInt batch_size, "
        "SymInt channels, SymInt height, SymInt width, int sampling_ratio, "
        "bool aligned) -> Tensor");
  m.def("roi_pool(Tensor input, Tensor rois, float spatial_scale, "
        "SymInt pooled_height, SymInt pooled_width) -> (Tensor, Tensor)");
  m.def("_roi_pool_backward(Tensor grad, Tensor rois, Tensor argmax, "
        "float spatial_scale, SymInt pooled_height, SymInt pooled_width, "
        "SymInt batch_size, SymInt channels, SymInt height, SymInt width) "
        "-> Tensor");
  m.def("nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor");
}

} // namespace ops
} // namespace visionops
