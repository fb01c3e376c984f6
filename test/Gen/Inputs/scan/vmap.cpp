#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <skgen/structured.h>

#include <optional>
#include <tuple>

namespace vops {

SKGEN_STRUCTURED("vops::add.out(Tensor self, Tensor other, *, Scalar alpha=1, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(binary)
at::Tensor &add_out(const at::Tensor &self, const at::Tensor &other,
                    const at::Scalar &alpha, at::Tensor &out);

SKGEN_STRUCTURED("vops::amax.out(Tensor self, int[1] dim=[], bool keepdim="
                 "False, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(reduction)
at::Tensor &amax_out(const at::Tensor &self, at::IntArrayRef dim, bool keepdim,
                     at::Tensor &out);

skgen::Meta axpy_meta(const at::Tensor &x, const at::Tensor &y, double a);
std::tuple<at::Tensor, std::optional<int64_t>>
axpy_vmap(const at::Tensor &x, std::optional<int64_t> x_bdim,
          const at::Tensor &y, std::optional<int64_t> y_bdim, double a);
SKGEN_STRUCTURED("vops::axpy.out(Tensor x, Tensor y, float a, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_INPLACE_ARG("x")
SKGEN_META(axpy_meta)
SKGEN_VMAP(axpy_vmap)
at::Tensor &axpy_out(const at::Tensor &x, const at::Tensor &y, double a,
                     at::Tensor &out);

skgen::Meta twice_meta(const at::Tensor &self);
SKGEN_STRUCTURED("vops::twice.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 CPU)
SKGEN_META(twice_meta)
at::Tensor &twice_out(const at::Tensor &self, at::Tensor &out);

SKGEN_STRUCTURED("vops::count.out(Tensor self, int? dim=None, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(reduction)
at::Tensor &count_out(const at::Tensor &self, c10::optional<int64_t> dim,
                      at::Tensor &out);

SKGEN_STRUCTURED("vops::neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary)
SKGEN_NO_VMAP
at::Tensor &neg_out(const at::Tensor &self, at::Tensor &out);

SKGEN_STRUCTURED("vops::scaled.out(Tensor self, Tensor weight, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
SKGEN_META_PRESET(unary, self)
at::Tensor &scaled_out(const at::Tensor &self, const at::Tensor &weight,
                       at::Tensor &out);

} // namespace vops
