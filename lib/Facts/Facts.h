//===- Facts.h - What the scan phase learns from one translation unit -*- C++
//-*-===//
//
// Facts are plain data with a JSON form, so that scanning can be sharded across
// processes or machines and linked afterwards (contract §8). Locations and
// diagnostics are Basic's (Basic/Diagnostic.h).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_FACTS_FACTS_H
#define SKGEN_FACTS_FACTS_H

#include "Basic/Diagnostic.h"
#include "Basic/Path.h"
#include "Schema/Variants.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <vector>

namespace skgen {

struct JSONMappingError; // Basic/JSONMapping.h

/// One SKGEN_DERIVATIVE(names, formula): an entry of the family's
/// derivatives as derivatives.yaml writes it (`self, other: formula`).
/// Facts/Derivatives.h gives the entries their meaning.
struct DerivativeFact {
  std::string Names;    // "self", "self, other", "result", ...
  std::string Formula;  // A C++ expression, or a keyword (non_differentiable)
  SourceLoc NamesLoc;   // The first character inside each string literal.
  SourceLoc FormulaLoc; // (Of the first literal, if concatenated.)
  /// An identifier of the formula that may name a variable (not a member, not
  /// qualified), as Clang's lexer found it: where it is (bytes into Formula)
  /// and, for `self.sym_sizes()` and the other properties a node can save
  /// instead of the tensor (Facts/Derivatives.h), the property and the length
  /// of the whole expression.
  struct Use {
    std::string Name;
    unsigned Offset = 0;
    unsigned Length = 0; // Of Name, or of `Name.property()`.
    std::string Property;
  };
  std::vector<Use> Uses;
};

/// Family options from the annotation vocabulary (see annotations.h).
struct FamilyOptions {
  std::optional<std::string> FunctionalOverload; // SKGEN_FUNCTIONAL_NAME
  std::optional<std::string> InplaceOverload;    // SKGEN_INPLACE_NAME
  std::optional<std::string> InplaceArg;         // SKGEN_INPLACE_ARG
  /// SKGEN_LEGACY_OP("f_out"): the legacy operator (name, or name.overload)
  /// defined for existing callers.
  std::optional<std::string> LegacyOp;
  bool NoFunctional = false; // SKGEN_NO_FUNCTIONAL
  bool NoInplace = false;    // SKGEN_NO_INPLACE
  /// A family declared by its functional schema also defines its out= /
  /// in-place variant (schema::VariantOptions).
  bool WithOut = false;      // SKGEN_WITH_OUT
  bool WithInplace = false;  // SKGEN_WITH_INPLACE
  std::string AllocFunction; // SKGEN_ALLOC(fn): fully qualified C++ name.
  bool External = false;     // SKGEN_EXTERNAL: namespace not owned, no def.
  /// SKGEN_META(fn): fully qualified C++ name of the meta function.
  std::string MetaFunction;
  /// The meta function cannot be redeclared in another file's generated
  /// block (internal linkage or a class member): kernels of the family in
  /// other files cannot call it.
  bool MetaFunctionLocal = false;
  /// SKGEN_META_PRESET(name, args...): the preset (Schema/MetaPresets.h) and
  /// the schema argument bound to each of its roles ("" = unbound).
  std::string MetaPreset;
  std::vector<std::string> MetaPresetArgs;
  bool NoMetaKernel = false; // SKGEN_NO_META_KERNEL
  /// SKGEN_KERNEL_CASTS: the out= kernel writes an out= tensor or in-place
  /// self of another (castable) dtype itself: no temporary.
  bool KernelCasts = false;
  /// SKGEN_KERNEL_ITERATOR: the out= kernel checks, resizes and casts out=
  /// and in-place self itself (a whole structured TensorIterator op): the
  /// wrappers that call it do not evaluate the meta function.
  bool KernelIterator = false;
  /// SKGEN_KERNEL_ALLOCATES (with SKGEN_KERNEL_ITERATOR): given undefined
  /// out tensors, the out= kernel's TensorIterator allocates them and the
  /// kernel stores them in its out arguments: the functional wrapper calling
  /// it allocates nothing and evaluates no meta function.
  bool KernelAllocates = false;
  /// SKGEN_FALLBACK("ns::op.overload"): the out overload of another family
  /// of the same operator that serves this one on backends without a kernel
  /// of their own, and where that string is (for link-time diagnostics).
  std::string Fallback;
  SourceLoc FallbackLoc;
  /// SKGEN_DERIVATIVE entries, in the order written.
  std::vector<DerivativeFact> Derivatives;
  /// SKGEN_INPLACE_DERIVATIVE entries: the in-place variant's own
  /// (derivatives.yaml's entry for `op_`), in the order written.
  std::vector<DerivativeFact> InplaceDerivatives;
  bool NotDifferentiable = false; // SKGEN_NOT_DIFFERENTIABLE
  bool NoAutograd = false;        // SKGEN_NO_AUTOGRAD: the user's autograd
  /// SKGEN_AUTOCAST(policy): the functional variant's autocast policy
  /// (Basic/AutocastPolicies.def); empty for none.
  std::string Autocast;
  /// SKGEN_VMAP(fn): fully qualified C++ name of the family's batching rule.
  std::string VmapFunction;
  bool NoVmap = false; // SKGEN_NO_VMAP: PyTorch's vmap fallback
  bool hasMeta() const { return !MetaFunction.empty() || !MetaPreset.empty(); }
};

/// A parameter (or the return type) of an annotated C++ function, as the
/// scanner saw it, so that a kernel whose family schema is declared in another
/// translation unit can be checked at link time (checkSignature).
struct CppParamFact {
  std::string Name;     // Parameter name; empty for the return type.
  std::string Spelling; // The type as written: `const at::Scalar &`.
  /// The unqualified, de-sugared type without reference, printed like
  /// schema::CppType::Canonical (`c10::Scalar`, `c10::ArrayRef<long>`).
  std::string Canonical;
  bool IsConst = false;     // Top-level const (of the referee for references).
  bool IsReference = false; // An lvalue reference.
  SourceLoc Loc;            // The parameter name (or the return type).
};

/// One annotated function declaration.
struct KernelFact {
  enum class Kind { Structured, Kernel };
  Kind AnnotationKind = Kind::Structured;
  /// SKGEN_STRUCTURED: the full out= schema; SKGEN_KERNEL: `ns::name.overload`.
  std::string SchemaText;
  /// Where SchemaText's first character is in the source, so schema errors
  /// can point inside the string literal.
  SourceLoc SchemaLoc;
  std::vector<std::string> Keys; // Dispatch keys, as written.
  std::string CppName;           // Fully qualified: `myops::add_out_cpu`.
  SourceLoc Loc;                 // The function's name.
  SourceLoc AnnotationLoc;       // The annotation macro.
  FamilyOptions Options;         // Meaningful for Structured only.
  /// The signature matched the schema (a mismatch is also a diagnostic).
  bool SignatureOk = false;
  /// Where generated code for this declaration's file may go: byte offset
  /// just past the end of the top-level (global-scope) declaration that
  /// contains this function, and the line of that end.
  unsigned InsertAfterOffset = 0;
  unsigned InsertAfterLine = 0;

