//===- Version.cpp - skgen's version --------------------------------------===//
#include "Basic/Version.h"

#ifndef SKGEN_VERSION
#error "SKGEN_VERSION must be defined by the build"
#endif

namespace skgen {

const char *version() { return SKGEN_VERSION; }

} // namespace skgen
