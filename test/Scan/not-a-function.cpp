// Annotations on something that is not a function.
// RUN: not %skgen --dump-facts=%t.json %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --input-file=%t.err
// RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.json

#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
// CHECK: not-a-function.cpp:[[@LINE+2]]:1: error: 'SKGEN_STRUCTURED' must be placed immediately before a function declaration; here it applies to a variable 'myops::table'
// CHECK: not-a-function.cpp:[[@LINE+2]]:5: note: declared here
SKGEN_STRUCTURED("myops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
int table[4];

// A class: Clang ignores the attribute (it would need to follow `struct`).
// CHECK: not-a-function.cpp:[[@LINE+1]]:1: error: 'SKGEN_KERNEL' must be placed immediately before a function declaration (clang: attribute 'annotate' is ignored, place it after "struct" to apply attribute to type declaration)
SKGEN_KERNEL("myops::a.out", CPU)
struct Helper {
  // CHECK: not-a-function.cpp:[[@LINE+1]]:3: error: 'SKGEN_NO_INPLACE' must be placed immediately before a function declaration; here it applies to a data member 'myops::Helper::x'
  SKGEN_NO_INPLACE int x;
};

// CHECK: not-a-function.cpp:[[@LINE+1]]:1: error: 'SKGEN_STRUCTURED' must be placed immediately before a function declaration; here it applies to a type alias 'myops::Alias'
SKGEN_STRUCTURED("myops::b.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
typedef int Alias;

// A non-static member function cannot be registered as a kernel.
struct Ops {
  // CHECK: not-a-function.cpp:[[@LINE+2]]:15: error: 'SKGEN_STRUCTURED' kernel must be a free function or a static member function
  SKGEN_STRUCTURED("myops::c.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
  at::Tensor &c_out(const at::Tensor &self, at::Tensor &out);
  // A static one can.
  SKGEN_STRUCTURED("myops::d.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
  static at::Tensor &d_out(const at::Tensor &self, at::Tensor &out);
};

// Templates are not kernels.
// CHECK: not-a-function.cpp:[[@LINE+3]]:4: error: 'SKGEN_STRUCTURED' cannot be applied to a template; annotate a non-template function
template <class T>
SKGEN_STRUCTURED("myops::e.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
T &e_out(const T &self, T &out);
} // namespace myops
// CHECK: 6 errors generated.

// FACTS-NOT: "cpp_name": "myops::{{[a-c]}}_out"
// FACTS: "cpp_name": "myops::Ops::d_out"
// FACTS: "insert_after_line": 42,
// FACTS-NOT: "cpp_name"
