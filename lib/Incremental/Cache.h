//===- Cache.h - Persistent facts per translation unit ----------*- C++ -*-===//
//
// Like ccache's direct mode: an entry is found by a key made of everything
// that decides a translation unit's facts before it is parsed (skgen's own
// build, the compile command, the working directory, the main file's path,
// the environment the driver reads) and holds the facts together with the
// file system inputs the parse had (FileDeps.h). It is used only if every
// input is unchanged. Entries are written to a temporary file and renamed
// into place, so concurrent runs never see half an entry; an entry that does
// not parse back exactly (truncated, edited, another key's) is a miss.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_INCREMENTAL_CACHE_H
#define SKGEN_INCREMENTAL_CACHE_H

#include "Facts/Facts.h"
#include "Facts/FactsFile.h"
#include "Incremental/FileDeps.h"
#include "Incremental/Outline.h"

#include "llvm/Support/MemoryBuffer.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace skgen {
namespace incremental {

/// What a cache entry holds besides its key.
struct CacheEntry {
  std::vector<FileDep> Deps;
  /// Outlines of the project files whose function bodies were skipped, for
  /// re-using facts after edits inside bodies only (Outline.h).
  std::vector<FileOutline> Outlines;
  /// Content hash of the macro-name set file (macros-<hash>) of the TU, or "".
  std::string MacrosId;
  TUFacts Facts;
};

class FactsCache {
public:
  /// Entries under \p Dir (created if needed). \p ToolId identifies skgen's
  /// build: entries of another build are never used.
  FactsCache(std::string Dir, std::string ToolId);

  const std::string &dir() const { return Dir; }
  const std::string &toolId() const { return ToolId; }

  /// The key text of a translation unit; \p Kind names what another kind
  /// of entry holds (lookupPayload), "" for facts.
  std::string key(const std::string &Directory, const std::string &MainFile,
                  const std::vector<std::string> &CommandLine,
                  llvm::StringRef Kind = "") const;

  /// Facts for \p Key whose inputs are unchanged, or facts re-positioned
  /// after edits inside function bodies only. False: parse the TU.
  /// \p Inputs receives the files the facts depend on.
  bool lookup(const std::string &Key, TUFacts &Out,
              std::vector<std::string> *Inputs = nullptr);

  /// Records facts (best effort: errors make it a no-op).
  void store(const std::string &Key, const CacheEntry &E);

  /// An entry of another kind (a subdirectory \p Kind of the cache; e.g.
  /// "migrate", the registrations --migrate reads): its payload, found when
  /// every input \p Deps recorded is unchanged. The payload is untrusted
  /// input: its reader checks it.
  bool lookupPayload(llvm::StringRef Kind, const std::string &Key,
                     std::string &Payload);
  void storePayload(llvm::StringRef Kind, const std::string &Key,
                    const std::vector<FileDep> &Deps, llvm::StringRef Payload);

  /// Stores the macro-name set of a TU (content-addressed, shared by entries)
  /// and returns its id.
  std::string storeMacros(const std::vector<uint64_t> &SortedHashes);

  bool loadMacros(const std::string &Id, NameSet &Out);

  DepVerifier &verifier() { return Verifier; }

  /// Writes \p Data to \p Path atomically (temporary file + rename).
  /// \p EC receives why it failed.
  static bool writeAtomically(const std::string &Path, llvm::StringRef Data,
                              std::error_code *EC = nullptr);

  /// writeAtomically, a failure recorded for writeError().
  bool write(const std::string &Path, llvm::StringRef Data);

  /// Why the first write into the cache failed (full disk, read-only or
  /// missing directory), or "": the run then has the answer of --no-cache
  /// and the caller says once that the cache could not be written.
  std::string writeError() const;

  std::atomic<unsigned> Hits{0}, BodyHits{0}, Misses{0};

private:
  std::string entryPath(const std::string &Key,
                        llvm::StringRef Kind = "facts") const;

  std::string Dir, ToolId;
  DepVerifier Verifier;
  mutable std::mutex WriteErrorLock;
  std::string WriteError;
};

/// Reads a file of the cache directory (an entry, a macro-name set, a PCH
/// and its record), untrusted input like a --facts file: only a regular file
/// of at most \p MaxBytes (Basic/InputFile.h), else null, a miss as ccache
/// takes an unreadable or corrupt entry (a link to /dev/zero would be read
/// until memory runs out).
std::unique_ptr<llvm::MemoryBuffer>
readCacheFile(const std::string &Path, uint64_t MaxBytes = MaxFactsFileBytes);

/// Identifies this build of skgen: its version, Clang's, and a hash of the
/// executable (so a rebuilt skgen never reads a previous build's facts).
std::string skgenBuildId();

/// Directory of the cache: `<BuildDir>/.skgen-cache` with a build directory,
/// else `$XDG_CACHE_HOME/skgen` (or ~/.cache/skgen); relative or empty
/// values are ignored. "" (no cache, silently, as clangd without a cache
/// directory) when neither gives an absolute directory.
std::string defaultCacheDir(const std::string &BuildDir);

/// The record of a precompiled header in the cache (Preamble.h): its file
/// (in the cache's pch/ directory; empty if it could not be built from these
/// inputs) and the hash of its contents, its macro-name set and what building
/// it read.
struct PchMeta {
  std::string PchFile, PchHash, MacrosId;
  std::vector<FileDep> Deps;
};
std::string serializePchMeta(const std::string &Key, const PchMeta &M);
bool parsePchMeta(llvm::StringRef Text, const std::string &Key, PchMeta &M);

/// Entry text <-> entry (exposed for tests). parseEntry checks the format
/// version, the checksum, the key and every field; anything unexpected makes
/// it return false.
std::string serializeEntry(const std::string &Key, const CacheEntry &E);
bool parseEntry(llvm::StringRef Text, const std::string &Key, CacheEntry &E);

} // namespace incremental
} // namespace skgen

#endif
