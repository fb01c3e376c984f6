//===- AutogradFunctions.h - Hand-written autograd::Function ---*- C++ -*-===//
//
// `skgen --migrate` for a hand-written Autograd kernel
// (docs/user-guide.md, "Hand-written autograd"): a
// `torch::autograd::Function<X>` class whose forward saves arguments
// (save_for_backward, saved_data, sizes) and calls the operator below
// autograd, whose backward calls functions or operators of the library with
// what it saved, and a function `foo_autograd(args)` returning
// `X::apply(args)` that `TORCH_LIBRARY_IMPL(ns, Autograd, m)` registers.
//
// The scan reads such classes from Clang's AST into formulas in
// derivatives.yaml's language whose names are still positions (the forward's
// parameters, bound to the schema's names when planning). The plan writes
// them as SKGEN_DERIVATIVE on the family's annotated kernel, or explains
// what could not be read; once the registration goes, the class and the
// function are named as unused (removed on request) when nothing else in the
// scanned files names them.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_MIGRATE_AUTOGRADFUNCTIONS_H
#define SKGEN_MIGRATE_AUTOGRADFUNCTIONS_H

#include "Basic/Diagnostic.h"
#include "Schema/Schema.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Decl;
class SourceManager;
} // namespace clang

namespace skgen {
namespace scan {
class LocConverter;
}
namespace migrate {

struct HandRegistration;

/// Bytes a removal deletes (whole lines) and how many lines they are.
struct Removal {
  SourceLoc Loc;
  unsigned Length = 0, Lines = 0;
  /// Why it cannot be removed ("" when it can).
  std::string WhyNot;
};

/// One torch::autograd::Function<X> class.
struct AutogradClass {
  std::string Name; // Qualified; `(anonymous namespace)::` as Clang prints.
  SourceLoc Loc;
  std::string MainFile; // Of the translation unit it was read in.
  Removal Remove;
  /// Per forward parameter (after the context): the gradient the backward
  /// returns for it, a formula whose names are markers (see the .cpp), or
  /// "" when it is undefined.
  std::vector<std::string> Grads;
  /// The operator the forward calls below autograd: a function (qualified)
  /// whose body calls an operator, or `op:ns::name.overload`.
  std::string ForwardCallee;
  /// Why the formulas cannot be written as they are ("" when they can).
  std::string WhyNot;
};

/// A function returning X::apply(its parameters)[0] (foo_autograd).
struct ApplyFunction {
  std::string Name, Class; // Qualified.
  /// Per argument of apply: the function's parameter it passes (-1: not one).
  std::vector<int> ArgParam;
  Removal Remove;
};

struct AutogradFacts {
  std::vector<AutogradClass> Classes;
  std::vector<ApplyFunction> Applies;
  /// Functions whose body calls an operator through the dispatcher
  /// (findSchemaOrThrow(...).typed<...>().call(its parameters)): function ->
  /// `ns::name.overload`.
  std::map<std::string, std::string> OpCallers;
  /// The library's functions each translation unit declares (by main file):
  /// what a formula in that file can call.
  std::map<std::string, std::set<std::string>> Declared;
  /// The project's files of the translation units (references are looked
  /// for there).
  std::set<std::string> Files;

  void merge(AutogradFacts &&Other);
};

/// Whether a function body is needed to read autograd classes: in files
/// that mention them or the dispatcher (the registration scan skips the
/// others' bodies).
class AutogradBodies {
public:
  bool keep(const clang::Decl *D, const clang::SourceManager &SM);

private:
  std::map<unsigned, bool> ByFile;
};

/// Reads a translation unit's autograd classes, apply functions and
/// operator callers into \p Out; the files holding them into \p Hashes.
void collectAutograd(clang::ASTContext &Ctx, scan::LocConverter &Locs,
                     AutogradFacts &Out,
                     std::map<std::string, std::string> &Hashes);

/// What becomes of a family's hand-written Autograd kernel \p Impl, whose
/// functional operator is \p Fn and whose annotated kernel is the function
/// \p Kernel (qualified) declared in \p KernelFile.
struct AutogradMigration {
  /// (input, formula) entries for SKGEN_DERIVATIVE; empty when not written.
  std::vector<std::pair<std::string, std::string>> Derivatives;
  /// When not written: notes at the registration, why and what to write.
  std::vector<Diagnostic> Notes;
};
AutogradMigration migrateAutograd(const AutogradFacts &Facts,
                                  const HandRegistration &Impl,
                                  const schema::FunctionSchema &Fn,
                                  const std::string &Kernel,
                                  const std::string &KernelFile);

/// After the plan: for each removed Autograd registration in \p Removed, a
/// note naming the apply function and class nothing else uses, or (with
/// \p RemoveUnused) warnings whose fix-its remove them.
std::vector<Diagnostic>
unusedAutograd(const AutogradFacts &Facts,
               const std::vector<const HandRegistration *> &Removed,
               const std::vector<std::string> &InputFiles, bool RemoveUnused);

} // namespace migrate
} // namespace skgen

#endif
