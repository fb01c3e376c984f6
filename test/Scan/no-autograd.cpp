// SKGEN_NO_AUTOGRAD: the family's autograd is the user's own; skgen
// generates no Autograd registration for it (the functional, in-place and
// out= overloads keep their other kernels), so torch.library.
// register_autograd or a hand-written Autograd kernel is the only one
// (test/E2E/own-autograd.test). With derivative formulas or
// SKGEN_NOT_DIFFERENTIABLE it is an error at them.
// RUN: %skgen --dump-generated %s -- %scanflags -DONLY_GOOD > %t.out
// RUN: FileCheck %s --check-prefix=GEN < %t.out
// RUN: not %skgen --dump-generated %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --input-file=%t.err

#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <skgen/structured.h>

namespace myops {
SKGEN_STRUCTURED("myops::scale.out(Tensor self, float s, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
SKGEN_NO_AUTOGRAD
at::Tensor &scale_out(const at::Tensor &self, double s, at::Tensor &out);

// The same family without it: its Autograd registrations are generated.
SKGEN_STRUCTURED("myops::shift.out(Tensor self, float s, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
at::Tensor &shift_out(const at::Tensor &self, double s, at::Tensor &out);

#ifndef ONLY_GOOD
// CHECK: no-autograd.cpp:[[@LINE+2]]:19: error: 'SKGEN_NO_AUTOGRAD' says the family's autograd is your own, so no derivative formula is used; remove it or this entry
SKGEN_STRUCTURED("myops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_DERIVATIVE("self", "grad")
SKGEN_META_PRESET(unary)
SKGEN_NO_AUTOGRAD
at::Tensor &a_out(const at::Tensor &self, at::Tensor &out);

// CHECK: no-autograd.cpp:[[@LINE+3]]:1: error: 'SKGEN_NOT_DIFFERENTIABLE' needs the generated Autograd registrations, which 'SKGEN_NO_AUTOGRAD' turns off; keep one
SKGEN_STRUCTURED("myops::b.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
SKGEN_NOT_DIFFERENTIABLE
SKGEN_NO_AUTOGRAD
at::Tensor &b_out(const at::Tensor &self, at::Tensor &out);
#endif
} // namespace myops

// GEN: // myops::scale.out
// GEN-NOT: TORCH_LIBRARY_IMPL(myops, Autograd, m)
// GEN: // myops::shift.out
// GEN: TORCH_LIBRARY_IMPL(myops, Autograd, m) {
// GEN-NEXT:   m.impl("shift", &wrapper_Autograd_shift);
