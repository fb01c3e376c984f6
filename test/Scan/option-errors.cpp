// Options used wrongly.
// RUN: not %skgen --dump-facts=%t.json %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --input-file=%t.err

#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
int not_a_function;

// An option without SKGEN_STRUCTURED.
// CHECK: option-errors.cpp:[[@LINE+1]]:1: error: 'SKGEN_NO_INPLACE' is a family option and needs SKGEN_STRUCTURED on the same declaration
SKGEN_NO_INPLACE
at::Tensor &a_out(const at::Tensor &self, at::Tensor &out);

// Two primary annotations on one declaration.
// CHECK: option-errors.cpp:[[@LINE+3]]:1: error: a declaration can carry only one SKGEN_STRUCTURED or SKGEN_KERNEL annotation
// CHECK: option-errors.cpp:[[@LINE+1]]:1: note: previous annotation is here
SKGEN_STRUCTURED("myops::b.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_KERNEL("myops::b.out", CUDA)
at::Tensor &b_out(const at::Tensor &self, at::Tensor &out);

// SKGEN_NO_INPLACE together with SKGEN_INPLACE_NAME.
// CHECK: option-errors.cpp:[[@LINE+3]]:1: error: 'SKGEN_INPLACE_NAME' shapes the in-place variant, but 'SKGEN_NO_INPLACE' disables it
// CHECK: option-errors.cpp:[[@LINE+3]]:1: note: SKGEN_NO_INPLACE is here
SKGEN_STRUCTURED("myops::c.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_INPLACE_NAME("Tensor")
SKGEN_NO_INPLACE
at::Tensor &c_out(const at::Tensor &self, at::Tensor &out);

// An overload name that is not an identifier: inside the literal.
// CHECK: option-errors.cpp:[[@LINE+2]]:24: error: overload name 'Ten sor' is not an identifier (use "" for the default overload)
SKGEN_STRUCTURED("myops::d.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_FUNCTIONAL_NAME("Ten sor")
at::Tensor &d_out(const at::Tensor &self, at::Tensor &out);

// SKGEN_ALLOC naming nothing, and naming a variable.
// CHECK: option-errors.cpp:[[@LINE+2]]:13: error: 'SKGEN_ALLOC' names 'no_such_fn', but no function of that name is declared before the end of this translation unit
SKGEN_STRUCTURED("myops::e.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_ALLOC(no_such_fn)
at::Tensor &e_out(const at::Tensor &self, at::Tensor &out);
// CHECK: option-errors.cpp:[[@LINE+3]]:13: error: 'SKGEN_ALLOC' names 'myops::not_a_function', which is not a function
// CHECK: option-errors.cpp:9:5: note: declared here
SKGEN_STRUCTURED("myops::f.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_ALLOC(myops::not_a_function)
at::Tensor &f_out(const at::Tensor &self, at::Tensor &out);

// A family option on SKGEN_KERNEL.
// CHECK: option-errors.cpp:[[@LINE+3]]:1: error: 'SKGEN_EXTERNAL' is a family option; put it on the family's SKGEN_STRUCTURED declaration, not on SKGEN_KERNEL
// CHECK: option-errors.cpp:[[@LINE+1]]:1: note: SKGEN_KERNEL is here
SKGEN_KERNEL("myops::f.out", CUDA)
SKGEN_EXTERNAL
at::Tensor &f_out_cuda(const at::Tensor &self, at::Tensor &out);

// Conflicting annotations on a declaration and its definition.
SKGEN_STRUCTURED("myops::g.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &g_out(const at::Tensor &self, at::Tensor &out);
// CHECK: option-errors.cpp:[[@LINE+2]]:1: error: conflicting 'SKGEN_STRUCTURED' on a redeclaration of 'myops::g_out'
// CHECK: option-errors.cpp:[[@LINE-3]]:1: note: previous annotation is here
SKGEN_STRUCTURED("myops::g.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CUDA)
at::Tensor &g_out(const at::Tensor &self, at::Tensor &out) { return out; }
} // namespace myops
// CHECK: 8 errors generated.
