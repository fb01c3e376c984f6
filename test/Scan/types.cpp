// The contract §2 type mapping, checked with Clang types: every kernel below
// matches its schema.
// RUN: %skgen --dump-facts=%t.json %s -- %scanflags
// RUN: FileCheck %s --input-file=%t.json

#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <tuple>

namespace myops {
SKGEN_STRUCTURED("myops::many.out(Tensor self, Tensor? weight, Scalar alpha, "
                 "Scalar? beta, int n, SymInt s, float f, bool b, str mode, "
                 "int[] dims, SymInt[] sizes, int[]? odims, Tensor[] ts, "
                 "ScalarType? dtype, Layout? layout, Device? device, "
                 "MemoryFormat? fmt, ScalarType st, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &many_out(const at::Tensor &self,
                     const c10::optional<at::Tensor> &weight,
                     const at::Scalar &alpha,
                     const c10::optional<at::Scalar> &beta, int64_t n,
                     int64_t s, double f, bool b, c10::string_view mode,
                     at::IntArrayRef dims, at::IntArrayRef sizes,
                     at::OptionalIntArrayRef odims, at::TensorList ts,
                     c10::optional<at::ScalarType> dtype,
                     c10::optional<at::Layout> layout,
                     c10::optional<at::Device> device,
                     c10::optional<at::MemoryFormat> fmt, at::ScalarType st,
                     at::Tensor &out);

// Several outputs: a std::tuple of references.
SKGEN_STRUCTURED("myops::topk.values(Tensor self, int k, *, Tensor(a!) values, "
                 "Tensor(b!) indices) -> (Tensor(a!) values, Tensor(b!) indices)", CPU)
SKGEN_FUNCTIONAL_NAME("")
std::tuple<at::Tensor &, at::Tensor &> topk_out(const at::Tensor &self, int64_t k,
                                                at::Tensor &values,
                                                at::Tensor &indices);
} // namespace myops

// CHECK-NOT: "level": "error"
// CHECK: "cpp_name": "myops::many_out",
// CHECK: "canonical": "c10::optional<at::Tensor>",
// CHECK: "canonical": "c10::basic_string_view<char>",
// CHECK: "canonical": "c10::ArrayRef<long>",
// CHECK: "canonical": "c10::OptionalArrayRef<long>",
// CHECK: "canonical": "c10::ArrayRef<at::Tensor>",
// CHECK: "canonical": "c10::optional<c10::ScalarType>",
// CHECK: "signature_checked": true,
// CHECK-NEXT: "signature_ok": true
// CHECK: "cpp_name": "myops::topk_out",
// CHECK: "return": {
// CHECK-NEXT: "canonical": "std::tuple<at::Tensor &, at::Tensor &>",
// CHECK: "signature_checked": true,
// CHECK-NEXT: "signature_ok": true
