//===- skgen/presets/shapes.h - Presets of aten's own-meta shapes -*- C++
//-*-===//
//
// Presets for the structured families of native_functions.yaml whose meta
// function is their own (not TensorIterator's): each restates one aten meta
// function with aten's own facilities (at::legacy_cat_wrap_dim,
// at::native::check_cat_shape_except_dim, at::native::result_type,
// at::maybe_wrap_dim), its checks in aten's order and wording, and aten's
// out= / in-place dtype rule. Included by skgen/structured.h.
//
//   mm(self, mat2)              matrix product, 2-D (mm)
//   bmm(self, mat2)             batched matrix product, 3-D (bmm)
//   addmm(self, mat1, mat2)     self + matrix product, self broadcast
//                               (addmm, addmm_)
//   addmv(self, mat, vec)       self + matrix-vector product (addmv, addmv_)
//   baddbmm(self, batch1, batch2)
//                               self + batched matrix product, self
//                               expanded (baddbmm, baddbmm_)
//   cat(tensors, dim)           concatenation along dim, promoted dtype,
//                               the inputs' memory format (cat)
//   softmax(self, dim, half_to_float)
//                               sizes and dtype of self along a dim
//                               (_softmax, _log_softmax)
//   softmax_backward(grad_output, output, dim, input_dtype)
//   log_softmax_backward(grad_output, output, dim, input_dtype)
//                               sizes of grad_output, its dtype (half when
//                               a float grad comes from a half input)
//                               (_softmax_backward_data,
//                               _log_softmax_backward_data)
//   cumulative(self, dim, dtype)
//                               sizes of self, int/bool -> int64 unless
//                               dtype= (cumsum, cumprod)
//   upsample2d(self, output_size)
//                               (N, C) of self, the output size given
//                               (upsample_nearest2d, upsample_bilinear2d)
//
// Their outputs are built as TensorMetas directly (no TensorIterator), so the
// generated out= / in-place checks are torchgen's structured ones.
// aten's matrix products also refuse operands of different dtypes in their
// CPU and CUDA kernels, not in the meta function; mm, bmm, baddbmm and (1.13)
// addmv refuse them too, with the kernels' wording and where the kernels
// refuse them (TensorMeta::with_kernel_check: after the out= / in-place
// checks), so that Meta kernels refuse what every backend refuses.
// docs/annotations.md ("Presets", "Families") lists which aten family uses
// which preset.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_PRESETS_SHAPES_H
#define SKGEN_PRESETS_SHAPES_H

#include <ATen/TensorUtils.h>
#include <ATen/WrapDimUtils.h>
#include <ATen/native/TensorShape.h>
#include <ATen/native/TypeProperties.h>
#include <ATen/native/UpSample.h>
#include <c10/util/accumulate.h>

// Errors aten raises as ValueError / TypeError since PyTorch 2
// (TORCH_CHECK_VALUE, TORCH_CHECK_TYPE), as RuntimeError in 1.13.
#if defined(TORCH_VERSION_MAJOR) && TORCH_VERSION_MAJOR >= 2
#define SKGEN_CHECK_VALUE_2(cond, ...) TORCH_CHECK_VALUE(cond, __VA_ARGS__)
#define SKGEN_CHECK_TYPE_2(cond, ...) TORCH_CHECK_TYPE(cond, __VA_ARGS__)
#else
#define SKGEN_CHECK_VALUE_2(cond, ...) TORCH_CHECK(cond, __VA_ARGS__)
#define SKGEN_CHECK_TYPE_2(cond, ...) TORCH_CHECK(cond, __VA_ARGS__)
#endif

