"""Differential test of skgen's linalg formula helpers (skgen/formulas/linalg.h)
against aten's own.

linalg.cpp ports aten's differentiable structured linalg ops with their
derivatives.yaml formulas; this compares the generated autograd kernels with
aten's ops on well-conditioned float64 and complex128 matrices, unbatched and
batched (square, tall, wide; vector and matrix right-hand sides; left and
right solves; both triangles; non-contiguous), with test_grads.py's
machinery: forward values, which outputs require grad, torch.autograd.grad
with the same random grad_outputs, the saved tensors, double backward,
forward AD, gradcheck/gradgradcheck of ours. The eigenvectors and singular
vectors of complex matrices are defined up to a phase: with random
grad_outputs both refuse the loss with aten's words (compared); "phase-free"
variants (|V|^2 instead of V) compare numbers.

A gradcheck failure that aten's own op has in the same words is counted as
aten's (its formula's property), not as a mismatch.

  linalg_grads.py <library.so> [-v]
"""
import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import test_grads as tg  # noqa: E402 - loads the library (argv[1])
from test_grads import Case, Op, make, noncontig  # noqa: E402

P = torch.ops.aten_linalg
A = torch.ops.aten
F64, C128 = torch.float64, torch.complex128
DTYPES = [F64, C128]

SOLVE_113 = (
    "PyTorch 1.13's _linalg_solve_ex factors A^T for contiguous real A; 2.13's yaml formula "
    "linalg_solve_jvp(A_t, B_t, result, LU, pivots, left) assumes the LU of A (1.13's yaml "
    "passes use_A_T: the 7-argument overload)")
tg.KNOWN.extend([
    (True, ("lu_unpack [", "saved tensors: 1 != 0"),
     "lu_unpack's formula reads LU_data only as LU_data.sym_size(-2) / sym_size(-1): aten's node "
     "saves those sizes, skgen's saves LU_data (it keeps properties only for sym_sizes(), sizes(), "
     "sym_numel(), dim(), scalar_type(), options())"),
    (tg.VERSION < (2, 0), ("_linalg_solve_ex [", "forward AD", "values differ"), SOLVE_113),
    (tg.VERSION < (2, 0), ("_linalg_solve_ex [", "gradcheck: ours ('GradcheckError', 'Jacobian "
                           "computed with forward mode mismatch"), SOLVE_113),
])


def eye(n, dtype):
    return torch.eye(n, dtype=F64).to(dtype)


def wellcond(shape, dtype):
    """A random square matrix (batch) with n on the diagonal added."""
    n = shape[-1]
    return make(shape, dtype) + n * eye(n, dtype)


def hpd(shape, dtype):
    x = make(shape, dtype)
    return x @ x.mH + shape[-1] * eye(shape[-1], dtype)


def hermitian(shape, dtype):
    x = make(shape, dtype)
    return x + x.mH


def triangular(shape, dtype, upper):
    a = make(shape, dtype)
    a = a.triu() if upper else a.tril()
    return a + (shape[-1] + 1) * eye(shape[-1], dtype)


def lu_factor(a):
    return torch.linalg.lu_factor(a)


SHAPES = [(3, 3), (2, 3, 3)]


def det_cases(singular=True):
    for d in DTYPES:
        for s in SHAPES:
            yield Case([wellcond(s, d)], label="%s %s" % (d, s))
        yield Case([noncontig(wellcond((3, 3), d))], label="%s non-contiguous" % d)
        if singular:
            x = make((3, 2), d)
            yield Case([x @ make((2, 3), d)], label="%s singular" % d)


def solve_cases():
    for d in DTYPES:
        for sa, sb, left in [((3, 3), (3, 2), True), ((3, 3), (3,), True),
                             ((2, 3, 3), (2, 3, 2), True), ((2, 3, 3), (3, 2), True),
                             ((3, 3), (2, 3), False), ((2, 3, 3), (2, 4, 3), False)]:
            yield Case([wellcond(sa, d), make(sb, d)], {"left": left},
                       label="%s %s %s left=%s" % (d, sa, sb, left))
        yield Case([noncontig(wellcond((3, 3), d)), make((3, 2), d)],
                   label="%s non-contiguous A" % d)


def triangular_solve_cases():
    for d in DTYPES:
        for upper in (True, False):
            for transpose in (False, True):
                for unit in (False, True):
                    yield Case([make((3, 2), d), triangular((3, 3), d, upper), upper, transpose,
                                unit], label="%s upper=%s transpose=%s unitriangular=%s" % (
                                    d, upper, transpose, unit))
        yield Case([make((2, 3, 2), d), triangular((2, 3, 3), d, True)], label="%s batched" % d)


def cholesky_cases():
    for d in DTYPES:
        for s in SHAPES:
            for upper in (False, True):
                yield Case([hpd(s, d)], {"upper": upper}, label="%s %s upper=%s" % (d, s, upper))


RECT = [(3, 3), (4, 3), (3, 4), (2, 3, 3), (2, 4, 3), (2, 3, 4)]


def lu_cases():
    for d in DTYPES:
        for s in RECT:
            yield Case([make(s, d)], label="%s %s" % (d, s))
    yield Case([make((3, 3), F64)], {"pivot": False}, label="pivot=False")


def lu_solve_cases():
    for d in DTYPES:
        for s, sb in [((3, 3), (3, 2)), ((2, 3, 3), (2, 3, 2))]:
            LU, piv = lu_factor(wellcond(s, d))
            for left in (True, False):
                for adjoint in (False, True):
                    b = make(sb, d) if left else make(sb, d).mT.contiguous()
                    yield Case([LU, piv, b], {"left": left, "adjoint": adjoint},
                               label="%s %s left=%s adjoint=%s" % (d, s, left, adjoint))


