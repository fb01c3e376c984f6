//===- Generate.cpp - The emit phase: op graph -> generated C++ -----------===//
//
// The *dest* layer (as torchgen/dest). Each registration kind has one
// emitter (emitImpl, an exhaustive switch) and belongs to one section
// (sectionOf); a section emitter puts its registrations' wrappers and m.impl
// lines in their TORCH_LIBRARY* block:
//
//   DefsEmitter        TORCH_LIBRARY_FRAGMENT(ns, m) { m.def(...); }
//   BackendEmitter     per kernel & key: direct functional/in-place wrappers
//                      + TORCH_LIBRARY_IMPL(ns, KEY, m) with the out kernel;
//                      for a functional kernel, out=/in-place derived from it
//   AliasKeyEmitter    per family: functional/in-place wrappers that
//                      redispatch to ns::foo.out, under the alias key
//                      (with the DispatchKeySet they are called with, or
//                      by a second dispatch: GenOptions::AliasDispatch);
//                      without any out kernel, out=/in-place through ns::foo
//   MetaEmitter        per family with a meta function and no Meta kernel:
//                      Meta kernels computed from the meta function
//   AutogradEmitter    per family: skgen::not_implemented (PyTorch's
//                      autogradNotImplementedFallback(), unboxed) and, for
//                      the out overload, skgen::out_autograd_kernel
//   VmapEmitter        per family with a batching rule (Gen/Vmap.cpp): its
//                      FuncTorchBatched kernels; without one, a note
//   autocastSection    per family with SKGEN_AUTOCAST: the functional
//                      variant's wrapper on every autocast key (Autocast.cpp)
//   ForwardDeclEmitter declarations of the kernels (standalone mode) and of
//                      meta/alloc functions defined in another file
//
// Wrappers are described by Gen/Wrappers.cpp and Gen/Derived.cpp and laid
// out by Gen/Render.cpp.
//
// What is registered comes from graph::registrations(), the same list that
// --dump-graph prints. Output is deterministic: families in out-name order,
// kernels in key order, blocks in file order.
//
//===----------------------------------------------------------------------===//
#include "Gen/Generate.h"
#include "Gen/AotiShims.h"
#include "Gen/Api.h"
#include "Gen/Autocast.h"
#include "Gen/Autograd.h"
#include "Gen/Render.h"
#include "Gen/StableAutograd.h"
#include "Gen/Target.h"
#include "Gen/Vmap.h"
#include "Gen/Wrappers.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <map>
#include <set>

