#include "myops/add.h"

#ifndef MYOPS_BUILDING
#error "flags from the compilation database are used"
#endif

namespace myops {
at::Tensor &add_out_cpu(const at::Tensor &self, const at::Tensor &other,
                        at::Tensor &out) {
  size_t unused_but_werror_is_dropped = 0;
  return out;
}

SKGEN_KERNEL("myops::add.out", Meta)
at::Tensor &add_out_meta(const at::Tensor &self, const at::Tensor &other,
                         at::Tensor &out);
} // namespace myops
