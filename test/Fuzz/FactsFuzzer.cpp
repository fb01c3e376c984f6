//===- FactsFuzzer.cpp - Fuzz the facts loader (and what facts feed) ------===//
//
// Properties, for any input: loading never crashes and never reads past the
// input; accepted facts serialize to JSON that loads again to the same JSON
// (a fixed point); linking accepted facts and generating code from them
// never crash.
//
//===----------------------------------------------------------------------===//
#include "Gen/Generate.h"
#include "Graph/OpGraph.h"
#include "Facts/FactsFile.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace skgen;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  std::vector<TUFacts> Facts;
  std::vector<Diagnostic> Diags;
  if (!parseFacts(Text, "fuzz.json", Facts, Diags)) {
    if (Diags.empty()) {
      std::fprintf(stderr, "rejected without a diagnostic\n");
      std::abort();
    }
    return 0;
  }
  std::string Once = nlohmann::json(Facts).dump();
  std::vector<TUFacts> Again;
  if (!parseFacts(Once, "again.json", Again, Diags) ||
      nlohmann::json(Again).dump() != Once) {
    std::fprintf(stderr, "facts do not load back:\n%s\n", Once.c_str());
    std::abort();
  }
  graph::OpGraph G = graph::link(Facts, graph::LinkOptions());
  if (!G.hasErrors())
    (void)gen::generate(G, gen::GenOptions());
  return 0;
}
