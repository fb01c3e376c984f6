//===- skgen/runtime/meta.h - What a meta function returns ------*- C++ -*-===//
//
// The types of skgen's runtime core (skgen/runtime/core.h, which includes
// this): TensorMeta, Meta, OutDtype, OpKind, IteratorInputs, Operand,
// Promotion, Dims. Written once for both ABIs against skgen::Traits, the
// ABI's traits type (docs/design.md, "Runtime"); includes no PyTorch header.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_RUNTIME_META_H
#define SKGEN_RUNTIME_META_H

#ifndef SKGEN_RUNTIME_NAMESPACE_BEGIN
#error "include skgen/structured.h or skgen/stable/structured.h"
#endif

#include <algorithm>
#include <array>
#include <bitset>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <initializer_list>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__GNUC__) || defined(__clang__)
#define SKGEN_LIKELY(x) __builtin_expect(static_cast<bool>(x), 1)
#define SKGEN_UNLIKELY(x) __builtin_expect(static_cast<bool>(x), 0)
#else
#define SKGEN_LIKELY(x) (x)
#define SKGEN_UNLIKELY(x) (x)
#endif

SKGEN_RUNTIME_NAMESPACE_BEGIN

/// Sizes: c10::SymInt with PyTorch >= 2 on libtorch (symbolic under
/// torch.compile(dynamic=True)), int64_t on 1.13 and on the stable ABI.
using SizeVector = Traits::SizeVector;
using SizeRef = Traits::SizeRef;
/// The sizes of \p t (symbolic where SizeRef is).
inline SizeRef sizes_of(const Traits::Tensor &t) { return Traits::sizes_of(t); }

/// How an out= argument (or `self` of the in-place variant) whose dtype
/// differs from the computed one is treated. Each is one of aten's rules:
enum class OutDtype {
  /// TensorIterator ops (add, sqrt, lt, ...): accepted when the result dtype
  /// can be cast to it (c10::canCast), else "result type Float can't be
  /// cast to the desired output type Int". The kernel computes into a
  /// temporary of the computed dtype, which is then copied into the tensor.
  Cast,
  /// TensorIterator ops that need one dtype (abs, neg, clamp): "Found dtype
  /// Double but expected Float".
  Same,
  /// torchgen's structured ops (max.dim, argmax, sum with dtype=): "Expected
  /// out tensor to have dtype long int, but got int instead".
  Exact,
  /// Reductions without dtype= (sum, prod): any dtype is accepted and
  /// the kernel receives the out tensor as it is (it computes in its dtype).
  Any,
  /// The op's own rule and wording (amax: "Expected the dtype for input and
  /// out to match, ..."; clamp_: no promotion of self): a function set with
  /// TensorMeta::with_out_dtype(check).
  Custom,
};

/// Which of aten's two sets of out= / in-place checks a TensorMeta gets: the
/// one place that decides their wording, order and memory-overlap checks
/// (docs/generation.md, "aten's checks"). The dtype rule itself is OutDtype.
enum class OpKind : uint8_t {
  /// torchgen's structured ops (max.dim, baddbmm, cumsum, a meta function's
  /// own TensorMeta): out= dtype rule, then "Expected out tensor to have
  /// device cpu, but got meta instead", then resize_output; in-place:
  /// "Bad in-place call: input tensor dtype / device / size ... should
  /// match", in that order. No overlap check.
  Structured,
  /// TensorIterator ops (the element-wise presets): the written tensor's
  /// internal overlap and its partial overlap with an input are refused
  /// first (at::assert_no_internal_overlap, at::assert_no_partial_overlap);
  /// in-place, "output with shape [3] doesn't match the broadcast shape
  /// [2, 3]"; devices as TensorIterator ("Expected all tensors to be on the
  /// same device, but found at least two devices, meta and cpu!"), checked
  /// per tensor, out= first, each before its dtype.
  TensorIterator,
};

