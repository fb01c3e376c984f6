//===- SignatureCheck.h - Kernel C++ signature vs. schema -------*- C++ -*-===//
//
// contract §2: an out= kernel's C++ signature must follow the dispatcher
// calling convention of its schema (schema::parameterCppTypes / returnCppType).
// The check works on the recorded facts (no Clang needed), so the link phase
// can run it for SKGEN_KERNEL declarations whose family schema lives in another
// translation unit.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_FACTS_SIGNATURECHECK_H
#define SKGEN_FACTS_SIGNATURECHECK_H

#include "Basic/Abi.h"
#include "Facts/Facts.h"
#include "Schema/Schema.h"

#include <vector>

namespace skgen {

/// The ABI a kernel or meta function is written against, read from its
/// types: the stable ABI when one of them is a torch::stable type. Each is
/// checked against the calling convention of its own ABI; the link phase
/// compares it with the library's (`--abi`).
Abi declaredAbi(const std::vector<CppParamFact> &Params,
                const CppParamFact &Return);

/// Compares K.Params / K.Return with the C++ types \p S requires. Appends one
/// error per mismatch, positioned at the offending parameter (or the return
/// type, or the function name for a count mismatch), each with a note at
/// \p SchemaLoc when valid. Returns true when everything matches.
bool checkSignature(const KernelFact &K, const schema::FunctionSchema &S,
                    const SourceLoc &SchemaLoc, std::vector<Diagnostic> &Diags);

/// SKGEN_META: a meta function takes the arguments of \p Out without its out
/// arguments (the functional variant's, in the dispatcher calling
/// convention) and returns `skgen::Meta` by value. Appends one error per
/// mismatch (at the parameter, the return type or \p FnLoc), each with a
/// note at \p AnnotationLoc. Returns true when everything matches.
/// `SymInt` / `SymInt[]` arguments are passed as skgen::SymInt /
/// skgen::SymIntArrayRef, whose canonical type in the translation unit is
/// \p SymIntCanonical (`c10::SymInt` with PyTorch >= 2) / an ArrayRef of it.
bool checkMetaSignature(const std::string &Fn, const SourceLoc &FnLoc,
                        const std::vector<CppParamFact> &Params,
                        const CppParamFact &Return,
                        const schema::FunctionSchema &Out,
                        const SourceLoc &AnnotationLoc,
                        std::vector<Diagnostic> &Diags,
                        const std::string &SymIntCanonical = "long");

/// The canonical type a meta function returns.
inline const char *metaReturnCanonical() { return "skgen::Meta"; }

/// True if the recorded parameter \p P is what \p T requires (top-level const
/// of a by-value parameter is ignored, as in C++ function types).
bool sameCppType(const CppParamFact &P, bool ExpectRef, bool ExpectConst,
                 const std::string &ExpectCanonical);

} // namespace skgen

#endif