namespace skgen {
namespace gen {

using graph::Family;
using graph::Kernel;
using graph::Registration;
using schema::FunctionSchema;

namespace {

/// `--alias-key=DefaultBackend` is for PyTorch <= 1.9, and its registrations
/// have no Autograd entries (autogradNotImplementedFallback() is newer). In
/// PyTorch >= 1.10 `DefaultBackend` is only an enum alias of
/// CompositeExplicitAutograd, so the code compiles and registers, but
/// without the Autograd entries meta tensors fail ("Could not run ... with
/// arguments from the 'AutogradMeta' backend") and results of kernels that
/// do not use ATen ops silently do not require grad. Refuse to compile there.
const char *const DefaultBackendCheck =
    "#if defined(__has_include)\n"
    "#if __has_include(<torch/version.h>)\n"
    "#include <torch/version.h>\n"
    "#if TORCH_VERSION_MAJOR > 1 || TORCH_VERSION_MINOR >= 10\n"
    "#error \"skgen: this code was generated with --alias-key=DefaultBackend, "
    "which is for PyTorch <= 1.9 (no Autograd entries); re-run skgen without "
    "--alias-key for PyTorch >= 1.10\"\n"
    "#endif\n"
    "#endif\n"
    "#endif\n";

//===----------------------------------------------------------------------===//
// The emitters.
//===----------------------------------------------------------------------===//

/// The part of a family's code a registration belongs to.
enum class Section { Defs, Backend, Meta, AliasKey, Autograd, Vmap, Autocast };

Section sectionOf(Registration::Kind K) {
  using RK = Registration::Kind;
  switch (K) {
  case RK::Def:
    return Section::Defs;
  case RK::OutKernel:
  case RK::DirectFunctional:
  case RK::DirectInplace:
  case RK::DirectOut:
  case RK::FunctionalKernel:
  case RK::DirectOutViaFunctional:
  case RK::DirectInplaceViaFunctional:
    return Section::Backend;
  case RK::MetaFunctional:
  case RK::MetaInplace:
  case RK::MetaOut:
    return Section::Meta;
  case RK::AliasFunctional:
  case RK::AliasInplace:
  case RK::AliasOutViaFunctional:
  case RK::AliasInplaceViaFunctional:
  case RK::FallbackFunctional:
  case RK::FallbackInplace:
  case RK::FallbackOut:
  case RK::AliasLegacy:
    return Section::AliasKey;
  case RK::AutogradNotImplemented:
  case RK::AutogradOut:
  case RK::AutogradFunctional:
  case RK::AutogradInplace:
  case RK::BackwardOperator:
    return Section::Autograd;
  case RK::VmapFunctional:
  case RK::VmapInplace:
  case RK::VmapOut:
    return Section::Vmap;
  case RK::Autocast:
    return Section::Autocast;
  }
  llvm_unreachable("covered switch");
}

/// What the emitters of one family share.
struct FamilyContext {
  const FamilyApi &A;
  /// The family serving A through SKGEN_FALLBACK, if any.
  const FamilyApi *General;
  const GenOptions &Opts;
};

/// What one registration contributes: the wrapper it generates (if any) and
/// the function m.impl registers ("" = nothing to register).
struct Impl {
  std::string Wrapper;
  std::string Fn;
};

/// The emitter of each kind of registration but Def (DefsEmitter's).
Impl emitImpl(const Registration &R, const FamilyContext &C, Includes &Inc) {
  using RK = Registration::Kind;
  const FamilyApi &A = C.A;
  // Named when it is generated: a registration without a wrapper takes no
  // name from the block.
  auto Name = [&] { return Inc.Names.wrapper(R.Key, R.Op); };
  auto Wrapper = [&](std::string W) {
    return Impl{std::move(W), A.T->registered(Name())};
  };
  // With formulas, the Autograd kernels are in the kernel's namespace.
  auto AutogradWrapper = [&](std::string W) {
    if (!A.F->hasAutogradKernels())
      return Wrapper(std::move(W));
    return Impl{std::move(W),
                A.T->registered(autogradNamespacePrefix(*A.F) + Name())};
  };
  // A backend's registrations: the kernel itself, or a wrapper calling it.
  const bool Guard = keyNeedsDeviceGuard(R.Key);
  auto Direct = [&] { return directCall(A, *R.Via); };
  // The alias key's: through the dispatcher.
  const bool Call = C.Opts.AliasDispatch == AliasDispatch::Call ||
                    R.Key == keys::DefaultBackend;
  // The stable ABI calls the out overload by name (no redispatch).
  auto Alias = [&](bool Functional) {
    if (A.T->stable())
      return aliasByName(A, Inc);
    return Call ? aliasCall(A, Inc) : aliasRedispatch(A, Functional, Inc);
  };
  // The stable target's Autograd registrations are Python's (PythonDefs).
  if (A.T->stable() && R.Key == keys::Autograd)
    return {};
  switch (R.K) {
  case RK::Def:
    llvm_unreachable("m.def is DefsEmitter's");
  case RK::Autocast:
    llvm_unreachable("autocastSection's (Gen/Autocast.cpp)");
  case RK::BackwardOperator:
    return AutogradWrapper(stableBackwardKernel(A, Name(), Inc));
  case RK::OutKernel:
    if (R.Via->ReturnsVoid)
      return Wrapper(outKernelReturning(A, Name(), Direct(), Inc));
    return {"", unboxedKernel(Direct().Callee)};
  case RK::FunctionalKernel:
    return {"", A.T->registered(Direct().Callee)};
  case RK::DirectOut:
    return Wrapper(outWrapper(A, Name(), Guard, Direct(), Inc));
  case RK::DirectFunctional:
    return Wrapper(functionalWrapper(A, Name(), Guard, Direct(), Inc));
  case RK::DirectInplace:
    return Wrapper(inplaceWrapper(A, Name(), Guard, Direct(), Inc));
  case RK::DirectOutViaFunctional:
    return Wrapper(outViaFunctional(A, Name(), Guard, Direct(), Inc));
  case RK::DirectInplaceViaFunctional:
    return Wrapper(inplaceViaFunctional(A, Name(), Guard, Direct(), Inc));
  case RK::MetaFunctional:
    return Wrapper(metaFunctionalKernel(A, Name(), Inc));
  case RK::MetaInplace:
    return Wrapper(metaInplaceKernel(A, Name(), Inc));
  case RK::MetaOut:
    return Wrapper(metaOutKernel(A, Name(), Inc));
  case RK::AliasFunctional:
    return Wrapper(functionalWrapper(A, Name(), true, Alias(true), Inc));
  case RK::AliasInplace:
    return Wrapper(inplaceWrapper(A, Name(), true, Alias(false), Inc));
  // No out kernel anywhere: through the functional operator.
  case RK::AliasOutViaFunctional:
    return Wrapper(outViaFunctional(A, Name(), true,
                                    functionalDispatch(A, false, Inc), Inc));
  case RK::AliasInplaceViaFunctional:
    return Wrapper(inplaceViaFunctional(
        A, Name(), true, functionalDispatch(A, !Call, Inc), Inc));
  case RK::FallbackFunctional:
  case RK::FallbackInplace:
  case RK::FallbackOut:
    if (!C.General)
      return {};
    return Wrapper(fallbackWrapper(A, *C.General, R.K, Name(), !Call, Inc));
  case RK::AliasLegacy:
    return Wrapper(legacyWrapper(A, Name(), Alias(false)));
  case RK::AutogradNotImplemented:
    return Wrapper(notImplementedKernel(
        A, A.F->Variants.Inplace && R.Op == A.F->Variants.Inplace->Op, Name(),
        Inc));
  case RK::AutogradFunctional:
    if (!A.F->Derivs.differentiable())
      return AutogradWrapper(kernelWithoutHistory(A, false, Name(), Inc));
    return AutogradWrapper(autogradKernel(A, false, Name(), Inc));
  case RK::AutogradInplace:
    if (!A.F->derivs(true).differentiable())
      return AutogradWrapper(kernelWithoutHistory(A, true, Name(), Inc));
    return AutogradWrapper(autogradKernel(A, true, Name(), Inc));
  case RK::AutogradOut:
    // The meta tells whether an output is differentiable.
    if (A.hasMeta() || A.F->Derivs.withoutHistory())
      return AutogradWrapper(outAutogradKernel(A, Name(), Inc));
    Inc.add("skgen/autograd.h");
    return {"", "torch::CppFunction::makeFromBoxedFunction<"
                "&::skgen::out_autograd_kernel>()"};
  case RK::VmapFunctional:
  case RK::VmapInplace:
  case RK::VmapOut:
    return Wrapper(vmapKernel(A, R.K, Name(), Inc));
  }
  llvm_unreachable("covered switch");
}

/// The wrappers and m.impl lines of \p Section's registrations in \p Regs
/// that \p Select accepts; \p Each sees each registered one.
struct SectionCode {
  std::string Wrappers, Impls;
};
SectionCode
emitSection(Section S, const std::vector<Registration> &Regs,
            const FamilyContext &C, Includes &Inc,
            llvm::function_ref<bool(const Registration &)> Select = nullptr,
            llvm::function_ref<void(const Registration &)> Each = nullptr) {
  SectionCode Out;
  for (const Registration &R : Regs) {
    if (sectionOf(R.K) != S || (Select && !Select(R)))
      continue;
    Impl I = emitImpl(R, C, Inc);
    if (I.Fn.empty())
      continue;
    if (Each)
      Each(R);
    if (!I.Wrapper.empty())
      Out.Wrappers += (Out.Wrappers.empty() ? "" : "\n") + I.Wrapper;
    Out.Impls += implLine(R.Op, I.Fn);
  }
  return Out;
}

struct DefsEmitter {
  /// \p Owner: the library owns the namespace and this is its first family:
  /// TORCH_LIBRARY (once per namespace in a process) instead of a fragment.
  static std::string emit(const FamilyApi &A,
                          const std::vector<Registration> &Regs, Includes &Inc,
                          bool Owner, const GenOptions &Opts) {
    if (!Opts.PythonDefsFile.empty()) {
      const std::string &P = Opts.PythonDefsFile;
      return "// Schemas: defined with their tags by " +
             P.substr(P.find_last_of('/') + 1) + " (PythonDefs)\n";
    }
    std::string Body;
    const schema::DerivedVariants &V = A.F->Variants;
    auto Defined = [&](const schema::OperatorName &Op) {
      for (const Registration &R : Regs)
        if (sectionOf(R.K) == Section::Defs && R.Op == Op)
          return true;
      return false;
    };
    // An out= op defined beside its functional op: PyTorch 2.13's inductor
    // lowers the functional op to its Tag::out sibling and fails under
    // dynamic shapes, so there (skgen/library.h) the out= op has no tag and
    // a Functionalize kernel through the functional op instead.
    const bool WithFunctional = !A.T->stable() && V.Functional &&
                                Defined(A.F->Out.Op) &&
                                Defined(V.Functional->Op);
    for (const Registration &R : Regs) {
      if (sectionOf(R.K) != Section::Defs)
        continue;
      // PyTorch >= 2.13 functionalizes a custom out= or in-place op only
      // when its definition carries at::Tag::out / at::Tag::inplace; the
      // macros (skgen/library.h) are empty for older PyTorch.
      // The stable ABI cannot pass these tags (docs/stable-abi.md).
      std::string Tags;
      if (!A.T->stable() && R.Op == A.F->Out.Op)
        Tags = WithFunctional ? ", SKGEN_TAGS_OUT_WITH_FUNCTIONAL"
                              : ", SKGEN_TAGS_OUT";
      else if (!A.T->stable() && V.Inplace && R.Op == V.Inplace->Op)
        Tags = ", SKGEN_TAGS_INPLACE";
      if (!Tags.empty())
        Inc.add("skgen/library.h");
      Body += "  m.def(" + cppStringLiteral(R.Schema->strWithoutNamespace()) +
              Tags + ");\n";
    }
    if (WithFunctional) {
      const schema::OperatorName &Out = A.F->Out.Op, &Fn = V.Functional->Op;
      Body += "  SKGEN_FUNCTIONALIZE_OUT(m, " +
              cppStringLiteral(
                  Out.Name + (Out.Overload.empty() ? "" : "." + Out.Overload)) +
              ", " + cppStringLiteral(Fn.qualifiedName()) + ", " +
              cppStringLiteral(Fn.Overload) + ");\n";
    }
    if (Body.empty())
      return "";
    Inc.add(A.T->LibraryHeader);
    std::string Note =
        A.T->stable() ? "// No Tag::out / Tag::inplace (the stable ABI cannot "
                        "pass them; see\n// PythonDefs in docs/stable-abi.md)\n"
                      : "";
    return Note + (Owner ? A.T->Library : A.T->Fragment) + "(" +
           A.F->Out.Op.Namespace + ", m) {\n" + Body + "}\n";
  }
};

struct BackendEmitter {
  static std::string emit(const FamilyContext &C, const Kernel &K,
                          const std::vector<Registration> &Regs,
                          Includes &Inc) {
    Inc.add(C.A.T->LibraryHeader);
    SectionCode Code =
        emitSection(Section::Backend, Regs, C, Inc,
                    [&](const Registration &R) { return R.Via == &K; });
    std::string S = "// " + K.Key + (K.Functional ? " functional" : "") +
                    " kernel: " + K.CppName + "\n";
    if (!Code.Wrappers.empty())
      S += anonymousNamespace(Code.Wrappers) + "\n";
    return S + libraryImpl(C.A.F->Out.Op.Namespace, K.Key, Code.Impls,
                           C.A.T->LibraryImpl);
  }
};

struct AliasKeyEmitter {
  static std::string emit(const FamilyContext &C,
                          const std::vector<Registration> &Regs,
                          Includes &Inc) {
    const FamilyApi &A = C.A;
    std::string Key, Through = A.F->Out.Op.str();
    SectionCode Code = emitSection(
        Section::AliasKey, Regs, C, Inc, nullptr, [&](const Registration &R) {
          Key = R.Key;
          if (R.K == Registration::Kind::AliasOutViaFunctional ||
              R.K == Registration::Kind::AliasInplaceViaFunctional)
            Through = A.F->Variants.Functional->Op.str();
        });
    if (Code.Impls.empty())
      return "";
    Inc.add(C.A.T->LibraryHeader);
    if (Key == keys::DefaultBackend)
      Inc.Checks.insert(DefaultBackendCheck);
    if (C.General)
      Through =
          "the overload\n// " + C.General->F->Out.Op.str() +
          (A.T->stable() ? " (SKGEN_FALLBACK: numbers as 0-dim tensors "
                           "of the promoted dtype)"
                         : " (SKGEN_FALLBACK: Scalars as wrapped numbers)");
    return "// " + Key + ": every other backend, through " + Through + "\n" +
           anonymousNamespace(Code.Wrappers) + "\n" +
           libraryImpl(A.F->Out.Op.Namespace, Key, Code.Impls,
                       A.T->LibraryImpl);
  }
};

struct MetaEmitter {
  static std::string emit(const FamilyContext &C,
                          const std::vector<Registration> &Regs,
                          Includes &Inc) {
    SectionCode Code = emitSection(Section::Meta, Regs, C, Inc);
    if (Code.Impls.empty())
      return "";
    Inc.add(C.A.T->LibraryHeader);
    return "// Meta: shapes and dtypes from the meta function, no data\n" +
           anonymousNamespace(Code.Wrappers) + "\n" +
           libraryImpl(C.A.F->Out.Op.Namespace, keys::Meta.str(), Code.Impls,
                       C.A.T->LibraryImpl);
  }
};

struct AutogradEmitter {
  /// The node and the kernels, in the namespace of the family's out= kernel
  /// (the formulas see its helpers as the kernel does), then registered.
  static std::string withDerivatives(const FamilyContext &C,
                                     const SectionCode &Code, Includes &Inc) {
    const graph::Family &F = *C.A.F;
    std::string Body = Code.Wrappers;
    const bool InplaceFormulas =
        F.InplaceDerivs && F.InplaceDerivs->differentiable();
    std::string Title =
        F.Derivs.differentiable() || InplaceFormulas
            ? "// Derivatives (SKGEN_DERIVATIVE): the node and "
              "autograd kernels of\n// " +
                  F.name().str() + "'s variants\n"
            : std::string(F.Derivs.NotDifferentiable
                              ? "// Not differentiable "
                                "(SKGEN_NOT_DIFFERENTIABLE)"
                              : "// No differentiable input or output "
                                "(SKGEN_DERIVATIVE)") +
                  ": no history;\n// out= accepts inputs that require grad\n";
    if (InplaceFormulas)
      Body = autogradNode(C.A, true, Inc) + "\n" + Body;
    if (F.Derivs.differentiable())
      Body = autogradNode(C.A, false, Inc) + "\n" + Body;
    return Title + inKernelNamespace(F, anonymousNamespace(Body)) + "\n" +
           libraryImpl(F.Out.Op.Namespace, keys::Autograd.str(), Code.Impls);
  }

