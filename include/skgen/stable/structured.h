//===- skgen/stable/structured.h - skgen's runtime, stable ABI -*- C++ -*-===//
//
// skgen/structured.h on PyTorch's stable ABI (`skgen --abi=stable`): the same
// names in namespace skgen, on torch::stable::Tensor, using only
// torch/csrc/stable and torch/headeronly, so that generated code compiles
// with -DTORCH_STABLE_ONLY -DTORCH_TARGET_VERSION=... (PyTorch >= 2.10).
// The types, checks and presets are skgen/runtime/core.h, the same code as
// the libtorch runtime's, instantiated here with skgen::StableTraits
// (skgen/stable/traits.h); aten's rules that the ABI lacks (TensorIterator's
// promotion, infer_size, make_dim_mask, resize_output, memory overlap) are
// rebuilt there and in skgen/stable/promotion.h, and
// test/E2E/stable-runtime.test compares them with aten. What the ABI cannot
// do (docs/stable-abi.md, "Runtime"): no Scalar (wrapped numbers are double,
// int64_t, bool), so no alpha check; sizes are int64_t (no SymInt); errors
// from libtorch calls carry the stable ABI's " (originally from ...)"
// suffix. skgen/stable/outputs.h adds what only this ABI needs (boxed calls,
// the device guard, wrapped numbers).
//===----------------------------------------------------------------------===//
#ifndef SKGEN_STABLE_STRUCTURED_H
#define SKGEN_STABLE_STRUCTURED_H

#ifdef SKGEN_STRUCTURED_H
#error "skgen/stable/structured.h and skgen/structured.h (ATen) in one TU"
#endif

#include <skgen/stable/traits.h>

#include <skgen/runtime/core.h>

#include <skgen/stable/outputs.h>

#endif // SKGEN_STABLE_STRUCTURED_H
