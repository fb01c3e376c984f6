#include <ATen/ATen.h>
#include <skgen/annotations.h>

#include <tuple>

namespace ffops {

// Declared by its functional schema: only ffops::scale is defined.
SKGEN_STRUCTURED("ffops::scale(Tensor self, float factor) -> Tensor", CPU)
SKGEN_META_PRESET(unary)
at::Tensor scale_cpu(const at::Tensor &self, double factor) { return self; }

SKGEN_KERNEL("ffops::scale", CUDA)
at::Tensor scale_cuda(const at::Tensor &self, double factor) { return self; }

// Named returns, no meta function, its out= variant asked for: out0, out1.
SKGEN_STRUCTURED("ffops::pool.Tensor(Tensor self, Tensor rois) -> "
                 "(Tensor output, Tensor argmax)", CPU)
SKGEN_WITH_OUT
std::tuple<at::Tensor, at::Tensor> pool_cpu(const at::Tensor &self,
                                            const at::Tensor &rois) {
  return std::make_tuple(self, rois);
}

// Both variants asked for.
SKGEN_STRUCTURED("ffops::shift(Tensor self, Scalar by) -> Tensor", CPU)
SKGEN_WITH_OUT
SKGEN_WITH_INPLACE
SKGEN_META_PRESET(unary)
at::Tensor shift_cpu(const at::Tensor &self, const at::Scalar &by) {
  return self;
}

} // namespace ffops
