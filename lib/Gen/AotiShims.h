//===- AotiShims.h - AOTInductor C shims of generated ops -------*- C++ -*-===//
//
// With --aoti-shims=FILE.py: for each family's functional operator, one
// `extern "C" AOTITorchError aoti_torch_<device>_<op>(...)` per device with a
// kernel (AOTInductor's C shim convention, torchgen's gen_aoti_c_shim), in
// the C++ block next to the family's definitions, and a Python module FILE.py
// with the `custom_ops_to_c_shims` mapping AOTInductor reads and a
// configure() that applies it (docs/generation.md, "AOTInductor C shims").
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_GEN_AOTISHIMS_H
#define SKGEN_GEN_AOTISHIMS_H

#include "Gen/Generate.h"
#include "Gen/Wrappers.h"

#include <string>

namespace skgen {
namespace gen {

/// The C shims of \p A's family (a section of its block, guarded by
/// SKGEN_AOTI), or a one-line note saying why it has none; "" for an
/// external family.
std::string aotiShimSection(const graph::OpGraph &G, const FamilyApi &A,
                            const GenOptions &Opts, Includes &Inc);

/// The Python module's body (after the marker and owner lines).
std::string aotiShimsModuleBody(const graph::OpGraph &G,
                                const GenOptions &Opts);

} // namespace gen
} // namespace skgen

#endif
