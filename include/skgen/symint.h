//===- skgen/symint.h - SymInt arguments in generated code -------*- C++
//-*-===//
//
// How skgen's generated wrappers, Meta kernels and meta functions take the
// schema types `SymInt` and `SymInt[]`, for PyTorch 1.13 and 2.x alike:
//
//   skgen::SymInt          c10::SymInt with PyTorch >= 2 (symbolic under
//                          torch.compile(dynamic=True)), int64_t with 1.13
//   skgen::SymIntArrayRef  c10::SymIntArrayRef with PyTorch >= 2,
//                          at::IntArrayRef with 1.13
//
// PyTorch 2's dispatcher passes c10::SymInt for these arguments; a kernel
// registered with int64_t gets them converted with guard_int, which under
// torch.compile specializes the graph on the value (a recompile for each new
// one). 1.13's sizes are not symbolic, so there they are plain integers.
//
// Generated code converts to what a hand-written out= kernel or meta preset
// takes with ATen's own helpers, as torchgen's CPU wrappers do:
//
//   SKGEN_GUARD_INT(x)          skgen::SymInt -> int64_t (guard_int)
//   SKGEN_AS_INTARRAYREF(x)     skgen::SymIntArrayRef -> at::IntArrayRef
//                               (C10_AS_INTARRAYREF_SLOW)
//   SKGEN_AS_SYMINTARRAYREF(x)  skgen::SymIntArrayRef -> c10::SymIntArrayRef
//                               (a kernel taking c10::SymIntArrayRef)
//
// Header-only, c10 headers only.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_SYMINT_H
#define SKGEN_SYMINT_H

#include <c10/core/SymInt.h>
#include <c10/core/SymIntArrayRef.h>
#include <c10/util/ArrayRef.h>

#include <cstdint>

#if defined(__has_include)
#if __has_include(<torch/headeronly/version.h>)
#include <torch/headeronly/version.h>
#elif __has_include(<torch/version.h>)
#include <torch/version.h>
#endif
#endif

/// 1 when sizes and SymInt arguments are c10::SymInt (PyTorch >= 2), else 0.
#if !defined(SKGEN_SYMBOLIC_SIZES)
#if defined(TORCH_VERSION_MAJOR) && TORCH_VERSION_MAJOR >= 2
#define SKGEN_SYMBOLIC_SIZES 1
#else
#define SKGEN_SYMBOLIC_SIZES 0
#endif
#endif

namespace skgen {
#if SKGEN_SYMBOLIC_SIZES
using SymInt = c10::SymInt;
using SymIntArrayRef = c10::SymIntArrayRef;
#else
using SymInt = int64_t;
using SymIntArrayRef = c10::IntArrayRef;
#endif
} // namespace skgen

#if SKGEN_SYMBOLIC_SIZES
#define SKGEN_GUARD_INT(x) (x).guard_int(__FILE__, __LINE__)
#define SKGEN_AS_INTARRAYREF(x) C10_AS_INTARRAYREF_SLOW(x)
#define SKGEN_AS_SYMINTARRAYREF(x) (x)
#else
#define SKGEN_GUARD_INT(x) (x)
#define SKGEN_AS_INTARRAYREF(x) (x)
#define SKGEN_AS_SYMINTARRAYREF(x) c10::fromIntArrayRef(x)
#endif

#endif // SKGEN_SYMINT_H
