//===- KernelAllocates.cpp - Functional wrappers without a meta call ------===//
//
// SKGEN_KERNEL_ALLOCATES: the out= kernels of a SKGEN_KERNEL_ITERATOR family
// let their TensorIterator allocate the undefined out tensors they are given
// (TensorIterator::set_output_raw_strided allocates an undefined output with
// the sizes, strides and dtype aten's functional op gives it) and store them
// in their out arguments (`out = iter.output();`). The functional wrapper
// calling one then builds one TensorIterator and allocates once, as aten's
// structured functional kernel does, instead of evaluating the meta preset
// to allocate and the kernel's TensorIterator again over the result. The
// promise covers every out= kernel of the family, so the alias-key wrapper
// redispatching to another backend's does the same.
//
//===----------------------------------------------------------------------===//

#include "Gen/Wrappers.h"

namespace skgen {
namespace gen {

bool kernelAllocates(const FamilyApi &A, const OutCall *Call) {
  // A backend's kernel or the alias key's redispatch (OutCall::Checks), not
  // a Meta kernel (it computes nothing) nor a full dispatch (which would
  // pass an undefined out through every key again, Python's among them).
  return Call && Call->Checks && A.F->Options.KernelAllocates && !A.T->stable();
}

void kernelAllocatesBody(const FamilyApi &A, const OutCall &Call,
                         FunctionSpec &F) {
  std::vector<std::string> Outs = A.outNames();
  for (const std::string &O : Outs)
    F.stmt(A.T->Tensor + std::string(" ") + O);
  Code C = Call.call(A.outCallArgs("", Call.Convert));
  F.stmt(C.Text, C.Uses);
  // A kernel that breaks the promise gets an error, not a crash later. One
  // reached through the dispatcher is any backend's: a boxed one (in
  // Python, a backend's boxed fallback) cannot keep it, its outputs come
  // back by value.
  const bool Redispatch = !Call.Keys.empty();
  for (const std::string &O : Outs) {
    std::string Why =
        Redispatch
            ? "this backend's out= kernel left '" + O +
                  "' undefined: SKGEN_KERNEL_ALLOCATES promises that every "
                  "out= kernel of the family allocates an undefined out, "
                  "which a boxed kernel (one in Python, a backend's boxed "
                  "fallback) cannot"
            : "the SKGEN_KERNEL_ALLOCATES kernel " + Call.Callee + " left '" +
                  O + "' undefined (store its TensorIterator's output: `" + O +
                  " = iter.output();`)";
    F.stmt("TORCH_CHECK(" + O + ".defined(), " +
               cppStringLiteral(A.F->Out.Op.str() + ": " + Why) + ")",
           {O});
  }
}

} // namespace gen
} // namespace skgen
