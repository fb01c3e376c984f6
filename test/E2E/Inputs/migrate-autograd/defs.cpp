#include "ops.h"
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/library.h>

namespace vis {

at::Tensor wsum(const at::Tensor &input, const at::Tensor &weight,
                double alpha, c10::SymInt k) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("vis::wsum", "")
                       .typed<decltype(wsum)>();
  return op.call(input, weight, alpha, k);
}

namespace detail {
at::Tensor _wsum_backward(const at::Tensor &grad, const at::Tensor &weight,
                          double alpha, c10::SymInt k, c10::SymInt batch,
                          c10::SymInt channels) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("vis::_wsum_backward", "")
                       .typed<decltype(_wsum_backward)>();
  return op.call(grad, weight, alpha, k, batch, channels);
}
} // namespace detail

} // namespace vis

TORCH_LIBRARY(vis, m) {
  m.def("wsum.out(Tensor input, Tensor weight, float alpha, SymInt k, *, Tensor(a!) out) -> Tensor(a!)");
  m.def("wsum(Tensor input, Tensor weight, float alpha, SymInt k) -> Tensor");
  m.def("_wsum_backward(Tensor grad, Tensor weight, float alpha, SymInt k, SymInt batch, SymInt channels) -> Tensor");
}
