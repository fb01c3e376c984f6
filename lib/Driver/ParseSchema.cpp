//===- ParseSchema.cpp - skgen --parse-schema -----------------------------===//
#include "Driver/Driver.h"
#include "Schema/Parser.h"
#include "Schema/Variants.h"

namespace skgen {

// Runs \p Handle on each parsed line of \p In; parse errors are printed as
// `<stdin>:LINE:COL: error:` with the line and a caret.
template <typename HandlerT>
static int forEachSchemaLine(std::istream &In, llvm::raw_ostream &Err,
                             HandlerT Handle) {
  std::string Line;
  unsigned LineNo = 0;
  int Exit = 0;
  while (std::getline(In, Line)) {
    ++LineNo;
    if (!Line.empty() && Line.back() == '\r')
      Line.pop_back();
    schema::FunctionSchema S;
    schema::ParseError E;
    if (!schema::parseFunctionSchema(Line, S, E)) {
      Exit = ExitError;
      // Columns count bytes from 1, like Clang's.
      Err << "<stdin>:" << LineNo << ":" << (E.Offset + 1)
          << ": error: " << E.Message << "\n"
          << Line << "\n"
          << std::string(E.Offset, ' ') << "^\n";
      continue;
    }
    if (!Handle(S, LineNo))
      Exit = ExitError;
  }
  return Exit;
}

int runParseSchema(std::istream &In, llvm::raw_ostream &Out,
                   llvm::raw_ostream &Err) {
  int Exit = forEachSchemaLine(In, Err,
                               [&](const schema::FunctionSchema &S, unsigned) {
                                 Out << S.str() << "\n";
                                 return true;
                               });
  Out.flush();
  return Exit;
}

int runDeriveVariants(std::istream &In, llvm::raw_ostream &Out,
                      llvm::raw_ostream &Err) {
  int Exit = forEachSchemaLine(
      In, Err, [&](const schema::FunctionSchema &S, unsigned LineNo) {
        schema::DerivedVariants V;
        schema::VariantError E;
        if (!schema::deriveVariants(S, schema::VariantOptions(), V, E)) {
          Err << "<stdin>:" << LineNo << ":1: error: " << E.Message << "\n";
          if (!E.Fix.empty())
            Err << "<stdin>:" << LineNo << ":1: note: " << E.Fix << "\n";
          return false;
        }
        Out << "out: " << S.str() << "\n";
        Out << "functional: " << V.Functional->str() << "\n";
        if (V.Inplace)
          Out << "inplace: " << V.Inplace->str() << "\n";
        else
          Out << "inplace: none (" << V.InplaceIneligibleReason << ")\n";
        return true;
      });
  Out.flush();
  return Exit;
}

} // namespace skgen
