//===- BlockFuzzer.cpp - Fuzz the generated-block finder ------------------===//
//
// Properties, for any file content: finding the block never crashes; a
// found block removed leaves a file without a block; a block inserted into a
// file without one is found again, with the same body and checksum, and
// removing it gives the original content back.
//
//===----------------------------------------------------------------------===//
#include "Rewrite/Blocks.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace skgen;
using namespace skgen::rewrite;

static void check(bool Ok, const char *What, llvm::StringRef Content) {
  if (Ok)
    return;
  std::fprintf(stderr, "property violated: %s\n--- content ---\n%s\n---\n",
               What, Content.str().c_str());
  std::abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size < 1)
    return 0;
  // First byte: where to insert; the rest: the file.
  unsigned AfterLine = Data[0] % 8;
  llvm::StringRef Content(reinterpret_cast<const char *>(Data) + 1, Size - 1);
  // skgen refuses files with lone CRs before placing blocks (Plan.cpp).
  for (size_t I = 0; I < Content.size(); ++I)
    if (Content[I] == '\r' &&
        (I + 1 == Content.size() || Content[I + 1] != '\n'))
      return 0;
  std::vector<Diagnostic> Diags;
  ExistingBlock B;
  if (!findBlock(Content, "fuzz.cpp", B, Diags))
    return 0;
  if (B.Found) {
    std::string Removed = removeBlock(Content, B);
    ExistingBlock None;
    check(findBlock(Removed, "fuzz.cpp", None, Diags) && !None.Found,
          "a removed block is gone", Removed);
    return 0;
  }
  const std::string Body = "TORCH_LIBRARY_FRAGMENT(myops, m) {\n"
                           "  m.def(\"f(Tensor self) -> Tensor\");\n}\n";
  std::string Inserted = insertBlock(Content, AfterLine, Body);
  ExistingBlock Again;
  check(findBlock(Inserted, "fuzz.cpp", Again, Diags) && Again.Found,
        "an inserted block is found", Inserted);
  check(Again.BodyLF == Body && !Again.editedByHand(),
        "an inserted block keeps its body and checksum", Inserted);
  check(removeBlock(Inserted, Again) == Content,
        "removing an inserted block restores the file", Inserted);
  return 0;
}
