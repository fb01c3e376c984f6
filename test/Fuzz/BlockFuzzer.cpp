//===- BlockFuzzer.cpp - Fuzz the generated-block finder ------------------===//
//
// Properties, for any file content: finding the block never crashes; a
// found block removed leaves a file without a block; a block inserted into a
// file without one is found again, with the same body and checksum, and
// removing it gives the original content back.
//
//===----------------------------------------------------------------------===//
#include "Blocks/Blocks.h"
#include "Rewrite/Text.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace skgen;
using namespace skgen::rewrite;
using namespace skgen::blocks;

static std::vector<Diagnostic> Diags;

static void check(bool Ok, const char *What, llvm::StringRef Content) {
  if (Ok)
    return;
  llvm::errs() << "property violated: " << What << "\n--- content ---\n";
  llvm::printEscapedString(Content, llvm::errs());
  llvm::errs() << "\n---\n";
  for (const Diagnostic &D : Diags)
    llvm::errs() << D.Loc.Line << ":" << D.Loc.Column << ": " << D.Message
                 << "\n";
  llvm::errs().flush();
  std::abort();
}

/// False if \p Content ends inside a comment or a raw string literal: a
/// block appended there is part of it, not a block (such a file is not C++;
/// skgen's scan rejects it before placing anything). Tested by lexing a
/// sentinel line after it: it must come out as the last token.
static bool endsOutsideComments(llvm::StringRef Content) {
  const std::string Text = Content.str() + "\nskgen_fuzz_sentinel\n";
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = 1;
  LO.LineComment = 1;
  clang::Lexer Lex(clang::SourceLocation(), LO, Text.data(), Text.data(),
                   Text.data() + Text.size());
  clang::Token Tok, Last;
  Last.startToken();
  for (Lex.LexFromRawLexer(Tok); Tok.isNot(clang::tok::eof);
       Lex.LexFromRawLexer(Tok))
    Last = Tok;
  return Last.is(clang::tok::raw_identifier) &&
         Last.getRawIdentifier() == "skgen_fuzz_sentinel";
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
  Diags.clear();
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
  // The text before the insertion: the common prefix (the content may hold
  // marker-like text of its own before it, so not a search for the marker).
  size_t Before = std::mismatch(Content.begin(), Content.end(),
                                Inserted.begin(), Inserted.end())
                      .first -
                  Content.begin();
  if (!endsOutsideComments(llvm::StringRef(Inserted).take_front(Before)))
    return 0;
  ExistingBlock Again;
  check(findBlock(Inserted, "fuzz.cpp", Again, Diags) && Again.Found,
        "an inserted block is found", Inserted);
  check(Again.BodyLF == Body && !Again.editedByHand(),
        "an inserted block keeps its body and checksum", Inserted);
  check(removeBlock(Inserted, Again) == Content,
        "removing an inserted block restores the file", Inserted);
  return 0;
}
