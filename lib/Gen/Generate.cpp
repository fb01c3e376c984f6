//===- Generate.cpp - The emit phase: op graph -> generated C++ -----------===//
//
// The *dest* layer (as torchgen/dest): one emitter per kind of output, each
// writing text only through the api layer (Gen/Api.h on Schema/CppTypes.h):
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
//   AutogradEmitter    per family: autogradNotImplementedFallback() and, for
//                      the out overload, skgen::out_autograd_kernel
//   ForwardDeclEmitter declarations of the kernels (standalone mode) and of
//                      meta/alloc functions defined in another file
//
// The wrapper bodies are written by Gen/Wrappers.cpp.
//
// What is registered comes from graph::registrations(), the same list that
// --dump-graph prints. Output is deterministic: families in out-name order,
// kernels in key order, blocks in file order.
//
//===----------------------------------------------------------------------===//
#include "Gen/Generate.h"
#include "Gen/Api.h"
#include "Gen/Wrappers.h"

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

/// PyTorch >= 2.13 functionalizes a custom out= or in-place op (as
/// torch.compile and torch.export need) only when its definition carries
/// at::Tag::out / at::Tag::inplace; without the tag, AOT dispatch refuses
/// "a custom (non-ATen) operator whose output has alias annotations". Older
/// PyTorch has neither tag (1.13: its Library::def takes tags, from another
/// enum), so the defs name them through macros that are empty there.
/// torch/headeronly/version.h exists from PyTorch 2.9 on.
/// Kept out of clang-format's hands: versions 14 and 19 format the braced
/// macro bodies differently, and the block must not depend on the LLVM skgen
/// is built with.
const char *const TagsCheck =
    "// clang-format off\n"
    "#if defined(__has_include)\n"
    "#if __has_include(<torch/headeronly/version.h>)\n"
    "#include <torch/headeronly/version.h>\n"
    "#endif\n"
    "#endif\n"
    "#ifndef SKGEN_TAGS_OUT\n"
    "#if defined(TORCH_VERSION_MAJOR) && "
    "(TORCH_VERSION_MAJOR > 2 || "
    "(TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 13))\n"
    "#define SKGEN_TAGS_OUT {at::Tag::out}\n"
    "#define SKGEN_TAGS_INPLACE {at::Tag::inplace}\n"
    "#else\n"
    "#define SKGEN_TAGS_OUT {}\n"
    "#define SKGEN_TAGS_INPLACE {}\n"
    "#endif\n"
    "#endif\n"
    "// clang-format on\n";

/// `namespace {\n...\n} // namespace\n` around wrapper definitions.
std::string anonymousNamespace(const std::string &Body) {
  return "namespace {\n\n" + Body + "\n} // namespace\n";
}

std::string libraryImpl(const std::string &Ns, const std::string &Key,
                        const std::string &Body) {
  return "TORCH_LIBRARY_IMPL(" + Ns + ", " + Key + ", m) {\n" + Body + "}\n";
}

std::string implLine(const schema::OperatorName &Op, const std::string &Fn) {
  return indent(2) + "m.impl(" + cppStringLiteral(opNameWithoutNamespace(Op)) +
         ", " + Fn + ");\n";
}

//===----------------------------------------------------------------------===//
// The emitters.
//===----------------------------------------------------------------------===//

struct DefsEmitter {
  /// \p Owner: the library owns the namespace and this is its first family:
  /// TORCH_LIBRARY (once per namespace in a process) instead of a fragment.
  static std::string emit(const FamilyApi &A,
                          const std::vector<Registration> &Regs, Includes &Inc,
                          bool Owner) {
    std::string Body;
    const schema::DerivedVariants &V = A.F->Variants;
    for (const Registration &R : Regs) {
      if (R.K != Registration::Kind::Def)
        continue;
      std::string Tags;
      if (R.Op == A.F->Out.Op)
        Tags = ", SKGEN_TAGS_OUT";
      else if (V.Inplace && R.Op == V.Inplace->Op)
        Tags = ", SKGEN_TAGS_INPLACE";
      if (!Tags.empty())
        Inc.Checks.insert(TagsCheck);
      Body += indent(2) + "m.def(" +
              cppStringLiteral(R.Schema->strWithoutNamespace()) + Tags + ");\n";
    }
    if (Body.empty())
      return "";
    Inc.add("torch/library.h");
    return (Owner ? "TORCH_LIBRARY(" : "TORCH_LIBRARY_FRAGMENT(") +
           A.F->Out.Op.Namespace + ", m) {\n" + Body + "}\n";
  }
};

