// Tiny stand-in for the libtorch headers, for fast scan tests. Names,
// namespaces and typedefs mirror libtorch 1.13 (c10/, ATen/core/ATen_fwd.h)
// so that canonical types print exactly as with the real headers; with
// -DSTUB_TORCH2 they mirror PyTorch 2.x where it differs.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <tuple>
#include <vector>

namespace c10 {
struct TensorOptionsFwd {};
enum class ScalarType : int8_t { Byte, Char, Short, Int, Long, Half, Float };
enum class Layout : int8_t { Strided, Sparse };
enum class MemoryFormat : int8_t { Contiguous, Preserve, ChannelsLast };
struct Device {
  int16_t index = -1;
};
struct Stream {};
class Scalar {
public:
  Scalar(double = 0) {}
};
#ifdef STUB_TORCH2
// PyTorch 2.x: c10's optional and string_view are the standard library's.
using std::nullopt;
using std::nullopt_t;
using std::optional;
using string_view = std::string_view;
#else
template <class T> class optional {
public:
  optional() = default;
};
struct nullopt_t {};
constexpr nullopt_t nullopt{};
#endif
template <typename T> class ArrayRef {
public:
  ArrayRef() = default;
  ArrayRef(std::initializer_list<T> L) : Data(L.begin()), Length(L.size()) {}
  template <class It> ArrayRef(It, It) {}
  template <class A> ArrayRef(const std::vector<T, A> &) {}
  const T *begin() const { return Data; }
  const T *end() const { return Data + Length; }
  bool operator==(ArrayRef) const { return true; }
  const T &operator[](size_t I) const { return Data[I]; }
  const T *Data = nullptr;
  size_t Length = 0;
};
template <typename T> class OptionalArrayRef {};
template <class T> class ListElementReference {
public:
  operator T() const;
  const T &get() const;
};
template <typename T> class List {
public:
  ListElementReference<T> operator[](size_t) const;
};
template <class CharT> class basic_string_view {};
#ifndef STUB_TORCH2
using string_view = basic_string_view<char>;
#endif
class SymInt {
public:
  SymInt(int64_t = 0) {}
};
using SymIntArrayRef = ArrayRef<SymInt>;
class DispatchKeySet;
} // namespace c10

namespace at {
class Tensor {
public:
  Tensor() = default;
  c10::TensorOptionsFwd options() const;
  c10::ArrayRef<int64_t> sizes() const;
  c10::DispatchKeySet key_set() const;
  // What the derivative formulas of the tests call.
  bool defined() const;
  Tensor conj() const;
  Tensor neg() const;
  Tensor mul(const Tensor &other) const;
  Tensor sum() const;
  Tensor expand(c10::ArrayRef<int64_t> size) const;
  c10::SymIntArrayRef sym_sizes() const;
  const Tensor &zero_() const;
  const Tensor &copy_(const Tensor &src) const;
  template <class Sizes>
  Tensor new_zeros_symint(const Sizes &size, c10::TensorOptionsFwd) const;
};
Tensor operator*(const Tensor &, const Tensor &);
Tensor operator*(const Tensor &, const c10::Scalar &);
Tensor operator*(const c10::Scalar &, const Tensor &);
Tensor operator+(const Tensor &, const Tensor &);
Tensor operator-(const Tensor &);
Tensor zeros_like(const Tensor &);
class Generator {};
struct Dimname {};
using c10::ArrayRef;
using c10::Device;
using c10::Layout;
using c10::MemoryFormat;
using c10::optional;
using c10::Scalar;
using c10::ScalarType;
using c10::Stream;
using TensorList = c10::ArrayRef<Tensor>;
using DimnameList = c10::ArrayRef<Dimname>;
using IntArrayRef = c10::ArrayRef<int64_t>;
using OptionalIntArrayRef = c10::OptionalArrayRef<int64_t>;
Tensor empty(IntArrayRef size);
} // namespace at

namespace torch {
using at::Tensor;
} // namespace torch

// What generated blocks use (only declarations matter: the scanner skips
// function bodies).
namespace c10 {
using TensorOptions = TensorOptionsFwd;
using IntArrayRef = ArrayRef<int64_t>;
using DimVector = std::vector<int64_t>;
class OptionalDeviceGuard {
public:
  explicit OptionalDeviceGuard(optional<Device>) {}
};
class OperatorHandle;
class DispatchKeySet {
public:
  DispatchKeySet operator&(DispatchKeySet) const { return *this; }
  DispatchKeySet operator|(DispatchKeySet) const { return *this; }
};
constexpr DispatchKeySet after_ADInplaceOrView_keyset{};
// What hand-written autograd::Function classes save and read back.
class IValue {
public:
  IValue() = default;
  IValue(double);
  IValue(int64_t);
  IValue(bool);
  IValue(SymInt);
  IValue(ArrayRef<int64_t>);
  IValue(ArrayRef<SymInt>);
  double toDouble() const;
  int64_t toInt() const;
  bool toBool() const;
  SymInt toSymInt() const;
  List<int64_t> toIntList() const;
  List<IValue> toList() const;
  std::vector<SymInt> toSymIntVector() const;
};
template <class Sig> class TypedOperatorHandle;
template <class R, class... A> class TypedOperatorHandle<R(A...)> {
public:
  R call(A...) const;
  R redispatch(DispatchKeySet, A...) const;
};
class OperatorHandle {
public:
  template <class Sig> TypedOperatorHandle<Sig> typed() const;
};
class Dispatcher {
public:
  static Dispatcher &singleton();
  OperatorHandle findSchemaOrThrow(const char *Name, const char *Overload);
};
} // namespace c10
namespace torch {
namespace jit {
using Stack = std::vector<c10::IValue>;
} // namespace jit
} // namespace torch
namespace at {
struct AutoDispatchBelowADInplaceOrView {
  AutoDispatchBelowADInplaceOrView();
};
using c10::OptionalDeviceGuard;
using c10::TensorOptions;
c10::optional<Device> device_of(const Tensor &);
Tensor empty(IntArrayRef size, c10::TensorOptions options);
} // namespace at
#define TORCH_CHECK(cond, ...) ((void)(cond))
