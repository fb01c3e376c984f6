//===- Target.cpp - The PyTorch C++ API generated code is written in ------===//
#include "Gen/Target.h"

namespace skgen {
namespace gen {

const Target &targetFor(skgen::Abi A) {
  static const Target Libtorch{
      skgen::Abi::Libtorch, "at::Tensor",
      "skgen/structured.h", "torch/library.h",
      "TORCH_LIBRARY",      "TORCH_LIBRARY_FRAGMENT",
      "TORCH_LIBRARY_IMPL", "c10::OptionalDeviceGuard"};
  static const Target Stable{
      skgen::Abi::Stable,          "torch::stable::Tensor",
      "skgen/stable/structured.h", "torch/csrc/stable/library.h",
      "STABLE_TORCH_LIBRARY",      "STABLE_TORCH_LIBRARY_FRAGMENT",
      "STABLE_TORCH_LIBRARY_IMPL", "::skgen::DeviceGuard"};
  return A == skgen::Abi::Stable ? Stable : Libtorch;
}

} // namespace gen
} // namespace skgen
