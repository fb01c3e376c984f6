//===- Report.cpp - Where diagnostics go: text or SARIF -------------------===//
//
// SARIF 2.1.0 (OASIS), the format code scanning services read: one run, the
// tool skgen with one rule per diagnostic category, one result per
// diagnostic (notes as related locations, fix-its as fixes) and per
// out-of-date file (its fix replaces the stale bytes).
//
//===----------------------------------------------------------------------===//
#include "Driver/Report.h"
#include "Basic/InputFile.h"
#include "Basic/Version.h"
#include "Driver/Diagnostics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

namespace skgen {

using nlohmann::json;

unsigned Reporter::report(std::vector<Diagnostic> Diags, DiagnosticRule Rule) {
  unsigned Errors = 0;
  for (Diagnostic &D : Diags) {
    if (D.Category.empty())
      D.Category = diagnosticCategory(Rule);
    Errors += D.Severity == Diagnostic::Level::Error;
  }
  All.insert(All.end(), Diags.begin(), Diags.end());
  if (Format == OutputFormat::Text)
    return printDiagnostics(Err, std::move(Diags), BaseDir, Color);
  return Errors;
}

void Reporter::outOfDate(const std::vector<rewrite::FileChange> &Changes) {
  Stale.insert(Stale.end(), Changes.begin(), Changes.end());
}

int Reporter::finish(int ExitCode) {
  if (Format == OutputFormat::Sarif) {
    Out << sarifLog(sortedUnique(All), Stale, BaseDir, ExitCode);
    Out.flush();
  }
  return ExitCode;
}

namespace {

/// RFC 3986 percent-encoding of a path (unreserved characters and '/' kept).
std::string encodePath(llvm::StringRef Path) {
  std::string R;
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || C == '/' || C == '-' || C == '_' || C == '.' ||
        C == '~')
      R += C;
    else {
      R += '%';
      R += llvm::hexdigit(C >> 4, /*LowerCase=*/false);
      R += llvm::hexdigit(C & 15, /*LowerCase=*/false);
    }
  }
  return R;
}

struct SarifWriter {
  const std::string &BaseDir;
  std::map<std::string, size_t> RuleIndex;
  json Rules = json::array();

  json artifact(const std::string &Path) const {
    std::string Rel = relativePath(Path, BaseDir);
    if (Rel != Path || BaseDir.empty())
      return json{{"uri", encodePath(Rel)}, {"uriBaseId", "%SRCROOT%"}};
    return json{{"uri", "file://" + encodePath(Path)}};
  }

  json region(const SourceLoc &L) const {
    json R = json{{"startLine", std::max(1u, L.Line)}};
    if (L.Column)
      R["startColumn"] = L.Column;
    return R;
  }

  json location(const Diagnostic &D) const {
    json Phys = json{{"artifactLocation", artifact(D.Loc.File)},
                     {"region", region(D.Loc)}};
    return json{{"physicalLocation", Phys}};
  }

  size_t rule(const std::string &Id, const std::string &Text) {
    auto It = RuleIndex.find(Id);
    if (It != RuleIndex.end())
      return It->second;
    Rules.push_back(json{{"id", Id}, {"shortDescription", {{"text", Text}}}});
    return RuleIndex[Id] = Rules.size() - 1;
  }

  json result(const Diagnostic &D) {
    DiagnosticRule Rule = diagnosticRule(D.Category);
    std::string Id = diagnosticRuleId(Rule);
    json R = json{
        {"ruleId", Id},
        {"ruleIndex", rule(Id, diagnosticRuleDescription(Rule))},
        {"level", diagnosticLevelName(D.Severity)}, // SARIF uses the same names
        {"message", {{"text", D.Message}}}};
    if (D.Loc.valid())
      R["locations"] = json::array({location(D)});
    json Related = json::array();
    for (const Diagnostic &N : D.Notes) {
      if (!N.Loc.valid())
        continue;
      json L = location(N);
      L["id"] = Related.size();
      L["message"] = {{"text", N.Message}};
      Related.push_back(L);
    }
    if (!Related.empty())
      R["relatedLocations"] = Related;
    if (D.hasFixIt()) {
      // The end of the replaced bytes, which may span lines (a statement
      // removed with its line ending, by --migrate).
      SourceLoc End = D.Loc;
      size_t Off = 0;
      std::string Error;
      std::unique_ptr<llvm::MemoryBuffer> Buf =
          readRegularFile(D.Loc.File, MaxSourceFileBytes, Error);
      if (Buf &&
          byteOffset(Buf->getBuffer().str(), D.Loc.Line, D.Loc.Column, Off)) {
        for (char C : Buf->getBuffer().substr(Off, D.FixLength)) {
          End.Line += C == '\n';
          End.Column = C == '\n' ? 1 : End.Column + 1;
        }
      } else {
        End.Column += D.FixLength;
      }
      json Deleted = region(D.Loc);
      Deleted["endLine"] = End.Line;
      Deleted["endColumn"] = End.Column;
      json Replacement = {{"deletedRegion", Deleted},
                          {"insertedContent", {{"text", D.FixText}}}};
      R["fixes"] = json::array(
          {{{"description", {{"text", "replace with '" + D.FixText + "'"}}},
            {"artifactChanges",
             json::array({{{"artifactLocation", artifact(D.Loc.File)},
                           {"replacements", json::array({Replacement})}}})}}});
    }
    return R;
  }