struct BackendEmitter {
  static std::string emit(const FamilyApi &A, const Kernel &K,
                          const std::vector<Registration> &Regs,
                          Includes &Inc) {
    Inc.add("torch/library.h");
    bool Guard = keyNeedsDeviceGuard(K.Key);
    OutCall Direct = directCall(A, K);
    std::string Wrappers, Impls;
    for (const Registration &R : Regs) {
      if (R.Via != &K)
        continue;
      std::string Name = wrapperName(K.Key, R.Op);
      switch (R.K) {
      case Registration::Kind::OutKernel:
        Impls += implLine(R.Op, "TORCH_FN(" + Direct.Callee + ")");
        break;
      case Registration::Kind::DirectOut:
        Wrappers += (Wrappers.empty() ? "" : "\n") +
                    outWrapper(A, Name, Guard, Direct, Inc);
        Impls += implLine(R.Op, "TORCH_FN(" + Name + ")");
        break;
      case Registration::Kind::DirectFunctional:
        Wrappers += (Wrappers.empty() ? "" : "\n") +
                    functionalWrapper(A, Name, Guard, Direct, Inc);
        Impls += implLine(R.Op, "TORCH_FN(" + Name + ")");
        break;
      case Registration::Kind::DirectInplace:
        Wrappers += (Wrappers.empty() ? "" : "\n") +
                    inplaceWrapper(A, Name, Guard, Direct, Inc);
        Impls += implLine(R.Op, "TORCH_FN(" + Name + ")");
        break;
      case Registration::Kind::FunctionalKernel:
        Impls += implLine(R.Op, "TORCH_FN(" + Direct.Callee + ")");
        break;
      case Registration::Kind::DirectOutViaFunctional:
        Wrappers += (Wrappers.empty() ? "" : "\n") +
                    outViaFunctional(A, Name, Guard, Direct, Inc);
        Impls += implLine(R.Op, "TORCH_FN(" + Name + ")");
        break;
      case Registration::Kind::DirectInplaceViaFunctional:
        Wrappers += (Wrappers.empty() ? "" : "\n") +
                    inplaceViaFunctional(A, Name, Guard, Direct, Inc);
        Impls += implLine(R.Op, "TORCH_FN(" + Name + ")");
        break;
      default:
        break;
      }
    }
    std::string S = "// " + K.Key + (K.Functional ? " functional" : "") +
                    " kernel: " + K.CppName + "\n";
    if (!Wrappers.empty())
      S += anonymousNamespace(Wrappers) + "\n";
    return S + libraryImpl(A.F->Out.Op.Namespace, K.Key, Impls);
  }
};

