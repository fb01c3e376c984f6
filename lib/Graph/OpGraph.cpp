//===- OpGraph.cpp - The link phase: facts -> op graph --------------------===//
//
// Merges the facts of all translation units into families and kernels, and
// validates them across the tree (contract §1-§3). Every check reports a
// positioned diagnostic with notes at the other places involved. The result
// does not depend on the order of the facts: inputs are sorted by location
// first, so "the first" declaration is always the one earliest in the tree.
//
//===----------------------------------------------------------------------===//
#include "Graph/OpGraph.h"
#include "Basic/AutocastPolicy.h"
#include "Basic/DispatchKeys.h"
#include "Facts/CodeText.h"
#include "Facts/OptionRules.h"
#include "Facts/SignatureCheck.h"
#include "Facts/StableBackward.h"
#include "Graph/Fallback.h"
#include "Graph/Merge.h"
#include "Graph/StableAbi.h"
#include "Schema/CppTypes.h"
#include "Schema/MetaPresets.h"
#include "Schema/Parser.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace skgen {
namespace graph {

using schema::FunctionSchema;
using schema::OperatorName;

bool OpGraph::hasErrors() const {
  for (const Diagnostic &D : Diagnostics)
    if (D.Severity == Diagnostic::Level::Error)
      return true;
  return false;
}

const Family *OpGraph::findFamily(const OperatorName &Out) const {
  for (const Family &F : Families)
    if (F.Out.Op == Out)
      return &F;
  return nullptr;
}

using schema::locInSchema;

namespace {

bool diagLess(const Diagnostic &A, const Diagnostic &B) {
  return std::tie(A.Loc, A.Message, A.Severity) <
         std::tie(B.Loc, B.Message, B.Severity);
}

class Linker {
public:
  Linker(const std::vector<TUFacts> &Facts, const LinkOptions &Opts)
      : Facts(Facts), Opts(Opts) {}

  OpGraph run() {
    G.AliasKey = Opts.AliasKey;
    G.Abi = Opts.Abi;
    collect();
    for (const KernelFact &K : All)
      if (K.AnnotationKind == KernelFact::Kind::Structured)
        addFamily(K);
    checkVariantCollisions();
    for (const KernelFact &K : All)
      if (K.AnnotationKind == KernelFact::Kind::Kernel)
        addKernelFact(K);
    resolveFallbacks(Families, Dropped, InvalidFamilies, Opts.Abi, LinkDiags);
    finish();
    return std::move(G);
  }

private:
  const std::vector<TUFacts> &Facts;
  const LinkOptions &Opts;
  OpGraph G;
  std::vector<KernelFact> All;       // Sorted, deduplicated.
  std::vector<Diagnostic> FactDiags; // Carried over from the scan.
  std::vector<Diagnostic> LinkDiags;
  std::vector<Family> Families;
  /// Out names of families that were declared but are invalid (an error was
  /// reported): kernels for them are not "undeclared".
  std::set<std::string> InvalidFamilies;
  /// Families by out operator name -> index in Families.
  std::map<std::string, size_t> ByOutName;
  /// Families by functional / in-place operator name -> index in Families
  /// (a SKGEN_KERNEL naming the functional operator is a functional kernel).
  std::map<std::string, size_t> ByFunctionalName, ByInplaceName;
  std::vector<bool> Dropped;

  void collect() {
    // Each fact with the translation unit that saw it.
    std::vector<SeenFact> Seen;
    for (const TUFacts &T : Facts) {
      for (const KernelFact &K : T.Kernels)
        Seen.push_back({K, &T.MainFile});
      FactDiags.insert(FactDiags.end(), T.Diagnostics.begin(),
                       T.Diagnostics.end());
    }
    std::vector<KernelFact> Unique =
        mergeKernelFacts(std::move(Seen), LinkDiags);
    All.clear();
    for (KernelFact &K : Unique)
      if (validFact(K))
        All.push_back(std::move(K));
    std::sort(FactDiags.begin(), FactDiags.end(), diagLess);
    FactDiags.erase(std::unique(FactDiags.begin(), FactDiags.end(),
                                [](const Diagnostic &A, const Diagnostic &B) {
                                  return A.Loc == B.Loc &&
                                         A.Message == B.Message &&
                                         A.Severity == B.Severity;
                                }),
                    FactDiags.end());
  }

