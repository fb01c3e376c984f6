//===- Rewrite.cpp - The apply phase (placeholder until issue #5) ---------===//
#include "Rewrite/Rewrite.h"

namespace skgen {
namespace rewrite {

std::vector<FileChange> planChanges(const std::vector<gen::FileBlock> &,
                                    const std::map<std::string, std::string> &,
                                    const RewriteOptions &,
                                    std::vector<Diagnostic> &) {
  return {};
}
std::string unifiedDiff(const std::vector<FileChange> &, const std::string &) {
  return "";
}
bool applyChanges(const std::vector<FileChange> &, std::vector<Diagnostic> &) {
  return true;
}
std::string exportFixesYAML(const std::vector<FileChange> &,
                            const std::string &) {
  return "";
}

} // namespace rewrite
} // namespace skgen
