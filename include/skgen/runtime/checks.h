//===- skgen/runtime/checks.h - aten's out= and in-place checks -*- C++ -*-===//
//
// What generated wrappers call to allocate, check and resize outputs, with
// aten's checks, words and order for the OpKind that computed the meta,
// written once for both ABIs against skgen::Traits. Included by
// skgen/runtime/core.h.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_RUNTIME_CHECKS_H
#define SKGEN_RUNTIME_CHECKS_H

#include <skgen/runtime/rules.h>

#include <algorithm>

SKGEN_RUNTIME_NAMESPACE_BEGIN

namespace detail {

inline bool same_sizes(const Traits::Tensor &t, const SizeVector &sizes) {
  return Traits::same_sizes(t, sizes);
}

/// Whether m.expands expands to m.sizes (aten's error otherwise).
inline void check_expands(const TensorMeta &m) {
  if (m.expands.has_value())
    Traits::check_expands(*m.expands, m.sizes);
}

/// The error of aten's kernel that m.kernel_error keeps, if any.
inline void raise_kernel_error(const TensorMeta &m) {
  if (SKGEN_UNLIKELY(static_cast<bool>(m.kernel_error)))
    std::rethrow_exception(m.kernel_error);
}

/// A fresh tensor per \p m on \p device, with the layout of \p like.
inline Traits::Tensor empty(const TensorMeta &m, Traits::Device device,
                            const Traits::Options &like) {
  Layout layout = layout_of(m);
  return Traits::empty(m.sizes, layout.strides, m.dtype, layout.memory_format,
                       device, like);
}

/// TensorIterator's device rule (compute_types) for the inputs of \p m,
/// given the common device (the first non-CPU one of the op's tensors, out=
/// first): 0-dim CPU inputs, and Scalars (which aten wraps as such), may
/// join a non-CPU device when the op allows it, one at most ("Trying to pass
/// too many CPU scalars to non-CPU kernel!"); any other tensor on another
/// device is refused with TensorIterator's words.
inline void check_devices(const TensorMeta &m, Traits::Device common) {
  int cpu_scalars = 0;
  auto cpu_scalar = [&] {
    SKGEN_CHECK(cpu_scalars++ == 0,
                "Trying to pass too many CPU scalars to non-CPU kernel!");
  };
  bool allowed = m.iterator.allow_cpu_scalar && !common.is_cpu();
  for (const Traits::Tensor *t : m.iterator.tensors) {
    Traits::Device d = t->device();
    if (allowed && t->dim() == 0 && d.is_cpu())
      cpu_scalar();
    else
      SKGEN_CHECK(d == common,
                  "Expected all tensors to be on the same device, but found "
                  "at least two devices, ",
                  Traits::device_name(common), " and ", Traits::device_name(d),
                  "!");
  }
  if (allowed)
    for (int i = 0; i < m.iterator.wrapped_numbers; ++i)
      cpu_scalar();
}

/// TensorIterator's check of the tensor it writes (out= or in-place self)
/// and of the inputs, when their devices are not all \p m's: \p check_dtype
/// runs between the written tensor's device and the inputs'.
template <class CheckDtype>
bool check_written_devices(const TensorMeta &m, const Traits::Tensor &written,
                           CheckDtype check_dtype) {
  Traits::Device have = written.device();
  Traits::Device common = have.is_cpu() ? m.device.value_or(have) : have;
  SKGEN_CHECK(have == common,
              "Expected all tensors to be on the same device, but found at "
              "least two devices, ",
              Traits::device_name(common), " and ", Traits::device_name(have),
              "!");
  bool temporary = check_dtype();
  check_devices(m, common);
  return temporary;
}

/// The dtype rule of \p m for writing into \p t (out= or in-place self).
/// Returns true when the kernel must compute into a temporary.
inline bool check_dtype(const TensorMeta &m, const Traits::Tensor &t,
                        bool inplace) {
  if (m.out_dtype == OutDtype::Custom) {
    SKGEN_CHECK(m.out_dtype_check,
                "skgen: OutDtype::Custom needs a check function "
                "(TensorMeta::with_out_dtype(check))");
    return m.out_dtype_check(m, t, inplace);
  }
  Traits::ScalarType have = t.scalar_type();
  if (have == m.dtype)
    return false;
  switch (m.out_dtype) {
  case OutDtype::Cast:
    SKGEN_CHECK(Traits::can_cast(m.dtype, have), "result type ",
                Traits::dtype_name(m.dtype),
                " can't be cast to the desired output type ",
                Traits::dtype_name(have));
    return true;
  case OutDtype::Same:
    SKGEN_CHECK(false, "Found dtype ", Traits::dtype_name(have),
                " but expected ", Traits::dtype_name(m.dtype));
    break;
  case OutDtype::Exact:
    if (inplace)
      SKGEN_CHECK(false, "Bad in-place call: input tensor dtype ",
                  Traits::type_meta_name(have), " and output tensor dtype ",
                  Traits::type_meta_name(m.dtype), " should match");
    SKGEN_CHECK(false, "Expected out tensor to have dtype ",
                Traits::type_meta_name(m.dtype), ", but got ",
                Traits::type_meta_name(have), " instead");
    break;
  case OutDtype::Any:
  case OutDtype::Custom:
    break;
  }
  return false;
}

} // namespace detail