  static bool sameUses(const std::vector<DerivativeFact::Use> &A,
                       const std::vector<DerivativeFact::Use> &B) {
    return std::equal(
        A.begin(), A.end(), B.begin(), B.end(),
        [](const DerivativeFact::Use &X, const DerivativeFact::Use &Y) {
          return std::tie(X.Name, X.Offset, X.Length, X.Property) ==
                 std::tie(Y.Name, Y.Offset, Y.Length, Y.Property);
        });
  }

  /// Facts may be written by hand or come from elsewhere (--facts, a cache
  /// entry): what is pasted into generated code must be what the scanner
  /// could have recorded (Facts/CodeText.h; docs/reliability.md lists the
  /// fields).
  bool validFact(const KernelFact &K) {
    SourceLoc Loc = K.AnnotationLoc.valid() ? K.AnnotationLoc : K.Loc;
    bool Ok = true;
    auto Bad = [&](const std::string &Msg) {
      report(errorAt(Loc, "malformed facts: " + Msg));
      Ok = false;
    };
    if (!isCppName(K.CppName)) {
      Bad("'" + K.CppName + "' is not a C++ function name");
      return false;
    }
    for (const std::string &Key : K.Keys)
      if (!schema::isIdentifier(Key))
        Bad("dispatch key '" + Key + "' of '" + K.CppName +
            "' is not an identifier");
    for (const auto *Name :
         {&K.Options.FunctionalOverload, &K.Options.InplaceOverload})
      if (*Name && !Name->value().empty() && !schema::isIdentifier(**Name))
        Bad("overload name '" + **Name + "' of '" + K.CppName +
            "' is not an identifier");
    if (!K.Options.AllocFunction.empty() && !isCppName(K.Options.AllocFunction))
      Bad("allocation function '" + K.Options.AllocFunction + "' of '" +
          K.CppName + "' is not a C++ function name");
    if (!K.Options.MetaFunction.empty() && !isCppName(K.Options.MetaFunction))
      Bad("meta function '" + K.Options.MetaFunction + "' of '" + K.CppName +
          "' is not a C++ function name");
    if (!K.Options.VmapFunction.empty() && !isCppName(K.Options.VmapFunction))
      Bad("batching rule '" + K.Options.VmapFunction + "' of '" + K.CppName +
          "' is not a C++ function name");
    if (!K.Options.MetaPreset.empty() &&
        !schema::findMetaPreset(K.Options.MetaPreset))
      Bad("meta preset '" + K.Options.MetaPreset + "' of '" + K.CppName +
          "' is unknown");
    if (!K.Options.Autocast.empty()) {
      const AutocastPolicyInfo *P = findAutocastPolicy(K.Options.Autocast);
      if (!P || *P->Refused)
        Bad("autocast policy '" + K.Options.Autocast + "' of '" + K.CppName +
            "' is " + (P ? "not supported" : "unknown"));
    }
    for (const std::string &A : K.Options.MetaPresetArgs)
      if (!A.empty() && !schema::isIdentifier(A))
        Bad("meta preset argument '" + A + "' of '" + K.CppName +
            "' is not an identifier");
    std::vector<DerivativeFact> AllEntries = K.Options.Derivatives;
    llvm::append_range(AllEntries, K.Options.InplaceDerivatives);
    for (const DerivativeFact &D : AllEntries) {
      // The scan reports a malformed formula at the formula.
      std::string What;
      if (std::optional<CodeTextError> E = checkCppExpression(D.Formula))
        What = "is not one C++ expression: it " + E->What + " (byte " +
               std::to_string(E->Offset + 1) + ")";
      else if (!sameUses(D.Uses, formulaUses(D.Formula)))
        What = "does not have the uses of names it records";
      if (What.empty())
        continue;
      Ok = false;
      if (!scanReported(K))
        report(errorAt(D.FormulaLoc.valid() ? D.FormulaLoc : Loc,
                       "malformed facts: the derivative formula for '" +
                           D.Names + "' of '" + K.CppName + "' " + What));
    }
    // Options the scan refuses together: it reported them at the
    // annotations (and the run fails); facts from elsewhere are refused here.
    if (!scanReported(K))
      for (const OptionConflict &C : optionConflicts(
               givenOptions(K), schema::findMetaPreset(K.Options.MetaPreset)))
        Bad("the options of '" + K.CppName + "' do not combine: " + C.Message);
    return Ok;
  }

