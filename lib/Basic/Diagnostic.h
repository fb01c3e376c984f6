//===- Diagnostic.h - The diagnostic vocabulary of every phase --*- C++ -*-===//
//
// The base layer below the phases (as clang's Basic): locations, ranges and
// diagnostics as plain data. Every phase reports problems with these; the
// driver renders them through Clang's own diagnostic machinery (text with
// source line, caret, ranges and fix-its; SARIF; clang-tidy's YAML).
//
// Locations are absolute, normalized paths with 1-based line and column; a
// column counts bytes, as Clang's do.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_BASIC_DIAGNOSTIC_H
#define SKGEN_BASIC_DIAGNOSTIC_H

#include <string>
#include <vector>

namespace skgen {

struct SourceLoc {
  std::string File; // Absolute path; empty for "no location".
  unsigned Line = 0, Column = 0;
  bool valid() const { return !File.empty(); }
  bool operator<(const SourceLoc &O) const;
  bool operator==(const SourceLoc &O) const {
    return File == O.File && Line == O.Line && Column == O.Column;
  }
};

/// A character range [Begin, End) in one file (clang's CharSourceRange).
struct CharRange {
  SourceLoc Begin, End;
  bool operator==(const CharRange &O) const {
    return Begin == O.Begin && End == O.End;
  }
};

/// A Clang-style diagnostic: `file:line:col: error: message`, with notes.
struct Diagnostic {
  enum class Level { Error, Warning, Note };
  Level Severity = Level::Error;
  SourceLoc Loc;
  std::string Message;
  std::vector<Diagnostic> Notes; // Each with Severity == Note.
  /// Optional fix-it: replace [Loc, Loc+FixLength) with FixText. On an error
  /// or a warning only when applying it keeps the meaning (the code can mean
  /// nothing else): `skgen --fix` applies those, as `clang-tidy --fix` does.
  /// A guess (a typo correction) is a note's fix-it, shown and never applied
  /// (docs/rewrite.md, "Which fix-its --fix applies").
  std::string FixText;
  unsigned FixLength = 0;
  /// Source ranges to highlight (underlined with `~` under the caret line).
  std::vector<CharRange> Ranges;
  /// What reported it: a category of DiagnosticRules.def ("scan", "link",
  /// ...; the SARIF rule and the clang-tidy DiagnosticName are
  /// `skgen-<Category>`). The driver fills it in by phase when a phase leaves
  /// it empty.
  std::string Category;

  bool hasFixIt() const {
    return Loc.valid() && (FixLength || !FixText.empty());
  }
};

/// A diagnostic without notes. The helpers below are what every phase uses
/// to build one.
Diagnostic makeDiagnostic(Diagnostic::Level L, SourceLoc Loc,
                          std::string Message);
inline Diagnostic errorAt(SourceLoc Loc, std::string Message) {
  return makeDiagnostic(Diagnostic::Level::Error, std::move(Loc),
                        std::move(Message));
}
inline Diagnostic warningAt(SourceLoc Loc, std::string Message) {
  return makeDiagnostic(Diagnostic::Level::Warning, std::move(Loc),
                        std::move(Message));
}
inline Diagnostic noteAt(SourceLoc Loc, std::string Message) {
  return makeDiagnostic(Diagnostic::Level::Note, std::move(Loc),
                        std::move(Message));
}

/// The rules of DiagnosticRules.def.
enum class DiagnosticRule {
#define SKGEN_DIAGNOSTIC_RULE(Id, Category, Description) Id,
#include "Basic/DiagnosticRules.def"
};
/// The category of \p R: "scan".
const char *diagnosticCategory(DiagnosticRule R);
/// The rule of \p Category (Other for "" or a category of no rule).
DiagnosticRule diagnosticRule(const std::string &Category);
/// True if \p Category names a rule ("" does not).
bool isDiagnosticCategory(const std::string &Category);
/// The stable rule id: `skgen-scan`.
std::string diagnosticRuleId(DiagnosticRule R);
/// One line saying what the rule's diagnostics are about (SARIF).
const char *diagnosticRuleDescription(DiagnosticRule R);

/// `error`, `warning` or `note`, as Clang prints it.
const char *diagnosticLevelName(Diagnostic::Level L);

/// True if any of \p Diags is an error.
bool hasErrors(const std::vector<Diagnostic> &Diags);

/// Byte offset of 1-based \p Line and \p Column in \p Content; false if
/// the position is past the end of its line or of the content.
bool byteOffset(const std::string &Content, unsigned Line, unsigned Column,
                size_t &Offset);

} // namespace skgen

#endif
