//===- Rewrite.h - The apply phase: blocks -> edited files ------*- C++ -*-===//
#ifndef SKGEN_REWRITE_REWRITE_H
#define SKGEN_REWRITE_REWRITE_H

#include "Gen/Generate.h"
#include "Scan/Facts.h"

#include <map>
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
};

struct RewriteOptions {
  bool Force = false; // Overwrite blocks whose checksum does not match.
  /// When set, all generated code goes into this one file instead of the
  /// annotated sources (which keep no blocks).
  std::string OutputFile;
};

/// Computes the new content of every file that has or needs a generated
/// block (only files whose content changes are returned, sorted by path;
/// FileBlocks of the same file are merged, so a header reached from several
/// TUs gets one block). \p ScannedFiles maps every scanned file (a file whose
/// annotations are gone still loses its stale block) to the hashContent() the
/// scan saw, to detect files changed meanwhile ("" = unknown, do not check).
/// Problems (hand-edited blocks, changed files) become diagnostics; if any
/// of them is an error, no change at all is returned (a run changes all
/// files or none).
std::vector<FileChange>
planChanges(const std::vector<gen::FileBlock> &Blocks,
            const std::map<std::string, std::string> &ScannedFiles,
            const RewriteOptions &Opts, std::vector<Diagnostic> &Diags);

/// \p Changes ordered by path (diffs and exported fixes list files sorted).
std::vector<const FileChange *>
sortedByPath(const std::vector<FileChange> &Changes);

/// Unified diff of all changes, paths relative to \p BaseDir.
std::string unifiedDiff(const std::vector<FileChange> &Changes,
                        const std::string &BaseDir);

/// Writes every change atomically (temp file + rename in the same directory,
/// keeping permissions); refuses files changed on disk since OldContent was
/// read. Returns false (with diagnostics) if any file could not be written;
/// files are checked before the first write so a run writes all or nothing
/// where the file system allows.
bool applyChanges(const std::vector<FileChange> &Changes,
                  std::vector<Diagnostic> &Diags);

/// clang-apply-replacements YAML for \p Changes: one minimal replacement per
/// file. clang-apply-replacements cannot create files, so a Created change
/// (--output of a new file) is left out, with a warning in \p Diags if given.
std::string exportFixesYAML(const std::vector<FileChange> &Changes,
                            const std::string &MainSourceFile,
                            std::vector<Diagnostic> *Diags = nullptr);

} // namespace rewrite
} // namespace skgen

#endif