  /// The stable target's: the backward operator's kernel, in the same
  /// namespace; the Python companion registers the autograd calling it.
  static std::string stableBackward(const FamilyContext &C,
                                    const SectionCode &Code) {
    const graph::Family &F = *C.A.F;
    const std::string &P = C.Opts.PythonDefsFile;
    return "// Derivatives (SKGEN_DERIVATIVE): " + F.name().str() +
           "'s backward operator;\n// " + P.substr(P.find_last_of('/') + 1) +
           " (PythonDefs) registers the autograd that calls it\n" +
           inKernelNamespace(F, anonymousNamespace(Code.Wrappers)) + "\n" +
           libraryImpl(F.Out.Op.Namespace,
                       keys::CompositeImplicitAutograd.str(), Code.Impls,
                       C.A.T->LibraryImpl);
  }

  /// \p Body in the namespace of the family's out= kernel.
  static std::string inKernelNamespace(const graph::Family &F,
                                       std::string Body) {
    std::string Ns = autogradNamespacePrefix(F);
    if (Ns == "::")
      return Body;
    std::string Name = Ns.substr(2, Ns.size() - 4);
    return "namespace " + Name + " {\n" + Body + "} // namespace " + Name +
           "\n";
  }

  static std::string emit(const FamilyContext &C,
                          const std::vector<Registration> &Regs,
                          Includes &Inc) {
    SectionCode Code = emitSection(Section::Autograd, Regs, C, Inc);
    if (Code.Impls.empty())
      return "";
    Inc.add(C.A.T->LibraryHeader);
    if (C.A.T->stable())
      return stableBackward(C, Code);
    if (C.A.F->hasAutogradKernels())
      return withDerivatives(C, Code, Inc);
    const schema::DerivedVariants &V = C.A.F->Variants;
    std::string Variants = V.Functional && V.Inplace ? "functional and in-place"
                           : V.Functional            ? "functional"
                           : V.Inplace               ? "in-place"
                                                     : "";
    std::string OutNote =
        V.OutDefined ? "out= refuses inputs that require grad." : "";
    std::string Note =
        Variants.empty() ? "// No derivative formulas: " + OutNote + "\n"
                         : "// No derivative formulas: backward through the " +
                               Variants + "\n// variants raises" +
                               (OutNote.empty() ? "." : "; " + OutNote) + "\n";
    return Note +
           (Code.Wrappers.empty() ? ""
                                  : anonymousNamespace(Code.Wrappers) + "\n") +
           libraryImpl(C.A.F->Out.Op.Namespace, keys::Autograd.str(),
                       Code.Impls);
  }
};

struct VmapEmitter {
  static std::string emit(const FamilyContext &C,
                          const std::vector<Registration> &Regs,
                          Includes &Inc) {
    SectionCode Code = emitSection(Section::Vmap, Regs, C, Inc);
    if (Code.Impls.empty())
      return vmapNote(C.A);
    Inc.add(C.A.T->LibraryHeader);
    return vmapTitle(C.A) + anonymousNamespace(Code.Wrappers) + "\n" +
           libraryImpl(C.A.F->Out.Op.Namespace, keys::FuncTorchBatched.str(),
                       Code.Impls);
  }
};

/// Declarations of C++ functions the generated code calls, inside their
/// namespaces (`ns::fn`), so a block compiles on its own.
struct ForwardDeclEmitter {
  std::map<std::string, std::string> Decls; // Qualified name -> declaration
  skgen::Abi Abi = skgen::Abi::Libtorch;

