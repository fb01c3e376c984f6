//===- Generate.cpp - The emit phase: op graph -> generated C++ -----------===//
//
// The *dest* layer (as torchgen/dest): one emitter per kind of output, each
// writing text only through the api layer (Gen/Api.h on Schema/CppTypes.h):
//
//   DefsEmitter        TORCH_LIBRARY_FRAGMENT(ns, m) { m.def(...); }
//   BackendEmitter     per kernel & key: direct functional/in-place wrappers
//                      + TORCH_LIBRARY_IMPL(ns, KEY, m) with the out kernel
//   AliasKeyEmitter    per family: functional/in-place wrappers that
//                      redispatch to ns::foo.out, under the alias key
//   AutogradEmitter    per family: autogradNotImplementedFallback()
//   ForwardDeclEmitter standalone mode: declarations of the kernels
//
// What is registered comes from graph::registrations(), the same list that
// --dump-graph prints. Output is deterministic: families in out-name order,
// kernels in key order, blocks in file order.
//
//===----------------------------------------------------------------------===//
#include "Gen/Generate.h"
#include "Gen/Api.h"

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

/// Includes a block needs, collected while emitting, and preprocessor
/// checks that follow them.
struct Includes {
  std::set<std::string> Headers;
  std::set<std::string> Checks;
  void add(const char *H) { Headers.insert(H); }
  std::string str() const {
    std::string S;
    for (const std::string &H : Headers)
      S += "#include <" + H + ">\n";
    for (const std::string &C : Checks)
      S += C;
    return S;
  }
};

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

/// A family with the C++ signatures of its variants (the api view).
struct FamilyApi {
  const Family *F = nullptr;
  CppSignature Out;
  std::optional<CppSignature> Functional, Inplace;

  static std::optional<FamilyApi> build(const Family &F) {
    FamilyApi A;
    A.F = &F;
    std::string Why;
    auto Out = cppSignature(F.Out, Why);
    if (!Out)
      return std::nullopt; // The linker rejects such families.
    A.Out = *Out;
    if (F.Variants.Functional)
      A.Functional = cppSignature(*F.Variants.Functional, Why);
    if (F.Variants.Inplace)
      A.Inplace = cppSignature(*F.Variants.Inplace, Why);
    return A;
  }

  /// Names of the out arguments (as C++ locals of a functional wrapper).
  std::vector<std::string> outNames() const {
    std::vector<std::string> N;
    for (const CppParam &P : Out.Params)
      if (P.Arg && isOut(*P.Arg))
        N.push_back(P.Name);
    return N;
  }
  bool isOut(const schema::Argument &A) const {
    for (const schema::Argument *O : F->Out.outArguments())
      if (O == &A)
        return true;
    return false;
  }
  /// The out call's arguments, with out arguments replaced by \p OutAs (or
  /// their own names when empty).
  std::string outCallArgs(const std::string &OutAs = "") const {
    std::string S;
    for (size_t I = 0; I < Out.Params.size(); ++I) {
      const CppParam &P = Out.Params[I];
      S += (I ? ", " : "") +
           ((!OutAs.empty() && P.Arg && isOut(*P.Arg)) ? OutAs : P.Name);
    }
    return S;
  }
};

std::string indent(unsigned N) { return std::string(N, ' '); }

/// `c10::OptionalDeviceGuard guard(at::device_of(x));` when \p Sig has an
/// argument that carries a device.
std::string deviceGuard(const CppSignature &Sig, Includes &Inc) {
  std::string Device = deviceExpression(Sig);
  if (Device.empty())
    return "";
  Inc.add("ATen/DeviceGuard.h");
  Inc.add("c10/core/DeviceGuard.h");
  return indent(2) + "c10::OptionalDeviceGuard skgen_guard(" + Device + ");\n";
}

