// What Inputs/derivatives.cpp's formulas call: helper functions of the
// user's (their values do not matter to a compile test).
#include <ATen/ATen.h>
#include <skgen/symint.h>

#include <array>
#include <tuple>

namespace dops {
inline std::tuple<at::Tensor, at::Tensor>
atan2_backward(const at::Tensor &grad, const at::Tensor &self,
               const at::Tensor &other, std::array<bool, 2> mask) {
  return {mask[0] ? grad * other : at::Tensor(),
          mask[1] ? grad * self : at::Tensor()};
}
inline at::Tensor mean_backward(const at::Tensor &grad, skgen::SymIntArrayRef,
                                at::IntArrayRef, skgen::SymInt, bool) {
  return grad;
}
inline at::Tensor nll_backward(const at::Tensor &grad, const at::Tensor &,
                               const at::Tensor &,
                               const c10::optional<at::Tensor> &,
                               const at::Tensor &) {
  return grad;
}
} // namespace dops
