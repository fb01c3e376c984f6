//===- Derivatives.cpp - A family's derivative formulas -------------------===//
#include "Facts/Derivatives.h"

#include "Schema/CppTypes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <set>

namespace skgen {
namespace derivatives {

static const SavedProperty Properties[] = {
    // Symbolic under torch.compile with PyTorch 2, plain integers with 1.13
    // (skgen/autograd.h; skgen::SymInt is skgen/symint.h's). The stable ABI
    // has no SymInt: concrete sizes.
    {"sym_sizes", "std::vector<::skgen::SymInt>",
     "::skgen::autograd::sym_sizes", "int[]", "{0}.shape", nullptr},
    {"sizes", "std::vector<int64_t>", "::skgen::autograd::sizes", "int[]",
     "{0}.shape", nullptr},
    {"sym_strides", "std::vector<::skgen::SymInt>",
     "::skgen::autograd::sym_strides", "int[]", "{0}.stride()", nullptr},
    {"strides", "std::vector<int64_t>", "::skgen::autograd::strides", "int[]",
     "{0}.stride()", nullptr},
    {"sym_numel", "::skgen::SymInt", "::skgen::autograd::sym_numel", "int",
     "{0}.numel()", nullptr},
    {"numel", "int64_t", "::skgen::autograd::numel", "int", "{0}.numel()",
     nullptr},
    {"dim", "int64_t", "::skgen::autograd::dim", "int", "{0}.dim()", nullptr},
    {"scalar_type", "at::ScalarType", "::skgen::autograd::scalar_type",
     "ScalarType", "{0}.dtype", nullptr},
    {"options", "at::TensorOptions", "::skgen::autograd::options", nullptr,
     nullptr, nullptr},
    // A Tensor[]'s (cat's backward): each element's sizes or dtype.
    {"args_sizes_symint", "std::vector<std::vector<::skgen::SymInt>>",
     "::skgen::autograd::args_sizes_symint", nullptr, nullptr,
     "to_args_sizes_symint"},
    {"args_sizes", "std::vector<std::vector<int64_t>>",
     "::skgen::autograd::args_sizes", nullptr, nullptr, "to_args_sizes"},
    {"args_scalartypes", "std::vector<at::ScalarType>",
     "::skgen::autograd::args_scalartypes", nullptr, nullptr,
     "to_args_scalartypes"},
};

llvm::ArrayRef<SavedProperty> savedProperties() { return Properties; }

const SavedProperty *findSavedProperty(llvm::StringRef Method) {
  for (const SavedProperty &P : Properties)
    if (Method == P.Method)
      return &P;
  return nullptr;
}

const SavedProperty *findListProperty(llvm::StringRef Function) {
  for (const SavedProperty &P : Properties)
    if (P.Call && Function == P.Call)
      return &P;
  return nullptr;
}

const SavedTensors *savedTensors(const schema::Type &T) {
  // torchgen's gen_autograd_functions.py: SavedVariable, unpack_list,
  // unpack_opt_list.
  static const SavedTensors Tensor{"torch::autograd::SavedVariable", "unpack",
                                   false},
      Optional{"torch::autograd::SavedVariable", "unpack_opt", false},
      List{"std::vector<torch::autograd::SavedVariable>", "unpack_list", true},
      OptionalList{"std::vector<torch::autograd::SavedVariable>",
                   "unpack_opt_list", true};
  const schema::Type &E = T.isList() ? T.Elements.front() : T;
  bool Opt = E.isOptional();
  if (!E.unwrapOptional().isTensor())
    return nullptr;
  if (T.isList())
    return Opt ? &OptionalList : &List;
  return Opt ? &Optional : &Tensor;
}

bool usesName(const std::vector<DerivativeFact::Use> &Uses,
              llvm::StringRef Name) {
  return llvm::any_of(
      Uses, [&](const DerivativeFact::Use &U) { return U.Name == Name; });
}
bool BackwardFormula::uses(llvm::StringRef Name) const {
  return usesName(Uses, Name);
}
bool ForwardFormula::uses(llvm::StringRef Name) const {
  return usesName(Uses, Name);
}
bool ForwardFormula::gives(unsigned Output) const {
  return llvm::is_contained(Outputs, Output);
}

bool Operand::isTensorLike() const {
  const schema::Type &T = Ty.unwrapOptional();
  return T.isTensor() || (T.isList() && T.Elements.front().isTensor());
}
bool Operand::isTensorList() const {
  const schema::Type &T = Ty.unwrapOptional();
  return T.isList() && T.Elements.front().isTensor();
}

std::vector<bool> Derivatives::hasFormula() const {
  std::vector<bool> Has(Inputs.size());
  for (const BackwardFormula &B : Backward)
    for (unsigned I : B.Inputs)
      Has[I] = true;
  return Has;
}

std::vector<unsigned> Derivatives::refusedInputs() const {
  std::vector<unsigned> Refused;
  std::vector<bool> Has = hasFormula();
  for (unsigned I = 0; I < Inputs.size(); ++I)
    if (Inputs[I].isTensorLike() && !Has[I] && !NonDifferentiable[I])
      Refused.push_back(I);
  return Refused;
}

int Derivatives::input(llvm::StringRef Name) const {
  for (unsigned I = 0; I < Inputs.size(); ++I)
    if (Inputs[I].Name == Name)
      return int(I);
  return -1;
}

std::vector<std::string> Derivatives::ownNames(unsigned I) const {
  std::vector<std::string> Names{Outputs[I].Name};
  if (!Outputs[I].ReturnName.empty())
    Names.push_back(Outputs[I].ReturnName);
  return Names;
}

std::vector<std::string> Derivatives::outputNames(unsigned I) const {
  std::vector<std::string> Names;
  Names.push_back(Outputs.size() == 1 ? "result"
                                      : "result" + std::to_string(I));
  for (std::string &N : ownNames(I))
    if (N != Names.front())
      Names.push_back(std::move(N));
  return Names;
}

std::vector<std::string> Derivatives::gradNames(unsigned I) const {
  std::vector<std::string> Names;
  for (const std::string &N : ownNames(I))
    Names.push_back("grad_" + N);
  return Names;
}

int Derivatives::output(llvm::StringRef Name) const {
  for (unsigned I = 0; I < Outputs.size(); ++I)
    if (llvm::is_contained(outputNames(I), Name))
      return int(I);
  return -1;
}

std::vector<unsigned> Derivatives::differentiableOutputs() const {
  std::vector<unsigned> Out;
  for (unsigned I = 0; I < Outputs.size(); ++I)
    if (OutputDifferentiable[I])
      Out.push_back(I);
  return Out;
}

std::vector<unsigned> Derivatives::differentiableInputs() const {
  std::vector<unsigned> In;
  for (unsigned I = 0; I < Inputs.size(); ++I)
    if (Inputs[I].isTensorLike() && !NonDifferentiable[I])
      In.push_back(I);
  return In;
}

bool Derivatives::withoutHistory() const {
  if (NotDifferentiable)
    return true;
  // A family without entries keeps PyTorch's not-implemented fallback
  // (torchgen's ops without derivatives.yaml entry get a NotImplemented
  // node).
  return HasEntries &&
         (differentiableInputs().empty() || differentiableOutputs().empty());
}

Derivatives::ForwardAD Derivatives::forwardAD(bool Inplace) const {
  if (!Forward.empty())
    return ForwardAD::Formulas;
  // torchgen's try_jit_decomposition: an op that returns and does not
  // modify its arguments.
  return Inplace ? ForwardAD::Refused : ForwardAD::Decomposition;
}

namespace {

/// One entry's names, split at commas, with their offsets.
struct NamePart {
  llvm::StringRef Name;
  unsigned Offset;
};

std::vector<NamePart> splitNames(llvm::StringRef Names) {
  std::vector<NamePart> Parts;
  size_t Pos = 0;
  while (Pos <= Names.size()) {
    size_t Comma = Names.find(',', Pos);
    if (Comma == llvm::StringRef::npos)
      Comma = Names.size();
    llvm::StringRef Raw = Names.slice(Pos, Comma);
    llvm::StringRef Name = Raw.ltrim();
    unsigned Offset = Pos + (Raw.size() - Name.size());
    Parts.push_back({Name.rtrim(), Offset});
    Pos = Comma + 1;
  }
  return Parts;
}

class Analyzer {
public:
  Analyzer(const schema::FunctionSchema &Out, const FamilyOptions &O,
           std::vector<DerivativeError> &Errors, Entries Which)
      : O(O), Es(entries(O, Which)), Errors(Errors) {
    D.Which = Which;
    for (unsigned I = 0; I < Out.Arguments.size(); ++I) {
      const schema::Argument &A = Out.Arguments[I];
      Operand Op{A.Name, I, A.Ty, ""};
      (A.Ty.hasWriteAlias() ? D.Outputs : D.Inputs).push_back(Op);
    }
    for (unsigned I = 0; I < D.Outputs.size() && I < Out.Returns.size(); ++I) {
      const std::string &R = Out.Returns[I].Name;
      auto Named = [&](const Operand &Op) { return Op.Name == R; };
      if (!R.empty() && llvm::none_of(D.Inputs, Named) &&
          llvm::none_of(D.Outputs, Named))
        D.Outputs[I].ReturnName = R;
    }
    D.NotDifferentiable = O.NotDifferentiable;
    D.HasEntries = !O.Derivatives.empty();
    D.NonDifferentiable.assign(D.Inputs.size(), false);
    D.OutputDifferentiable.assign(D.Outputs.size(), true);
  }

