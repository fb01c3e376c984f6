//===- Version.h - skgen's version ------------------------------*- C++ -*-===//
#ifndef SKGEN_BASIC_VERSION_H
#define SKGEN_BASIC_VERSION_H

namespace skgen {

/// The version of this skgen ("0.1.0"), from the CMake project version. It
/// is recorded in generated blocks and SARIF logs.
const char *version();

} // namespace skgen

#endif
