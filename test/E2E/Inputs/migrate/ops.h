// A hand-written operator library, as libraries were written before skgen:
// out= kernels, and every variant defined and registered by hand.
#pragma once
#include <ATen/ATen.h>

namespace mig {
namespace native {
at::Tensor &add_out_cpu(const at::Tensor &self, const at::Tensor &other,
                        const at::Scalar &alpha, at::Tensor &out);
at::Tensor &add_out_meta(const at::Tensor &self, const at::Tensor &other,
                         const at::Scalar &alpha, at::Tensor &out);
at::Tensor &scale_out_cpu(const at::Tensor &self, double factor,
                          at::Tensor &out);
void fused_out_cpu(const at::Tensor &a, const at::Tensor &b, at::Tensor &out);
void fused_out_meta(const at::Tensor &a, const at::Tensor &b, at::Tensor &out);
} // namespace native
} // namespace mig