  Derivatives run() {
    std::vector<bool> Formula(D.Inputs.size());
    bool ExplicitOutputs = false;
    if (D.Which == Entries::Inplace && !Es.empty() &&
        (D.Inputs.empty() || D.Outputs.size() != 1)) {
      error(0, false, 0, Es.front().Names.size(),
            "SKGEN_INPLACE_DERIVATIVE entries are the in-place variant's, "
            "which a family with " +
                std::to_string(D.Outputs.size()) +
                " out arguments does not have");
      return std::move(D);
    }
    for (size_t E = 0; E < Es.size(); ++E) {
      const DerivativeFact &F = Es[E];
      if (O.NotDifferentiable) {
        error(E, false, 0, F.Names.size(),
              "'SKGEN_NOT_DIFFERENTIABLE' says the family has no "
              "derivatives; remove it or this entry");
        continue;
      }
      if (O.NoAutograd) {
        error(E, false, 0, F.Names.size(),
              "'SKGEN_NO_AUTOGRAD' says the family's autograd is your own, "
              "so no derivative formula is used; remove it or this entry");
        continue;
      }
      if (llvm::StringRef(F.Names).trim() == "output_differentiability") {
        ExplicitOutputs |= outputDifferentiability(E, F);
        continue;
      }
      entry(E, F, Formula);
    }
    if (!ExplicitOutputs)
      defaultOutputDifferentiability();
    gradSpelling();
    // (torchgen's: one forward tangent per differentiable output.)
    llvm::erase_if(D.Forward, [&](const ForwardFormula &F) {
      for (unsigned O : F.Outputs)
        if (!D.OutputDifferentiable[O]) {
          error(F.Entry, false, 0, Es[F.Entry].Names.size(),
                "output '" + D.Outputs[O].Name +
                    "' is not differentiable (output_differentiability); it "
                    "has no forward formula");
          return true;
        }
      return false;
    });
    ignoredFormulas();
    partialForward();
    autoFormulasOfLists();
    shadowedNames();
    return std::move(D);
  }

private:
  const FamilyOptions &O;
  const std::vector<DerivativeFact> &Es;
  std::vector<DerivativeError> &Errors;
  Derivatives D;

  void error(size_t Entry, bool AtFormula, unsigned Offset, unsigned Length,
             std::string Message, std::string Suggestion = "") {
    Errors.push_back({Entry, AtFormula, Offset, Length, std::move(Message),
                      std::move(Suggestion)});
  }

  /// `result`, `result<i>` or an output's name.
  int findOutput(llvm::StringRef Name) const {
    if (Name == "result" && D.Outputs.size() == 1)
      return 0;
    unsigned Index;
    llvm::StringRef Suffix = Name;
    if (Suffix.consume_front("result") && !Suffix.empty() &&
        !Suffix.getAsInteger(10, Index) && Index < D.Outputs.size())
      return Index;
    for (unsigned I = 0; I < D.Outputs.size(); ++I)
      if (D.Outputs[I].Name == Name || D.Outputs[I].ReturnName == Name)
        return I;
    return -1;
  }

  /// The closest name an entry could have meant (edit distance <= 2).
  std::string closest(llvm::StringRef Name) const {
    std::vector<std::string> Candidates;
    for (const Operand &Op : D.Inputs)
      Candidates.push_back(Op.Name);
    for (const Operand &Op : D.Outputs) {
      Candidates.push_back(Op.Name);
      Candidates.push_back(Op.ReturnName);
    }
    Candidates.push_back(D.Outputs.size() == 1 ? "result" : "result0");
    Candidates.push_back("output_differentiability");
    std::string Best;
    unsigned BestDist = 3;
    for (const std::string &C : Candidates) {
      if (C.empty() || C == Name) // Never the name that failed.
        continue;
      unsigned Dist = Name.edit_distance(C, true, BestDist);
      if (Dist < BestDist) {
        BestDist = Dist;
        Best = C;
      }
    }
    return Best;
  }

