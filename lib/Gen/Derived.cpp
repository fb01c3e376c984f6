//===- Derived.cpp - out= and in-place derived from a functional kernel ---===//
//
// A backend may implement the *functional* variant of a family
// (SKGEN_KERNEL("ns::op", KEY), or SKGEN_STRUCTURED + SKGEN_FUNCTIONAL_KERNEL)
// instead of its out kernel. For its key, skgen registers the kernel as the
// functional variant and derives the other two from it, with aten's out= and
// in-place semantics (as aten's generated out= kernels of functional ops do:
// compute, resize_output, copy):
//
// * out=: the device and dtype rule of each out tensor are checked and it is
//   resized (at::native::resize_output, with PyTorch's warning for a
//   non-empty out of another shape) by skgen::check_out -- before the kernel
//   runs when the family has a meta function, else on the result's metadata
//   (skgen::result_meta: TensorIterator's rule, the result dtype must be
//   castable to out's) -- then out.copy_(result); returns out itself;
// * in-place: self's shape must be the result's and the result dtype
//   castable to self's (skgen::check_inplace), checked before self is
//   written; then self.copy_(result); returns self itself.
//
// When no kernel of the family is an out kernel, the alias key serves out=
// and in-place the same way, through the functional operator.
//
//===----------------------------------------------------------------------===//
#include "Gen/Wrappers.h"

namespace skgen {
namespace gen {

namespace {

/// `skgen_result` or `::std::get<I>(skgen_result)`: result \p I of the
/// functional.
std::string result(const FamilyApi &A, size_t I) {
  if (A.outNames().size() == 1)
    return "skgen_result";
  return "::std::get<" + std::to_string(I) + ">(skgen_result)";
}

/// `const RET skgen_result = <call>(args);`, after the call's prelude.
void callFunctional(const FamilyApi &A, const OutCall &Call, FunctionSpec &F) {
  F.lines(Call.Prelude);
  Code C = Call.call(callArguments(*A.Functional, Call.Convert));
  F.stmt("const " + A.Functional->ReturnType + " skgen_result = " + C.Text,
         C.Uses);
}

/// With a meta function: the kernel's result has the sizes it computed.
void checkResults(const FamilyApi &A, FunctionSpec &F) {
  for (size_t I = 0; I < A.outNames().size(); ++I)
    F.stmt("::skgen::check_result(skgen_meta, " + std::to_string(I) + ", " +
           result(A, I) + ", " +
           cppStringLiteral(A.F->Variants.Functional->Op.str()) + ")");
}

/// Without a meta function: `skgen_meta` describes the result.
void resultMeta(const FamilyApi &A, FunctionSpec &F, Includes &Inc) {
  Inc.add(A.T->Runtime);
  size_t N = A.outNames().size();
  if (N == 1)
    return F.stmt(
        "const ::skgen::Meta skgen_meta = ::skgen::result_meta(skgen_result)");
  std::string L;
  for (size_t I = 0; I < N; ++I)
    L += (I ? ", " : "") + std::string("::skgen::result_meta(") + result(A, I) +
         ")";
  F.stmt("const ::skgen::Meta skgen_meta{" + L + "}");
}

/// A spec named \p Name for \p Sig, called with the keys when \p Call
/// redispatches, on the device of \p Guard when that is not empty.
FunctionSpec spec(const FamilyApi &A, const std::string &Name,
                  const CppSignature &Sig, const OutCall &Call, Code Guard) {
  FunctionSpec F;
  F.Name = Name;
  F.Sig = Sig;
  F.TakesKeys = !Call.Keys.empty();
  F.DeviceGuard = std::move(Guard);
  F.GuardClass = A.T->DeviceGuard;
  return F;
}

} // namespace

OutCall functionalDispatch(const FamilyApi &A, bool Redispatch, Includes &Inc) {
  const schema::OperatorName &Op = A.F->Variants.Functional->Op;
  if (A.T->stable()) {
    // By name, a full dispatch (the stable ABI has no redispatch).
    Inc.add(A.T->Runtime);
    OutCall C{
        "::skgen::call<" + A.Functional->ReturnType + ">", Code(), "", {}};
    C.Leading = cppStringLiteral(Op.qualifiedName()) + ", " +
                cppStringLiteral(Op.Overload);
    return C;
  }
  Inc.add("skgen/library.h");
  Code Handle = typedHandle(Op, *A.Functional);
  if (!Redispatch)
    return {"skgen_op.call", Handle, "", {}};
  Inc.add("c10/core/DispatchKeySet.h");
  return {"skgen_op.redispatch",
          Handle,
          "skgen_keys & c10::after_ADInplaceOrView_keyset",
          {}};
}

std::string outViaFunctional(const FamilyApi &A, const std::string &Name,
                             bool Guard, const OutCall &Call, Includes &Inc) {
  std::vector<std::string> Outs = A.outNames();
  FunctionSpec F =
      spec(A, Name, A.Out, Call,
           Guard ? deviceGuard(A, *A.Functional, Inc, Outs.front()) : Code());
  if (A.hasMeta()) {
    // Refused (device, dtype) and resized before the kernel runs, as aten's
    // structured out= overloads do.
    F.lines(metaLocal(A, Inc));
    Code Options =
        optionsLocal(A, inputOptions(A, Outs.front()), Outs.size(), F);
    for (size_t I = 0; I < Outs.size(); ++I) {
      std::set<std::string> Uses = Options.Uses;
      Uses.insert(Outs[I]);
      F.stmt("::skgen::check_out(skgen_meta, " + std::to_string(I) + ", " +
                 Outs[I] + ", " + Options.Text + ")",
             Uses);
    }
    callFunctional(A, Call, F);
    checkResults(A, F);
  } else {
    callFunctional(A, Call, F);
    resultMeta(A, F, Inc);
    for (size_t I = 0; I < Outs.size(); ++I)
      F.stmt("::skgen::check_out(skgen_meta, " + std::to_string(I) + ", " +
                 Outs[I] + ", " + result(A, I) +
                 (A.T->stable() ? ")" : ".options())"),
             {Outs[I]});
  }
  for (size_t I = 0; I < Outs.size(); ++I)
    F.stmt(A.T->copyInto(Outs[I], result(A, I)), {Outs[I]});
  F.lines(returnOutArguments(A, Inc));
  return renderFunction(F);
}

std::string inplaceViaFunctional(const FamilyApi &A, const std::string &Name,
                                 bool Guard, const OutCall &Call,
                                 Includes &Inc) {
  const std::string &Self = A.Inplace->Params.front().Name;
  FunctionSpec F = spec(A, Name, *A.Inplace, Call,
                        Guard ? deviceGuard(A, *A.Inplace, Inc) : Code());
  if (A.hasMeta()) {
    // Refused (shape, dtype) before the kernel runs.
    F.lines(metaLocal(A, Inc));
    F.stmt("::skgen::check_inplace(skgen_meta, " + Self + ")", {Self});
    callFunctional(A, Call, F);
    checkResults(A, F);
  } else {
    callFunctional(A, Call, F);
    Inc.add(A.T->Runtime);
    F.stmt("::skgen::check_inplace(::skgen::result_meta(skgen_result), " +
               Self + ")",
           {Self});
  }
  F.stmt(A.T->copyInto(Self, "skgen_result"), {Self});
  F.stmt("return " + Self, {Self});
  return renderFunction(F);
}

} // namespace gen
} // namespace skgen
