#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace aotiops {

// Two overloads of one name: only the default one gets the shim name.
SKGEN_STRUCTURED("aotiops::scale.out(Tensor self, float factor, bool "
                 "round=False, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU, CUDA)
at::Tensor &scale_out(const at::Tensor &self, double factor, bool round,
                      at::Tensor &out) {
  return out;
}

SKGEN_STRUCTURED("aotiops::scale.Tensor_out(Tensor self, Tensor factor, *, "
                 "Tensor(a!) out) -> Tensor(a!)",
                 CPU)
at::Tensor &scale_tensor_out(const at::Tensor &self, const at::Tensor &factor,
                             at::Tensor &out) {
  return out;
}

// Lists, optionals, a ScalarType, SymInt[]; a Meta-only kernel gets none.
SKGEN_STRUCTURED("aotiops::pick.out(Tensor self, SymInt[] size, int[] dims, "
                 "Tensor[] others, Scalar? bias=None, ScalarType? dtype=None, "
                 "*, Tensor(a!) out) -> Tensor(a!)",
                 CPU)
at::Tensor &pick_out(const at::Tensor &self, c10::SymIntArrayRef size,
                     at::IntArrayRef dims, at::TensorList others,
                     const std::optional<at::Scalar> &bias,
                     std::optional<at::ScalarType> dtype, at::Tensor &out) {
  return out;
}

SKGEN_STRUCTURED("aotiops::meta_only.out(Tensor self, *, Tensor(a!) out) -> "
                 "Tensor(a!)",
                 Meta)
at::Tensor &meta_only_out(const at::Tensor &self, at::Tensor &out) {
  return out;
}

} // namespace aotiops
