// A functional kernel (issue 12, part 1): SKGEN_STRUCTURED with
// SKGEN_FUNCTIONAL_KERNEL records "functional_kernel" and is checked against
// the functional variant's calling convention (derived with the family's
// overload names); a SKGEN_KERNEL naming the functional operator of a family
// visible in the translation unit is checked against it too.
// RUN: %skgen --dump-facts=- %s -- %scanflags 2> %t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR --allow-empty < %t.err
// ERR-NOT: {{error|warning}}

#include <ATen/ATen.h>
#include <skgen/annotations.h>

#include <tuple>

namespace myops {
SKGEN_STRUCTURED("myops::add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_FUNCTIONAL_KERNEL
at::Tensor add_cpu(const at::Tensor &self, const at::Tensor &other, const at::Scalar &alpha);
// CHECK:      "cpp_name": "myops::add_cpu",
// CHECK:      "functional_kernel": true,
// CHECK:      "signature_checked": true,
// CHECK-NEXT: "signature_ok": true

SKGEN_KERNEL("myops::add", XLA)
at::Tensor add_xla(const at::Tensor &self, const at::Tensor &other, const at::Scalar &alpha);
// CHECK:      "cpp_name": "myops::add_xla",
// CHECK-NOT:  "functional_kernel"
// CHECK:      "schema": "myops::add",
// CHECK:      "signature_checked": true,
// CHECK-NEXT: "signature_ok": true

// aten-style names: the functional overload is add.Tensor.
SKGEN_STRUCTURED("myops::sub.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_FUNCTIONAL_NAME("Tensor")
SKGEN_FUNCTIONAL_KERNEL
at::Tensor sub_cpu(const at::Tensor &self, const at::Tensor &other);
SKGEN_KERNEL("myops::sub.Tensor", Meta)
at::Tensor sub_meta(const at::Tensor &self, const at::Tensor &other);
// CHECK:      "cpp_name": "myops::sub_cpu",
// CHECK:      "functional_kernel": true,
// CHECK:      "signature_ok": true
// CHECK:      "cpp_name": "myops::sub_meta",
// CHECK:      "signature_checked": true,
// CHECK-NEXT: "signature_ok": true

// Two outputs: the functional returns a tuple of tensors.
SKGEN_STRUCTURED("myops::minmax.out(Tensor self, *, Tensor(a!) min, Tensor(b!) max) -> (Tensor(a!) min, Tensor(b!) max)", CPU)
SKGEN_FUNCTIONAL_KERNEL
std::tuple<at::Tensor, at::Tensor> minmax_cpu(const at::Tensor &self);
// CHECK:      "cpp_name": "myops::minmax_cpu",
// CHECK:      "functional_kernel": true,
// CHECK:      "signature_ok": true
} // namespace myops
