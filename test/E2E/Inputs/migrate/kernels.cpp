// Kernels and their registrations, written by hand.
#include "ops.h"
#include <torch/library.h>

namespace mig {
namespace native {

at::Tensor &add_out_cpu(const at::Tensor &self, const at::Tensor &other,
                        const at::Scalar &alpha, at::Tensor &out) {
  TORCH_CHECK(self.device().is_cpu(), "mig::add: expected a CPU tensor");
  return at::add_out(out, self, other, alpha);
}

at::Tensor &add_out_meta(const at::Tensor &self, const at::Tensor &other,
                         const at::Scalar &alpha, at::Tensor &out) {
  out.resize_(at::infer_size(self.sizes(), other.sizes()));
  return out;
}

at::Tensor &scale_out_cpu(const at::Tensor &self, double factor,
                          at::Tensor &out) {
  TORCH_CHECK(factor != 0, "mig::scale: factor must not be 0");
  return at::mul_out(out, self, factor);
}

// out = a * b + a, into a preallocated out (no resize).
void fused_out_cpu(const at::Tensor &a, const at::Tensor &b, at::Tensor &out) {
  TORCH_CHECK(out.sizes() == a.sizes(), "mig::fused_out: out must have a's shape");
  out.copy_(a * b + a);
}

void fused_out_meta(const at::Tensor &a, const at::Tensor &b, at::Tensor &out) {
  TORCH_CHECK(out.sizes() == a.sizes(), "mig::fused_out: out must have a's shape");
}

} // namespace native
} // namespace mig

namespace {
at::Tensor &twice_out(const at::Tensor &self, at::Tensor &out) {
  return at::mul_out(out, self, 2);
}
} // namespace

TORCH_LIBRARY_IMPL(mig, CPU, m) {
  m.impl("add.out", TORCH_FN(mig::native::add_out_cpu));
  m.impl("add", [](const at::Tensor &self, const at::Tensor &other,
                   const at::Scalar &alpha) {
    at::Tensor out = at::empty({0}, self.options());
    mig::native::add_out_cpu(self, other, alpha, out);
    return out;
  });
  m.impl("add_", [](at::Tensor &self, const at::Tensor &other,
                    const at::Scalar &alpha) -> at::Tensor & {
    return mig::native::add_out_cpu(self, other, alpha, self);
  });
  m.impl("scale.out", &mig::native::scale_out_cpu);
  m.impl("fused_out", &mig::native::fused_out_cpu);
  m.impl("scale", [](const at::Tensor &self, double factor) {
    at::Tensor out = at::empty({0}, self.options());
    return mig::native::scale_out_cpu(self, factor, out);
  });
}

TORCH_LIBRARY_IMPL(mig, Meta, m) {
  m.impl("fused_out", &mig::native::fused_out_meta);
  m.impl("add.out", TORCH_FN(mig::native::add_out_meta));
  m.impl("add", [](const at::Tensor &self, const at::Tensor &other,
                   const at::Scalar &alpha) {
    at::Tensor out = at::empty({0}, self.options());
    return mig::native::add_out_meta(self, other, alpha, out);
  });
}

TORCH_LIBRARY_FRAGMENT(mig2, m) {
  m.impl("twice.out",
         torch::dispatch(c10::DispatchKey::CPU, TORCH_FN(twice_out)));
  m.impl("twice", torch::dispatch(c10::kCPU, [](const at::Tensor &self) {
           at::Tensor out = at::empty({0}, self.options());
           return twice_out(self, out);
         }));
  m.impl("twice_", torch::dispatch(c10::kCPU, [](at::Tensor &self) -> at::Tensor & {
           return twice_out(self, self);
         }));
}
