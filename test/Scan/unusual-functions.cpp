// Functions the generated code could not register (it names the kernel as
// `::ns::f` and takes TORCH_FN of it): every one is a positioned error, none
// is silently dropped or turned into code that does not compile.
// RUN: not %skgen --dump-facts=%t.json %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --input-file=%t.err
// RUN: FileCheck %s --check-prefix=FACTS --input-file=%t.json

#include <ATen/ATen.h>
#include <skgen/annotations.h>

namespace myops {
// The call operator of a lambda is a member function of an unnamed class.
// CHECK: unusual-functions.cpp:[[@LINE+3]]:5: error: 'SKGEN_STRUCTURED' cannot be applied to a lambda; annotate a free function or a static member function
// CHECK: unusual-functions.cpp:[[@LINE+3]]:5: note: annotation is here
auto l =
    [](const at::Tensor &self, at::Tensor &out)
    SKGEN_STRUCTURED("myops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
    -> at::Tensor & { return out; };

// CHECK: unusual-functions.cpp:[[@LINE+3]]:13: error: 'SKGEN_STRUCTURED' kernel is a deleted function
// CHECK: unusual-functions.cpp:[[@LINE+1]]:1: note: annotation is here
SKGEN_STRUCTURED("myops::b.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &b_out(const at::Tensor &self, at::Tensor &out) = delete;

// CHECK: unusual-functions.cpp:[[@LINE+3]]:13: error: 'SKGEN_STRUCTURED' kernel cannot be variadic ('...'); the dispatcher calls it with the schema's arguments
// CHECK: unusual-functions.cpp:[[@LINE+1]]:1: note: annotation is here
SKGEN_STRUCTURED("myops::c.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &c_out(const at::Tensor &self, at::Tensor &out, ...);

// An explicit specialization of a function template.
template <typename T>
at::Tensor &d_out(const at::Tensor &self, at::Tensor &out);
// CHECK: unusual-functions.cpp:[[@LINE+3]]:13: error: 'SKGEN_STRUCTURED' cannot be applied to a template; annotate a non-template function
template <>
SKGEN_STRUCTURED("myops::d.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &d_out<int>(const at::Tensor &self, at::Tensor &out);

// The generated registrations are outside the class: they cannot call a
// private or protected kernel.
class Impl {
  // CHECK: unusual-functions.cpp:[[@LINE+3]]:22: error: 'SKGEN_STRUCTURED' kernel 'myops::Impl::e_out' is private; generated registrations outside the class cannot call it
  // CHECK: unusual-functions.cpp:[[@LINE+1]]:3: note: annotation is here
  SKGEN_STRUCTURED("myops::e.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
  static at::Tensor &e_out(const at::Tensor &self, at::Tensor &out);

protected:
  // CHECK: unusual-functions.cpp:[[@LINE+2]]:22: error: 'SKGEN_KERNEL' kernel 'myops::Impl::e_out_cuda' is protected; generated registrations outside the class cannot call it
  SKGEN_KERNEL("myops::e.out", CUDA)
  static at::Tensor &e_out_cuda(const at::Tensor &self, at::Tensor &out);

  class Nested {
  public:
    // CHECK: unusual-functions.cpp:[[@LINE+2]]:24: error: 'SKGEN_KERNEL' kernel 'myops::Impl::Nested::e_out_meta' is in protected class 'myops::Impl::Nested'; generated registrations outside the class cannot call it
    SKGEN_KERNEL("myops::e.out", Meta)
    static at::Tensor &e_out_meta(const at::Tensor &self, at::Tensor &out);
  };
};

// Declared only as a friend: `::myops::h_out` names nothing outside the class.
struct Befriends {
  // CHECK: unusual-functions.cpp:[[@LINE+3]]:22: error: 'SKGEN_STRUCTURED' kernel 'myops::h_out' is declared only as a friend; generated code cannot name it: declare it at namespace scope as well
  // CHECK: unusual-functions.cpp:[[@LINE+1]]:3: note: annotation is here
  SKGEN_STRUCTURED("myops::h.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
  friend at::Tensor &h_out(const at::Tensor &self, at::Tensor &out);
};
// Fine once it is also declared at namespace scope.
struct BefriendsDeclared {
  SKGEN_STRUCTURED("myops::i.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
  friend at::Tensor &i_out(const at::Tensor &self, at::Tensor &out);
};
at::Tensor &i_out(const at::Tensor &self, at::Tensor &out);

// Fine: a public static member of a struct, and a function in an unnamed
// namespace.
struct Ok {
  SKGEN_STRUCTURED("myops::f.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
  static at::Tensor &f_out(const at::Tensor &self, at::Tensor &out);
};
namespace {
SKGEN_STRUCTURED("myops::g.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
at::Tensor &g_out(const at::Tensor &self, at::Tensor &out);
} // namespace
} // namespace myops

// CHECK: 8 errors generated.
// FACTS-NOT: "cpp_name": "myops::b_out"
// FACTS-NOT: "cpp_name": "myops::c_out"
// FACTS-NOT: "cpp_name": "myops::d_out"
// FACTS-NOT: "cpp_name": "myops::Impl
// FACTS-NOT: "cpp_name": "myops::h_out"
// FACTS: "cpp_name": "myops::i_out"
// FACTS: "cpp_name": "myops::Ok::f_out"
// FACTS: "cpp_name": "myops::g_out"
