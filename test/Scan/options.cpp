// Family options are recorded on the SKGEN_STRUCTURED fact; SKGEN_ALLOC is
// resolved to the fully qualified name of the function it names.
// RUN: %skgen --dump-facts=- %s -- %scanflags | FileCheck %s

#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
namespace meta {
at::Tensor topk_alloc(const at::Tensor &self, int64_t k);
}

SKGEN_STRUCTURED("myops::add.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_INPLACE_NAME("")
SKGEN_ALLOC(meta::topk_alloc)
at::Tensor &add_out(const at::Tensor &self, const at::Tensor &other, at::Tensor &out);

SKGEN_STRUCTURED("aten::abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_FUNCTIONAL SKGEN_NO_INPLACE SKGEN_EXTERNAL
at::Tensor &abs_out(const at::Tensor &self, at::Tensor &out);
} // namespace myops

// CHECK:      "cpp_name": "myops::add_out",
// CHECK:      "options": {
// CHECK-NEXT:   "alloc_function": "myops::meta::topk_alloc",
// CHECK-NEXT:   "functional_overload": "Tensor",
// CHECK-NEXT:   "inplace_overload": ""
// CHECK-NEXT: },
// CHECK:      "cpp_name": "myops::abs_out",
// CHECK:      "options": {
// CHECK-NEXT:   "external": true,
// CHECK-NEXT:   "no_functional": true,
// CHECK-NEXT:   "no_inplace": true
// CHECK-NEXT: },
// CHECK: "signature_ok": true