  void entry(size_t E, const DerivativeFact &F, std::vector<bool> &Formula) {
    std::vector<NamePart> Parts = splitNames(F.Names);
    std::vector<unsigned> Inputs;
    std::vector<unsigned> Outputs;
    for (const NamePart &P : Parts) {
      if (P.Name.empty()) {
        error(E, false, P.Offset, 0,
              "expected an argument name (names are separated by commas)");
        return;
      }
      int In = D.input(P.Name), Out = findOutput(P.Name);
      if (In >= 0) {
        Inputs.push_back(In);
        continue;
      }
      if (Out >= 0) {
        if (llvm::is_contained(Outputs, unsigned(Out))) {
          error(E, false, P.Offset, P.Name.size(),
                "output '" + D.Outputs[Out].Name +
                    "' is named twice in this entry");
          return;
        }
        Outputs.push_back(Out);
        continue;
      }
      error(E, false, P.Offset, P.Name.size(),
            "'" + P.Name.str() + "' is not an argument or output of the family",
            closest(P.Name));
      return;
    }
    llvm::StringRef Text = llvm::StringRef(F.Formula).trim();
    if (!Outputs.empty()) {
      if (!Inputs.empty()) {
        error(E, false, 0, F.Names.size(),
              "an entry names inputs (a backward formula) or outputs (a "
              "forward formula), not both");
        return;
      }
      forward(E, F, std::move(Outputs), Text);
      return;
    }
    if (Text == "non_differentiable") {
      for (unsigned I : Inputs)
        D.NonDifferentiable[I] = true;
      return;
    }
    for (size_t K = 0; K < Inputs.size(); ++K) {
      const Operand &Op = D.Inputs[Inputs[K]];
      if (!Op.isTensorLike()) {
        error(E, false, Parts[K].Offset, Parts[K].Name.size(),
              "'" + Op.Name + "' is a " + Op.Ty.str() +
                  ", not a Tensor: only Tensor, Tensor? and Tensor[] "
                  "arguments have gradients");
        return;
      }
      if (Formula[Inputs[K]] || D.NonDifferentiable[Inputs[K]]) {
        error(E, false, Parts[K].Offset, Parts[K].Name.size(),
              "'" + Op.Name + "' already has a derivative entry");
        return;
      }
    }
    for (unsigned I : Inputs)
      Formula[I] = true;
    D.Backward.push_back({Inputs, F.Formula, F.Uses, E});
  }

