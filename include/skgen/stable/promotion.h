//===- skgen/stable/promotion.h - aten's dtype rules, header-only -*- C++
//-*-===//
//
// The parts of c10/ATen that skgen's runtime core needs on the stable ABI
// (skgen/stable/traits.h) and that torch/headeronly does not provide: dtype
// categories, c10::promoteTypes, c10::canCast, at::native::ResultTypeState,
// at::infer_size, maybe_wrap_dim, make_dim_mask, the names aten prints for
// dtypes and devices, and error raising with aten's exact messages. Each
// function says which aten function it rebuilds; test/E2E/stable-runtime.test
// compares them with aten.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_STABLE_PROMOTION_H
#define SKGEN_STABLE_PROMOTION_H

#include <torch/csrc/stable/device_struct.h>
#include <torch/headeronly/core/ScalarType.h>
#include <torch/headeronly/macros/Macros.h>
#include <torch/headeronly/util/HeaderOnlyArrayRef.h>

#include <bitset>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

// The stable runtime's names are in skgen::stable_abi, an inline namespace
// (spelled skgen:: as the libtorch runtime's), hidden: a library with
// translation units of both targets links both runtimes, whose inline
// functions take other types under the same names (skgen::Meta,
// skgen::Operand) and would otherwise be merged into one.
#define SKGEN_STABLE_NAMESPACE_BEGIN                                           \
  HIDDEN_NAMESPACE_BEGIN(skgen) inline namespace stable_abi {
#define SKGEN_STABLE_NAMESPACE_END                                             \
  }                                                                            \
  HIDDEN_NAMESPACE_END(skgen)

SKGEN_STABLE_NAMESPACE_BEGIN
namespace detail {

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

template <class... Args> std::string str(const Args &...args) {
  std::ostringstream os;
  (void)std::initializer_list<int>{((os << args), 0)...};
  return os.str();
}

} // namespace detail
SKGEN_STABLE_NAMESPACE_END

// Not STD_TORCH_CHECK: it prefixes the message with "function, file:line, ",
// so Python would not see aten's text. A std::runtime_error reaches Python as
// RuntimeError (as c10::Error does), a std::out_of_range as IndexError (as
// c10::IndexError does), with what() as the message.
#define SKGEN_STABLE_CHECK(cond, ...)                                          \
  do {                                                                         \
    if (!(cond))                                                               \
      throw std::runtime_error(::skgen::detail::str(__VA_ARGS__));             \
  } while (0)
#define SKGEN_STABLE_CHECK_INDEX(cond, ...)                                    \
  do {                                                                         \
    if (!(cond))                                                               \
      throw std::out_of_range(::skgen::detail::str(__VA_ARGS__));              \
  } while (0)

