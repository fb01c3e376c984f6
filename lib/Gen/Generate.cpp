//===- Generate.cpp - The emit phase (placeholder until issue #4) ---------===//
#include "Gen/Generate.h"

namespace skgen {
namespace gen {

std::vector<FileBlock> generate(const graph::OpGraph &, const GenOptions &) {
  return {};
}

} // namespace gen
} // namespace skgen
