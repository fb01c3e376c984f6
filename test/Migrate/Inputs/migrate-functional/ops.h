#pragma once
#include <ATen/ATen.h>
namespace vis {
at::Tensor roi_align(const at::Tensor &input, const at::Tensor &rois,
                     double spatial_scale, c10::SymInt pooled_height,
                     c10::SymInt pooled_width);
namespace detail {
at::Tensor _roi_align_backward(const at::Tensor &grad, const at::Tensor &rois,
                               double spatial_scale, c10::SymInt pooled_height,
                               c10::SymInt pooled_width,
                               c10::SymInt batch_size, c10::SymInt channels,
                               c10::SymInt height, c10::SymInt width);
} // namespace detail
} // namespace vis