  // --- Added by the scan phase (issue 3) ---------------------------------
  /// The file InsertAfterOffset/Line refer to. Usually Loc.File; when the
  /// annotation sits on a declaration in a header and the definition is in
  /// the main file, it is the main file (registrations belong next to the
  /// definition, not into a header included by many TUs).
  std::string InsertFile;
  /// The annotation is on a declaration outside the main file and this
  /// translation unit does not see the function's definition: the file
  /// holding the definition decides where the generated code goes, so
  /// InsertFile/InsertAfter* are not final (another TU of the run may know;
  /// if none does, nothing is generated for this declaration, wherever the
  /// run starts from).
  bool DefinitionUnseen = false;
  /// The C++ signature as declared, in declaration order, and the return.
  std::vector<CppParamFact> Params;
  CppParamFact Return;
  /// SignatureOk is meaningful only when SignatureChecked: always for
  /// SKGEN_STRUCTURED; for SKGEN_KERNEL only when the family's
  /// SKGEN_STRUCTURED was visible in the same translation unit. Otherwise the
  /// link phase checks Params/Return against the family schema with
  /// checkSignature (Scan/SignatureCheck.h).
  bool SignatureChecked = false;
  /// Why the function has internal linkage ("declared 'static'", "declared
  /// in an anonymous namespace"), or "" (external): generated code in another
  /// translation unit (--output) cannot call it.
  std::string InternalLinkage;
  unsigned NameLength = 0; // Of the function's name at Loc (for a range).
  /// The translation unit was compiled against a PyTorch whose c10 uses the
  /// standard library's optional (PyTorch >= 2.4: torch.compile and
  /// torch.export, which run ops on fake tensors and need Meta kernels).
  bool TorchCompile = false;
  /// SKGEN_STRUCTURED with SKGEN_FUNCTIONAL_KERNEL: the function is the
  /// family's functional kernel for Keys (its signature is the functional
  /// variant's). A SKGEN_KERNEL says so by naming the functional operator;
  /// the link phase resolves that.
  bool FunctionalKernel = false;
  /// The scan reported errors about this annotated declaration (its schema
  /// or operator name, keys, options or signature): the link phase does not
  /// report what the scan checks a second time.
  bool AnnotationErrors = false;

