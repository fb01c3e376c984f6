// Only a kernel of a family declared in decl.cpp.
#include <skgen/annotations.h>
#include <torch/library.h>

namespace myops {
SKGEN_KERNEL("myops::relu.out", CUDA)
at::Tensor &relu_out_cuda(const at::Tensor &self, at::Tensor &out);
} // namespace myops