  json staleResult(const rewrite::FileChange &C) {
    const std::string Id = diagnosticRuleId(DiagnosticRule::OutOfDate);
    // The changed bytes: common prefix and suffix trimmed.
    const std::string &Old = C.OldContent, &New = C.NewContent;
    size_t Pre = 0, Max = std::min(Old.size(), New.size());
    while (Pre < Max && Old[Pre] == New[Pre])
      ++Pre;
    size_t Suf = 0;
    while (Suf < Max - Pre &&
           Old[Old.size() - 1 - Suf] == New[New.size() - 1 - Suf])
      ++Suf;
    unsigned Line = 1 + std::count(Old.begin(), Old.begin() + Pre, '\n');
    json Replacement = {
        {"deletedRegion",
         {{"byteOffset", Pre}, {"byteLength", Old.size() - Pre - Suf}}},
        {"insertedContent",
         {{"text", New.substr(Pre, New.size() - Pre - Suf)}}}};
    json R = json{
        {"ruleId", Id},
        {"ruleIndex",
         rule(Id, diagnosticRuleDescription(DiagnosticRule::OutOfDate))},
        {"level", "warning"},
        {"message",
         {{"text", C.Created ? "generated file is missing; run skgen --fix"
                   : C.Reason.empty()
                       ? "generated code is out of date; run skgen --fix"
                       : "generated code is out of date: " + C.Reason}}},
        {"locations", json::array({{{"physicalLocation",
                                     {{"artifactLocation", artifact(C.Path)},
                                      {"region", {{"startLine", Line}}}}}}})},
        {"fixes",
         json::array({{{"description", {{"text", "update the generated code"}}},
                       {"artifactChanges",
                        json::array({{{"artifactLocation", artifact(C.Path)},
                                      {"replacements",
                                       json::array({Replacement})}}})}}})}};
    return R;
  }
};

} // namespace

std::string sarifLog(const std::vector<Diagnostic> &Diags,
                     const std::vector<rewrite::FileChange> &Stale,
                     const std::string &BaseDir, int ExitCode) {
  SarifWriter W{BaseDir, {}, json::array()};
  json Results = json::array();
  for (const Diagnostic &D : Diags)
    Results.push_back(W.result(D));
  for (const rewrite::FileChange *C : rewrite::sortedByPath(Stale))
    Results.push_back(W.staleResult(*C));
  std::string Base = BaseDir;
  if (Base.empty() || Base.back() != '/')
    Base += '/';
  json Run = {
      {"tool",
       {{"driver",
         {{"name", "skgen"}, {"version", version()}, {"rules", W.Rules}}}}},
      {"originalUriBaseIds",
       {{"%SRCROOT%", {{"uri", "file://" + encodePath(Base)}}}}},
      {"columnKind", "unicodeCodePoints"},
      {"invocations", json::array({{{"executionSuccessful", ExitCode != 2},
                                    {"exitCode", ExitCode}}})},
      {"results", Results}};
  json Log = {{"$schema", "https://docs.oasis-open.org/sarif/sarif/v2.1.0/"
                          "errata01/os/schemas/sarif-schema-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", json::array({Run})}};
  // Sources are not always valid UTF-8: replace what is not (U+FFFD).
  return Log.dump(2, ' ', /*ensure_ascii=*/false,
                  json::error_handler_t::replace) +
         "\n";
}

} // namespace skgen
