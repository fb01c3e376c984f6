//===- skgen/iterator.h - A TensorIterator allocating as aten -*- C++ -*-===//
//
// skgen::TensorIterator: for the out= kernels of SKGEN_KERNEL_ALLOCATES
// families (libtorch). A structured kernel class of aten's in miniature: a
// TensorIteratorBase over one output it holds, which
//
//  * given an undefined output (the functional wrapper's call), allocates it
//    where the iterator says, with the sizes, strides and dtype aten's
//    functional op gives, and on a plain CPU tensor without the dispatcher
//    (at::detail::empty_strided_cpu, as aten's structured CPU kernels'
//    create_out: the trip costs about half the allocation);
//  * given a defined output (out=, in-place), resizes and restrides it as
//    aten's structured out= kernels do (resize_out).
//
//   at::Tensor &hypot_out(const at::Tensor &self, const at::Tensor &other,
//                         at::Tensor &out) {
//     skgen::TensorIterator iter(out);
//     iter.binary_op(self, other);
//     at::native::hypot_stub(iter.device_type(), iter);
//     return out = iter.output();
//   }
//
// The object must not move once built (its operands borrow its output), so
// it has no factory functions as at::TensorIterator has.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_ITERATOR_H
#define SKGEN_ITERATOR_H

#include <ATen/TensorIterator.h>
#include <skgen/create_out.h>
#include <skgen/symint.h> // TORCH_VERSION_MAJOR

// 1.13's set_output_raw_strided also takes the output's names.
#if defined(TORCH_VERSION_MAJOR) && TORCH_VERSION_MAJOR >= 2
#define SKGEN_ITERATOR_NAMES 0
#define SKGEN_ITERATOR_NAMES_PARAM
#define SKGEN_ITERATOR_NAMES_ARG
#else
#include <ATen/NamedTensorUtils.h>
#define SKGEN_ITERATOR_NAMES 1
#define SKGEN_ITERATOR_NAMES_PARAM , at::DimnameList names
#define SKGEN_ITERATOR_NAMES_ARG , names
#endif

namespace skgen {

class TensorIterator final : public at::TensorIteratorBase {
public:
  /// \p out: the kernel's out= tensor, undefined when the iterator is to
  /// allocate it.
  explicit TensorIterator(const at::Tensor &out) : out_(out) {}
  TensorIterator(const TensorIterator &) = delete;
  TensorIterator &operator=(const TensorIterator &) = delete;

  // aten's TensorIterator factories of the TensorIterator presets, built
  // over the held output.
  void unary_op(const at::TensorBase &a) { build_borrowing_unary_op(out_, a); }
  void unary_float_op(const at::TensorBase &a) {
    build_borrowing_unary_float_op(out_, a);
  }
  void binary_op(const at::TensorBase &a, const at::TensorBase &b) {
    build_borrowing_binary_op(out_, a, b);
  }
  void binary_float_op(const at::TensorBase &a, const at::TensorBase &b) {
    build_borrowing_binary_float_op(out_, a, b);
  }
  void comparison_op(const at::TensorBase &a, const at::TensorBase &b) {
    build_borrowing_comparison_op(out_, a, b);
  }
  /// The held output, for a TensorIteratorConfig of the kernel's own
  /// (`iter.build(config.add_output(iter.out())...)`).
  const at::Tensor &out() const { return out_; }

  const at::Tensor &maybe_get_output(int64_t) override { return out_; }

  void set_output_raw_strided(
      int64_t index, at::IntArrayRef sizes, at::IntArrayRef strides,
      at::TensorOptions options SKGEN_ITERATOR_NAMES_PARAM) override {
    if (!out_.defined())
      out_ = create_out(sizes, strides, options);
    else
      resize_out(out_, sizes, strides, options.memory_format_opt());
#if SKGEN_ITERATOR_NAMES
    if (!names.empty())
      at::namedinference::propagate_names(out_, names);
#endif
    // After the output is set: the base borrows maybe_get_output().
    at::TensorIteratorBase::set_output_raw_strided(
        index, sizes, strides, options SKGEN_ITERATOR_NAMES_ARG);
  }

private:
  at::Tensor out_;
};

} // namespace skgen

#undef SKGEN_ITERATOR_NAMES
#undef SKGEN_ITERATOR_NAMES_PARAM
#undef SKGEN_ITERATOR_NAMES_ARG

#endif
