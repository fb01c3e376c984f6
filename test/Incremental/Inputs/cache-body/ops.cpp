#include <ATen/ATen.h>
#include <skgen/annotations.h>

#define TWICE(x) ((x) * 2)

namespace myops {

int helper(int x) {
  return x + 1;
}

SKGEN_STRUCTURED("myops::add.out(Tensor self, Tensor other, *, Scalar alpha=1, "
                 "Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &add_out(const at::Tensor &self, const at::Tensor &other,
                    const at::Scalar &alpha, at::Tensor &out) {
  return out;
}

struct Helper {
  static int twice(int x) { return x + x; } int after = 0;
};

SKGEN_STRUCTURED("myops::neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &neg_out(const at::Tensor &self, at::Tensor &out);

} // namespace myops

namespace myops {
at::Tensor &neg_out(const at::Tensor &self, at::Tensor &out) { return out; }
} // namespace myops