struct AliasKeyEmitter {
  /// \p General: the family serving \p A through SKGEN_FALLBACK, if any.
  static std::string emit(const FamilyApi &A, const FamilyApi *General,
                          const std::vector<Registration> &Regs,
                          const GenOptions &Opts, Includes &Inc) {
    std::string Wrappers, Impls, Key, Through = A.F->Out.Op.str();
    for (const Registration &R : Regs) {
      bool Fallback = R.K == Registration::Kind::FallbackFunctional ||
                      R.K == Registration::Kind::FallbackInplace ||
                      R.K == Registration::Kind::FallbackOut;
      if (Fallback && General) {
        Key = R.Key;
        std::string Name = wrapperName(R.Key, R.Op);
        Wrappers += (Wrappers.empty() ? "" : "\n") +
                    fallbackWrapper(A, *General, R.K, Name,
                                    Opts.AliasDispatch != "call" &&
                                        R.Key != "DefaultBackend",
                                    Inc);
        Impls += implLine(R.Op, "TORCH_FN(" + Name + ")");
        continue;
      }
      using RK = Registration::Kind;
      if (R.K != RK::AliasFunctional && R.K != RK::AliasInplace &&
          R.K != RK::AliasOutViaFunctional &&
          R.K != RK::AliasInplaceViaFunctional)
        continue;
      Key = R.Key;
      std::string Name = wrapperName(R.Key, R.Op);
      bool Call = Opts.AliasDispatch == "call" || R.Key == "DefaultBackend";
      Wrappers += Wrappers.empty() ? "" : "\n";
      if (R.K == RK::AliasOutViaFunctional ||
          R.K == RK::AliasInplaceViaFunctional) {
        // No out kernel anywhere: through the functional operator.
        Through = A.F->Variants.Functional->Op.str();
        Wrappers +=
            R.K == RK::AliasOutViaFunctional
                ? outViaFunctional(A, Name, true,
                                   functionalDispatch(A, false, Inc), Inc)
                : inplaceViaFunctional(A, Name, true,
                                       functionalDispatch(A, !Call, Inc), Inc);
      } else {
        OutCall Redispatch =
            Call ? aliasCall(A, Inc)
                 : aliasRedispatch(A, R.K == RK::AliasFunctional, Inc);
        Wrappers += R.K == RK::AliasFunctional
                        ? functionalWrapper(A, Name, true, Redispatch, Inc)
                        : inplaceWrapper(A, Name, true, Redispatch, Inc);
      }
      Impls += implLine(R.Op, "TORCH_FN(" + Name + ")");
    }
    if (Impls.empty())
      return "";
    Inc.add("torch/library.h");
    if (Key == "DefaultBackend")
      Inc.Checks.insert(DefaultBackendCheck);
    if (General)
      Through = "the overload\n// " + General->F->Out.Op.str() +
                " (SKGEN_FALLBACK: Scalars as wrapped numbers)";
    return "// " + Key + ": every other backend, through " + Through + "\n" +
           anonymousNamespace(Wrappers) + "\n" +
           libraryImpl(A.F->Out.Op.Namespace, Key, Impls);
  }
};

struct MetaEmitter {
  static std::string emit(const FamilyApi &A,
                          const std::vector<Registration> &Regs,
                          Includes &Inc) {
    std::string Wrappers, Impls;
    for (const Registration &R : Regs) {
      if (R.K != Registration::Kind::MetaFunctional &&
          R.K != Registration::Kind::MetaInplace &&
          R.K != Registration::Kind::MetaOut)
        continue;
      std::string Name = wrapperName(R.Key, R.Op);
      Wrappers +=
          (Wrappers.empty() ? "" : "\n") + metaKernel(A, R.K, Name, Inc);
      Impls += implLine(R.Op, "TORCH_FN(" + Name + ")");
    }
    if (Impls.empty())
      return "";
    Inc.add("torch/library.h");
    return "// Meta: shapes and dtypes from the meta function, no data\n" +
           anonymousNamespace(Wrappers) + "\n" +
           libraryImpl(A.F->Out.Op.Namespace, "Meta", Impls);
  }
};

struct AutogradEmitter {
  static std::string emit(const FamilyApi &A,
                          const std::vector<Registration> &Regs,
                          Includes &Inc) {
    std::string Impls, Wrappers;
    for (const Registration &R : Regs)
      if (R.K == Registration::Kind::AutogradNotImplemented) {
        Inc.add("torch/csrc/autograd/autograd_not_implemented_fallback.h");
        Impls +=
            implLine(R.Op, "torch::autograd::autogradNotImplementedFallback()");
      } else if (R.K == Registration::Kind::AutogradOut && A.hasMeta()) {
        // The meta tells whether an output is differentiable.
        std::string Name = wrapperName(R.Key, R.Op);
        Wrappers += outAutogradKernel(A, Name, Inc);
        Impls += implLine(R.Op, "TORCH_FN(" + Name + ")");
      } else if (R.K == Registration::Kind::AutogradOut) {
        Inc.add("skgen/autograd.h");
        Impls += implLine(R.Op, "torch::CppFunction::makeFromBoxedFunction<"
                                "&::skgen::out_autograd_kernel>()");
      }
    if (Impls.empty())
      return "";
    Inc.add("torch/library.h");
    return "// No derivative formulas: backward through the functional and "
           "in-place\n// variants raises; out= refuses inputs that require "
           "grad.\n" +
           (Wrappers.empty() ? "" : anonymousNamespace(Wrappers) + "\n") +
           libraryImpl(A.F->Out.Op.Namespace, "Autograd", Impls);
  }
};