  /// The scan reported the problems of \p K's annotation itself
  /// (KernelFact::AnnotationErrors): the link phase does not repeat them.
  /// Facts that say so without holding an error get the link's errors.
  bool scanReported(const KernelFact &K) const {
    return K.AnnotationErrors && hasErrors(FactDiags);
  }

  SourceLoc schemaOrAnnotationLoc(const KernelFact &K) const {
    return K.SchemaLoc.valid() ? K.SchemaLoc : K.AnnotationLoc;
  }

  void report(Diagnostic D) { LinkDiags.push_back(std::move(D)); }

  bool checkKeys(const KernelFact &K, const std::string &FamilyName) {
    bool Ok = true;
    // A family served through SKGEN_FALLBACK needs no kernel of its own.
    if (K.Keys.empty() && !K.Options.Fallback.empty() &&
        K.AnnotationKind == KernelFact::Kind::Structured)
      return true;
    if (K.Keys.empty()) {
      if (!scanReported(K))
        report(errorAt(K.AnnotationLoc,
                       "no dispatch key given for the kernel of '" +
                           FamilyName +
                           "' (e.g. CPU, CUDA, Meta, PrivateUse1)"));
      return false;
    }
    for (const std::string &Key : K.Keys) {
      if (!isAliasKey(Key))
        continue;
      Ok = false;
      if (!isGeneratedAliasKey(Key)) {
        // Autograd, CompositeImplicitAutograd, ...: generated code registers
        // the family's Autograd kernels; a second one would not compile.
        report(errorAt(K.AnnotationLoc,
                       "'" + Key + "' is an alias key; the kernels of '" +
                           FamilyName +
                           "' are registered per backend (CPU, CUDA, ...), "
                           "and skgen generates its alias-key and Autograd "
                           "registrations"));
        continue;
      }
      Diagnostic D = errorAt(
          K.AnnotationLoc,
          "do not register DefaultBackend/CompositeExplicitAutograd kernels "
          "for structured out ops; they are generated for you");
      D.Notes.push_back(
          noteAt(K.AnnotationLoc,
                 "'" + Key +
                     "' is the alias key; skgen registers the functional "
                     "and in-place variants of '" +
                     FamilyName + "' under it, and '" + FamilyName +
                     "' itself needs a kernel per backend"));
      report(std::move(D));
    }
    return Ok;
  }

  /// The out= schema \p Out modelling K's family (a functional schema
  /// declares a functional-first family); false after an error.
  bool familySchema(const KernelFact &K, FunctionSchema &Out,
                    bool &FunctionalFirst) {
    FunctionSchema Written;
    schema::ParseError PE;
    if (!schema::parseFunctionSchema(K.SchemaText, Written, PE)) {
      if (!scanReported(K))
        report(errorAt(locInSchema(K.SchemaLoc, K.SchemaText, PE.Offset),
                       PE.Message));
      // Without a name we cannot tell kernels of this family apart; try the
      // operator name alone so that they are not reported as undeclared.
      OperatorName Op;
      std::string Text = K.SchemaText.substr(0, K.SchemaText.find('('));
      if (schema::parseOperatorName(Text, Op, PE))
        InvalidFamilies.insert(Op.str());
      return false;
    }
    schema::VariantError VE;
    if (!schema::familyOutSchema(Written, Out, FunctionalFirst, VE)) {
      InvalidFamilies.insert(Written.Op.str());
      if (!scanReported(K)) {
        Diagnostic D = errorAt(schemaOrAnnotationLoc(K), VE.Message);
        if (!VE.Fix.empty())
          D.Notes.push_back(noteAt(K.AnnotationLoc, VE.Fix));
        report(std::move(D));
      }
      return false;
    }
    return true;
  }

  /// Declared twice (even identically, even in the same file): an error.
  bool declaredTwice(const KernelFact &K, const std::string &Name) {
    auto Prev = ByOutName.find(Name);
    if (Prev == ByOutName.end() && !InvalidFamilies.count(Name))
      return false;
    Diagnostic D =
        errorAt(K.AnnotationLoc, "op family '" + Name + "' is declared twice");
    if (Prev != ByOutName.end())
      D.Notes.push_back(noteAt(Families[Prev->second].DeclLoc,
                               "previous declaration is here"));
    D.Notes.push_back(
        noteAt(K.AnnotationLoc, "each family has exactly one SKGEN_STRUCTURED; "
                                "use SKGEN_KERNEL(\"" +
                                    Name + "\", KEY) for further kernels"));
    report(std::move(D));
    return true;
  }

