// Stand-in for PyTorch's torch/csrc/stable/tensor.h (scan tests): the
// stable ABI's types as kernels declare them, in the namespaces Clang
// prints for PyTorch 2.13's headers.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>
namespace c10 {
enum class ScalarType : int8_t { Float, Long };
template <class T> class HeaderOnlyArrayRef {};
} // namespace c10
namespace torch {
namespace headeronly {
using c10::HeaderOnlyArrayRef;
using c10::ScalarType;
using IntHeaderOnlyArrayRef = HeaderOnlyArrayRef<int64_t>;
} // namespace headeronly
namespace stable {
class Tensor {};
class Device {};
} // namespace stable
} // namespace torch