def lu_unpack_cases():
    for d in DTYPES:
        for s in RECT:
            LU, piv = lu_factor(make(s, d))
            yield Case([LU, piv], label="%s %s" % (d, s))
        LU, piv = lu_factor(make((3, 3), d))
        yield Case([LU, piv, True, False], label="%s unpack_pivots=False" % d)


def eigh_cases(dtypes=DTYPES):
    for d in dtypes:
        for s in SHAPES:
            yield Case([hermitian(s, d)], label="%s %s" % (d, s))
        yield Case([hermitian((3, 3), d), "U"], label="%s UPLO=U" % d)


def qr_cases():
    for d in DTYPES:
        for s in RECT:
            for mode in ("reduced", "complete"):
                yield Case([make(s, d), mode], label="%s %s %s" % (d, s, mode))
        yield Case([make((3, 3), d), "r"], label="%s mode=r" % d)


def svd_cases(dtypes=DTYPES):
    for d in dtypes:
        for s in RECT:
            for full in (False, True):
                yield Case([make(s, d), full], label="%s %s full_matrices=%s" % (d, s, full))


def phase_free(fn, vectors):
    """fn's outputs with the ones at \\p vectors (eigen- or singular vectors,
    defined up to a phase per column) replaced by |x|^2."""
    def g(*args, **kwargs):
        outs = list(fn(*args, **kwargs))
        for i in vectors:
            outs[i] = (outs[i] * outs[i].conj()).real
        return tuple(outs)
    return g


OPS = [
    Op("_linalg_det", P._linalg_det.default, A._linalg_det.default, det_cases),
    Op("_linalg_slogdet", P._linalg_slogdet.default, A._linalg_slogdet.default,
       lambda: det_cases(singular=False)),
    Op("_linalg_solve_ex", P._linalg_solve_ex.default, A._linalg_solve_ex.default, solve_cases),
    Op("triangular_solve", P.triangular_solve.default, A.triangular_solve.default,
       triangular_solve_cases),
    Op("linalg_cholesky_ex", P.linalg_cholesky_ex.default, A.linalg_cholesky_ex.default,
       cholesky_cases),
    Op("linalg_lu", P.linalg_lu.default, A.linalg_lu.default, lu_cases),
    Op("linalg_lu_factor_ex", P.linalg_lu_factor_ex.default, A.linalg_lu_factor_ex.default,
       lu_cases),
    Op("linalg_lu_solve", P.linalg_lu_solve.default, A.linalg_lu_solve.default, lu_solve_cases),
    Op("lu_unpack", P.lu_unpack.default, A.lu_unpack.default, lu_unpack_cases),
    Op("_linalg_eigh", P._linalg_eigh.default, A._linalg_eigh.default, eigh_cases),
    Op("_linalg_eigh phase-free", phase_free(P._linalg_eigh.default, [1]),
       phase_free(A._linalg_eigh.default, [1]), eigh_cases),
    Op("linalg_qr", P.linalg_qr.default, A.linalg_qr.default, qr_cases),
    Op("_linalg_svd", P._linalg_svd.default, A._linalg_svd.default, svd_cases),
    Op("_linalg_svd phase-free", phase_free(P._linalg_svd.default, [0, 2]),
       phase_free(A._linalg_svd.default, [0, 2]), svd_cases),
]
# gradcheck where the loss is defined: not through the raw complex vectors.
GRADCHECK_DTYPES = {"_linalg_eigh": {F64}, "_linalg_svd": {F64}}
ATEN_SHARED = "gradcheck fails for aten's own op in the same words (aten's formula)"


def run_gradcheck(op, case):
    """tg.run_gradcheck, with a failure aten's op shares counted as aten's."""
    before = len(tg.STATS["mismatches"])
    tg.run_gradcheck(op, case)
    for text in tg.STATS["mismatches"][before:]:
        ours, _, aten = text.partition(": ours ")[2].partition(", aten ")
        if ours == aten:
            tg.STATS["mismatches"].remove(text)
            tg.COUNTED[ATEN_SHARED] = tg.COUNTED.get(ATEN_SHARED, 0) + 1
            if "-v" in sys.argv:
                print("aten's too: " + text[:300])


def main():
    verbose = "-v" in sys.argv
    seed = 0
    for op in OPS:
        for case in op.cases():
            seed += 10
            try:
                tg.run_case(op, case, seed)
            except Exception:  # a failure of the test itself
                import traceback
                tg.record("%s [%s]: test error %s" % (op.name, case.label,
                                                      traceback.format_exc()))
        for case in tg.gradcheck_cases(op):
            dtypes = {case.args[i].dtype for i in case.diff_inputs(op)}
            if dtypes <= GRADCHECK_DTYPES.get(op.name, dtypes):
                run_gradcheck(op, case)
        if verbose:
            print("%-24s done: %d calls, %d mismatches so far" % (
                op.name, tg.STATS["calls"], len(tg.STATS["mismatches"])))
    for m in tg.STATS["mismatches"]:
        print("MISMATCH " + m)
    for reason, n in tg.COUNTED.items():
        print("known (%d): %s" % (n, reason))
    print("%d ops; %d calls compared with aten, %d mismatches; %d known differences" % (
        len(OPS), tg.STATS["calls"], len(tg.STATS["mismatches"]), sum(tg.COUNTED.values())))
    return 1 if tg.STATS["mismatches"] else 0


if __name__ == "__main__":
    sys.exit(main())
