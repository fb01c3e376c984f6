//===- SchemaFuzzer.cpp - Fuzz the schema parser and printer --------------===//
//
// Properties, for any input: parsing never crashes (nesting is bounded);
// an accepted schema prints to text that parses back to the same model and
// prints identically (a fixed point); variant derivation and the C++ string
// literal of the print never crash, and the literal holds no trigraph.
//
//===----------------------------------------------------------------------===//
#include "Gen/Api.h"
#include "Schema/Parser.h"
#include "Schema/Variants.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace skgen;

static void check(bool Ok, const char *What, const std::string &A,
                  const std::string &B = "") {
  if (Ok)
    return;
  std::fprintf(stderr, "property violated: %s\n  %s\n  %s\n", What, A.c_str(),
               B.c_str());
  std::abort();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  schema::OperatorName N;
  schema::ParseError E;
  if (schema::parseOperatorName(Text, N, E))
    check(N.str().find("::") != std::string::npos, "operator name", Text);

  schema::FunctionSchema S;
  if (!schema::parseFunctionSchema(Text, S, E)) {
    check(E.Offset <= Text.size(), "error offset within the input", Text);
    return 0;
  }
  std::string Printed = S.str();
  schema::FunctionSchema Again;
  check(schema::parseFunctionSchema(Printed, Again, E),
        "the print parses again", Printed, E.Message);
  check(Again == S, "the print parses to the same model", Text, Printed);
  check(Again.str() == Printed, "printing is a fixed point", Printed,
        Again.str());

  schema::DerivedVariants V;
  schema::VariantError VE;
  if (schema::deriveVariants(S, schema::VariantOptions(), V, VE)) {
    for (const auto *D : {&V.Functional, &V.Inplace})
      if (*D) {
        schema::FunctionSchema R;
        check(schema::parseFunctionSchema((*D)->str(), R, E),
              "a derived schema parses", (*D)->str(), E.Message);
      }
  }
  std::string Literal = gen::cppStringLiteral(S.strWithoutNamespace());
  check(Literal.find("??") == std::string::npos, "no trigraph in a literal",
        Literal);
  return 0;
}
