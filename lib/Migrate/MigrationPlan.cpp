//===- MigrationPlan.cpp - --migrate: adopt skgen in a library ------------===//
#include "Migrate/MigrationPlan.h"
#include "Basic/Annotations.h"
#include "Basic/DispatchKeys.h"
#include "Basic/InputFile.h"
#include "Blocks/Blocks.h"
#include "Facts/CodeText.h"
#include "Facts/SignatureCheck.h"
#include "Gen/Api.h"
#include "Migrate/AutogradFunctions.h"
#include "Schema/MetaPresets.h"
#include "Schema/Parser.h"
#include "Schema/Variants.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>
#include <optional>
#include <set>
#include <tuple>

namespace skgen {
namespace migrate {

namespace {

/// `ns::name.overload` of a registration's name (`add.out` in namespace
/// `myops`, or already qualified).
std::string qualify(const std::string &Name, const std::string &Ns) {
  llvm::StringRef Op = llvm::StringRef(Name).take_until(
      [](char C) { return C == '(' || C == ' '; });
  return Op.contains("::") ? Op.str() : Ns + "::" + Op.str();
}

/// Lines (1-based, inclusive) of skgen's generated blocks, per file: the
/// registrations there are skgen's own.
class GeneratedLines {
public:
  bool contains(const SourceLoc &L) {
    auto It = Files.find(L.File);
    if (It == Files.end()) {
      std::vector<std::pair<size_t, size_t>> Ranges;
      std::string Error;
      if (auto Buf = readRegularFile(L.File, MaxSourceFileBytes, Error)) {
        std::vector<blocks::Marker> M = blocks::findMarkers(Buf->getBuffer());
        for (size_t I = 0; I + 1 < M.size(); ++I)
          if (M[I].IsBegin && !M[I + 1].IsBegin)
            Ranges.push_back({M[I].Line + 1, M[I + 1].Line + 1});
      }
      It = Files.emplace(L.File, std::move(Ranges)).first;
    }
    for (const auto &[B, E] : It->second)
      if (L.Line >= B && L.Line <= E)
        return true;
    return false;
  }

private:
  std::map<std::string, std::vector<std::pair<size_t, size_t>>> Files;
};

struct Def {
  const HandRegistration *R;
  schema::FunctionSchema S;
};

class Planner {
public:
  Planner(const RegistrationScan &Scan, const std::vector<TUFacts> &Facts,
          const graph::OpGraph &G, const std::string &AliasKey,
          const std::vector<scan::PythonRegistration> &Python)
      : Scan(Scan), Facts(Facts), G(G), AliasKey(AliasKey), Python(Python) {
    GeneratedLines Generated;
    for (const HandRegistration &R : Scan.Registrations)
      if (!Generated.contains(R.Loc))
        Regs.push_back(&R);
    for (const UnreadFile &U : Scan.Unread)
      for (const std::string &N : U.Names)
        UnreadNames.emplace(N, U.Path);
  }

  MigrationPlan run() {
    if (stableBlocksWithoutStableAbi())
      return std::move(Plan);
    readDefs();
    TUFacts Synth;
    for (const auto &[Op, D] : Defs)
      annotate(D, Synth);
    std::vector<TUFacts> All = Facts;
    All.push_back(std::move(Synth));
    graph::LinkOptions LO;
    LO.AliasKey = AliasKey;
    LO.Abi = G.Abi;
    graph::OpGraph G1 = graph::link(All, LO);
    if (G1.hasErrors()) {
      for (const Diagnostic &D : G1.Diagnostics)
        if (D.Severity == Diagnostic::Level::Error) {
          Plan.Diags.push_back(D);
          Plan.Diags.back().Notes.push_back(
              noteAt(SourceLoc(), "while linking the annotations --migrate "
                                  "would insert"));
        }
      return std::move(Plan);
    }
    for (const graph::Family &F : G1.Families)
      for (const graph::Registration &R :
           graph::registrations(F, AliasKey, G.Abi)) {
        std::string Op = R.Op.str();
        Families[Op] = F.name().str();
        if (R.K == graph::Registration::Kind::Def)
          GenDefs[Op] = R.Schema;
        else
          GenImpls.insert({Op, R.Key});
        if (R.K == graph::Registration::Kind::AutogradNotImplemented)
          NotImplementedAutograd.insert(Op);
      }
    for (const HandRegistration *R : Regs)
      match(*R);
    return std::move(Plan);
  }

private:
  /// A STABLE_TORCH_LIBRARY* block read for a library whose generated code
  /// is libtorch's: an error at each block (nothing is planned).
  bool stableBlocksWithoutStableAbi() {
    if (G.Abi == Abi::Stable)
      return false;
    std::set<std::tuple<std::string, unsigned, unsigned>> Blocks;
    for (const HandRegistration *R : Regs)
      if (R->Stable &&
          Blocks
              .insert({R->BlockLoc.File, R->BlockLoc.Line, R->BlockLoc.Column})
              .second)
        Plan.Diags.push_back(errorAt(
            R->BlockLoc, "this " + R->Block +
                             " block registers through PyTorch's "
                             "stable ABI, but skgen would generate "
                             "libtorch code for the library; set 'Abi: "
                             "stable' in .skgen.yaml or pass --abi=stable "
                             "(docs/stable-abi.md)"));
    return !Blocks.empty();
  }

