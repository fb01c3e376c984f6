// CPU kernels of visionops (torchvision's csrc/ops/cpu/*_kernel.cpp,
// condensed): RoIAlign, RoIPool and non-maximum suppression.
#include "../ops.h"

#include <ATen/ATen.h>
#include <ATen/Dispatch.h>
#include <torch/library.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace visionops {
namespace ops {

namespace {

// The value at (y, x) of an height x width plane, bilinearly interpolated;
// 0 outside [-1, height] x [-1, width].
template <typename T>
T bilinear_interpolate(const T *plane, int64_t height, int64_t width, T y,
                       T x) {
  if (y < -1.0 || y > height || x < -1.0 || x > width)
    return 0;
  y = std::max<T>(y, 0);
  x = std::max<T>(x, 0);
  int64_t y_low = static_cast<int64_t>(y), x_low = static_cast<int64_t>(x);
  int64_t y_high, x_high;
  if (y_low >= height - 1) {
    y_high = y_low = height - 1;
    y = static_cast<T>(y_low);
  } else {
    y_high = y_low + 1;
  }
  if (x_low >= width - 1) {
    x_high = x_low = width - 1;
    x = static_cast<T>(x_low);
  } else {
    x_high = x_low + 1;
  }
  T ly = y - y_low, lx = x - x_low, hy = 1 - ly, hx = 1 - lx;
  return hy * hx * plane[y_low * width + x_low] +
         hy * lx * plane[y_low * width + x_high] +
         ly * hx * plane[y_high * width + x_low] +
         ly * lx * plane[y_high * width + x_high];
}

// The four neighbours of (y, x) and their weights; false outside the plane.
template <typename T>
bool bilinear_weights(int64_t height, int64_t width, T y, T x, int64_t idx[4],
                      T w[4]) {
  if (y < -1.0 || y > height || x < -1.0 || x > width)
    return false;
  y = std::max<T>(y, 0);
  x = std::max<T>(x, 0);
  int64_t y_low = static_cast<int64_t>(y), x_low = static_cast<int64_t>(x);
  int64_t y_high, x_high;
  if (y_low >= height - 1) {
    y_high = y_low = height - 1;
    y = static_cast<T>(y_low);
  } else {
    y_high = y_low + 1;
  }
  if (x_low >= width - 1) {
    x_high = x_low = width - 1;
    x = static_cast<T>(x_low);
  } else {
    x_high = x_low + 1;
  }
  T ly = y - y_low, lx = x - x_low, hy = 1 - ly, hx = 1 - lx;
  idx[0] = y_low * width + x_low;
  idx[1] = y_low * width + x_high;
  idx[2] = y_high * width + x_low;
  idx[3] = y_high * width + x_high;
  w[0] = hy * hx;
  w[1] = hy * lx;
  w[2] = ly * hx;
  w[3] = ly * lx;
  return true;
}

// One RoI's box in input coordinates and its sampling grid.
template <typename T> struct RoIBox {
  int64_t batch;
  T start_h, start_w, bin_h, bin_w;
  int64_t grid_h, grid_w;
};

template <typename T>
RoIBox<T> roi_box(const T *roi, double spatial_scale, int64_t pooled_height,
                  int64_t pooled_width, int64_t sampling_ratio, bool aligned) {
  T offset = aligned ? T(0.5) : T(0);
  T start_w = roi[1] * spatial_scale - offset;
  T start_h = roi[2] * spatial_scale - offset;
  T end_w = roi[3] * spatial_scale - offset;
  T end_h = roi[4] * spatial_scale - offset;
  T roi_width = end_w - start_w, roi_height = end_h - start_h;
  if (!aligned) {
    roi_width = std::max<T>(roi_width, 1);
    roi_height = std::max<T>(roi_height, 1);
  }
  RoIBox<T> box;
  box.batch = static_cast<int64_t>(roi[0]);
  box.start_h = start_h;
  box.start_w = start_w;
  box.bin_h = roi_height / pooled_height;
  box.bin_w = roi_width / pooled_width;
  box.grid_h =
      sampling_ratio > 0
          ? sampling_ratio
          : static_cast<int64_t>(std::ceil(roi_height / pooled_height));
  box.grid_w = sampling_ratio > 0
                   ? sampling_ratio
                   : static_cast<int64_t>(std::ceil(roi_width / pooled_width));
  return box;
}

void check_rois(const at::Tensor &input, const at::Tensor &rois) {
  TORCH_CHECK(input.device().is_cpu(), "input must be a CPU tensor");
  TORCH_CHECK(rois.device().is_cpu(), "rois must be a CPU tensor");
  TORCH_CHECK(rois.dim() == 2 && rois.size(1) == 5,
              "rois must have shape [K, 5]");
  TORCH_CHECK(input.scalar_type() == rois.scalar_type(),
              "input and rois must have the same dtype");
}

at::Tensor roi_align_forward_kernel(const at::Tensor &input,
                                    const at::Tensor &rois,
                                    double spatial_scale, int64_t pooled_height,
                                    int64_t pooled_width,
                                    int64_t sampling_ratio, bool aligned) {
  check_rois(input, rois);
  TORCH_CHECK(input.dim() == 4, "input must have shape [N, C, H, W]");
  int64_t num_rois = rois.size(0), channels = input.size(1),
          height = input.size(2), width = input.size(3);
  at::Tensor output = at::zeros(
      {num_rois, channels, pooled_height, pooled_width}, input.options());
  if (output.numel() == 0)
    return output;
  at::Tensor input_c = input.contiguous(), rois_c = rois.contiguous();
  AT_DISPATCH_FLOATING_TYPES(input.scalar_type(), "roi_align_forward", [&] {
    const scalar_t *in = input_c.data_ptr<scalar_t>();
    const scalar_t *rs = rois_c.data_ptr<scalar_t>();
    scalar_t *out = output.data_ptr<scalar_t>();
    for (int64_t n = 0; n < num_rois; ++n) {
      RoIBox<scalar_t> box = roi_box(rs + n * 5, spatial_scale, pooled_height,
                                     pooled_width, sampling_ratio, aligned);
      scalar_t count = std::max<int64_t>(box.grid_h * box.grid_w, 1);
      for (int64_t c = 0; c < channels; ++c) {
        const scalar_t *plane =
            in + (box.batch * channels + c) * height * width;
        for (int64_t ph = 0; ph < pooled_height; ++ph)
          for (int64_t pw = 0; pw < pooled_width; ++pw) {
            scalar_t sum = 0;
            for (int64_t iy = 0; iy < box.grid_h; ++iy) {
              scalar_t y = box.start_h + ph * box.bin_h +
                           (iy + scalar_t(0.5)) * box.bin_h / box.grid_h;
              for (int64_t ix = 0; ix < box.grid_w; ++ix) {
                scalar_t x = box.start_w + pw * box.bin_w +
                             (ix + scalar_t(0.5)) * box.bin_w / box.grid_w;
                sum += bilinear_interpolate(plane, height, width, y, x);
              }
            }
            out[((n * channels + c) * pooled_height + ph) * pooled_width + pw] =
                sum / count;
          }
      }
    }
  });
  return output;
}

at::Tensor
roi_align_backward_kernel(const at::Tensor &grad, const at::Tensor &rois,
                          double spatial_scale, int64_t pooled_height,
                          int64_t pooled_width, int64_t batch_size,
                          int64_t channels, int64_t height, int64_t width,
                          int64_t sampling_ratio, bool aligned) {
  check_rois(grad, rois);
  at::Tensor grad_input =
      at::zeros({batch_size, channels, height, width}, grad.options());
  if (grad.numel() == 0)
    return grad_input;
  at::Tensor grad_c = grad.contiguous(), rois_c = rois.contiguous();
  int64_t num_rois = rois.size(0);
  AT_DISPATCH_FLOATING_TYPES(grad.scalar_type(), "roi_align_backward", [&] {
    const scalar_t *g = grad_c.data_ptr<scalar_t>();
    const scalar_t *rs = rois_c.data_ptr<scalar_t>();
    scalar_t *gin = grad_input.data_ptr<scalar_t>();
    for (int64_t n = 0; n < num_rois; ++n) {
      RoIBox<scalar_t> box = roi_box(rs + n * 5, spatial_scale, pooled_height,
                                     pooled_width, sampling_ratio, aligned);
      scalar_t count = std::max<int64_t>(box.grid_h * box.grid_w, 1);
      for (int64_t c = 0; c < channels; ++c) {
        scalar_t *plane = gin + (box.batch * channels + c) * height * width;
        for (int64_t ph = 0; ph < pooled_height; ++ph)
          for (int64_t pw = 0; pw < pooled_width; ++pw) {
            scalar_t go =
                g[((n * channels + c) * pooled_height + ph) * pooled_width +
                  pw] /
                count;
            for (int64_t iy = 0; iy < box.grid_h; ++iy) {
              scalar_t y = box.start_h + ph * box.bin_h +
                           (iy + scalar_t(0.5)) * box.bin_h / box.grid_h;
              for (int64_t ix = 0; ix < box.grid_w; ++ix) {
                scalar_t x = box.start_w + pw * box.bin_w +
                             (ix + scalar_t(0.5)) * box.bin_w / box.grid_w;
                int64_t idx[4];
                scalar_t w[4];
                if (!bilinear_weights(height, width, y, x, idx, w))
                  continue;
                for (int k = 0; k < 4; ++k)
                  plane[idx[k]] += go * w[k];
              }
            }
          }
      }
    }
  });
  return grad_input;
}

std::tuple<at::Tensor, at::Tensor>
roi_pool_forward_kernel(const at::Tensor &input, const at::Tensor &rois,
                        double spatial_scale, int64_t pooled_height,
                        int64_t pooled_width) {
  check_rois(input, rois);
  TORCH_CHECK(input.dim() == 4, "input must have shape [N, C, H, W]");
  int64_t num_rois = rois.size(0), channels = input.size(1),
          height = input.size(2), width = input.size(3);
  at::Tensor output = at::zeros(
      {num_rois, channels, pooled_height, pooled_width}, input.options());
  at::Tensor argmax =
      at::zeros({num_rois, channels, pooled_height, pooled_width},
                input.options().dtype(at::kInt));
  if (output.numel() == 0)
    return std::make_tuple(output, argmax);
  at::Tensor input_c = input.contiguous(), rois_c = rois.contiguous();
  AT_DISPATCH_FLOATING_TYPES(input.scalar_type(), "roi_pool_forward", [&] {
    const scalar_t *in = input_c.data_ptr<scalar_t>();
    const scalar_t *rs = rois_c.data_ptr<scalar_t>();
    scalar_t *out = output.data_ptr<scalar_t>();
    int *am = argmax.data_ptr<int>();
    for (int64_t n = 0; n < num_rois; ++n) {
      const scalar_t *roi = rs + n * 5;
      int64_t batch = static_cast<int64_t>(roi[0]);
      int64_t start_w = std::lround(roi[1] * spatial_scale);
      int64_t start_h = std::lround(roi[2] * spatial_scale);
      int64_t end_w = std::lround(roi[3] * spatial_scale);
      int64_t end_h = std::lround(roi[4] * spatial_scale);
      int64_t roi_width = std::max<int64_t>(end_w - start_w + 1, 1);
      int64_t roi_height = std::max<int64_t>(end_h - start_h + 1, 1);
      scalar_t bin_h = static_cast<scalar_t>(roi_height) / pooled_height;
      scalar_t bin_w = static_cast<scalar_t>(roi_width) / pooled_width;
      for (int64_t ph = 0; ph < pooled_height; ++ph)
        for (int64_t pw = 0; pw < pooled_width; ++pw) {
          int64_t hstart = static_cast<int64_t>(std::floor(ph * bin_h));
          int64_t wstart = static_cast<int64_t>(std::floor(pw * bin_w));
          int64_t hend = static_cast<int64_t>(std::ceil((ph + 1) * bin_h));
          int64_t wend = static_cast<int64_t>(std::ceil((pw + 1) * bin_w));
          hstart = std::min(std::max<int64_t>(hstart + start_h, 0), height);
          hend = std::min(std::max<int64_t>(hend + start_h, 0), height);
          wstart = std::min(std::max<int64_t>(wstart + start_w, 0), width);
          wend = std::min(std::max<int64_t>(wend + start_w, 0), width);
          bool empty = hend <= hstart || wend <= wstart;
          for (int64_t c = 0; c < channels; ++c) {
            const scalar_t *plane =
                in + (batch * channels + c) * height * width;
            scalar_t best =
                empty ? 0 : -std::numeric_limits<scalar_t>::infinity();
            int best_idx = -1;
            for (int64_t h = hstart; h < hend; ++h)
              for (int64_t w = wstart; w < wend; ++w)
                if (plane[h * width + w] > best) {
                  best = plane[h * width + w];
                  best_idx = static_cast<int>(h * width + w);
                }
            int64_t o =
                ((n * channels + c) * pooled_height + ph) * pooled_width + pw;
            out[o] = best;
            am[o] = best_idx;
          }
        }
    }
  });
  return std::make_tuple(output, argmax);
}

at::Tensor roi_pool_backward_kernel(
    const at::Tensor &grad, const at::Tensor &rois, const at::Tensor &argmax,
    double spatial_scale, int64_t pooled_height, int64_t pooled_width,
    int64_t batch_size, int64_t channels, int64_t height, int64_t width) {
  check_rois(grad, rois);
  TORCH_CHECK(argmax.scalar_type() == at::kInt, "argmax must be int32");
  at::Tensor grad_input =
      at::zeros({batch_size, channels, height, width}, grad.options());
  if (grad.numel() == 0)
    return grad_input;
  at::Tensor grad_c = grad.contiguous(), rois_c = rois.contiguous(),
             argmax_c = argmax.contiguous();
  int64_t num_rois = rois.size(0);
  AT_DISPATCH_FLOATING_TYPES(grad.scalar_type(), "roi_pool_backward", [&] {
    const scalar_t *g = grad_c.data_ptr<scalar_t>();
    const scalar_t *rs = rois_c.data_ptr<scalar_t>();
    const int *am = argmax_c.data_ptr<int>();
    scalar_t *gin = grad_input.data_ptr<scalar_t>();
    for (int64_t n = 0; n < num_rois; ++n) {
      int64_t batch = static_cast<int64_t>(rs[n * 5]);
      for (int64_t c = 0; c < channels; ++c)
        for (int64_t p = 0; p < pooled_height * pooled_width; ++p) {
          int64_t o = (n * channels + c) * pooled_height * pooled_width + p;
          if (am[o] >= 0)
            gin[(batch * channels + c) * height * width + am[o]] += g[o];
        }
    }
  });
  return grad_input;
}

at::Tensor nms_kernel(const at::Tensor &dets, const at::Tensor &scores,
                      double iou_threshold) {
  TORCH_CHECK(dets.device().is_cpu(), "dets must be a CPU tensor");
  TORCH_CHECK(dets.dim() == 2 && dets.size(1) == 4,
              "boxes should be a 2d tensor of shape [N, 4]");
  TORCH_CHECK(scores.dim() == 1 && scores.size(0) == dets.size(0),
              "scores should be a 1d tensor with one score per box");
  if (dets.numel() == 0)
    return at::empty({0}, dets.options().dtype(at::kLong));
  at::Tensor order = std::get<1>(scores.sort(/*stable=*/true, /*dim=*/0,
                                             /*descending=*/true));
  at::Tensor d = dets.contiguous().to(at::kDouble);
  const double *b = d.data_ptr<double>();
  const int64_t *ord = order.data_ptr<int64_t>();
  int64_t n = dets.size(0);
  std::vector<char> suppressed(n, 0);
  std::vector<int64_t> keep;
  auto area = [&](int64_t i) {
    return (b[i * 4 + 2] - b[i * 4]) * (b[i * 4 + 3] - b[i * 4 + 1]);
  };
  for (int64_t oi = 0; oi < n; ++oi) {
    int64_t i = ord[oi];
    if (suppressed[i])
      continue;
    keep.push_back(i);
    for (int64_t oj = oi + 1; oj < n; ++oj) {
      int64_t j = ord[oj];
      if (suppressed[j])
        continue;
      double w = std::max(0.0, std::min(b[i * 4 + 2], b[j * 4 + 2]) -
                                   std::max(b[i * 4], b[j * 4]));
      double h = std::max(0.0, std::min(b[i * 4 + 3], b[j * 4 + 3]) -
                                   std::max(b[i * 4 + 1], b[j * 4 + 1]));
      double inter = w * h;
      if (inter / (area(i) + area(j) - inter) > iou_threshold)
        suppressed[j] = 1;
    }
  }
  return at::tensor(keep, dets.options().dtype(at::kLong));
}

} // namespace

TORCH_LIBRARY_IMPL(visionops, CPU, m) {
  m.impl("roi_align", TORCH_FN(roi_align_forward_kernel));
  m.impl("_roi_align_backward", TORCH_FN(roi_align_backward_kernel));
  m.impl("roi_pool", TORCH_FN(roi_pool_forward_kernel));
  m.impl("_roi_pool_backward", TORCH_FN(roi_pool_backward_kernel));
  m.impl("nms", TORCH_FN(nms_kernel));
}

} // namespace ops
} // namespace visionops
