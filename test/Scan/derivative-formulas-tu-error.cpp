// A translation unit with Clang errors of its own: only those are reported,
// its formulas are not compiled (their check would meet the same error).
// RUN: not %skgen --dump-facts=%t.json %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error:

#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
// CHECK: derivative-formulas-tu-error.cpp:[[@LINE+1]]:39: error: unknown type name 'UnknownType'
at::Tensor helper(const at::Tensor &, UnknownType);

SKGEN_STRUCTURED("myops::neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_DERIVATIVE("self", "helper(grad, 1)")
at::Tensor &neg_out(const at::Tensor &self, at::Tensor &out);
} // namespace myops
