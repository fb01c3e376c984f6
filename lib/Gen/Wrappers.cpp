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

#include "Schema/MetaPresets.h"

#include <cctype>

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

std::optional<FamilyApi> FamilyApi::build(const graph::Family &F) {
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

std::string
FamilyApi::outCallArgs(const std::string &OutAs,
                       const std::vector<std::string> &Convert) const {
  std::string S;
  for (size_t I = 0; I < Out.Params.size(); ++I) {
    const CppParam &P = Out.Params[I];
    S += (I ? ", " : "") + ((!OutAs.empty() && P.Arg && isOut(*P.Arg))
                                ? OutAs
                                : converted(P.Name, I, Convert));
  }
  return S;
}

std::string FamilyApi::outCallArgsViaOutputs(
    const std::vector<std::string> &Convert) const {
  std::string S;
  for (size_t I = 0; I < Out.Params.size(); ++I) {
    const CppParam &P = Out.Params[I];
    S += (I ? ", " : "") + ((P.Arg && isOut(*P.Arg))
                                ? "skgen_" + P.Name + ".tensor()"
                                : converted(P.Name, I, Convert));
  }
  return S;
}

bool FamilyApi::hasSymbolic() const {
  for (const CppParam &P : Out.Params)
    if (P.Arg && schema::isSymbolic(P.Arg->Ty))
      return true;
  return false;
}

/// The canonical type kernel \p K declares for parameter \p I, or "".
static std::string kernelCanonical(const graph::Kernel &K, size_t I) {
  return I < K.ParamCanonicals.size() ? K.ParamCanonicals[I] : "";
}

static bool takesSymInt(const std::string &Canonical) {
  return Canonical == "c10::SymInt";
}
static bool takesSymIntList(const std::string &Canonical) {
  return Canonical == "c10::ArrayRef<c10::SymInt>";
}

OutCall directCall(const FamilyApi &A, const graph::Kernel &K) {
  OutCall C{globalCppName(K.CppName), "", "", {}};
  for (size_t I = 0; I < A.Out.Params.size(); ++I) {
    const CppParam &P = A.Out.Params[I];
    std::string Macro;
    if (P.Arg && schema::isSymbolic(P.Arg->Ty)) {
      std::string Canon = kernelCanonical(K, I);
      if (P.Arg->Ty.isList())
        Macro = takesSymIntList(Canon) ? "SKGEN_AS_SYMINTARRAYREF"
                                       : "SKGEN_AS_INTARRAYREF";
      else if (!takesSymInt(Canon))
        Macro = "SKGEN_GUARD_INT";
    }
    C.Convert.push_back(Macro);
  }
  return C;
}

CppSignature kernelSignature(const FamilyApi &A, const graph::Kernel &K) {
  CppSignature Sig = A.Out;
  for (size_t I = 0; I < Sig.Params.size(); ++I) {
    CppParam &P = Sig.Params[I];
    if (!P.Arg || !schema::isSymbolic(P.Arg->Ty))
      continue;
    std::string Canon = kernelCanonical(K, I);
    if (takesSymInt(Canon))
      P.Type = "c10::SymInt";
    else if (takesSymIntList(Canon))
      P.Type = "c10::SymIntArrayRef";
    else
      P.Type = P.Arg->Ty.isList() ? "at::IntArrayRef" : "int64_t";
  }
  return Sig;
}

// Helpers shared with Derived.cpp (declared in Wrappers.h) and the rest.

std::string deviceGuard(const CppSignature &Sig, Includes &Inc,
                        const std::string &FallbackTensor) {
  std::string Device = deviceExpression(Sig);
  if (Device.empty() && !FallbackTensor.empty())
    Device = "at::device_of(" + FallbackTensor + ")";
  if (Device.empty())
    return "";
  Inc.add("ATen/DeviceGuard.h");
  Inc.add("c10/core/DeviceGuard.h");
  return indent(2) + "c10::OptionalDeviceGuard skgen_guard(" + Device + ");\n";
}

std::string returnOutArguments(const FamilyApi &A, Includes &Inc) {
  std::vector<std::string> Outs = A.outNames();
  if (Outs.size() == 1)
    return indent(2) + "return " + Outs.front() + ";\n";
  Inc.add("tuple");
  std::string L;
  for (const std::string &O : Outs)
    L += (L.empty() ? "" : ", ") + O;
  return indent(2) + "return " + A.Out.ReturnType + "(" + L + ");\n";
}

static std::string returnOutputs(const FamilyApi &A, Includes &Inc) {
  std::vector<std::string> Outs = A.outNames();
  if (Outs.size() == 1)
    return indent(2) + "return " + Outs.front() + ";\n";
  Inc.add("tuple");
  std::string S;
  for (size_t I = 0; I < Outs.size(); ++I)
    S += (I ? ", " : "") + Outs[I];
  return indent(2) + "return ::std::make_tuple(" + S + ");\n";
}

//===--- With a meta function -------------------------------------------===//

static std::string cppName(const std::string &S) { return cppArgName(S); }

std::string metaCall(const FamilyApi &A, Includes &Inc) {
  Inc.add("skgen/structured.h");
  const FamilyOptions &O = A.F->Options;
  std::string Call;
  if (!O.MetaFunction.empty()) {
    Call =
        globalCppName(O.MetaFunction) + "(" + A.MetaSig->argumentNames() + ")";
  } else {
    const schema::MetaPreset *P = schema::findMetaPreset(O.MetaPreset);
    // Presets take concrete dims: a `SymInt` / `SymInt[]` argument is
    // guarded to an int64_t / at::IntArrayRef.
    auto Arg = [&](const std::string &Name) {
      std::string N = cppName(Name);
      for (const schema::Argument &Ar : A.F->Out.Arguments)
        if (Ar.Name == Name && schema::isSymbolic(Ar.Ty))
          return (Ar.Ty.isList() ? "SKGEN_AS_INTARRAYREF("
                                 : "SKGEN_GUARD_INT(") +
                 N + ")";
      return N;
    };
    Call = schema::metaPresetCall(*P, O.MetaPresetArgs, Arg, A.F->Out.Op);
  }
  return indent(2) + "const ::skgen::Meta skgen_meta = " + Call + ";\n";
}

std::string inputOptions(const FamilyApi &A, const std::string &Fallback) {
  if (tensorSources(*A.MetaSig).empty() && !Fallback.empty())
    return Fallback + ".options()";
  return optionsExpression(*A.MetaSig);
}

/// `const at::TensorOptions skgen_options = ...;` when the expression is
/// used more than once or is a conditional; else the expression itself.
static std::string optionsLocal(const std::string &Expr, size_t Uses,
                                std::string &Body) {
  if (Uses <= 1 && Expr.find('?') == std::string::npos)
    return Expr;
  Body += indent(2) + "const at::TensorOptions skgen_options = " + Expr + ";\n";
  return "skgen_options";
}

/// Does \p Body mention identifier \p Name outside string literals?
static bool mentions(const std::string &Body, const std::string &Name) {
  for (size_t I = 0; I < Body.size();) {
    char C = Body[I];
    if (C == '"') {
      for (++I; I < Body.size() && Body[I] != '"'; ++I)
        if (Body[I] == '\\')
          ++I;
      ++I;
      continue;
    }
    if (isalpha(static_cast<unsigned char>(C)) || C == '_') {
      size_t J = I;
      while (J < Body.size() &&
             (isalnum(static_cast<unsigned char>(Body[J])) || Body[J] == '_'))
        ++J;
      if (Body.compare(I, J - I, Name) == 0 && J - I == Name.size())
        return true;
      I = J;
      continue;
    }
    ++I;
  }
  return false;
}

/// Parameters of \p Sig that \p Body does not use (declared without a name).
static std::set<std::string> unusedParams(const CppSignature &Sig,
                                          const std::string &Body) {
  std::set<std::string> U;
  for (const CppParam &P : Sig.Params)
    if (!mentions(Body, P.Name))
      U.insert(P.Name);
  return U;
}

std::string withKeys(std::string Decl, const OutCall *Call) {
  if (!Call || Call->Keys.empty())
    return Decl;
  size_t Open = Decl.find('(');
  bool NoParams = Decl.compare(Open + 1, 1, ")") == 0;
  Decl.insert(Open + 1, std::string("c10::DispatchKeySet skgen_keys") +
                            (NoParams ? "" : ", "));
  return Decl;
}

namespace {

std::string metaFunctional(const FamilyApi &A, const std::string &Name,
                           bool Guard, const OutCall *Call, Includes &Inc) {
  std::string S;
  if (Guard)
    S += deviceGuard(*A.Functional, Inc);
  S += metaCall(A, Inc);
  std::vector<std::string> Outs = A.outNames();
  std::string Options = optionsLocal(inputOptions(A, ""), Outs.size(), S);
  for (size_t I = 0; I < Outs.size(); ++I)
    S += indent(2) + "at::Tensor " + Outs[I] +
         " = ::skgen::allocate(skgen_meta, " + std::to_string(I) + ", " +
         Options + ");\n";
  if (Call) {
    S += Call->Prelude;
    S += indent(2) + Call->call(A.outCallArgs("", Call->Convert)) + ";\n";
  }
  S += returnOutputs(A, Inc);
  return withKeys(
             A.Functional->declaration(Name, unusedParams(*A.Functional, S)),
             Call) +
         " {\n" + S + "}\n";
}

std::string metaInplace(const FamilyApi &A, const std::string &Name, bool Guard,
                        const OutCall *Call, Includes &Inc) {
  const std::string &Self = A.Inplace->Params.front().Name;
  std::string S;
  if (Guard)
    S += deviceGuard(*A.Inplace, Inc);
  S += metaCall(A, Inc);
  if (Call) {
    // Refuses before anything is written; a temporary when self's dtype
    // differs from the result's (castable).
    S += indent(2) + "::skgen::Output skgen_" + Self + "(" + Self +
         ", skgen_meta, 0, ::skgen::check_inplace(skgen_meta, " + Self +
         "));\n";
    S += Call->Prelude;
    S += indent(2) +
         Call->call(
             A.outCallArgs("skgen_" + Self + ".tensor()", Call->Convert)) +
         ";\n";
    S += indent(2) + "skgen_" + Self + ".finish();\n";
  } else {
    S += indent(2) + "::skgen::check_inplace(skgen_meta, " + Self + ");\n";
  }
  S += indent(2) + "return " + Self + ";\n";
  return withKeys(A.Inplace->declaration(Name, unusedParams(*A.Inplace, S)),
                  Call) +
         " {\n" + S + "}\n";
}

std::string metaOut(const FamilyApi &A, const std::string &Name, bool Guard,
                    const OutCall *Call, Includes &Inc) {
  std::vector<std::string> Outs = A.outNames();
  std::string S;
  if (Guard)
    S += deviceGuard(*A.MetaSig, Inc, Outs.front());
  S += metaCall(A, Inc);
  std::string Options =
      optionsLocal(inputOptions(A, Outs.front()), Outs.size(), S);
  for (size_t I = 0; I < Outs.size(); ++I) {
    std::string Check = "::skgen::check_out(skgen_meta, " + std::to_string(I) +
                        ", " + Outs[I] + ", " + Options + ")";
    if (Call)
      S += indent(2) + "::skgen::Output skgen_" + Outs[I] + "(" + Outs[I] +
           ", skgen_meta, " + std::to_string(I) + ", " + Check + ");\n";
    else
      S += indent(2) + Check + ";\n";
  }
  if (Call) {
    S += Call->Prelude;
    S += indent(2) + Call->call(A.outCallArgsViaOutputs(Call->Convert)) + ";\n";
    for (const std::string &O : Outs)
      S += indent(2) + "skgen_" + O + ".finish();\n";
  }
  S += returnOutArguments(A, Inc);
  return withKeys(A.Out.declaration(Name, unusedParams(A.Out, S)), Call) +
         " {\n" + S + "}\n";
}

//===--- Without a meta function ----------------------------------------===//

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

} // namespace

/// `static auto skgen_op = ...typed<Sig>();` for \p Op.
static std::string typedHandle(const schema::OperatorName &Op,
                               const CppSignature &Sig, Includes &Inc) {
  Inc.add("ATen/core/dispatch/Dispatcher.h");
  return indent(2) + "static auto skgen_op =\n" + indent(6) +
         "c10::Dispatcher::singleton()\n" + indent(10) + ".findSchemaOrThrow(" +
         cppStringLiteral(Op.qualifiedName()) + ", " +
         cppStringLiteral(Op.Overload) + ")\n" + indent(10) + ".typed<" +
         Sig.functionType() + ">();\n";
}

std::string typedOutHandle(const FamilyApi &A, Includes &Inc) {
  return typedHandle(A.F->Out.Op, A.Out, Inc);
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
  // Each Scalar as aten passes a Python number to a Tensor overload: a 0-dim
  // CPU tensor marked as a wrapped number, so that type promotion treats it
  // as a Scalar (at::result_type), whatever the device of the other operands.
  Inc.add("ATen/ScalarOps.h");
  std::string S, Args, Keys = "skgen_keys";
  for (const CppParam &P : Mine->Params) {
    std::string Arg = P.Name;
    if (P.Arg && Wrapped.count(P.Arg->Name)) {
      Arg = "skgen_" + P.Name;
      S += indent(2) + "const at::Tensor " + Arg +
           " = at::native::wrapped_scalar_tensor(" + P.Name + ");\n";
      Keys += " | " + Arg + ".key_set()";
    }
    Args += (Args.empty() ? "" : ", ") + Arg;
  }
  S += typedHandle(fallbackTarget(*A.F, K), *Theirs, Inc);
  if (Redispatch) {
    // As the alias-key wrappers: below the keys handled by now, with the
    // backend of every tensor argument (a wrapped number is a CPU tensor,
    // the lowest backend: it decides only for an op without other tensors).
    Inc.add("c10/core/DispatchKeySet.h");
    S += indent(2) + "return skgen_op.redispatch((" + Keys +
         ") & c10::after_ADInplaceOrView_keyset, " + Args + ");\n";
  } else {
    S += indent(2) + "return skgen_op.call(" + Args + ");\n";
  }
  OutCall Call{"", "", Redispatch ? "skgen_keys" : "", {}};
  return withKeys(Mine->declaration(Name), &Call) + " {\n" + S + "}\n";
}

OutCall aliasRedispatch(const FamilyApi &A, bool Functional, Includes &Inc) {
  Inc.add("c10/core/DispatchKeySet.h");
  std::string Keys = "skgen_keys";
  if (Functional) {
    for (const std::string &O : A.outNames())
      Keys += " | " + O + ".key_set()";
    Keys = "(" + Keys + ")";
  }
  return {"skgen_op.redispatch",
          typedOutHandle(A, Inc),
          Keys + " & c10::after_ADInplaceOrView_keyset",
          {}};
}

OutCall aliasCall(const FamilyApi &A, Includes &Inc) {
  return {"skgen_op.call", typedOutHandle(A, Inc), "", {}};
}

std::string functionalWrapper(const FamilyApi &A, const std::string &Name,
                              bool Guard, const OutCall &Call, Includes &Inc) {
  if (A.hasMeta())
    return metaFunctional(A, Name, Guard, &Call, Inc);
  std::string S = withKeys(A.Functional->declaration(Name), &Call) + " {\n";
  if (Guard)
    S += deviceGuard(*A.Functional, Inc);
  S += allocateOutputs(A, Inc);
  S += Call.Prelude;
  S += indent(2) + Call.call(A.outCallArgs("", Call.Convert)) + ";\n";
  S += returnOutputs(A, Inc);
  return S + "}\n";
}

std::string inplaceWrapper(const FamilyApi &A, const std::string &Name,
                           bool Guard, const OutCall &Call, Includes &Inc) {
  if (A.hasMeta())
    return metaInplace(A, Name, Guard, &Call, Inc);
  const std::string &Self = A.Inplace->Params.front().Name;
  std::string S = withKeys(A.Inplace->declaration(Name), &Call) + " {\n";
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
  S += indent(2) + Call.call(A.outCallArgs(Self, Call.Convert)) + ";\n";
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

std::string outWrapper(const FamilyApi &A, const std::string &Name, bool Guard,
                       const OutCall &Call, Includes &Inc) {
  return metaOut(A, Name, Guard, &Call, Inc);
}

std::string outAutogradKernel(const FamilyApi &A, const std::string &Name,
                              Includes &Inc) {
  std::string Tensors;
  for (const CppParam &P : A.Out.Params) {
    const schema::Type &T = P.Arg->Ty;
    bool Tensorish =
        T.isTensor() || ((T.isOptional() || T.isList()) &&
                         T.Elements.front().unwrapOptional().isTensor());
    if (Tensorish)
      Tensors += (Tensors.empty() ? "" : ", ") + P.Name;
  }
  std::string S;
  S += indent(2) + "if (::skgen::any_requires_grad(" + Tensors + "))\n";
  std::string Meta =
      metaCall(A, Inc); // `  const ::skgen::Meta skgen_meta = X;`
  std::string Call = Meta.substr(Meta.find("= ") + 2);
  Call = Call.substr(0, Call.rfind(';'));
  S += indent(4) + "::skgen::check_out_autograd(" + Call + ", " +
       cppStringLiteral(A.F->Out.Op.qualifiedName()) + ");\n";
  S += typedOutHandle(A, Inc);
  S += indent(2) + "{\n" + indent(4) +
       "at::AutoDispatchBelowADInplaceOrView skgen_below;\n" + indent(4) +
       "skgen_op.redispatch(skgen_keys & c10::after_ADInplaceOrView_keyset, " +
       A.outCallArgs() + ");\n" + indent(2) + "}\n";
  std::vector<std::string> Outs = A.outNames();
  for (const std::string &O : Outs)
    S += indent(2) + "::skgen::bump_version(" + O + ");\n";
  S += returnOutArguments(A, Inc);
  std::string Decl = A.Out.declaration(Name);
  size_t Open = Decl.find('(');
  Decl.insert(Open + 1, std::string("c10::DispatchKeySet skgen_keys") +
                            (A.Out.Params.empty() ? "" : ", "));
  return Decl + " {\n" + S + "}\n";
}

std::string metaKernel(const FamilyApi &A, Registration::Kind K,
                       const std::string &Name, Includes &Inc) {
  switch (K) {
  case Registration::Kind::MetaFunctional:
    return metaFunctional(A, Name, false, nullptr, Inc);
  case Registration::Kind::MetaInplace:
    return metaInplace(A, Name, false, nullptr, Inc);
  default:
    return metaOut(A, Name, false, nullptr, Inc);
  }
}

} // namespace gen
} // namespace skgen
