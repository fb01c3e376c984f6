// Included first in every file of the sanitizer build (SKGEN_SANITIZE).
//
// skgen is instrumented, the distribution's libclang-cpp is not. LLVM's
// header-only allocators poison a whole new slab and unpoison each piece
// they hand out, but only where they are compiled with ASan: when skgen's
// inlined copy (e.g. `IdentifierTable::get` of TorchSpellings) starts a slab
// of one of Clang's allocators, the pieces Clang's uninstrumented copy later
// hands out from it stay poisoned, and ASan's memcpy interceptor reports a
// use-after-poison in Clang (seen in ASTReader::DecodeIdentifierInfo).
// Poisoning from the inlined LLVM code is therefore off, as it is in
// libclang-cpp itself; ASan's own checks (heap, stack, globals) stay on.
#pragma once
#include <sanitizer/asan_interface.h>
#define __asan_poison_memory_region(p, size) ((void)(p), (void)(size))
#define __asan_unpoison_memory_region(p, size) ((void)(p), (void)(size))