/// Declarations of C++ functions the generated code calls, inside their
/// namespaces (`ns::fn`), so a block compiles on its own.
struct ForwardDeclEmitter {
  std::map<std::string, std::string> Decls; // Qualified name -> declaration

  void add(const std::string &QualifiedName, const CppSignature &Sig,
           Includes &Inc) {
    std::string Q = QualifiedName;
    if (Q.compare(0, 2, "::") == 0)
      Q = Q.substr(2);
    size_t Sep = Q.rfind("::");
    std::string Ns = Sep == std::string::npos ? "" : Q.substr(0, Sep);
    std::string Fn = Sep == std::string::npos ? Q : Q.substr(Sep + 2);
    if (Sig.ReturnType == "::skgen::Meta")
      Inc.add("skgen/structured.h");
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

std::string familyFile(const Family &F) {
  return !F.InsertFile.empty() ? F.InsertFile : F.DeclLoc.File;
}
std::string kernelFile(const Kernel &K) {
  if (!K.InsertFile.empty())
    return K.InsertFile;
  return K.Loc.valid() ? K.Loc.File : K.AnnotationLoc.File;
}

} // namespace

std::vector<FileBlock> generate(const graph::OpGraph &G,
                                const GenOptions &Opts) {
  const bool Standalone = !Opts.StandaloneFile.empty();
  std::map<std::string, FileContent> Files;
  auto FileFor = [&](const std::string &F) -> FileContent & {
    return Files[Standalone ? Opts.StandaloneFile : F];
  };

  std::set<std::string> Owned(Opts.OwnedNamespaces.begin(),
                              Opts.OwnedNamespaces.end());
  for (const Family &F : G.Families) {
    std::optional<FamilyApi> A = FamilyApi::build(F);
    if (!A)
      continue;
    // The first (by out name) family of an owned namespace defines it.
    bool Owner = !F.Options.External && Owned.erase(F.Out.Op.Namespace);
    std::vector<Registration> Regs = graph::registrations(F, Opts.AliasKey);
    std::string Header = "// " + F.Out.Op.str() +
                         (F.Options.External ? " (external)" : "") + "\n";

    // An unplaced family (annotated header declaration, definition in no
    // scanned file) gets no family-level code in this run: it goes next to
    // the definition, when the file holding it is scanned.
    const bool FamilyPlaced = Standalone || !F.Unplaced;
    FileContent Nowhere;
    FileContent &Decl = FamilyPlaced ? FileFor(familyFile(F)) : Nowhere;
    Decl.placeAfter(F.InsertAfterLine, F.InsertAfterOffset);
    std::string Defs = DefsEmitter::emit(*A, Regs, Decl.Inc, Owner);
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
      S += (S.empty() ? "" : "\n") + BackendEmitter::emit(*A, K, Regs, KF.Inc);
      if (Standalone)
        KF.Decls.add(K.CppName,
                     K.Functional ? *A->Functional : kernelSignature(*A, K),
                     KF.Inc);
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
    std::optional<FamilyApi> General;
    if (F.FallbackTo)
      if (const Family *GF = G.findFamily(F.FallbackTo->Out))
        General = FamilyApi::build(*GF);
    std::string Alias = AliasKeyEmitter::emit(*A, General ? &*General : nullptr,
                                              Regs, Opts, Decl.Inc);
    Add(Mine, MetaEmitter::emit(*A, Regs, Decl.Inc));
    Add(Mine, Alias);
    Add(Mine, AutogradEmitter::emit(*A, Regs, Decl.Inc));
    if (!Alias.empty() && !F.Options.AllocFunction.empty() && A->Functional)
      Decl.Decls.add(F.Options.AllocFunction, *A->Functional, Decl.Inc);
    if (Standalone && !F.Options.MetaFunction.empty())
      Decl.Decls.add(F.Options.MetaFunction, *A->MetaSig, Decl.Inc);
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
    B.Body += "\n" + C.Body;
    Blocks.push_back(std::move(B));
  }
  return Blocks;
}

} // namespace gen
} // namespace skgen
