// Meta options used wrongly: each a positioned error (and the run fails).
// RUN: not %skgen --dump-facts=%t.json %s -- %scanflags 2> %t.err
// RUN: FileCheck %s --input-file=%t.err

#include <ATen/ATen.h>
#include <skgen/annotations.h>
#include <skgen/structured.h>

// Errors at the meta functions come first (diagnostics are in file order).
// CHECK: meta-errors.cpp:19:54: error: parameter 'other' of meta function 'myops::bad_param' has type 'double'; schema argument 'Tensor other' is passed as 'const at::Tensor &'
// CHECK: meta-errors.cpp:[[@LINE+28]]:1: note: meta function of 'myops::c.out' named here; it takes the arguments of the functional variant
// CHECK: meta-errors.cpp:20:1: error: meta function 'myops::bad_return' returns 'at::Tensor'; a meta function returns 'skgen::Meta' (the sizes and dtype of each output, from <skgen/structured.h>)
// CHECK: meta-errors.cpp:21:13: error: meta function 'myops::too_few' has 1 parameter but the meta function of 'myops::e.out' takes 2 (Tensor self, Scalar alpha; the out arguments excluded)
// CHECK: meta-errors.cpp:23:15: error: meta function 'myops::Holder::member' must be a free function or a static member function

namespace myops {
int not_a_function;
skgen::Meta unary_meta(const at::Tensor &self);
skgen::Meta bad_param(const at::Tensor &self, double other);
at::Tensor bad_return(const at::Tensor &self, const at::Tensor &other);
skgen::Meta too_few(const at::Tensor &self);
struct Holder {
  skgen::Meta member(const at::Tensor &self);
};

// CHECK: meta-errors.cpp:[[@LINE+2]]:12: error: 'SKGEN_META' names 'no_such_fn', but no function of that name is declared
SKGEN_STRUCTURED("myops::a.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META(no_such_fn)
at::Tensor &a_out(const at::Tensor &self, at::Tensor &out);

// CHECK: meta-errors.cpp:[[@LINE+3]]:12: error: 'SKGEN_META' names 'not_a_function', which is not a function
// CHECK: meta-errors.cpp:17:5: note: declared here
SKGEN_STRUCTURED("myops::b.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META(not_a_function)
at::Tensor &b_out(const at::Tensor &self, at::Tensor &out);

// A parameter of the wrong type: at the parameter, a note at the annotation.
SKGEN_STRUCTURED("myops::c.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META(bad_param)
at::Tensor &c_out(const at::Tensor &self, const at::Tensor &other, at::Tensor &out);

// The wrong return type: at the return type.
SKGEN_STRUCTURED("myops::d.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META(bad_return)
at::Tensor &d_out(const at::Tensor &self, const at::Tensor &other, at::Tensor &out);

// The wrong parameter count.
SKGEN_STRUCTURED("myops::e.out(Tensor self, Scalar alpha, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META(too_few)
at::Tensor &e_out(const at::Tensor &self, const at::Scalar &alpha, at::Tensor &out);

// A non-static member function.
SKGEN_STRUCTURED("myops::f.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META(Holder::member)
at::Tensor &f_out(const at::Tensor &self, at::Tensor &out);

// Declared only after the annotation.
// CHECK: meta-errors.cpp:[[@LINE+3]]:12: error: 'SKGEN_META' names 'myops::later', which is declared after this annotation; declare it before the kernel (the generated code calls it)
// CHECK: meta-errors.cpp:[[@LINE+4]]:13: note: declared here
SKGEN_STRUCTURED("myops::g.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META(later)
at::Tensor &g_out(const at::Tensor &self, at::Tensor &out);
skgen::Meta later(const at::Tensor &self);

// SKGEN_META and SKGEN_META_PRESET together; SKGEN_ALLOC with a meta.
// CHECK: meta-errors.cpp:[[@LINE+5]]:1: error: 'SKGEN_META_PRESET' and 'SKGEN_META' both give the family's meta function; keep one
// CHECK: meta-errors.cpp:[[@LINE+3]]:1: note: SKGEN_META is here
// CHECK: meta-errors.cpp:[[@LINE+4]]:1: error: 'SKGEN_ALLOC' cannot be combined with 'SKGEN_META': the meta function gives the outputs' sizes and dtypes, and skgen allocates them; remove SKGEN_ALLOC
SKGEN_STRUCTURED("myops::h.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META(unary_meta)
SKGEN_META_PRESET(unary)
SKGEN_ALLOC(unary_meta)
at::Tensor &h_out(const at::Tensor &self, at::Tensor &out);

// SKGEN_NO_META_KERNEL alone.
// CHECK: meta-errors.cpp:[[@LINE+2]]:1: error: 'SKGEN_NO_META_KERNEL' has no effect without SKGEN_META or SKGEN_META_PRESET
SKGEN_STRUCTURED("myops::i.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_NO_META_KERNEL
at::Tensor &i_out(const at::Tensor &self, at::Tensor &out);

// SKGEN_KERNEL_CASTS without a meta function (no temporary to leave out).
// CHECK: meta-errors.cpp:[[@LINE+2]]:1: error: 'SKGEN_KERNEL_CASTS' has no effect without SKGEN_META or SKGEN_META_PRESET (without a meta function the kernel always receives the caller's tensors)
SKGEN_STRUCTURED("myops::i2.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_KERNEL_CASTS
at::Tensor &i2_out(const at::Tensor &self, at::Tensor &out);

// SKGEN_KERNEL_ITERATOR without a meta function, and with
// SKGEN_KERNEL_CASTS, which it implies.
// CHECK: meta-errors.cpp:[[@LINE+2]]:1: error: 'SKGEN_KERNEL_ITERATOR' has no effect without SKGEN_META or SKGEN_META_PRESET (without a meta function the wrappers check nothing before the kernel)
SKGEN_STRUCTURED("myops::i3.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_KERNEL_ITERATOR
at::Tensor &i3_out(const at::Tensor &self, at::Tensor &out);
// CHECK: meta-errors.cpp:[[@LINE+4]]:1: error: 'SKGEN_KERNEL_CASTS' is implied by 'SKGEN_KERNEL_ITERATOR'; remove it
// CHECK: meta-errors.cpp:[[@LINE+2]]:1: note: SKGEN_KERNEL_ITERATOR is here
SKGEN_STRUCTURED("myops::i4.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_KERNEL_ITERATOR
SKGEN_KERNEL_CASTS
SKGEN_META_PRESET(unary)
at::Tensor &i4_out(const at::Tensor &self, at::Tensor &out);
// Only with a TensorIterator preset: not an own meta function, not a preset
// of aten's own-meta shapes (their in-place checks are torchgen's).
// CHECK: meta-errors.cpp:[[@LINE+2]]:1: error: 'SKGEN_KERNEL_ITERATOR' needs SKGEN_META_PRESET with a TensorIterator preset: the kernel's TensorIterator makes the preset's checks, not those of a meta function of your own
SKGEN_STRUCTURED("myops::i5.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_KERNEL_ITERATOR
SKGEN_META(unary_meta)
at::Tensor &i5_out(const at::Tensor &self, at::Tensor &out);
// CHECK: meta-errors.cpp:[[@LINE+3]]:19: error: 'SKGEN_KERNEL_ITERATOR' needs a TensorIterator preset (unary, unary_float, binary, binary_float, comparison, elementwise, clamp, unary_bool, lerp, heaviside, index); aten's in-place and out= checks of 'addmm' are torchgen's structured ones, which no out= kernel makes
SKGEN_STRUCTURED("myops::addmm.out(Tensor self, Tensor mat1, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_KERNEL_ITERATOR
SKGEN_META_PRESET(addmm)
at::Tensor &addmm_out(const at::Tensor &self, const at::Tensor &mat1, const at::Tensor &mat2, at::Tensor &out);

// An unknown preset: the closest name is a note's suggestion (a typo
// correction: --fix does not apply it).
// CHECK: meta-errors.cpp:[[@LINE+3]]:19: error: unknown meta preset 'binray' (presets: unary, unary_float, binary, binary_float, comparison, elementwise, reduction, index_reduction, arg_reduction, clamp, unary_bool, loss, halving, lerp, heaviside, index, mm, bmm, addmm, addmv, baddbmm, cat, softmax, softmax_backward, log_softmax_backward, cumulative, upsample2d){{$}}
// CHECK: meta-errors.cpp:[[@LINE+2]]:19: note: did you mean 'binary'?
SKGEN_STRUCTURED("myops::j.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binray)
at::Tensor &j_out(const at::Tensor &self, const at::Tensor &other, at::Tensor &out);

// Role arguments: unknown, an out argument, the wrong type, at the argument.
// CHECK: meta-errors.cpp:[[@LINE+2]]:33: error: 'othr' is not an argument of 'myops::k.out' (arguments: self, other)
SKGEN_STRUCTURED("myops::k.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary, self, othr)
at::Tensor &k_out(const at::Tensor &self, const at::Tensor &other, at::Tensor &out);
// CHECK: meta-errors.cpp:[[@LINE+2]]:33: error: 'out' is an out argument of 'myops::l.out'; a meta function reads the other arguments
SKGEN_STRUCTURED("myops::l.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary, self, out)
at::Tensor &l_out(const at::Tensor &self, const at::Tensor &other, at::Tensor &out);
// CHECK: meta-errors.cpp:[[@LINE+2]]:36: error: role 'dim' of preset 'reduction' takes an int[], int[N], int[]?, int or int?; 'keepdim' is 'bool'
SKGEN_STRUCTURED("myops::m.out(Tensor self, bool keepdim, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(reduction, self, keepdim)
at::Tensor &m_out(const at::Tensor &self, bool keepdim, at::Tensor &out);

// Not enough operands; a required role without its argument.
// CHECK: meta-errors.cpp:[[@LINE+2]]:19: error: preset 'binary' needs 2 operands (Tensor or Scalar arguments); 'myops::n.out' has 1
SKGEN_STRUCTURED("myops::n.out(Tensor self, int k, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary)
at::Tensor &n_out(const at::Tensor &self, int64_t k, at::Tensor &out);
// CHECK: meta-errors.cpp:[[@LINE+2]]:19: error: preset 'index_reduction' needs an int argument for its role 'dim', and 'myops::o.dim_max' has no such argument called 'dim'; name it: SKGEN_META_PRESET(index_reduction, self, <dim>, keepdim)
SKGEN_STRUCTURED("myops::o.dim_max(Tensor self, int axis, *, Tensor(a!) max, Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) indices)", CPU)
SKGEN_META_PRESET(index_reduction)
std::tuple<at::Tensor &, at::Tensor &> o_out(const at::Tensor &self, int64_t axis, at::Tensor &max, at::Tensor &max_values);

// The preset's output count must match the out arguments.
// CHECK: meta-errors.cpp:[[@LINE+2]]:19: error: preset 'unary' computes 1 output(s); 'myops::p.out' has 2 out argument(s)
SKGEN_STRUCTURED("myops::p.out(Tensor self, *, Tensor(a!) a, Tensor(b!) b) -> (Tensor(a!) a, Tensor(b!) b)", CPU)
SKGEN_META_PRESET(unary)
std::tuple<at::Tensor &, at::Tensor &> p_out(const at::Tensor &self, at::Tensor &a, at::Tensor &b);

// `_` for a required role.
// CHECK: meta-errors.cpp:[[@LINE+2]]:26: error: role 'self' of preset 'unary' cannot be left unbound ('_')
SKGEN_STRUCTURED("myops::q.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(unary, _)
at::Tensor &q_out(const at::Tensor &self, at::Tensor &out);

// SKGEN_ALLOC alone still works, with a migration warning.
// CHECK: meta-errors.cpp:[[@LINE+2]]:1: warning: 'SKGEN_ALLOC' is deprecated: give the family a meta function instead, SKGEN_META(fn) returning skgen::Meta
SKGEN_STRUCTURED("myops::r.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_ALLOC(unary_meta)
at::Tensor &r_out(const at::Tensor &self, at::Tensor &out);
// The roles of the TensorIterator presets: a str? rounding_mode, an int
// reduction (by name, or named).
// CHECK: meta-errors.cpp:[[@LINE+2]]:46: error: role 'rounding_mode' of preset 'binary_float' takes a str or str?; 'alpha' is 'Scalar'
SKGEN_STRUCTURED("myops::s.out(Tensor self, Tensor other, Scalar alpha, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(binary_float, self, other, alpha)
at::Tensor &s_out(const at::Tensor &self, const at::Tensor &other, const at::Scalar &alpha, at::Tensor &out);
// CHECK: meta-errors.cpp:[[@LINE+2]]:19: error: preset 'loss' needs an int argument for its role 'reduction', and 'myops::t.out' has no such argument called 'reduction'; name it: SKGEN_META_PRESET(loss, self, target, <reduction>)
SKGEN_STRUCTURED("myops::t.out(Tensor self, Tensor target, int how, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(loss)
at::Tensor &t_out(const at::Tensor &self, const at::Tensor &target, int64_t how, at::Tensor &out);
// The roles of skgen/presets/shapes.h: a Tensor[] (named, or by kind).
// CHECK: meta-errors.cpp:[[@LINE+2]]:24: error: role 'tensors' of preset 'cat' takes a Tensor[]; 'self' is 'Tensor'
SKGEN_STRUCTURED("myops::u.out(Tensor self, int dim, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(cat, self, dim)
at::Tensor &u_out(const at::Tensor &self, int64_t dim, at::Tensor &out);
// CHECK: meta-errors.cpp:[[@LINE+2]]:19: error: preset 'cat' needs a Tensor[] argument for its role 'tensors'; 'myops::v.out' has none left
SKGEN_STRUCTURED("myops::v.out(Tensor self, int dim, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(cat)
at::Tensor &v_out(const at::Tensor &self, int64_t dim, at::Tensor &out);
// CHECK: meta-errors.cpp:[[@LINE+2]]:39: error: role 'half_to_float' of preset 'softmax' takes a bool; 'dim2' is 'int'
SKGEN_STRUCTURED("myops::w.out(Tensor self, int dim, int dim2, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(softmax, self, dim, dim2)
at::Tensor &w_out(const at::Tensor &self, int64_t dim, int64_t dim2, at::Tensor &out);
// CHECK: meta-errors.cpp:[[@LINE+2]]:37: error: role 'output_size' of preset 'upsample2d' takes an int[] or SymInt[]; 'size' is 'int'
SKGEN_STRUCTURED("myops::x.out(Tensor self, int size, *, Tensor(a!) out) -> Tensor(a!)", CPU)
SKGEN_META_PRESET(upsample2d, self, size)
at::Tensor &x_out(const at::Tensor &self, int64_t size, at::Tensor &out);
} // namespace myops
