//===- Autograd.cpp - Autograd kernels from derivative formulas -----------===//
//
// The Autograd section of a family with SKGEN_DERIVATIVE formulas (or
// SKGEN_NOT_DIFFERENTIABLE), as aten's generated Functions.h (the node) and
// VariableType (the kernels): a node that saves what the formulas read and
// computes the gradients the engine asks for, and the functional and
// in-place kernels that decide requires_grad, save, call below autograd, set
// the history and the forward gradient (docs/generation.md, "Derivatives").
//
//===----------------------------------------------------------------------===//
#include "Gen/Autograd.h"

#include "Facts/Derivatives.h"
#include "Gen/Render.h"
#include "Schema/CppTypes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <map>
#include <set>

namespace skgen {
namespace gen {

using derivatives::BackwardFormula;
using derivatives::Derivatives;
using derivatives::ForwardFormula;

namespace {

std::string camel(llvm::StringRef S) {
  std::string Out;
  bool Up = true;
  for (char C : S) {
    if (C == '_' || C == '.') {
      Up = true;
      continue;
    }
    Out += Up ? llvm::toUpper(C) : C;
    Up = false;
  }
  return Out;
}

/// What the node of a family keeps, decided from the formulas' uses.
struct NodeLayout {
  const Derivatives &D;
  std::vector<unsigned> Edges;   // Differentiable inputs, edge order.
  std::vector<bool> SavedTensor; // Per input: as a SavedVariable.
  std::vector<std::set<std::string>> SavedProps; // Per input.
  std::vector<bool> SavedValue;  // Per input: a non-tensor, by value.
  std::vector<bool> SavedOutput; // Per output.
  /// Per input / output: the edges whose formulas read it (all: saved
  /// whenever there is a node).
  std::vector<std::set<unsigned>> InputReaders, OutputReaders;
  /// Some differentiable input is a Tensor[]: its elements are edges, so
  /// each input's edges are a range known at the call (as aten's
  /// IndexRangeGenerator).
  bool Ranges = false;

  explicit NodeLayout(const Derivatives &D) : D(D) {
    std::vector<bool> Has = D.hasFormula();
    std::vector<int> EdgeOf(D.Inputs.size(), -1);
    for (unsigned I = 0; I < D.Inputs.size(); ++I)
      if (Has[I]) {
        EdgeOf[I] = int(Edges.size());
        Edges.push_back(I);
        Ranges |= D.Inputs[I].isTensorList();
      }
    SavedTensor.assign(D.Inputs.size(), false);
    SavedProps.assign(D.Inputs.size(), {});
    SavedValue.assign(D.Inputs.size(), false);
    SavedOutput.assign(D.Outputs.size(), false);
    InputReaders.assign(D.Inputs.size(), {});
    OutputReaders.assign(D.Outputs.size(), {});
    for (const BackwardFormula &B : D.Backward) {
      std::set<unsigned> Readers;
      for (unsigned I : B.Inputs)
        Readers.insert(unsigned(EdgeOf[I]));
      for (const DerivativeFact::Use &U : B.Uses) {
        int In = D.input(U.Name);
        if (In >= 0) {
          InputReaders[In].insert(Readers.begin(), Readers.end());
          if (!derivatives::savedTensors(D.Inputs[In].Ty))
            SavedValue[In] = true;
          else if (!U.Property.empty())
            SavedProps[In].insert(U.Property);
          else
            SavedTensor[In] = true;
          continue;
        }
        int Out = D.output(U.Name);
        if (Out >= 0) {
          OutputReaders[Out].insert(Readers.begin(), Readers.end());
          SavedOutput[Out] = true;
        }
      }
    }
    // A tensor read whole is saved whole; its properties come from it.
    for (unsigned I = 0; I < D.Inputs.size(); ++I)
      if (!derivatives::savedByProperties(D, I))
        SavedProps[I].clear();
  }

  unsigned edgeOf(unsigned Input) const {
    return unsigned(llvm::find(Edges, Input) - Edges.begin());
  }
  /// `if (skgen_node->should_compute_output(..))` for a save read only by
  /// some edges' formulas, "" when every edge reads it.
  /// (With ranges, every save: torchgen's neither guards them then.)
  std::string guard(const std::set<unsigned> &Readers) const {
    if (Readers.size() == Edges.size() || Ranges)
      return "";
    std::string G;
    for (unsigned E : Readers)
      G += (G.empty() ? "" : " || ") +
           ("skgen_node->should_compute_output(" + std::to_string(E) + ")");
    return G;
  }

