// Function bodies are skipped: an error inside a body is not even seen.
// RUN: %skgen --dump-facts=- %s -- %scanflags | FileCheck %s

#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
SKGEN_STRUCTURED("myops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &a_out(const at::Tensor &self, at::Tensor &out) {
  this_does_not_compile(self) + 1;
  return out;
}
} // namespace myops
// CHECK: "diagnostics": [],
// CHECK: "cpp_name": "myops::a_out",
// The `}` of the namespace, not of the skipped body.
// CHECK: "insert_after_line": 13,
// CHECK: "signature_ok": true
