//===- StableAbi.cpp - What the stable-ABI target cannot express ----------===//
#include "Graph/StableAbi.h"
#include "Facts/SignatureCheck.h"
#include "Schema/CppTypes.h"
#include "Schema/MetaPresets.h"
#include "Schema/Parser.h"

#include <algorithm>

namespace skgen {
namespace graph {
namespace {

SourceLoc atArgument(const KernelFact &Decl, const schema::Argument &A) {
  if (!Decl.SchemaLoc.valid())
    return Decl.AnnotationLoc;
  return schema::locInSchema(Decl.SchemaLoc, Decl.SchemaText, A.Offset);
}

const char *const OrLibtorch = "; or build the library with --abi=libtorch";

} // namespace

Diagnostic needsMeta(const Family &F, const KernelFact &K) {
  return errorAt(
      K.AnnotationLoc,
      "the stable target needs a meta function for '" + F.Out.Op.str() +
          "': the stable ABI has no resize_output for an out= kernel to "
          "size its outputs, so the generated code sizes them from the "
          "meta function; add SKGEN_META_PRESET(...) or SKGEN_META(fn)" +
          OrLibtorch);
}

std::vector<Diagnostic> stableAbiGaps(const Family &F, const KernelFact &Decl,
                                      const LinkOptions &Opts) {
  std::vector<Diagnostic> Out;
  const std::string Name = F.Out.Op.str();
  for (const schema::Argument &A : F.Out.Arguments) {
    std::string Why;
    if (!schema::argumentCppType(A, Why, Abi::Stable))
      Out.push_back(errorAt(atArgument(Decl, A),
                            "the stable ABI cannot pass argument '" + A.Name +
                                "' of '" + Name + "': " + Why + OrLibtorch));
  }
  std::string Why;
  if (!schema::returnCppType(F.Out, Why, Abi::Stable))
    Out.push_back(
        errorAt(Decl.SchemaLoc.valid() ? Decl.SchemaLoc : Decl.AnnotationLoc,
                "the stable ABI cannot return the results of '" + Name +
                    "': " + Why + OrLibtorch));
  if (!F.Options.Autocast.empty())
    Out.push_back(errorAt(
        Decl.AnnotationLoc,
        "the stable target cannot register the autocast wrapper of '" + Name +
            "' (SKGEN_AUTOCAST): the stable ABI has no autocast API "
            "(docs/stable-abi.md)" +
            OrLibtorch));
  // A family served by SKGEN_FALLBACK without a kernel of its own computes
  // nothing: the general family's wrappers size the outputs.
  if (!F.Options.hasMeta() &&
      (!Decl.Keys.empty() || F.Options.Fallback.empty()))
    Out.push_back(needsMeta(F, Decl));
  if (const schema::MetaPreset *P =
          F.Options.MetaPreset.empty()
              ? nullptr
              : schema::findMetaPreset(F.Options.MetaPreset)) {
    std::string Stable;
    for (const schema::MetaPreset &Q : schema::metaPresets())
      if (Q.Stable)
        Stable += (Stable.empty() ? "" : ", ") + std::string(Q.Name);
    if (!P->Stable)
      Out.push_back(errorAt(
          Decl.AnnotationLoc,
          std::string("the stable-ABI runtime has no preset '") + P->Name +
              "' (skgen/stable/structured.h has " + Stable +
              "); write SKGEN_META(fn) on its building blocks" + OrLibtorch));
    else
      for (size_t I = 0; I < P->Roles.size() && !P->Variadic; ++I)
        if (!P->Roles[I].Stable && I < F.Options.MetaPresetArgs.size() &&
            !F.Options.MetaPresetArgs[I].empty())
          Out.push_back(errorAt(
              Decl.AnnotationLoc,
              std::string("the stable-ABI runtime's preset '") + P->Name +
                  "' has no role '" + P->Roles[I].Name + "' (bound to '" +
                  F.Options.MetaPresetArgs[I] + "' of '" + Name +
                  "'); write SKGEN_META(fn)" + OrLibtorch));
  }
  if (F.Options.hasMeta() && !F.Out.Arguments.empty() &&
      !std::any_of(F.Out.Arguments.begin(), F.Out.Arguments.end(),
                   [](const schema::Argument &A) {
                     return A.Ty.isTensor() &&
                            !(A.Ty.Alias && A.Ty.Alias->IsWrite);
                   }))
    Out.push_back(errorAt(Decl.AnnotationLoc,
                          "the stable target allocates the outputs of '" +
                              Name +
                              "' like its first 'Tensor' argument, and it "
                              "has none (torch::stable has no TensorOptions)" +
                              OrLibtorch));
  // Autograd is registered from Python (torch.library.register_autograd,
  // docs/stable-abi.md "Derivatives"): the family needs the companion, and
  // its backward operator a functional variant and tensors it can return.
  if (F.hasAutogradKernels() && !Opts.PythonDefs)
    Out.push_back(errorAt(
        F.Options.Derivatives.empty() ? Decl.AnnotationLoc
                                      : F.Options.Derivatives.front().NamesLoc,
        "the autograd of '" + Name + "' (" +
            (F.Derivs.differentiable() ? "SKGEN_DERIVATIVE"
                                       : "SKGEN_NOT_DIFFERENTIABLE") +
            ") is registered by the Python companion on the stable target "
            "(the stable ABI has no autograd API in C++); set 'PythonDefs: "
            "FILE' in .skgen.yaml or --python-defs=FILE"));
  if (F.Derivs.differentiable() && !F.Variants.Functional)
    Out.push_back(
        errorAt(F.Options.Derivatives.front().NamesLoc,
                "derivative formulas of '" + Name +
                    "' need its functional variant on the stable target "
                    "(torch.library.register_autograd registers them there)"));
  for (const derivatives::BackwardFormula &B : F.Derivs.Backward) {
    for (unsigned I : B.Inputs)
      if (F.Out.Arguments[F.Derivs.Inputs[I].SchemaIndex].KwargOnly)
        Out.push_back(errorAt(
            F.Options.Derivatives[B.Entry].NamesLoc,
            "the stable target cannot differentiate keyword-only argument '" +
                F.Derivs.Inputs[I].Name + "' of '" + Name +
                "' (an autograd.Function's backward returns gradients of "
                "positional inputs only); make it positional" +
                OrLibtorch));
    // The backward operator passes a property (`w.numel()`) as an int;
    // a `Tensor?` may be None.
    for (const DerivativeFact::Use &U : B.Uses) {
      int In = F.Derivs.input(U.Name);
      if (In >= 0 && !U.Property.empty() &&
          F.Derivs.Inputs[In].Ty.isOptional() &&
          derivatives::savedByProperties(F.Derivs, unsigned(In)))
        Out.push_back(errorAt(
            F.Options.Derivatives[B.Entry].FormulaLoc,
            "the stable target cannot pass '" + U.Name + "." + U.Property +
                "()' of optional tensor '" + U.Name + "' to '" + Name +
                "''s backward operator (it may be None); read '" + U.Name +
                "' itself" + OrLibtorch));
    }
    for (unsigned I : B.Inputs)
      if (F.Derivs.Inputs[I].isTensorList())
        Out.push_back(
            errorAt(F.Options.Derivatives[B.Entry].NamesLoc,
                    "the stable target cannot return the gradient of '" +
                        F.Derivs.Inputs[I].Name + "' (a Tensor[]) from '" +
                        Name + "''s backward operator; use --abi=libtorch"));
  }
  if (F.Options.LegacyOp)
    Out.push_back(errorAt(Decl.AnnotationLoc,
                          "SKGEN_LEGACY_OP on '" + Name +
                              "' is not generated for the stable ABI yet (its "
                              "kernel would be boxed without a return); keep "
                              "the legacy operator as a hand-written one "
                              "calling '" +
                              Name + "'" + OrLibtorch));
  return Out;
}

std::vector<Diagnostic> stableAbiWarnings(const Family &F) {
  std::vector<Diagnostic> Out;
  for (const derivatives::ForwardFormula &G : F.Derivs.Forward)
    Out.push_back(warningAt(
        F.Options.Derivatives[G.Entry].NamesLoc,
        "the forward formula of '" + F.Out.Op.str() +
            "' is compiled but not registered on the stable target: forward "
            "AD through its variants raises NotImplementedError "
            "(docs/stable-abi.md, \"Derivatives\")"));
  return Out;
}

std::optional<Diagnostic> abiMismatch(const KernelFact &K, Abi Library) {
  if (K.Params.empty() && K.Return.Canonical.empty())
    return std::nullopt; // Declared in a TU not scanned in this run.
  Abi Declared = declaredAbi(K.Params, K.Return);
  if (Declared == Library)
    return std::nullopt;
  if (Library == Abi::Stable)
    return errorAt(K.Loc, "'" + K.CppName +
                              "' is written against libtorch's C++ API "
                              "(at::Tensor), but the library targets the "
                              "stable ABI (--abi=stable): take "
                              "torch::stable::Tensor and the stable types "
                              "(docs/stable-abi.md)");
  return errorAt(K.Loc, "'" + K.CppName +
                            "' is written against the stable ABI "
                            "(torch::stable::Tensor), but the library targets "
                            "libtorch's C++ API; set --abi=stable (or 'Abi: "
                            "stable' in .skgen.yaml)");
}

} // namespace graph
} // namespace skgen
