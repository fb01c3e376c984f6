//===- FactsFields.h - The field list of the facts format ------*- C++ -*-===//
//
// One field list per facts struct (mapFields), walked by JSONWriter for
// to_json and by JSONReader for readFacts (Basic/JSONMapping.h). A member is
// written with `required` (always; a reader requires it), `optional` (unless
// it has its type's default; a reader defaults it) or `optionalIf` (when the
// condition holds). The written JSON appears in lit tests and the scan
// cache: what is omitted when is part of the format. A member added to a
// struct goes here too (the unit test Facts.FieldListsNameEveryMember
// counts them).
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_FACTS_FACTSFIELDS_H
#define SKGEN_FACTS_FACTSFIELDS_H

#include "Basic/Annotations.h"
#include "Basic/JSONMapping.h"
#include "Facts/Facts.h"

namespace skgen {

template <class IO> void mapFields(IO &io, SourceLoc &L) {
  io.required("file", L.File, StringForm::PathOrEmpty); // "" = no location.
  io.required("line", L.Line);
  io.required("column", L.Column);
}

template <class IO> void mapFields(IO &io, CharRange &R) {
  io.required("begin", R.Begin);
  io.required("end", R.End);
}

template <class IO> void mapDiagnostic(IO &io, Diagnostic &D, bool IsNote) {
  using Level = Diagnostic::Level;
  io.enumeration("level", D.Severity,
                 {{"error", Level::Error},
                  {"warning", Level::Warning},
                  {"note", Level::Note}});
  io.required("loc", D.Loc);
  io.required("message", D.Message);
  if (!IsNote) // A note has no notes.
    io.list("notes", !D.Notes.empty(), D.Notes, [](IO &io, Diagnostic &N) {
      mapDiagnostic(io, N, /*IsNote=*/true);
    });
  io.optional("fix_text", D.FixText);
  io.optionalIf(!D.FixText.empty(), "fix_length", D.FixLength);
  io.optional("ranges", D.Ranges);
  io.optional("category", D.Category, StringForm::DiagnosticCategory);
}

template <class IO> void mapFields(IO &io, Diagnostic &D) {
  mapDiagnostic(io, D, /*IsNote=*/false);
}

template <class IO> void mapFields(IO &io, DerivativeFact::Use &U) {
  io.required("name", U.Name);
  io.required("offset", U.Offset);
  io.required("length", U.Length);
  io.optional("property", U.Property);
}

template <class IO> void mapFields(IO &io, DerivativeFact &D) {
  io.required("names", D.Names);
  io.required("formula", D.Formula);
  io.optionalIf(true, "names_loc", D.NamesLoc);
  io.optionalIf(true, "formula_loc", D.FormulaLoc);
  io.optional("uses", D.Uses);
}

template <class IO> void mapFields(IO &io, FamilyOptions &O) {
  io.optional(factsKey(Annotation::FunctionalName), O.FunctionalOverload);
  io.optional(factsKey(Annotation::InplaceName), O.InplaceOverload);
  io.optional(factsKey(Annotation::InplaceArg), O.InplaceArg);
  io.optional(factsKey(Annotation::LegacyOp), O.LegacyOp);
  io.optional(factsKey(Annotation::NoFunctional), O.NoFunctional);
  io.optional(factsKey(Annotation::NoInplace), O.NoInplace);
  io.optional(factsKey(Annotation::WithOut), O.WithOut);
  io.optional(factsKey(Annotation::WithInplace), O.WithInplace);
  io.optional(factsKey(Annotation::Alloc), O.AllocFunction);
  io.optional(factsKey(Annotation::External), O.External);
  io.optional(factsKey(Annotation::Meta), O.MetaFunction);
  io.optional("meta_function_local", O.MetaFunctionLocal);
  io.object(factsKey(Annotation::MetaPreset), !O.MetaPreset.empty(),
            [&](IO &io) {
              io.required("name", O.MetaPreset);
              io.optionalIf(true, "args", O.MetaPresetArgs);
            });
  io.optional(factsKey(Annotation::NoMetaKernel), O.NoMetaKernel);
  io.optional(factsKey(Annotation::KernelCasts), O.KernelCasts);
  io.optional(factsKey(Annotation::KernelIterator), O.KernelIterator);
  io.optional(factsKey(Annotation::KernelAllocates), O.KernelAllocates);
  io.object(factsKey(Annotation::Fallback), !O.Fallback.empty(), [&](IO &io) {
    io.required("op", O.Fallback);
    io.optionalIf(true, "loc", O.FallbackLoc);
  });
  io.optional(factsKey(Annotation::Derivative), O.Derivatives);
  io.optional(factsKey(Annotation::InplaceDerivative), O.InplaceDerivatives);
  io.optional(factsKey(Annotation::NotDifferentiable), O.NotDifferentiable);
  io.optional(factsKey(Annotation::NoAutograd), O.NoAutograd);
  io.optional(factsKey(Annotation::Autocast), O.Autocast);
  io.optional(factsKey(Annotation::Vmap), O.VmapFunction);
  io.optional(factsKey(Annotation::NoVmap), O.NoVmap);
}

template <class IO> void mapFields(IO &io, CppParamFact &P) {
  io.optionalIf(true, "name", P.Name);
  io.optionalIf(true, "spelling", P.Spelling);
  io.optionalIf(true, "canonical", P.Canonical);
  io.optionalIf(true, "const", P.IsConst);
  io.optionalIf(true, "reference", P.IsReference);
  io.optionalIf(true, "loc", P.Loc);
}

template <class IO> void mapFields(IO &io, KernelFact &K) {
  using Kind = KernelFact::Kind;
  io.enumeration("kind", K.AnnotationKind,
                 {{"structured", Kind::Structured}, {"kernel", Kind::Kernel}});
  io.required("schema", K.SchemaText);
  io.required("schema_loc", K.SchemaLoc);
  io.required("keys", K.Keys);
  io.required("cpp_name", K.CppName);
  io.required("loc", K.Loc);
  io.required("annotation_loc", K.AnnotationLoc);
  io.optionalIf(true, "options", K.Options);
  io.optionalIf(true, "signature_ok", K.SignatureOk);
  io.optionalIf(true, "insert_after_offset", K.InsertAfterOffset);
  io.optionalIf(true, "insert_after_line", K.InsertAfterLine);
  io.optionalIf(true, "insert_file", K.InsertFile, StringForm::PathOrEmpty);
  io.optionalIf(true, "signature_checked", K.SignatureChecked);
  io.optionalIf(true, "params", K.Params);
  io.optionalIf(true, "return", K.Return);
  io.optional("definition_unseen", K.DefinitionUnseen);
  io.optional("internal_linkage", K.InternalLinkage);
  io.optionalIf(!K.InternalLinkage.empty(), "name_length", K.NameLength);
  // Only when set: facts of PyTorch 1.x TUs are unchanged.
  io.optional("torch_compile", K.TorchCompile);
  io.optional(factsKey(Annotation::FunctionalKernel), K.FunctionalKernel);
  io.optional("annotation_errors", K.AnnotationErrors);
}

template <class IO> void mapFields(IO &io, TUFacts::FileState &F) {
  io.required("path", F.Path, StringForm::Path);
  io.required("hash", F.Hash, StringForm::Hash);
  io.optional("link", F.Id.Link, StringForm::Path);
}

template <class IO> void mapFields(IO &io, TUFacts &T) {
  io.required("main_file", T.MainFile, StringForm::Path);
  io.optionalIf(true, "skipped", T.Skipped);
  io.optionalIf(true, "kernels", T.Kernels);
  io.optionalIf(true, "diagnostics", T.Diagnostics);
  io.optionalIf(true, "files", T.Files);
  io.optional("torch_version", T.TorchVersion);
}

} // namespace skgen

#endif