  void readDefs() {
    for (const HandRegistration *R : Regs) {
      if (R->K != HandRegistration::Kind::Def || R->Name.empty())
        continue;
      llvm::StringRef Head =
          llvm::StringRef(R->Name).take_until([](char C) { return C == '('; });
      std::string Text =
          Head.contains("::") ? R->Name : R->Namespace + "::" + R->Name;
      Def D{R, {}};
      schema::ParseError E;
      if (!schema::parseFunctionSchema(Text, D.S, E)) {
        Plan.Diags.push_back(
            noteAt(R->Loc, "left as is: skgen cannot read this schema (" +
                               E.Message + ")"));
        ++Plan.Kept;
        continue;
      }
      Parsed[R] = D.S;
      Defs.emplace(D.S.Op.str(), std::move(D));
    }
  }

  /// The structured out= schema a legacy operator \p D converts to
  /// (SKGEN_LEGACY_OP keeps \p D's name), or nullopt with the reason in
  /// LegacyWhyNot.
  std::optional<schema::FunctionSchema> legacyConversion(const Def &D) {
    std::optional<schema::FunctionSchema> Out =
        schema::structuredOutSchemaFor(D.S);
    if (!Out)
      return std::nullopt;
    auto WhyNot = [&](std::string Why) {
      LegacyWhyNot[D.S.Op.str()] = std::move(Why);
      return std::nullopt;
    };
    std::string Name =
        D.S.Op.Name + (D.S.Op.Overload.empty() ? "" : "." + D.S.Op.Overload);
    schema::VariantError VE;
    std::optional<schema::FunctionSchema> Legacy =
        schema::legacySchemaFor(*Out, Name, VE);
    if (G.Abi == Abi::Stable)
      return WhyNot("on the stable target skgen keeps no legacy operator (its "
                    "out kernels are registered boxed, as they are)");
    if (!D.S.Returns.empty())
      return WhyNot("it returns its outputs; SKGEN_LEGACY_OP keeps operators "
                    "that return nothing");
    if (!Legacy || Legacy->str() != D.S.str())
      return WhyNot("its written arguments are not its last ones, so its "
                    "kernel's parameters are not in the order of the "
                    "structured schema");
    if (G.findFamily(Out->Op) || Defs.count(Out->Op.str()))
      return WhyNot("'" + Out->Op.str() + "' is defined already");
    return Out;
  }

  /// The family \p Op's kernels by function (in \p ByFn), with their keys:
  /// functions registered at a backend key (the others, Autograd and
  /// autocast wrappers included, are not the family's kernels), the CPU
  /// kernel first when there is one. Functions are told apart by their
  /// declaration too: the CPU and the CUDA kernel may have one name in two
  /// files' anonymous namespaces.
  std::vector<std::string> kernelsByFunction(
      const std::string &Op,
      std::map<std::string, std::vector<const HandRegistration *>> &ByFn) {
    std::vector<std::string> Order;
    for (const HandRegistration *R : Regs) {
      const DispatchKeyInfo *Key = findDispatchKey(R->Key);
      if (R->K != HandRegistration::Kind::Impl || R->Name.empty() ||
          qualify(R->Name, R->Namespace) != Op ||
          R->Kernel != HandRegistration::KernelKind::Function ||
          !R->Unsupported.empty() || !Key ||
          Key->Class != DispatchKeyClass::Backend)
        continue;
      std::string Fn = R->CppName + "@" + locText(R->KernelLoc, true);
      if (!ByFn.count(Fn))
        Order.push_back(Fn);
      ByFn[Fn].push_back(R);
    }
    // SKGEN_STRUCTURED goes on the CPU kernel when there is one.
    std::stable_partition(Order.begin(), Order.end(),
                          [&](const std::string &F) {
                            for (const HandRegistration *R : ByFn[F])
                              if (R->Key == keys::CPU)
                                return true;
                            return false;
                          });
    return Order;
  }

