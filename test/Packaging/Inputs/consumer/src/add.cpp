#include "myops/common.h"

namespace myops {
SKGEN_STRUCTURED("myops::add.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &add_out_cpu(const at::Tensor &self, const at::Tensor &other,
                        at::Tensor &out) {
  return out;
}
} // namespace myops