/// Functional variant: a fresh output \p i per the meta, on the meta's
/// device or else that of \p inputs (the op's tensor arguments: their
/// at::TensorOptions on libtorch, the first of them on the stable ABI), with
/// their layout.
inline Traits::Tensor allocate(const Meta &meta, size_t i,
                               const Traits::Options &inputs) {
  const TensorMeta &m = meta.at(i);
  Traits::Device device = m.device.value_or(Traits::device_of(inputs));
  if (SKGEN_UNLIKELY(m.iterator.mixed_devices))
    detail::check_devices(m, device);
  detail::check_expands(m);
  detail::raise_kernel_error(m);
  return detail::empty(m, device, inputs);
}

namespace detail {
/// TensorIterator's compute_mem_overlaps: the written tensor must not have
/// elements that share memory, nor share part of an input's memory.
/// Not on symbolic sizes (torch.compile(dynamic=True)): ATen's overlap
/// functions need concrete ones (aten's own ops run Python meta functions
/// there).
inline void check_overlap(const TensorMeta &m, const Traits::Tensor &written) {
  if (SKGEN_UNLIKELY(Traits::symbolic(written)))
    return;
  if (SKGEN_UNLIKELY(!m.iterator.disjoint.empty())) {
    Traits::assert_no_internal_overlap(written);
    for (const Traits::Tensor &t : m.iterator.disjoint)
      if (!Traits::symbolic(t))
        Traits::assert_no_overlap(written, t);
  }
  if (!m.iterator.check_mem_overlap)
    return;
  Traits::assert_no_internal_overlap(written);
  for (const Traits::Tensor *t : m.iterator.tensors)
    if (!Traits::symbolic(*t))
      Traits::assert_no_partial_overlap(written, *t);
}

/// An out= tensor that is also an input is not resized: it must have the
/// inputs' broadcast shape (TensorIterator's mark_resize_outputs).
inline void check_read_write(const TensorMeta &m, const Traits::Tensor &out) {
  const auto &inputs = m.iterator.tensors;
  if (SKGEN_LIKELY(std::none_of(inputs.begin(), inputs.end(),
                                [&](const Traits::Tensor *t) {
                                  return Traits::same_tensor(*t, out);
                                })))
    return;
  SizeVector shape = Traits::broadcast_shape(inputs);
  SKGEN_CHECK(same_sizes(out, shape), "output with shape ",
              Traits::sizes_name(sizes_of(out)),
              " doesn't match the broadcast shape ",
              Traits::sizes_name(SizeRef(shape)));
}

/// TensorIterator's out= checks, after the op's own rule (OutDtype::Custom:
/// its meta function's checks): memory overlap, "Found dtype" (OutDtype::
/// Same), then per tensor, out first, its device and (out) its dtype.
inline bool check_iterator_out(const TensorMeta &m, const Traits::Tensor &out) {
  bool early = m.out_dtype == OutDtype::Custom || m.out_dtype == OutDtype::Same;
  bool temporary = false;
  if (m.out_dtype == OutDtype::Custom)
    temporary = check_dtype(m, out, /*inplace=*/false);
  check_overlap(m, out);
  check_read_write(m, out);
  if (m.out_dtype == OutDtype::Same)
    check_dtype(m, out, /*inplace=*/false);
  auto dtype = [&] {
    return early ? temporary : check_dtype(m, out, /*inplace=*/false);
  };
  Traits::Device have = out.device();
  if (SKGEN_UNLIKELY(have != m.device.value_or(have) ||
                     m.iterator.mixed_devices))
    return check_written_devices(m, out, dtype);
  return dtype();
}
} // namespace detail