  /// The facts the annotation of hand-written kernel \p K (registered by
  /// \p KernelRegs) of schema \p S would declare: SKGEN_STRUCTURED when \p
  /// First, else SKGEN_KERNEL.
  KernelFact
  migratedKernel(const Def &D, const HandRegistration &K,
                 const std::vector<const HandRegistration *> &KernelRegs,
                 const schema::FunctionSchema &S, bool First,
                 bool FunctionalFirst, bool Legacy) {
    KernelFact F;
    F.AnnotationKind =
        First ? KernelFact::Kind::Structured : KernelFact::Kind::Kernel;
    F.SchemaText = First ? S.str() : S.Op.str();
    F.FunctionalKernel = FunctionalFirst;
    F.SchemaLoc = D.R->Loc;
    F.CppName = K.CppName;
    F.Loc = K.KernelLoc;
    F.AnnotationLoc = K.AnnotateLoc;
    F.InsertFile = K.KernelLoc.File;
    F.Params = K.Params;
    F.Return = K.Return;
    F.SignatureOk = F.SignatureChecked = true;
    for (const HandRegistration *R : KernelRegs)
      if (!llvm::is_contained(F.Keys, R->Key))
        F.Keys.push_back(R->Key);
    if (First && Legacy) {
      F.Options.LegacyOp =
          D.S.Op.Name + (D.S.Op.Overload.empty() ? "" : "." + D.S.Op.Overload);
      F.Options.NoFunctional = F.Options.NoInplace = true;
    }
    return F;
  }

  /// The annotations (\p F's) to insert before kernel \p K's declaration.
  std::string annotationText(const Def &D, const HandRegistration &K,
                             const KernelFact &F,
                             const schema::FunctionSchema &S, bool First,
                             bool Legacy) {
    std::string Keys;
    for (const std::string &Key : F.Keys)
      Keys += ", " + Key;
    const char *Macro =
        annotationMacro(First ? Annotation::Structured : Annotation::Kernel);
    std::string Text =
        First ? Macro +
                    ("(" + gen::cppStringLiteral(
                               Legacy ? S.str()
                               : D.R->Name.find("::") < D.R->Name.find('(')
                                   ? D.R->Name
                                   : D.R->Namespace + "::" + D.R->Name)) +
                    Keys + ")"
              : Macro + ("(\"" + S.Op.str() + "\"") + Keys + ")";
    if (First && Legacy)
      for (Annotation Opt : {Annotation::LegacyOp, Annotation::NoFunctional,
                             Annotation::NoInplace})
        Text += "\n" + K.Indent + annotationMacro(Opt) +
                (Opt == Annotation::LegacyOp
                     ? "(" + gen::cppStringLiteral(*F.Options.LegacyOp) + ")"
                     : std::string());
    return Text;
  }

  /// The warning that annotates kernel \p K of operator \p Op as a kernel of
  /// \p S, with the annotation as its fix-it.
  Diagnostic annotationWarning(const Def &D, const HandRegistration &K,
                               const std::string &Op,
                               const schema::FunctionSchema &S,
                               const std::string &Text, bool First,
                               bool FunctionalFirst, bool Legacy) {
    const std::string &Fn = K.CppName;
    const char *Macro =
        annotationMacro(First ? Annotation::Structured : Annotation::Kernel);
    Diagnostic W =
        Legacy ? warningAt(K.AnnotateLoc,
                           "hand-written kernel '" + Fn +
                               "' of the legacy operator '" + Op +
                               "': annotating it with " + Macro +
                               " as a kernel of '" + S.Op.str() + "'" +
                               (First ? ", with SKGEN_LEGACY_OP for the "
                                        "callers of '" +
                                            Op + "'"
                                      : ""))
        : FunctionalFirst
            ? warningAt(K.AnnotateLoc,
                        "hand-written kernel '" + Fn +
                            "' of the functional operator '" + Op +
                            "': annotating it with " + Macro +
                            (First ? " (a family declared by its functional "
                                     "schema: no new operator)"
                                   : ""))
            : warningAt(K.AnnotateLoc, "hand-written out= kernel '" + Fn +
                                           "' of '" + Op +
                                           "': annotating it with " + Macro);
    W.FixText = Text + "\n" + K.Indent;
    W.Notes.push_back(noteAt(D.R->Loc, "the schema is defined here"));
    if (First && Legacy)
      W.Notes.push_back(legacyVariantsNote(S, D.R->Loc));
    return W;
  }

