/*===- skgen/annotations.h - Annotations for skgen -------------------------===*
 *
 * Mark the out= kernel of an operator family and skgen generates the rest:
 * schema definitions, registrations and the functional/in-place variants.
 *
 *   SKGEN_STRUCTURED("myops::add.out(Tensor self, Tensor other, *, "
 *                    "Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)", CPU)
 *   at::Tensor &add_out_cpu(const at::Tensor &self, const at::Tensor &other,
 *                           const at::Scalar &alpha, at::Tensor &out);
 *
 *   SKGEN_KERNEL("myops::add.out", CUDA)      // another backend's kernel
 *   at::Tensor &add_out_cuda(...);
 *
 *   SKGEN_KERNEL("myops::add", XLA)           // a backend's *functional*
 *   at::Tensor add_xla(...);                  // kernel: skgen derives its
 *                                             // out= and in-place variants
 *
 * A library whose kernels are functional declares the family by its
 * functional schema; only that operator is defined unless asked:
 *   SKGEN_STRUCTURED("myops::scale(Tensor self, float s) -> Tensor", CPU)
 *   at::Tensor scale_cpu(const at::Tensor &self, double s);
 *
 * Family options go between SKGEN_STRUCTURED and the declaration:
 *   SKGEN_FUNCTIONAL_NAME("Tensor")  overload name of the functional variant
 *   SKGEN_INPLACE_NAME("Tensor")     overload name of the in-place variant
 *   SKGEN_INPLACE_ARG("a")           the in-place variant updates its first
 *                                    argument, here named a, not self
 *   SKGEN_LEGACY_OP("f_out")         also define f_out(..., Tensor(a!) out)
 *                                    -> (), the legacy out convention, for
 *                                    existing callers: it calls the out=
 *                                    overload
 *   SKGEN_NO_FUNCTIONAL              do not generate the functional variant
 *   SKGEN_NO_INPLACE                 do not generate the in-place variant
 *   SKGEN_WITH_OUT                   a family declared by its functional
 *                                    schema also defines name.out (out
 *                                    arguments named as torchgen names them)
 *   SKGEN_WITH_INPLACE               ... and name_ (in-place)
 *   SKGEN_META(fn)                   the family's meta function: takes the
 *                                    functional arguments, returns skgen::Meta
 *                                    (sizes and dtype of each output; see
 *                                    skgen/structured.h)
 *   SKGEN_META_PRESET(name, args...) a meta function from skgen::preset
 *                                    (binary, unary, reduction, ...), reading
 *                                    the named arguments (default: by schema)
 *   SKGEN_NO_META_KERNEL             do not generate Meta kernels from the
 *                                    meta function (you register your own)
 *   SKGEN_KERNEL_CASTS               the out= kernel writes an out= tensor
 *                                    (or in-place self) of any dtype the
 *                                    result casts to, as a TensorIterator
 *                                    kernel does: no temporary of the result
 *                                    dtype, no copy
 *   SKGEN_KERNEL_ITERATOR            the out= kernel is a whole structured
 *                                    TensorIterator op (aten's out op, or a
 *                                    TensorIterator of the meta preset's
 *                                    rule over out): it checks, resizes and
 *                                    casts out= and in-place self itself, so
 *                                    their wrappers call it without the meta
 *                                    function (implies SKGEN_KERNEL_CASTS)
 *   SKGEN_ALLOC(fn)                  deprecated: allocate outputs with
 *                                    fn(args...); use SKGEN_META
 *   SKGEN_EXTERNAL                   the namespace is not ours (e.g. aten): no
 *                                    schema definitions are emitted
 *   SKGEN_FUNCTIONAL_KERNEL          this function is the family's functional
 *                                    kernel for its keys (it has the
 *                                    functional variant's signature), not its
 *                                    out kernel
 *   SKGEN_FALLBACK("ns::op.ovl_out") backends without a kernel of this family
 *                                    are served by that overload's out family
 *                                    (Scalar arguments passed as wrapped-number
 *                                    tensors); the family may then list no
 *                                    keys: SKGEN_STRUCTURED("...schema...")
 *   SKGEN_DERIVATIVE("self", "grad * 2 * self")
 *                                    one entry of the family's derivatives,
 *                                    as derivatives.yaml writes it (`self:
 *                                    grad * 2 * self`): a backward formula per
 *                                    input or group ("self, other"), a
 *                                    forward formula ("result"),
 *                                    "non_differentiable", or
 *                                    "output_differentiability"; given once
 *                                    per entry (docs/annotations.md,
 *                                    "Derivatives")
 *   SKGEN_INPLACE_DERIVATIVE("self", "zeros_like(self)")
 *                                    an entry of the in-place variant's own
 *                                    derivatives (derivatives.yaml's entry
 *                                    for `op_`): when given, the in-place
 *                                    variant uses these entries only
 *   SKGEN_NOT_DIFFERENTIABLE         the family has no derivative (as aten's
 *                                    eq): out= accepts inputs requiring grad
 *   SKGEN_NO_AUTOGRAD                no generated Autograd registrations: the
 *                                    family's autograd is your own
 *                                    (torch.library.register_autograd, or a
 *                                    TORCH_LIBRARY_IMPL(ns, Autograd, m)
 *                                    kernel written by hand)
 *   SKGEN_AUTOCAST(lower_precision_fp)
 *                                    the functional variant under autocast,
 *                                    with one of aten's cast policies
 *                                    (lower_precision_fp, fp32,
 *                                    fp32_set_opt_dtype, promote), on every
 *                                    autocast key (skgen/autocast.h)
 *   SKGEN_VMAP(fn)                   the family's batching rule (torch.vmap):
 *                                    fn(self, self_bdim, other, other_bdim,
 *                                    ...) -> std::tuple<at::Tensor,
 *                                    c10::optional<int64_t>>, functorch's
 *                                    convention; skgen generates the plumbing
 *                                    (skgen/vmap.h)
 *   SKGEN_NO_VMAP                    no generated batching rule: torch.vmap
 *                                    uses PyTorch's per-sample fallback
 *
 * Dependency-free. Outside Clang (e.g. GCC builds) every macro expands to
 * nothing; under Clang (and so in a skgen scan) to `annotate` attributes that
 * change nothing in the generated code.
 *===-----------------------------------------------------------------------===*/
