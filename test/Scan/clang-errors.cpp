// Clang's own errors in the TU are skgen errors with their location; facts
// found before them are still reported. Function bodies are not parsed, so
// errors inside a body cost nothing and are not reported.
// RUN: not %skgen --dump-facts=%t.json %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --input-file=%t.err
// RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.json
// Without the fatal error, later errors are reported too.
// RUN: not %skgen --dump-facts=%t2.json %s -- %scanflags -DSKIP_MISSING 2>&1 | FileCheck %s --check-prefix=NONFATAL

#include <ATen/ATen.h>
#include <skgen/annotations.h>

#ifndef SKIP_MISSING
// CHECK: clang-errors.cpp:[[@LINE+1]]:10: error: 'myops/missing.h' file not found
#include "myops/missing.h"
#endif

namespace myops {
SKGEN_STRUCTURED("myops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &a_out(const at::Tensor &self, at::Tensor &out);

// NONFATAL: clang-errors.cpp:[[@LINE+1]]:1: error: unknown type name 'UnknownType'
UnknownType g(int);

// An annotated declaration Clang rejects gets Clang's error only, not a
// second, misleading one from skgen.
struct Base {
  static at::Tensor &b_out(const at::Tensor &self, at::Tensor &out);
};
struct Derived : Base {};
// NONFATAL-NOT: kernel must be a free function
// NONFATAL: clang-errors.cpp:[[@LINE+2]]:22: error: out-of-line declaration of 'b_out' does not match any declaration in 'myops::Derived'
SKGEN_KERNEL("myops::a.out", CUDA)
at::Tensor &Derived::b_out(const at::Tensor &self, at::Tensor &out);
} // namespace myops
// CHECK: 1 error generated.
// NONFATAL-NOT: kernel must be a free function
// NONFATAL: 2 errors generated.

// FACTS: "level": "error",
// FACTS: "message": "'myops/missing.h' file not found"
// FACTS: "cpp_name": "myops::a_out",
