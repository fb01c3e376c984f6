// Schema errors inside the annotation point into the string literal, also
// when the schema is written as concatenated literals.
// RUN: not %skgen --dump-facts=%t.json %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --match-full-lines --strict-whitespace

#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {

// Unknown type in the second literal piece: column of 'Tensr'.
SKGEN_STRUCTURED("myops::add.out(Tensor self, "
                 "Tensr other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &add_out(const at::Tensor &self, const at::Tensor &other,
                    at::Tensor &out);
// CHECK:{{.*}}schema-errors.cpp:13:19: error: malformed schema: unknown type 'Tensr'
// CHECK-NEXT:                 "Tensr other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
// CHECK-NEXT:                  ^
// CHECK-NEXT:{{.*}}schema-errors.cpp:12:1: note: in this annotation

// Unbalanced parenthesis: the end of the literal.
SKGEN_STRUCTURED("myops::sub.out(Tensor self", CPU)
at::Tensor &sub_out(const at::Tensor &self, at::Tensor &out);
// CHECK:{{.*}}schema-errors.cpp:22:45: error: malformed schema: expected ')' to close the argument list, found end of input

// Well-formed, mutating, but not an out= schema (validateOutSchema).
SKGEN_STRUCTURED("myops::mul(Tensor(a!) self) -> Tensor(a!)", CPU)
at::Tensor &mul(at::Tensor &self);
// CHECK:{{.*}}schema-errors.cpp:27:19: error: 'myops::mul' is not an out= schema: it has no keyword-only Tensor(a!) argument
// CHECK:{{.*}}schema-errors.cpp:27:19: note: add the output as a keyword-only argument{{.*}}

// SKGEN_KERNEL's operator name is parsed too.
SKGEN_KERNEL("myops::add.out.x", CUDA)
at::Tensor &add_out_cuda(const at::Tensor &self, const at::Tensor &other,
                         at::Tensor &out);
// CHECK:{{.*}}schema-errors.cpp:33:29: error: malformed operator name: {{.*}}
// CHECK:{{[0-9]+}} errors generated.

} // namespace myops
