//===- skgen/runtime/core.h - The runtime, once for both ABIs -*- C++ -*-===//
//
// The runtime half of skgen's structured kernels, written once and
// instantiated per translation unit for the ABI it compiles against:
// skgen/structured.h (libtorch) and skgen/stable/structured.h (the stable
// ABI) each define skgen::Traits (skgen::AtenTraits, skgen::StableTraits:
// the tensor, dtype and device types, error raising, sizes, promotion,
// allocation, overlap checks) and the SKGEN_RUNTIME_NAMESPACE_* and
// SKGEN_CHECK* macros, then include this. Each type, check, preset and
// promotion rule is here once; what an ABI cannot do is a trait that says so
// (docs/design.md, "Runtime"). Includes no PyTorch header.
//
//   meta.h    TensorMeta, Meta, OutDtype, OpKind, Operand, Promotion, Dims
//   rules.h   broadcast, elementwise, reduced_shape, skgen::preset::*
//   checks.h  allocate, check_inplace, check_out, Output, result_meta, ...
//===----------------------------------------------------------------------===//
#ifndef SKGEN_RUNTIME_CORE_H
#define SKGEN_RUNTIME_CORE_H

#include <skgen/runtime/checks.h>

#endif // SKGEN_RUNTIME_CORE_H
