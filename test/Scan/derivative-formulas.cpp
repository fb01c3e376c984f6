// Derivative formulas are compiled at scan time against their scope (the
// names generated code declares, with its types): Clang's errors are skgen
// errors at the byte of the formula's string literal, with Clang's fix-it; the
// kernel's facts say it has errors, so nothing is generated from them. Valid
// formulas give no diagnostic at all.
// RUN: not %skgen --dump-facts=%t.json %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error: --implicit-check-not=warning:
// RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.json

#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
at::Tensor helper(const at::Tensor &grad, const at::Scalar &alpha);

// Valid: backward formulas per input, a group, forward formulas, a helper of
// the kernel's namespace, keywords (not C++: not compiled).
SKGEN_STRUCTURED("myops::mul.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary)
SKGEN_DERIVATIVE("self", "grad * other.conj() * alpha")
SKGEN_DERIVATIVE("other", "helper(grad, alpha) * self.conj()")
SKGEN_DERIVATIVE("result", "self_t * other_p + self_p * other_t")
at::Tensor &mul_out(const at::Tensor &self, const at::Tensor &other, const at::Scalar &alpha, at::Tensor &out);

SKGEN_STRUCTURED("myops::add.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary)
SKGEN_DERIVATIVE("self, other", "std::make_tuple(grad_input_mask[0] ? grad : at::Tensor(), grad.expand(result.sizes()))")
SKGEN_DERIVATIVE("result", "auto_element_wise")
at::Tensor &add_out(const at::Tensor &self, const at::Tensor &other, at::Tensor &out);

// An unknown name close to one in scope: Clang's typo correction, a note
// (--fix does not apply it).
// CHECK: derivative-formulas.cpp:[[@LINE+4]]:34: error: use of undeclared identifier 'slef'{{$}}
// CHECK: derivative-formulas.cpp:[[@LINE+3]]:34: note: did you mean 'self'?
// CHECK: derivative-formulas.cpp:[[@LINE+2]]:1: note: in this annotation
SKGEN_STRUCTURED("myops::neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_DERIVATIVE("self", "grad * slef.conj()")
at::Tensor &neg_out(const at::Tensor &self, at::Tensor &out);

// Not against the argument types: a Scalar has no foo(); a Scalar is not
// the Tensor a formula gives (the whole formula).
// CHECK: derivative-formulas.cpp:[[@LINE+5]]:40: error: no member named 'foo' in 'c10::Scalar'
// CHECK: derivative-formulas.cpp:[[@LINE+4]]:1: note: in this annotation
// CHECK: derivative-formulas.cpp:[[@LINE+4]]:29: error: no viable conversion from 'const at::Scalar' to 'at::Tensor'
// CHECK: derivative-formulas.cpp:[[@LINE+3]]:1: note: in this annotation
SKGEN_STRUCTURED("myops::sub.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_DERIVATIVE("self", "grad * alpha.foo()")
SKGEN_DERIVATIVE("result", "alpha")
at::Tensor &sub_out(const at::Tensor &self, const at::Tensor &other, const at::Scalar &alpha, at::Tensor &out);

// A group formula gives one value per name; `grad_input_mask` is only a
// group's; an incomplete formula's error is at its end (the closing quote).
// CHECK: derivative-formulas.cpp:[[@LINE+8]]:34: error: the formula for 'self, other' must give 2 values, one per name (a std::tuple)
// CHECK: derivative-formulas.cpp:[[@LINE+7]]:1: note: in this annotation
// CHECK: derivative-formulas.cpp:[[@LINE+7]]:29: error: use of undeclared identifier 'grad_input_mask'
// CHECK: derivative-formulas.cpp:[[@LINE+6]]:1: note: in this annotation
// CHECK: derivative-formulas.cpp:[[@LINE+6]]:38: error: expected expression
// CHECK: derivative-formulas.cpp:[[@LINE+5]]:1: note: in this annotation
SKGEN_STRUCTURED("myops::div.out(Tensor self, Tensor other, Tensor weight, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary)
SKGEN_DERIVATIVE("self, other", "std::make_tuple(grad, grad, grad)")
SKGEN_DERIVATIVE("weight", "grad_input_mask[0] ? grad : grad")
SKGEN_DERIVATIVE("result", "self_t * ")
at::Tensor &div_out(const at::Tensor &self, const at::Tensor &other, const at::Tensor &weight, at::Tensor &out);

// A formula in two concatenated literals (and after an escape): the error's
// line and column are those of its byte, in the second piece.
// CHECK: derivative-formulas.cpp:[[@LINE+4]]:29: error: use of undeclared identifier 'ohter'{{$}}
// CHECK: derivative-formulas.cpp:[[@LINE+3]]:29: note: did you mean 'other'?
SKGEN_STRUCTURED("myops::max.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_DERIVATIVE("self", "grad * \t"
                         "  ohter.conj()")
SKGEN_DERIVATIVE("other", "grad")
at::Tensor &max_out(const at::Tensor &self, const at::Tensor &other, at::Tensor &out);

// Warnings in a formula are Clang's warnings there (the build would give them
// in generated code): at the formula, the kernel still generated.
// CHECK: derivative-formulas.cpp:[[@LINE+3]]:28: warning: left operand of comma operator has no effect
// CHECK: derivative-formulas.cpp:[[@LINE+2]]:1: note: in this annotation
SKGEN_STRUCTURED("myops::abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_DERIVATIVE("self", "(1, grad.neg())")
at::Tensor &abs_out(const at::Tensor &self, at::Tensor &out);

// An input read only through a property is saved as it (`self_sym_sizes`):
// what is compiled is that text, positions are those of the formula.
// CHECK: derivative-formulas.cpp:[[@LINE+3]]:89: error: no member named 'foo' in 'at::Tensor'
SKGEN_STRUCTURED("myops::sum.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("self", "grad.expand(self.sym_sizes()) * grad.expand(self.sym_sizes()).foo()")
at::Tensor &sum_out(const at::Tensor &self, at::Tensor &out);

// An argument named like an output gradient: one error at the entry (the
// formulas are not compiled: their scope could not be declared).
// CHECK: derivative-formulas.cpp:[[@LINE+3]]:19: error: the family's formulas cannot use the name 'grad': it names both an argument (or output) and what derivatives.yaml calls so; rename the argument
SKGEN_STRUCTURED("myops::sq.out(Tensor grad, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary)
SKGEN_DERIVATIVE("grad", "grad")
at::Tensor &sq_out(const at::Tensor &grad, at::Tensor &out);
} // namespace myops

// Kernels with errors in formulas are marked (the others have no
// "annotation_errors" field).
// FACTS-NOT: "annotation_errors"
// FACTS: "cpp_name": "myops::mul_out"
// FACTS-NOT: "annotation_errors"
// FACTS: "cpp_name": "myops::add_out"
// FACTS: "annotation_errors": true
// FACTS: "cpp_name": "myops::neg_out"
// FACTS: "annotation_errors": true
// FACTS: "cpp_name": "myops::sub_out"
// FACTS: "annotation_errors": true
// FACTS: "cpp_name": "myops::div_out"
// FACTS: "annotation_errors": true
// FACTS: "cpp_name": "myops::max_out"
// FACTS-NOT: "annotation_errors"
// FACTS: "cpp_name": "myops::abs_out"
// FACTS: "annotation_errors": true
// FACTS: "cpp_name": "myops::sum_out"
// FACTS: "annotation_errors": true
// FACTS: "cpp_name": "myops::sq_out"