/// Declarations and assignment of the output tensors of a functional
/// wrapper: the family's allocation function, or zero-size tensors with the
/// options of the first Tensor argument, else of the first Tensor? /
/// Tensor[] argument that holds a tensor (out kernels resize their outputs),
/// with the dtype of a `ScalarType? dtype` argument when one is given.
std::string allocateOutputs(const FamilyApi &A, Includes &Inc) {
  std::vector<std::string> Outs = A.outNames();
  std::string S;
  if (!A.F->Options.AllocFunction.empty()) {
    std::string Call = globalCppName(A.F->Options.AllocFunction) + "(" +
                       A.Functional->argumentNames() + ")";
    if (Outs.size() == 1)
      return indent(2) + "at::Tensor " + Outs.front() + " = " + Call + ";\n";
    Inc.add("tuple");
    std::string Tie;
    for (size_t I = 0; I < Outs.size(); ++I) {
      S += indent(2) + "at::Tensor " + Outs[I] + ";\n";
      Tie += (I ? ", " : "") + Outs[I];
    }
    return S + indent(2) + "::std::tie(" + Tie + ") = " + Call + ";\n";
  }
  Inc.add("ATen/Functions.h");
  std::string Options = optionsExpression(*A.Functional);
  // A `ScalarType? dtype` argument (as in aten's sum/mean/cumsum) sets the
  // dtype of a single output, when given.
  const CppParam *Dtype = nullptr;
  for (const CppParam &P : A.Functional->Params)
    if (P.Arg && P.Arg->Name == "dtype" &&
        P.Arg->Ty.unwrapOptional().isNamed("ScalarType"))
      Dtype = &P;
  if (Dtype && Outs.size() == 1) {
    S += indent(2) + "at::TensorOptions skgen_options = " + Options + ";\n";
    if (Dtype->Arg->Ty.isOptional())
      S += indent(2) + "if (" + Dtype->Name + ".has_value())\n" + indent(4) +
           "skgen_options = skgen_options.dtype(*" + Dtype->Name + ");\n";
    else
      S += indent(2) + "skgen_options = skgen_options.dtype(" + Dtype->Name +
           ");\n";
    Options = "skgen_options";
  }
  for (const std::string &N : Outs)
    S +=
        indent(2) + "at::Tensor " + N + " = at::empty({0}, " + Options + ");\n";
  return S;
}

std::string returnOutputs(const FamilyApi &A, Includes &Inc) {
  std::vector<std::string> Outs = A.outNames();
  if (Outs.size() == 1)
    return indent(2) + "return " + Outs.front() + ";\n";
  Inc.add("tuple");
  std::string S;
  for (size_t I = 0; I < Outs.size(); ++I)
    S += (I ? ", " : "") + Outs[I];
  return indent(2) + "return ::std::make_tuple(" + S + ");\n";
}

/// `static auto skgen_op = ...typed<Sig>();` for ns::foo.out.
std::string typedOutHandle(const FamilyApi &A, Includes &Inc) {
  Inc.add("ATen/core/dispatch/Dispatcher.h");
  const schema::OperatorName &Op = A.F->Out.Op;
  return indent(2) + "static auto skgen_op =\n" + indent(6) +
         "c10::Dispatcher::singleton()\n" + indent(10) + ".findSchemaOrThrow(" +
         cppStringLiteral(Op.qualifiedName()) + ", " +
         cppStringLiteral(Op.Overload) + ")\n" + indent(10) + ".typed<" +
         A.Out.functionType() + ">();\n";
}

/// How a wrapper calls the out kernel: directly, or through the dispatcher.
struct OutCall {
  std::string Callee;  // `::myops::add_out_cpu` or `skgen_op.call`
  std::string Prelude; // e.g. the typed handle
};

std::string functionalWrapper(const FamilyApi &A, const std::string &Name,
                              bool Guard, const OutCall &Call, Includes &Inc) {
  std::string S = A.Functional->declaration(Name) + " {\n";
  if (Guard)
    S += deviceGuard(*A.Functional, Inc);
  S += allocateOutputs(A, Inc);
  S += Call.Prelude;
  S += indent(2) + Call.Callee + "(" + A.outCallArgs() + ");\n";
  S += returnOutputs(A, Inc);
  return S + "}\n";
}

std::string inplaceWrapper(const FamilyApi &A, const std::string &Name,
                           bool Guard, const OutCall &Call, Includes &Inc) {
  const std::string &Self = A.Inplace->Params.front().Name;
  std::string S = A.Inplace->declaration(Name) + " {\n";
  if (Guard)
    S += deviceGuard(*A.Inplace, Inc);
  // An in-place op never changes the shape of self, but an out= kernel may
  // resize its output (PyTorch's out= contract): turn a silent reshape of
  // self into an error.
  Inc.add("c10/util/DimVector.h");
  Inc.add("c10/util/Exception.h");
  S += indent(2) + "const c10::DimVector skgen_self_sizes(" + Self +
       ".sizes().begin(), " + Self + ".sizes().end());\n";
  S += Call.Prelude;
  S += indent(2) + Call.Callee + "(" + A.outCallArgs(Self) + ");\n";
  S +=
      indent(2) + "TORCH_CHECK(" + Self +
      ".sizes() == c10::IntArrayRef(skgen_self_sizes), " +
      cppStringLiteral(A.F->Variants.Inplace->Op.str() + ": the out= kernel "
                                                         "resized self from ") +
      ", c10::IntArrayRef(skgen_self_sizes), \" to \", " + Self +
      ".sizes(), \"; an in-place op cannot change the shape of self\");\n";
  S += indent(2) + "return " + Self + ";\n";
  return S + "}\n";
}

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
  static std::string emit(const FamilyApi &A,
                          const std::vector<Registration> &Regs,
                          Includes &Inc) {
    std::string Body;
    for (const Registration &R : Regs)
      if (R.K == Registration::Kind::Def)
        Body += indent(2) + "m.def(" +
                cppStringLiteral(R.Schema->strWithoutNamespace()) + ");\n";
    if (Body.empty())
      return "";
    Inc.add("torch/library.h");
    return "TORCH_LIBRARY_FRAGMENT(" + A.F->Out.Op.Namespace + ", m) {\n" +
           Body + "}\n";
  }
};

