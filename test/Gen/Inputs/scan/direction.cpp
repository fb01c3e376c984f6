#include <ATen/ATen.h>
#include <skgen/annotations.h>

#include <tuple>

namespace dirops {

// Mixed: a CPU out kernel; Meta's functional kernel is below, XLA's in
// direction_xla.cpp.
SKGEN_STRUCTURED("dirops::mul.out(Tensor self, Tensor other, *, Tensor(a!) "
                 "out) -> Tensor(a!)", CPU)
at::Tensor &mul_out_cpu(const at::Tensor &self, const at::Tensor &other,
                        at::Tensor &out) {
  return out;
}

SKGEN_KERNEL("dirops::mul", Meta)
at::Tensor mul_meta(const at::Tensor &self, const at::Tensor &other) {
  return self;
}

// No out kernel anywhere, a meta preset.
SKGEN_STRUCTURED("dirops::add.out(Tensor self, Tensor other, *, Scalar "
                 "alpha=1, Tensor(a!) out) -> Tensor(a!)", CUDA)
SKGEN_FUNCTIONAL_KERNEL
SKGEN_META_PRESET(binary)
at::Tensor add_cuda(const at::Tensor &self, const at::Tensor &other,
                    const at::Scalar &alpha) {
  return self;
}

// Two outputs, no meta function, no out kernel.
SKGEN_STRUCTURED("dirops::minmax.out(Tensor self, *, Tensor(a!) min, "
                 "Tensor(b!) max) -> (Tensor(a!) min, Tensor(b!) max)", CPU)
SKGEN_FUNCTIONAL_KERNEL
std::tuple<at::Tensor, at::Tensor> minmax_cpu(const at::Tensor &self) {
  return std::make_tuple(self, self);
}

} // namespace dirops
