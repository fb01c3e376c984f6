// What a user's add.cpp has above the generated block: the out kernel.
#include <ATen/core/Tensor.h>
namespace myops {
at::Tensor &add_out_cpu(const at::Tensor &self, const at::Tensor &other,
                        const at::Scalar &alpha, at::Tensor &out);
} // namespace myops