struct BackendEmitter {
  static std::string emit(const FamilyApi &A, const Kernel &K,
                          const std::vector<Registration> &Regs,
                          Includes &Inc) {
    Inc.add("torch/library.h");
    bool Guard = keyNeedsDeviceGuard(K.Key);
    OutCall Direct{globalCppName(K.CppName), ""};
    std::string Wrappers, Impls;
    for (const Registration &R : Regs) {
      if (R.Via != &K)
        continue;
      std::string Name = wrapperName(K.Key, R.Op);
      switch (R.K) {
      case Registration::Kind::OutKernel:
        Impls += implLine(R.Op, "TORCH_FN(" + Direct.Callee + ")");
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
      default:
        break;
      }
    }
    std::string S = "// " + K.Key + " kernel: " + K.CppName + "\n";
    if (!Wrappers.empty())
      S += anonymousNamespace(Wrappers) + "\n";
    return S + libraryImpl(A.F->Out.Op.Namespace, K.Key, Impls);
  }
};

struct AliasKeyEmitter {
  static std::string emit(const FamilyApi &A,
                          const std::vector<Registration> &Regs,
                          Includes &Inc) {
    std::string Wrappers, Impls, Key;
    for (const Registration &R : Regs) {
      if (R.K != Registration::Kind::AliasFunctional &&
          R.K != Registration::Kind::AliasInplace)
        continue;
      Key = R.Key;
      std::string Name = wrapperName(R.Key, R.Op);
      OutCall Redispatch{"skgen_op.call", typedOutHandle(A, Inc)};
      Wrappers += Wrappers.empty() ? "" : "\n";
      Wrappers += R.K == Registration::Kind::AliasFunctional
                      ? functionalWrapper(A, Name, true, Redispatch, Inc)
                      : inplaceWrapper(A, Name, true, Redispatch, Inc);
      Impls += implLine(R.Op, "TORCH_FN(" + Name + ")");
    }
    if (Impls.empty())
      return "";
    Inc.add("torch/library.h");
    if (Key == "DefaultBackend")
      Inc.Checks.insert(DefaultBackendCheck);
    return "// " + Key + ": every other backend, through " + A.F->Out.Op.str() +
           "\n" + anonymousNamespace(Wrappers) + "\n" +
           libraryImpl(A.F->Out.Op.Namespace, Key, Impls);
  }
};

struct AutogradEmitter {
  static std::string emit(const FamilyApi &A,
                          const std::vector<Registration> &Regs,
                          Includes &Inc) {
    std::string Impls;
    for (const Registration &R : Regs)
      if (R.K == Registration::Kind::AutogradNotImplemented)
        Impls +=
            implLine(R.Op, "torch::autograd::autogradNotImplementedFallback()");
    if (Impls.empty())
      return "";
    Inc.add("torch/library.h");
    Inc.add("torch/csrc/autograd/autograd_not_implemented_fallback.h");
    return "// No derivative formulas: backward through these ops raises.\n" +
           libraryImpl(A.F->Out.Op.Namespace, "Autograd", Impls);
  }
};

/// Declarations of C++ functions the generated code calls, inside their
/// namespaces (`ns::fn`), so a block compiles on its own.
struct ForwardDeclEmitter {
  std::map<std::string, std::string> Decls; // Qualified name -> declaration

  void add(const std::string &QualifiedName, const CppSignature &Sig) {
    std::string Q = QualifiedName;
    if (Q.compare(0, 2, "::") == 0)
      Q = Q.substr(2);
    size_t Sep = Q.rfind("::");
    std::string Ns = Sep == std::string::npos ? "" : Q.substr(0, Sep);
    std::string Fn = Sep == std::string::npos ? Q : Q.substr(Sep + 2);
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

  for (const Family &F : G.Families) {
    std::optional<FamilyApi> A = FamilyApi::build(F);
    if (!A)
      continue;
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
    std::string Defs = DefsEmitter::emit(*A, Regs, Decl.Inc);

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
        KF.Decls.add(K.CppName, A->Out);
    }
    if (!F.Options.AllocFunction.empty() && A->Functional)
      for (const Kernel &K : F.Kernels)
        if (!K.Unplaced || Standalone)
          FileFor(kernelFile(K))
              .Decls.add(F.Options.AllocFunction, *A->Functional);

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
    std::string Alias = AliasKeyEmitter::emit(*A, Regs, Decl.Inc);
    Add(Mine, Alias);
    Add(Mine, AutogradEmitter::emit(*A, Regs, Decl.Inc));
    if (!Alias.empty() && !F.Options.AllocFunction.empty() && A->Functional)
      Decl.Decls.add(F.Options.AllocFunction, *A->Functional);
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
