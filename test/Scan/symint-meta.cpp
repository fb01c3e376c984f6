// A meta function takes SymInt / SymInt[] arguments as skgen::SymInt /
// skgen::SymIntArrayRef: with PyTorch 2 headers (-DSTUB_TORCH2) c10::SymInt /
// c10::SymIntArrayRef, so int64_t (which would specialize the value under
// torch.compile) is an error naming the type to use; with 1.13's headers
// skgen::SymInt is int64_t (and c10::SymInt converts from it). Kernels may
// take c10::SymIntArrayRef for SymInt[] with both.
// RUN: not %skgen --dump-facts=%t.json %s -- %scanflags -DSTUB_TORCH2 2> %t.err
// RUN: FileCheck %s --check-prefix=TORCH2 --input-file=%t.err
// RUN: not %skgen --dump-facts=%t.old.json %s -- %scanflags 2> %t.old.err
// RUN: FileCheck %s --check-prefix=OLD --input-file=%t.old.err

#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <skgen/structured.h>

namespace myops {
skgen::Meta good_meta(const at::Tensor &self, skgen::SymIntArrayRef size,
                      skgen::SymInt n);
skgen::Meta concrete_meta(const at::Tensor &self, at::IntArrayRef size,
                          int64_t n);
skgen::Meta symint_meta(const at::Tensor &self, at::IntArrayRef size,
                        c10::SymInt n);
skgen::Meta symlist_meta(const at::Tensor &self, c10::SymIntArrayRef size,
                         int64_t n);

SKGEN_STRUCTURED("myops::a.out(Tensor self, SymInt[] size, SymInt n, *, "
                 "Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META(good_meta)
at::Tensor &a_out(const at::Tensor &self, c10::SymIntArrayRef size,
                  c10::SymInt n, at::Tensor &out);

SKGEN_STRUCTURED("myops::b.out(Tensor self, SymInt[] size, SymInt n, *, "
                 "Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META(concrete_meta)
at::Tensor &b_out(const at::Tensor &self, at::IntArrayRef size, int64_t n,
                  at::Tensor &out);

SKGEN_STRUCTURED("myops::c.out(Tensor self, SymInt[] size, SymInt n, *, "
                 "Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META(symint_meta)
at::Tensor &c_out(const at::Tensor &self, at::IntArrayRef size, int64_t n,
                  at::Tensor &out);

SKGEN_STRUCTURED("myops::d.out(Tensor self, SymInt[] size, SymInt n, *, "
                 "Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META(symlist_meta)
at::Tensor &d_out(const at::Tensor &self, at::IntArrayRef size, int64_t n,
                  at::Tensor &out);
} // namespace myops

// TORCH2-NOT: good_meta
// TORCH2: symint-meta.cpp:19:67: error: parameter 'size' of meta function 'myops::concrete_meta' has type 'at::IntArrayRef'; schema argument 'SymInt[] size' is passed as 'skgen::SymIntArrayRef' (c10::SymIntArrayRef with PyTorch >= 2, symbolic under torch.compile; skgen/symint.h)
// TORCH2: symint-meta.cpp:20:35: error: parameter 'n' of meta function 'myops::concrete_meta' has type 'int64_t'; schema argument 'SymInt n' is passed as 'skgen::SymInt' (c10::SymInt with PyTorch >= 2, symbolic under torch.compile; skgen/symint.h)
// TORCH2: error: parameter 'size' of meta function 'myops::symint_meta'
// TORCH2-NOT: parameter 'n' of meta function 'myops::symint_meta'
// TORCH2: error: parameter 'n' of meta function 'myops::symlist_meta'
// TORCH2-NOT: error:

// OLD-NOT: good_meta
// OLD-NOT: concrete_meta
// OLD-NOT: symint_meta
// OLD: error: parameter 'size' of meta function 'myops::symlist_meta' has type 'c10::SymIntArrayRef'; schema argument 'SymInt[] size' is passed as 'skgen::SymIntArrayRef'
// OLD-NOT: error:
