//===- Annotations.cpp - The annotation vocabulary ------------------------===//
#include "Basic/Annotations.h"

namespace skgen {

static const AnnotationInfo Table[] = {
#define SKGEN_ANNOTATION(Id, Macro, Name, NumArgs, Placement, FactsKey,        \
                         Example)                                              \
  {Annotation::Id, Macro,  Name, NumArgs, AnnotationPlacement::Placement,      \
   FactsKey,       Example},
#include "Basic/Annotations.def"
};

llvm::ArrayRef<AnnotationInfo> annotations() { return Table; }

const AnnotationInfo &annotationInfo(Annotation A) {
  return Table[static_cast<unsigned>(A)];
}

const AnnotationInfo *findAnnotationByName(llvm::StringRef Name) {
  for (const AnnotationInfo &I : Table)
    if (I.Name == Name)
      return &I;
  return nullptr;
}

const AnnotationInfo *findAnnotationByMacro(llvm::StringRef Macro) {
  for (const AnnotationInfo &I : Table)
    if (I.Macro == Macro)
      return &I;
  return nullptr;
}

} // namespace skgen
