//===- skgen/library.h - What generated registrations use -------*- C++ -*-===//
//
// Header-only, ATen/c10 headers only (and torch/library.h where
// SKGEN_OUT_VIA_FUNCTIONAL); works with PyTorch 1.13 and 2.x. The
// blocks skgen generates (docs/generation.md) include it for:
//
//   SKGEN_TAGS_OUT, SKGEN_TAGS_INPLACE  the tags of an out= / in-place
//       m.def: PyTorch >= 2.13 functionalizes a custom out= or in-place op
//       (as torch.compile and torch.export need) only when its definition
//       carries at::Tag::out / at::Tag::inplace; without the tag, AOT
//       dispatch refuses "a custom (non-ATen) operator whose output has
//       alias annotations". Older PyTorch has neither tag (1.13's
//       Library::def takes tags of another enum): the macros are empty.
//       Define them before including this header to choose otherwise.
//   SKGEN_TAGS_OUT_WITH_FUNCTIONAL, SKGEN_FUNCTIONALIZE_OUT(m, out, name,
//       overload)  the tags and the Functionalize kernel of an out= op whose
//       functional op `name.overload` the block defines too. Where
//       SKGEN_OUT_VIA_FUNCTIONAL (PyTorch >= 2.13): no Tag::out, and
//       skgen::FunctionalizeOut, which functionalizes the out= op into a
//       call of the functional one; elsewhere SKGEN_TAGS_OUT and nothing.
//       Why: inductor (2.13 and 2.14) lowers a functional custom op to any
//       Tag::out overload of its packet whose other arguments match
//       (ir.py FallbackKernel.create, torch/_library/_out_variant.py
//       to_out_variant), and that call passes defaulted and keyword-only
//       arguments twice and Scalars before Tensors in the wrong order; with
//       dynamic shapes (a second input size is enough) 2.13 also builds its
//       buffer with FixedLayout(size=SymInts), an AssertionError
//       (pytorch/pytorch#185503). Without the tag, the functional op is an
//       ordinary fallback kernel, as in a library defined without skgen.
//       test/E2E/KNOWN_ISSUES.md, 9.
//   skgen::typed_op<Sig>("ns::op", "overload")  the typed handle through
//       which a wrapper calls or redispatches to another operator.
//===----------------------------------------------------------------------===//
#ifndef SKGEN_LIBRARY_H
#define SKGEN_LIBRARY_H

#include <ATen/core/dispatch/Dispatcher.h>

// torch/headeronly/version.h exists from PyTorch 2.9 on.
#if defined(__has_include)
#if __has_include(<torch/headeronly/version.h>)
#include <torch/headeronly/version.h>
#endif
#endif

// clang-format off
#if defined(TORCH_VERSION_MAJOR) && (TORCH_VERSION_MAJOR > 2 || \
    (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 13))
#define SKGEN_TORCH_2_13_OR_LATER 1
#else
#define SKGEN_TORCH_2_13_OR_LATER 0
#endif
#ifndef SKGEN_TAGS_OUT
#if SKGEN_TORCH_2_13_OR_LATER
#define SKGEN_TAGS_OUT {at::Tag::out}
#define SKGEN_TAGS_INPLACE {at::Tag::inplace}
#else
#define SKGEN_TAGS_OUT {}
#define SKGEN_TAGS_INPLACE {}
#endif
#endif
#ifndef SKGEN_OUT_VIA_FUNCTIONAL
#define SKGEN_OUT_VIA_FUNCTIONAL SKGEN_TORCH_2_13_OR_LATER
#endif
#ifndef SKGEN_TAGS_OUT_WITH_FUNCTIONAL
#if SKGEN_OUT_VIA_FUNCTIONAL
#define SKGEN_TAGS_OUT_WITH_FUNCTIONAL {}
#else
#define SKGEN_TAGS_OUT_WITH_FUNCTIONAL SKGEN_TAGS_OUT
#endif
#endif
#if SKGEN_OUT_VIA_FUNCTIONAL
#define SKGEN_FUNCTIONALIZE_OUT(m, out, name, overload)                        \
  (m).impl(out, torch::dispatch(c10::DispatchKey::Functionalize,               \
                                torch::CppFunction::makeFromBoxedFunctor(      \
                                    std::make_unique<skgen::FunctionalizeOut>( \
                                        name, overload))))