  /// The file generated code for this declaration goes to: InsertFile, else
  /// the function's file, else the annotation's.
  const std::string &placementFile() const {
    if (!InsertFile.empty())
      return InsertFile;
    return Loc.valid() ? Loc.File : AnnotationLoc.File;
  }
};

/// Everything learnt from one translation unit.
struct TUFacts {
  std::string MainFile;
  std::vector<KernelFact> Kernels;
  std::vector<Diagnostic> Diagnostics;
  /// Files of this TU (main file and project headers) that were read, with
  /// the content hash seen, so a file changed between scan and write can be
  /// detected.
  struct FileState {
    std::string Path;
    std::string Hash;
    /// Which file Path named when it was read. Only Link is kept in facts
    /// files and caches (device and inode do not survive a checkout).
    FileIdentity Id;
  };
  std::vector<FileState> Files;
  bool Skipped = false; // Prefilter: no annotation macro mentioned.
  /// "MAJOR.MINOR" of the PyTorch the TU builds against (torch/version.h,
  /// when its include paths reach it), or "".
  std::string TorchVersion;
};

/// The variant options \p O gives a family (FunctionalFirst: declared by its
/// functional schema, schema::familyOutSchema); the scan and the link phase
/// derive the variants from the same.
schema::VariantOptions variantOptions(const FamilyOptions &O,
                                      bool FunctionalFirst);

/// Content hash used to detect files changed between scan and write.
std::string hashContent(const std::string &Content);

// The JSON form: one field list per struct (mapFields in Facts.cpp), written
// by to_json and read back, checked member by member, by readFacts.
void to_json(nlohmann::json &J, const SourceLoc &L);
void to_json(nlohmann::json &J, const CharRange &R);
void to_json(nlohmann::json &J, const Diagnostic &D);
void to_json(nlohmann::json &J, const DerivativeFact::Use &U);
void to_json(nlohmann::json &J, const DerivativeFact &D);
void to_json(nlohmann::json &J, const FamilyOptions &O);
void to_json(nlohmann::json &J, const CppParamFact &P);
void to_json(nlohmann::json &J, const KernelFact &K);
void to_json(nlohmann::json &J, const TUFacts &T);

/// Converts the facts document \p J (one TUFacts object or an array of them)
/// and appends its translation units to \p Out. On the first malformed value
/// returns false with \p Error (where and what; see mappingDiagnostic in
/// Basic/JSONMapping.h) and appends nothing.
bool readFacts(const nlohmann::json &J, std::vector<TUFacts> &Out,
               JSONMappingError &Error);

} // namespace skgen

#endif
