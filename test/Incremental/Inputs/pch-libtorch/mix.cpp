#include <ATen/ATen.h>
#include <torch/library.h>
#include <skgen/annotations.h>

namespace myops {
SKGEN_STRUCTURED("myops::mix.out(Tensor self, Tensor? w, Scalar? s, int[] dims, "
                 "int[]? odims, Tensor[] ts, str mode, ScalarType? dtype, "
                 "Layout? layout, Device? device, MemoryFormat? fmt, float f, "
                 "*, Tensor(a!) out, Tensor(b!) out2) -> (Tensor(a!), Tensor(b!))", CPU)
std::tuple<at::Tensor &, at::Tensor &>
mix_out(const at::Tensor &self, const c10::optional<at::Tensor> &w,
        const c10::optional<at::Scalar> &s, at::IntArrayRef dims,
        at::OptionalIntArrayRef odims, at::TensorList ts,
        c10::string_view mode, c10::optional<at::ScalarType> dtype,
        c10::optional<at::Layout> layout, c10::optional<at::Device> device,
        c10::optional<at::MemoryFormat> fmt, double f, at::Tensor &out,
        at::Tensor &out2) {
  return {out, out2};
}

SKGEN_KERNEL("myops::add.out", Meta)
at::Tensor &add_out_meta(const at::Tensor &self, const at::Tensor &other,
                         const at::Scalar &alpha, at::Tensor &out);
} // namespace myops
