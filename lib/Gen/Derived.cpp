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
std::string callFunctional(const FamilyApi &A, const OutCall &Call) {
  return Call.Prelude + indent(2) + "const " + A.Functional->ReturnType +
         " skgen_result = " + Call.call(A.Functional->argumentNames()) + ";\n";
}

/// With a meta function: the kernel's result has the sizes it computed.
std::string checkResults(const FamilyApi &A) {
  std::string S;
  for (size_t I = 0; I < A.outNames().size(); ++I)
    S += indent(2) + "::skgen::check_result(skgen_meta, " + std::to_string(I) +
         ", " + result(A, I) + ", " +
         cppStringLiteral(A.F->Variants.Functional->Op.str()) + ");\n";
  return S;
}

/// Without a meta function: `skgen_meta` describes the result.
std::string resultMeta(const FamilyApi &A, Includes &Inc) {
  Inc.add("skgen/structured.h");
  size_t N = A.outNames().size();
  if (N == 1)
    return indent(2) + "const ::skgen::Meta skgen_meta = "
                       "::skgen::result_meta(skgen_result);"
                       "\n";
  std::string L;
  for (size_t I = 0; I < N; ++I)
    L += (I ? ", " : "") + std::string("::skgen::result_meta(") + result(A, I) +
         ")";
  return indent(2) + "const ::skgen::Meta skgen_meta{" + L + "};\n";
}

} // namespace

OutCall functionalDispatch(const FamilyApi &A, bool Redispatch, Includes &Inc) {
  Inc.add("ATen/core/dispatch/Dispatcher.h");
  const schema::OperatorName &Op = A.F->Variants.Functional->Op;
  std::string Handle = indent(2) + "static auto skgen_op =\n" + indent(6) +
                       "c10::Dispatcher::singleton()\n" + indent(10) +
                       ".findSchemaOrThrow(" +
                       cppStringLiteral(Op.qualifiedName()) + ", " +
                       cppStringLiteral(Op.Overload) + ")\n" + indent(10) +
                       ".typed<" + A.Functional->functionType() + ">();\n";
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
  std::string S;
  if (Guard)
    S += deviceGuard(*A.Functional, Inc, Outs.front());
  if (A.hasMeta()) {
    // Refused (device, dtype) and resized before the kernel runs, as aten's
    // structured out= overloads do.
    S += metaCall(A, Inc);
    std::string Options = inputOptions(A, Outs.front());
    if (Outs.size() > 1 || Options.find('?') != std::string::npos) {
      S += indent(2) + "const at::TensorOptions skgen_options = " + Options +
           ";\n";
      Options = "skgen_options";
    }
    for (size_t I = 0; I < Outs.size(); ++I)
      S += indent(2) + "::skgen::check_out(skgen_meta, " + std::to_string(I) +
           ", " + Outs[I] + ", " + Options + ");\n";
    S += callFunctional(A, Call);
    S += checkResults(A);
  } else {
    S += callFunctional(A, Call);
    S += resultMeta(A, Inc);
    for (size_t I = 0; I < Outs.size(); ++I)
      S += indent(2) + "::skgen::check_out(skgen_meta, " + std::to_string(I) +
           ", " + Outs[I] + ", " + result(A, I) + ".options());\n";
  }
  for (size_t I = 0; I < Outs.size(); ++I)
    S += indent(2) + Outs[I] + ".copy_(" + result(A, I) + ");\n";
  S += returnOutArguments(A, Inc);
  return withKeys(A.Out.declaration(Name), &Call) + " {\n" + S + "}\n";
}

std::string inplaceViaFunctional(const FamilyApi &A, const std::string &Name,
                                 bool Guard, const OutCall &Call,
                                 Includes &Inc) {
  const std::string &Self = A.Inplace->Params.front().Name;
  std::string S;
  if (Guard)
    S += deviceGuard(*A.Inplace, Inc);
  if (A.hasMeta()) {
    // Refused (shape, dtype) before the kernel runs.
    S += metaCall(A, Inc);
    S += indent(2) + "::skgen::check_inplace(skgen_meta, " + Self + ");\n";
    S += callFunctional(A, Call);
    S += checkResults(A);
  } else {
    S += callFunctional(A, Call);
    Inc.add("skgen/structured.h");
    S += indent(2) +
         "::skgen::check_inplace(::skgen::result_meta(skgen_result)"
         ", " +
         Self + ");\n";
  }
  S += indent(2) + Self + ".copy_(skgen_result);\n";
  S += indent(2) + "return " + Self + ";\n";
  return withKeys(A.Inplace->declaration(Name), &Call) + " {\n" + S + "}\n";
}

} // namespace gen
} // namespace skgen