  void forward(size_t E, const DerivativeFact &F, std::vector<unsigned> Outputs,
               llvm::StringRef Text) {
    for (unsigned Output : Outputs)
      if (llvm::any_of(D.Forward, [&](const ForwardFormula &G) {
            return G.gives(Output);
          })) {
        error(E, false, 0, F.Names.size(),
              "output '" + D.Outputs[Output].Name +
                  "' already has a forward formula");
        return;
      }
    const bool Auto = Text == "auto_element_wise" || Text == "auto_linear";
    if (Auto && Outputs.size() > 1) {
      // (torchgen's rule: they differentiate through one output.)
      error(E, true, 0, F.Formula.size(),
            "'" + Text.str() +
                "' gives one output's tangent; write an entry per output");
      return;
    }
    ForwardFormula G;
    G.Outputs = std::move(Outputs);
    G.Entry = E;
    if (Auto) {
      G.K = Text == "auto_linear" ? ForwardFormula::Kind::AutoLinear
                                  : ForwardFormula::Kind::AutoElementWise;
    } else {
      G.Formula = F.Formula;
      G.Uses = F.Uses;
    }
    // torchgen's rule for an in-place entry: its own formula may not read
    // the value the call overwrites.
    const std::string SelfP = D.Inputs.front().Name + "_p";
    if (D.Which == Entries::Inplace && G.uses(SelfP)) {
      const DerivativeFact::Use &U =
          *llvm::find_if(G.Uses, [&](const DerivativeFact::Use &U) {
            return U.Name == SelfP;
          });
      error(E, true, U.Offset, U.Name.size(),
            "the in-place variant's forward formula cannot read '" + SelfP +
                "', the value the call overwrites: use 'result' (" +
                D.Inputs.front().Name + " after the call) or '" +
                D.originalName("_p") + "' (a copy taken before it)");
      return;
    }
    D.Forward.push_back(std::move(G));
  }

  /// auto_linear and auto_element_wise differentiate through each input's
  /// tangent (`<input>_t`), which a Tensor[] has not (torchgen's neither,
  /// outside _foreach ops).
  void autoFormulasOfLists() {
    std::vector<bool> Has = D.hasFormula();
    auto List = llvm::find_if(D.Inputs, [&](const Operand &Op) {
      return Op.isTensorList() && Has[&Op - D.Inputs.data()];
    });
    if (List == D.Inputs.end())
      return;
    llvm::erase_if(D.Forward, [&](const ForwardFormula &F) {
      if (F.K == ForwardFormula::Kind::Formula)
        return false;
      const DerivativeFact &Fact = O.Derivatives[F.Entry];
      error(F.Entry, true, 0, Fact.Formula.size(),
            "'" + llvm::StringRef(Fact.Formula).trim().str() +
                "' needs each input's tangent, and '" + List->Name +
                "' is a Tensor[]: write the formula over the list (as "
                "derivatives.yaml's cat_jvp(tensors, dim))");
      return true;
    });
  }

  /// `[True, False]`, one per output.
  bool outputDifferentiability(size_t E, const DerivativeFact &F) {
    llvm::StringRef Text = llvm::StringRef(F.Formula).trim();
    std::vector<bool> Values;
    bool Ok = Text.consume_front("[") && Text.consume_back("]");
    if (Ok) {
      llvm::SmallVector<llvm::StringRef, 4> Items;
      Text.split(Items, ',');
      for (llvm::StringRef Item : Items) {
        Item = Item.trim();
        if (Item != "True" && Item != "False") {
          Ok = false;
          break;
        }
        Values.push_back(Item == "True");
      }
    }
    if (!Ok || Values.size() != D.Outputs.size()) {
      error(E, true, 0, F.Formula.size(),
            "expected a list of " + std::to_string(D.Outputs.size()) +
                " True/False, one per output, e.g. [" +
                (D.Outputs.size() == 2 ? "True, False" : "True") + "]");
      return false;
    }
    D.OutputDifferentiable = Values;
    return true;
  }