  /// The family's variants (\p DV), and whether skgen can generate wrappers
  /// for all of them. \p Drop: the scan reported why not (the family is
  /// dropped without more errors).
  bool variantsOk(const KernelFact &K, const FunctionSchema &Out,
                  bool FunctionalFirst, schema::DerivedVariants &DV,
                  bool &Drop) {
    bool Ok = true;
    if (Out.Op.Namespace.empty()) {
      report(errorAt(K.SchemaLoc.valid() ? K.SchemaLoc : K.AnnotationLoc,
                     "the schema of an op family needs a namespace, e.g. "
                     "'myops::" +
                         Out.Op.str() + "'"));
      Ok = false;
    }

    schema::VariantOptions VO = variantOptions(K.Options, FunctionalFirst);
    schema::VariantError VE;
    if (Ok && !schema::deriveVariants(Out, VO, DV, VE)) {
      schema::VariantError Ignored;
      if (!schema::validateOutSchema(Out, Ignored) && scanReported(K)) {
        Drop = true;
        return false;
      }
      Diagnostic D = errorAt(schemaOrAnnotationLoc(K), VE.Message);
      if (!VE.Fix.empty())
        D.Notes.push_back(noteAt(K.AnnotationLoc, VE.Fix));
      report(std::move(D));
      Ok = false;
    }
    if (Ok) {
      for (const Argument *A : Out.outArguments())
        if (!A->Ty.isTensor()) {
          report(errorAt(schemaOrAnnotationLoc(K),
                         "out argument '" + A->Name + "' of type '" +
                             A->Ty.str() +
                             "' is not supported; skgen generates wrappers for "
                             "'Tensor(a!)' out arguments"));
          Ok = false;
        }
    }
    if (Ok) {
      // Every variant must have dispatcher C++ types for its wrappers.
      std::string Why;
      const FunctionSchema *Variants[] = {
          &Out, DV.Functional ? &*DV.Functional : nullptr,
          DV.Inplace ? &*DV.Inplace : nullptr};
      for (const FunctionSchema *S : Variants)
        if (S && Ok &&
            (!schema::parameterCppTypes(*S, Why) ||
             !schema::returnCppType(*S, Why))) {
          if (!scanReported(K))
            report(errorAt(schemaOrAnnotationLoc(K),
                           "cannot generate wrappers for '" + S->Op.str() +
                               "': " + Why));
          Ok = false;
        }
    }
    return Ok;
  }

  /// Facts may come from elsewhere (--facts): K's meta preset arguments
  /// must bind again against \p Out (into \p Options).
  bool presetFits(const KernelFact &K, const FunctionSchema &Out,
                  const std::string &Name, FamilyOptions &Options) {
    const schema::MetaPreset *P = schema::findMetaPreset(K.Options.MetaPreset);
    std::vector<std::string> Given, Bound;
    for (const std::string &A : K.Options.MetaPresetArgs)
      Given.push_back(A.empty() ? "_" : A);
    schema::PresetError PE;
    bool Ok = true;
    // Roles the facts leave out take their defaults.
    if (!schema::bindMetaPreset(*P, Out, Given, Bound, PE) ||
        !std::equal(K.Options.MetaPresetArgs.begin(),
                    K.Options.MetaPresetArgs.end(), Bound.begin()) ||
        Out.outArguments().size() != P->NumOutputs) {
      report(errorAt(K.AnnotationLoc,
                     "malformed facts: meta preset '" + K.Options.MetaPreset +
                         "' of '" + Name + "' does not fit its schema" +
                         (PE.Message.empty() ? "" : ": " + PE.Message)));
      Ok = false;
    }
    Options.MetaPresetArgs = Bound;
    return Ok;
  }

