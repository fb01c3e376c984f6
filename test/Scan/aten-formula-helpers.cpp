// A formula calling one of aten's formula helpers (FunctionsManual.h) that
// skgen/formulas.h does not offer: Clang's error at the name, and a note
// naming it as aten's helper and saying why it is not there
// (Scan/AtenFormulaHelpers.def). Another unknown name gets no such note.
// RUN: not %skgen %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --input-file=%t.err --implicit-check-not=error: --implicit-check-not=FunctionsManual

#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
// CHECK: aten-formula-helpers.cpp:[[@LINE+4]]:27: error: use of undeclared identifier 'batchnorm_double_backward'
// CHECK-NEXT: SKGEN_DERIVATIVE
// CHECK: aten-formula-helpers.cpp:[[@LINE+2]]:27: note: 'batchnorm_double_backward' is a helper of aten's formulas (torch/csrc/autograd/FunctionsManual.h), which libtorch does not export; skgen/formulas.h offers the helpers that the formulas of aten's structured ops call; define this one in the kernel's namespace, where formulas find it
SKGEN_STRUCTURED("myops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_DERIVATIVE("self", "batchnorm_double_backward(grad)")
at::Tensor &a_out(const at::Tensor &self, at::Tensor &out);

// CHECK: aten-formula-helpers.cpp:[[@LINE+3]]:27: error: use of undeclared identifier 'my_own_backward'
// CHECK-NOT: note: 'my_own_backward'
SKGEN_STRUCTURED("myops::b.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_DERIVATIVE("self", "my_own_backward(grad)")
at::Tensor &b_out(const at::Tensor &self, at::Tensor &out);
} // namespace myops
