// Out kernels whose only tensor arguments are `Tensor?` or `Tensor[]` (or
// none): the generated functional variants must allocate their outputs with
// the options (device, dtype) of those arguments. Every kernel is written
// with device-generic ATen calls, so one function serves CPU and Meta.
#include <ATen/ATen.h>
#include <ATen/native/Resize.h>
#include <torch/library.h>

#include <skgen/annotations.h>

namespace srcops {

// out = like broadcast to [n], or n sevens.
SKGEN_STRUCTURED("srcops::fill.out(Tensor? like, int n, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU, Meta)
at::Tensor &fill_out(const c10::optional<at::Tensor> &like, int64_t n,
                     at::Tensor &out) {
  at::native::resize_output(out, {n});
  if (like.has_value() && like->defined()) {
    TORCH_CHECK(out.device() == like->device(), "srcops::fill.out: out is on ",
                out.device(), ", like on ", like->device());
    out.copy_(like->expand({n}));
  } else {
    out.fill_(7);
  }
  return out;
}

// out = cat(tensors, dim).
SKGEN_STRUCTURED("srcops::cat2.out(Tensor[] tensors, int dim=0, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU, Meta)
at::Tensor &cat2_out(at::TensorList tensors, int64_t dim, at::Tensor &out) {
  return at::cat_out(out, tensors, dim);
}

// out = cat(tensors) * weight: the first of weight, tensors that holds a
// tensor gives the options. CPU only: meta tensors reach the Meta out kernel
// (registered by hand below) through the alias-key wrapper.
SKGEN_STRUCTURED("srcops::blend.out(Tensor? weight, Tensor[] tensors, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
at::Tensor &blend_out(const c10::optional<at::Tensor> &weight,
                      at::TensorList tensors, at::Tensor &out) {
  at::Tensor R = at::cat(tensors);
  if (weight.has_value() && weight->defined())
    R = R * *weight;
  at::native::resize_output(out, R.sizes());
  TORCH_CHECK(out.device() == R.device(), "srcops::blend.out: out is on ",
              out.device(), ", the inputs on ", R.device());
  return out.copy_(R);
}

// No tensor argument: default options (float CPU).
SKGEN_STRUCTURED("srcops::count.out(int n, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
at::Tensor &count_out(int64_t n, at::Tensor &out) {
  return at::arange_out(out, n);
}

// A `ScalarType? dtype` argument gives the output's dtype when set (as in
// aten's sum); the kernel refuses an out of another dtype.
SKGEN_STRUCTURED("srcops::total.out(Tensor self, *, ScalarType? dtype=None, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
at::Tensor &total_out(const at::Tensor &self,
                      c10::optional<at::ScalarType> dtype, at::Tensor &out) {
  at::ScalarType T = dtype.value_or(self.scalar_type());
  TORCH_CHECK(out.scalar_type() == T, "srcops::total.out: out has dtype ",
              out.scalar_type(), ", expected ", T);
  at::native::resize_output(out, {});
  return out.copy_(self.sum(T));
}

} // namespace srcops

TORCH_LIBRARY_IMPL(srcops, Meta, m) {
  m.impl("blend.out", TORCH_FN(srcops::blend_out));
}
