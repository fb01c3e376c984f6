#include "ops.h"
#include <torch/library.h>

namespace vis {
namespace {

at::Tensor roi_align_forward_kernel(const at::Tensor &input,
                                    const at::Tensor &rois,
                                    double spatial_scale,
                                    int64_t pooled_height,
                                    int64_t pooled_width) {
  return input;
}

at::Tensor roi_align_backward_kernel(const at::Tensor &grad,
                                     const at::Tensor &rois,
                                     double spatial_scale,
                                     int64_t pooled_height,
                                     int64_t pooled_width, int64_t batch_size,
                                     int64_t channels, int64_t height,
                                     int64_t width) {
  return grad;
}

// Takes float for a float argument, which the dispatcher passes as double.
at::Tensor nms_kernel(const at::Tensor &dets, const at::Tensor &scores,
                      float iou_threshold) {
  return dets;
}

std::tuple<at::Tensor, at::Tensor> box_pair_kernel(const at::Tensor &boxes) {
  return {boxes, boxes};
}

int64_t count_kernel(const at::Tensor &boxes) { return 0; }

} // namespace
} // namespace vis

TORCH_LIBRARY_IMPL(vis, CPU, m) {
  m.impl(TORCH_SELECTIVE_NAME("vis::roi_align"),
         TORCH_FN(vis::roi_align_forward_kernel));
  m.impl(TORCH_SELECTIVE_NAME("vis::_roi_align_backward"),
         TORCH_FN(vis::roi_align_backward_kernel));
  m.impl("nms", TORCH_FN(vis::nms_kernel));
  m.impl("box_pair", TORCH_FN(vis::box_pair_kernel));
  m.impl("count", TORCH_FN(vis::count_kernel));
}
