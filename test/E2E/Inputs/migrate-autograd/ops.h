#pragma once
#include <ATen/ATen.h>
namespace vis {
// Calls of the library's operators through the dispatcher (defs.cpp).
at::Tensor wsum(const at::Tensor &input, const at::Tensor &weight,
                double alpha, c10::SymInt k);
namespace detail {
at::Tensor _wsum_backward(const at::Tensor &grad, const at::Tensor &weight,
                          double alpha, c10::SymInt k, c10::SymInt batch,
                          c10::SymInt channels);
} // namespace detail
} // namespace vis