  /// A hand-written out= kernel of \p D (or of a legacy operator \p D that
  /// converts): annotate it (and the family's other kernels), and add what
  /// the annotations declare to \p Synth.
  void annotate(const Def &D, TUFacts &Synth) {
    schema::VariantError VE;
    std::optional<schema::FunctionSchema> LegacyOut;
    // The out= schema modelling a family declared by D's functional schema.
    std::optional<schema::FunctionSchema> FunctionalOut =
        functionalFirstConversion(D);
    if (FunctionalOut) {
      if (FunctionalOut->Op.Name.empty())
        return;
    } else if (!D.S.isOutVariant()) {
      LegacyOut = legacyConversion(D);
      if (!LegacyOut)
        return;
    } else if (G.findFamily(D.S.Op) || !schema::validateOutSchema(D.S, VE)) {
      return;
    }
    const bool FunctionalFirst = FunctionalOut.has_value();
    const bool Legacy = LegacyOut.has_value();
    // The schema the kernels implement and the annotation declares.
    const schema::FunctionSchema &S = LegacyOut ? *LegacyOut : D.S;
    std::string Op = D.S.Op.str();
    if (std::string F = namedUnread(
            Op, FunctionalFirst ? FunctionalOut->Op.str() : S.Op.str());
        !F.empty()) {
      UnreadFamilies[Op] = F;
      return;
    }
    const char *KernelKind = FunctionalFirst ? "kernel" : "out= kernel";
    std::map<std::string, std::vector<const HandRegistration *>> ByFn;
    std::vector<std::string> Order = kernelsByFunction(Op, ByFn);
    if (FunctionalFirst && Order.empty())
      FunctionalWhyNot[Op] = {
          "none of its kernels is a function registered by name at a backend "
          "key (m.impl(\"" +
              D.S.Op.Name + "\", TORCH_FN(f)) in TORCH_LIBRARY_IMPL(" +
              D.S.Op.Namespace + ", CPU, m))",
          true};
    bool First = true;
    // The stable target needs a meta function, which skgen cannot read off
    // a kernel: there the annotations are proposed, not inserted.
    const bool Stable = G.Abi == Abi::Stable;
    std::optional<Diagnostic> Proposal;
    // The family's SKGEN_STRUCTURED warning, and whether a Meta kernel is
    // annotated.
    std::optional<size_t> StructuredDiag;
    bool HasMeta = false;
    for (const std::string &Decl : Order) {
      const HandRegistration &K = *ByFn[Decl].front();
      const std::string &Fn = K.CppName;
      KernelFact F =
          migratedKernel(D, K, ByFn[Decl], S, First, FunctionalFirst, Legacy);
      std::vector<Diagnostic> Sig;
      std::string Cannot = K.CannotAnnotate;
      if (Cannot.empty() && declaredAbi(F.Params, F.Return) != G.Abi)
        Cannot = G.Abi == Abi::Stable
                     ? "it is written against libtorch's C++ API, but the "
                       "library targets the stable ABI"
                     : "it is written against the stable ABI, but the "
                       "library targets libtorch's C++ API";
      if (!Cannot.empty() || !checkSignature(F, S, D.R->Loc, Sig)) {
        Diagnostic W = warningAt(
            K.KernelLoc,
            std::string(KernelKind) + " '" + Fn + "' of '" + Op +
                "' is not annotated: " +
                (Cannot.empty() ? "its signature does not match the schema"
                                : Cannot));
        for (Diagnostic &N : Sig) {
          N.Severity = Diagnostic::Level::Note;
          W.Notes.push_back(N);
        }
        Plan.Diags.push_back(W);
        continue;
      }
      std::string Text = annotationText(D, K, F, S, First, Legacy);
      if (First && !Stable)
        autograd(S, K, F, Text);
      if (Stable) {
        propose(Proposal, D, K, Fn, Text, KernelKind);
        First = false;
        continue;
      }
      Diagnostic W =
          annotationWarning(D, K, Op, S, Text, First, FunctionalFirst, Legacy);
      for (const HandRegistration *R : ByFn[Decl]) {
        ConvertedKernels.insert({Op, R->Key});
        HasMeta |= R->Key == keys::Meta;
      }
      if (First)
        StructuredDiag = Plan.Diags.size();
      Plan.Diags.push_back(W);
      ++Plan.Annotated;
      if (K.IncludeLoc.valid() &&
          IncludeFiles.insert(K.IncludeLoc.File).second) {
        Diagnostic I =
            warningAt(K.IncludeLoc, "including <skgen/annotations.h> "
                                    "for the annotations");
        I.FixText = "#include <skgen/annotations.h>\n";
        Plan.Diags.push_back(I);
      }
      Synth.Kernels.push_back(std::move(F));
      First = false;
    }
    if (Proposal) {
      Proposal->Notes.push_back(metaNote(D, Proposal->Loc));
      Plan.Diags.push_back(std::move(*Proposal));
    }
    if (FunctionalFirst && !StructuredDiag && !Order.empty())
      FunctionalWhyNot[Op] =
          Proposal ? FunctionalWhy{"the stable target needs a meta function "
                                   "(see the warning at its kernel)",
                                   false}
                   : FunctionalWhy{"no kernel of it could be annotated (see "
                                   "the warnings at them)",
                                   true};
    // skgen reads no meta function off a kernel: without a hand-written
    // Meta kernel the family has none, and what served before (a Python
    // fake) keeps serving.
    if (FunctionalFirst && StructuredDiag && !HasMeta)
      Plan.Diags[*StructuredDiag].Notes.push_back(noteAt(
          Plan.Diags[*StructuredDiag].Loc,
          "'" + Op +
              "' has no Meta kernel written in C++, and skgen generates none "
              "without a meta function: a Python fake (register_fake) keeps "
              "serving; SKGEN_META(fn) or SKGEN_META_PRESET(preset) after "
              "SKGEN_STRUCTURED would let skgen generate its Meta kernels "
              "(docs/annotations.md)"));
  }