  /// apply()'s test whether edge \p E's gradient is needed.
  std::string taskShould(unsigned E) const {
    std::string N = std::to_string(E);
    return Ranges ? "task_should_compute_output({skgen_ix[" + N + "]})"
                  : "task_should_compute_output(" + N + ")";
  }
  /// apply()'s statement setting edge \p E's gradient(s) to \p Value.
  std::string setGrad(unsigned E, const std::string &Value) const {
    std::string N = std::to_string(E);
    return Ranges ? "::skgen::autograd::copy_range(skgen_grads, skgen_ix[" + N +
                        "], " + Value + ")"
                  : "skgen_grads[" + N + "] = " + Value;
  }
  /// apply()'s gradient list (with ranges, after them).
  std::string gradList() const {
    if (!Ranges)
      return "torch::autograd::variable_list skgen_grads(" +
             std::to_string(Edges.size()) + ");";
    std::string Sizes;
    for (unsigned I : Edges)
      Sizes += (Sizes.empty() ? "" : ", ") + (D.Inputs[I].isTensorList()
                                                  ? D.Inputs[I].Name + "_size_"
                                                  : std::string("1"));
    std::string N = std::to_string(Edges.size());
    return "const std::array<std::pair<size_t, size_t>, " + N +
           "> skgen_ix = ::skgen::autograd::edge_ranges<" + N + ">({" + Sizes +
           "});\ntorch::autograd::variable_list skgen_grads(skgen_ix[" +
           std::to_string(Edges.size() - 1) + "].second);";
  }
};

bool anyUses(const Derivatives &D, llvm::StringRef Name) {
  return llvm::any_of(D.Backward,
                      [&](const BackwardFormula &B) { return B.uses(Name); });
}

} // namespace

std::string autogradNodeName(const graph::Family &F, bool Inplace) {
  const schema::OperatorName &Op =
      F.Variants.Functional ? F.Variants.Functional->Op : F.Out.Op;
  return camel(Op.Namespace) + camel(Op.Name) + camel(Op.Overload) +
         (Inplace && F.InplaceDerivs ? "InplaceBackward" : "Backward");
}

std::string autogradNamespacePrefix(const graph::Family &F) {
  llvm::StringRef Name = F.DeclCppName;
  Name.consume_front("::");
  size_t Last = Name.rfind("::");
  if (Last == llvm::StringRef::npos)
    return "::";
  return "::" + Name.take_front(Last).str() + "::";
}

std::string autogradNode(const FamilyApi &A, bool Inplace, Includes &Inc) {
  const Derivatives &D = A.F->derivs(Inplace);
  NodeLayout L(D);
  Inc.add("skgen/autograd.h");
  Inc.add("mutex");
  const std::string Name = autogradNodeName(*A.F, Inplace);
  std::string Members, Release, Body;
  for (unsigned I = 0; I < D.Inputs.size(); ++I) {
    const std::string &N = D.Inputs[I].Name;
    if (L.SavedTensor[I]) {
      const derivatives::SavedTensors &S =
          *derivatives::savedTensors(D.Inputs[I].Ty);
      Members += std::string(S.Member) + " " + N + "_;\n";
      if (S.List) {
        // Cleared on release; unpacking after it raises aten's error.
        Members += "bool " + N + "_released_ = false;\n";
        Release += "    " + N + "_.clear();\n    " + N + "_released_ = true;\n";
      } else {
        Release += "    " + N + "_.reset_data();\n";
      }
      Body += "const " + *schema::savedCppType(D.Inputs[I].Ty) + " " + N +
              " = ::skgen::autograd::" + S.Unpack + "(" + N + "_" +
              (S.List ? ", " + N + "_released_" : "") + ");\n";
    }
    if (L.Ranges && D.Inputs[I].isTensorList() &&
        llvm::is_contained(L.Edges, I))
      Members += "size_t " + N + "_size_ = 0;\n";
    for (const std::string &P : L.SavedProps[I])
      Members += std::string(derivatives::findSavedProperty(P)->CppType) + " " +
                 N + "_" + P + ";\n";
    if (L.SavedValue[I])
      Members += *schema::savedCppType(D.Inputs[I].Ty) + " " + N + ";\n";
  }
  for (unsigned O = 0; O < D.Outputs.size(); ++O) {
    if (!L.SavedOutput[O])
      continue;
    const std::string &N = D.Outputs[O].Name;
    Members += "torch::autograd::SavedVariable " + N + "_;\n";
    Release += "    " + N + "_.reset_data();\n";
    // Its own name first (then `result`/`result<i>`): the first one a
    // formula uses unpacks it.
    std::string First;
    std::vector<std::string> Names = D.outputNames(O);
    for (const std::string &M : llvm::reverse(Names))
      if (anyUses(D, M)) {
        Body +=
            "const at::Tensor " + M + " = " +
            (First.empty() ? N + "_.unpack(::skgen::autograd::self_ref(*this))"
                           : First) +
            ";\n";
        if (First.empty())
          First = M;
      }
  }
  // The output gradients, as the formulas name them.
  if (anyUses(D, "grad"))
    Body += "const at::Tensor &grad = ::skgen::autograd::grad_at(grads, 0);\n";
  std::vector<unsigned> DiffOuts = D.differentiableOutputs();
  for (size_t K = 0; K < DiffOuts.size(); ++K)
    for (const std::string &G : D.gradNames(DiffOuts[K]))
      if (anyUses(D, G))
        Body += "const at::Tensor &" + G +
                " = ::skgen::autograd::grad_at(grads, " + std::to_string(K) +
                ");\n";
  for (const BackwardFormula &B : D.Backward) {
    std::string Formula = derivatives::backwardFormulaText(D, B);
    if (B.Inputs.size() == 1) {
      unsigned E = L.edgeOf(B.Inputs.front());
      Body +=
          "if (" + L.taskShould(E) + ")\n  " + L.setGrad(E, Formula) + ";\n";
      continue;
    }
    std::string Any, Mask, Tie;
    for (unsigned I : B.Inputs) {
      unsigned E = L.edgeOf(I);
      Any += (Any.empty() ? "" : " || ") + L.taskShould(E);
      Mask += (Mask.empty() ? "" : ", ") + L.taskShould(E);
      Tie += (Tie.empty() ? "" : ", ") +
             ("skgen_grads[" + std::to_string(E) + "]");
    }
    Body += "if (" + Any + ") {\n";
    if (B.uses("grad_input_mask"))
      Body += "  const std::array<bool, " + std::to_string(B.Inputs.size()) +
              "> grad_input_mask = {" + Mask + "};\n";
    if (!L.Ranges) {
      Body += "  std::tie(" + Tie + ") = " + Formula + ";\n}\n";
      continue;
    }
    // Each member of the tuple into its input's range.
    Body += "  auto skgen_group = " + Formula + ";\n";
    for (size_t K = 0; K < B.Inputs.size(); ++K)
      Body +=
          "  " +
          L.setGrad(L.edgeOf(B.Inputs[K]), "std::get<" + std::to_string(K) +
                                               ">(std::move(skgen_group))") +
          ";\n";
    Body += "}\n";
  }
  static const CodeTemplate Node(
      R"(struct ${name} final : torch::autograd::Node {
  std::string name() const override { return "${name}"; }
  torch::autograd::variable_list
  apply(torch::autograd::variable_list &&grads) override;
  void release_variables() override {${release}}
  ${members}
};

torch::autograd::variable_list
${name}::apply(torch::autograd::variable_list &&grads) {
  using namespace ::skgen::formulas;
  std::lock_guard<std::mutex> skgen_lock(mutex_);
  ${grads}
  if (!::skgen::autograd::any_defined(grads))
    return skgen_grads;
  ${body}
  return skgen_grads;
}
)");
  if (!Release.empty())
    Release = "\n    std::lock_guard<std::mutex> skgen_lock(mutex_);\n" +
              Release + "  ";
  // derivatives.yaml's `retain_variables`, as torchgen's nodes keep it.
  if (anyUses(D, "retain_variables"))
    Members += "bool retain_variables = true;\n"
               "void will_release_variables() override { retain_variables = "
               "false; }\n";
  return Node.substitute({{"name", Name},
                          {"release", Release},
                          {"members", Members},
                          {"grads", L.gradList()},
                          {"body", Body}});
}

namespace {

/// \p Text with the names in \p Rename replaced (uses only: members and
/// qualified names are left alone).
std::string rename(const std::string &Text,
                   const std::vector<DerivativeFact::Use> &Uses,
                   const std::map<std::string, std::string> &Rename) {
  std::string Out;
  size_t Pos = 0;
  for (const DerivativeFact::Use &U : Uses) {
    auto It = Rename.find(U.Name);
    if (It == Rename.end() || U.Offset < Pos ||
        U.Offset + U.Name.size() > Text.size())
      continue;
    Out += Text.substr(Pos, U.Offset - Pos) + It->second;
    Pos = U.Offset + U.Name.size();
  }
  return Out + Text.substr(Pos);
}

/// The C++ parameter of schema argument \p Name in \p Sig.
const CppParam &param(const CppSignature &Sig, const std::string &Name) {
  for (const CppParam &P : Sig.Params)
    if (P.Arg && P.Arg->Name == Name)
      return P;
  llvm_unreachable("every input is a parameter");
}

/// The kernels' forward-gradient block: tangents of the outputs from the
/// forward formulas, given each differentiable input's primal and tangent.
std::string forwardBlock(const FamilyApi &A, const NodeLayout &L,
                         const CppSignature &Sig, bool Inplace,
                         const std::vector<std::string> &Outs, Includes &Inc) {
  const Derivatives &D = A.F->derivs(Inplace);
  // The in-place variant's own formulas (torchgen's exact match) read
  // self's tangent, to update it in place, and copies taken before the call.
  const bool OwnInplace = Inplace && D.Which == derivatives::Entries::Inplace;
  std::string Block;
  std::map<std::string, std::string> OutNames; // Formula name -> C++ local.
  for (unsigned O = 0; O < D.Outputs.size(); ++O)
    for (const std::string &N : D.outputNames(O))
      OutNames[N] = Outs[O];
  // Each formula as C++ (with the outputs it gives), and the names it needs
  // declared.
  std::vector<std::pair<std::vector<unsigned>, std::string>> Tangents;
  std::set<std::string> Needed;
  for (const ForwardFormula &F : D.Forward) {
    std::string Expr;
    std::vector<DerivativeFact::Use> Uses = F.Uses;
    switch (F.K) {
    case ForwardFormula::Kind::Formula:
      Expr = F.Formula;
      break;
    case ForwardFormula::Kind::AutoElementWise: {
      // The backward formula of the one input with grad -> its tangent
      // (conjugated, and the result conjugated back), inputs -> primals.
      const BackwardFormula &B = D.Backward.front();
      const std::string &X = D.Inputs[B.Inputs.front()].Name;
      std::map<std::string, std::string> R = {{"grad", X + "_t.conj()"}};
      for (unsigned I : L.Edges)
        R[D.Inputs[I].Name] = D.Inputs[I].Name + "_p";
      Expr = "(" + rename(B.Formula, B.Uses, R) + ").conj()";
      Uses = B.Uses;
      for (auto &KV : R)
        if (derivatives::usesName(B.Uses, KV.first))
          Needed.insert(KV.first == "grad" ? X + "_t" : KV.second);
      break;
    }
    case ForwardFormula::Kind::AutoLinear: {
      // The op itself, on the tangents.
      std::string Args;
      for (const CppParam &P : A.Functional->Params) {
        std::string N = P.Name;
        if (P.Arg && llvm::any_of(L.Edges, [&](unsigned I) {
              return D.Inputs[I].Name == P.Arg->Name;
            })) {
          N += "_t";
          Needed.insert(N);
        } else if (Inplace && P.Arg == A.Inplace->Params.front().Arg) {
          N = Sig.Params.front().Name;
        }
        Args += (Args.empty() ? "" : ", ") + N;
      }
      Expr = typedHandle(A.F->Variants.Functional->Op, *A.Functional, Inc) +
             ".call(" + Args + ")";
      if (D.Outputs.size() > 1)
        Expr =
            "std::get<" + std::to_string(F.Outputs.front()) + ">(" + Expr + ")";
      break;
    }
    }
    for (const DerivativeFact::Use &U : Uses)
      Needed.insert(U.Name);
    Tangents.push_back({F.Outputs, Expr});
  }
  for (unsigned I : L.Edges) {
    const std::string &X = D.Inputs[I].Name;
    const std::string &P = param(Sig, X).Name;
    if (OwnInplace && &param(Sig, X) == &Sig.Params.front()) {
      if (Needed.count(X + "_t"))
        Block += "  const at::Tensor " + X +
                 "_t = ::skgen::autograd::inplace_tangent(" + P + ");\n";
      for (const char *Suffix : {"_p", "_t"})
        if (Needed.count(D.originalName(Suffix)))
          Block += "  const at::Tensor &" + D.originalName(Suffix) +
                   " = skgen_original_self" + Suffix + ";\n";
      continue;
    }
    if (Needed.count(X + "_p"))
      Block += "  const at::Tensor " + X + "_p = " +
               (Inplace && &param(Sig, X) == &Sig.Params.front()
                    ? std::string("skgen_original_self_p")
                    : "::skgen::autograd::primal(" + P + ")") +
               ";\n";
    if (Needed.count(X + "_t"))
      Block += "  const at::Tensor " + X + "_t = ::skgen::autograd::tangent(" +
               P + ");\n";
  }
  // In place the result is self, which has a tangent: formulas read its
  // primal (setting a tangent computed from a dual tensor is refused).
  for (auto &KV : OutNames)
    if (Needed.count(KV.first) && KV.first != KV.second)
      Block +=
          Inplace
              ? "  const at::Tensor " + KV.first +
                    " = ::skgen::autograd::primal(" + KV.second + ");\n"
              : "  const at::Tensor &" + KV.first + " = " + KV.second + ";\n";
  // Several outputs: every tangent is computed before any is set, so that a
  // formula reading another output (linalg_lu's U reads L) reads a primal,
  // as aten's generated code does (a tangent computed from a dual tensor is
  // refused).
  // A formula for several outputs (`U, S, Vh`) is evaluated once; its tuple
  // is tied to their tangents, as the scan's check does (FormulaCheck.cpp).
  std::vector<std::pair<unsigned, std::string>> Sets; // Output, tangent.
  for (const auto &T : Tangents)
    for (unsigned O : T.first)
      Sets.push_back({O, T.second});
  const bool Several = Sets.size() > 1;
  for (size_t I = 0, Set = 0; Several && I < Tangents.size(); ++I) {
    const std::vector<unsigned> &Group = Tangents[I].first;
    std::vector<std::string> Locals;
    for (size_t K = 0; K < Group.size(); ++K, ++Set) {
      Locals.push_back("skgen_tangent" + std::to_string(I) +
                       (Group.size() > 1 ? "_" + std::to_string(K) : ""));
      Sets[Set].second = Locals.back();
    }
    if (Group.size() == 1) {
      Block +=
          "  at::Tensor " + Locals.front() + " = " + Tangents[I].second + ";\n";
      continue;
    }
    Block += "  at::Tensor " + llvm::join(Locals, ", ") + ";\n  std::tie(" +
             llvm::join(Locals, ", ") + ") = " + Tangents[I].second + ";\n";
  }
  for (const auto &S : Sets)
    Block += "  ::skgen::autograd::set_fw_grad(" + Outs[S.first] + ", " +
             S.second + ", " + (Inplace ? "true" : "false") + ");\n";
  return Block;
}

} // namespace

std::string autogradKernel(const FamilyApi &A, bool Inplace,
                           const std::string &Name, Includes &Inc) {
  const Derivatives &D = A.F->derivs(Inplace);
  const CppSignature &Sig = Inplace ? *A.Inplace : *A.Functional;
  const schema::OperatorName &Op =
      Inplace ? A.F->Variants.Inplace->Op : A.F->Variants.Functional->Op;
  const std::string OpName = cppStringLiteral(Op.str());
  Inc.add("skgen/autograd.h");
  Inc.add("skgen/library.h");
  Inc.add("c10/core/DispatchKeySet.h");
  FunctionSpec F;
  F.Name = Name;
  F.Sig = Sig;
  F.TakesKeys = true;
  std::set<std::string> All = paramNames(Sig);
  const std::string Self = Sig.Params.front().Name; // In-place: the output.
  std::vector<std::string> Outs;
  for (const std::string &O : A.outNames())
    Outs.push_back(Inplace ? Self : O);

  // Inputs no formula differentiates refuse requires_grad, as aten's.
  for (unsigned I : D.refusedInputs())
    F.stmt("::skgen::autograd::check_no_requires_grad(" +
               param(Sig, D.Inputs[I].Name).Name + ", " +
               cppStringLiteral(D.Inputs[I].Name) + ", " + OpName + ")",
           All);
  NodeLayout L(D);
  std::string EdgeArgs;
  for (unsigned I : L.Edges)
    EdgeArgs +=
        (EdgeArgs.empty() ? "" : ", ") + param(Sig, D.Inputs[I].Name).Name;
  F.stmt("auto skgen_node = ::skgen::autograd::make_node<" +
             autogradNodeName(*A.F, Inplace) + ">(" + EdgeArgs + ")",
         All);
  if (Inplace)
    F.stmt("::skgen::autograd::check_inplace(" + Self +
               ", skgen_node != nullptr)",
           All);
  // What the formulas read of the inputs, before the call.
  std::string Saves;
  auto Save = [&](const std::set<unsigned> &Readers, const std::string &S) {
    std::string G = L.guard(Readers);
    Saves +=
        G.empty() ? "  " + S + ";\n" : "  if (" + G + ")\n    " + S + ";\n";
  };
  for (unsigned I = 0; I < D.Inputs.size(); ++I) {
    const std::string &X = D.Inputs[I].Name;
    const std::string &P = param(Sig, X).Name;
    if (L.Ranges && D.Inputs[I].isTensorList() &&
        llvm::is_contained(L.Edges, I))
      Save({}, "skgen_node->" + X + "_size_ = " + P + ".size()");
    // In place, `self` is saved as it was: a copy.
    bool Original = Inplace && P == Self;
    if (L.SavedTensor[I])
      Save(L.InputReaders[I], "skgen_node->" + X +
                                  "_ = ::skgen::autograd::save(" + P +
                                  (Original ? ".clone()" : "") + ", false)");
    for (const std::string &Prop : L.SavedProps[I])
      Save(L.InputReaders[I], "skgen_node->" + X + "_" + Prop + " = " +
                                  derivatives::findSavedProperty(Prop)->Save +
                                  "(" + P + ")");
    if (L.SavedValue[I])
      Save(L.InputReaders[I],
           "skgen_node->" + X + " = ::skgen::autograd::own(" + P + ")");
  }
  if (!Saves.empty())
    F.lines(Code("if (skgen_node) {\n" + Saves + "}\n", All));
  // Tangents: aten's rule (Derivatives::forwardAD) decides what reads them.
  const Derivatives::ForwardAD FwRule = D.forwardAD(Inplace);
  const bool Forward = FwRule == Derivatives::ForwardAD::Formulas;
  std::string FwBlock =
      Forward ? forwardBlock(A, L, Sig, Inplace, Outs, Inc) : "";
  std::string DiffArgs; // What a tangent of makes the call forward AD.
  for (unsigned I : D.differentiableInputs())
    DiffArgs +=
        (DiffArgs.empty() ? "" : ", ") + param(Sig, D.Inputs[I].Name).Name;
  switch (FwRule) {
  case Derivatives::ForwardAD::Formulas:
    F.stmt("const bool skgen_fw = ::skgen::autograd::any_fw_grad(" + EdgeArgs +
               ")",
           All);
    // The forward formulas read self as it was: its primal, its tangent.
    for (const auto &Copy :
         {std::make_pair("_p", "primal"), std::make_pair("_t", "tangent")}) {
      const std::string Name = std::string("skgen_original_self") + Copy.first;
      if (Inplace && llvm::StringRef(FwBlock).contains(Name))
        F.stmt("const at::Tensor " + Name +
                   " = skgen_fw ? ::skgen::autograd::" + Copy.second + "(" +
                   Self + ").clone() : at::Tensor()",
               All);
    }
    break;
  case Derivatives::ForwardAD::Decomposition:
    F.stmt("const bool skgen_fw = ::skgen::autograd::any_fw_grad(" + DiffArgs +
               ")",
           All);
    break;
  case Derivatives::ForwardAD::Refused:
    F.stmt("::skgen::autograd::check_no_fw_grad(" + OpName + ", " + DiffArgs +
               ")",
           All);
    break;
  }
  // The call, below autograd (with tangents and no formula, the operator's
  // decomposition for forward AD instead).
  const std::string Handle = typedHandle(Op, Sig, Inc);
  std::string Call =
      redispatchPastAutograd(Handle, "skgen_keys", Sig.argumentNames());
  std::string Decomposed = "::skgen::autograd::forward_decomposition<" +
                           Sig.ReturnType + ">(" + OpName + ", " + Handle +
                           ", skgen_keys, " + Sig.argumentNames() + ")";
  if (!Inplace) {
    for (const std::string &O : Outs)
      F.stmt("at::Tensor " + O);
    std::string To = Outs.front() + " = ";
    if (Outs.size() > 1) {
      Inc.add("tuple");
      To = "std::tie(" + llvm::join(Outs, ", ") + ") = ";
    }
    Call = To + Call;
    Decomposed = To + Decomposed;
  }
  if (FwRule == Derivatives::ForwardAD::Decomposition)
    F.lines(Code("if (skgen_fw) {\n  " + Decomposed + ";\n} else " +
                     belowAutograd(Call),
                 All));
  else
    F.lines(Code(belowAutograd(Call), All));
  // The history, then the outputs the formulas read. In place, self's
  // version moves on whether or not a gradient is needed (aten's
  // ADInplaceOrView kernel, which the call skipped, bumps it in every call).
  if (Inplace) {
    Inc.add("skgen/structured.h");
    F.stmt("::skgen::bump_version(" + Self + ")");
    F.stmt("::skgen::autograd::rebase_history(skgen_node, " + Self + ")");
  } else {
    std::string Diff;
    for (unsigned O : D.differentiableOutputs())
      Diff += ", " + Outs[O];
    F.stmt("::skgen::autograd::set_history(skgen_node" + Diff + ")");
  }
  std::string OutSaves;
  for (unsigned O = 0; O < D.Outputs.size(); ++O)
    if (L.SavedOutput[O])
      OutSaves +=
          "  skgen_node->" + D.Outputs[O].Name + "_ = " +
          (Inplace ? "::skgen::autograd::save_inplace_result(" + Self + ")"
                   : "::skgen::autograd::save(" + Outs[O] + ", true)") +
          ";\n";
  if (!OutSaves.empty())
    F.lines(Code("if (skgen_node) {\n" + OutSaves + "}\n"));
  if (Forward)
    F.lines(Code("if (skgen_fw) {\n  using namespace ::skgen::formulas;\n" +
                 FwBlock + "}\n"));
  if (Inplace)
    F.stmt("return " + Self);
  else if (Outs.size() == 1)
    F.stmt("return " + Outs.front());
  else
    F.stmt("return ::std::make_tuple(" + llvm::join(Outs, ", ") + ")");
  return renderFunction(F);
}

std::string kernelWithoutHistory(const FamilyApi &A, bool Inplace,
                                 const std::string &Name, Includes &Inc) {
  Inc.add("skgen/autograd.h");
  Inc.add("skgen/library.h");
  Inc.add("c10/core/DispatchKeySet.h");
  FunctionSpec F;
  F.Name = Name;
  F.Sig = Inplace ? *A.Inplace : *A.Functional;
  F.TakesKeys = true;
  const std::string Call =
      redispatchPastAutograd(typedHandle(Inplace ? A.F->Variants.Inplace->Op
                                                 : A.F->Variants.Functional->Op,
                                         F.Sig, Inc),
                             "skgen_keys", F.Sig.argumentNames());
  if (!Inplace) {
    F.lines(Code("at::AutoDispatchBelowADInplaceOrView skgen_below;\n"
                 "return " +
                     Call + ";\n",
                 paramNames(F.Sig)));
    return renderFunction(F);
  }
  F.lines(Code(belowAutograd(Call), paramNames(F.Sig)));
  const std::string &Self = F.Sig.Params.front().Name;
  F.stmt("::skgen::bump_version(" + Self + ")");
  F.stmt("return " + Self);
  return renderFunction(F);
}

std::string notImplementedKernel(const FamilyApi &A, bool Inplace,
                                 const std::string &Name, Includes &Inc) {
  Inc.add("skgen/not_implemented.h");
  Inc.add("skgen/library.h");
  Inc.add("c10/core/DispatchKeySet.h");
  FunctionSpec F;
  F.Name = Name;
  F.Sig = Inplace ? *A.Inplace : *A.Functional;
  F.TakesKeys = true;
  const std::string Handle = typedHandle(Inplace ? A.F->Variants.Inplace->Op
                                                 : A.F->Variants.Functional->Op,
                                         F.Sig, Inc);
  F.stmt("return ::skgen::not_implemented(" + Handle + ", skgen_keys, " +
             F.Sig.argumentNames() + ")",
         paramNames(F.Sig));
  return renderFunction(F);
}

} // namespace gen
} // namespace skgen
