// SKGEN_INPLACE_DERIVATIVE entries (the in-place variant's own, as
// derivatives.yaml's entry for `op_`): positioned errors where torchgen
// refuses one, and at the link where the family has no in-place variant.
// RUN: not %skgen --dump-facts=%t.json %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error:
// RUN: not %skgen %s -- %scanflags 2> %t.link
// RUN: FileCheck %s --check-prefix=LINK --input-file=%t.link

#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
// Its forward formula reads the value the call overwrites (torchgen:
// "Please use \"result\" in the formula only").
// CHECK: inplace-derivative-entries.cpp:[[@LINE+3]]:37: error: the in-place variant's forward formula cannot read 'self_p', the value the call overwrites: use 'result' (self after the call) or 'original_self_p' (a copy taken before it)
SKGEN_STRUCTURED("myops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_INPLACE_DERIVATIVE("self", "grad")
SKGEN_INPLACE_DERIVATIVE("result", "self_p * self_t")
at::Tensor &a_out(const at::Tensor &self, at::Tensor &out);

// Its names are the in-place variant's: the entries' names are checked as
// SKGEN_DERIVATIVE's.
// CHECK: inplace-derivative-entries.cpp:[[@LINE+3]]:27: error: 'slef' is not an argument or output of the family{{$}}
// CHECK: note: did you mean 'self'?
SKGEN_STRUCTURED("myops::b.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_INPLACE_DERIVATIVE("slef", "grad")
at::Tensor &b_out(const at::Tensor &self, at::Tensor &out);

// Two out arguments: no in-place variant.
// CHECK: inplace-derivative-entries.cpp:[[@LINE+2]]:27: error: SKGEN_INPLACE_DERIVATIVE entries are the in-place variant's, which a family with 2 out arguments does not have
SKGEN_STRUCTURED("myops::c.out(Tensor self, *, Tensor(a!) out0, Tensor(b!) out1) -> (Tensor(a!), Tensor(b!))", CPU)
SKGEN_INPLACE_DERIVATIVE("self", "grad")
std::tuple<at::Tensor &, at::Tensor &> c_out(const at::Tensor &self, at::Tensor &out0, at::Tensor &out1);
} // namespace myops

// The in-place variant not generated (SKGEN_NO_INPLACE): the link says so.
namespace lops {
// LINK: inplace-derivative-entries.cpp:[[@LINE+3]]:27: error: 'lops::d.out' has no in-place variant for these SKGEN_INPLACE_DERIVATIVE entries
SKGEN_STRUCTURED("lops::d.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_INPLACE
SKGEN_INPLACE_DERIVATIVE("self", "grad")
at::Tensor &d_out(const at::Tensor &self, at::Tensor &out);
} // namespace lops
