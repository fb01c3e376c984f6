//===- JSONMapping.cpp - One field list to write and read JSON ------------===//
#include "Basic/JSONMapping.h"
#include "Basic/Diagnostic.h"
#include "Basic/Path.h"

#include "llvm/Support/Path.h"

namespace skgen {

Diagnostic mappingDiagnostic(const JSONMappingError &E, const std::string &File,
                             llvm::StringRef Text, llvm::StringRef What) {
  return errorAt(locationInText(File, Text, locateJSONValue(Text, E.Where)),
                 "malformed " + What.str() + " at " + jsonPointer(E.Where) +
                     ": " + E.Message);
}

/// \p J as JSON text (parsed strings are valid UTF-8; never throw all the
/// same).
static std::string dump(const nlohmann::json &J) {
  return J.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

/// `the integer 5`, `an object`, ... for "expected X, found Y".
static std::string kindOf(const nlohmann::json &J) {
  if (J.is_number_float())
    return "the number " + dump(J);
  if (J.is_number())
    return "the integer " + dump(J);
  return std::string("a") + (J.is_object() || J.is_array() ? "n " : " ") +
         J.type_name();
}

JSONReader::JSONReader(const nlohmann::json &J, std::vector<JSONStep> &Where)
    : J(J), Where(Where) {
  if (!J.is_object())
    fail("expected an object, found " + kindOf(J));
}

void JSONReader::fail(const std::vector<JSONStep> &Where, std::string Message) {
  throw JSONMappingError{Where, std::move(Message)};
}

void JSONReader::failEnumeration(const std::vector<const char *> &Names,
                                 const std::string &Found) {
  std::string Expected;
  for (size_t I = 0; I < Names.size(); ++I)
    Expected += std::string(I == 0                  ? ""
                            : I + 1 == Names.size() ? " or "
                                                    : ", ") +
                "\"" + Names[I] + "\"";
  fail("expected " + Expected + ", found " + dump(Found));
}

const nlohmann::json *JSONReader::member(const char *Key) {
  Read.insert(Key);
  auto It = J.find(Key);
  return It == J.end() ? nullptr : &*It;
}

void JSONReader::finish() {
  for (const auto &M : J.items())
    if (!Read.count(M.key())) {
      Step S(Where, M.key());
      fail("unknown member " + dump(M.key()));
    }
}

void JSONReader::constant(const char *Key, int Value) {
  uint64_t V = 0;
  required(Key, V);
  if (V != uint64_t(Value)) {
    Step S(Where, Key);
    fail("expected " + std::to_string(Value) + ", found the integer " +
         std::to_string(V));
  }
}

void JSONReader::expectArray(const nlohmann::json &J,
                             const std::vector<JSONStep> &Where) {
  if (!J.is_array())
    fail(Where, "expected an array, found " + kindOf(J));
}

void JSONReader::readBool(const nlohmann::json &J, bool &V,
                          const std::vector<JSONStep> &Where) {
  if (!J.is_boolean())
    fail(Where, "expected true or false, found " + kindOf(J));
  V = J.get<bool>();
}

uint64_t JSONReader::readInteger(const nlohmann::json &J,
                                 const std::vector<JSONStep> &Where) {
  // 1e30 or -1 converted to `unsigned` would be undefined behaviour.
  if (!J.is_number_integer() ||
      (!J.is_number_unsigned() && J.get<int64_t>() < 0) ||
      J.get<uint64_t>() > MaxJSONInteger)
    fail(Where, "expected an integer from 0 to " +
                    std::to_string(MaxJSONInteger) + ", found " + kindOf(J));
  return J.get<uint64_t>();
}

void JSONReader::readString(const nlohmann::json &J, std::string &V,
                            StringForm F, const std::vector<JSONStep> &Where) {
  if (!J.is_string())
    fail(Where, "expected a string, found " + kindOf(J));
  V = J.get<std::string>();
  if (V.empty()) {
    if (F == StringForm::Path)
      fail(Where, "expected a path, found an empty string");
    if (F == StringForm::Hash)
      fail(Where, "expected a content hash (16 lower-case hex digits), found "
                  "an empty string");
    return;
  }
  switch (F) {
  case StringForm::Text:
    return;
  case StringForm::Path:
  case StringForm::PathOrEmpty: {
    for (char C : V)
      if (static_cast<unsigned char>(C) < 0x20)
        fail(Where, "path " + dump(J) + " contains a control character");
    if (!llvm::sys::path::is_absolute(V) || normalizedPath(V) != V)
      fail(Where, "expected an absolute, normalized path, found " + dump(J));
    return;
  }
  case StringForm::Hash:
  case StringForm::HashOrEmpty:
    if (V.size() != 16 ||
        V.find_first_not_of("0123456789abcdef") != std::string::npos)
      fail(Where, "expected a content hash (16 lower-case hex digits), found " +
                      dump(J));
    return;  case StringForm::DiagnosticCategory:
    if (!isDiagnosticCategory(V))
      fail(Where, "expected a diagnostic category (skgen "
                  "--print-vocabulary=diagnostic-rules, without 'skgen-'), "
                  "found " +
                      dump(J));
    return;
  }
}

} // namespace skgen