/// What an OpKind::TensorIterator meta checks out= / in-place tensors
/// against, as aten's TensorIterator does with its operands: set by
/// skgen::elementwise (and so by every TensorIterator preset).
struct IteratorInputs {
  /// The op's tensor inputs, borrowed as a borrowing TensorIterator borrows
  /// them: they must outlive the checks (the op's own arguments do; a
  /// preset refuses a temporary at compile time).
  Traits::TensorList tensors;
  /// aten's allow_cpu_scalars: one 0-dim CPU input may join outputs on
  /// another device (binary ops); none for unary ops.
  bool allow_cpu_scalar = true;
  /// aten's check_mem_overlap (false for threshold, which is idempotent).
  bool check_mem_overlap = true;
  /// Inputs the written tensor must share no memory with, not even all of
  /// it (at::assert_no_overlap, after at::assert_no_internal_overlap): the
  /// checks index's meta function makes itself (self and the indices), kept
  /// as TensorIterator's owned inputs are. Not device-checked.
  std::vector<Traits::Tensor> disjoint;
  /// The inputs are on more than one device: checked with the outputs, in
  /// TensorIterator's order (an in-place self's shape first).
  bool mixed_devices = false;
  /// Scalar operands: aten wraps them as 0-dim CPU tensors (lt.Scalar).
  uint8_t wrapped_numbers = 0;
  /// The dtype TensorIterator computes in, when it is not the output's (a
  /// comparison's promoted inputs): on CPU and meta, inputs of another
  /// dtype are copied to it first, which their layout follows.
  Traits::optional<Traits::ScalarType> common_dtype;
};

struct TensorMeta;
/// An op's own dtype rule for an out= tensor or in-place `self` (\p inplace),
/// given the computed output \p result: raises to refuse; returns true when
/// the kernel must compute into a temporary of result.dtype that is then
/// copied into \p out, false when the kernel receives \p out as it is.
/// Called before anything is resized or written, also when the dtypes are
/// equal.
using OutDtypeCheck = bool (*)(const TensorMeta &result,
                               const Traits::Tensor &out, bool inplace);

/// One output: sizes, dtype and optionally strides, memory format, device.
struct TensorMeta {
  SizeVector sizes;
  Traits::ScalarType dtype = Traits::ScalarType::Undefined;
  /// Strides of a freshly allocated output (empty: contiguous, or per
  /// memory_format). Applied to an out= tensor only when it is resized.
  SizeVector strides;
  Traits::optional<Traits::MemoryFormat> memory_format;
  /// The device outputs live on; default: the device of the op's first
  /// tensor argument (the one the generated code takes options from).
  Traits::optional<Traits::Device> device;
  OutDtype out_dtype = OutDtype::Cast;
  /// The rule when out_dtype is OutDtype::Custom.
  OutDtypeCheck out_dtype_check = nullptr;
  /// The op's name, for an OutDtypeCheck worded with it ("signbit does not
  /// support non-boolean outputs.").
  const char *op_name = nullptr;
  /// aten's checks (and wording) for out= and in-place tensors: torchgen's
  /// unless a TensorIterator preset computed the meta.
  OpKind kind = OpKind::Structured;
  /// OpKind::TensorIterator: the inputs the checks look at.
  IteratorInputs iterator;
  /// An input that must expand to `sizes` (addmm's self), as aten's kernels
  /// expand it after the out= checks: checked by allocate() and check_out()
  /// ("The expanded size of the tensor (5) must match the existing size (3)
  /// at non-singleton dimension 1. ..."), not in place (self is the result,
  /// whose sizes check_inplace checks). An optional: a stable-ABI tensor
  /// handle is not free to default-construct.
  Traits::optional<Traits::Tensor> expands;
  /// An error of aten's kernels that its meta function does not raise (the
  /// matrix products' operands of different dtypes: "expected scalar type
  /// Float but found Double"), raised where the kernel raises it: after the
  /// out= / in-place checks (so "Bad in-place call: ..." comes first), when
  /// the functional variant allocates its result. Set by with_kernel_check;
  /// OpKind::Structured metas (TensorIterator's kernels check nothing more).
  std::exception_ptr kernel_error;