  /// F's derivative formulas (F.Derivs, F.InplaceDerivs, F.StableBackward)
  /// and whether they can be generated. The scan reports the entries'
  /// errors; facts may come from elsewhere.
  bool derivativesOk(Family &F, const KernelFact &K, const std::string &Name) {
    bool Ok = true;
    std::vector<derivatives::DerivativeError> DE;
    F.Derivs = derivatives::analyze(F.Out, F.Options, DE);
    if (Opts.Abi == Abi::Stable && F.Derivs.differentiable() &&
        F.Variants.Functional) {
      schema::FunctionSchema S;
      schema::ParseError PE;
      if (schema::parseFunctionSchema(
              derivatives::backwardOperatorSchema(
                  derivatives::backwardOperator(F.Derivs),
                  derivatives::backwardOperatorName(F.Variants.Functional->Op)),
              S, PE))
        F.StableBackward = std::move(S);
    }
    // Formulas become Autograd kernels, which neither an external family
    // (aten's own serve it) nor the pre-1.10 DefaultBackend key has.
    if (F.Derivs.differentiable() &&
        (F.Options.External || Opts.AliasKey == keys::DefaultBackend)) {
      report(errorAt(F.Options.Derivatives.front().NamesLoc,
                     F.Options.External
                         ? "derivative formulas of '" + Name +
                               "' have no effect: an SKGEN_EXTERNAL family "
                               "gets no Autograd kernels (its namespace's "
                               "own serve it); remove them"
                         : "derivative formulas of '" + Name +
                               "' need Autograd kernels, which "
                               "--alias-key=DefaultBackend (PyTorch <= "
                               "1.9) does not generate"));
      Ok = false;
    }
    if (!DE.empty()) {
      const DerivativeFact &E = F.Options.Derivatives[DE.front().Entry];
      if (!scanReported(K))
        report(errorAt(DE.front().AtFormula ? E.FormulaLoc : E.NamesLoc,
                       "malformed facts: " + DE.front().Message));
      Ok = false;
    }
    if (F.Options.InplaceDerivatives.empty())
      return Ok;
    const DerivativeFact &First = F.Options.InplaceDerivatives.front();
    std::vector<derivatives::DerivativeError> IE;
    F.InplaceDerivs = derivatives::analyze(F.Out, F.Options, IE,
                                           derivatives::Entries::Inplace);
    if (!F.Variants.Inplace) {
      report(errorAt(First.NamesLoc,
                     "'" + Name +
                         "' has no in-place variant for these "
                         "SKGEN_INPLACE_DERIVATIVE entries" +
                         (F.Variants.InplaceIneligibleReason.empty()
                              ? std::string()
                              : ": " + F.Variants.InplaceIneligibleReason)));
      Ok = false;
    } else if (Opts.Abi == Abi::Stable) {
      report(errorAt(First.NamesLoc,
                     "SKGEN_INPLACE_DERIVATIVE is not supported on the "
                     "stable target: its autograd is registered from "
                     "Python for the functional variant only "
                     "(docs/stable-abi.md, \"Derivatives\")"));
      Ok = false;
    }
    if (!IE.empty()) {
      const DerivativeFact &E = F.Options.InplaceDerivatives[IE.front().Entry];
      if (!scanReported(K))
        report(errorAt(IE.front().AtFormula ? E.FormulaLoc : E.NamesLoc,
                       "malformed facts: " + IE.front().Message));
      Ok = false;
    }
    return Ok;
  }

  /// Whether the target ABI can serve F (errors), with the stable ABI's
  /// warnings.
  bool abiOk(const Family &F, const KernelFact &K) {
    std::vector<Diagnostic> AbiErrors;
    if (Opts.Abi == Abi::Stable)
      AbiErrors = stableAbiGaps(F, K, Opts);
    if (std::optional<Diagnostic> D = abiMismatch(K, Opts.Abi))
      AbiErrors.push_back(std::move(*D));
    bool Ok = AbiErrors.empty();
    for (Diagnostic &D : AbiErrors)
      report(std::move(D));
    if (Ok && Opts.Abi == Abi::Stable)
      for (Diagnostic &D : stableAbiWarnings(F))
        report(std::move(D));
    return Ok;
  }

