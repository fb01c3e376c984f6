//===- Derivatives.h - A family's derivative formulas -----------*- C++ -*-===//
//
// The meaning of a family's SKGEN_DERIVATIVE entries (torchgen's
// DifferentiabilityInfo, read from derivatives.yaml's language): which inputs
// each backward formula differentiates, the forward formulas, the inputs and
// outputs that are not differentiable. The scan reports the errors (at the
// entry), the link phase builds the model again for the generator. No Clang:
// whether a formula compiles is the scan's check (Scan/FormulaCheck.h).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_FACTS_DERIVATIVES_H
#define SKGEN_FACTS_DERIVATIVES_H

#include "Basic/Abi.h"
#include "Facts/Facts.h"
#include "Schema/Schema.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace skgen {
namespace derivatives {

/// A property of an input that a node saves instead of the tensor when a
/// formula reads only it (`self.sym_sizes()` -> `self_sym_sizes`, as aten;
/// of a Tensor[], `to_args_sizes_symint(tensors)` ->
/// `tensors_args_sizes_symint`, as torchgen's load_derivatives.py).
struct SavedProperty {
  const char *Method;  // sym_sizes (the member's suffix)
  const char *CppType; // The saved member's type.
  const char *Save;    // The function taking it from the tensor.
  /// On the stable target, the backward operator's argument that carries it
  /// (its schema type; nullptr: the stable ABI has no such type) and the
  /// Python companion's expression reading it off the tensor `{0}`.
  const char *StableSchemaType;
  const char *Python;
  /// A Tensor[]'s property, read as `Call(list)`; nullptr: a tensor's,
  /// read as `tensor.Method()`.
  const char *Call;
};
llvm::ArrayRef<SavedProperty> savedProperties();
/// The schema type of \p P's stable argument (P.StableSchemaType).
schema::Type propertySchemaType(const SavedProperty &P);
/// The property named \p Method (the member's suffix; `.Method()` of a
/// tensor).
const SavedProperty *findSavedProperty(llvm::StringRef Method);
/// The Tensor[] property read by calling \p Function on the list.
const SavedProperty *findListProperty(llvm::StringRef Function);

/// How a node keeps an input or output holding tensors that formulas read
/// whole: as torch::autograd::SavedVariable(s) (never the tensors
/// themselves: no reference cycle through the graph), unpacked in apply() by
/// `::skgen::autograd::Unpack` into schema::savedCppType's type. nullptr:
/// not tensors (kept by value).
struct SavedTensors {
  const char *Member; // The member's type.
  const char *Unpack;
  bool List; // A vector of them (its member `<name>_released_` too).
};
const SavedTensors *savedTensors(const schema::Type &T);

struct BackwardFormula {
  /// Indices into Derivatives::Inputs, in the order named ("self, other").
  std::vector<unsigned> Inputs;
  std::string Formula;
  std::vector<DerivativeFact::Use> Uses;
  size_t Entry = 0; // Into FamilyOptions::Derivatives.
  bool uses(llvm::StringRef Name) const;
};

struct ForwardFormula {
  enum class Kind { Formula, AutoElementWise, AutoLinear };
  Kind K = Kind::Formula;
  /// Into Derivatives::Outputs, in the order named. Several (torchgen's
  /// `U, S, Vh: linalg_svd_jvp(...)`): the formula gives a std::tuple of
  /// their tangents, in that order.
  std::vector<unsigned> Outputs;
  std::string Formula;
  std::vector<DerivativeFact::Use> Uses;
  size_t Entry = 0;
  bool uses(llvm::StringRef Name) const;
  bool gives(unsigned Output) const; // Names it.
};

/// A schema argument of the family's functional variant, or an output (an
/// out argument of the out= schema, named as it).
struct Operand {
  std::string Name;
  unsigned SchemaIndex = 0; // In the out= schema's arguments.
  schema::Type Ty;
  /// An output's name in the schema's returns, when it has another one
  /// (`-> (Tensor(a!) values, ...)`; a functional-first family's returns
  /// name what its out arguments `out0`, ... hold): formulas may use either.
  std::string ReturnName;
  bool isTensorLike() const; // Tensor, Tensor?, Tensor[] (differentiable)
  bool isTensorList() const;
};

/// Whose entries a model reads: the family's (SKGEN_DERIVATIVE), or the
/// in-place variant's own (SKGEN_INPLACE_DERIVATIVE, derivatives.yaml's
/// entry for `op_`), which replace the family's for that variant.
enum class Entries { Family, Inplace };
const std::vector<DerivativeFact> &entries(const FamilyOptions &O,
                                           Entries Which);

struct Derivatives {
  Entries Which = Entries::Family;
  bool NotDifferentiable = false; // SKGEN_NOT_DIFFERENTIABLE
  bool HasEntries = false;        // Some SKGEN_DERIVATIVE entry.
  std::vector<Operand> Inputs;    // The non-out arguments, in order.
  std::vector<Operand> Outputs;   // The out arguments, in order.
  std::vector<BackwardFormula> Backward;
  std::vector<ForwardFormula> Forward;
  std::vector<bool> NonDifferentiable;    // Per input: marked so.
  std::vector<bool> OutputDifferentiable; // Per output.
  /// How the formulas name the output gradients: `grad` (one differentiable
  /// output), `grads[i]`, or `grad_<name>`.
  enum class GradSpelling { Grad, Grads, Named };
  GradSpelling Grads = GradSpelling::Grad;

