// CUDA kernels of visionops (torchvision's csrc/ops/cuda/*_kernel.cu,
// condensed): one thread per output element; the backward kernels
// scatter with atomicAdd.
#include <ATen/ATen.h>
#include <ATen/Dispatch.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <torch/library.h>

#include <vector>

namespace visionops {
namespace ops {

namespace {

constexpr int kThreads = 256;

int blocks_for(int64_t n) {
  return static_cast<int>(
      std::min<int64_t>((n + kThreads - 1) / kThreads, 4096));
}

template <typename T>
__device__ bool bilinear_weights(int64_t height, int64_t width, T y, T x,
                                 int64_t idx[4], T w[4]) {
  if (y < -1.0 || y > height || x < -1.0 || x > width)
    return false;
  y = max(y, T(0));
  x = max(x, T(0));
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

// The sampling grid of RoI `roi` for output bin (ph, pw).
template <typename T> struct Bin {
  int64_t batch, grid_h, grid_w;
  T y0, x0, step_h, step_w;
};

template <typename T>
__device__ Bin<T> roi_bin(const T *roi, T spatial_scale, int64_t pooled_height,
                          int64_t pooled_width, int64_t sampling_ratio,
                          bool aligned, int64_t ph, int64_t pw) {
  T offset = aligned ? T(0.5) : T(0);
  T start_w = roi[1] * spatial_scale - offset;
  T start_h = roi[2] * spatial_scale - offset;
  T roi_width = roi[3] * spatial_scale - offset - start_w;
  T roi_height = roi[4] * spatial_scale - offset - start_h;
  if (!aligned) {
    roi_width = max(roi_width, T(1));
    roi_height = max(roi_height, T(1));
  }
  T bin_h = roi_height / pooled_height, bin_w = roi_width / pooled_width;
  Bin<T> b;
  b.batch = static_cast<int64_t>(roi[0]);
  b.grid_h = sampling_ratio > 0
                 ? sampling_ratio
                 : static_cast<int64_t>(ceil(roi_height / pooled_height));
  b.grid_w = sampling_ratio > 0
                 ? sampling_ratio
                 : static_cast<int64_t>(ceil(roi_width / pooled_width));
  b.step_h = bin_h / b.grid_h;
  b.step_w = bin_w / b.grid_w;
  b.y0 = start_h + ph * bin_h;
  b.x0 = start_w + pw * bin_w;
  return b;
}

template <typename T>
__global__ void roi_align_forward_cuda_kernel(
    int64_t total, const T *input, const T *rois, T spatial_scale,
    int64_t channels, int64_t height, int64_t width, int64_t pooled_height,
    int64_t pooled_width, int64_t sampling_ratio, bool aligned, T *output) {
  for (int64_t i = blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += blockDim.x * gridDim.x) {
    int64_t pw = i % pooled_width, ph = (i / pooled_width) % pooled_height;
    int64_t c = (i / pooled_width / pooled_height) % channels;
    int64_t n = i / pooled_width / pooled_height / channels;
    Bin<T> b = roi_bin(rois + n * 5, spatial_scale, pooled_height, pooled_width,
                       sampling_ratio, aligned, ph, pw);
    const T *plane = input + (b.batch * channels + c) * height * width;
    T sum = 0;
    for (int64_t iy = 0; iy < b.grid_h; ++iy)
      for (int64_t ix = 0; ix < b.grid_w; ++ix) {
        int64_t idx[4];
        T w[4];
        if (bilinear_weights(height, width, b.y0 + (iy + T(0.5)) * b.step_h,
                             b.x0 + (ix + T(0.5)) * b.step_w, idx, w))
          for (int k = 0; k < 4; ++k)
            sum += w[k] * plane[idx[k]];
      }
    output[i] = sum / max(b.grid_h * b.grid_w, int64_t(1));
  }
}

template <typename T>
__global__ void roi_align_backward_cuda_kernel(
    int64_t total, const T *grad, const T *rois, T spatial_scale,
    int64_t channels, int64_t height, int64_t width, int64_t pooled_height,
    int64_t pooled_width, int64_t sampling_ratio, bool aligned, T *grad_input) {
  for (int64_t i = blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += blockDim.x * gridDim.x) {
    int64_t pw = i % pooled_width, ph = (i / pooled_width) % pooled_height;
    int64_t c = (i / pooled_width / pooled_height) % channels;
    int64_t n = i / pooled_width / pooled_height / channels;
    Bin<T> b = roi_bin(rois + n * 5, spatial_scale, pooled_height, pooled_width,
                       sampling_ratio, aligned, ph, pw);
    T *plane = grad_input + (b.batch * channels + c) * height * width;
    T g = grad[i] / max(b.grid_h * b.grid_w, int64_t(1));
    for (int64_t iy = 0; iy < b.grid_h; ++iy)
      for (int64_t ix = 0; ix < b.grid_w; ++ix) {
        int64_t idx[4];
        T w[4];
        if (bilinear_weights(height, width, b.y0 + (iy + T(0.5)) * b.step_h,
                             b.x0 + (ix + T(0.5)) * b.step_w, idx, w))
          for (int k = 0; k < 4; ++k)
            atomicAdd(plane + idx[k], g * w[k]);
      }
  }
}

template <typename T>
__global__ void
roi_pool_forward_cuda_kernel(int64_t total, const T *input, const T *rois,
                             T spatial_scale, int64_t channels, int64_t height,
                             int64_t width, int64_t pooled_height,
                             int64_t pooled_width, T *output, int *argmax) {
  for (int64_t i = blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += blockDim.x * gridDim.x) {
    int64_t pw = i % pooled_width, ph = (i / pooled_width) % pooled_height;
    int64_t c = (i / pooled_width / pooled_height) % channels;
    int64_t n = i / pooled_width / pooled_height / channels;
    const T *roi = rois + n * 5;
    int64_t batch = static_cast<int64_t>(roi[0]);
    int64_t start_w = llround(roi[1] * spatial_scale);
    int64_t start_h = llround(roi[2] * spatial_scale);
    int64_t roi_width =
        max(static_cast<int64_t>(llround(roi[3] * spatial_scale)) - start_w + 1,
            int64_t(1));
    int64_t roi_height =
        max(static_cast<int64_t>(llround(roi[4] * spatial_scale)) - start_h + 1,
            int64_t(1));
    T bin_h = static_cast<T>(roi_height) / pooled_height;
    T bin_w = static_cast<T>(roi_width) / pooled_width;
    int64_t hstart = static_cast<int64_t>(floor(ph * bin_h)) + start_h;
    int64_t wstart = static_cast<int64_t>(floor(pw * bin_w)) + start_w;
    int64_t hend = static_cast<int64_t>(ceil((ph + 1) * bin_h)) + start_h;
    int64_t wend = static_cast<int64_t>(ceil((pw + 1) * bin_w)) + start_w;
    hstart = min(max(hstart, int64_t(0)), height);
    hend = min(max(hend, int64_t(0)), height);
    wstart = min(max(wstart, int64_t(0)), width);
    wend = min(max(wend, int64_t(0)), width);
    bool empty = hend <= hstart || wend <= wstart;
    const T *plane = input + (batch * channels + c) * height * width;
    T best = empty ? T(0) : -INFINITY;
    int best_idx = -1;
    for (int64_t h = hstart; h < hend; ++h)
      for (int64_t w = wstart; w < wend; ++w)
        if (plane[h * width + w] > best) {
          best = plane[h * width + w];
          best_idx = static_cast<int>(h * width + w);
        }
    output[i] = best;
    argmax[i] = best_idx;
  }
}

template <typename T>
__global__ void roi_pool_backward_cuda_kernel(
    int64_t total, const T *grad, const T *rois, const int *argmax,
    int64_t channels, int64_t height, int64_t width, int64_t pooled_height,
    int64_t pooled_width, T *grad_input) {
  for (int64_t i = blockIdx.x * blockDim.x + threadIdx.x; i < total;
       i += blockDim.x * gridDim.x) {
    int64_t c = (i / pooled_width / pooled_height) % channels;
    int64_t n = i / pooled_width / pooled_height / channels;
    int64_t batch = static_cast<int64_t>(rois[n * 5]);
    if (argmax[i] >= 0)
      atomicAdd(grad_input + (batch * channels + c) * height * width +
                    argmax[i],
                grad[i]);
  }
}

// suppress[i * n + j] (i < j, in score order): box j overlaps box i by more
// than the threshold.
template <typename T>
__global__ void nms_mask_cuda_kernel(int64_t n, const T *boxes,
                                     double iou_threshold, bool *suppress) {
  for (int64_t k = blockIdx.x * blockDim.x + threadIdx.x; k < n * n;
       k += blockDim.x * gridDim.x) {
    int64_t i = k / n, j = k % n;
    if (j <= i) {
      suppress[k] = false;
      continue;
    }
    const T *a = boxes + i * 4, *b = boxes + j * 4;
    T w = max(T(0), min(a[2], b[2]) - max(a[0], b[0]));
    T h = max(T(0), min(a[3], b[3]) - max(a[1], b[1]));
    T inter = w * h;
    T uni =
        (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter;
    suppress[k] = inter / uni > iou_threshold;
  }
}

void check_rois(const at::Tensor &input, const at::Tensor &rois) {
  TORCH_CHECK(input.is_cuda(), "input must be a CUDA tensor");
  TORCH_CHECK(rois.is_cuda(), "rois must be a CUDA tensor");
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
  at::cuda::CUDAGuard device_guard(input.device());
  at::Tensor output =
      at::zeros({rois.size(0), input.size(1), pooled_height, pooled_width},
                input.options());
  int64_t total = output.numel();
  if (total == 0)
    return output;
  at::Tensor input_c = input.contiguous(), rois_c = rois.contiguous();
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES(input.scalar_type(), "roi_align_forward", [&] {
    roi_align_forward_cuda_kernel<scalar_t>
        <<<blocks_for(total), kThreads, 0, stream>>>(
            total, input_c.data_ptr<scalar_t>(), rois_c.data_ptr<scalar_t>(),
            static_cast<scalar_t>(spatial_scale), input.size(1), input.size(2),
            input.size(3), pooled_height, pooled_width, sampling_ratio, aligned,
            output.data_ptr<scalar_t>());
  });
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return output;
}

at::Tensor
roi_align_backward_kernel(const at::Tensor &grad, const at::Tensor &rois,
                          double spatial_scale, int64_t pooled_height,
                          int64_t pooled_width, int64_t batch_size,
                          int64_t channels, int64_t height, int64_t width,
                          int64_t sampling_ratio, bool aligned) {
  check_rois(grad, rois);
  at::cuda::CUDAGuard device_guard(grad.device());
  at::Tensor grad_input =
      at::zeros({batch_size, channels, height, width}, grad.options());
  int64_t total = grad.numel();
  if (total == 0)
    return grad_input;
  at::Tensor grad_c = grad.contiguous(), rois_c = rois.contiguous();
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES(grad.scalar_type(), "roi_align_backward", [&] {
    roi_align_backward_cuda_kernel<scalar_t>
        <<<blocks_for(total), kThreads, 0, stream>>>(
            total, grad_c.data_ptr<scalar_t>(), rois_c.data_ptr<scalar_t>(),
            static_cast<scalar_t>(spatial_scale), channels, height, width,
            pooled_height, pooled_width, sampling_ratio, aligned,
            grad_input.data_ptr<scalar_t>());
  });
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return grad_input;
}

std::tuple<at::Tensor, at::Tensor>
roi_pool_forward_kernel(const at::Tensor &input, const at::Tensor &rois,
                        double spatial_scale, int64_t pooled_height,
                        int64_t pooled_width) {
  check_rois(input, rois);
  at::cuda::CUDAGuard device_guard(input.device());
  at::Tensor output =
      at::zeros({rois.size(0), input.size(1), pooled_height, pooled_width},
                input.options());
  at::Tensor argmax =
      at::zeros({rois.size(0), input.size(1), pooled_height, pooled_width},
                input.options().dtype(at::kInt));
  int64_t total = output.numel();
  if (total == 0)
    return std::make_tuple(output, argmax);
  at::Tensor input_c = input.contiguous(), rois_c = rois.contiguous();
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES(input.scalar_type(), "roi_pool_forward", [&] {
    roi_pool_forward_cuda_kernel<scalar_t>
        <<<blocks_for(total), kThreads, 0, stream>>>(
            total, input_c.data_ptr<scalar_t>(), rois_c.data_ptr<scalar_t>(),
            static_cast<scalar_t>(spatial_scale), input.size(1), input.size(2),
            input.size(3), pooled_height, pooled_width,
            output.data_ptr<scalar_t>(), argmax.data_ptr<int>());
  });
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return std::make_tuple(output, argmax);
}

at::Tensor roi_pool_backward_kernel(
    const at::Tensor &grad, const at::Tensor &rois, const at::Tensor &argmax,
    double spatial_scale, int64_t pooled_height, int64_t pooled_width,
    int64_t batch_size, int64_t channels, int64_t height, int64_t width) {
  check_rois(grad, rois);
  TORCH_CHECK(argmax.scalar_type() == at::kInt, "argmax must be int32");
  at::cuda::CUDAGuard device_guard(grad.device());
  at::Tensor grad_input =
      at::zeros({batch_size, channels, height, width}, grad.options());
  int64_t total = grad.numel();
  if (total == 0)
    return grad_input;
  at::Tensor grad_c = grad.contiguous(), rois_c = rois.contiguous(),
             argmax_c = argmax.contiguous();
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES(grad.scalar_type(), "roi_pool_backward", [&] {
    roi_pool_backward_cuda_kernel<scalar_t>
        <<<blocks_for(total), kThreads, 0, stream>>>(
            total, grad_c.data_ptr<scalar_t>(), rois_c.data_ptr<scalar_t>(),
            argmax_c.data_ptr<int>(), channels, height, width, pooled_height,
            pooled_width, grad_input.data_ptr<scalar_t>());
  });
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return grad_input;
}

at::Tensor nms_kernel(const at::Tensor &dets, const at::Tensor &scores,
                      double iou_threshold) {
  TORCH_CHECK(dets.is_cuda(), "dets must be a CUDA tensor");
  TORCH_CHECK(dets.dim() == 2 && dets.size(1) == 4,
              "boxes should be a 2d tensor of shape [N, 4]");
  TORCH_CHECK(scores.dim() == 1 && scores.size(0) == dets.size(0),
              "scores should be a 1d tensor with one score per box");
  at::cuda::CUDAGuard device_guard(dets.device());
  if (dets.numel() == 0)
    return at::empty({0}, dets.options().dtype(at::kLong));
  at::Tensor order = std::get<1>(scores.sort(/*stable=*/true, /*dim=*/0,
                                             /*descending=*/true));
  at::Tensor sorted = dets.index_select(0, order).contiguous();
  int64_t n = dets.size(0);
  at::Tensor mask = at::empty({n, n}, dets.options().dtype(at::kBool));
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES(dets.scalar_type(), "nms", [&] {
    nms_mask_cuda_kernel<scalar_t><<<blocks_for(n * n), kThreads, 0, stream>>>(
        n, sorted.data_ptr<scalar_t>(), iou_threshold, mask.data_ptr<bool>());
  });
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  // The greedy pass over the mask, on the host (as torchvision's).
  at::Tensor mask_cpu = mask.cpu();
  const bool *m = mask_cpu.data_ptr<bool>();
  std::vector<char> removed(n, 0);
  std::vector<int64_t> keep;
  for (int64_t i = 0; i < n; ++i) {
    if (removed[i])
      continue;
    keep.push_back(i);
    for (int64_t j = i + 1; j < n; ++j)
      removed[j] |= m[i * n + j];
  }
  at::Tensor kept = at::tensor(keep, order.options().device(at::kCPU));
  return order.index_select(0, kept.to(order.device()));
}

} // namespace

TORCH_LIBRARY_IMPL(visionops, CUDA, m) {
  m.impl("roi_align", TORCH_FN(roi_align_forward_kernel));
  m.impl("_roi_align_backward", TORCH_FN(roi_align_backward_kernel));
  m.impl("roi_pool", TORCH_FN(roi_pool_forward_kernel));
  m.impl("_roi_pool_backward", TORCH_FN(roi_pool_backward_kernel));
  m.impl("nms", TORCH_FN(nms_kernel));
}

} // namespace ops
} // namespace visionops
