#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include "b.h"

namespace myops {
SKGEN_KERNEL("myops::add.out", Meta)
at::Tensor &add_out_meta(const at::Tensor &self, const at::Tensor &other,
                         const at::Scalar &alpha, at::Tensor &out);
} // namespace myops