  TensorMeta() = default;
  TensorMeta(std::initializer_list<int64_t> sizes, Traits::ScalarType dtype)
      : sizes(sizes.begin(), sizes.end()), dtype(dtype) {}
  TensorMeta(SizeVector sizes, Traits::ScalarType dtype)
      : sizes(std::move(sizes)), dtype(dtype) {}
  /// Any range of sizes: IntArrayRef, SymIntArrayRef, std::vector<int64_t>.
  template <class Sizes,
            class = decltype(std::declval<const Sizes &>().begin())>
  TensorMeta(const Sizes &sizes, Traits::ScalarType dtype)
      : sizes(sizes.begin(), sizes.end()), dtype(dtype) {}

  /// Builder-style setters: `TensorMeta(s, kLong).with_out_dtype(Exact)`.
  TensorMeta &with_out_dtype(OutDtype rule) {
    out_dtype = rule;
    return *this;
  }
  /// The op's own out= / in-place dtype rule (OutDtype::Custom).
  TensorMeta &with_out_dtype(OutDtypeCheck check) {
    out_dtype = OutDtype::Custom;
    out_dtype_check = check;
    return *this;
  }
  TensorMeta &with_memory_format(Traits::MemoryFormat format) {
    memory_format = format;
    return *this;
  }
  TensorMeta &with_strides(SizeVector s) {
    strides = std::move(s);
    return *this;
  }
  TensorMeta &with_device(Traits::Device d) {
    device = d;
    return *this;
  }
  TensorMeta &with_expands(Traits::Tensor input) {
    expands = std::move(input);
    return *this;
  }
  /// Runs \p check (a check of aten's kernel) now and keeps its error, if
  /// any, for where the kernel would raise it (kernel_error).
  template <class Check> TensorMeta &with_kernel_check(Check check) {
    try {
      check();
    } catch (...) {
      kernel_error = std::current_exception();
    }
    return *this;
  }
};

/// What a meta function returns: one TensorMeta per out argument of the
/// schema, in schema order.
class Meta {
public:
  Meta() = default;
  Meta(TensorMeta output) { outputs_.push_back(std::move(output)); }
  Meta(std::initializer_list<TensorMeta> outputs)
      : outputs_(outputs.begin(), outputs.end()) {}

  size_t size() const { return outputs_.size(); }
  void push_back(TensorMeta output) { outputs_.push_back(std::move(output)); }
  /// A new output, built in place.
  TensorMeta &emplace_back() { return outputs_.emplace_back(); }
  TensorMeta &operator[](size_t i) { return outputs_[i]; }
  const TensorMeta &operator[](size_t i) const { return outputs_[i]; }
  /// Output \p i; a clear error when the meta function returned fewer.
  const TensorMeta &at(size_t i) const {
    SKGEN_CHECK(i < outputs_.size(), "skgen: the meta function returned ",
                outputs_.size(), " output(s), but the op has at least ", i + 1,
                " out argument(s)");
    return outputs_[i];
  }
  TensorMeta *begin() { return outputs_.data(); }
  TensorMeta *end() { return outputs_.data() + outputs_.size(); }
  const TensorMeta *begin() const { return outputs_.data(); }
  const TensorMeta *end() const { return outputs_.data() + outputs_.size(); }

private:
  Traits::Outputs<TensorMeta> outputs_;
};

/// An operand of an element-wise op: a Tensor, a number (what the ABI's
/// Traits::number takes: an at::Scalar on libtorch; a double, int64_t or
/// bool on the stable ABI, which has no Scalar), promoted as a wrapped number
/// (a Python scalar in aten), or an optional of either (skipped when empty).
/// Tensors are borrowed: the Meta of elementwise() refers to them
/// (IteratorInputs), so a temporary is refused.
class Operand {
public:
  Operand(const Traits::Tensor &t) : tensor_(&t) {}
  Operand(Traits::Tensor &&) = delete;
  Operand(const Traits::optional<Traits::Tensor> &t)
      : tensor_(t.has_value() && t->defined() ? &*t : nullptr) {}
  Operand(Traits::optional<Traits::Tensor> &&) = delete;
  template <class Number,
            class = decltype(Traits::number(std::declval<const Number &>()))>
  Operand(const Number &n) : number_(Traits::number(n)) {}

