// Stand-in for include/skgen/symint.h: skgen::SymInt is c10::SymInt with
// PyTorch 2 headers (-DSTUB_TORCH2), int64_t with 1.13's.
#pragma once
#include <ATen/ATen.h>
namespace skgen {
#ifdef STUB_TORCH2
using SymInt = c10::SymInt;
using SymIntArrayRef = c10::SymIntArrayRef;
#else
using SymInt = int64_t;
using SymIntArrayRef = c10::ArrayRef<int64_t>;
#endif
} // namespace skgen
#define SKGEN_GUARD_INT(x) (x)
#define SKGEN_AS_INTARRAYREF(x) (x)
#define SKGEN_AS_SYMINTARRAYREF(x) (x)
