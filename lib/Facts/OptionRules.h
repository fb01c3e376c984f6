//===- OptionRules.h - Which family options combine -------------*- C++ -*-===//
//
// The one rule the scan (at the annotations) and the link phase (for facts
// read from a facts file or the cache) apply to a family's options: which of
// them may be given together. Like Facts/Autocast.h, it needs only facts.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_FACTS_OPTIONRULES_H
#define SKGEN_FACTS_OPTIONRULES_H

#include "Basic/Annotations.h"

#include <bitset>
#include <optional>
#include <string>
#include <vector>

namespace skgen {

struct KernelFact;
namespace schema {
struct MetaPreset;
} // namespace schema

/// The family options a family is given, by annotation.
class GivenOptions {
public:
  void add(Annotation A) { Bits.set(static_cast<size_t>(A)); }
  void remove(Annotation A) { Bits.reset(static_cast<size_t>(A)); }
  bool has(Annotation A) const { return Bits.test(static_cast<size_t>(A)); }

private:
  std::bitset<NumAnnotations> Bits;
};

/// One refused combination: the option refused and, when another option is
/// the reason, that one (a note's location).
struct OptionConflict {
  Annotation At;
  std::optional<Annotation> Other;
  /// The refusal is about \p At's first argument (the preset's name), not
  /// the option as a whole.
  bool AtArgument = false;
  std::string Message;
};

/// The options of \p K's facts, as the annotations that record them.
GivenOptions givenOptions(const KernelFact &K);

/// Every combination of \p Given that skgen refuses, in source order of the
/// rules; empty when the options combine. \p Preset is the row of the preset
/// SKGEN_META_PRESET names, when it names a known one.
std::vector<OptionConflict> optionConflicts(const GivenOptions &Given,
                                            const schema::MetaPreset *Preset);

} // namespace skgen

#endif