#ifndef SKGEN_ANNOTATIONS_H
#define SKGEN_ANNOTATIONS_H

#if defined(__clang__) && !defined(SKGEN_DISABLE_ANNOTATIONS)
#define SKGEN_ANNOTATE_(...) __attribute__((annotate(__VA_ARGS__)))
/* Dispatch keys are written as bare identifiers and kept as text. */
#define SKGEN_STRUCTURED(SCHEMA, ...)                                          \
  SKGEN_ANNOTATE_("skgen.structured", SCHEMA, #__VA_ARGS__)
#define SKGEN_KERNEL(OPNAME, ...)                                              \
  SKGEN_ANNOTATE_("skgen.kernel", OPNAME, #__VA_ARGS__)
#define SKGEN_FUNCTIONAL_NAME(NAME)                                            \
  SKGEN_ANNOTATE_("skgen.functional_name", NAME)
#define SKGEN_INPLACE_NAME(NAME) SKGEN_ANNOTATE_("skgen.inplace_name", NAME)
#define SKGEN_INPLACE_ARG(NAME) SKGEN_ANNOTATE_("skgen.inplace_arg", NAME)
#define SKGEN_LEGACY_OP(NAME) SKGEN_ANNOTATE_("skgen.legacy_op", NAME)
#define SKGEN_NO_FUNCTIONAL SKGEN_ANNOTATE_("skgen.no_functional")
#define SKGEN_NO_INPLACE SKGEN_ANNOTATE_("skgen.no_inplace")
#define SKGEN_WITH_OUT SKGEN_ANNOTATE_("skgen.with_out")
#define SKGEN_WITH_INPLACE SKGEN_ANNOTATE_("skgen.with_inplace")
#define SKGEN_META(FN) SKGEN_ANNOTATE_("skgen.meta", #FN)
#define SKGEN_META_PRESET(...)                                                 \
  SKGEN_ANNOTATE_("skgen.meta_preset", #__VA_ARGS__)
#define SKGEN_NO_META_KERNEL SKGEN_ANNOTATE_("skgen.no_meta_kernel")
#define SKGEN_KERNEL_CASTS SKGEN_ANNOTATE_("skgen.kernel_casts")
#define SKGEN_KERNEL_ITERATOR SKGEN_ANNOTATE_("skgen.kernel_iterator")
#define SKGEN_ALLOC(FN) SKGEN_ANNOTATE_("skgen.alloc", #FN)
#define SKGEN_EXTERNAL SKGEN_ANNOTATE_("skgen.external")
#define SKGEN_FUNCTIONAL_KERNEL SKGEN_ANNOTATE_("skgen.functional_kernel")
#define SKGEN_FALLBACK(OPNAME) SKGEN_ANNOTATE_("skgen.fallback", OPNAME)
#define SKGEN_DERIVATIVE(NAMES, FORMULA)                                       \
  SKGEN_ANNOTATE_("skgen.derivative", NAMES, FORMULA)
#define SKGEN_INPLACE_DERIVATIVE(NAMES, FORMULA)                               \
  SKGEN_ANNOTATE_("skgen.inplace_derivative", NAMES, FORMULA)
#define SKGEN_NOT_DIFFERENTIABLE SKGEN_ANNOTATE_("skgen.not_differentiable")
#define SKGEN_NO_AUTOGRAD SKGEN_ANNOTATE_("skgen.no_autograd")
#define SKGEN_AUTOCAST(POLICY) SKGEN_ANNOTATE_("skgen.autocast", #POLICY)
#define SKGEN_VMAP(FN) SKGEN_ANNOTATE_("skgen.vmap", #FN)
#define SKGEN_NO_VMAP SKGEN_ANNOTATE_("skgen.no_vmap")
#define SKGEN_KERNEL_ALLOCATES SKGEN_ANNOTATE_("skgen.kernel_allocates")
#else
#define SKGEN_STRUCTURED(SCHEMA, ...)
#define SKGEN_KERNEL(OPNAME, ...)
#define SKGEN_FUNCTIONAL_NAME(NAME)
#define SKGEN_INPLACE_NAME(NAME)
#define SKGEN_INPLACE_ARG(NAME)
#define SKGEN_LEGACY_OP(NAME)
#define SKGEN_NO_FUNCTIONAL
#define SKGEN_NO_INPLACE
#define SKGEN_WITH_OUT
#define SKGEN_WITH_INPLACE
#define SKGEN_META(FN)
#define SKGEN_META_PRESET(...)
#define SKGEN_NO_META_KERNEL
#define SKGEN_KERNEL_CASTS
#define SKGEN_KERNEL_ITERATOR
#define SKGEN_ALLOC(FN)
#define SKGEN_EXTERNAL
#define SKGEN_FUNCTIONAL_KERNEL
#define SKGEN_FALLBACK(OPNAME)
#define SKGEN_DERIVATIVE(NAMES, FORMULA)
#define SKGEN_INPLACE_DERIVATIVE(NAMES, FORMULA)
#define SKGEN_NOT_DIFFERENTIABLE
#define SKGEN_NO_AUTOGRAD
#define SKGEN_AUTOCAST(POLICY)
#define SKGEN_VMAP(FN)
#define SKGEN_NO_VMAP
#define SKGEN_KERNEL_ALLOCATES
#endif

#endif /* SKGEN_ANNOTATIONS_H */
