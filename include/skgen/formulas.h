//===- skgen/formulas.h - Helpers for derivatives.yaml formulas -*- C++ -*-===//
//
// The helper functions that aten's derivative formulas (derivatives.yaml)
// call, for the SKGEN_DERIVATIVE formulas of a library: generated code
// evaluates each formula with `using namespace ::skgen::formulas;` in effect,
// so a formula ported from derivatives.yaml compiles as it is written there.
//
// torch's own helpers (torch::autograd::generated::details, declared in
// FunctionsManual.h) have hidden visibility: libtorch does not export them,
// so a library cannot link against them. These are written from what those
// functions compute (same values, same dtypes, the same gradients left
// undefined, differentiable again for double backward), with the
// declarations of PyTorch 2.13's FunctionsManual.h, so that the yaml's calls
// bind as they do in aten; they call only ATen operators.
//
// Helpers that aten exposes as operators (tanh_backward, sigmoid_backward,
// gelu_backward, nll_loss_backward_symint, value_selecting_reduction_backward
// _symint, ...) are found in namespace at by argument-dependent lookup and are
// not repeated here; where PyTorch 1.13 lacks the `_symint` spelling, these
// headers supply it (SKGEN_SYMBOLIC_SIZES == 0 only, so that the two are
// never ambiguous).
//
// Sizes are skgen::SymInt / skgen::SymIntArrayRef where aten's formulas use
// SymInts (`self.sym_sizes()`, saved by a node as std::vector<skgen::SymInt>):
// c10::SymInt with PyTorch 2 (torch.compile(dynamic=True) keeps them
// symbolic), int64_t with 1.13 (skgen/symint.h).
//
// One header per topic (docs/derivatives-vs-aten.md lists the helpers):
//   formulas/common.h      real/complex, Scalars, not_implemented, GradMode
//   formulas/pointwise.h   mul, div, pow, atan2, copysign, clamp, sgn, sinc,
//                          log1p, i1, i1e
//   formulas/reductions.h  sum, mean, prod, amax/amin, aminmax, norms,
//                          renorm, logsumexp_jvp, cumsum, cumprod
//   formulas/shapes.h      cat, index.Tensor, scatter_reduce, index_reduce
//   formulas/blas.h        mm, addmm
//   formulas/nn.h          activations, softmax, max pooling, losses
//
// Header-only, ATen headers only (shapes.h: also autograd's DelayedError);
// PyTorch 1.13 and 2.x.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_FORMULAS_H
#define SKGEN_FORMULAS_H

#include <skgen/formulas/common.h>

#include <skgen/formulas/blas.h>
#include <skgen/formulas/nn.h>
#include <skgen/formulas/pointwise.h>
#include <skgen/formulas/reductions.h>
#include <skgen/formulas/shapes.h>

// Linear algebra (linalg_*, cholesky, svd, lu, qr, triangular_solve, ...):
// formulas/linalg.h, included here.

#include <skgen/formulas/linalg.h>

#endif // SKGEN_FORMULAS_H
