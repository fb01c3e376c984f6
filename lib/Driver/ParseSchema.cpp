//===- ParseSchema.cpp - skgen --parse-schema -----------------------------===//
#include "Driver/Driver.h"
#include "Schema/Parser.h"

namespace skgen {

int runParseSchema(std::istream &In, llvm::raw_ostream &Out,
                   llvm::raw_ostream &Err) {
  std::string Line;
  unsigned LineNo = 0;
  int Exit = 0;
  while (std::getline(In, Line)) {
    ++LineNo;
    if (!Line.empty() && Line.back() == '\r')
      Line.pop_back();
    schema::FunctionSchema S;
    schema::ParseError E;
    if (schema::parseFunctionSchema(Line, S, E)) {
      Out << S.str() << "\n";
      continue;
    }
    Exit = 1;
    // Columns count bytes from 1, like Clang's.
    Err << "<stdin>:" << LineNo << ":" << (E.Offset + 1)
        << ": error: " << E.Message << "\n"
        << Line << "\n"
        << std::string(E.Offset, ' ') << "^\n";
  }
  Out.flush();
  return Exit;
}

} // namespace skgen
