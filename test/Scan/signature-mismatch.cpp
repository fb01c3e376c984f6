// Signature check against the dispatcher calling convention (contract §2):
// type, const-ness, reference-ness, count, order, return type. Errors point
// at the offending parameter and carry a note at the schema.
// RUN: not %skgen --dump-facts=%t.json %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --input-file=%t.err
// RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.json

#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {

// CHECK: signature-mismatch.cpp:[[@LINE+3]]:56: error: parameter 'alpha' of 'myops::add_out_cpu' has type 'double'; schema argument 'Scalar alpha' is passed as 'const at::Scalar &'
// CHECK: signature-mismatch.cpp:[[@LINE+1]]:19: note: calling convention required by schema 'myops::add.out'
SKGEN_STRUCTURED("myops::add.out(Tensor self, Scalar alpha, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &add_out_cpu(const at::Tensor &self, double alpha, at::Tensor &out);

// CHECK: signature-mismatch.cpp:[[@LINE+2]]:33: error: parameter 'self' of 'myops::neg_out' has type 'at::Tensor &'; schema argument 'Tensor self' is passed as 'const at::Tensor &'
SKGEN_STRUCTURED("myops::neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &neg_out(at::Tensor &self, at::Tensor &out);

// CHECK: signature-mismatch.cpp:[[@LINE+3]]:1: error: return type of 'myops::abs_out' is 'at::Tensor'; schema 'myops::abs.out' returns 'Tensor(a!)', which is returned as 'at::Tensor &'
// CHECK: signature-mismatch.cpp:[[@LINE+2]]:31: error: parameter 'self' of 'myops::abs_out' has type 'at::Tensor'; schema argument 'Tensor self' is passed as 'const at::Tensor &'
SKGEN_STRUCTURED("myops::abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor abs_out(at::Tensor self, at::Tensor &out);

// Too few parameters: at the function name, naming the missing argument.
// CHECK: signature-mismatch.cpp:[[@LINE+2]]:13: error: 'myops::pow_out' has 2 parameters but schema 'myops::pow.out' has 3 arguments; schema argument 'int n' (passed as 'int64_t') has no parameter
SKGEN_STRUCTURED("myops::pow.out(Tensor self, int n, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &pow_out(const at::Tensor &self, at::Tensor &out);

// Too many: at the first extra parameter.
// CHECK: signature-mismatch.cpp:[[@LINE+3]]:57: error: 'myops::sin_out' has 3 parameters but schema 'myops::sin.out' has 2 arguments; parameter 'extra' has no schema argument
SKGEN_STRUCTURED("myops::sin.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &sin_out(const at::Tensor &self, at::Tensor &out,
                                                   bool extra);

// Order: out arguments last.
// CHECK: signature-mismatch.cpp:[[@LINE+3]]:33: error: parameter 'out' of 'myops::cos_out' has type 'at::Tensor &'; schema argument 'Tensor self' is passed as 'const at::Tensor &'
// CHECK: signature-mismatch.cpp:[[@LINE+2]]:56: error: parameter 'self' of 'myops::cos_out' has type 'const at::Tensor &'; schema argument 'Tensor(a!) out' is passed as 'at::Tensor &'
SKGEN_STRUCTURED("myops::cos.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &cos_out(at::Tensor &out, const at::Tensor &self);

// int is int64_t, float is double: `int` and `float` do not match.
// CHECK: signature-mismatch.cpp:[[@LINE+3]]:49: error: parameter 'n' of 'myops::lsh_out' has type 'int'; schema argument 'int n' is passed as 'int64_t'
// CHECK: signature-mismatch.cpp:[[@LINE+2]]:58: error: parameter 'f' of 'myops::lsh_out' has type 'float'; schema argument 'float f' is passed as 'double'
SKGEN_STRUCTURED("myops::lsh.out(Tensor self, int n, float f, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &lsh_out(const at::Tensor &self, int n, float f, at::Tensor &out);

// A kernel of a family whose schema is visible in this TU is checked too,
// with the note at the family's schema.
// CHECK: signature-mismatch.cpp:[[@LINE+3]]:68: error: parameter 'alpha' of 'myops::add_out_cuda' has type 'const at::Tensor &'; schema argument 'Scalar alpha' is passed as 'const at::Scalar &'
// CHECK: signature-mismatch.cpp:15:19: note: calling convention required by schema 'myops::add.out'
SKGEN_KERNEL("myops::add.out", CUDA)
at::Tensor &add_out_cuda(const at::Tensor &self, const at::Tensor &alpha, at::Tensor &out);

// Sugar does not matter: typedefs to the same canonical type are fine.
using MyTensor = at::Tensor;
typedef long MyInt;
SKGEN_STRUCTURED("myops::ok.out(Tensor self, int n, *, Tensor(a!) out) -> Tensor(a!)", CPU)
MyTensor &ok_out(const MyTensor &self, const MyInt n, torch::Tensor &out);

// A type written through a typedef is named as Clang prints it: as written
// with Clang 16 and newer, fully qualified with older ones (so the spelling in
// this message and in the facts depends on the LLVM skgen is built with).
// CHECK: signature-mismatch.cpp:[[@LINE+4]]:49: error: parameter 'n' of 'myops::tan_out' has type '{{(myops::)?}}MyInt32'; schema argument 'int n' is passed as 'int64_t'
// CHECK: signature-mismatch.cpp:[[@LINE+2]]:19: note: calling convention required by schema 'myops::tan.out'
typedef int MyInt32;
SKGEN_STRUCTURED("myops::tan.out(Tensor self, int n, *, Tensor(a!) out) -> Tensor(a!)", CPU)
MyTensor &tan_out(const MyTensor &self, MyInt32 n, MyTensor &out);

} // namespace myops
// CHECK: 12 errors generated.

// FACTS: "cpp_name": "myops::add_out_cpu"
// FACTS: "signature_checked": true,
// FACTS-NEXT: "signature_ok": false
// FACTS: "cpp_name": "myops::add_out_cuda"
// FACTS: "kind": "kernel"
// FACTS: "signature_checked": true,
// FACTS-NEXT: "signature_ok": false
// FACTS: "cpp_name": "myops::ok_out"
// FACTS: "signature_checked": true,
// FACTS-NEXT: "signature_ok": true