  /// A functional operator \p D (nothing mutated, returning Tensors:
  /// schema::familyOutSchema) converts to a family declared by its
  /// functional schema, which defines no other operator: the out= schema
  /// modelling that family; one with an empty name when \p D is already
  /// such a family, or the functional variant of another family; nullopt
  /// (with the reason in FunctionalWhyNot or NotFunctional) when it does
  /// not convert.
  std::optional<schema::FunctionSchema>
  functionalFirstConversion(const Def &D) {
    std::string Op = D.S.Op.str();
    schema::FunctionSchema Out;
    bool FunctionalFirst = false;
    schema::VariantError VE;
    if (!schema::familyOutSchema(D.S, Out, FunctionalFirst, VE) ||
        !FunctionalFirst) {
      bool Mutates = llvm::any_of(D.S.Arguments, [](const schema::Argument &A) {
        return A.Ty.hasWriteAlias();
      });
      if (!Mutates)
        NotFunctional[Op] =
            D.S.Returns.empty() ? "it returns nothing" : VE.Message;
      return std::nullopt;
    }
    for (const graph::Family &F : G.Families)
      if ((F.Variants.Functional && F.Variants.Functional->Op == D.S.Op) ||
          F.Out.Op == Out.Op)
        return schema::FunctionSchema();
    // Another operator of the library declares it (or its out= schema).
    for (const auto &[Other, E] : Defs) {
      if (E.R == D.R)
        continue;
      std::optional<schema::FunctionSchema> EOut =
          E.S.isOutVariant() ? std::optional<schema::FunctionSchema>(E.S)
                             : schema::structuredOutSchemaFor(E.S);
      if (!EOut)
        continue;
      schema::DerivedVariants V;
      schema::VariantError Ignored;
      bool Derives = schema::deriveVariants(*EOut, {}, V, Ignored) &&
                     V.Functional && V.Functional->Op == D.S.Op;
      if (Derives || EOut->Op == Out.Op) {
        FunctionalWhyNot[Op] = {
            "the out= operator '" + Other + "' (at " + locText(E.R->Loc) + ")" +
                (Derives ? " derives it: skgen converts them as one family, "
                           "from its out= kernels"
                         : " is named as its out= variant would be"),
            false};
        return std::nullopt;
      }
    }
    return Out;
  }

  /// The family declared by \p Written (its out= or functional schema) has
  /// a hand-written Autograd kernel on its functional operator: its formulas
  /// (AutogradFunctions.h) go into \p Text and \p F, or SKGEN_NO_AUTOGRAD
  /// keeps the kernel, with a note at it.
  void autograd(const schema::FunctionSchema &Written,
                const HandRegistration &K, KernelFact &F, std::string &Text) {
    schema::FunctionSchema Out;
    bool FunctionalFirst = false;
    schema::DerivedVariants V;
    schema::VariantError E;
    if (!schema::familyOutSchema(Written, Out, FunctionalFirst, E) ||
        !schema::deriveVariants(
            Out, variantOptions(FamilyOptions(), FunctionalFirst), V, E) ||
        !V.Functional)
      return;
    std::string Fn = V.Functional->Op.str();
    for (const HandRegistration *R : Regs) {
      if (R->K != HandRegistration::Kind::Impl || R->Key != keys::Autograd ||
          R->Name.empty() || qualify(R->Name, R->Namespace) != Fn)
        continue;
      AutogradMigration M = migrateAutograd(Scan.Autograd, *R, *V.Functional,
                                            K.CppName, K.KernelLoc.File);
      for (const auto &[Input, Formula] : M.Derivatives) {
        Text += "\n" + K.Indent + annotationMacro(Annotation::Derivative) +
                "(" + gen::cppStringLiteral(Input) + ", " +
                gen::cppStringLiteral(Formula) + ")";
        DerivativeFact D;
        D.Names = Input;
        D.Formula = Formula;
        D.Uses = formulaUses(Formula);
        F.Options.Derivatives.push_back(std::move(D));
      }
      if (!M.Notes.empty()) {
        Text += "\n" + K.Indent + annotationMacro(Annotation::NoAutograd);
        F.Options.NoAutograd = true;
        AutogradNotes[R] = std::move(M.Notes);
      }
      return;
    }
    // Its autograd registered from Python (torch.library.register_autograd)
    // is the family's: skgen's Autograd kernel would stand beside it.
    for (const scan::PythonRegistration &P : Python)
      if (P.K == scan::PythonRegistration::Kind::Autograd &&
          scan::namesOperator(P.Op, V.Functional->Op.qualifiedName(),
                              V.Functional->Op.Overload)) {
        Text += "\n" + K.Indent + annotationMacro(Annotation::NoAutograd);
        F.Options.NoAutograd = true;
        Plan.Diags.push_back(noteAt(
            P.Loc, "the autograd of '" + Fn +
                       "' is registered here, from Python: its family gets " +
                       annotationMacro(Annotation::NoAutograd) +
                       ", which keeps it"));
        return;
      }
  }

