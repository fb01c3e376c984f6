#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <torch/library.h>

namespace myext {
SKGEN_STRUCTURED("myext::add.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &add_out_cpu(const at::Tensor &self, const at::Tensor &other,
                        at::Tensor &out) {
  return at::add_out(out, self, other);
}
} // namespace myext
