//===- skgen/aoti.h - What generated AOTInductor C shims use ----*- C++ -*-===//
//
// Header-only. The C shims skgen generates with --aoti-shims
// (docs/generation.md, "AOTInductor C shims") are compiled only where
// PyTorch ships AOTInductor's C shim headers (2.x; not Debian's 1.13):
// SKGEN_AOTI is 1 there, else 0 and the shims are left out. The helpers turn
// what AOTInductor passes (torchgen's gen_aoti_c_shim convention:
// AtenTensorHandle, pointers for optionals, pointer + length for lists) into
// the dispatcher's argument types, and a result into a new handle.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_AOTI_H
#define SKGEN_AOTI_H

#if !defined(SKGEN_AOTI) && defined(__has_include)
#if __has_include(<torch/csrc/inductor/aoti_torch/utils.h>)
#define SKGEN_AOTI 1
#endif
#endif
#ifndef SKGEN_AOTI
#define SKGEN_AOTI 0
#endif

#if SKGEN_AOTI
#include <ATen/Tensor.h>
#include <c10/core/SymIntArrayRef.h>
#include <torch/csrc/inductor/aoti_torch/c/shim.h>
#include <torch/csrc/inductor/aoti_torch/utils.h>

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace skgen {
namespace aoti {

/// The tensor behind a handle. The call goes through the dispatcher, whose
/// Conjugate / Negative fallbacks resolve lazy conj/neg bits, so no clone
/// here (a shim calling a kernel directly would need one).
inline const at::Tensor &tensor(AtenTensorHandle H) {
  return *torch::aot_inductor::tensor_handle_to_tensor_pointer(H);
}

/// `Tensor?`: a pointer to a handle, null for None.
inline std::optional<at::Tensor> optional_tensor(const AtenTensorHandle *H) {
  if (!H)
    return std::nullopt;
  return tensor(*H);
}

/// `Tensor[]`: \p N handles.
inline std::vector<at::Tensor> tensors(const AtenTensorHandle *H, int64_t N) {
  std::vector<at::Tensor> V;
  V.reserve(N);
  for (int64_t I = 0; I < N; ++I)
    V.push_back(tensor(H[I]));
  return V;
}

/// `SymInt[]`: AOTInductor passes concrete values.
inline c10::SymIntArrayRef symints(const int64_t *P, int64_t N) {
  return c10::fromIntArrayRefSlow(c10::IntArrayRef(P, N));
}

/// `T?` of a number (int, float, bool as int32_t, Scalar as double,
/// ScalarType as int32_t): a pointer, null for None.
template <class T, class U> std::optional<T> optional(const U *P) {
  if (!P)
    return std::nullopt;
  return static_cast<T>(*P);
}

/// A result as a new handle, owned by the caller.
inline AtenTensorHandle handle(at::Tensor T) {
  return torch::aot_inductor::new_tensor_handle(std::move(T));
}

} // namespace aoti
} // namespace skgen
#endif

#endif // SKGEN_AOTI_H
