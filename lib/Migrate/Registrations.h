//===- Registrations.h - Hand-written torch::Library calls ------*- C++ -*-===//
//
// `skgen --migrate` (docs/user-guide.md, "Adopting skgen in an existing
// library") reads the registrations a library writes by hand: every
// torch::Library::def / impl call in the body of a TORCH_LIBRARY,
// TORCH_LIBRARY_FRAGMENT or TORCH_LIBRARY_IMPL block, found in Clang's AST
// (the static torch::detail::TorchLibraryInit each macro declares names the
// block's kind, its init function, its namespace and its dispatch key), and
// the stable ABI's StableLibrary::def / impl calls in STABLE_TORCH_LIBRARY*
// blocks (torch::stable::detail::StableTorchLibraryInit; kernels boxed by
// TORCH_BOX(&f)).
// Unlike the annotation scan this parses function bodies (of the functions
// that take a library), so it is a separate parse used by --migrate only,
// cached per translation unit like the scan's facts (Migrate/ScanCache.h).
// A file it cannot parse is reported and skipped: the others are read.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_MIGRATE_REGISTRATIONS_H
#define SKGEN_MIGRATE_REGISTRATIONS_H

#include "Facts/Facts.h"
#include "Migrate/AutogradFunctions.h"
#include "Scan/Scanner.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace skgen {
namespace migrate {

/// One m.def / m.impl call written by hand.
struct HandRegistration {
  enum class Kind { Def, Impl };
  Kind K = Kind::Def;
  /// The block's macro (TORCH_LIBRARY, TORCH_LIBRARY_FRAGMENT,
  /// TORCH_LIBRARY_IMPL, or their STABLE_ forms) and its namespace argument.
  std::string Block, Namespace;
  /// A stable-ABI block (torch::stable::detail::StableLibrary), and where
  /// its macro is used.
  bool Stable = false;
  SourceLoc BlockLoc;
  /// Def: the schema (string literal value); Impl: the operator name as
  /// written (`add.out`, or `myops::add.out`). Empty when not a literal.
  std::string Name;
  /// Impl: the dispatch key (TORCH_LIBRARY_IMPL's argument, or a
  /// torch::dispatch() wrapper's); "" for a catch-all kernel (never on the
  /// stable ABI, whose m.impl calls are all in STABLE_TORCH_LIBRARY_IMPL).
  std::string Key;
  SourceLoc Loc;   // The call (the object expression's start).
  CharRange Range; // The call, for highlighting.
  /// The statement, with its line when it is alone on it (indentation and
  /// newline included): what removing it deletes.
  SourceLoc RemoveLoc;
  unsigned RemoveLength = 0;
  /// Why skgen cannot remove (or read) this call; "" when it can.
  std::string Unsupported;

  // Impl: what is registered.
  enum class KernelKind { None, Function, Lambda, Other };
  KernelKind Kernel = KernelKind::None;
  /// Function (TORCH_FN(f), &f, f, torch::dispatch(k, ...) of one, or the
  /// stable ABI's TORCH_BOX(&f)): fully qualified.
  std::string CppName;
  SourceLoc KernelLoc;   // The function's name in the declaration below.
  SourceLoc AnnotateLoc; // Start of that declaration: an annotation goes here
  std::string Indent;    // ... followed by a newline and this indentation.
  std::string CannotAnnotate; // Why no annotation can go there ("" if it can).
  std::vector<CppParamFact> Params;
  CppParamFact Return;
  /// Where `#include <skgen/annotations.h>` goes in the declaration's file
  /// (after its leading #includes) when the translation unit does not define
  /// SKGEN_STRUCTURED; invalid when it does.
  SourceLoc IncludeLoc;
};

/// A file --migrate could not parse (its diagnostic is in Diagnostics).
struct UnreadFile {
  std::string Path;
  /// The operator names its string literals may spell, without namespace
  /// and overload (`foo` of "ns::foo.out(...)"): the operators it may
  /// define or implement, which the plan leaves as they are.
  std::set<std::string> Names;
};

struct RegistrationScan {
  std::vector<HandRegistration> Registrations; // In file, then source order.
  std::vector<Diagnostic> Diagnostics;
  /// hashContent() of every file holding a registration or a kernel
  /// declaration, as parsed (fix-its are refused if the file changed since).
  std::map<std::string, std::string> FileHashes;
  std::vector<UnreadFile> Unread;
  /// Translation units answered by the cache, and parsed.
  unsigned Cached = 0, Parsed = 0;
  /// The hand-written autograd classes around the registrations.
  AutogradFacts Autograd;
};

/// `foo` of `ns::foo.out`, `foo.out`, `ns::foo`: an operator name without
/// namespace and overload (what UnreadFile::Names holds).
std::string baseName(llvm::StringRef Op);

/// Parses each of \p Files that mentions TORCH_LIBRARY (with its bodies) and
/// collects its hand-written registrations. Registrations inside skgen's
/// generated blocks, in system headers, or seen from several translation
/// units are reported once or not at all. A file that does not parse is a
/// warning at its first error and an UnreadFile (an error when no file
/// parses: nothing can be migrated). With \p Opts.CacheDir, each
/// translation unit's registrations are cached.
RegistrationScan
scanRegistrations(const clang::tooling::CompilationDatabase &DB,
                  const std::vector<std::string> &Files,
                  const scan::ScanOptions &Opts);

} // namespace migrate
} // namespace skgen

#endif
