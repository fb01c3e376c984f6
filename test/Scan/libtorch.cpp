// REQUIRES: libtorch
// Scanning a TU that includes the real libtorch headers: canonical types as
// Clang prints them with the real c10/ATen match the mapping.
// RUN: not %skgen --dump-facts=%t.json %s -- -std=c++17 %torch_cxxflags -I%src_root/include 2> %t.err
// RUN: FileCheck %s --input-file=%t.json
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err
// ERR: libtorch.cpp:38:33: error: parameter 'alpha' of 'myops::add_out_meta' has type 'double'; schema argument 'Scalar alpha' is passed as 'const at::Scalar &'
// ERR: 1 error generated.

#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <torch/library.h>

namespace myops {
SKGEN_STRUCTURED("myops::add.out(Tensor self, Tensor other, *, Scalar alpha=1, "
                 "Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &add_out_cpu(const at::Tensor &self, const at::Tensor &other,
                        const at::Scalar &alpha, at::Tensor &out) {
  return at::add_out(out, self, other, alpha);
}

SKGEN_STRUCTURED("myops::mix.out(Tensor self, Tensor? w, Scalar? s, int[] dims, "
                 "int[]? odims, Tensor[] ts, str mode, ScalarType? dtype, "
                 "Layout? layout, Device? device, MemoryFormat? fmt, float f, "
                 "*, Tensor(a!) out, Tensor(b!) out2) -> (Tensor(a!), Tensor(b!))", CPU)
std::tuple<at::Tensor &, at::Tensor &>
mix_out(const at::Tensor &self, const c10::optional<at::Tensor> &w,
        const c10::optional<at::Scalar> &s, at::IntArrayRef dims,
        at::OptionalIntArrayRef odims, at::TensorList ts,
        c10::string_view mode, c10::optional<at::ScalarType> dtype,
        c10::optional<at::Layout> layout, c10::optional<at::Device> device,
        c10::optional<at::MemoryFormat> fmt, double f, at::Tensor &out,
        at::Tensor &out2);

// A mismatch is still found with the real headers.
SKGEN_KERNEL("myops::add.out", Meta)
at::Tensor &add_out_meta(const at::Tensor &self, const at::Tensor &other,
                         double alpha, at::Tensor &out);
} // namespace myops

// CHECK: "cpp_name": "myops::add_out_cpu",
// CHECK: "signature_checked": true,
// CHECK-NEXT: "signature_ok": true
// CHECK: "cpp_name": "myops::mix_out",
// CHECK: "signature_checked": true,
// CHECK-NEXT: "signature_ok": true
// CHECK: "cpp_name": "myops::add_out_meta",
// CHECK: "signature_checked": true,
// CHECK-NEXT: "signature_ok": false
