//===- Abi.h - The PyTorch C++ ABIs generated code can target ---*- C++ -*-===//
//
// A library's generated code uses one of two PyTorch C++ APIs (`--abi`,
// `Abi:` in .skgen.yaml): libtorch's (at::Tensor, the dispatcher,
// DispatchKeySet; tied to the torch it is built against) or the stable ABI
// (torch::stable::Tensor, STABLE_TORCH_LIBRARY, TORCH_BOX; one binary for
// every torch from the version it targets on). The type mapping (Schema),
// the signature check (Facts), what a family may use (Graph) and the code
// (Gen) all read this one choice.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_BASIC_ABI_H
#define SKGEN_BASIC_ABI_H

#include <string_view>

#include <optional>

namespace skgen {

enum class Abi { Libtorch, Stable };

/// The newest torch whose stable ABI skgen has been checked against (its
/// headers read, a library built against them loaded): what the stable
/// target refuses as missing from the ABI is missing up to this version.
/// Bump it with a new torch after reading its torch/csrc/stable and
/// torch/headeronly again (docs/stable-abi.md, "What does not work").
inline constexpr char NewestKnownTorch[] = "2.15.0";

/// Its name on the command line, in .skgen.yaml and in block stamps.
inline const char *abiName(Abi A) {
  return A == Abi::Stable ? "stable" : "libtorch";
}

/// The ABI named \p Name, or nullopt.
inline std::optional<Abi> parseAbi(std::string_view Name) {
  if (Name == "libtorch")
    return Abi::Libtorch;
  if (Name == "stable")
    return Abi::Stable;
  return std::nullopt;
}

} // namespace skgen

#endif
