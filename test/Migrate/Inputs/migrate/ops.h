// A hand-written operator library (stub headers): kernels declared here.
#pragma once
#include <ATen/ATen.h>

namespace myops {
namespace native {
at::Tensor &add_out_cpu(const at::Tensor &self, const at::Tensor &other,
                        const at::Scalar &alpha, at::Tensor &out);
at::Tensor &add_out_meta(const at::Tensor &self, const at::Tensor &other,
                         const at::Scalar &alpha, at::Tensor &out);
} // namespace native
} // namespace myops
