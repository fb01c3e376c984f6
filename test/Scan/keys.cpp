// Dispatch keys: known keys and alias keys pass; unknown keys are errors at
// the key (with a suggestion); a repeated key is a warning only.
// RUN: not %skgen --dump-facts=%t.json %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --input-file=%t.err
// RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.json

#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
SKGEN_STRUCTURED("myops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
                 CPU, CUDA, Meta, PrivateUse1, XPU, MPS, SparseCsrCUDA,
                 CompositeExplicitAutograd)
at::Tensor &a_out(const at::Tensor &self, at::Tensor &out);

// CHECK: keys.cpp:[[@LINE+4]]:88: error: unknown dispatch key 'Cuda'; did you mean 'CUDA'?
// CHECK-NEXT: {{^}}SKGEN_STRUCTURED
// CHECK-NEXT: {{^ +}}^~~~{{$}}
// CHECK-NEXT: {{^ +}}CUDA{{$}}
SKGEN_STRUCTURED("myops::b.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU,    Cuda)
at::Tensor &b_out(const at::Tensor &self, at::Tensor &out);

// CHECK: keys.cpp:[[@LINE+1]]:30: error: unknown dispatch key 'Banana'
SKGEN_KERNEL("myops::b.out", Banana)
at::Tensor &b_out_x(const at::Tensor &self, at::Tensor &out);

// CHECK: keys.cpp:[[@LINE+1]]:1: error: 'SKGEN_KERNEL' needs at least one dispatch key
SKGEN_KERNEL("myops::b.out")
at::Tensor &b_out_y(const at::Tensor &self, at::Tensor &out);

// CHECK: keys.cpp:[[@LINE+1]]:35: warning: dispatch key 'CPU' is listed more than once
SKGEN_KERNEL("myops::a.out", CPU, CPU)
at::Tensor &a_out_z(const at::Tensor &self, at::Tensor &out);
} // namespace myops
// CHECK: 3 errors generated.

// FACTS: "keys": [
// FACTS-NEXT: "CPU",
// FACTS-NEXT: "CUDA",
// FACTS-NEXT: "Meta",
// FACTS-NEXT: "PrivateUse1",
// FACTS-NEXT: "XPU",
// FACTS-NEXT: "MPS",
// FACTS-NEXT: "SparseCsrCUDA",
// FACTS-NEXT: "CompositeExplicitAutograd"
// FACTS-NEXT: ],
