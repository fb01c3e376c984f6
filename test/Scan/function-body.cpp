// Function bodies are not parsed (only declarations are read), so an
// annotation inside one would do nothing. It is an error instead of being
// silently dropped; so is a block-scope declaration in a body Clang does
// parse (a constexpr function): the generated registrations, outside the
// function, could not name it.
// RUN: not %skgen --dump-facts=%t.json %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --input-file=%t.err
// RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.json
// Disabled annotations expand to nothing: no error.
// RUN: %skgen --dump-facts=%t2.json %s -- %scanflags -DSKGEN_DISABLE_ANNOTATIONS

#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
void setup() {
  // CHECK: function-body.cpp:[[@LINE+1]]:3: error: 'SKGEN_STRUCTURED' inside a function body has no effect (skgen reads declarations, not function bodies); annotate a namespace-scope function or a static member function
  SKGEN_STRUCTURED("myops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
  at::Tensor &a_out(const at::Tensor &self, at::Tensor &out);
}

constexpr int helper() {
  // CHECK: function-body.cpp:[[@LINE+2]]:15: error: 'SKGEN_KERNEL' kernel is declared inside a function; annotate a namespace-scope function or a static member function
  SKGEN_KERNEL("myops::b.out", CPU)
  at::Tensor &b_out_cuda(const at::Tensor &self, at::Tensor &out);
  return 0;
}

SKGEN_STRUCTURED("myops::c.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &c_out(const at::Tensor &self, at::Tensor &out) {
  SKGEN_NO_INPLACE; // CHECK: function-body.cpp:[[@LINE]]:3: error: 'SKGEN_NO_INPLACE' inside a function body has no effect
  return out;
}
} // namespace myops

// CHECK: 3 errors generated.
// FACTS-NOT: "cpp_name": "myops::a_out"
// FACTS-NOT: "cpp_name": "myops::b_out_cuda"
// FACTS: "cpp_name": "myops::c_out"
