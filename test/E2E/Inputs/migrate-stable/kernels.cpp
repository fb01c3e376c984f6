// A hand-written stable-ABI library (test/E2E/migrate-stable.test): float
// CPU kernels boxed by TORCH_BOX, which cannot box a reference, so they
// return by value (a handle to the same tensor). The out= kernels do not
// resize (the stable ABI has no resize_output): out must have self's size.
#include <torch/csrc/stable/library.h>
#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>

#include <cstdint>

namespace smig {
using torch::stable::Tensor;

namespace {
void checkFloat(const Tensor &T, const char *Op) {
  STD_TORCH_CHECK(T.scalar_type() == torch::headeronly::ScalarType::Float, Op,
                  ": expected a float tensor");
  STD_TORCH_CHECK(T.is_contiguous(), Op, ": expected a contiguous tensor");
}

template <typename F> Tensor map(const Tensor &Self, Tensor &Out, F Fn) {
  STD_TORCH_CHECK(Out.numel() == Self.numel(), "smig: out has ", Out.numel(),
                  " elements, expected ", Self.numel());
  const float *In = static_cast<const float *>(Self.data_ptr());
  float *Res = static_cast<float *>(Out.data_ptr());
  for (int64_t I = 0; I < Self.numel(); ++I)
    Res[I] = Fn(In[I]);
  return Out;
}
} // namespace

Tensor square_out(const Tensor &self, Tensor &out) {
  checkFloat(self, "smig::square");
  checkFloat(out, "smig::square");
  return map(self, out, [](float X) { return X * X; });
}

Tensor square(const Tensor &self) {
  Tensor out = torch::stable::empty_like(self);
  return square_out(self, out);
}

Tensor square_(Tensor &self) { return square_out(self, self); }

Tensor scale_out(const Tensor &self, double factor, Tensor &out) {
  checkFloat(self, "smig::scale");
  checkFloat(out, "smig::scale");
  STD_TORCH_CHECK(factor != 0, "smig::scale: factor must not be 0");
  return map(self, out,
             [factor](float X) { return static_cast<float>(X * factor); });
}

Tensor scale(const Tensor &self, double factor) {
  Tensor out = torch::stable::empty_like(self);
  return scale_out(self, factor, out);
}

Tensor twice(const Tensor &self) { return scale(self, 2.0); }
} // namespace smig

STABLE_TORCH_LIBRARY_IMPL(smig, CPU, m) {
  m.impl("square.out", TORCH_BOX(&smig::square_out));
  m.impl("square", TORCH_BOX(&smig::square));
  m.impl("square_", TORCH_BOX(&smig::square_));
  m.impl("scale.out", TORCH_BOX(&smig::scale_out));
  m.impl("scale", TORCH_BOX(&smig::scale));
  m.impl("twice", TORCH_BOX(&smig::twice));
}