  /// On the stable target: \p Text, the annotation of kernel \p K, as a note
  /// of the family's warning \p W (made at its first kernel).
  void propose(std::optional<Diagnostic> &W, const Def &D,
               const HandRegistration &K, const std::string &Fn,
               const std::string &Text, const char *KernelKind) {
    if (!W) {
      W = warningAt(
          K.AnnotateLoc,
          std::string(KernelKind) + " '" + Fn + "' of '" + D.S.Op.str() +
              "' is not annotated: the stable target needs a meta function "
              "for the family, and skgen cannot tell its sizes and dtypes "
              "from the kernel; annotate it by hand as below, then run "
              "--migrate again to remove its registrations");
      W->Notes.push_back(noteAt(D.R->Loc, "the schema is defined here"));
    }
    std::string Also =
        K.IncludeLoc.valid() ? " (and #include <skgen/annotations.h>)" : "";
    if (K.Key == keys::Meta)
      Also += "; or leave it out: skgen generates the Meta kernels from the "
              "meta function";
    W->Notes.push_back(
        noteAt(K.AnnotateLoc, "write " + Text + " above '" + Fn + "'" + Also));
  }

  /// Why a converted legacy operator's family has no functional or in-place
  /// variant yet, and how to get them.
  static Diagnostic legacyVariantsNote(const schema::FunctionSchema &Out,
                                       const SourceLoc &At) {
    std::string Presets;
    for (const schema::MetaPreset &P : schema::metaPresets()) {
      std::vector<std::string> Bound;
      schema::PresetError E;
      if (schema::bindMetaPreset(P, Out, {}, Bound, E))
        Presets += (Presets.empty() ? "" : ", ") + std::string(P.Name);
    }
    return noteAt(At, "a legacy kernel does not say its output's sizes, so "
                      "the family gets no functional or in-place variant "
                      "(SKGEN_NO_FUNCTIONAL, SKGEN_NO_INPLACE); to get them, "
                      "give it SKGEN_META(fn) or SKGEN_META_PRESET(preset) "
                      "(presets whose roles bind to '" +
                          Out.Op.str() +
                          "': " + (Presets.empty() ? "none" : Presets) +
                          ") and remove those two");
  }

  /// The last note of a proposal: the meta function it needs.
  static Diagnostic metaNote(const Def &D, const SourceLoc &At) {
    std::string Presets;
    for (const schema::MetaPreset &P : schema::metaPresets()) {
      if (!P.Stable)
        continue;
      std::vector<std::string> Bound;
      schema::PresetError E;
      if (schema::bindMetaPreset(P, D.S, {}, Bound, E))
        Presets += (Presets.empty() ? "" : ", ") + std::string(P.Name);
    }
    return noteAt(At, "and after SKGEN_STRUCTURED, SKGEN_META(fn) or "
                      "SKGEN_META_PRESET(preset) with the kernel's sizes and "
                      "dtypes (presets whose roles bind to '" +
                          D.S.Op.str() +
                          "': " + (Presets.empty() ? "none" : Presets) +
                          "; docs/annotations.md)");
  }

  /// Whether a file --migrate could not parse may register an operator of
  /// the family of \p Op, whose out= operator is \p Out (its string
  /// literals name `foo`, `foo_` or a `foo` overload): then the family is
  /// not planned, since skgen cannot see, remove or annotate what that file
  /// registers (a def there would clash with the generated one, kernels
  /// there would be left beside it). The file, or "".
  std::string namedUnread(const std::string &Op, const std::string &Out) {
    std::string Base = baseName(Out);
    for (const std::string &N : {baseName(Op), Base, Base + "_"}) {
      auto It = UnreadNames.find(N);
      if (It != UnreadNames.end())
        return It->second;
    }
    return "";
  }

