//===- Annotations.h - The annotation vocabulary ----------------*- C++ -*-===//
//
// The table of Annotations.def as data: what each SKGEN_* macro is called,
// what the AST carries for it, how many arguments it takes and where it may
// appear. Every phase that names an annotation reads it here.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_BASIC_ANNOTATIONS_H
#define SKGEN_BASIC_ANNOTATIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace skgen {

enum class Annotation {
#define SKGEN_ANNOTATION(Id, Macro, Name, NumArgs, Placement, FactsKey,        \
                         Example)                                              \
  Id,
#include "Basic/Annotations.def"
};

/// How many annotations Annotations.def lists (a bitset over Annotation).
constexpr unsigned NumAnnotations = 0
#define SKGEN_ANNOTATION(Id, Macro, Name, NumArgs, Placement, FactsKey,        \
                         Example)                                              \
  +1
#include "Basic/Annotations.def"
    ;

enum class AnnotationPlacement {
  Primary,          // Marks a kernel: SKGEN_STRUCTURED, SKGEN_KERNEL.
  FamilyOption,     // Between SKGEN_STRUCTURED and its declaration.
  FamilyOptionList, // A family option given any number of times.
};

struct AnnotationInfo {
  Annotation Id;
  const char *Macro; // SKGEN_STRUCTURED
  const char *Name;  // structured (annotate("skgen.structured"))
  unsigned NumArgs;  // String arguments after the name.
  AnnotationPlacement Placement;
  const char *FactsKey; // The facts member recording it.
  const char *Example;  // Arguments of a valid use, "" for none.
};

/// The prefix of every annotate attribute skgen reads: "skgen.".
constexpr llvm::StringLiteral AnnotationPrefix = "skgen.";
/// The prefix of every macro of skgen/annotations.h: "SKGEN_". Text without
/// it cannot hold an annotation (the prefilter's proof).
constexpr llvm::StringLiteral AnnotationMacroPrefix = "SKGEN_";

/// Every annotation, in the order of Annotations.def.
llvm::ArrayRef<AnnotationInfo> annotations();
const AnnotationInfo &annotationInfo(Annotation A);
/// The macro of \p A: `SKGEN_STRUCTURED`.
inline const char *annotationMacro(Annotation A) {
  return annotationInfo(A).Macro;
}
/// The facts member that records \p A (FactsFields.h writes and reads it by
/// this name).
inline const char *factsKey(Annotation A) { return annotationInfo(A).FactsKey; }
/// The annotation whose attribute name (after "skgen.") is \p Name, or null.
const AnnotationInfo *findAnnotationByName(llvm::StringRef Name);
/// The annotation defined by macro \p Macro, or null.
const AnnotationInfo *findAnnotationByMacro(llvm::StringRef Macro);

} // namespace skgen

#endif
