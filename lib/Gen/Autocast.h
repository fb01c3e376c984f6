//===- Autocast.h - SKGEN_AUTOCAST's wrapper and registration ---*- C++ -*-===//
//
// Internal to lib/Gen: the autocast section of a family (docs/generation.md,
// "Autocast").
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_GEN_AUTOCAST_H
#define SKGEN_GEN_AUTOCAST_H

#include "Gen/Wrappers.h"

#include <string>
#include <vector>

namespace skgen {
namespace gen {

/// The Autocast registration of \p Regs, if any: the functional variant's
/// wrapper, a template over the device type applying the family's policy
/// (aten's WrapFunction_<CastPolicy, DeviceType, ...>), and its registration
/// on every autocast key of the PyTorch in use (SKGEN_AUTOCAST_IMPL,
/// skgen/autocast.h); "" without one.
std::string autocastSection(const FamilyApi &A,
                            const std::vector<graph::Registration> &Regs,
                            Includes &Inc);

} // namespace gen
} // namespace skgen

#endif
