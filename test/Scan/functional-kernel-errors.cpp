// Functional kernels used wrongly: an out= signature with
// SKGEN_FUNCTIONAL_KERNEL (or the functional signature without it), the
// option on a SKGEN_KERNEL, the option with SKGEN_NO_FUNCTIONAL, and a
// SKGEN_KERNEL naming the functional operator with the out signature.
// RUN: not %skgen --dump-facts=%t.json %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --input-file=%t.err

#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
// CHECK: functional-kernel-errors.cpp:[[@LINE+4]]:1: error: return type of 'myops::a_cpu' is 'at::Tensor &'; schema 'myops::a' returns 'Tensor', which is returned as 'at::Tensor'
// CHECK: functional-kernel-errors.cpp:[[@LINE+3]]:55: error: 'myops::a_cpu' has 2 parameters but schema 'myops::a' has 1 argument; parameter 'out' has no schema argument
SKGEN_STRUCTURED("myops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_FUNCTIONAL_KERNEL
at::Tensor &a_cpu(const at::Tensor &self, at::Tensor &out);

// Without the option a functional signature is an out kernel's error.
// CHECK: functional-kernel-errors.cpp:[[@LINE+2]]:12: error: 'myops::b_cpu' has 1 parameter but schema 'myops::b.out' has 2 arguments; schema argument 'Tensor(a!) out' (passed as 'at::Tensor &') has no parameter
SKGEN_STRUCTURED("myops::b.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor b_cpu(const at::Tensor &self);

// CHECK: functional-kernel-errors.cpp:[[@LINE+3]]:1: error: 'SKGEN_FUNCTIONAL_KERNEL' is for SKGEN_STRUCTURED; a SKGEN_KERNEL is a functional kernel when it names the functional operator, e.g. SKGEN_KERNEL("myops::add", KEY)
// CHECK: functional-kernel-errors.cpp:[[@LINE+1]]:1: note: SKGEN_KERNEL is here
SKGEN_KERNEL("myops::a", Meta)
SKGEN_FUNCTIONAL_KERNEL
at::Tensor a_meta(const at::Tensor &self);

// CHECK: functional-kernel-errors.cpp:[[@LINE+6]]:1: error: 'SKGEN_FUNCTIONAL_KERNEL' makes this function the functional kernel, but 'SKGEN_NO_FUNCTIONAL' disables the functional variant
// CHECK-NEXT: SKGEN_FUNCTIONAL_KERNEL
// CHECK: functional-kernel-errors.cpp:[[@LINE+3]]:1: note: SKGEN_NO_FUNCTIONAL is here
// CHECK-NOT: c_cpu
SKGEN_STRUCTURED("myops::c.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_FUNCTIONAL
SKGEN_FUNCTIONAL_KERNEL
at::Tensor c_cpu(const at::Tensor &self);

// A SKGEN_KERNEL naming the functional op has the functional signature.
// CHECK: functional-kernel-errors.cpp:[[@LINE+3]]:1: error: return type of 'myops::a_xla' is 'at::Tensor &'; schema 'myops::a' returns 'Tensor', which is returned as 'at::Tensor'
// CHECK: functional-kernel-errors.cpp:14:19: note: calling convention required by schema 'myops::a'
SKGEN_KERNEL("myops::a", XLA)
at::Tensor &a_xla(const at::Tensor &self, at::Tensor &out);
// CHECK: 8 errors generated.
} // namespace myops