  void addFamily(const KernelFact &K) {
    FunctionSchema Out;
    bool FunctionalFirst = false;
    if (!familySchema(K, Out, FunctionalFirst))
      return;
    std::string Name = Out.Op.str();
    if (declaredTwice(K, Name))
      return;

    schema::DerivedVariants DV;
    bool Drop = false;
    bool Ok = variantsOk(K, Out, FunctionalFirst, DV, Drop);
    if (Drop) {
      InvalidFamilies.insert(Name);
      return;
    }
    FamilyOptions Options = K.Options;
    if (Ok && !K.Options.MetaPreset.empty())
      Ok = presetFits(K, Out, Name, Options);
    bool KeysOk = checkKeys(K, Name);
    // A functional kernel without the functional variant: an option
    // combination refused (by the scan, or validFact): nothing to register.
    if (Ok && K.FunctionalKernel && !DV.Functional)
      KeysOk = false;

    Family F;
    F.Out = std::move(Out);
    F.Variants = std::move(DV);
    F.Options = Options;
    if (!derivativesOk(F, K, Name))
      Ok = false;
    if (Ok)
      Ok = abiOk(F, K);
    F.DeclLoc = K.AnnotationLoc;
    F.SchemaLoc = K.SchemaLoc;
    F.DeclCppName = K.CppName;
    F.TorchCompile = K.TorchCompile;
    F.InsertAfterOffset = K.InsertAfterOffset;
    F.InsertAfterLine = K.InsertAfterLine;
    F.InsertFile = K.placementFile();
    F.Unplaced = K.DefinitionUnseen;
    if (!Ok) {
      InvalidFamilies.insert(Name);
      return;
    }
    size_t Index = Families.size();
    ByOutName.emplace(Name, Index);
    if (F.Variants.Functional)
      ByFunctionalName.emplace(F.Variants.Functional->Op.str(), Index);
    if (F.Variants.Inplace)
      ByInplaceName.emplace(F.Variants.Inplace->Op.str(), Index);
    Families.push_back(std::move(F));
    Dropped.push_back(false);
    if (KeysOk)
      for (const std::string &Key : K.Keys)
        addKernel(Index, K, Key, K.FunctionalKernel || FunctionalFirst);
  }

  void addKernel(size_t Index, const KernelFact &K, const std::string &Key,
                 bool Functional) {
    Family &F = Families[Index];
    for (const Kernel &Other : F.Kernels)
      if (Other.Key == Key) {
        Diagnostic D =
            errorAt(K.AnnotationLoc,
                    "second '" + Key + "' kernel for '" + F.Out.Op.str() + "'");
        D.Notes.push_back(
            noteAt(Other.AnnotationLoc, "previous '" + Key + "' kernel ('" +
                                            Other.CppName + "') is here"));
        report(std::move(D));
        return;
      }
    Kernel Ker;
    Ker.Key = Key;
    Ker.CppName = K.CppName;
    Ker.Functional = Functional;
    Ker.Loc = K.Loc;
    Ker.AnnotationLoc = K.AnnotationLoc;
    Ker.InsertAfterOffset = K.InsertAfterOffset;
    Ker.InsertAfterLine = K.InsertAfterLine;
    Ker.InsertFile = K.placementFile();
    Ker.Unplaced = K.DefinitionUnseen;
    for (const CppParamFact &P : K.Params)
      Ker.ParamCanonicals.push_back(P.Canonical);
    Ker.ReturnsVoid = !Functional && K.Return.Canonical == "void";
    F.Kernels.push_back(std::move(Ker));
  }