SKGEN_STABLE_NAMESPACE_BEGIN
namespace detail {

using torch::headeronly::ScalarType;

//===----------------------------------------------------------------------===//
// Dtype categories (c10/core/ScalarType.h; not in torch/headeronly)
//===----------------------------------------------------------------------===//

inline bool isIntegralType(ScalarType t, bool includeBool) {
  switch (t) {
  case ScalarType::Byte:
  case ScalarType::Char:
  case ScalarType::Short:
  case ScalarType::Int:
  case ScalarType::Long:
  case ScalarType::UInt16:
  case ScalarType::UInt32:
  case ScalarType::UInt64:
    return true;
  case ScalarType::Bool:
    return includeBool;
  default:
    return false;
  }
}

inline bool isFloat8Type(ScalarType t) {
  return t == ScalarType::Float8_e5m2 || t == ScalarType::Float8_e5m2fnuz ||
         t == ScalarType::Float8_e4m3fn || t == ScalarType::Float8_e4m3fnuz ||
         t == ScalarType::Float8_e8m0fnu;
}

inline bool isFloatingType(ScalarType t) {
  return t == ScalarType::Double || t == ScalarType::Float ||
         t == ScalarType::Half || t == ScalarType::BFloat16 ||
         isFloat8Type(t) || t == ScalarType::Float4_e2m1fn_x2;
}

inline bool isComplexType(ScalarType t) {
  return t == ScalarType::ComplexHalf || t == ScalarType::ComplexFloat ||
         t == ScalarType::ComplexDouble;
}

inline bool isBitsType(ScalarType t) {
  return t == ScalarType::Bits1x8 || t == ScalarType::Bits2x4 ||
         t == ScalarType::Bits4x2 || t == ScalarType::Bits8 ||
         t == ScalarType::Bits16;
}

inline bool isBarebonesUnsignedType(ScalarType t) {
  return (t >= ScalarType::UInt1 && t <= ScalarType::UInt7) ||
         t == ScalarType::UInt16 || t == ScalarType::UInt32 ||
         t == ScalarType::UInt64;
}

/// c10::toComplexType for the floating types combine_categories passes.
inline ScalarType toComplexType(ScalarType t) {
  switch (t) {
  case ScalarType::Half:
  case ScalarType::ComplexHalf:
    return ScalarType::ComplexHalf;
  case ScalarType::Double:
  case ScalarType::ComplexDouble:
    return ScalarType::ComplexDouble;
  case ScalarType::BFloat16: // bfloat16 has float's range
  case ScalarType::Float:
  case ScalarType::ComplexFloat:
    return ScalarType::ComplexFloat;
  default:
    SKGEN_STABLE_CHECK(false, "Unknown Complex ScalarType for ",
                       torch::headeronly::toString(t));
  }
  return t;
}

//===----------------------------------------------------------------------===//
// c10::promoteTypes and c10::canCast
//===----------------------------------------------------------------------===//

/// c10::promoteTypes: the table of c10/core/ScalarType.cpp (NumPy's
/// promote_types, except uint8 + int8 = int16 and bfloat16 + half = float),
/// with its errors for quantized, float8 and uint16/32/64 operands.
inline ScalarType promoteTypes(ScalarType a, ScalarType b) {
  using torch::headeronly::toString;
  if (a == ScalarType::Undefined || b == ScalarType::Undefined)
    return ScalarType::Undefined;
  if (a == b)
    return a;
  SKGEN_STABLE_CHECK(
      !torch::headeronly::isQIntType(a) && !torch::headeronly::isQIntType(b),
      "promoteTypes with quantized numbers is not handled yet; figure out "
      "what the correct rules should be, offending types: ",
      toString(a), " ", toString(b));
  if (isBitsType(a) || isBitsType(b))
    return ScalarType::Undefined;
  SKGEN_STABLE_CHECK(!isFloat8Type(a) && !isFloat8Type(b),
                     "Promotion for Float8 Types is not supported, attempted "
                     "to promote ",
                     toString(a), " and ", toString(b));
  if (isBarebonesUnsignedType(a) || isBarebonesUnsignedType(b)) {
    // aten promotes them with floating types only (uint64 would overflow
    // int64, and uint8's rule is not NumPy's).
    if (isFloatingType(a))
      return a;
    if (isFloatingType(b))
      return b;
    SKGEN_STABLE_CHECK(false,
                       "Promotion for uint16, uint32, uint64 types is not "
                       "supported, attempted to promote ",
                       toString(a), " and ", toString(b));
  }
  // The axes of aten's _promoteTypesLookup.
  static constexpr ScalarType Axes[] = {
      ScalarType::Byte,          ScalarType::Char,
      ScalarType::Short,         ScalarType::Int,
      ScalarType::Long,          ScalarType::Half,
      ScalarType::Float,         ScalarType::Double,
      ScalarType::ComplexHalf,   ScalarType::ComplexFloat,
      ScalarType::ComplexDouble, ScalarType::Bool,
      ScalarType::BFloat16};
  auto index = [](ScalarType t) {
    for (int i = 0; i < 13; ++i)
      if (Axes[i] == t)
        return i;
    return -1;
  };
  int ia = index(a), ib = index(b);
  if (ia < 0 || ib < 0)
    return ScalarType::Undefined;
  constexpr ScalarType u1 = ScalarType::Byte, i1 = ScalarType::Char,
                       i2 = ScalarType::Short, i4 = ScalarType::Int,
                       i8 = ScalarType::Long, f2 = ScalarType::Half,
                       f4 = ScalarType::Float, f8 = ScalarType::Double,
                       c2 = ScalarType::ComplexHalf,
                       c4 = ScalarType::ComplexFloat,
                       c8 = ScalarType::ComplexDouble, b1 = ScalarType::Bool,
                       bf = ScalarType::BFloat16;
  // clang-format off
  static constexpr ScalarType Lookup[13][13] = {
      /*        u1  i1  i2  i4  i8  f2  f4  f8  c2  c4  c8  b1  bf */
      /* u1 */ {u1, i2, i2, i4, i8, f2, f4, f8, c2, c4, c8, u1, bf},
      /* i1 */ {i2, i1, i2, i4, i8, f2, f4, f8, c2, c4, c8, i1, bf},
      /* i2 */ {i2, i2, i2, i4, i8, f2, f4, f8, c2, c4, c8, i2, bf},
      /* i4 */ {i4, i4, i4, i4, i8, f2, f4, f8, c2, c4, c8, i4, bf},
      /* i8 */ {i8, i8, i8, i8, i8, f2, f4, f8, c2, c4, c8, i8, bf},
      /* f2 */ {f2, f2, f2, f2, f2, f2, f4, f8, c2, c4, c8, f2, f4},
      /* f4 */ {f4, f4, f4, f4, f4, f4, f4, f8, c4, c4, c8, f4, f4},
      /* f8 */ {f8, f8, f8, f8, f8, f8, f8, f8, c8, c8, c8, f8, f8},
      /* c2 */ {c2, c2, c2, c2, c2, c2, c4, c8, c2, c4, c8, c2, c4},
      /* c4 */ {c4, c4, c4, c4, c4, c4, c4, c8, c4, c4, c8, c4, c4},
      /* c8 */ {c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8},
      /* b1 */ {u1, i1, i2, i4, i8, f2, f4, f8, c2, c4, c8, b1, bf},
      /* bf */ {bf, bf, bf, bf, bf, f4, f4, f8, c4, c4, c8, bf, bf},
  };
  // clang-format on
  return Lookup[ia][ib];
}

/// c10::canCast: no complex -> real, floating -> integral, or non-bool ->
/// bool (bool is its own category, as in promotion).
inline bool canCast(ScalarType from, ScalarType to) {
  if (isComplexType(from) && !isComplexType(to))
    return false;
  if (isFloatingType(from) && isIntegralType(to, /*includeBool=*/false))
    return false;
  return from == ScalarType::Bool || to != ScalarType::Bool;
}

//===----------------------------------------------------------------------===//
// at::native::ResultTypeState
//===----------------------------------------------------------------------===//

/// at::native::ResultTypeState, with one difference: a floating wrapped
/// number counts as the default float dtype, which only libtorch knows (the
/// stable ABI has no get_default_dtype). It is kept as a flag and resolved by
/// result_type() only when the result depends on it.
struct ResultTypeState {
  ScalarType dimResult = ScalarType::Undefined;
  ScalarType zeroResult = ScalarType::Undefined;
  /// Promotion of the integral / bool wrapped numbers.
  ScalarType wrappedResult = ScalarType::Undefined;
  bool wrappedFloat = false;
};

inline ScalarType promote_skip_undefined(ScalarType a, ScalarType b) {
  if (a == ScalarType::Undefined)
    return b;
  if (b == ScalarType::Undefined)
    return a;
  return promoteTypes(a, b);
}

/// at::native::update_result_type_state for a tensor (never a wrapped
/// number: those are Operand's double / int64_t / bool).
inline void update_tensor(ResultTypeState &s, ScalarType t, bool zero_dim) {
  ScalarType &r = zero_dim ? s.zeroResult : s.dimResult;
  r = promote_skip_undefined(r, t);
}

/// at::native::update_result_type_state for a wrapped number.
inline void update_wrapped(ResultTypeState &s, ScalarType t) {
  if (isFloatingType(t))
    s.wrappedFloat = true;
  else
    s.wrappedResult = promote_skip_undefined(s.wrappedResult, t);
}

/// at::native's combine_categories.
inline ScalarType combine_categories(ScalarType higher, ScalarType lower) {
  if (isComplexType(higher))
    return higher;
  if (isComplexType(lower))
    // Keep higher's value type if it is floating; else lower's complex.
    return isFloatingType(higher) ? toComplexType(higher) : lower;
  if (isFloatingType(higher))
    return higher;
  if (higher == ScalarType::Bool || isFloatingType(lower))
    return promote_skip_undefined(higher, lower);
  return higher != ScalarType::Undefined ? higher : lower;
}

/// at::native::result_type(state); \p default_float gives the default float
/// dtype, called only when a floating wrapped number decides the result.
template <class DefaultFloat>
ScalarType result_type(const ResultTypeState &s, DefaultFloat default_float) {
  auto settled = [](ScalarType t) {
    return isFloatingType(t) || isComplexType(t);
  };
  ScalarType wrapped = s.wrappedResult;
  // A float wrapped number matters only when no tensor is floating/complex:
  // combine_categories returns such a tensor's dtype unchanged.
  if (s.wrappedFloat && !settled(s.dimResult) && !settled(s.zeroResult))
    wrapped = promote_skip_undefined(wrapped, default_float());
  return combine_categories(s.dimResult,
                            combine_categories(s.zeroResult, wrapped));
}

//===----------------------------------------------------------------------===//
// Shapes and dims (at::infer_size, c10::maybe_wrap_dim, make_dim_mask)
//===----------------------------------------------------------------------===//

/// at::infer_size: broadcast \p a and \p b, aten's error.
inline std::vector<int64_t>
infer_size(torch::headeronly::IntHeaderOnlyArrayRef a,
           torch::headeronly::IntHeaderOnlyArrayRef b) {
  size_t ndim = a.size() > b.size() ? a.size() : b.size();
  std::vector<int64_t> out(ndim);
  for (ptrdiff_t i = static_cast<ptrdiff_t>(ndim) - 1; i >= 0; --i) {
    ptrdiff_t offset = static_cast<ptrdiff_t>(ndim) - 1 - i;
    ptrdiff_t da = static_cast<ptrdiff_t>(a.size()) - 1 - offset;
    ptrdiff_t db = static_cast<ptrdiff_t>(b.size()) - 1 - offset;
    int64_t sa = da >= 0 ? a[da] : 1, sb = db >= 0 ? b[db] : 1;
    SKGEN_STABLE_CHECK(sa == sb || sa == 1 || sb == 1, "The size of tensor a (",
                       sa, ") must match the size of tensor b (", sb,
                       ") at non-singleton dimension ", i);
    out[i] = sa == 1 ? sb : sa;
  }
  return out;
}

/// c10::maybe_wrap_dim with wrap_scalar: a 0-dim tensor takes 0 and -1.
inline int64_t maybe_wrap_dim(int64_t dim, int64_t ndim) {
  if (ndim <= 0)
    ndim = 1;
  int64_t min = -ndim, max = ndim - 1;
  SKGEN_STABLE_CHECK_INDEX(min <= dim && dim <= max,
                           "Dimension out of range (expected to be in range "
                           "of [",
                           min, ", ", max, "], but got ", dim, ")");
  return dim < 0 ? dim + ndim : dim;
}

/// aten's make_dim_mask / dim_list_to_bitset: wrapped dims, "dim 1 appears
/// multiple times in the list of dims", "Dimension out of range".
inline std::bitset<64>
make_dim_mask(torch::headeronly::HeaderOnlyArrayRef<int64_t> dims, bool all,
              int64_t ndim) {
  std::bitset<64> mask;
  if (all)
    return mask.flip();
  SKGEN_STABLE_CHECK(ndim <= 64, "only tensors with up to 64 dims are "
                                 "supported");
  for (int64_t d : dims) {
    size_t w = static_cast<size_t>(maybe_wrap_dim(d, ndim));
    SKGEN_STABLE_CHECK(!mask[w], "dim ", w,
                       " appears multiple times in the list of dims");
    mask[w] = true;
  }
  return mask;
}

/// aten's zero_numel_check_dims for a tensor of \p ndim dims whose size at
/// \p dim (wrapped) is \p size.
inline void zero_numel_check_dims(int64_t ndim, int64_t size, int64_t dim,
                                  const char *name) {
  if (ndim == 0)
    SKGEN_STABLE_CHECK_INDEX(dim == 0 || dim == -1, name,
                             ": Expected reduction dim -1 or 0 for scalar "
                             "but got ",
                             dim);
  else
    SKGEN_STABLE_CHECK_INDEX(size != 0, name, ": Expected reduction dim ", dim,
                             " to have non-zero size.");
}

//===----------------------------------------------------------------------===//
// What aten prints
//===----------------------------------------------------------------------===//

/// caffe2::TypeMeta's name of a dtype (what aten's `t.dtype()` prints in
/// torchgen's out= messages: "float", "long int").
inline const char *type_meta_name(ScalarType t) {
  switch (t) {
  case ScalarType::Bool:
    return "bool";
  case ScalarType::Byte:
    return "unsigned char";
  case ScalarType::Char:
    return "signed char";
  case ScalarType::Short:
    return "short int";
  case ScalarType::Int:
    return "int";
  case ScalarType::Long:
    return "long int";
  case ScalarType::UInt16:
    return "short unsigned int";
  case ScalarType::UInt32:
    return "unsigned int";
  case ScalarType::UInt64:
    return "long unsigned int";
  case ScalarType::Half:
    return "c10::Half";
  case ScalarType::BFloat16:
    return "c10::BFloat16";
  case ScalarType::Float:
    return "float";
  case ScalarType::Double:
    return "double";
  case ScalarType::ComplexHalf:
    return "c10::complex<c10::Half>";
  case ScalarType::ComplexFloat:
    return "c10::complex<float>";
  case ScalarType::ComplexDouble:
    return "c10::complex<double>";
  case ScalarType::Float8_e5m2:
    return "c10::Float8_e5m2";
  case ScalarType::Float8_e4m3fn:
    return "c10::Float8_e4m3fn";
  case ScalarType::Float8_e5m2fnuz:
    return "c10::Float8_e5m2fnuz";
  case ScalarType::Float8_e4m3fnuz:
    return "c10::Float8_e4m3fnuz";
  case ScalarType::Float8_e8m0fnu:
    return "c10::Float8_e8m0fnu";
  default:
    return torch::headeronly::toString(t);
  }
}

/// A device as c10::Device prints it: "cpu", "cuda:0", "meta". A renamed
/// PrivateUse1 backend prints as "privateuseone" (its name is not in the
/// stable ABI).
inline std::string device_name(const torch::stable::Device &d) {
  using torch::headeronly::DeviceType;
  const char *name = "unknown";
  switch (d.type()) {
    // clang-format off
  case DeviceType::CPU: name = "cpu"; break;
  case DeviceType::CUDA: name = "cuda"; break;
  case DeviceType::MKLDNN: name = "mkldnn"; break;
  case DeviceType::OPENGL: name = "opengl"; break;
  case DeviceType::OPENCL: name = "opencl"; break;
  case DeviceType::IDEEP: name = "ideep"; break;
  case DeviceType::HIP: name = "hip"; break;
  case DeviceType::FPGA: name = "fpga"; break;
  case DeviceType::MAIA: name = "maia"; break;
  case DeviceType::XLA: name = "xla"; break;
  case DeviceType::Vulkan: name = "vulkan"; break;
  case DeviceType::Metal: name = "metal"; break;
  case DeviceType::XPU: name = "xpu"; break;
  case DeviceType::MPS: name = "mps"; break;
  case DeviceType::Meta: name = "meta"; break;
  case DeviceType::HPU: name = "hpu"; break;
  case DeviceType::VE: name = "ve"; break;
  case DeviceType::Lazy: name = "lazy"; break;
  case DeviceType::IPU: name = "ipu"; break;
  case DeviceType::MTIA: name = "mtia"; break;
  case DeviceType::PrivateUse1: name = "privateuseone"; break;
  // clang-format on
  default:
    break;
  }
  std::string s = name;
  if (d.has_index())
    s += ":" + std::to_string(d.index());
  return s;
}

/// Sizes as aten prints an IntArrayRef: "[2, 3]", "[]".
template <class Range> std::string sizes_name(const Range &sizes) {
  std::string s = "[";
  bool first = true;
  for (int64_t v : sizes) {
    if (!first)
      s += ", ";
    s += std::to_string(v);
    first = false;
  }
  return s + "]";
}

} // namespace detail
SKGEN_STABLE_NAMESPACE_END

#endif // SKGEN_STABLE_PROMOTION_H