  /// Why registration \p R of \p Op, an operator of no family skgen would
  /// generate, is kept: a note at it.
  Diagnostic notInFamily(const HandRegistration &R, const std::string &Op) {
    std::string Unread = UnreadFamilies.count(Op) ? UnreadFamilies[Op]
                         : UnreadNames.count(baseName(Op))
                             ? UnreadNames[baseName(Op)]
                             : "";
    if (!Unread.empty())
      return noteAt(R.Loc, "left as is: '" + Op +
                               "' or an operator of its "
                               "family may also be registered in '" +
                               llvm::sys::path::filename(Unread).str() +
                               "', which --migrate could not parse");
    auto It = Defs.find(Op);
    if (It == Defs.end())
      return noteAt(R.Loc, "left as is: '" + Op +
                               "' is not defined by an out= schema of this "
                               "library (skgen generates the out=, "
                               "functional and in-place operators of an "
                               "annotated out= kernel)");
    const schema::FunctionSchema &S = It->second.S;
    bool IsDef = R.K == HandRegistration::Kind::Def;
    std::string Def =
        IsDef ? "" : " (its definition, at " + locText(It->second.R->Loc) + ")";
    if (std::optional<schema::FunctionSchema> Out =
            schema::structuredOutSchemaFor(S)) {
      std::string Written;
      for (const schema::Argument *A : Out->outArguments())
        Written += (Written.empty() ? "'" : ", '") + A->Name + "'";
      Diagnostic N = noteAt(
          R.Loc, "left as is: '" + Op + "'" + Def +
                     " writes to its positional argument " + Written +
                     (S.Returns.empty() ? " and returns nothing" : "") +
                     " (the legacy out convention); skgen needs a structured "
                     "out= schema, its outputs keyword-only and returned: "
                     "'name.out(..., *, Tensor(a!) out) -> Tensor(a!)'");
      auto Why = LegacyWhyNot.find(Op);
      if (IsDef && Why != LegacyWhyNot.end())
        N.Notes.push_back(
            noteAt(R.Loc, "--migrate cannot convert it: " + Why->second));
      if (IsDef)
        N.Notes.push_back(noteAt(
            R.Loc, "to convert it by hand: annotate a kernel with the "
                   "parameters of '" +
                       Out->str() +
                       "', in that order, with SKGEN_STRUCTURED (" +
                       "it may return void), and remove these registrations; "
                       "callers of '" +
                       Op + "' then call '" + Out->Op.str() + "' (or keep '" +
                       Op + "' as a hand-written operator that calls it)"));
      return N;
    }
    schema::VariantError VE;
    if (auto Why = FunctionalWhyNot.find(Op); Why != FunctionalWhyNot.end()) {
      Diagnostic N = noteAt(R.Loc, "left as is: '" + Op + "'" + Def +
                                       " is a functional operator, but "
                                       "--migrate cannot declare its family: " +
                                       Why->second.Why);
      if (IsDef && Why->second.HowTo)
        N.Notes.push_back(noteAt(
            R.Loc, "to convert it: annotate its first backend's kernel, a "
                   "function with the schema's signature, with " +
                       std::string(annotationMacro(Annotation::Structured)) +
                       "(" + gen::cppStringLiteral(S.str()) +
                       ", KEY), the others with " +
                       annotationMacro(Annotation::Kernel) + "(\"" + Op +
                       "\", KEY), and run --migrate again"));
      return N;
    }
    if (!S.isOutVariant()) {
      auto Why = NotFunctional.find(Op);
      return noteAt(R.Loc,
                    "left as is: '" + Op + "'" + Def +
                        " is not an out= operator, and no out= "
                        "operator of this library derives it" +
                        (Why == NotFunctional.end()
                             ? std::string()
                             : "; nor a functional one (" + Why->second + ")"));
    }
    if (!schema::validateOutSchema(S, VE))
      return noteAt(R.Loc, "left as is: skgen cannot derive a family from '" +
                               Op + "'" + Def + ": " + VE.Message +
                               (VE.Fix.empty() ? "" : " (" + VE.Fix + ")"));
    return noteAt(R.Loc, "left as is: skgen annotated no kernel of '" + Op +
                             "'" + Def +
                             " (it annotates a function registered by name, "
                             "with the schema's signature)");
  }

  /// `file:line:col` (with \p FullPath, the file's path).
  static std::string locText(const SourceLoc &L, bool FullPath = false) {
    return (FullPath ? L.File : llvm::sys::path::filename(L.File).str()) + ":" +
           std::to_string(L.Line) + ":" + std::to_string(L.Column);
  }

