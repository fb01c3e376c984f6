//===- ScanCache.h - --migrate's registrations in the cache -----*- C++ -*-===//
//
// The registrations --migrate reads from a translation unit are cached like
// the scan's facts (Incremental/Cache.h: the same key, kind "migrate", used
// while every file the parse read is unchanged). An entry is untrusted input
// (docs/reliability.md): its JSON is read checked, member by member, and
// what --migrate would write from it must be what the files hold now, or the
// entry is a miss: each file has the content hash recorded; the operator name
// or schema is the string literal passed to that very `m.def` / `m.impl`
// call; a removal covers one such call statement and its line, nothing more;
// an annotation goes at the start of the line of the declaration of the
// function it names; an #include goes at a line start.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_MIGRATE_SCANCACHE_H
#define SKGEN_MIGRATE_SCANCACHE_H

#include "Migrate/Registrations.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace skgen {
namespace migrate {

/// The cache payload of one translation unit's registrations.
std::string writeCachedScan(const RegistrationScan &S);

/// Reads a payload back into \p S; false (a miss) if it does not parse
/// exactly or does not say what the files hold (\p Why, for tests).
bool readCachedScan(llvm::StringRef Payload, RegistrationScan &S,
                    std::string *Why = nullptr);

} // namespace migrate
} // namespace skgen

#endif