#else
#define SKGEN_FUNCTIONALIZE_OUT(m, out, name, overload) static_cast<void>(0)
#endif
// clang-format on

#if SKGEN_OUT_VIA_FUNCTIONAL
#include <ATen/FunctionalTensorWrapper.h>
#include <ATen/core/LegacyTypeDispatch.h>
#include <torch/library.h>

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>
#endif

namespace skgen {

/// The typed handle of operator \p name (`ns::op`) overload \p overload
/// (`""` for none), whose dispatcher signature is \p Sig; throws if the
/// operator is not registered. Wrappers keep it in a function-local static.
template <class Sig>
c10::TypedOperatorHandle<Sig> typed_op(const char *name, const char *overload) {
  return c10::Dispatcher::singleton()
      .findSchemaOrThrow(name, overload)
      .template typed<Sig>();
}

#if SKGEN_OUT_VIA_FUNCTIONAL
/// The Functionalize kernel of an out= op (boxed, any schema): calls the
/// functional op \p name / \p overload on the unwrapped arguments other than
/// the out= ones (the same, in the same order) and makes each result the new
/// value of its out= tensor, as the functionalization of ATen's out= ops does
/// (RegisterFunctionalization). With no functional out= tensor (nothing to
/// track), runs the out= op itself below Functionalize.
class FunctionalizeOut final : public c10::OperatorKernel {
public:
  FunctionalizeOut(const char *name, const char *overload)
      : name_(name), overload_(overload) {}

  void operator()(const c10::OperatorHandle &op, c10::DispatchKeySet,
                  torch::jit::Stack *stack) {
    namespace impl = at::functionalization::impl;
    const auto &args = op.schema().arguments();
    const size_t n = args.size();
    c10::IValue *in = stack->data() + (stack->size() - n);
    std::vector<at::Tensor> outs;
    torch::jit::Stack call;
    bool functional = false;
    for (size_t i = 0; i < n; ++i) {
      const c10::AliasInfo *alias = args[i].alias_info();
      if (alias && alias->isWrite()) {
        outs.push_back(in[i].toTensor());
        functional = functional || impl::isFunctionalTensor(outs.back());
      } else {
        call.push_back(unwrap(in[i]));
      }
    }
    at::AutoDispatchSkipFunctionalize guard;
    if (!functional) {
      for (size_t i = 0; i < n; ++i)
        in[i] = unwrap(in[i]);
      op.callBoxed(stack);
      return;
    }
    std::call_once(found_, [&] {
      functional_ = c10::Dispatcher::singleton().findSchemaOrThrow(
          name_.c_str(), overload_.c_str());
    });
    functional_->callBoxed(&call);
    TORCH_CHECK(call.size() == outs.size(), "skgen::FunctionalizeOut: ", name_,
                ".", overload_, " returned ", call.size(), " values for ",
                outs.size(), " out= arguments");
    torch::jit::drop(*stack, n);
    for (size_t i = 0; i < outs.size(); ++i) {
      impl::replace_(outs[i], call[i].toTensor());
      impl::commit_update(outs[i]);
      impl::sync(outs[i]);
    }
    for (size_t i = 0; i < op.schema().returns().size(); ++i)
      stack->emplace_back(outs[i]);
  }

private:
  /// \p v with functional tensors replaced by their (synced) values.
  static c10::IValue unwrap(const c10::IValue &v) {
    namespace impl = at::functionalization::impl;
    if (v.isTensor()) {
      const at::Tensor &t = v.toTensor();
      if (!impl::isFunctionalTensor(t))
        return v;
      impl::sync(t);
      return impl::from_functional_tensor(t);
    }
    if (v.isTensorList()) {
      std::vector<at::Tensor> ts = v.toTensorVector();
      impl::sync(ts);
      return impl::from_functional_tensor(ts);
    }
    if (v.isOptionalTensorList()) {
      c10::List<std::optional<at::Tensor>> ts = v.toOptionalTensorList();
      impl::sync(ts);
      return impl::from_functional_tensor(ts);
    }
    return v;
  }

  std::string name_, overload_;
  std::once_flag found_;
  std::optional<c10::OperatorHandle> functional_;
};
#endif

} // namespace skgen

#endif