  const Traits::Tensor *tensor() const { return tensor_; }
  /// The number, as the ABI's promotion takes it (Traits::update).
  const Traits::optional<Traits::Number> &number() const { return number_; }

private:
  const Traits::Tensor *tensor_ = nullptr;
  Traits::optional<Traits::Number> number_;
};

/// Type promotion of element-wise ops (the output dtype).
enum class Promotion {
  Default,    ///< aten's result_type over the operands (add, mul)
  IntToFloat, ///< Default, then int/bool -> default float dtype (div, sqrt)
  Bool,       ///< the result is bool (comparisons)
  KeepFirst,  ///< the dtype of the first tensor operand (no promotion)
  /// No promotion, one dtype: every tensor operand must have the first's
  /// dtype, and so must out= (OutDtype::Same): TensorIterator without
  /// promote_inputs_to_common_dtype ("Found dtype Double but expected
  /// Float"; lerp.Tensor). Inputs are checked when the meta is computed,
  /// before out= (aten checks out= first; only a call with both wrong tells).
  AllSame,
};

/// The dims a reduction reduces: an int[] (empty = all), an int[]? / int?
/// (none = all), or one int.
class Dims {
public:
  Dims(Traits::DimList dims) : all_(dims.empty()) { assign(dims); }
  Dims(const Traits::OptionalDimList &dims)
      : all_(!dims.has_value() || dims->empty()) {
    if (dims.has_value())
      assign(*dims);
  }
  // What the stable ABI's TORCH_BOX hands a kernel for int[] / int[]?.
  Dims(const std::vector<int64_t> &dims) : all_(dims.empty()) { assign(dims); }
  Dims(const Traits::optional<std::vector<int64_t>> &dims)
      : all_(!dims.has_value() || dims->empty()) {
    if (dims.has_value())
      assign(*dims);
  }
  Dims(int64_t dim) : all_(false) {
    assign(std::initializer_list<int64_t>{dim});
  }
  Dims(Traits::optional<int64_t> dim) : all_(!dim.has_value()) {
    if (dim.has_value())
      assign(std::initializer_list<int64_t>{*dim});
  }
  Dims(Traits::nullopt_t) {}
  Dims(std::initializer_list<int64_t> dims) : all_(dims.size() == 0) {
    assign(dims);
  }

  bool all() const { return all_; }
  Traits::DimList list() const { return {data(), size_}; }
  /// Which dims of an \p ndim-dimensional tensor are reduced: aten's
  /// make_dim_mask (wrapping, "dim 1 appears multiple times in the list of
  /// dims", "Dimension out of range ...").
  std::bitset<64> mask(int64_t ndim) const {
    return Traits::dim_mask(list(), all_, ndim);
  }

private:
  // The first dims inline (a reduction's are few; a heap allocation costs
  // as much as the rest of the preset); not a c10::DimVector: GCC 12 -O2
  // flags its range constructor, inlined into a generated wrapper, as
  // -Wmaybe-uninitialized with PyTorch 2.13's c10/util/SmallVector.h.
  template <class Range> void assign(const Range &dims) {
    size_ = static_cast<size_t>(dims.end() - dims.begin());
    if (size_ <= inline_.size())
      std::copy(dims.begin(), dims.end(), inline_.begin());
    else
      more_.assign(dims.begin(), dims.end());
  }
  const int64_t *data() const {
    return size_ <= inline_.size() ? inline_.data() : more_.data();
  }

  std::array<int64_t, 6> inline_{};
  std::vector<int64_t> more_;
  size_t size_ = 0;
  bool all_ = true;
};

SKGEN_RUNTIME_NAMESPACE_END

#endif // SKGEN_RUNTIME_META_H