/// In-place variant: refuses, before anything is written, when the result
/// cannot be written into self, with aten's checks for the meta's OpKind:
/// TensorIterator's (overlap, "output with shape [3] doesn't match the
/// broadcast shape [2, 3]", dtype: "result type Float can't be cast to the
/// desired output type Int") or torchgen's ("Bad in-place call: input tensor
/// dtype / device / size ... should match"). Returns true when the kernel
/// must compute into a temporary (the result dtype differs from self's but
/// can be cast to it).
inline bool check_inplace(const Meta &meta, const Traits::Tensor &self) {
  const TensorMeta &m = meta.at(0);
  if (m.kind == OpKind::TensorIterator) {
    bool early =
        m.out_dtype == OutDtype::Custom || m.out_dtype == OutDtype::Same;
    bool temporary = false;
    if (m.out_dtype == OutDtype::Custom)
      temporary = detail::check_dtype(m, self, /*inplace=*/true);
    detail::check_overlap(m, self);
    SKGEN_CHECK(detail::same_sizes(self, m.sizes), "output with shape ",
                Traits::sizes_name(sizes_of(self)),
                " doesn't match the broadcast shape ",
                Traits::sizes_name(SizeRef(m.sizes)));
    if (m.out_dtype == OutDtype::Same)
      detail::check_dtype(m, self, /*inplace=*/true);
    auto dtype = [&] {
      return early ? temporary : detail::check_dtype(m, self, /*inplace=*/true);
    };
    if (SKGEN_UNLIKELY(m.iterator.mixed_devices))
      return detail::check_written_devices(m, self, dtype);
    return dtype();
  }
  bool temporary = detail::check_dtype(m, self, /*inplace=*/true);
  if (m.device)
    SKGEN_CHECK(
        self.device() == *m.device, "Bad in-place call: input tensor device ",
        Traits::device_name(self.device()), " and output tensor device ",
        Traits::device_name(*m.device), " should match");
  SKGEN_CHECK(detail::same_sizes(self, m.sizes),
              "Bad in-place call: input tensor size ",
              Traits::sizes_name(sizes_of(self)), " and output tensor size ",
              Traits::sizes_name(SizeRef(m.sizes)), " should match");
  detail::raise_kernel_error(m);
  return temporary;
}

