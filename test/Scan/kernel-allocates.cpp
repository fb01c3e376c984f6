// SKGEN_KERNEL_ALLOCATES is a promise about SKGEN_KERNEL_ITERATOR's
// TensorIterator (it allocates the undefined out it is given): without
// SKGEN_KERNEL_ITERATOR, a positioned error (and the run fails); with it, a
// fact.
// RUN: not %skgen --dump-facts=%t.bad.json %s -- %scanflags -DBAD 2> %t.err
// RUN: FileCheck %s --check-prefix=BAD --input-file=%t.err
// RUN: %skgen --dump-facts=%t.json %s -- %scanflags
// RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.json

#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <skgen/structured.h>

namespace kops {
#ifdef BAD
// BAD: kernel-allocates.cpp:[[@LINE+3]]:1: error: 'SKGEN_KERNEL_ALLOCATES' needs 'SKGEN_KERNEL_ITERATOR' (the kernel's TensorIterator allocates the undefined out tensors it is given)
SKGEN_STRUCTURED("kops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
SKGEN_KERNEL_ALLOCATES
at::Tensor &a_out(const at::Tensor &self, at::Tensor &out);
// With SKGEN_KERNEL_CASTS (not the iterator's promise) too.
// BAD: kernel-allocates.cpp:[[@LINE+4]]:1: error: 'SKGEN_KERNEL_ALLOCATES' needs 'SKGEN_KERNEL_ITERATOR'
SKGEN_STRUCTURED("kops::b.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
SKGEN_KERNEL_CASTS
SKGEN_KERNEL_ALLOCATES
at::Tensor &b_out(const at::Tensor &self, at::Tensor &out);
// BAD-NOT: error:
#endif

// FACTS: "cpp_name": "kops::c_out"
// FACTS: "kernel_allocates": true
// FACTS-NEXT: "kernel_iterator": true
SKGEN_STRUCTURED("kops::c.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
SKGEN_KERNEL_ITERATOR
SKGEN_KERNEL_ALLOCATES
at::Tensor &c_out(const at::Tensor &self, at::Tensor &out);
} // namespace kops
