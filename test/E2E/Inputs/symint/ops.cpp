// Ops whose output shapes come from SymInt / SymInt[] arguments
// (test/E2E/symint.test). Their meta functions take skgen::SymInt /
// skgen::SymIntArrayRef (c10::SymInt / c10::SymIntArrayRef with PyTorch >= 2,
// int64_t / at::IntArrayRef with 1.13) and compute the output sizes with
// them, so under torch.compile(dynamic=True) a size passed as an argument
// (`pad_to(x, [x.shape[0] + 1, ...])`) stays symbolic. The CPU kernels take
// concrete values: at::IntArrayRef (the generated wrapper converts with
// C10_AS_INTARRAYREF_SLOW) and c10::SymInt (passed as it is).
#include <ATen/ATen.h>

#include <skgen/annotations.h>
#include <skgen/structured.h>

#include <algorithm>
#include <vector>

namespace symops {

// self zero-padded or cropped to `size` (one size per dim).
skgen::Meta pad_to_meta(const at::Tensor &self, skgen::SymIntArrayRef size) {
  TORCH_CHECK(static_cast<int64_t>(size.size()) == self.dim(),
              "pad_to: expected ", self.dim(), " sizes, got ", size.size());
  for (const auto &s : size)
    TORCH_CHECK(s >= 0, "pad_to: negative size ", s);
  return skgen::TensorMeta(size, self.scalar_type());
}

SKGEN_STRUCTURED("symops::pad_to.out(Tensor self, SymInt[] size, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META(pad_to_meta)
at::Tensor &pad_to_out_cpu(const at::Tensor &self, at::IntArrayRef size,
                           at::Tensor &out) {
  out.zero_();
  at::Tensor dst = out, src = self;
  for (int64_t d = 0; d < self.dim(); ++d) {
    int64_t k = std::min(size[d], self.size(d));
    dst = dst.narrow(d, 0, k);
    src = src.narrow(d, 0, k);
  }
  dst.copy_(src);
  return out;
}

// self's rows repeated n times (x.repeat(n, 1, ...)): n * rows rows.
skgen::Meta repeat_rows_meta(const at::Tensor &self, skgen::SymInt n) {
  TORCH_CHECK(self.dim() >= 1, "repeat_rows: expected a tensor with rows");
  TORCH_CHECK(n >= 0, "repeat_rows: n must be non-negative, got ", n);
  skgen::SizeVector shape(skgen::sizes_of(self).begin(),
                          skgen::sizes_of(self).end());
  shape[0] = shape[0] * n;
  return skgen::TensorMeta(std::move(shape), self.scalar_type());
}

SKGEN_STRUCTURED("symops::repeat_rows.out(Tensor self, SymInt n, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META(repeat_rows_meta)
at::Tensor &repeat_rows_out_cpu(const at::Tensor &self, c10::SymInt n,
                                at::Tensor &out) {
  // A CPU kernel runs on real tensors: n is a concrete value.
  const int64_t times = n.expect_int(), rows = self.size(0);
  for (int64_t i = 0; i < times; ++i)
    out.narrow(0, i * rows, rows).copy_(self);
  return out;
}

// A preset with a SymInt dim: presets take concrete dims (the generated call
// guards it, SKGEN_GUARD_INT).
SKGEN_STRUCTURED("symops::sum_dim.out(Tensor self, SymInt dim, bool "
                 "keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_NO_INPLACE
SKGEN_META_PRESET(reduction, self, dim, keepdim)
at::Tensor &sum_dim_out_cpu(const at::Tensor &self, int64_t dim, bool keepdim,
                            at::Tensor &out) {
  return at::sum_out(out, self, {dim}, keepdim);
}

// Functional kernels taking concrete values (SKGEN_FUNCTIONAL_KERNEL, and a
// Meta key's SKGEN_KERNEL naming the functional op): the out= and in-place
// wrappers derived from them guard the SymInt / convert the SymInt[] (the
// dispatcher does for the functional overload, registered as the kernel).
SKGEN_STRUCTURED("symops::roll_rows.out(Tensor self, SymInt n, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_KERNEL
at::Tensor roll_rows_cpu(const at::Tensor &self, int64_t n) {
  return at::roll(self, {n}, {0});
}
SKGEN_KERNEL("symops::roll_rows", Meta)
at::Tensor roll_rows_meta(const at::Tensor &self, int64_t n) {
  (void)n;
  return at::empty_like(self);
}

skgen::Meta roll_dims_meta(const at::Tensor &self,
                           skgen::SymIntArrayRef shifts) {
  TORCH_CHECK(static_cast<int64_t>(shifts.size()) == self.dim(),
              "roll_dims: expected ", self.dim(), " shifts, got ",
              shifts.size());
  return skgen::TensorMeta(skgen::sizes_of(self), self.scalar_type());
}

SKGEN_STRUCTURED("symops::roll_dims.out(Tensor self, SymInt[] shifts, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_FUNCTIONAL_KERNEL
SKGEN_META(roll_dims_meta)
at::Tensor roll_dims_cpu(const at::Tensor &self, at::IntArrayRef shifts) {
  std::vector<int64_t> dims(shifts.size());
  for (size_t d = 0; d < dims.size(); ++d)
    dims[d] = static_cast<int64_t>(d);
  return at::roll(self, shifts, dims);
}

} // namespace symops