  /// derivatives.yaml: without output_differentiability, formulas that use
  /// `grad` (not grads / grad_<name>) make only the first output
  /// differentiable.
  void defaultOutputDifferentiability() {
    bool Grad = llvm::any_of(
        D.Backward, [](const BackwardFormula &B) { return B.uses("grad"); });
    bool Others = llvm::any_of(D.Backward, [&](const BackwardFormula &B) {
      if (B.uses("grads"))
        return true;
      for (unsigned I = 0; I < D.Outputs.size(); ++I)
        for (const std::string &G : D.gradNames(I))
          if (B.uses(G))
            return true;
      return false;
    });
    if (Grad && !Others)
      for (unsigned I = 1; I < D.Outputs.size(); ++I)
        D.OutputDifferentiable[I] = false;
  }

  /// torchgen's "derivative ignored" error: formulas of a family without
  /// history (every output non-differentiable) would never run.
  void ignoredFormulas() {
    if (D.Backward.empty() || !D.differentiableOutputs().empty())
      return;
    for (const BackwardFormula &B : D.Backward)
      error(B.Entry, false, 0, O.Derivatives[B.Entry].Names.size(),
            "this formula is never used: every output of the family is "
            "non-differentiable (output_differentiability), so the family "
            "records no history; remove it or mark the input "
            "non_differentiable");
    D.Backward.clear();
  }

  /// torchgen requires a forward formula for each differentiable output
  /// once one has one (none: forward AD is refused).
  void partialForward() {
    size_t Want = D.differentiableOutputs().size(), Given = 0;
    for (const ForwardFormula &F : D.Forward)
      Given += F.Outputs.size();
    if (D.Forward.empty() || Given == Want)
      return;
    std::string Missing;
    size_t Count = 0;
    for (unsigned I : D.differentiableOutputs())
      if (llvm::none_of(D.Forward,
                        [&](const ForwardFormula &F) { return F.gives(I); })) {
        Missing += (Missing.empty() ? "'" : ", '") + D.Outputs[I].Name + "'";
        ++Count;
      }
    size_t Entry = D.Forward.front().Entry;
    error(Entry, false, 0, O.Derivatives[Entry].Names.size(),
          "forward formulas are for every differentiable output or none "
          "(as aten's): " +
              Missing + (Count > 1 ? " have" : " has") + " none");
    D.Forward.clear();
  }

  /// An argument named like a name the formulas see (`grad`, `result`, ...)
  /// would be declared twice in generated code.
  void shadowedNames() {
    if (D.Backward.empty())
      return;
    BackwardFormula Group;
    Group.Inputs = {0, 0};
    std::set<std::string> Seen;
    for (const std::vector<ScopeEntry> &Scope :
         {backwardScope(D, Group), forwardScope(D)}) {
      Seen.clear();
      for (const ScopeEntry &E : Scope)
        if (!Seen.insert(E.Name).second) {
          size_t Entry = D.Backward.front().Entry;
          error(Entry, false, 0, Es[Entry].Names.size(),
                "the family's formulas cannot use the name '" + E.Name +
                    "': it names both an argument (or output) and what "
                    "derivatives.yaml calls so; rename the argument");
          Errors.back().ScopeBroken = true;
          return;
        }
    }
  }

