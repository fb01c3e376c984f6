//===- AnnotationOptions.cpp - Keys and family options -------------------===//
//
// The Collector's reading of a kernel's dispatch keys and of the family
// options between SKGEN_STRUCTURED and its declaration (Collector.h).
//
//===----------------------------------------------------------------------===//
#include "Basic/Annotations.h"
#include "Basic/DispatchKeys.h"
#include "Basic/LLVMCompat.h"
#include "Basic/Path.h"
#include "Facts/OptionRules.h"
#include "Facts/SignatureCheck.h"
#include "Scan/Collector.h"

#include "Scan/TorchSpellings.h"
#include "Schema/CppTypes.h"
#include "Schema/MetaPresets.h"
#include "Schema/Parser.h"
#include "Schema/Variants.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

using namespace clang;

namespace skgen {
namespace scan {

const FunctionDecl *Collector::lookupIn(
    const DeclContext *DC, llvm::ArrayRef<llvm::StringRef> Parts,
    const NamedDecl *&NonFunction, std::vector<const FunctionDecl *> *All) {
  for (size_t I = 0; I < Parts.size(); ++I) {
    DeclarationName Name(&Ctx.Idents.get(Parts[I]));
    const DeclContext *Next = nullptr;
    const FunctionDecl *Found = nullptr;
    for (const NamedDecl *ND : DC->lookup(Name)) {
      if (const auto *US = dyn_cast<UsingShadowDecl>(ND))
        ND = US->getTargetDecl();
      if (I + 1 == Parts.size()) {
        const FunctionDecl *F = dyn_cast<FunctionDecl>(ND);
        if (const auto *T = dyn_cast<FunctionTemplateDecl>(ND))
          F = T->getTemplatedDecl();
        if (!F) {
          NonFunction = ND;
          continue;
        }
        if (!All)
          return F;
        if (!Found)
          Found = F;
        All->push_back(F);
      } else if (const auto *NS = dyn_cast<NamespaceDecl>(ND)) {
        Next = NS;
      } else if (const auto *NA = dyn_cast<NamespaceAliasDecl>(ND)) {
        Next = NA->getNamespace();
      } else if (const auto *RD = dyn_cast<CXXRecordDecl>(ND)) {
        if (RD->getDefinition())
          Next = RD->getDefinition();
      }
      if (Next)
        break;
    }
    if (Found)
      return Found;
    if (!Next)
      return nullptr;
    DC = Next;
  }
  return nullptr;
}

const FunctionDecl *
Collector::lookupFunction(std::string Name, const FunctionDecl *From,
                          const NamedDecl *&NonFunction,
                          std::vector<const FunctionDecl *> *All) {
  Name.erase(std::remove_if(Name.begin(), Name.end(),
                            [](char C) { return isspace(C); }),
             Name.end());
  llvm::StringRef N(Name);
  bool Global = N.consume_front("::");
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  N.split(Parts, "::");
  for (llvm::StringRef P : Parts)
    if (!schema::isIdentifier(P))
      return nullptr;
  const DeclContext *DC =
      Global ? Ctx.getTranslationUnitDecl() : From->getDeclContext();
  for (; DC; DC = DC->getParent()) {
    if (isa<LinkageSpecDecl>(DC))
      continue;
    if (const FunctionDecl *F = lookupIn(DC, Parts, NonFunction, All))
      return F;
    if (Global)
      break;
  }
  return nullptr;
}

void Collector::checkKeys(const Annot &N, KernelFact &K, bool AllowNone) {
  std::vector<std::pair<unsigned, unsigned>> Args;
  bool HaveArgs = macroArgs(N.MacroLoc, N.Info->Macro, Args);
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  llvm::StringRef(N.Texts[1]).split(Parts, ',');
  llvm::StringSet<> Seen;
  for (size_t I = 0; I < Parts.size(); ++I) {
    llvm::StringRef Key = Parts[I].trim();
    if (Key.empty())
      continue;
    SourceLocation KeyLoc = N.MacroLoc;
    unsigned KeyArg = I + 1;
    if (HaveArgs && KeyArg < Args.size()) {
      llvm::StringRef Text =
          SM.getBufferData(SM.getFileID(N.MacroLoc))
              .slice(Args[KeyArg].first, Args[KeyArg].second);
      if (Text == Key)
        KeyLoc = offsetLoc(N.MacroLoc, Args[KeyArg].first);
    }
    if (!Seen.insert(Key).second) {
      diag(Diagnostic::Level::Warning, KeyLoc,
           "dispatch key '" + Key.str() + "' is listed more than once");
      continue;
    }
    K.Keys.push_back(Key.str());
    if (isAnnotationKey(Key))
      continue;
    std::string Best;
    unsigned BestDist = 3, SameLetters = 0;
    for (const DispatchKeyInfo &Info : dispatchKeys()) {
      if (!isAnnotationKey(Info.Name))
        continue;
      llvm::StringRef KK = Info.Name;
      SameLetters += Key.equals_insensitive(KK);
      unsigned D =
          Key.equals_insensitive(KK) ? 0
          : Key.lower() == KK.lower()
              ? 0
              : llvm::StringRef(Key.lower()).edit_distance(KK.lower(), true, 3);
      // Swapped letters (CDUA) cost one edit, as in Damerau's distance;
      // Levenshtein alone ties CDUA between CUDA and CPU.
      std::string A = Key.lower(), B = KK.lower();
      std::sort(A.begin(), A.end());
      std::sort(B.begin(), B.end());
      if (D > 1 && A == B)
        D = 1;
      if (D < BestDist) {
        BestDist = D;
        Best = KK.str();
      }
    }
    // --fix applies the error's fix-it: only where the key can mean nothing
    // else (`Cpu` -> `CPU`: the one key spelt with these letters, in another
    // case). A closer spelling (`CDUA` -> `CUDA`) is a guess: a note's.
    bool Certain = SameLetters == 1 && Key.equals_insensitive(Best);
    Diagnostic &E =
        error(KeyLoc,
              "unknown dispatch key '" + Key.str() + "'" +
                  (Certain ? "; did you mean '" + Best + "'?" : std::string()));
    if (KeyLoc != N.MacroLoc)
      E.Ranges.push_back(
          {E.Loc, Locs.convert(KeyLoc.getLocWithOffset(Key.size()))});
    if (Certain && KeyLoc != N.MacroLoc) {
      E.FixText = Best;
      E.FixLength = Key.size();
    } else if (!Certain && !Best.empty()) {
      suggest(E, KeyLoc, Best, KeyLoc != N.MacroLoc ? Key.size() : 0);
    }
  }
  if (K.Keys.empty() && !AllowNone)
    error(N.MacroLoc, std::string("'") + N.Info->Macro +
                          "' needs at least one dispatch key, e.g. " +
                          N.Info->Macro + "(\"...\", CPU)");
}

void Collector::applyOptions(const std::vector<const Annot *> &Options,
                             const FunctionDecl *FD, KernelFact &K) {
  MetaOpt = PresetOpt = AutocastOpt = nullptr;
  DerivativeOpts.clear();
  InplaceDerivativeOpts.clear();
  NotDifferentiableOpt = nullptr;
  // Each option given, at its (last) annotation.
  std::map<Annotation, const Annot *> Given;
  for (const Annot *O : Options)
    if (applyOption(*O, FD, K))
      Given[O->Info->Id] = O;
  checkOptionCombinations(Given, FD, K);
}

/// The preset SKGEN_META_PRESET(name, args...) names.
static std::string presetName(const Annot &O) {
  return llvm::StringRef(O.Texts[0]).split(',').first.trim().str();
}

bool Collector::applyOption(const Annot &O, const FunctionDecl *FD,
                            KernelFact &K) {
  FamilyOptions &F = K.Options;
  switch (O.Info->Id) {
  case Annotation::Structured:
  case Annotation::Kernel:
    return false; // Primary annotations are not options.
  case Annotation::FunctionalName:
  case Annotation::InplaceName: {
    const std::string &V = O.Texts[0];
    if (!V.empty() && !schema::isIdentifier(V)) {
      error(byteLoc(O.Args[0], 0),
            "overload name '" + V +
                "' is not an identifier (use \"\" for the default "
                "overload)");
      return false;
    }
    (O.Info->Id == Annotation::FunctionalName ? F.FunctionalOverload
                                              : F.InplaceOverload) = V;
    return true;
  }
  case Annotation::NoFunctional:
    F.NoFunctional = true;
    return true;
  case Annotation::NoInplace:
    F.NoInplace = true;
    return true;
  case Annotation::WithOut:
    F.WithOut = true;
    return true;
  case Annotation::WithInplace:
    F.WithInplace = true;
    return true;
  case Annotation::InplaceArg:
    F.InplaceArg = O.Texts[0];
    return true;
  case Annotation::LegacyOp:
    F.LegacyOp = O.Texts[0];
    return true;
  case Annotation::External:
    F.External = true;
    return true;
  case Annotation::Alloc: // Resolved once known to combine.
    return true;
  case Annotation::Meta: // Meta options are checked once the schema is known.
    MetaOpt = &O;
    return true;
  case Annotation::MetaPreset:
    PresetOpt = &O;
    return true;
  case Annotation::NoMetaKernel:
    F.NoMetaKernel = true;
    return true;
  case Annotation::KernelCasts:
    F.KernelCasts = true;
    return true;
  case Annotation::KernelIterator:
    F.KernelIterator = true;
    return true;
  case Annotation::KernelAllocates:
    F.KernelAllocates = true;
    return true;
  case Annotation::FunctionalKernel:
    K.FunctionalKernel = true;
    return true;
  case Annotation::Fallback:
    applyFallback(O, K);
    return true;
  case Annotation::Derivative:
  case Annotation::InplaceDerivative:
    applyDerivative(O, K);
    return true;
  case Annotation::NotDifferentiable:
    F.NotDifferentiable = true;
    NotDifferentiableOpt = &O;
    return true;
  case Annotation::NoAutograd:
    F.NoAutograd = true;
    return true;
  case Annotation::Autocast:
    AutocastOpt = &O; // Checked once the schema is known.
    return true;
  case Annotation::Vmap:
    F.VmapFunction = namedFunction(O, FD, "batching rule");
    return true;
  case Annotation::NoVmap:
    F.NoVmap = true;
    return true;
  }
  return false;
}

void Collector::checkOptionCombinations(
    const std::map<Annotation, const Annot *> &Given, const FunctionDecl *FD,
    KernelFact &K) {
  GivenOptions G;
  for (const auto &E : Given)
    G.add(E.first);
  const schema::MetaPreset *Preset =
      PresetOpt ? schema::findMetaPreset(presetName(*PresetOpt)) : nullptr;
  std::set<Annotation> Refused;
  for (const OptionConflict &C : optionConflicts(G, Preset)) {
    const Annot &At = *Given.at(C.At);
    Diagnostic &E =
        error(C.AtArgument ? macroArgLoc(At, 0, presetName(At)) : At.MacroLoc,
              C.Message);
    if (C.Other)
      note(E, Given.at(*C.Other)->MacroLoc,
           std::string(annotationMacro(*C.Other)) + " is here");
    Refused.insert(C.At);
  }
  // A refused preset or allocation function is not looked at further.
  if (Refused.count(Annotation::MetaPreset))
    PresetOpt = nullptr;
  auto Alloc = Given.find(Annotation::Alloc);
  if (Alloc == Given.end() || Refused.count(Annotation::Alloc))
    return;
  K.Options.AllocFunction =
      namedFunction(*Alloc->second, FD, "output-allocation function");
  diag(Diagnostic::Level::Warning, Alloc->second->MacroLoc,
       "'SKGEN_ALLOC' is deprecated: give the family a meta function "
       "instead, SKGEN_META(fn) returning skgen::Meta (the sizes and dtype "
       "of each output) or SKGEN_META_PRESET(...); then skgen also checks "
       "in-place and out= calls before the kernel runs and generates Meta "
       "kernels (docs/annotations.md, 'Meta functions')");
}

void Collector::applyFallback(const Annot &O, KernelFact &K) {
  schema::OperatorName Op;
  schema::ParseError PE;
  if (!schema::parseOperatorName(O.Texts[0], Op, PE)) {
    Diagnostic &E = error(byteLoc(O.Args[0], PE.Offset),
                          "malformed operator name: " + PE.Message);
    note(E, O.MacroLoc, "in this annotation");
    return;
  }
  K.Options.Fallback = Op.str();
  K.Options.FallbackLoc = Locs.convert(byteLoc(O.Args[0], 0));
}

std::string Collector::namedFunction(const Annot &O, const FunctionDecl *FD,
                                     llvm::StringRef What) {
  const std::string Macro = O.Info->Macro;
  std::string Name = O.Texts[0];
  SourceLocation L = O.MacroLoc;
  std::vector<std::pair<unsigned, unsigned>> Args;
  if (macroArgs(O.MacroLoc, Macro, Args) && Args.size() == 1 &&
      Args[0].first < Args[0].second)
    L = offsetLoc(O.MacroLoc, Args[0].first);
  if (Name.empty()) {
    error(L, "'" + Macro + "' needs the name of the " + What.str());
    return "";
  }
  const NamedDecl *NonFunction = nullptr;
  const FunctionDecl *F = lookupFunction(Name, FD, NonFunction);
  if (!F) {
    Diagnostic &E = error(
        L, NonFunction
               ? "'" + Macro + "' names '" + Name + "', which is not a function"
               : "'" + Macro + "' names '" + Name +
                     "', but no function of that name is declared "
                     "before the end of this translation unit");
    if (NonFunction)
      note(E, NonFunction->getLocation(), "declared here");
    return "";
  }
  return qualifiedName(F);
}

SourceLocation Collector::macroArgLoc(const Annot &O, unsigned Index,
                                      llvm::StringRef Expect) {
  std::vector<std::pair<unsigned, unsigned>> Args;
  if (!macroArgs(O.MacroLoc, O.Info->Macro, Args) || Index >= Args.size() ||
      Args[Index].first >= Args[Index].second)
    return O.MacroLoc;
  if (!Expect.empty() &&
      SM.getBufferData(SM.getFileID(O.MacroLoc))
              .slice(Args[Index].first, Args[Index].second) != Expect)
    return O.MacroLoc;
  return offsetLoc(O.MacroLoc, Args[Index].first);
}

void Collector::applyMeta(const Annot &O, const FunctionDecl *Kernel,
                          const schema::FunctionSchema &S, KernelFact &K) {
  std::string Name = O.Texts[0];
  SourceLocation L = macroArgLoc(O, 0);
  if (Name.empty()) {
    error(L, "'SKGEN_META' needs the name of the family's meta function");
    return;
  }
  const NamedDecl *NonFunction = nullptr;
  std::vector<const FunctionDecl *> All;
  const FunctionDecl *F = lookupFunction(Name, Kernel, NonFunction, &All);
  if (!F) {
    Diagnostic &E = error(
        L, NonFunction
               ? "'SKGEN_META' names '" + Name + "', which is not a function"
               : "'SKGEN_META' names '" + Name +
                     "', but no function of that name is declared");
    if (NonFunction)
      note(E, NonFunction->getLocation(), "declared here");
    return;
  }
  // Among overloads, the one with the right signature.
  std::vector<Diagnostic> Diags;
  const FunctionDecl *Match = nullptr;
  for (const FunctionDecl *C : All) {
    std::vector<Diagnostic> D;
    if (checkMetaSignature(C, S, O, D)) {
      Match = C;
      break;
    }
    if (C == F)
      Diags = std::move(D);
  }
  if (!Match) {
    Out.Diagnostics.insert(Out.Diagnostics.end(), Diags.begin(), Diags.end());
    return;
  }
  F = Match;
  auto Reject = [&](std::string Msg) {
    Diagnostic &E = error(F->getLocation(), std::move(Msg));
    note(E, O.MacroLoc, "named by SKGEN_META here");
  };
  const auto *Method = dyn_cast<CXXMethodDecl>(F);
  if (F->getDescribedFunctionTemplate() || F->isDependentContext() ||
      F->isFunctionTemplateSpecialization())
    return Reject("meta function '" + qualifiedName(F) +
                  "' is a template; name a non-template function");
  if (Method && !Method->isStatic())
    return Reject("meta function '" + qualifiedName(F) +
                  "' must be a free function or a static member function");
  if (F->isDeleted())
    return Reject("meta function '" + qualifiedName(F) +
                  "' is a deleted function");
  if (!SM.isBeforeInTranslationUnit(F->getFirstDecl()->getLocation(),
                                    O.MacroLoc)) {
    Diagnostic &E = error(L, "'SKGEN_META' names '" + qualifiedName(F) +
                                 "', which is declared after this "
                                 "annotation; declare it before the kernel "
                                 "(the generated code calls it)");
    note(E, F->getLocation(), "declared here");
    return;
  }
  K.Options.MetaFunction = qualifiedName(F);
  K.Options.MetaFunctionLocal = Method || !F->isExternallyVisible();
}

bool Collector::checkMetaSignature(const FunctionDecl *F,
                                   const schema::FunctionSchema &S,
                                   const Annot &O,
                                   std::vector<Diagnostic> &Diags) {
  std::vector<CppParamFact> Params;
  for (const ParmVarDecl *P : F->parameters())
    Params.push_back(
        paramFact(P->getType(), P->getNameAsString(), P->getLocation()));
  SourceLocation RetLoc = F->getReturnTypeSourceRange().getBegin();
  CppParamFact Ret = paramFact(F->getReturnType(), "",
                               RetLoc.isValid() ? RetLoc : F->getLocation());
  return skgen::checkMetaSignature(
      qualifiedName(F), Locs.convert(F->getLocation()), Params, Ret, S,
      Locs.convert(O.MacroLoc), Diags, symIntCanonical());
}

std::string Collector::symIntCanonical() {
  TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
  for (NamedDecl *N : TU->lookup(&Ctx.Idents.get("skgen")))
    if (const auto *NS = dyn_cast<NamespaceDecl>(N))
      for (NamedDecl *D : NS->lookup(&Ctx.Idents.get("SymInt")))
        if (const auto *TD = dyn_cast<TypedefNameDecl>(D))
          return TD->getUnderlyingType().getCanonicalType().getAsString(
              CanonPolicy);
  return "long";
}

void Collector::applyPreset(const Annot &O, const schema::FunctionSchema &S,
                            KernelFact &K) {
  llvm::SmallVector<llvm::StringRef, 4> Parts;
  llvm::StringRef(O.Texts[0]).split(Parts, ',');
  std::vector<std::string> Given;
  for (size_t I = 1; I < Parts.size(); ++I)
    Given.push_back(Parts[I].trim().str());
  std::string Name = presetName(O);
  SourceLocation NameLoc = macroArgLoc(O, 0, Name);
  if (Name.empty()) {
    error(O.MacroLoc, "'SKGEN_META_PRESET' needs a preset name, e.g. "
                      "SKGEN_META_PRESET(binary)");
    return;
  }
  const schema::MetaPreset *P = schema::findMetaPreset(Name);
  if (!P) {
    std::string Best = schema::closestMetaPreset(Name), All;
    for (const schema::MetaPreset &Q : schema::metaPresets())
      All += (All.empty() ? "" : ", ") + std::string(Q.Name);
    Diagnostic &E = error(NameLoc, "unknown meta preset '" + Name +
                                       "' (presets: " + All + ")");
    if (!Best.empty())
      suggest(E, NameLoc, Best, NameLoc != O.MacroLoc ? Name.size() : 0);
    return;
  }
  std::vector<std::string> Bound;
  schema::PresetError PE;
  if (!schema::bindMetaPreset(*P, S, Given, Bound, PE)) {
    SourceLocation At =
        PE.GivenIndex < 0
            ? NameLoc
            : macroArgLoc(O, PE.GivenIndex + 1,
                          static_cast<size_t>(PE.GivenIndex) < Given.size()
                              ? Given[PE.GivenIndex]
                              : "");
    error(At, PE.Message);
    return;
  }
  size_t Outs = S.outArguments().size();
  if (Outs != P->NumOutputs) {
    error(NameLoc, std::string("preset '") + P->Name + "' computes " +
                       std::to_string(P->NumOutputs) + " output(s); '" +
                       S.Op.str() + "' has " + std::to_string(Outs) +
                       " out argument(s)");
    return;
  }
  K.Options.MetaPreset = P->Name;
  K.Options.MetaPresetArgs = Bound;
}

std::optional<schema::FunctionSchema>
Collector::functionalVariant(const schema::FunctionSchema &Written,
                             const FamilyOptions &O) {
  schema::FunctionSchema Out;
  bool FunctionalFirst = false;
  schema::DerivedVariants DV;
  schema::VariantError VE;
  if (!schema::familyOutSchema(Written, Out, FunctionalFirst, VE))
    return std::nullopt;
  schema::VariantOptions VO = variantOptions(O, FunctionalFirst);
  VO.GenerateInplace = VO.WithInplace = false;
  VO.LegacyOp.reset();
  if (!schema::deriveVariants(Out, VO, DV, VE))
    return std::nullopt;
  return DV.Functional;
}

} // namespace scan
} // namespace skgen
