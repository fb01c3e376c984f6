// Outputs named `result` (aten's _linalg_det, _linalg_solve_ex): as in
// derivatives.yaml, the formula key and the formulas' `result` name that
// output, whether the family is declared by its functional schema (the
// return is named `result`) or by its out= schema (the out argument is).
// A name that is no output gets the closest one as a note, never itself.
// RUN: %skgen --dump-generated %s -- %scanflags > %t.gen
// RUN: FileCheck %s --input-file=%t.gen
// RUN: not %skgen --dump-generated %s -- %scanflags -DBAD 2>&1 | FileCheck %s --check-prefix=BAD

#include <ATen/ATen.h>
#include <skgen/annotations.h>

#include <tuple>

namespace res {
// CHECK-LABEL: struct ResLinalgDetBackward final
// CHECK: const at::Tensor result = out0_.unpack(
// CHECK: skgen_grads[0] = grad * LU * result;
// CHECK: ::skgen::autograd::set_fw_grad(out0, A_t * LU, false);
SKGEN_STRUCTURED("res::_linalg_det(Tensor A) -> (Tensor result, Tensor LU, "
                 "Tensor pivots)",
                 CPU)
SKGEN_DERIVATIVE("A", "grad * LU * result")
SKGEN_DERIVATIVE("result", "A_t * LU")
SKGEN_DERIVATIVE("output_differentiability", "[True, False, False]")
std::tuple<at::Tensor, at::Tensor, at::Tensor> det_cpu(const at::Tensor &A);

// CHECK-LABEL: struct ResLinalgSolveExBackward final
// CHECK: skgen_grads[0] = grad * result;
// CHECK: ::skgen::autograd::set_fw_grad(result, A_t * LU, false);
SKGEN_STRUCTURED("res::_linalg_solve_ex.result(Tensor A, Tensor B, *, "
                 "bool left=True, bool check_errors=False, Tensor(a!) result, "
                 "Tensor(b!) LU, Tensor(c!) pivots, Tensor(d!) info) -> "
                 "(Tensor(a!) result, Tensor(b!) LU, Tensor(c!) pivots, "
                 "Tensor(d!) info)",
                 CPU)
SKGEN_FUNCTIONAL_NAME("")
SKGEN_NO_INPLACE
SKGEN_DERIVATIVE("A", "grad * result")
SKGEN_DERIVATIVE("B", "non_differentiable")
SKGEN_DERIVATIVE("result", "A_t * LU")
SKGEN_DERIVATIVE("output_differentiability", "[True, False, False, False]")
std::tuple<at::Tensor &, at::Tensor &, at::Tensor &, at::Tensor &>
solve_ex_out(const at::Tensor &A, const at::Tensor &B, bool left,
             bool check_errors, at::Tensor &result, at::Tensor &LU,
             at::Tensor &pivots, at::Tensor &info);

#ifdef BAD
// BAD: derivative-result-output.cpp:[[@LINE+5]]:19: error: 'result' is not an argument or output of the family{{$}}
// BAD: derivative-result-output.cpp:[[@LINE+4]]:19: note: did you mean 'result0'?{{$}}
SKGEN_STRUCTURED("res::two(Tensor A) -> (Tensor values, Tensor indices)",
                 CPU)
SKGEN_DERIVATIVE("A", "grad")
SKGEN_DERIVATIVE("result", "A_t")
std::tuple<at::Tensor, at::Tensor> two_cpu(const at::Tensor &A);
#endif
} // namespace res
