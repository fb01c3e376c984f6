//===- Target.h - The PyTorch C++ API generated code is written in -*- C++
//-*-===//
//
// Internal to lib/Gen. The spellings that differ between the two ABIs a
// library can target (Basic/Abi.h): libtorch's C++ API, and the stable ABI
// (torch/csrc/stable: torch::stable::Tensor, STABLE_TORCH_LIBRARY*, boxed
// kernels through TORCH_BOX, other operators called by name). The emitters
// write the same functions for both, with these words.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_GEN_TARGET_H
#define SKGEN_GEN_TARGET_H

#include "Basic/Abi.h"

#include <string>

namespace skgen {
namespace gen {

/// An unboxed kernel for m.impl: a function pointer, not `TORCH_FN(fn)`.
/// PyTorch instantiates the boxing wrapper of a runtime function pointer
/// once per signature, of TORCH_FN once per function: the generated code
/// compiles in about half the time (utils/bench_compile.py,
/// docs/benchmarks.md), for one indirect call per unboxed call.
inline std::string unboxedKernel(const std::string &Fn) { return "&" + Fn; }

struct Target {
  skgen::Abi Abi;
  /// A tensor local: `at::Tensor`, `torch::stable::Tensor`.
  const char *Tensor;
  /// The runtime of structured wrappers (skgen/structured.h or its stable
  /// counterpart) and the registration API's header.
  const char *Runtime, *LibraryHeader;
  /// `TORCH_LIBRARY`, `TORCH_LIBRARY_FRAGMENT`, `TORCH_LIBRARY_IMPL` and
  /// their STABLE_ forms.
  const char *Library, *Fragment, *LibraryImpl;
  /// The RAII device guard of a wrapper, constructed from an optional
  /// device: c10::OptionalDeviceGuard, or the stable runtime's
  /// skgen::DeviceGuard.
  const char *DeviceGuard;

  bool stable() const { return Abi == skgen::Abi::Stable; }
  /// What m.impl registers for function \p Fn: `&fn` (unboxed) or
  /// `TORCH_BOX(&fn)` (the stable ABI's boxed kernels).
  std::string registered(const std::string &Fn) const {
    return stable() ? "TORCH_BOX(&" + Fn + ")" : unboxedKernel(Fn);
  }
  /// Copies tensor \p Src into \p Dst (`dst.copy_(src)`; the stable ABI
  /// has no Tensor::copy_, only torch::stable::copy_).
  std::string copyInto(const std::string &Dst, const std::string &Src) const {
    return stable() ? "torch::stable::copy_(" + Dst + ", " + Src + ")"
                    : Dst + ".copy_(" + Src + ")";
  }
};

const Target &targetFor(skgen::Abi A);

} // namespace gen
} // namespace skgen

#endif
