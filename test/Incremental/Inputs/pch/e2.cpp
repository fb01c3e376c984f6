#include <annotated.h>

namespace myops {
SKGEN_KERNEL("myops::abs.out", Meta)
at::Tensor &abs_out_meta(const at::Tensor &self, at::Tensor &out);
} // namespace myops