  void addKernelFact(const KernelFact &K) {
    OperatorName Op;
    schema::ParseError PE;
    if (!schema::parseOperatorName(K.SchemaText, Op, PE)) {
      if (!scanReported(K))
        report(errorAt(locInSchema(K.SchemaLoc, K.SchemaText, PE.Offset),
                       PE.Message));
      return;
    }
    std::string Name = Op.str();
    if (InvalidFamilies.count(Name))
      return; // Its declaration already has an error.
    auto It = ByOutName.find(Name);
    // Naming the functional operator makes it a functional kernel.
    bool Functional = false;
    if (It == ByOutName.end()) {
      It = ByFunctionalName.find(Name);
      Functional = It != ByFunctionalName.end();
      if (!Functional)
        It = ByOutName.end();
    }
    auto InplaceIt = ByInplaceName.find(Name);
    if (It == ByOutName.end() && InplaceIt != ByInplaceName.end()) {
      const Family &F = Families[InplaceIt->second];
      Diagnostic D = errorAt(
          schemaOrAnnotationLoc(K),
          "SKGEN_KERNEL names the in-place variant '" + Name + "' of '" +
              F.Out.Op.str() +
              "'; a kernel implements the out= or the functional variant, "
              "and skgen derives the in-place one");
      D.Notes.push_back(noteAt(
          F.DeclLoc, "'" + F.Out.Op.str() + "' is declared here; name '" +
                         F.Out.Op.str() + "' (an out kernel)" +
                         (F.Variants.Functional
                              ? " or '" + F.Variants.Functional->Op.str() +
                                    "' (a functional kernel)"
                              : std::string())));
      report(std::move(D));
      return;
    }
    if (It == ByOutName.end()) {
      Diagnostic D =
          errorAt(schemaOrAnnotationLoc(K),
                  "SKGEN_KERNEL for undeclared op family '" + Name + "'");
      // Suggest families of the same operator (e.g. a missing `.out`).
      for (const Family &F : Families)
        if (F.Out.Op.qualifiedName() == Op.qualifiedName())
          D.Notes.push_back(
              noteAt(F.DeclLoc,
                     "did you mean '" + F.Out.Op.str() + "', declared here?"));
      if (D.Notes.empty())
        D.Notes.push_back(
            noteAt(schemaOrAnnotationLoc(K),
                   "declare the family with SKGEN_STRUCTURED(\"" + Name +
                       "(...) -> ...\", KEY) on its out kernel; if a file not "
                       "scanned declares it, pass that file too (or -p with a "
                       "compilation database that lists it)"));
      report(std::move(D));
      return;
    }
    if (Dropped[It->second])
      return;
    if (!Functional && !Families[It->second].Variants.OutDefined) {
      const Family &F = Families[It->second];
      Diagnostic D = errorAt(
          schemaOrAnnotationLoc(K),
          "SKGEN_KERNEL names '" + Name + "', which '" +
              F.Variants.Functional->Op.str() +
              "' does not define: the family is declared by its functional "
              "schema");
      D.Notes.push_back(noteAt(
          F.DeclLoc, "name '" + F.Variants.Functional->Op.str() +
                         "' (a functional kernel), or add SKGEN_WITH_OUT "
                         "here to define '" +
                         Name + "' too"));
      report(std::move(D));
      return;
    }
    if (!checkKeys(K, Name))
      return;
    // A kernel whose family schema was not visible in its translation unit
    // is checked here, from the recorded signature (scanned facts only:
    // every out= kernel has at least one parameter).
    const Family &F = Families[It->second];
    if (!K.SignatureChecked && !K.Params.empty()) {
      std::vector<Diagnostic> Diags;
      checkSignature(K, Functional ? *F.Variants.Functional : F.Out,
                     F.SchemaLoc, Diags);
      for (Diagnostic &D : Diags)
        report(std::move(D));
    }
    if (std::optional<Diagnostic> D = abiMismatch(K, Opts.Abi)) {
      report(std::move(*D));
      return;
    }
    // (A family declared without one had its error, unless SKGEN_FALLBACK
    // serves it and it had no kernel.)
    if (Opts.Abi == Abi::Stable && !F.Options.hasMeta() &&
        !F.Options.Fallback.empty()) {
      report(needsMeta(F, K));
      return;
    }
    // Per-kernel code in another file calls the family's meta function
    // through a redeclaration, which needs external linkage.
    const std::string &KernelFile = K.placementFile();
    if (F.Options.MetaFunctionLocal && KernelFile != F.InsertFile) {
      Diagnostic D = errorAt(
          K.AnnotationLoc,
          "the generated code for this kernel cannot call '" +
              F.Options.MetaFunction + "', the meta function of '" + Name +
              "': it has internal linkage or is a class member, and this "
              "kernel is in another file");
      D.Notes.push_back(noteAt(F.DeclLoc, "'" + Name +
                                              "' is declared here; "
                                              "make its meta function a "
                                              "namespace-scope function with "
                                              "external linkage"));
      report(std::move(D));
      return;
    }
    for (const std::string &Key : K.Keys)
      addKernel(It->second, K, Key, Functional);
  }

  void checkVariantCollisions() {
    // Families are in declaration-location order, so the later one reports.
    std::map<std::string, std::pair<size_t, const char *>> Seen;
    for (size_t I = 0; I < Families.size(); ++I) {
      const Family &F = Families[I];
      for (auto [Op, What] : variantNames(F)) {
        auto It = Seen.find(Op->str());
        if (It == Seen.end())
          continue;
        const Family &Other = Families[It->second.first];
        Diagnostic D = errorAt(F.SchemaLoc.valid() ? F.SchemaLoc : F.DeclLoc,
                               std::string("the ") + What + " variant '" +
                                   Op->str() + "' of '" + F.Out.Op.str() +
                                   "' collides with the " + It->second.second +
                                   " variant of '" + Other.Out.Op.str() + "'");
        D.Notes.push_back(noteAt(Other.DeclLoc, "'" + Other.Out.Op.str() +
                                                    "' is declared here"));
        D.Notes.push_back(
            noteAt(F.DeclLoc, "give the variants distinct overload names with "
                              "SKGEN_FUNCTIONAL_NAME(\"...\") / "
                              "SKGEN_INPLACE_NAME(\"...\"), or opt out with "
                              "SKGEN_NO_FUNCTIONAL / SKGEN_NO_INPLACE"));
        report(std::move(D));
        Dropped[I] = true;
        break;
      }
      if (!Dropped[I])
        for (auto [Op, What] : variantNames(F))
          Seen.emplace(Op->str(), std::make_pair(I, What));
    }
  }

