//===- Diagnostic.cpp - The diagnostic vocabulary of every phase ----------===//
#include "Basic/Diagnostic.h"

#include <iterator>
#include <tuple>

namespace skgen {

bool SourceLoc::operator<(const SourceLoc &O) const {
  return std::tie(File, Line, Column) < std::tie(O.File, O.Line, O.Column);
}

Diagnostic makeDiagnostic(Diagnostic::Level L, SourceLoc Loc,
                          std::string Message) {
  Diagnostic D;
  D.Severity = L;
  D.Loc = std::move(Loc);
  D.Message = std::move(Message);
  return D;
}

namespace {
struct RuleInfo {
  const char *Category, *Description;
};
const RuleInfo Rules[] = {
#define SKGEN_DIAGNOSTIC_RULE(Id, Category, Description)                       \
  {Category, Description},
#include "Basic/DiagnosticRules.def"
};
} // namespace

const char *diagnosticCategory(DiagnosticRule R) {
  return Rules[static_cast<unsigned>(R)].Category;
}

DiagnosticRule diagnosticRule(const std::string &Category) {
  for (unsigned I = 0; I < std::size(Rules); ++I)
    if (Category == Rules[I].Category)
      return static_cast<DiagnosticRule>(I);
  return DiagnosticRule::Other;
}

bool isDiagnosticCategory(const std::string &Category) {
  for (const RuleInfo &R : Rules)
    if (Category == R.Category)
      return true;
  return false;
}

std::string diagnosticRuleId(DiagnosticRule R) {
  return std::string("skgen-") + diagnosticCategory(R);
}

const char *diagnosticRuleDescription(DiagnosticRule R) {
  return Rules[static_cast<unsigned>(R)].Description;
}

const char *diagnosticLevelName(Diagnostic::Level L) {
  switch (L) {
  case Diagnostic::Level::Error:
    return "error";
  case Diagnostic::Level::Warning:
    return "warning";
  case Diagnostic::Level::Note:
    return "note";
  }
  return "error";
}

bool hasErrors(const std::vector<Diagnostic> &Diags) {
  for (const Diagnostic &D : Diags)
    if (D.Severity == Diagnostic::Level::Error)
      return true;
  return false;
}

bool byteOffset(const std::string &Content, unsigned Line, unsigned Column,
                size_t &Offset) {
  if (Line == 0 || Column == 0)
    return false;
  size_t Pos = 0;
  for (unsigned L = 1; L < Line; ++L) {
    size_t NL = Content.find('\n', Pos);
    if (NL == std::string::npos)
      return false;
    Pos = NL + 1;
  }
  size_t End = Content.find('\n', Pos);
  if (End == std::string::npos)
    End = Content.size();
  if (Pos + Column - 1 > End)
    return false;
  Offset = Pos + Column - 1;
  return true;
}

} // namespace skgen
