//===- Wrappers.cpp - Bodies of the generated wrapper functions -----------===//
//
// Two shapes of family:
//
// * With a meta function (SKGEN_META / SKGEN_META_PRESET), every wrapper
//   first evaluates it (`const ::skgen::Meta skgen_meta = ...;`) and then
//   uses the runtime (include/skgen/structured.h): skgen::allocate
//   (functional), skgen::check_inplace (in-place, before the kernel runs),
//   skgen::check_out (out=: device, dtype, at::native::resize_output), and
//   skgen::Output (a temporary of the computed dtype when the caller's tensor
//   has another, castable dtype).
// * Without one (the contract before meta functions): zero-size outputs with
//   the options of the tensor arguments (or SKGEN_ALLOC), the out kernel
//   resizes them, and the in-place wrapper checks self's shape afterwards.
//
//===----------------------------------------------------------------------===//
#include "Gen/Wrappers.h"

#include "Basic/DispatchKeys.h"
#include "Schema/MetaPresets.h"

namespace skgen {
namespace gen {

using graph::Registration;

std::string Includes::str() const {
  std::string S;
  for (const std::string &H : Headers)
    S += "#include <" + H + ">\n";
  for (const std::string &C : Checks)
    S += C;
  return S;
}

/// \p Ret without references (`::std::tuple<T &, T &>` -> `::std::tuple<T,
/// T>`).
static std::string byValue(std::string Ret) {
  for (size_t At; (At = Ret.find(" &")) != std::string::npos;)
    Ret.erase(At, 2);
  return Ret;
}

std::optional<FamilyApi> FamilyApi::build(const graph::Family &F, Abi Target) {
  FamilyApi A;
  A.F = &F;
  A.T = &targetFor(Target);
  std::string Why;
  auto Out = cppSignature(F.Out, Why, Target);
  if (!Out)
    return std::nullopt; // The linker rejects such families.
  A.Out = *Out;
  if (F.Variants.Functional)
    A.Functional = cppSignature(*F.Variants.Functional, Why, Target);
  if (F.Variants.Inplace)
    A.Inplace = cppSignature(*F.Variants.Inplace, Why, Target);
  if (F.Variants.Legacy)
    A.Legacy = cppSignature(*F.Variants.Legacy, Why, Target);
  if (A.T->stable()) {
    A.Out.ReturnType = byValue(A.Out.ReturnType);
    if (A.Inplace)
      A.Inplace->ReturnType = byValue(A.Inplace->ReturnType);
  }
  if (F.Options.hasMeta()) {
    CppSignature M;
    M.ReturnType = "::skgen::Meta";
    for (const CppParam &P : A.Out.Params)
      if (!(P.Arg && A.isOut(*P.Arg)))
        M.Params.push_back(P);
    A.MetaSig = M;
  }
  return A;
}

std::vector<std::string> FamilyApi::outNames() const {
  std::vector<std::string> N;
  for (const CppParam &P : Out.Params)
    if (P.Arg && isOut(*P.Arg))
      N.push_back(P.Name);
  return N;
}

bool FamilyApi::isOut(const schema::Argument &A) const {
  for (const schema::Argument *O : F->Out.outArguments())
    if (O == &A)
      return true;
  return false;
}

/// \p Arg passed through macro \p Convert[I], if any.
static std::string converted(const std::string &Arg, size_t I,
                             const std::vector<std::string> &Convert) {
  if (I >= Convert.size() || Convert[I].empty())
    return Arg;
  return Convert[I] + "(" + Arg + ")";
}

Code callArguments(const CppSignature &Sig,
                   const std::vector<std::string> &Convert) {
  Code C;
  for (size_t I = 0; I < Sig.Params.size(); ++I) {
    C.Text += (I ? ", " : "") + converted(Sig.Params[I].Name, I, Convert);
    C.Uses.insert(Sig.Params[I].Name);
  }
  return C;
}

Code FamilyApi::outCallArgs(const std::string &OutAs,
                            const std::vector<std::string> &Convert) const {
  Code C;
  for (size_t I = 0; I < Out.Params.size(); ++I) {
    const CppParam &P = Out.Params[I];
    bool Replaced = !OutAs.empty() && P.Arg && isOut(*P.Arg);
    C.Text +=
        (I ? ", " : "") + (Replaced ? OutAs : converted(P.Name, I, Convert));
    if (!Replaced)
      C.Uses.insert(P.Name);
  }
  return C;
}

Code FamilyApi::outCallArgsViaOutputs(
    const std::vector<std::string> &Convert) const {
  Code C;
  for (size_t I = 0; I < Out.Params.size(); ++I) {
    const CppParam &P = Out.Params[I];
    bool Out = P.Arg && isOut(*P.Arg);
    C.Text += (I ? ", " : "") + (Out ? "skgen_" + P.Name + ".tensor()"
                                     : converted(P.Name, I, Convert));
    if (!Out)
      C.Uses.insert(P.Name);
  }
  return C;
}

bool FamilyApi::hasSymbolic() const {
  for (const CppParam &P : Out.Params)
    if (P.Arg && schema::isSymbolic(P.Arg->Ty))
      return true;
  return false;
}

/// The signature of the variant kernel \p K implements, as generated code
/// takes it (symbolic).
static const CppSignature &variantOf(const FamilyApi &A,
                                     const graph::Kernel &K) {
  return K.Functional ? *A.Functional : A.Out;
}

namespace {
/// How a kernel takes a `SymInt` / `SymInt[]` argument, and the macro
/// (skgen/symint.h) that converts generated code's symbolic value to it.
struct SymIntTaking {
  const char *Type, *Convert;
};
} // namespace

/// The one rule for every wrapper calling a user's kernel (out or
/// functional, any key): parameter \p I of \p Sig (the kernel's variant)
/// as the kernel declares it, from its recorded canonical types; nullopt
/// for an argument that is not symbolic.
static std::optional<SymIntTaking>
symIntTaking(const CppSignature &Sig, const graph::Kernel &K, size_t I) {
  const CppParam &P = Sig.Params[I];
  if (!P.Arg || !schema::isSymbolic(P.Arg->Ty))
    return std::nullopt;
  const std::string Canon =
      I < K.ParamCanonicals.size() ? K.ParamCanonicals[I] : "";
  if (P.Arg->Ty.isList())
    return Canon == "c10::ArrayRef<c10::SymInt>"
               ? SymIntTaking{"c10::SymIntArrayRef", "SKGEN_AS_SYMINTARRAYREF"}
               : SymIntTaking{"at::IntArrayRef", "SKGEN_AS_INTARRAYREF"};
  return Canon == "c10::SymInt" ? SymIntTaking{"c10::SymInt", ""}
                                : SymIntTaking{"int64_t", "SKGEN_GUARD_INT"};
}

OutCall directCall(const FamilyApi &A, const graph::Kernel &K) {
  OutCall C{globalCppName(K.CppName), "", {}};
  // A Meta kernel computes nothing: its wrappers keep the meta's checks.
  C.Checks = A.F->Options.KernelIterator && K.Key != keys::Meta;
  const CppSignature &Sig = variantOf(A, K);
  for (size_t I = 0; I < Sig.Params.size(); ++I) {
    std::optional<SymIntTaking> T = symIntTaking(Sig, K, I);
    C.Convert.push_back(T ? T->Convert : "");
  }
  return C;
}

CppSignature kernelSignature(const FamilyApi &A, const graph::Kernel &K) {
  if (A.T->stable()) {
    if (K.Functional)
      return *A.Functional;
    std::string Why;
    return *cppSignature(A.F->Out, Why, Abi::Stable);
  }
  CppSignature Sig = variantOf(A, K);
  for (size_t I = 0; I < Sig.Params.size(); ++I)
    if (std::optional<SymIntTaking> T = symIntTaking(Sig, K, I))
      Sig.Params[I].Type = T->Type;
  return Sig;
}

/// The names of the arguments outputs take their device and options from.
static std::set<std::string> sourceNames(const CppSignature &Sig) {
  std::set<std::string> N;
  for (const CppParam *P : tensorSources(Sig))
    N.insert(P->Name);
  return N;
}

// Helpers shared with Derived.cpp (declared in Wrappers.h) and the rest.

Code deviceGuard(const FamilyApi &A, const CppSignature &Sig, Includes &Inc,
                 const std::string &FallbackTensor) {
  // The stable runtime has its own device_of (the linker requires a plain
  // Tensor argument there).
  if (A.T->stable()) {
    const CppParam *P = optionsArgument(Sig);
    return P ? Code("::skgen::device_of(" + P->Name + ")", {P->Name}) : Code();
  }
  Code Device(deviceExpression(Sig), sourceNames(Sig));
  if (Device.empty() && !FallbackTensor.empty())
    Device = Code("at::device_of(" + FallbackTensor + ")", {FallbackTensor});
  if (Device.empty())
    return Device;
  Inc.add("ATen/DeviceGuard.h");
  Inc.add("c10/core/DeviceGuard.h");
  return Device;
}

/// The out arguments, and \p Tuple around them when there are several.
static Code returnAll(const FamilyApi &A, const std::string &Tuple,
                      Includes &Inc) {
  std::vector<std::string> Outs = A.outNames();
  std::set<std::string> Uses(Outs.begin(), Outs.end());
  if (Outs.size() == 1)
    return Code("return " + Outs.front() + ";\n", Uses);
  Inc.add("tuple");
  std::string L;
  for (const std::string &O : Outs)
    L += (L.empty() ? "" : ", ") + O;
  return Code("return " + Tuple + "(" + L + ");\n", Uses);
}

Code returnOutArguments(const FamilyApi &A, Includes &Inc) {
  return returnAll(A, A.Out.ReturnType, Inc);
}

static Code returnOutputs(const FamilyApi &A, Includes &Inc) {
  return returnAll(A, "::std::make_tuple", Inc);
}

//===--- With a meta function -------------------------------------------===//

Code metaCall(const FamilyApi &A, Includes &Inc) {
  Inc.add(A.T->Runtime);
  const FamilyOptions &O = A.F->Options;
  if (!O.MetaFunction.empty())
    return Code(globalCppName(O.MetaFunction) + "(" +
                    A.MetaSig->argumentNames() + ")",
                paramNames(*A.MetaSig));
  const schema::MetaPreset *P = schema::findMetaPreset(O.MetaPreset);
  // Presets take concrete dims: a `SymInt` / `SymInt[]` argument is
  // guarded to an int64_t / at::IntArrayRef.
  std::set<std::string> Uses;
  auto Arg = [&](const std::string &Name) {
    std::string N = cppArgName(Name);
    Uses.insert(N);
    for (const schema::Argument &Ar : A.F->Out.Arguments)
      if (Ar.Name == Name && schema::isSymbolic(Ar.Ty))
        return (Ar.Ty.isList() ? "SKGEN_AS_INTARRAYREF(" : "SKGEN_GUARD_INT(") +
               N + ")";
    return N;
  };
  std::string Call =
      schema::metaPresetCall(*P, O.MetaPresetArgs, Arg, A.F->Out.Op,
                             A.T->stable() ? "std::nullopt" : "c10::nullopt");
  return Code(Call, Uses);
}

Code metaLocal(const FamilyApi &A, Includes &Inc) {
  Code Call = metaCall(A, Inc);
  return Code("const ::skgen::Meta skgen_meta = " + Call.Text + ";\n",
              Call.Uses);
}

Code outMetaLocal(const FamilyApi &A, Includes &Inc) {
  if (!A.F->Variants.FunctionalFirst)
    return metaLocal(A, Inc);
  Code Call = metaCall(A, Inc);
  return Code("const ::skgen::Meta skgen_meta = ::skgen::autogen_out(" +
                  Call.Text + ");\n",
              Call.Uses);
}

Code inputOptions(const FamilyApi &A, const std::string &Fallback) {
  // The stable runtime allocates like a tensor (there are no
  // TensorOptions): the first Tensor argument, which the linker requires.
  if (A.T->stable()) {
    const CppParam *P = optionsArgument(*A.MetaSig);
    return P ? Code(P->Name, {P->Name}) : Code(Fallback, {Fallback});
  }
  if (tensorSources(*A.MetaSig).empty() && !Fallback.empty())
    return Code(Fallback + ".options()", {Fallback});
  return Code(optionsExpression(*A.MetaSig), sourceNames(*A.MetaSig));
}

Code optionsLocal(const FamilyApi &A, const Code &Expr, size_t Uses,
                  FunctionSpec &F) {
  // The stable runtime takes a tensor argument itself.
  if ((Uses <= 1 || A.T->stable()) && Expr.Text.find('?') == std::string::npos)
    return Expr;
  F.stmt("const at::TensorOptions skgen_options = " + Expr.Text, Expr.Uses);
  return Code("skgen_options");
}

/// A spec named \p Name for \p Sig, called with the keys when \p Call
/// redispatches.
static FunctionSpec spec(const FamilyApi &A, const std::string &Name,
                         const CppSignature &Sig, const OutCall *Call) {
  FunctionSpec F;
  F.Name = Name;
  F.Sig = Sig;
  F.TakesKeys = Call && !Call->Keys.empty();
  F.GuardClass = A.T->DeviceGuard;
  return F;
}

namespace {

std::string metaFunctional(const FamilyApi &A, const std::string &Name,
                           bool Guard, const OutCall *Call, Includes &Inc) {
  FunctionSpec F = spec(A, Name, *A.Functional, Call);
  if (Guard)
    F.DeviceGuard = deviceGuard(A, *A.Functional, Inc);
  if (kernelAllocates(A, Call)) {
    kernelAllocatesBody(A, *Call, F);
    F.lines(returnOutputs(A, Inc));
    return renderFunction(F);
  }
  F.lines(metaLocal(A, Inc));
  std::vector<std::string> Outs = A.outNames();
  Code Options = optionsLocal(A, inputOptions(A, ""), Outs.size(), F);
  for (size_t I = 0; I < Outs.size(); ++I)
    F.stmt(A.T->Tensor + std::string(" ") + Outs[I] +
               " = ::skgen::allocate(skgen_meta, " + std::to_string(I) + ", " +
               Options.Text + ")",
           Options.Uses);
  if (Call) {
    Code C = Call->call(A.outCallArgs("", Call->Convert));
    F.stmt(C.Text, C.Uses);
  }
  F.lines(returnOutputs(A, Inc));
  return renderFunction(F);
}

/// Whether the wrappers calling \p Call compute into a temporary of the
/// result dtype where out= / self has another (skgen::Output): not without a
/// kernel to call (Meta kernels), nor for SKGEN_KERNEL_CASTS and
/// SKGEN_KERNEL_ITERATOR families, whose kernels cast into the caller's
/// tensor themselves.
bool usesTemporaries(const FamilyApi &A, const OutCall *Call) {
  return Call && !A.F->Options.KernelCasts && !A.F->Options.KernelIterator;
}

/// Whether the in-place / out= wrapper calling \p Call leaves the checks of
/// self / out= to it (OutCall::Checks). Meta kernels always check, and so
/// do alias-key wrappers, which reach other backends' out= kernels
/// (hand-registered Meta ones too), unless SKGEN_KERNEL_ALLOCATES promises
/// it of all of them (aliasRedispatch).
bool kernelChecks(const OutCall *Call) { return Call && Call->Checks; }

/// The in-place call \p Call of an out= kernel that may resize its output
/// (PyTorch's out= contract) where an in-place op never changes the shape
/// of self: a silent reshape of \p Self becomes an error. \p Cheap: only
/// its rank and number of elements are kept (an out= kernel resizes to the
/// broadcast shape, which changes one of them unless it has no elements),
/// for the alias key's SKGEN_KERNEL_ALLOCATES wrapper, whose kernel
/// promised not to.
void keepSelfSizes(const FamilyApi &A, const std::string &Self,
                   const Code &Call, FunctionSpec &F, Includes &Inc,
                   bool Cheap = false) {
  Inc.add("c10/util/Exception.h");
  const std::string Op = A.F->Variants.Inplace->Op.str();
  const std::string Message =
      (Cheap ? cppStringLiteral(Op + ": the out= kernel resized self to ")
             : cppStringLiteral(Op + ": the out= kernel resized self from ") +
                   ", c10::IntArrayRef(skgen_self_sizes), \" to \"") +
      ", " + Self +
      ".sizes(), \"; an in-place op cannot change the shape of self\"";
  if (Cheap) {
    F.stmt("const int64_t skgen_self_dim = " + Self +
               ".dim(), skgen_self_numel = " + Self + ".numel()",
           {Self});
    F.stmt(Call.Text, Call.Uses);
    F.stmt("TORCH_CHECK(" + Self + ".dim() == skgen_self_dim && " + Self +
               ".numel() == skgen_self_numel, " + Message + ")",
           {Self});
    return;
  }
  Inc.add("c10/util/DimVector.h");
  F.stmt("const c10::DimVector skgen_self_sizes(" + Self +
             ".sizes().begin(), " + Self + ".sizes().end())",
         {Self});
  F.stmt(Call.Text, Call.Uses);
  F.stmt("TORCH_CHECK(" + Self +
             ".sizes() == c10::IntArrayRef(skgen_self_sizes), " + Message + ")",
         {Self});
}

std::string metaInplace(const FamilyApi &A, const std::string &Name, bool Guard,
                        const OutCall *Call, Includes &Inc) {
  const std::string &Self = A.Inplace->Params.front().Name;
  FunctionSpec F = spec(A, Name, *A.Inplace, Call);
  if (Guard)
    F.DeviceGuard = deviceGuard(A, *A.Inplace, Inc);
  // Refuses before anything is written (unless the kernel does); a
  // temporary when self's dtype differs from the result's (castable), unless
  // the kernel casts.
  bool Temporary = usesTemporaries(A, Call);
  if (!kernelChecks(Call)) {
    F.lines(metaLocal(A, Inc));
    std::string Check = "::skgen::check_inplace(skgen_meta, " + Self + ")";
    if (Temporary)
      F.stmt("::skgen::Output skgen_" + Self + "(" + Self +
                 ", skgen_meta, 0, " + Check + ")",
             {Self});
    else
      F.stmt(Check, {Self});
  }
  if (Call) {
    Code C = Call->call(A.outCallArgs(
        Temporary ? "skgen_" + Self + ".tensor()" : Self, Call->Convert));
    // Without the meta function's checks, a redispatch reaches any
    // backend's out= kernel: one that breaks SKGEN_KERNEL_ALLOCATES's
    // promise (a boxed kernel in Python) must not reshape self unseen.
    if (kernelChecks(Call) && !Call->Keys.empty())
      keepSelfSizes(A, Self, C, F, Inc, /*Cheap=*/true);
    else
      F.stmt(C.Text, C.Uses);
    if (Temporary)
      F.stmt("skgen_" + Self + ".finish()");
  }
  F.stmt("return " + Self, {Self});
  return renderFunction(F);
}

std::string metaOut(const FamilyApi &A, const std::string &Name, bool Guard,
                    const OutCall *Call, Includes &Inc) {
  std::vector<std::string> Outs = A.outNames();
  FunctionSpec F = spec(A, Name, A.Out, Call);
  if (Guard)
    F.DeviceGuard = deviceGuard(A, *A.MetaSig, Inc, Outs.front());
  bool Temporaries = usesTemporaries(A, Call);
  if (!kernelChecks(Call)) {
    F.lines(outMetaLocal(A, Inc));
    Code Options =
        optionsLocal(A, inputOptions(A, Outs.front()), Outs.size(), F);
    for (size_t I = 0; I < Outs.size(); ++I) {
      std::set<std::string> Uses = Options.Uses;
      Uses.insert(Outs[I]);
      std::string Check = "::skgen::check_out(skgen_meta, " +
                          std::to_string(I) + ", " + Outs[I] + ", " +
                          Options.Text + ")";
      if (Temporaries)
        F.stmt("::skgen::Output skgen_" + Outs[I] + "(" + Outs[I] +
                   ", skgen_meta, " + std::to_string(I) + ", " + Check + ")",
               Uses);
      else
        F.stmt(Check, Uses);
    }
  }
  if (Call) {
    Code C = Call->call(Temporaries ? A.outCallArgsViaOutputs(Call->Convert)
                                    : A.outCallArgs("", Call->Convert));
    F.stmt(C.Text, C.Uses);
    if (Temporaries)
      for (const std::string &O : Outs)
        F.stmt("skgen_" + O + ".finish()");
  }
  F.lines(returnOutArguments(A, Inc));
  return renderFunction(F);
}

//===--- Without a meta function ----------------------------------------===//

/// Declarations and assignment of the output tensors of a functional
/// wrapper: the family's allocation function, or zero-size tensors with the
/// options of the first Tensor argument, else of the first Tensor? /
/// Tensor[] argument that holds a tensor (out kernels resize their outputs),
/// with the dtype of a `ScalarType? dtype` argument when one is given.
void allocateOutputs(const FamilyApi &A, FunctionSpec &F, Includes &Inc) {
  std::vector<std::string> Outs = A.outNames();
  if (!A.F->Options.AllocFunction.empty()) {
    Code Call(globalCppName(A.F->Options.AllocFunction) + "(" +
                  A.Functional->argumentNames() + ")",
              paramNames(*A.Functional));
    if (Outs.size() == 1)
      return F.stmt("at::Tensor " + Outs.front() + " = " + Call.Text,
                    Call.Uses);
    Inc.add("tuple");
    std::string Tie;
    for (size_t I = 0; I < Outs.size(); ++I) {
      F.stmt("at::Tensor " + Outs[I]);
      Tie += (I ? ", " : "") + Outs[I];
    }
    return F.stmt("::std::tie(" + Tie + ") = " + Call.Text, Call.Uses);
  }
  Inc.add("ATen/Functions.h");
  Code Options(optionsExpression(*A.Functional), sourceNames(*A.Functional));
  // A `ScalarType? dtype` argument (as in aten's sum/mean/cumsum) sets the
  // dtype of a single output, when given.
  const CppParam *Dtype = nullptr;
  for (const CppParam &P : A.Functional->Params)
    if (P.Arg && P.Arg->Name == "dtype" &&
        P.Arg->Ty.unwrapOptional().isNamed("ScalarType"))
      Dtype = &P;
  if (Dtype && Outs.size() == 1) {
    F.stmt("at::TensorOptions skgen_options = " + Options.Text, Options.Uses);
    const std::string &D = Dtype->Name;
    if (Dtype->Arg->Ty.isOptional())
      F.lines(Code("if (" + D + ".has_value())\n" +
                       "  skgen_options = skgen_options.dtype(*" + D + ");\n",
                   {D}));
    else
      F.stmt("skgen_options = skgen_options.dtype(" + D + ")", {D});
    Options = Code("skgen_options");
  }
  for (const std::string &N : Outs)
    F.stmt("at::Tensor " + N + " = at::empty({0}, " + Options.Text + ")",
           Options.Uses);
}

} // namespace

std::string typedHandle(const schema::OperatorName &Op, const CppSignature &Sig,
                        Includes &Inc, const std::string &Guard) {
  Inc.add("skgen/library.h");
  return Inc.Handles.use(Op, Sig, Inc.Names, Guard);
}

std::string typedOutHandle(const FamilyApi &A, Includes &Inc) {
  return typedHandle(A.F->Out.Op, A.Out, Inc);
}

/// fallbackWrapper on the stable ABI: each number (`float`, `int`, `bool`
/// where the general overload takes a Tensor) as skgen::wrapped_number, a
/// 0-dim tensor of the dtype the call's operands promote to; the general
/// variant called by name (a full dispatch).
static std::string stableFallback(const FamilyApi &A, Registration::Kind K,
                                  const CppSignature &Mine,
                                  const CppSignature &Theirs,
                                  const std::set<std::string> &Wrapped,
                                  const std::string &Name, Includes &Inc) {
  Inc.add(A.T->Runtime);
  FunctionSpec F = spec(A, Name, Mine, nullptr);
  auto IsWrapped = [&](const CppParam &P) {
    return P.Arg && Wrapped.count(P.Arg->Name);
  };
  // The operands of the promotion: the inputs that are tensors in the
  // general overload (out= tensors take no part).
  std::string Operands;
  for (const CppParam &P : Mine.Params) {
    if (!P.Arg || A.isOut(*P.Arg))
      continue;
    const schema::Type &T = P.Arg->Ty;
    if (IsWrapped(P) || T.isTensor() ||
        (T.isOptional() && T.unwrapOptional().isTensor()))
      Operands += (Operands.empty() ? "" : ", ") + P.Name;
  }
  std::string Args;
  for (const CppParam &P : Mine.Params) {
    std::string Arg = P.Name;
    if (IsWrapped(P)) {
      Arg = "skgen_" + P.Name;
      F.stmt("const torch::stable::Tensor " + Arg +
                 " = ::skgen::wrapped_number(" + P.Name + ", {" + Operands +
                 "})",
             paramNames(Mine));
    }
    Args += (Args.empty() ? "" : ", ") + Arg;
  }
  // In-place and out= return handles to self / out (TORCH_BOX returns by
  // value).
  const schema::OperatorName &Op = fallbackTarget(*A.F, K);
  F.stmt("return ::skgen::call<" + Theirs.ReturnType + ">(" +
             cppStringLiteral(Op.qualifiedName()) + ", " +
             cppStringLiteral(Op.Overload) + ", " + Args + ")",
         paramNames(Mine));
  return renderFunction(F);
}

std::string fallbackWrapper(const FamilyApi &A, const FamilyApi &General,
                            Registration::Kind K, const std::string &Name,
                            bool Redispatch, Includes &Inc) {
  const graph::Fallback &FB = *A.F->FallbackTo;
  const CppSignature *Mine = &A.Out, *Theirs = &General.Out;
  if (K == Registration::Kind::FallbackFunctional) {
    Mine = &*A.Functional;
    Theirs = &*General.Functional;
  } else if (K == Registration::Kind::FallbackInplace) {
    Mine = &*A.Inplace;
    Theirs = &*General.Inplace;
  }
  std::set<std::string> Wrapped; // Schema argument names.
  for (size_t I = 0; I < FB.Wrapped.size(); ++I)
    if (FB.Wrapped[I])
      Wrapped.insert(A.F->Out.Arguments[I].Name);
  if (A.T->stable())
    return stableFallback(A, K, *Mine, *Theirs, Wrapped, Name, Inc);
  OutCall Keys{"", Redispatch ? "skgen_keys" : "", {}};
  FunctionSpec F = spec(A, Name, *Mine, &Keys);
  // Each Scalar as aten passes a Python number to a Tensor overload: a 0-dim
  // CPU tensor marked as a wrapped number, so that type promotion treats it
  // as a Scalar (at::result_type), whatever the device of the other operands.
  Inc.add("ATen/ScalarOps.h");
  std::string Args, KeySet = "skgen_keys";
  for (const CppParam &P : Mine->Params) {
    std::string Arg = P.Name;
    if (P.Arg && Wrapped.count(P.Arg->Name)) {
      Arg = "skgen_" + P.Name;
      F.stmt("const at::Tensor " + Arg +
             " = at::native::wrapped_scalar_tensor(" + P.Name + ")");
      KeySet += " | " + Arg + ".key_set()";
    }
    Args += (Args.empty() ? "" : ", ") + Arg;
  }
  const std::string Handle = typedHandle(fallbackTarget(*A.F, K), *Theirs, Inc);
  if (Redispatch) {
    // As the alias-key wrappers: below the keys handled by now, with the
    // backend of every tensor argument (a wrapped number is a CPU tensor,
    // the lowest backend: it decides only for an op without other tensors).
    Inc.add("c10/core/DispatchKeySet.h");
    F.stmt("return " + redispatchPastAutograd(Handle, "(" + KeySet + ")", Args),
           paramNames(*Mine));
  } else {
    F.stmt("return " + Handle + ".call(" + Args + ")", paramNames(*Mine));
  }
  return renderFunction(F);
}

OutCall aliasRedispatch(const FamilyApi &A, bool Functional, Includes &Inc) {
  Inc.add("c10/core/DispatchKeySet.h");
  // SKGEN_KERNEL_ALLOCATES promises it of every out= kernel of the family,
  // whichever backend's: the in-place wrapper leaves the checks to it, the
  // functional one passes undefined outs (which have no keys).
  const bool Promised = A.F->Options.KernelAllocates;
  std::string Keys = "skgen_keys";
  if (Functional && !Promised) {
    for (const std::string &O : A.outNames())
      Keys += " | " + O + ".key_set()";
    Keys = "(" + Keys + ")";
  }
  OutCall C{typedOutHandle(A, Inc) + ".redispatch", keysPastAutograd(Keys), {}};
  C.Checks = Promised;
  return C;
}

OutCall aliasCall(const FamilyApi &A, Includes &Inc) {
  return {typedOutHandle(A, Inc) + ".call", "", {}};
}

OutCall aliasByName(const FamilyApi &A, Includes &Inc) {
  Inc.add(A.T->Runtime);
  const schema::OperatorName &Op = A.F->Out.Op;
  OutCall C{
      "::skgen::call_out<" + std::to_string(A.outNames().size()) + ">", "", {}};
  C.Leading = cppStringLiteral(Op.qualifiedName()) + ", " +
              cppStringLiteral(Op.Overload);
  return C;
}

std::string functionalWrapper(const FamilyApi &A, const std::string &Name,
                              bool Guard, const OutCall &Call, Includes &Inc) {
  if (A.hasMeta())
    return metaFunctional(A, Name, Guard, &Call, Inc);
  FunctionSpec F = spec(A, Name, *A.Functional, &Call);
  if (Guard)
    F.DeviceGuard = deviceGuard(A, *A.Functional, Inc);
  allocateOutputs(A, F, Inc);
  Code C = Call.call(A.outCallArgs("", Call.Convert));
  F.stmt(C.Text, C.Uses);
  F.lines(returnOutputs(A, Inc));
  return renderFunction(F);
}

/// A wrapper with signature \p Sig whose body is the out call, then
/// \p Return.
static std::string callingOut(const FamilyApi &A, const std::string &Name,
                              const CppSignature &Sig, const OutCall &Call,
                              const Code &Return) {
  FunctionSpec F = spec(A, Name, Sig, &Call);
  Code C = Call.call(A.outCallArgs("", Call.Convert));
  F.stmt(C.Text, C.Uses);
  F.lines(Return);
  return renderFunction(F);
}

std::string outKernelReturning(const FamilyApi &A, const std::string &Name,
                               const OutCall &Call, Includes &Inc) {
  return callingOut(A, Name, A.Out, Call, returnOutArguments(A, Inc));
}

std::string legacyWrapper(const FamilyApi &A, const std::string &Name,
                          const OutCall &Call) {
  return callingOut(A, Name, *A.Legacy, Call, Code());
}

std::string inplaceWrapper(const FamilyApi &A, const std::string &Name,
                           bool Guard, const OutCall &Call, Includes &Inc) {
  if (A.hasMeta())
    return metaInplace(A, Name, Guard, &Call, Inc);
  const std::string &Self = A.Inplace->Params.front().Name;
  FunctionSpec F = spec(A, Name, *A.Inplace, &Call);
  if (Guard)
    F.DeviceGuard = deviceGuard(A, *A.Inplace, Inc);
  Code C = Call.call(A.outCallArgs(Self, Call.Convert));
  keepSelfSizes(A, Self, C, F, Inc);
  F.stmt("return " + Self, {Self});
  return renderFunction(F);
}

std::string outWrapper(const FamilyApi &A, const std::string &Name, bool Guard,
                       const OutCall &Call, Includes &Inc) {
  return metaOut(A, Name, Guard, &Call, Inc);
}

std::string outAutogradKernel(const FamilyApi &A, const std::string &Name,
                              Includes &Inc) {
  std::string Tensors;
  std::set<std::string> TensorUses;
  for (const CppParam &P : A.Out.Params) {
    const schema::Type &T = P.Arg->Ty;
    bool Tensorish =
        T.isTensor() || ((T.isOptional() || T.isList()) &&
                         T.Elements.front().unwrapOptional().isTensor());
    if (!Tensorish)
      continue;
    Tensors += (Tensors.empty() ? "" : ", ") + P.Name;
    TensorUses.insert(P.Name);
  }
  OutCall Keys{"", "skgen_keys", {}};
  FunctionSpec F = spec(A, Name, A.Out, &Keys);
  // A family without history accepts inputs that require grad, as aten's
  // eq.out.
  if (!A.F->Derivs.withoutHistory()) {
    Code Meta = metaCall(A, Inc);
    F.lines(
        Code("if (::skgen::any_requires_grad(" + Tensors + "))\n", TensorUses));
    F.stmt("  ::skgen::check_out_autograd(" + Meta.Text + ", " +
               cppStringLiteral(A.F->Out.Op.qualifiedName()) + ")",
           Meta.Uses);
  }
  Code Args = A.outCallArgs();
  F.lines(Code(belowAutograd(redispatchPastAutograd(typedOutHandle(A, Inc),
                                                    "skgen_keys", Args.Text)),
               Args.Uses));
  for (const std::string &O : A.outNames())
    F.stmt("::skgen::bump_version(" + O + ")", {O});
  F.lines(returnOutArguments(A, Inc));
  return renderFunction(F);
}

std::string metaFunctionalKernel(const FamilyApi &A, const std::string &Name,
                                 Includes &Inc) {
  return metaFunctional(A, Name, false, nullptr, Inc);
}
std::string metaInplaceKernel(const FamilyApi &A, const std::string &Name,
                              Includes &Inc) {
  return metaInplace(A, Name, false, nullptr, Inc);
}
std::string metaOutKernel(const FamilyApi &A, const std::string &Name,
                          Includes &Inc) {
  return metaOut(A, Name, false, nullptr, Inc);
}

} // namespace gen
} // namespace skgen