  void gradSpelling() {
    std::vector<std::pair<Derivatives::GradSpelling, const BackwardFormula *>>
        Seen;
    for (const BackwardFormula &B : D.Backward) {
      if (B.uses("grad"))
        Seen.push_back({Derivatives::GradSpelling::Grad, &B});
      if (B.uses("grads"))
        Seen.push_back({Derivatives::GradSpelling::Grads, &B});
      for (unsigned I = 0; I < D.Outputs.size(); ++I)
        for (const std::string &G : D.gradNames(I))
          if (B.uses(G))
            Seen.push_back({Derivatives::GradSpelling::Named, &B});
    }
    if (Seen.empty())
      return;
    D.Grads = Seen.front().first;
    for (const auto &S : Seen)
      if (S.first != D.Grads) {
        error(S.second->Entry, true, 0, S.second->Formula.size(),
              "the formulas of a family name the output gradients one way: "
              "'grad', 'grads[i]' or 'grad_<output>', not several");
        return;
      }
    if (D.Grads == Derivatives::GradSpelling::Grad &&
        D.differentiableOutputs().size() > 1)
      error(Seen.front().second->Entry, true, 0,
            Seen.front().second->Formula.size(),
            "'grad' is ambiguous: the family has " +
                std::to_string(D.differentiableOutputs().size()) +
                " differentiable outputs; use 'grads[i]' or 'grad_<output>'");
  }
};

} // namespace

Derivatives analyze(const schema::FunctionSchema &Out, const FamilyOptions &O,
                    std::vector<DerivativeError> &Errors, Entries Which) {
  return Analyzer(Out, O, Errors, Which).run();
}

const std::vector<DerivativeFact> &entries(const FamilyOptions &O,
                                           Entries Which) {
  return Which == Entries::Inplace ? O.InplaceDerivatives : O.Derivatives;
}

const char *formulaTensorType(Abi Target) {
  return Target == Abi::Stable ? "::skgen::formulas::Tensor" : "at::Tensor";
}

schema::Type propertySchemaType(const SavedProperty &P) {
  llvm::StringRef T(P.StableSchemaType);
  if (T.consume_back("[]"))
    return schema::Type::listOf(schema::Type::named(T.str()));
  return schema::Type::named(T.str());
}

namespace {

/// How a formula on the stable target holds a value of schema type \p T:
/// tensors as skgen::formulas::Tensor, the rest as the stable ABI passes
/// them; nullopt for what it cannot (Tensor[]).
std::optional<std::string> stableFormulaType(const schema::Type &T) {
  if (T.isTensor())
    return std::string(formulaTensorType(Abi::Stable));
  if (T.isOptional() && T.Elements.front().isTensor())
    return "std::optional<" + std::string(formulaTensorType(Abi::Stable)) + ">";
  if (T.isList() && T.Elements.front().isTensor())
    return std::nullopt;
  schema::Argument A;
  A.Ty = T.withoutAlias();
  std::string Why;
  std::optional<schema::CppType> C =
      schema::argumentCppType(A, Why, Abi::Stable);
  if (!C)
    return std::nullopt;
  llvm::StringRef Spelling(C->Spelling);
  Spelling.consume_front("const ");
  Spelling.consume_back(" &");
  return Spelling.str();
}

std::string constRef(const std::string &T) { return "const " + T + " &"; }

} // namespace

std::vector<ScopeEntry> backwardScope(const Derivatives &D,
                                      const BackwardFormula &B, Abi Target) {
  const bool Stable = Target == Abi::Stable;
  const std::string Tensor = constRef(formulaTensorType(Target));
  std::vector<ScopeEntry> Scope;
  Scope.push_back({"grads", Stable ? constRef(std::string("std::vector<") +
                                              formulaTensorType(Target) + ">")
                                   : "const torch::autograd::variable_list &"});
  Scope.push_back({"grad", Tensor});
  for (unsigned I : D.differentiableOutputs())
    for (std::string &G : D.gradNames(I))
      Scope.push_back({std::move(G), Tensor});
  for (unsigned I = 0; I < D.Inputs.size(); ++I) {
    const Operand &In = D.Inputs[I];
    if (savedByProperties(D, I)) {
      for (const SavedProperty &P : Properties) {
        if (bool(P.Call) != In.isTensorList())
          continue;
        std::optional<std::string> T = P.CppType;
        if (Stable)
          T = P.StableSchemaType ? stableFormulaType(propertySchemaType(P))
                                 : std::nullopt;
        if (T)
          Scope.push_back({In.Name + "_" + P.Method, constRef(*T)});
      }
      continue;
    }
    if (std::optional<std::string> T =
            Stable ? stableFormulaType(In.Ty) : schema::savedCppType(In.Ty))
      Scope.push_back({In.Name, constRef(*T)});
  }
  for (unsigned I = 0; I < D.Outputs.size(); ++I)
    for (std::string &N : D.outputNames(I))
      Scope.push_back({std::move(N), Tensor});
  // derivatives.yaml's `retain_variables`: the graph is kept after this
  // backward (retain_graph), so saved outputs must not be consumed.
  Scope.push_back({"retain_variables", "bool"});
  if (B.Inputs.size() > 1)
    Scope.push_back(
        {"grad_input_mask",
         "const std::array<bool, " + std::to_string(B.Inputs.size()) + "> &"});
  return Scope;
}

bool savedByProperties(const Derivatives &D, unsigned Input) {
  if (!D.Inputs[Input].isTensorLike())
    return false;
  bool Any = false;
  for (const BackwardFormula &B : D.Backward)
    for (const DerivativeFact::Use &U : B.Uses)
      if (U.Name == D.Inputs[Input].Name) {
        if (U.Property.empty())
          return false;
        Any = true;
      }
  return Any;
}

std::string backwardFormulaText(const Derivatives &D, const BackwardFormula &B,
                                std::vector<Replacement> *Replaced) {
  return substituteProperties(
      B.Formula, B.Uses,
      [&](llvm::StringRef Name) {
        int I = D.input(Name);
        return I >= 0 && savedByProperties(D, unsigned(I));
      },
      Replaced);
}

std::vector<ScopeEntry> forwardScope(const Derivatives &D, Abi Target) {
  const std::string Tensor = constRef(formulaTensorType(Target));
  std::vector<ScopeEntry> Scope;
  std::vector<bool> Has = D.hasFormula();
  for (unsigned I = 0; I < D.Inputs.size(); ++I) {
    const Operand &In = D.Inputs[I];
    if (Target == Abi::Stable) {
      if (std::optional<std::string> T = stableFormulaType(In.Ty))
        Scope.push_back({In.Name, constRef(*T)});
      continue;
    }
    std::string Why;
    schema::Argument A;
    A.Ty = In.Ty;
    if (std::optional<schema::CppType> T = schema::argumentCppType(A, Why))
      Scope.push_back(
          {In.Name, T->Symbolic.empty() ? T->Spelling : T->Symbolic});
  }
  for (unsigned I = 0; I < D.Inputs.size(); ++I)
    if (Has[I] && !D.Inputs[I].isTensorList()) {
      Scope.push_back({D.Inputs[I].Name + "_p", Tensor});
      Scope.push_back({D.Inputs[I].Name + "_t", Tensor});
    }
  for (unsigned I = 0; I < D.Outputs.size(); ++I)
    for (std::string &N : D.outputNames(I))
      Scope.push_back({std::move(N), Tensor});
  if (D.Which == Entries::Inplace)
    for (const char *Suffix : {"_p", "_t"})
      Scope.push_back({D.originalName(Suffix), Tensor});
  return Scope;
}

std::vector<std::string> forwardResultTypes(const ForwardFormula &G,
                                            Abi Target) {
  return std::vector<std::string>(G.Outputs.size(), formulaTensorType(Target));
}

std::vector<std::string> backwardResultTypes(const Derivatives &D,
                                             const BackwardFormula &B,
                                             Abi Target) {
  std::vector<std::string> Types;
  for (unsigned I : B.Inputs)
    Types.push_back(D.Inputs[I].isTensorList()
                        ? "std::vector<" +
                              std::string(formulaTensorType(Target)) + ">"
                        : formulaTensorType(Target));
  return Types;
}

std::string
substituteProperties(const std::string &Formula,
                     const std::vector<DerivativeFact::Use> &Uses,
                     llvm::function_ref<bool(llvm::StringRef)> ByProperty,
                     std::vector<Replacement> *Replaced) {
  std::string Result;
  size_t Pos = 0;
  for (const DerivativeFact::Use &U : Uses) {
    if (U.Property.empty() || !ByProperty(U.Name) || U.Offset < Pos ||
        U.Offset + U.Length > Formula.size())
      continue;
    Result += Formula.substr(Pos, U.Offset - Pos);
    std::string Member = U.Name + "_" + U.Property;
    if (Replaced)
      Replaced->push_back({U.Offset, U.Length, unsigned(Member.size())});
    Result += Member;
    Pos = U.Offset + U.Length;
  }
  return Result + Formula.substr(Pos);
}

} // namespace derivatives
} // namespace skgen
