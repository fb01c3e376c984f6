// The spellings users write with PyTorch 2.x headers (stub: -DSTUB_TORCH2,
// where c10::optional is std::optional and c10::string_view is
// std::string_view, as in 2.13) are the dispatcher's types: accepted, and
// recorded in the canonical form of the 1.13 mapping. `c10::SymInt` for a
// SymInt argument is accepted with both headers. With 1.13's headers
// std::optional is another type than c10::optional: still an error.
// RUN: %skgen --dump-facts=%t.json %s -- %scanflags -DSTUB_TORCH2
// RUN: FileCheck %s --input-file=%t.json
// RUN: not %skgen --dump-facts=%t.old.json %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --check-prefix=OLD --input-file=%t.err

#include <ATen/ATen.h>
#include <optional>
#include <skgen/annotations.h>
#include <string_view>

namespace myops {
SKGEN_STRUCTURED("myops::mix.out(Tensor self, Tensor? w, Scalar? s, SymInt n, "
                 "str mode, ScalarType? dtype, int[]? dims, Tensor?[] idx, "
                 "*, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &mix_out(const at::Tensor &self, const std::optional<at::Tensor> &w,
                    const ::std::optional<c10::Scalar> &s, c10::SymInt n,
                    std::string_view mode, std::optional<at::ScalarType> dtype,
                    at::OptionalIntArrayRef dims,
                    const c10::List<std::optional<at::Tensor>> &idx,
                    at::Tensor &out);

// The same with c10's names (what generated code and 1.13 users write).
SKGEN_STRUCTURED("myops::old.out(Tensor? w, SymInt n, str mode, *, "
                 "Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &old_out(const c10::optional<at::Tensor> &w, int64_t n,
                    c10::string_view mode, at::Tensor &out);
} // namespace myops

// CHECK-NOT: "level": "error"
// CHECK: "cpp_name": "myops::mix_out",
// CHECK: "canonical": "c10::optional<at::Tensor>",
// CHECK-NEXT: "const": true,
// CHECK: "canonical": "c10::optional<c10::Scalar>",
// CHECK: "canonical": "c10::SymInt",
// CHECK: "canonical": "c10::basic_string_view<char>",
// CHECK: "canonical": "c10::optional<c10::ScalarType>",
// CHECK: "canonical": "c10::List<c10::optional<at::Tensor>>",
// CHECK: "signature_checked": true,
// CHECK-NEXT: "signature_ok": true
// CHECK: "cpp_name": "myops::old_out",
// CHECK: "signature_checked": true,
// CHECK-NEXT: "signature_ok": true

// OLD: torch2-spellings.cpp:21:78: error: parameter 'w' of 'myops::mix_out' has type 'const std::optional<at::Tensor> &'; schema argument 'Tensor? w' is passed as 'const c10::optional<at::Tensor> &'
// OLD-NOT: parameter 'n'
// OLD: error: parameter 's' of
// OLD-NOT: parameter 'n'
// OLD: error: parameter 'mode' of