  void add(const std::string &QualifiedName, const CppSignature &Sig,
           Includes &Inc) {
    std::string Q = QualifiedName;
    if (Q.compare(0, 2, "::") == 0)
      Q = Q.substr(2);
    size_t Sep = Q.rfind("::");
    std::string Ns = Sep == std::string::npos ? "" : Q.substr(0, Sep);
    std::string Fn = Sep == std::string::npos ? Q : Q.substr(Sep + 2);
    if (Sig.ReturnType == "::skgen::Meta")
      Inc.add(targetFor(Abi).Runtime);
    std::string D = Sig.declaration(Fn) + ";\n";
    Decls.emplace(Q, Ns.empty() ? D
                                : "namespace " + Ns + " {\n" + D +
                                      "} // namespace " + Ns + "\n");
  }
  std::string emit() const {
    std::string S;
    for (const auto &[Name, D] : Decls)
      S += D;
    return S;
  }
};

/// What one file receives.
struct FileContent {
  std::string Body;
  Includes Inc;
  ForwardDeclEmitter Decls;
  unsigned InsertAfterLine = 0, InsertAfterOffset = 0;
  void placeAfter(unsigned Line, unsigned Offset) {
    InsertAfterLine = std::max(InsertAfterLine, Line);
    InsertAfterOffset = std::max(InsertAfterOffset, Offset);
  }
  void append(const std::string &S) {
    if (S.empty())
      return;
    if (!Body.empty())
      Body += "\n";
    Body += S;
  }
};

// Where code goes is the linker's decision (Family/Kernel::InsertFile,
// KernelFact::placementFile).
const std::string &familyFile(const Family &F) { return F.InsertFile; }
const std::string &kernelFile(const Kernel &K) { return K.InsertFile; }

} // namespace

std::vector<FileBlock> generate(const graph::OpGraph &G,
                                const GenOptions &Opts) {
  const bool Standalone = !Opts.StandaloneFile.empty();
  std::map<std::string, FileContent> Files;
  auto FileFor = [&](const std::string &F) -> FileContent & {
    FileContent &C = Files[Standalone ? Opts.StandaloneFile : F];
    C.Decls.Abi = Opts.Abi;
    return C;
  };

  std::set<std::string> Owned(Opts.OwnedNamespaces.begin(),
                              Opts.OwnedNamespaces.end());
  for (const Family &F : G.Families) {
    std::optional<FamilyApi> A = FamilyApi::build(F, Opts.Abi);
    if (!A)
      continue;
    // The first (by out name) family of an owned namespace defines it.
    bool Owner = !F.Options.External && Owned.erase(F.Out.Op.Namespace);
    std::vector<Registration> Regs =
        graph::registrations(F, Opts.AliasKey, Opts.Abi);
    std::optional<FamilyApi> General;
    if (F.FallbackTo)
      if (const Family *GF = G.findFamily(F.FallbackTo->Out))
        General = FamilyApi::build(*GF, Opts.Abi);
    const FamilyContext Ctx{*A, General ? &*General : nullptr, Opts};
    std::string Header = "// " + F.name().str() +
                         (F.Options.External ? " (external)" : "") + "\n";

    // An unplaced family (annotated header declaration, definition in no
    // scanned file) gets no family-level code in this run: it goes next to
    // the definition, when the file holding it is scanned.
    const bool FamilyPlaced = Standalone || !F.Unplaced;
    FileContent Nowhere;
    FileContent &Decl = FamilyPlaced ? FileFor(familyFile(F)) : Nowhere;
    Decl.placeAfter(F.InsertAfterLine, F.InsertAfterOffset);
    std::string Defs = DefsEmitter::emit(*A, Regs, Decl.Inc, Owner, Opts);
    // SymInt / SymInt[] arguments: skgen::SymInt, SKGEN_GUARD_INT, ...
    if (A->hasSymbolic())
      Decl.Inc.add("skgen/symint.h");

    // Per-kernel code goes to each kernel's file; in the declaring file it
    // follows the defs.
    std::map<std::string, std::string> PerFile;
    for (const Kernel &K : F.Kernels) {
      if (K.Unplaced && !Standalone)
        continue;
      FileContent &KF = FileFor(kernelFile(K));
      KF.placeAfter(K.InsertAfterLine, K.InsertAfterOffset);
      std::string &S =
          PerFile[Standalone ? Opts.StandaloneFile : kernelFile(K)];
      S += (S.empty() ? "" : "\n") + BackendEmitter::emit(Ctx, K, Regs, KF.Inc);
      if (Standalone)
        KF.Decls.add(K.CppName, kernelSignature(*A, K), KF.Inc);
      if (A->hasSymbolic())
        KF.Inc.add("skgen/symint.h");
    }
    if (!F.Options.AllocFunction.empty() && A->Functional)
      for (const Kernel &K : F.Kernels)
        if (!K.Unplaced || Standalone) {
          FileContent &KF = FileFor(kernelFile(K));
          KF.Decls.add(F.Options.AllocFunction, *A->Functional, KF.Inc);
        }
    // The meta function is declared before the family's annotation; other
    // files (and a standalone block) get a redeclaration.
    if (!F.Options.MetaFunction.empty())
      for (const Kernel &K : F.Kernels)
        if (Standalone || (!K.Unplaced && kernelFile(K) != familyFile(F))) {
          FileContent &KF = FileFor(kernelFile(K));
          KF.Decls.add(F.Options.MetaFunction, *A->MetaSig, KF.Inc);
        }

    std::string DeclPath = Standalone     ? Opts.StandaloneFile
                           : FamilyPlaced ? familyFile(F)
                                          : std::string();
    std::string Mine = Defs;
    auto Add = [&](std::string &To, const std::string &S) {
      if (!S.empty())
        To += (To.empty() ? "" : "\n") + S;
    };
    Add(Mine, PerFile[DeclPath]);
    PerFile.erase(DeclPath);
    Add(Mine, MetaEmitter::emit(Ctx, Regs, Decl.Inc));
    std::string Alias = AliasKeyEmitter::emit(Ctx, Regs, Decl.Inc);
    Add(Mine, Alias);
    Add(Mine, AutogradEmitter::emit(Ctx, Regs, Decl.Inc));
    Add(Mine, VmapEmitter::emit(Ctx, Regs, Decl.Inc));
    Add(Mine, autocastSection(*A, Regs, Decl.Inc));
    if (!Opts.AotiShimsFile.empty())
      Add(Mine, aotiShimSection(G, *A, Opts, Decl.Inc));
    if (!Alias.empty() && !F.Options.AllocFunction.empty() && A->Functional)
      Decl.Decls.add(F.Options.AllocFunction, *A->Functional, Decl.Inc);
    if (Standalone && !F.Options.MetaFunction.empty())
      Decl.Decls.add(F.Options.MetaFunction, *A->MetaSig, Decl.Inc);
    const std::string &Rule = graph::vmapPlan(F).Function;
    if (Standalone && !Rule.empty() && Opts.Abi == Abi::Libtorch &&
        A->Functional)
      Decl.Decls.add(Rule, vmapRuleSignature(*A), Decl.Inc);
    if (!Mine.empty())
      Decl.append(Header + Mine);
    for (const auto &[Path, S] : PerFile)
      if (!S.empty())
        Files[Path].append(Header + S);
  }

  std::vector<FileBlock> Blocks;
  for (auto &[Path, C] : Files) {
    if (C.Body.empty())
      continue;
    FileBlock B;
    B.File = Path;
    B.InsertAfterLine = Standalone ? 0 : C.InsertAfterLine;
    B.InsertAfterOffset = Standalone ? 0 : C.InsertAfterOffset;
    B.Body = "// Generated by skgen from the SKGEN_* annotations";
    B.Body += Standalone ? ".\n" : " in this file.\n";
    B.Body += C.Inc.str();
    std::string Decls = C.Decls.emit();
    if (!Decls.empty())
      B.Body += "\n" + Decls;
    std::string Handles = C.Inc.Handles.definitions();
    if (!Handles.empty())
      B.Body += "\n" + Handles;
    B.Body += "\n" + C.Body;
    Blocks.push_back(std::move(B));
  }
  return Blocks;
}

} // namespace gen
} // namespace skgen
