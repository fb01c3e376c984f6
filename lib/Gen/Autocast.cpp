//===- Autocast.cpp - SKGEN_AUTOCAST's wrapper and registration -----------===//
//
// aten's autocast wrappers (ATen/autocast_mode.h, WrapFunction_), one per
// policy, written out for a family's functional variant:
//
//   lower_precision_fp  every floating Tensor argument cast to the device's
//                       autocast dtype (at::autocast::cached_cast)
//   fp32                ... to float
//   promote             ... to the widest of them (at::autocast::promote_type)
//   fp32_set_opt_dtype  when the first argument is eligible, a `ScalarType?`
//                       argument without a value becomes float; no cast
//
// each under c10::impl::ExcludeDispatchKeyGuard of the device's autocast key,
// then a new dispatch of the functional operator, as aten's wrappers call
// at::op. One template over the device, registered per autocast key by
// SKGEN_AUTOCAST_IMPL from skgen/autocast.h's table.
//
//===----------------------------------------------------------------------===//
#include "Gen/Autocast.h"

#include "Basic/AutocastPolicy.h"

namespace skgen {
namespace gen {

using graph::Registration;

namespace {

/// A Tensor, Tensor? or Tensor[] argument: one at::autocast::cached_cast
/// casts (aten's overloads; Tensor?[] passes uncast, as in aten).
bool castable(const schema::Type &T) {
  return T.unwrapOptional().isTensor() ||
         (T.isList() && T.Elements.front().isTensor());
}

/// A Tensor or Tensor[] argument: one at::autocast::promote_type weighs
/// (its Tensor? arguments are ignored by aten's prioritize).
bool promoted(const schema::Type &T) {
  return T.isTensor() || (T.isList() && T.Elements.front().isTensor());
}

bool optionalDtype(const schema::Type &T) {
  return T.isOptional() && T.unwrapOptional().isNamed("ScalarType");
}

/// The arguments of \p Sig, each through \p Wrap where \p Select says.
template <class Select, class Wrap>
Code arguments(const CppSignature &Sig, Select S, Wrap W) {
  Code C;
  for (size_t I = 0; I < Sig.Params.size(); ++I) {
    const CppParam &P = Sig.Params[I];
    C.Text += (I ? ", " : "") + (P.Arg && S(P.Arg->Ty) ? W(P.Name) : P.Name);
    C.Uses.insert(P.Name);
  }
  return C;
}

std::string wrapper(const FamilyApi &A, const Registration &R,
                    AutocastPolicy Policy, const std::string &Name,
                    Includes &Inc) {
  const CppSignature &Sig = *A.Functional;
  FunctionSpec F;
  F.Name = Name;
  F.Sig = Sig;
  F.stmt("c10::impl::ExcludeDispatchKeyGuard skgen_no_autocast("
         "at::autocast::get_autocast_dispatch_key_from_device_type(Device))");
  const std::string Handle = typedHandle(R.Op, Sig, Inc);
  auto Call = [&](const Code &Args) {
    F.stmt("return " + Handle + ".call(" + Args.Text + ")", Args.Uses);
  };
  const std::string Lower =
      "at::autocast::get_lower_precision_fp_from_device_type(Device)";
  switch (Policy) {
  case AutocastPolicy::lower_precision_fp:
    F.stmt("const at::ScalarType skgen_to = " + Lower);
    break;
  case AutocastPolicy::fp32:
  case AutocastPolicy::fp32_append_dtype: // Refused by the scan and link.
    F.stmt("const at::ScalarType skgen_to = at::kFloat");
    break;
  case AutocastPolicy::promote: {
    Code Weighed;
    for (const CppParam &P : Sig.Params)
      if (P.Arg && promoted(P.Arg->Ty)) {
        Weighed.Text += ", " + P.Name;
        Weighed.Uses.insert(P.Name);
      }
    F.stmt("const at::ScalarType skgen_to = at::autocast::promote_type(" +
               Lower + ", Device" + Weighed.Text + ")",
           Weighed.Uses);
    break;
  }
  case AutocastPolicy::fp32_set_opt_dtype: {
    const std::string &First = Sig.Params.front().Name;
    Code Unaltered = callArguments(Sig, {});
    F.stmt("if (!at::autocast::is_eligible(" + First + ", Device))\n" +
               "  return " + Handle + ".call(" + Unaltered.Text + ")",
           Unaltered.Uses);
    Call(arguments(Sig, optionalDtype, [](const std::string &N) {
      return "at::autocast::set_opt_dtype(at::kFloat, " + N + ")";
    }));
    return "template <c10::DeviceType Device>\n" + renderFunction(F);
  }
  }
  Call(arguments(Sig, castable, [](const std::string &N) {
    return "at::autocast::cached_cast(skgen_to, " + N + ", Device)";
  }));
  return "template <c10::DeviceType Device>\n" + renderFunction(F);
}

} // namespace

std::string autocastSection(const FamilyApi &A,
                            const std::vector<Registration> &Regs,
                            Includes &Inc) {
  const AutocastPolicyInfo *P = findAutocastPolicy(A.F->Options.Autocast);
  if (!P || !A.Functional)
    return "";
  for (const Registration &R : Regs) {
    if (R.K != Registration::Kind::Autocast)
      continue;
    Inc.add("skgen/autocast.h");
    Inc.add("skgen/library.h");
    Inc.add(A.T->LibraryHeader);
    const std::string Name = Inc.Names.wrapper(R.Key, R.Op);
    static const CodeTemplate Section(
        R"(// Autocast (SKGEN_AUTOCAST(${policy})): the functional variant on every
// autocast key of this PyTorch (skgen/autocast.h); in-place and out= run
// uncast, as aten's
${wrapper}

${fragment}(${ns}, m) {
  SKGEN_AUTOCAST_IMPL(m, ${op}, ${name});
}
)");
    return Section.substitute(
        {{"policy", P->Name},
         {"wrapper", anonymousNamespace(wrapper(A, R, P->Id, Name, Inc))},
         {"fragment", A.T->Fragment},
         {"ns", R.Op.Namespace},
         {"op", cppStringLiteral(opNameWithoutNamespace(R.Op))},
         {"name", Name}});
  }
  return "";
}

} // namespace gen
} // namespace skgen