  void match(const HandRegistration &R) {
    bool IsDef = R.K == HandRegistration::Kind::Def;
    if (R.Name.empty()) {
      Plan.Diags.push_back(noteAt(R.Loc, "left as is: " + R.Unsupported));
      ++Plan.Kept;
      return;
    }
    std::string Op;
    if (IsDef) {
      auto It = Parsed.find(&R);
      if (It == Parsed.end())
        return; // Noted by readDefs.
      Op = It->second.Op.str();
    } else {
      Op = qualify(R.Name, R.Namespace);
    }
    if (!Families.count(Op)) {
      Plan.Diags.push_back(notInFamily(R, Op));
      ++Plan.Kept;
      return;
    }
    std::string What = IsDef
                           ? "definition of '" + Op + "'"
                           : (R.Key.empty() ? "catch-all" : "'" + R.Key + "'") +
                                 " kernel of '" + Op + "'";
    bool Generated = IsDef ? GenDefs.count(Op) > 0
                           : !R.Key.empty() && GenImpls.count({Op, R.Key});
    // A converted legacy operator's kernel is now its out= overload's.
    if (!IsDef && !Generated && ConvertedKernels.count({Op, R.Key}) &&
        R.Unsupported.empty() && R.RemoveLoc.valid()) {
      Diagnostic W =
          warningAt(R.RemoveLoc, "hand-written " + What + " is now the '" +
                                     R.Key + "' kernel of '" + Families[Op] +
                                     "', which the generated '" + Op +
                                     "' calls: removing it");
      W.FixLength = R.RemoveLength;
      W.Ranges.push_back(R.Range);
      Plan.Diags.push_back(W);
      Plan.RemovedRegs.push_back(&R);
      ++Plan.Removed;
      return;
    }
    if (!Generated) {
      Plan.Diags.push_back(
          noteAt(R.Loc, "left as is: skgen's generated code has no " + What +
                            " (family '" + Families[Op] + "')"));
      for (Diagnostic &N : AutogradNotes[&R])
        Plan.Diags.back().Notes.push_back(std::move(N));
      ++Plan.Kept;
      return;
    }
    // The family has no formulas (this run could not read them off, or it
    // was annotated before): removing the kernel would lose the gradients.
    if (!IsDef && R.Key == keys::Autograd && NotImplementedAutograd.count(Op)) {
      Diagnostic W = warningAt(
          R.Loc, "hand-written Autograd kernel of '" + Op +
                     "' is the library's autograd, but family '" +
                     Families[Op] +
                     "' has no derivative formulas: skgen would register "
                     "its not-implemented Autograd kernel too; left as is");
      W.Ranges.push_back(R.Range);
      W.Notes.push_back(noteAt(
          SourceLoc(), "give the family its formulas (SKGEN_DERIVATIVE) and "
                       "remove this kernel, or add SKGEN_NO_AUTOGRAD to the "
                       "family to keep it"));
      for (Diagnostic &N : AutogradNotes[&R])
        W.Notes.push_back(std::move(N));
      Plan.Diags.push_back(W);
      ++Plan.Kept;
      return;
    }
    std::string Clash =
        IsDef ? "which makes the library fail to load ('registered multiple "
                "times')"
              : "and the kernel registered last would override the other";
    if (!R.Unsupported.empty() || !R.RemoveLoc.valid()) {
      Diagnostic W =
          warningAt(R.Loc, "hand-written " + What +
                               " duplicates skgen's generated one, " + Clash +
                               "; skgen cannot remove it: " + R.Unsupported +
                               "; remove it by hand");
      W.Ranges.push_back(R.Range);
      Plan.Diags.push_back(W);
      ++Plan.Kept;
      return;
    }
    if (IsDef && GenDefs[Op]->str() != Parsed[&R].str()) {
      Diagnostic W =
          warningAt(R.Loc, "hand-written " + What +
                               " differs from the one skgen generates, " +
                               Clash + "; left as is: make them agree");
      W.Ranges.push_back(R.Range);
      W.Notes.push_back(
          noteAt(SourceLoc(), "skgen generates '" + GenDefs[Op]->str() + "'"));
      Plan.Diags.push_back(W);
      ++Plan.Kept;
      return;
    }
    Diagnostic W = warningAt(R.RemoveLoc, "hand-written " + What +
                                              " duplicates skgen's generated "
                                              "one: removing it");
    W.FixLength = R.RemoveLength;
    W.Ranges.push_back(R.Range);
    Plan.Diags.push_back(W);
    Plan.RemovedRegs.push_back(&R);
    ++Plan.Removed;
  }

  const RegistrationScan &Scan;
  const std::vector<TUFacts> &Facts;
  const graph::OpGraph &G;
  const std::string &AliasKey;
  std::vector<const HandRegistration *> Regs;
  std::map<std::string, Def> Defs; // By operator.
  std::map<const HandRegistration *, schema::FunctionSchema> Parsed;
  std::map<std::string, std::string> Families; // Operator -> family.
  std::map<std::string, const schema::FunctionSchema *> GenDefs;
  std::set<std::pair<std::string, std::string>> GenImpls; // (op, key)
  /// Operators whose generated Autograd kernel only raises (a family without
  /// formulas): a hand-written one is the library's autograd.
  std::set<std::string> NotImplementedAutograd;
  const std::vector<scan::PythonRegistration> &Python;
  std::set<std::string> IncludeFiles;
  /// Why a legacy operator was not converted (by operator).
  std::map<std::string, std::string> LegacyWhyNot;
  /// Why a functional operator was not converted (by operator), and
  /// whether annotating by hand would do.
  struct FunctionalWhy {
    std::string Why;
    bool HowTo;
  };
  std::map<std::string, FunctionalWhy> FunctionalWhyNot;
  /// Why an operator that mutates nothing is not functional (by operator).
  std::map<std::string, std::string> NotFunctional;
  /// (legacy operator, key) of the kernels annotated for its out= overload.
  std::set<std::pair<std::string, std::string>> ConvertedKernels;
  /// Operator names (baseName) in files not parsed, and such a file.
  std::map<std::string, std::string> UnreadNames;
  /// Defined operators whose family is not planned for that reason.
  std::map<std::string, std::string> UnreadFamilies;
  /// Why a hand-written Autograd kernel stays (by registration).
  std::map<const HandRegistration *, std::vector<Diagnostic>> AutogradNotes;
  MigrationPlan Plan;
};

} // namespace

MigrationPlan
planMigration(const RegistrationScan &Scan, const std::vector<TUFacts> &Facts,
              const graph::OpGraph &G, const std::string &AliasKey,
              const std::vector<scan::PythonRegistration> &Python) {
  return Planner(Scan, Facts, G, AliasKey, Python).run();
}

} // namespace migrate
} // namespace skgen
