//===- Scanner.cpp - The scan phase (placeholder until issue #3) ----------===//
#include "Scan/Scanner.h"

namespace skgen {
namespace scan {

std::vector<TUFacts> scanFiles(const clang::tooling::CompilationDatabase &,
                               const std::vector<std::string> &Files,
                               const ScanOptions &) {
  std::vector<TUFacts> Out;
  for (const std::string &F : Files) {
    TUFacts T;
    T.MainFile = F;
    Diagnostic D;
    D.Message = "scanning C++ sources is not implemented yet";
    T.Diagnostics.push_back(D);
    Out.push_back(T);
  }
  return Out;
}

} // namespace scan
} // namespace skgen
