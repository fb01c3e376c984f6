// visionops' C++ API: the operators, called through the dispatcher (as
// torchvision's csrc/ops/*.h declare them).
#pragma once

#include <ATen/ATen.h>
#include <c10/core/SymInt.h>

#include <tuple>

namespace visionops {
namespace ops {

at::Tensor roi_align(const at::Tensor &input, const at::Tensor &rois,
                     double spatial_scale, int64_t pooled_height,
                     int64_t pooled_width, int64_t sampling_ratio,
                     bool aligned);

at::Tensor roi_align_symint(const at::Tensor &input, const at::Tensor &rois,
                            double spatial_scale, c10::SymInt pooled_height,
                            c10::SymInt pooled_width, int64_t sampling_ratio,
                            bool aligned);

std::tuple<at::Tensor, at::Tensor> roi_pool_symint(const at::Tensor &input,
                                                   const at::Tensor &rois,
                                                   double spatial_scale,
                                                   c10::SymInt pooled_height,
                                                   c10::SymInt pooled_width);

at::Tensor nms(const at::Tensor &dets, const at::Tensor &scores,
               double iou_threshold);

namespace detail {

at::Tensor _roi_align_backward_symint(
    const at::Tensor &grad, const at::Tensor &rois, double spatial_scale,
    c10::SymInt pooled_height, c10::SymInt pooled_width, c10::SymInt batch_size,
    c10::SymInt channels, c10::SymInt height, c10::SymInt width,
    int64_t sampling_ratio, bool aligned);

at::Tensor
_roi_pool_backward_symint(const at::Tensor &grad, const at::Tensor &rois,
                          const at::Tensor &argmax, double spatial_scale,
                          c10::SymInt pooled_height, c10::SymInt pooled_width,
                          c10::SymInt batch_size, c10::SymInt channels,
                          c10::SymInt height, c10::SymInt width);

} // namespace detail
} // namespace ops
} // namespace visionops
