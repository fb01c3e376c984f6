// One family per combination of family options skgen refuses
// (Facts/OptionRules.h), and one it accepts (ok).
#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <skgen/structured.h>

#include <optional>
#include <tuple>

namespace myops {
skgen::Meta f_meta(const at::Tensor &self);
std::vector<at::Tensor> f_alloc(const at::Tensor &self);
std::tuple<at::Tensor, std::optional<int64_t>>
f_vmap(const at::Tensor &self, std::optional<int64_t> self_bdim);

SKGEN_STRUCTURED("myops::ok.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_KERNEL_ITERATOR
SKGEN_META_PRESET(unary)
at::Tensor &ok_out(const at::Tensor &self, at::Tensor &out);

SKGEN_STRUCTURED("myops::vmap.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_VMAP(f_vmap)
SKGEN_NO_VMAP
at::Tensor &vmap_out(const at::Tensor &self, at::Tensor &out);

SKGEN_STRUCTURED("myops::autograd.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_AUTOGRAD
SKGEN_NOT_DIFFERENTIABLE
at::Tensor &autograd_out(const at::Tensor &self, at::Tensor &out);

SKGEN_STRUCTURED("myops::two_metas.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META(f_meta)
SKGEN_META_PRESET(unary)
at::Tensor &two_metas_out(const at::Tensor &self, at::Tensor &out);

SKGEN_STRUCTURED("myops::alloc_meta.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_ALLOC(f_alloc)
SKGEN_META(f_meta)
at::Tensor &alloc_meta_out(const at::Tensor &self, at::Tensor &out);

SKGEN_STRUCTURED("myops::alloc_preset.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_ALLOC(f_alloc)
SKGEN_META_PRESET(unary)
at::Tensor &alloc_preset_out(const at::Tensor &self, at::Tensor &out);

SKGEN_STRUCTURED("myops::no_meta_kernel.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_META_KERNEL
at::Tensor &no_meta_kernel_out(const at::Tensor &self, at::Tensor &out);

SKGEN_STRUCTURED("myops::casts.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_KERNEL_CASTS
at::Tensor &casts_out(const at::Tensor &self, at::Tensor &out);

SKGEN_STRUCTURED("myops::iterator.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_KERNEL_ITERATOR
at::Tensor &iterator_out(const at::Tensor &self, at::Tensor &out);

SKGEN_STRUCTURED("myops::iterator_meta.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_KERNEL_ITERATOR
SKGEN_META(f_meta)
at::Tensor &iterator_meta_out(const at::Tensor &self, at::Tensor &out);

SKGEN_STRUCTURED("myops::iterator_casts.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_KERNEL_ITERATOR
SKGEN_KERNEL_CASTS
SKGEN_META_PRESET(unary)
at::Tensor &iterator_casts_out(const at::Tensor &self, at::Tensor &out);

SKGEN_STRUCTURED("myops::iterator_addmm.out(Tensor self, Tensor mat1, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_KERNEL_ITERATOR
SKGEN_META_PRESET(addmm)
at::Tensor &iterator_addmm_out(const at::Tensor &self, const at::Tensor &mat1, const at::Tensor &mat2, at::Tensor &out);

SKGEN_STRUCTURED("myops::allocates.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
SKGEN_KERNEL_ALLOCATES
at::Tensor &allocates_out(const at::Tensor &self, at::Tensor &out);

SKGEN_STRUCTURED("myops::inplace_name.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_INPLACE
SKGEN_INPLACE_NAME("Tensor")
at::Tensor &inplace_name_out(const at::Tensor &self, at::Tensor &out);

SKGEN_STRUCTURED("myops::inplace_arg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_INPLACE
SKGEN_INPLACE_ARG("self")
at::Tensor &inplace_arg_out(const at::Tensor &self, at::Tensor &out);

SKGEN_STRUCTURED("myops::functional_kernel.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_FUNCTIONAL
SKGEN_FUNCTIONAL_KERNEL
at::Tensor functional_kernel(const at::Tensor &self);

SKGEN_STRUCTURED("myops::functional_name.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_FUNCTIONAL
SKGEN_FUNCTIONAL_NAME("Tensor")
at::Tensor &functional_name_out(const at::Tensor &self, at::Tensor &out);
} // namespace myops