  /// With PyTorch 2.x, torch.compile, torch.export and opcheck run ops on
  /// fake tensors, which need a Meta kernel; without one they fail late and
  /// obscurely (inside AOT dispatch). Say so where the family is declared.
  /// A family with a meta function gets generated Meta kernels (or registers
  /// its own by hand with SKGEN_NO_META_KERNEL): nothing to say then.
  void warnIfNoMeta(const Family &F) {
    // A fallback family is served on Meta by the general overload (whose
    // own declaration is warned about if it has no Meta kernel).
    if (!F.TorchCompile || F.Options.External || F.Options.hasMeta() ||
        F.FallbackTo)
      return;
    for (const Kernel &K : F.Kernels)
      if (K.Key == keys::Meta)
        return;
    Diagnostic D = warningAt(
        F.DeclLoc, "'" + F.name().str() +
                       "' has no Meta kernel: its ops cannot run on fake "
                       "tensors, so torch.compile, torch.export and "
                       "torch.library.opcheck fail on them");
    D.Notes.push_back(noteAt(
        F.DeclLoc, "give the family a meta function (SKGEN_META or "
                   "SKGEN_META_PRESET: skgen generates its Meta kernels), or "
                   "declare one with SKGEN_KERNEL(\"" +
                       F.name().str() +
                       "\", Meta), or keep a Python fake "
                       "(torch.library.register_fake)"));
    report(std::move(D));
  }

  /// A variant skgen does not generate is never skipped silently (the
  /// README promises `foo_`): a note at the annotation says why, until the
  /// family says so itself (SKGEN_NO_INPLACE).
  void noteMissingInplace(const Family &F) {
    if (F.Variants.Inplace || F.Options.NoInplace || F.Options.External ||
        F.Variants.InplaceIneligibleReason.empty())
      return;
    std::vector<const schema::Argument *> Ins = F.Out.nonOutArguments();
    std::string Why = F.Variants.InplaceIneligibleReason;
    std::string InplaceArgHint;
    if (!Ins.empty() && Why.find("first argument") != std::string::npos) {
      Why +=
          " (it is '" + Ins.front()->Ty.str() + " " + Ins.front()->Name + "')";
      if (Ins.front()->Name != "self")
        InplaceArgHint = "; SKGEN_INPLACE_ARG(\"" + Ins.front()->Name +
                         "\") makes it the in-place variant's argument";
    }
    report(noteAt(F.DeclLoc, "no in-place variant of '" + F.Out.Op.str() +
                                 "': " + Why +
                                 "; SKGEN_NO_INPLACE says so and silences "
                                 "this note" +
                                 InplaceArgHint));
  }

  void finish() {
    for (size_t I = 0; I < Families.size(); ++I) {
      if (Dropped[I])
        continue;
      Family F = std::move(Families[I]);
      std::sort(F.Kernels.begin(), F.Kernels.end(),
                [](const Kernel &A, const Kernel &B) {
                  return std::tie(A.Key, A.AnnotationLoc) <
                         std::tie(B.Key, B.AnnotationLoc);
                });
      warnIfNoMeta(F);
      noteMissingInplace(F);
      G.Families.push_back(std::move(F));
    }
    std::sort(G.Families.begin(), G.Families.end(),
              [](const Family &A, const Family &B) {
                return A.Out.Op.str() < B.Out.Op.str();
              });
    G.Diagnostics = std::move(FactDiags);
    std::stable_sort(LinkDiags.begin(), LinkDiags.end(), diagLess);
    G.Diagnostics.insert(G.Diagnostics.end(), LinkDiags.begin(),
                         LinkDiags.end());
  }

  using Argument = schema::Argument;
};

} // namespace

OpGraph link(const std::vector<TUFacts> &Facts, const LinkOptions &Opts) {
  OpGraph G = Linker(Facts, Opts).run();
  std::vector<Diagnostic> Placement = placementDiagnostics(Facts, G, Opts);
  G.Diagnostics.insert(G.Diagnostics.end(), Placement.begin(), Placement.end());
  return G;
}

} // namespace graph
} // namespace skgen
