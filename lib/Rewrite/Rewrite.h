//===- Rewrite.h - The apply phase: blocks -> edited files ------*- C++ -*-===//
#ifndef SKGEN_REWRITE_REWRITE_H
#define SKGEN_REWRITE_REWRITE_H

#include "Facts/Facts.h"
#include "Gen/Generate.h"

#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace skgen {
namespace rewrite {

struct FileChange {
  std::string Path;       // Absolute.
  std::string OldContent; // As read (and as scanned).
  std::string NewContent;
  /// The file does not exist yet (--output): OldContent is "".
  bool Created = false;
  /// Why an untouched generated block is stale when it is not (only) the
  /// sources: another skgen version or other options generated it. "" when
  /// the stamps agree (the annotations changed).
  std::string Reason;
  unsigned BlockLine = 0; // 1-based line of the existing block, or 0.
  /// Which file Path named when OldContent was read (checked against the
  /// scan's): the write checks it again (if known: Dev or Ino set).
  FileIdentity Id;
};

struct RewriteOptions {
  bool Force = false; // Overwrite blocks whose checksum does not match.
  /// When set, all generated code goes into this one file instead of the
  /// annotated sources (which keep no blocks).
  std::string OutputFile;
  /// A file left mid-write by an interrupted `skgen --fix` (its lock file
  /// is still there) is recovered (--fix) or reported as an error (diff,
  /// --check).
  bool Repair = false;
  /// Recorded in each block written: "skgen <version>[ <options>]".
  std::string Stamp;
};

/// Computes the new content of every file that has or needs a generated
/// block (only files whose content changes are returned, sorted by path;
/// FileBlocks of the same file are merged, so a header reached from several
/// TUs gets one block). \p ScannedFiles maps every scanned file (a file whose
/// annotations are gone still loses its stale block) to the hashContent() the
/// scan saw, to detect files changed meanwhile ("" = unknown, do not check),
/// and \p Identities those files' identities (which file the path named:
/// a file replaced by a symbolic link or another file meanwhile is an
/// error, not written through). Problems (hand-edited blocks, changed files)
/// become diagnostics; if any of them is an error, no change at all is returned
/// (a run changes all files or none).
std::vector<FileChange>
planChanges(const std::vector<gen::FileBlock> &Blocks,
            const std::map<std::string, std::string> &ScannedFiles,
            const RewriteOptions &Opts, std::vector<Diagnostic> &Diags,
            const std::map<std::string, FileIdentity> &Identities = {});

/// The error for \p Path whose identity changed since \p Scanned, or
/// std::nullopt if it did not.
std::optional<Diagnostic> identityChanged(const std::string &Path,
                                          const FileIdentity &Scanned,
                                          const FileIdentity &Now);

/// The error for creating \p Path where a symbolic link to a missing file
/// is (as `git apply`: "already exists in working directory"; written
/// through, the file would land wherever the link points), or std::nullopt.
std::optional<Diagnostic> danglingLink(const std::string &Path);

/// \p Changes ordered by path (diffs and exported fixes list files sorted).
std::vector<const FileChange *>
sortedByPath(const std::vector<FileChange> &Changes);

/// Unified diff of all changes, paths relative to \p BaseDir.
std::string unifiedDiff(const std::vector<FileChange> &Changes,
                        const std::string &BaseDir);

/// Writes every change as one transaction (see Apply.cpp and
/// docs/rewrite.md): all files get their new content or none does, even
/// when a signal arrives or a write fails; a file edited, deleted or created
/// by someone else during the run is left as it is and fails the run ("file
/// changed while skgen was writing"); mode, owner, extended attributes and
/// hard links are kept. Returns false (with diagnostics) if nothing was
/// written.
bool applyChanges(const std::vector<FileChange> &Changes,
                  std::vector<Diagnostic> &Diags);

/// For each of \p Paths left mid-write by a `skgen --fix` that was killed
/// (SIGKILL, a crash, a power loss): with \p Repair, completes or undoes that
/// whole run (a warning says which); without, reports an error asking for
/// `skgen --fix`. A path another running skgen is writing is an error.
/// Returns false if it added errors.
bool recoverInterruptedWrites(const std::vector<std::string> &Paths,
                              bool Repair, std::vector<Diagnostic> &Diags);

/// Writes a whole output file (--dump-facts, --export-fixes) atomically:
/// a temporary file in the same directory, fsynced, renamed over \p Path
/// (which keeps its mode), removed on SIGINT and the like; SIGXFSZ is an
/// error. A path that is not a regular file (/dev/null) is written directly.
llvm::Error writeFileAtomically(const std::string &Path,
                                llvm::StringRef Content);

/// clang-tidy's `--export-fixes` YAML (TranslationUnitDiagnostics, read by
/// clang-apply-replacements): each of \p Reported (DiagnosticName
/// `skgen-<Category>`, with its fix-it as a replacement), then one
/// `skgen-out-of-date` diagnostic per file of \p Changes carrying one minimal
/// replacement. clang-apply-replacements cannot create files, so a Created
/// change (--output of a new file) is left out, with a warning in \p Diags if
/// given.
std::string exportFixesYAML(const std::vector<FileChange> &Changes,
                            const std::string &MainSourceFile,
                            std::vector<Diagnostic> *Diags = nullptr,
                            const std::vector<Diagnostic> &Reported = {},
                            const std::string &BuildDirectory = "");

/// The files changed by applying the fix-it of each of \p Diags (not of
/// their notes: a note's fix-it is a suggestion, see Diagnostic::FixText); a
/// fix-it that cannot be applied (file unreadable, stale position, overlap)
/// becomes a diagnostic in \p Problems.
std::vector<FileChange> fixItChanges(const std::vector<Diagnostic> &Diags,
                                     std::vector<Diagnostic> &Problems);

} // namespace rewrite
} // namespace skgen

#endif
