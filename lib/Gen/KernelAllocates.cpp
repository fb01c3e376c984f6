//===- KernelAllocates.cpp - Functional wrappers without a meta call ------===//
//
// SKGEN_KERNEL_ALLOCATES: the out= kernel of a SKGEN_KERNEL_ITERATOR family
// lets its TensorIterator allocate the undefined out tensors it is given
// (TensorIterator::set_output_raw_strided allocates an undefined output with
// the sizes, strides and dtype aten's functional op gives it) and stores
// them in its out arguments (`out = iter.output();`). The functional wrapper
// calling it then builds one TensorIterator and allocates once, as aten's
// structured functional kernel does, instead of evaluating the meta preset
// to allocate and the kernel's TensorIterator again over the result.
//
//===----------------------------------------------------------------------===//

#include "Gen/Wrappers.h"

namespace skgen {
namespace gen {

bool kernelAllocates(const FamilyApi &A, const OutCall *Call) {
  // Only a direct call of a backend's kernel (OutCall::Checks: not Meta's,
  // not a redispatch, whose out= kernel may be anyone's).
  return Call && Call->Checks && A.F->Options.KernelAllocates && !A.T->stable();
}

void kernelAllocatesBody(const FamilyApi &A, const OutCall &Call,
                         FunctionSpec &F) {
  std::vector<std::string> Outs = A.outNames();
  for (const std::string &O : Outs)
    F.stmt(A.T->Tensor + std::string(" ") + O);
  Code C = Call.call(A.outCallArgs("", Call.Convert));
  F.stmt(C.Text, C.Uses);
  // A kernel that breaks the promise gets an error, not a crash later.
  for (const std::string &O : Outs)
    F.stmt("TORCH_CHECK(" + O + ".defined(), \"" + A.F->Out.Op.str() +
               ": the SKGEN_KERNEL_ALLOCATES kernel " + Call.Callee +
               " left '" + O + "' undefined (store its TensorIterator's " +
               "output: `" + O + " = iter.output();`)\")",
           {O});
}

} // namespace gen
} // namespace skgen