/// out= variant: checks \p out as aten does for the meta's OpKind
/// (TensorIterator: overlap, then devices and dtype per tensor, out first;
/// torchgen: the dtype rule, then "Expected out tensor to have device cpu,
/// but got meta instead"), then resizes it as at::native::resize_output does
/// (silent for a zero-size out, PyTorch's deprecation warning otherwise;
/// strides or memory format of the meta are applied when it was resized).
/// Returns true when the kernel must compute into a temporary.
inline bool check_out(const Meta &meta, size_t i, const Traits::Tensor &out,
                      const Traits::Options &inputs) {
  const TensorMeta &m = meta.at(i);
  bool temporary;
  if (m.kind == OpKind::TensorIterator) {
    temporary = detail::check_iterator_out(m, out);
  } else {
    temporary = detail::check_dtype(m, out, /*inplace=*/false);
    Traits::Device device = m.device.value_or(Traits::device_of(inputs));
    Traits::Device have = out.device();
    SKGEN_CHECK(have == device, "Expected out tensor to have device ",
                Traits::device_name(device), ", but got ",
                Traits::device_name(have), " instead");
  }
  detail::check_expands(m);
  if (!detail::same_sizes(out, m.sizes)) { // else nothing to resize
    Layout layout = layout_of(m);
    Traits::resize_output(out, m.sizes, layout.strides, layout.memory_format,
                          /*proxy=*/temporary && m.out_dtype == OutDtype::Cast);
  }
  detail::raise_kernel_error(m);
  return temporary;
}

/// The tensor a kernel writes output \p i into: the caller's (out= tensor or
/// in-place self), or a temporary of the computed dtype on the caller's
/// device that finish() copies into it.
class Output {
public:
  Output(Traits::Tensor &target, const Meta &meta, size_t i, bool temporary)
      : target_(target) {
    if (temporary)
      temp_ = detail::empty(meta.at(i), target.device(),
                            Traits::options_of(target));
  }
  Output(const Output &) = delete;
  Output &operator=(const Output &) = delete;

  Traits::Tensor &tensor() { return temp_ ? *temp_ : target_; }
  void finish() {
    if (temp_)
      Traits::copy(target_, *temp_);
  }

private:
  Traits::Tensor &target_;
  Traits::optional<Traits::Tensor> temp_;
};

//===----------------------------------------------------------------------===//
// out= and in-place derived from a functional kernel (a backend that
// implements the functional variant: SKGEN_KERNEL("ns::op", KEY))
//===----------------------------------------------------------------------===//

/// The metadata of a computed result, for the out= and in-place variants
/// derived from a functional kernel in a family without a meta function: its
/// sizes, dtype and device, with TensorIterator's out= dtype rule
/// (OutDtype::Cast) and checks (OpKind::TensorIterator; no overlap check:
/// the inputs are unknown). check_out / check_inplace then apply them.
inline TensorMeta result_meta(const Traits::Tensor &result) {
  TensorMeta m(sizes_of(result), result.scalar_type());
  m.device = result.device();
  m.kind = OpKind::TensorIterator;
  m.iterator.check_mem_overlap = false;
  return m;
}

/// The out= variant of a family declared by its functional schema is
/// torchgen's autogenerated one (native_functions.yaml `autogen:`, aten's
/// mul.Scalar_out): an out tensor must have the result's dtype and device
/// exactly, "Expected out tensor to have dtype long int, but got float
/// instead" (torchgen's copy_arg), then it is resized and written.
inline Meta autogen_out(Meta meta) {
  for (TensorMeta &m : meta) {
    m.out_dtype = OutDtype::Exact;
    m.kind = OpKind::Structured;
  }
  return meta;
}

/// A family with a meta function checks out= / self against the meta before
/// the functional kernel runs; afterwards the kernel's result must have the
/// sizes the meta computed (copy_ would broadcast it silently).
inline void check_result(const Meta &meta, size_t i,
                         const Traits::Tensor &result, const char *op) {
  const TensorMeta &m = meta.at(i);
  SKGEN_CHECK(
      detail::same_sizes(result, m.sizes), "skgen: the functional kernel of ",
      op, " returned a result of shape ", Traits::sizes_name(sizes_of(result)),
      ", but the meta function computed ",
      Traits::sizes_name(SizeRef(m.sizes)));
}

SKGEN_RUNTIME_NAMESPACE_END

#endif // SKGEN_RUNTIME_CHECKS_H
