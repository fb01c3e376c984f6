// SKGEN_DERIVATIVE entries whose names are wrong: positioned errors in the
// names' string (Facts/Derivatives.h), and the entry is left out: its formula
// is not compiled. The family's other formulas still are.
// RUN: not %skgen --dump-facts=%t.json %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error:
// RUN: FileCheck %s --check-prefix=FIX --input-file=%t.json
// The closest name is a note's fix-it (a guess: --fix does not apply it).
// FIX: "notes": [
// FIX-NEXT: {
// FIX-NEXT: "fix_length": 4,
// FIX-NEXT: "fix_text": "self",
// FIX-NEXT: "level": "note",
// FIX-NOT: "fix_text"

#include <ATen/ATen.h>
#include <skgen/annotations.h>

#include <tuple>

namespace myops {
// An unknown input name, close to one: the suggestion is a note's (a typo
// correction: --fix does not apply it).
// CHECK: derivative-entries.cpp:[[@LINE+4]]:19: error: 'slef' is not an argument or output of the family{{$}}
// CHECK: derivative-entries.cpp:[[@LINE+3]]:19: note: did you mean 'self'?
// CHECK: derivative-entries.cpp:[[@LINE+2]]:1: note: in this annotation
SKGEN_STRUCTURED("myops::a.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_DERIVATIVE("slef", "grad.foo()")
// A Scalar has no gradient.
// CHECK: derivative-entries.cpp:[[@LINE+1]]:19: error: 'alpha' is a Scalar, not a Tensor: only Tensor, Tensor? and Tensor[] arguments have gradients
SKGEN_DERIVATIVE("alpha", "grad.foo()")
// One entry per input.
// CHECK: derivative-entries.cpp:[[@LINE+2]]:25: error: 'other' already has a derivative entry
SKGEN_DERIVATIVE("other", "grad")
SKGEN_DERIVATIVE("self, other", "std::make_tuple(grad.foo(), grad)")
// The family's valid entries are compiled.
// CHECK: derivative-entries.cpp:[[@LINE+1]]:37: error: no member named 'bar' in 'at::Tensor'
SKGEN_DERIVATIVE("result", "other_t.bar()")
at::Tensor &a_out(const at::Tensor &self, const at::Tensor &other, const at::Scalar &alpha, at::Tensor &out);

// output_differentiability: one value per output.
// CHECK: derivative-entries.cpp:[[@LINE+3]]:47: error: expected a list of 2 True/False, one per output, e.g. [True, False]
SKGEN_STRUCTURED("myops::b.out(Tensor self, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)", CPU)
SKGEN_DERIVATIVE("self", "grad")
SKGEN_DERIVATIVE("output_differentiability", "[True]")
std::tuple<at::Tensor &, at::Tensor &> b_out(const at::Tensor &self, at::Tensor &values, at::Tensor &indices);

// No forward formula for an output that is not differentiable.
// CHECK: derivative-entries.cpp:[[@LINE+4]]:19: error: output 'indices' is not differentiable (output_differentiability); it has no forward formula
SKGEN_STRUCTURED("myops::c.out(Tensor self, *, Tensor(a!) values, Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)", CPU)
SKGEN_DERIVATIVE("self", "grad")
SKGEN_DERIVATIVE("output_differentiability", "[True, False]")
SKGEN_DERIVATIVE("indices", "self_t.foo()")
std::tuple<at::Tensor &, at::Tensor &> c_out(const at::Tensor &self, at::Tensor &values, at::Tensor &indices);
} // namespace myops
