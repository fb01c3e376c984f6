//===- StableBackward.h - Backward operators (stable ABI) -------*- C++ -*-===//
//
//
// On the stable target a family's backward formulas become an operator of
// the library, `ns::_<name>_backward.<overload>` (docs/stable-abi.md,
// "Derivatives"): C++ against the stable ABI evaluates them, and the Python
// companion registers torch.library.register_autograd with a backward that
// calls it. Its arguments are what the formulas read, as aten's node saves
// it (a tensor read only through `self.sym_sizes()` passes the sizes), then
// the output gradients' mask; it returns one gradient per input a formula
// differentiates (undefined, None in Python, where the mask says not
// needed). The generator (C++ and Python) and the link phase read this one
// model.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_FACTS_STABLEBACKWARD_H
#define SKGEN_FACTS_STABLEBACKWARD_H

#include "Facts/Derivatives.h"

#include <string>
#include <vector>

namespace skgen {
namespace derivatives {

struct BackwardArgument {
  enum class Kind {
    Grad,     // an output's gradient (`grad`, `grad_<output>`)
    Grads,    // every differentiable output's, as `grads` (Tensor[])
    Tensor,   // a tensor input the formulas read
    Property, // a saved property of one (`self_sym_sizes`)
    Value,    // a non-tensor input
    Output,   // an output the formulas read (by its own name)
    Mask,     // `output_mask`: bit i set if edge i's gradient is needed
  };
  Kind K = Kind::Tensor;
  std::string Name; // The schema argument's name, and the formulas'.
  schema::Type Ty;
  /// Grad: the position among the differentiable outputs; Tensor, Property,
  /// Value: the input; Output: the output.
  unsigned Index = 0;
  const SavedProperty *Property = nullptr; // Property only.
};

struct BackwardOperator {
  std::vector<BackwardArgument> Arguments;
  /// The inputs a formula differentiates, in input order: one return each.
  std::vector<unsigned> Edges;
};

/// The backward operator of a differentiable family.
BackwardOperator backwardOperator(const Derivatives &D);

/// Its name: `_<functional name>_backward`, with the functional variant's
/// overload, in its namespace.
schema::OperatorName backwardOperatorName(const schema::OperatorName &Fn);

/// Its schema text, `ns::_mul_backward.Tensor(Tensor grad, ...) -> (Tensor,
/// Tensor)`.
std::string backwardOperatorSchema(const BackwardOperator &B,
                                   const schema::OperatorName &Name);

} // namespace derivatives
} // namespace skgen

#endif
