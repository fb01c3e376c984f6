// InsertAfterOffset/Line: just past the end of the top-level declaration that
// contains the annotated function (generated registrations go there, at
// global scope).
// RUN: %skgen --dump-facts=%t.json %s -- %scanflags
// RUN: FileCheck %s --input-file=%t.json

#include <ATen/ATen.h>
#include <skgen/annotations.h>

// A global declaration: after its `;`.
SKGEN_STRUCTURED("myops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &a_out(const at::Tensor &self,
                  at::Tensor &out) ;   // line 13
// CHECK: "cpp_name": "a_out",
// CHECK-NEXT: "insert_after_line": 13,
// CHECK-NEXT: "insert_after_offset": 523,

// A global definition: after its `}` (the body itself is skipped).
SKGEN_STRUCTURED("myops::b.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &b_out(const at::Tensor &self, at::Tensor &out) {
  { return out; }
} // line 22
// CHECK: "cpp_name": "b_out",
// CHECK-NEXT: "insert_after_line": 22,

// Nested namespaces and a static member: after the outermost `}`.
namespace outer {
inline namespace v1 {
struct Ops {
  SKGEN_STRUCTURED("myops::c.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
  static at::Tensor &c_out(const at::Tensor &self, at::Tensor &out);
};
namespace {
SKGEN_STRUCTURED("myops::d.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &d_out(const at::Tensor &self, at::Tensor &out);
}
} // namespace v1
} // line 38
// Inline and anonymous namespaces are not spelled in the C++ name.
// CHECK: "cpp_name": "outer::Ops::c_out",
// CHECK-NEXT: "insert_after_line": 38,
// CHECK: "cpp_name": "outer::d_out",
// CHECK-NEXT: "insert_after_line": 38,

// Out-of-line definition of a class member at global scope.
struct Holder {
  SKGEN_STRUCTURED("myops::e.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
  static at::Tensor &e_out(const at::Tensor &self, at::Tensor &out);
}; // line 49
// CHECK: "cpp_name": "Holder::e_out",
// CHECK-NEXT: "insert_after_line": 49,

extern "C++" {
namespace inext {
SKGEN_STRUCTURED("myops::f.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &f_out(const at::Tensor &self, at::Tensor &out);
}
} // line 58
// CHECK: "cpp_name": "inext::f_out",
// CHECK-NEXT: "insert_after_line": 58,