  /// The family has backward formulas: autograd kernels are generated.
  bool differentiable() const { return !Backward.empty(); }
  /// Per input: some backward formula differentiates it.
  std::vector<bool> hasFormula() const;
  /// Tensor inputs neither differentiated nor marked non_differentiable:
  /// requiring grad with them raises at the call, with aten's wording.
  std::vector<unsigned> refusedInputs() const;
  /// The differentiable outputs' indices.
  std::vector<unsigned> differentiableOutputs() const;
  /// torchgen's differentiable inputs: the Tensor, Tensor? and Tensor[]
  /// inputs not marked non_differentiable (a tangent of any of them is
  /// forward AD through the call).
  std::vector<unsigned> differentiableInputs() const;

  /// aten's rule for an entry whose inputs are all non_differentiable or
  /// whose outputs are (torchgen's `requires_derivative` false): its kernels
  /// just call the op. No history (outputs never require grad, inputs that
  /// do are accepted, out= too), no check of tangents (forward AD gives
  /// the primal without a tangent). SKGEN_NOT_DIFFERENTIABLE says the same.
  bool withoutHistory() const;

  /// What a kernel of a family with history does with tangents flowing in
  /// (torchgen's rules, gen_variable_type.py).
  enum class ForwardAD {
    Formulas,      // The forward formulas give the outputs' tangents.
    Decomposition, // No formula, functional: the operator's decomposition
                   // registered for forward AD (torch.jit's registry,
                   // where aten's `_log_softmax_backward_data` has one),
                   // else aten's refusal (its runtime's words).
    Refused,       // No formula, in place: aten's refusal.
  };
  ForwardAD forwardAD(bool Inplace) const;
  /// The input named \p Name, or -1.
  int input(llvm::StringRef Name) const;
  /// The names output \p I goes by in formulas: `result` (the only one) or
  /// `result<i>`, then its own names (ownNames).
  std::vector<std::string> outputNames(unsigned I) const;
  /// Output \p I's own names: its out argument's and its return's (as
  /// torchgen's, which names outputs by the returns). Its gradient goes by
  /// `grad_<name>` for each.
  std::vector<std::string> ownNames(unsigned I) const;
  /// `grad_<name>` for each of ownNames(\p I).
  std::vector<std::string> gradNames(unsigned I) const;
  /// The output a formula names \p Name (one of its outputNames), or -1.
  int output(llvm::StringRef Name) const;
  /// In-place entries' forward formulas, as torchgen's: `original_self_p`
  /// and `original_self_t`, copies of the updated argument (\p Self, the
  /// first input) taken before the call.
  std::string originalName(llvm::StringRef Suffix) const {
    return "original_" + Inputs.front().Name + Suffix.str();
  }
};

/// Does some use in \p Uses name \p Name?
bool usesName(const std::vector<DerivativeFact::Use> &Uses,
              llvm::StringRef Name);

/// An error in entry \p Entry: at byte \p Offset of its names (or, when
/// AtFormula, of its formula), \p Length bytes; with the closest name for
/// an unknown one (a typo correction: a suggestion, not part of Message).
struct DerivativeError {
  size_t Entry = 0;
  bool AtFormula = false;
  unsigned Offset = 0, Length = 0;
  std::string Message;
  std::string Suggestion;
  /// The formulas' scope cannot be declared (a name in it twice): none of
  /// the family's formulas can be compiled.
  bool ScopeBroken = false;
};

/// The derivatives of the family with out= schema \p Out and options \p O,
/// from its \p Which entries. Appends one error per malformed entry (and
/// leaves it out of the result); DerivativeError::Entry indexes
/// entries(O, Which).
Derivatives analyze(const schema::FunctionSchema &Out, const FamilyOptions &O,
                    std::vector<DerivativeError> &Errors,
                    Entries Which = Entries::Family);

/// A name a formula sees, with its C++ type. Generated code declares
/// exactly these (the node's apply() for a backward formula, the autograd
/// kernel for a forward one), and the scan compiles each formula against
/// them, so a formula that passes the scan compiles in generated code.
struct ScopeEntry {
  std::string Name;
  std::string CppType; // As a declaration spells it: `const at::Tensor &`.
};

/// (The scan checks backwardFormulaText against it.)
/// The scope of backward formula \p B: `grads`, `grad` (the first
/// differentiable output's gradient), each differentiable output's
/// gradNames, every input (tensors unpacked, the others as saved:
/// schema::savedCppType; an input saved by properties as
/// `<input>_<property>` instead), every output by its outputNames,
/// `grad_input_mask` (a group formula), `retain_variables`
/// (derivatives.yaml's: the graph is kept).
/// Entries whose type cannot be saved are left out.
/// On the stable target (\p Target), the names have the types of
/// skgen/stable/formulas.h (tensors are `skgen::formulas::Tensor`) and the
/// stable ABI's; properties without a stable type are left out.
std::vector<ScopeEntry> backwardScope(const Derivatives &D,
                                      const BackwardFormula &B,
                                      Abi Target = Abi::Libtorch);
/// The scope of a forward formula: every input as the autograd kernel takes
/// it (the dispatcher's types), `<input>_p` and `<input>_t` (primal and
/// tangent, at::Tensor) for each differentiable input, every output; for
/// in-place entries also `original_self_p` and `original_self_t`.
std::vector<ScopeEntry> forwardScope(const Derivatives &D,
                                     Abi Target = Abi::Libtorch);
/// The C++ types forward formula \p G gives: one tensor, or one per output
/// it names (a std::tuple, as a backward group's).
std::vector<std::string> forwardResultTypes(const ForwardFormula &G,
                                            Abi Target = Abi::Libtorch);
/// The C++ type a backward formula for \p B must convert to: `at::Tensor`
/// (`std::vector<at::Tensor>` for a Tensor[]); for a group, each member's.
std::vector<std::string> backwardResultTypes(const Derivatives &D,
                                             const BackwardFormula &B,
                                             Abi Target = Abi::Libtorch);
/// The C++ type formulas see a tensor as, on \p Target.
const char *formulaTensorType(Abi Target);

/// True if the backward formulas read input \p Input, a tensor, only through
/// saved properties (`self.sym_sizes()`): the node saves those, not it.
bool savedByProperties(const Derivatives &D, unsigned Input);
/// A part of a formula that the text generated code evaluates spells
/// differently: bytes [Offset, Offset+Length) of the formula are NewLength
/// bytes of the text (so the scan maps Clang's positions back).
struct Replacement {
  unsigned Offset = 0, Length = 0, NewLength = 0;
};

/// Backward formula \p B as generated code evaluates it: property reads of
/// inputs saved by properties become the saved members (`self_sym_sizes`,
/// declared in backwardScope). \p Replaced, if given, receives the changes.
std::string backwardFormulaText(const Derivatives &D, const BackwardFormula &B,
                                std::vector<Replacement> *Replaced = nullptr);

/// \p Formula with each saved-property use (`self.sym_sizes()`) replaced by
/// its member's name (`self_sym_sizes`) where \p Saved says the input is
/// saved by properties only.
std::string
substituteProperties(const std::string &Formula,
                     const std::vector<DerivativeFact::Use> &Uses,
                     llvm::function_ref<bool(llvm::StringRef)> ByProperty,
                     std::vector<Replacement> *Replaced = nullptr);

} // namespace derivatives
} // namespace skgen

#endif