namespace skgen {
namespace detail {

/// The dtype check of aten's CPU and CUDA matrix-product kernels, which
/// compute nothing, and check nothing, when the result is empty or the
/// contraction size (\p inner) is 0: "expected scalar type Float but found
/// Double". With PyTorch 2, mm (\p mm) checks first, always: "expected m1
/// and m2 to have the same dtype, but got: float != double".
template <class Size>
void check_matmul_dtypes(const at::Tensor &a, const at::Tensor &b,
                         const SizeVector &result, const Size &inner, bool mm) {
  if (a.scalar_type() == b.scalar_type())
    return;
#if defined(TORCH_VERSION_MAJOR) && TORCH_VERSION_MAJOR >= 2
  TORCH_CHECK(!mm,
              "expected m1 and m2 to have the same dtype, but got: ", a.dtype(),
              " != ", b.dtype());
#else
  (void)mm;
#endif
  if (inner == 0)
    return;
  for (const auto &size : result)
    if (size == 0)
      return;
  TORCH_CHECK(false, "expected scalar type ", a.scalar_type(), " but found ",
              b.scalar_type());
}

/// t.size(d), symbolic with PyTorch 2; aten's IndexError ("Dimension
/// specified as 0 but tensor has no dimensions") when t has no dim d.
inline auto size_at(const at::Tensor &t, int64_t d) {
#if SKGEN_SYMBOLIC_SIZES
  return t.sym_size(d);
#else
  return t.size(d);
#endif
}

inline auto numel_of(const at::Tensor &t) {
#if SKGEN_SYMBOLIC_SIZES
  return t.sym_numel();
#else
  return t.numel();
#endif
}

/// The meta of aten's _softmax_backward_data / _log_softmax_backward_data
/// after their own checks: \p dim wrapped by grad's dims, the sizes of grad,
/// its dtype (half when grad is float and \p input_dtype half: CUDA's
/// half-to-float backward; aten's CPU kernel refuses that result, "expected
/// scalar type Float but found Half", which Meta kernels do not), contiguous.
/// aten's kernels (CPU and CUDA) read output as grad's dtype: one of another
/// dtype is refused where there is something to compute ("expected scalar
/// type Float but found Double", after the out= checks). out=:
/// OutDtype::Exact.
inline Meta softmax_backward(const at::Tensor &grad, const at::Tensor &output,
                             int64_t dim, c10::ScalarType input_dtype) {
  at::maybe_wrap_dim(dim, grad.dim());
  c10::ScalarType dtype = grad.scalar_type();
  if (dtype == c10::ScalarType::Float && input_dtype == c10::ScalarType::Half)
    dtype = c10::ScalarType::Half;
  TensorMeta out(sizes_of(grad), dtype);
  out.out_dtype = OutDtype::Exact;
  out.with_kernel_check([&] {
    if (dtype == grad.scalar_type() && numel_of(output) != 0)
      TORCH_CHECK(output.scalar_type() == grad.scalar_type(),
                  "expected scalar type ", grad.scalar_type(), " but found ",
                  output.scalar_type());
  });
  return Meta(std::move(out));
}

/// cat's out= rule: any dtype the inputs' promoted dtype can be cast to
/// ("torch.cat(): input types can't be cast to the desired output type
/// Int"; TypeError with PyTorch 2); the kernel copies into it (no temporary).
inline bool cat_out_dtype(const TensorMeta &result, const at::Tensor &out,
                          bool /*inplace*/) {
  SKGEN_CHECK_TYPE_2(c10::canCast(result.dtype, out.scalar_type()),
                     "torch.cat(): input types can't be cast to the desired "
                     "output type ",
                     out.scalar_type());
  return false;
}

/// aten's cat_compute_output_memory_format: the inputs' suggested memory
/// format when they all agree, else contiguous.
inline c10::MemoryFormat cat_memory_format(at::TensorList tensors) {
  c10::optional<c10::MemoryFormat> format;
  for (const at::Tensor &t : tensors) {
    c10::MemoryFormat f = t.suggest_memory_format();
    if (f == c10::MemoryFormat::Contiguous)
      return f;
    if (format.has_value() && *format != f)
      return c10::MemoryFormat::Contiguous;
    format = f;
  }
  return *format;
}

} // namespace detail

namespace preset {

/// aten's mm meta function: 2-D operands ("self must be a matrix"), inner
/// sizes equal ("mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)"),
/// result (n, m) of self's dtype; operands of different dtypes refused as
/// aten's kernels do (detail::check_matmul_dtypes). out= of exactly that
/// dtype (torchgen's rule, OutDtype::Exact).
inline Meta mm(const at::Tensor &self, const at::Tensor &mat2) {
  TORCH_CHECK(self.dim() == 2, "self must be a matrix");
  TORCH_CHECK(mat2.dim() == 2, "mat2 must be a matrix");
  SizeRef a = sizes_of(self), b = sizes_of(mat2);
  TORCH_CHECK(a[1] == b[0], "mat1 and mat2 shapes cannot be multiplied (", a[0],
              "x", a[1], " and ", b[0], "x", b[1], ")");
  TensorMeta out(SizeVector{a[0], b[1]}, self.scalar_type());
  out.with_kernel_check([&] {
    detail::check_matmul_dtypes(self, mat2, out.sizes, a[1], /*mm=*/true);
  });
  out.out_dtype = OutDtype::Exact;
  return Meta(std::move(out));
}

/// aten's bmm meta function: 3-D operands ("batch1 must be a 3D tensor"),
/// batch2's first two sizes (batch, contraction) those of batch1 ("Expected
/// size for first two dimensions of batch2 tensor to be: [2, 3] but got: [2,
/// 4]."), result (batch, n, p) of mat2's dtype and device (as aten's: the
/// dtype matters when the kernel has nothing to compute); operands of different
/// dtypes refused as aten's kernels do. out=: OutDtype::Exact.
inline Meta bmm(const at::Tensor &self, const at::Tensor &mat2) {
  TORCH_CHECK(self.dim() == 3, "batch1 must be a 3D tensor");
  TORCH_CHECK(mat2.dim() == 3, "batch2 must be a 3D tensor");
  SizeRef a = sizes_of(self), b = sizes_of(mat2);
  TORCH_CHECK(b[0] == a[0] && b[1] == a[2],
              "Expected size for first two dimensions of batch2 tensor to be: "
              "[",
              a[0], ", ", a[2], "] but got: [", b[0], ", ", b[1], "].");
  TensorMeta out(SizeVector{a[0], a[1], b[2]}, mat2.scalar_type());
  out.with_device(mat2.device()).with_kernel_check([&] {
    detail::check_matmul_dtypes(self, mat2, out.sizes, a[2], /*mm=*/false);
  });
  out.out_dtype = OutDtype::Exact;
  return Meta(std::move(out));
}

/// aten's addmm meta function: operands of one dtype ("self and mat2 must
/// have the same dtype", with PyTorch 2 followed by ", but got Float and
/// Double"; then mat1's), 2-D mat1 and mat2 ("mat1 must be a matrix, got
/// 3-D tensor"), inner sizes equal ("mat1 and mat2 shapes cannot be
/// multiplied (2x3 and 4x5)"), result (n, m) of mat1's dtype and device;
/// self must
/// expand to it, checked where aten's kernel checks it, after the out=
/// checks (TensorMeta::expands); in place, self must have its sizes
/// (check_inplace). out=: OutDtype::Exact.
inline Meta addmm(const at::Tensor &self, const at::Tensor &mat1,
                  const at::Tensor &mat2) {
  auto same = [](const at::Tensor &a, const at::Tensor &b, const char *what) {
#if defined(TORCH_VERSION_MAJOR) && TORCH_VERSION_MAJOR >= 2
    TORCH_CHECK(a.scalar_type() == b.scalar_type(), what,
                " and mat2 must have the same dtype, but got ", a.scalar_type(),
                " and ", b.scalar_type());
#else
    TORCH_CHECK(a.scalar_type() == b.scalar_type(), what,
                " and mat2 must have the same dtype");
#endif
  };
  same(self, mat2, "self");
  same(mat1, mat2, "mat1");
  TORCH_CHECK(mat1.dim() == 2, "mat1 must be a matrix, got ", mat1.dim(),
              "-D tensor");
  TORCH_CHECK(mat2.dim() == 2, "mat2 must be a matrix, got ", mat2.dim(),
              "-D tensor");
  SizeRef a = sizes_of(mat1), b = sizes_of(mat2);
  TORCH_CHECK(a[1] == b[0], "mat1 and mat2 shapes cannot be multiplied (", a[0],
              "x", a[1], " and ", b[0], "x", b[1], ")");
  TensorMeta out(SizeVector{a[0], b[1]}, mat1.scalar_type());
  out.out_dtype = OutDtype::Exact;
  out.with_device(mat1.device()).with_expands(self);
  return Meta(std::move(out));
}

/// aten's addmv meta function: a 2-D mat, a 1-D vec and a self of at most
/// one dim ("vector + matrix @ vector expected, got 2, 2, 1"), vec's size
/// mat's second and self of mat's first size or one element ("size mismatch,
/// got input (2), mat (3x4), vec (4)"; 1.13: "size mismatch, got 2, 3x4,4";
/// a 0-dim self there raises aten's IndexError, as aten's message does),
/// result (n) of vec's dtype and device. PyTorch 2 then refuses operands of
/// different dtypes ("addmv input tensors must have the same dtype, but got
/// Float, Double, and Float"); 1.13 accepts a self of another dtype, and its
/// kernels refuse a mat and vec of different dtypes where there is something
/// to compute ("expected scalar type Double but found Float", after the
/// out= / in-place checks). In place, self must have the result's sizes
/// (torchgen's check). out=: OutDtype::Exact.
inline Meta addmv(const at::Tensor &self, const at::Tensor &mat,
                  const at::Tensor &vec) {
  TORCH_CHECK(mat.dim() == 2 && vec.dim() == 1 && self.dim() <= 1,
              "vector + matrix @ vector expected, got ", self.dim(), ", ",
              mat.dim(), ", ", vec.dim());
  SizeRef m = sizes_of(mat), v = sizes_of(vec);
  bool fits = m[1] == v[0] &&
              (m[0] == detail::numel_of(self) || detail::numel_of(self) == 1);
#if defined(TORCH_VERSION_MAJOR) && TORCH_VERSION_MAJOR >= 2
  TORCH_CHECK(fits, "size mismatch, got input (", detail::size_at(self, 0),
              "), mat (", m[0], "x", m[1], "), vec (", v[0], ")");
  TORCH_CHECK(self.scalar_type() == mat.scalar_type() &&
                  mat.scalar_type() == vec.scalar_type(),
              "addmv input tensors must have the same dtype, but got ",
              self.scalar_type(), ", ", mat.scalar_type(), ", and ",
              vec.scalar_type());
#else
  TORCH_CHECK(fits, "size mismatch, got ", detail::size_at(self, 0), ", ", m[0],
              "x", m[1], ",", v[0]);
#endif
  TensorMeta out(SizeVector{m[0]}, vec.scalar_type());
  out.out_dtype = OutDtype::Exact;
  out.with_device(vec.device());
#if !defined(TORCH_VERSION_MAJOR) || TORCH_VERSION_MAJOR < 2
  out.with_kernel_check([&] {
    detail::check_matmul_dtypes(mat, vec, out.sizes, m[1], /*mm=*/false);
  });
#endif
  return Meta(std::move(out));
}

/// aten's baddbmm meta function: self expanded to (batch1's first two sizes,
/// batch2's last) first, as aten's (expand's error: "The expanded size of
/// the tensor (4) must match the existing size (3) at non-singleton
/// dimension 1. ..."; the sizes are read before the 3-D checks, so a 0-dim
/// batch raises aten's IndexError); PyTorch 2 then wants self's dtype to be
/// batch1's ("Input dtypes must be the same, got: input double, batch1:
/// float, batch2: float"); then bmm's checks ("batch1 must be a 3D tensor",
/// "Expected size for first two dimensions of batch2 tensor to be: ..."),
/// the result of batch2's dtype and device; batches of different dtypes
/// refused as aten's kernels do (detail::check_matmul_dtypes, after the out=
/// / in-place checks). In place, self must have the result's sizes
/// ("Bad in-place call: input tensor size [1] and output tensor size [2, 3,
/// 5] should match"). out=: OutDtype::Exact.
inline Meta baddbmm(const at::Tensor &self, const at::Tensor &batch1,
                    const at::Tensor &batch2) {
  SizeVector shape{detail::size_at(batch1, 0), detail::size_at(batch1, 1),
                   detail::size_at(batch2, 2)};
  if (!detail::same_sizes(self, shape))
    detail::check_expands(
        TensorMeta(shape, self.scalar_type()).with_expands(self));
#if defined(TORCH_VERSION_MAJOR) && TORCH_VERSION_MAJOR >= 2
  TORCH_CHECK(self.dtype() == batch1.dtype(),
              "Input dtypes must be the same, got: input ", self.dtype(),
              ", batch1: ", batch1.dtype(), ", batch2: ", batch2.dtype());
#endif
  TORCH_CHECK(batch1.dim() == 3, "batch1 must be a 3D tensor");
  TORCH_CHECK(batch2.dim() == 3, "batch2 must be a 3D tensor");
  SizeRef a = sizes_of(batch1), b = sizes_of(batch2);
  TORCH_CHECK(b[0] == a[0] && b[1] == a[2],
              "Expected size for first two dimensions of batch2 tensor to be: "
              "[",
              a[0], ", ", a[2], "] but got: [", b[0], ", ", b[1], "].");
  TensorMeta out(std::move(shape), batch2.scalar_type());
  out.out_dtype = OutDtype::Exact;
  out.with_device(batch2.device()).with_kernel_check([&] {
    detail::check_matmul_dtypes(batch1, batch2, out.sizes, a[2],
                                /*mm=*/false);
  });
  return Meta(std::move(out));
}

/// aten's cat meta function: a non-empty list ("torch.cat(): expected a
/// non-empty list of Tensors"; ValueError with PyTorch 2) of tensors with a
/// dim ("zero-dimensional tensor (at position 0) cannot be concatenated");
/// \p dim wrapped by the first tensor that is not the legacy empty `[0]`
/// (those are skipped: at::legacy_cat_wrap_dim), the others' sizes equal
/// but along dim ("Sizes of tensors must match except in dimension 0. ...",
/// at::native::check_cat_shape_except_dim), which is their sum; the dtype
/// promoted over all tensors (at::native::result_type), the memory format
/// the inputs share (channels-last inputs give a channels-last result).
/// out= of any dtype the result casts to (detail::cat_out_dtype).
inline Meta cat(at::TensorList tensors, int64_t dim) {
  for (size_t i = 0; i < tensors.size(); ++i)
    TORCH_CHECK(tensors[i].dim() > 0, "zero-dimensional tensor (at position ",
                i, ") cannot be concatenated");
  SKGEN_CHECK_VALUE_2(!tensors.empty(),
                      "torch.cat(): expected a non-empty list of Tensors");
  size_t valid = tensors.size();
  for (size_t i = 0; i < tensors.size() && valid == tensors.size(); ++i)
    if (!at::native::cat_should_skip_tensor(tensors[i]))
      valid = i;
  c10::MemoryFormat format = detail::cat_memory_format(tensors);
  TensorMeta out(SizeVector{0}, at::native::result_type(tensors));
  if (valid < tensors.size()) {
    const at::Tensor &first = tensors[valid];
    dim = at::maybe_wrap_dim(dim, first.dim());
    out.sizes.assign(sizes_of(first).begin(), sizes_of(first).end());
    out.sizes[dim] = 0;
    for (size_t i = 0; i < tensors.size(); ++i) {
      if (at::native::cat_should_skip_tensor(tensors[i]))
        continue;
      at::native::check_cat_shape_except_dim(first, tensors[i], dim,
                                             static_cast<int64_t>(i));
      out.sizes[dim] = out.sizes[dim] + sizes_of(tensors[i])[dim];
    }
    out.device = first.device();
  }
  if (format != c10::MemoryFormat::Contiguous)
    out.with_memory_format(format);
  out.with_out_dtype(detail::cat_out_dtype);
  return Meta(std::move(out));
}

/// aten's _softmax / _log_softmax meta functions: the sizes and dtype of
/// self, float when \p half_to_float (the kernel converts a half input);
/// \p dim wraps as aten's (0-dim: -1 or 0). out= of exactly that dtype
/// (OutDtype::Exact).
inline Meta softmax(const at::Tensor &self, int64_t dim,
                    bool half_to_float = false) {
  at::maybe_wrap_dim(dim, self.dim());
  TensorMeta out(sizes_of(self),
                 half_to_float ? c10::ScalarType::Float : self.scalar_type());
  out.out_dtype = OutDtype::Exact;
  return Meta(std::move(out));
}

/// aten's _softmax_backward_data meta function: grad_output and output of
/// one size ("Expected tensor for argument #1 'grad' to have same size as
/// tensor for argument #2 'output'; but [2, 3] does not equal [3, 2] (while
/// checking arguments for softmax_backward)": at::checkSameSize), then
/// \p dim wrapped ("Dimension out of range ..."); the result is
/// detail::softmax_backward's.
inline Meta softmax_backward(const at::Tensor &grad_output,
                             const at::Tensor &output, int64_t dim,
                             c10::ScalarType input_dtype) {
  auto symbolic = [](const at::Tensor &t) {
    return t.unsafeGetTensorImpl()->has_symbolic_sizes_strides();
  };
  if (!symbolic(grad_output) && !symbolic(output))
    at::checkSameSize("softmax_backward", {grad_output, "grad", 1},
                      {output, "output", 2});
  else
    TORCH_CHECK(sizes_of(grad_output) == sizes_of(output),
                "Expected tensor for argument #1 'grad' to have same size as "
                "tensor for argument #2 'output'; but ",
                sizes_of(grad_output), " does not equal ", sizes_of(output),
                " (while checking arguments for softmax_backward)");
  return detail::softmax_backward(grad_output, output, dim, input_dtype);
}

/// aten's _log_softmax_backward_data meta function: as softmax_backward's,
/// without its size check (output may have any sizes: aten's kernels read
/// it as grad_output's).
inline Meta log_softmax_backward(const at::Tensor &grad_output,
                                 const at::Tensor &output, int64_t dim,
                                 c10::ScalarType input_dtype) {
  return detail::softmax_backward(grad_output, output, dim, input_dtype);
}

/// aten's cumsum / cumprod meta function: the sizes of self, \p dim wrapped
/// as aten's; the dtype \p dtype if given, else int/bool -> int64, else
/// self's. Without dtype= an out= (or in-place self) of any dtype is
/// accepted and computed in (OutDtype::Any: cumsum_ of an int32 tensor
/// stays int32); with it, exactly that dtype (OutDtype::Exact).
inline Meta cumulative(const at::Tensor &self, int64_t dim,
                       c10::optional<c10::ScalarType> dtype = c10::nullopt) {
  at::maybe_wrap_dim(dim, self.dim());
  c10::ScalarType result =
      dtype.has_value() ? *dtype
      : c10::isIntegralType(self.scalar_type(), /*includeBool=*/true)
          ? c10::ScalarType::Long
          : self.scalar_type();
  TensorMeta out(sizes_of(self), result);
  out.out_dtype = dtype.has_value() ? OutDtype::Exact : OutDtype::Any;
  return Meta(std::move(out));
}

/// aten's meta function of the 2-D upsampling ops that take the output size
/// (upsample_nearest2d.out, upsample_bilinear2d.out, ...: the scales and
/// align_corners change no shape): a 4-D self and two output sizes, all
/// positive but the batch ("It is expected input_size equals to 4, but got
/// size 3", "Input and output sizes should be greater than 0, but got input
/// (H: 0, W: 5) output (H: 8, W: 10)": at::native::upsample_2d_common_check;
/// "Non-empty 4D data tensor expected but got a tensor with sizes [2, 0, 4,
/// 5]"); the result (N, C, H, W) of self's dtype and suggested memory format
/// (channels-last stays channels-last). out=: OutDtype::Exact.
inline Meta upsample2d(const at::Tensor &self, c10::IntArrayRef output_size) {
  std::array<int64_t, 4> sizes =
      at::native::upsample_2d_common_check(self.sizes(), output_size);
  TORCH_CHECK(
      self.numel() != 0 ||
          c10::multiply_integers(self.sizes().begin() + 1, self.sizes().end()),
      "Non-empty 4D data tensor expected but got a tensor with sizes ",
      self.sizes());
  TensorMeta out(c10::IntArrayRef(sizes), self.scalar_type());
  out.out_dtype = OutDtype::Exact;
  c10::MemoryFormat format = self.suggest_memory_format();
  if (format != c10::MemoryFormat::Contiguous)
    out.with_memory_format(format);
  return Meta(std::move(out));
}

} // namespace preset
} // namespace skgen

#endif // SKGEN_PRESETS_SHAPES_H
