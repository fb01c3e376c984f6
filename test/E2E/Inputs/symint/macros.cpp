// Every conversion of skgen/symint.h against the real headers
// (test/E2E/symint-macros.test): what generated code passes to a kernel that
// takes int64_t, at::IntArrayRef, c10::SymInt or c10::SymIntArrayRef.
#include <ATen/ATen.h>
#include <skgen/symint.h>

#include <type_traits>

int64_t takes_int(int64_t n) { return n; }
size_t takes_list(at::IntArrayRef l) { return l.size(); }
bool takes_symint(const c10::SymInt &n) { return n == 0; }
size_t takes_symlist(c10::SymIntArrayRef l) { return l.size(); }

size_t wrapper(::skgen::SymInt n, ::skgen::SymIntArrayRef l) {
  return static_cast<size_t>(takes_int(SKGEN_GUARD_INT(n))) +
         takes_list(SKGEN_AS_INTARRAYREF(l)) + (takes_symint(n) ? 1 : 0) +
         takes_symlist(SKGEN_AS_SYMINTARRAYREF(l));
}

// Symbolic exactly from PyTorch 2 on (TORCH_VERSION_MAJOR: the version
// header symint.h includes).
static_assert(SKGEN_SYMBOLIC_SIZES == (TORCH_VERSION_MAJOR >= 2 ? 1 : 0), "");
#if SKGEN_SYMBOLIC_SIZES
static_assert(std::is_same<skgen::SymInt, c10::SymInt>::value, "");
static_assert(std::is_same<skgen::SymIntArrayRef, c10::SymIntArrayRef>::value,
              "");
#else
static_assert(std::is_same<skgen::SymInt, int64_t>::value, "");
static_assert(std::is_same<skgen::SymIntArrayRef, at::IntArrayRef>::value, "");
#endif
