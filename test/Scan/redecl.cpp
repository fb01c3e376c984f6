// A function declared and then defined is one fact; the annotation on the
// declaration is inherited by the definition, and repeating the same
// annotation on the definition is fine.
// RUN: %skgen --dump-facts=%t.json %s -- %scanflags
// RUN: FileCheck %s --input-file=%t.json

#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
SKGEN_STRUCTURED("myops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &a_out(const at::Tensor &self, at::Tensor &out);
at::Tensor &a_out(const at::Tensor &self, at::Tensor &out) { return out; }

SKGEN_STRUCTURED("myops::b.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &b_out(const at::Tensor &self, at::Tensor &out);
SKGEN_STRUCTURED("myops::b.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &b_out(const at::Tensor &self, at::Tensor &out) { return out; }
} // namespace myops

// CHECK: "diagnostics": [],
// CHECK: "cpp_name": "myops::a_out",
// CHECK: "line": 12
// CHECK-NOT: "cpp_name": "myops::a_out",
// CHECK: "cpp_name": "myops::b_out",
// CHECK-NOT: "cpp_name"
