//===- JSONMapping.h - One field list to write and read JSON ----*- C++ -*-===//
//
// A JSON format skgen reads back (facts, lock files) is described once per
// struct, as a field list in the spirit of LLVM's yaml::IO:
//
//   template <class IO> void mapFields(IO &io, SourceLoc &L) {
//     io.required("file", L.File, StringForm::PathOrEmpty);
//     io.required("line", L.Line);
//     io.required("column", L.Column);
//   }
//
// JSONWriter walks it to build the JSON; JSONReader walks it to convert and
// validate untrusted JSON at once: every member consumed (an unknown member
// is an error), types checked, integers from 0 to 2^31-1, strings in their
// form (paths absolute and normalized, content hashes), each error with the
// JSON pointer of the offending value (JSONMappingError). The text is parsed
// first with parseJSONText (Basic/InputFile.h), which bounds the nesting.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_BASIC_JSONMAPPING_H
#define SKGEN_BASIC_JSONMAPPING_H

#include "Basic/InputFile.h"

#include "llvm/ADT/StringSet.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace skgen {

/// What a string member must hold (checked when reading).
enum class StringForm {
  Text,
  Path,        // Absolute, normalized, no control characters.
  PathOrEmpty, // A path, or "" for "none".
  Hash,        // A content hash (hashContent): 16 lower-case hex digits.
  HashOrEmpty,
  DiagnosticCategory, // "" or a category of DiagnosticRules.def.
};

/// Largest integer read (lines, columns, offsets, process ids).
constexpr uint64_t MaxJSONInteger = 0x7fffffff;

/// The first error JSONReader found: where (a JSON pointer) and what.
struct JSONMappingError {
  std::vector<JSONStep> Where;
  std::string Message;
};

/// `File:LINE:COL: error: malformed <What> at <pointer>: <message>`, at the
/// value \p E points to in \p Text (the text \p E's document was parsed from).
Diagnostic mappingDiagnostic(const JSONMappingError &E, const std::string &File,
                             llvm::StringRef Text, llvm::StringRef What);

namespace json_mapping {
template <class T> struct IsVector : std::false_type {};
template <class T> struct IsVector<std::vector<T>> : std::true_type {};
template <class T> struct IsOptional : std::false_type {};
template <class T> struct IsOptional<std::optional<T>> : std::true_type {};

/// Written by default only when not equal to the type's default.
template <class T> bool isDefault(const T &V) {
  if constexpr (std::is_same_v<T, bool>)
    return !V;
  else if constexpr (std::is_integral_v<T>)
    return V == 0;
  else if constexpr (IsOptional<T>::value)
    return !V.has_value();
  else
    return V.empty();
}
} // namespace json_mapping

/// Builds the JSON object of a mapped struct.
class JSONWriter {
public:

  template <class T> static nlohmann::json write(const T &V) {
    using json_mapping::IsOptional;
    using json_mapping::IsVector;
    if constexpr (std::is_same_v<T, std::string> || std::is_arithmetic_v<T>) {
      return V;
    } else if constexpr (IsOptional<T>::value) {
      return write(*V);
    } else if constexpr (IsVector<T>::value) {
      nlohmann::json A = nlohmann::json::array();
      for (const auto &E : V)
        A.push_back(write(E));
      return A;
    } else {
      nlohmann::json O;
      JSONWriter W(O);
      mapFields(W, const_cast<T &>(V)); // The field list only reads here.
      return O;
    }
  }

  explicit JSONWriter(nlohmann::json &Out) : Out(Out) {
    Out = nlohmann::json::object();
  }

  /// Always written; a reader requires it.
  template <class T>
  void required(const char *Key, T &V, StringForm = StringForm::Text) {
    Out[Key] = write(V);
  }
  /// Written unless it has the type's default value; a reader defaults it.
  template <class T>
  void optional(const char *Key, T &V, StringForm F = StringForm::Text) {
    optionalIf(!json_mapping::isDefault(V), Key, V, F);
  }
  /// Written when \p Write; optional for a reader.
  template <class T>
  void optionalIf(bool Write, const char *Key, T &V,
                  StringForm = StringForm::Text) {
    if (Write)
      Out[Key] = write(V);
  }
  /// A required enumerator, written by its name in \p Names.
  template <class E>
  void enumeration(const char *Key, E &V,
                   std::initializer_list<std::pair<const char *, E>> Names) {
    for (const auto &N : Names)
      if (N.second == V)
        Out[Key] = N.first;
  }
  /// A required integer that must be \p Value (a format version).
  void constant(const char *Key, int Value) { Out[Key] = Value; }
  /// A nested object (written when \p Write) whose members \p Map maps.
  template <class Fn> void object(const char *Key, bool Write, Fn Map) {
    if (!Write)
      return;
    JSONWriter W(Out[Key]);
    Map(W);
  }
  /// An array of objects (written when \p Write), each mapped by \p Map
  /// rather than by its type's mapFields.
  template <class T, class Fn>
  void list(const char *Key, bool Write, std::vector<T> &V, Fn Map) {
    if (!Write)
      return;
    nlohmann::json A = nlohmann::json::array();
    for (T &E : V) {
      nlohmann::json O;
      JSONWriter W(O);
      Map(W, E);
      A.push_back(std::move(O));
    }
    Out[Key] = std::move(A);
  }

private:
  nlohmann::json &Out;
};

/// Converts a JSON object into a mapped struct, checking as it goes. Throws
/// JSONMappingError on the first error (caught by readMapped).
class JSONReader {
public:

  /// Reads \p J into \p Out; false with \p Error on the first error.
  template <class T>
  static bool readMapped(const nlohmann::json &J, T &Out,
                         JSONMappingError &Error) {
    std::vector<JSONStep> Where;
    try {
      read(J, Out, StringForm::Text, Where);
      return true;
    } catch (JSONMappingError &E) {
      Error = std::move(E);
      return false;
    }
  }

  // The members of JSONWriter, read (and checked) instead of written.
  template <class T>
  void required(const char *Key, T &V, StringForm F = StringForm::Text) {
    const nlohmann::json *M = member(Key);
    if (!M)
      fail(std::string("missing member \"") + Key + "\"");
    Step S(Where, Key);
    read(*M, V, F, Where);
  }
  template <class T>
  void optional(const char *Key, T &V, StringForm F = StringForm::Text) {
    if (const nlohmann::json *M = member(Key)) {
      Step S(Where, Key);
      read(*M, V, F, Where);
    }
  }
  template <class T>
  void optionalIf(bool, const char *Key, T &V,
                  StringForm F = StringForm::Text) {
    optional(Key, V, F);
  }
  template <class E>
  void enumeration(const char *Key, E &V,
                   std::initializer_list<std::pair<const char *, E>> Names) {
    std::string Name;
    required(Key, Name);
    for (const auto &N : Names)
      if (Name == N.first) {
        V = N.second;
        return;
      }
    std::vector<const char *> Expected;
    for (const auto &N : Names)
      Expected.push_back(N.first);
    Step S(Where, Key);
    failEnumeration(Expected, Name);
  }
  void constant(const char *Key, int Value);
  template <class Fn> void object(const char *Key, bool, Fn Map) {
    if (const nlohmann::json *M = member(Key)) {
      Step S(Where, Key);
      JSONReader R(*M, Where);
      Map(R);
      R.finish();
    }
  }
  template <class T, class Fn>
  void list(const char *Key, bool, std::vector<T> &V, Fn Map) {
    const nlohmann::json *M = member(Key);
    if (!M)
      return;
    Step S(Where, Key);
    expectArray(*M, Where);
    V.assign(M->size(), T());
    for (size_t I = 0; I < V.size(); ++I) {
      Step SI(Where, I);
      JSONReader R((*M)[I], Where);
      Map(R, V[I]);
      R.finish();
    }
  }

private:
  /// An object \p J at \p Where (checked to be one).
  JSONReader(const nlohmann::json &J, std::vector<JSONStep> &Where);

  struct Step {
    Step(std::vector<JSONStep> &W, std::string Key) : W(W) {
      W.push_back(JSONStep::member(std::move(Key)));
    }
    Step(std::vector<JSONStep> &W, size_t Index) : W(W) {
      W.push_back(JSONStep::index(Index));
    }
    ~Step() { W.pop_back(); }
    std::vector<JSONStep> &W;
  };

  [[noreturn]] void fail(std::string Message) { fail(Where, Message); }
  [[noreturn]] static void fail(const std::vector<JSONStep> &Where,
                                std::string Message);
  [[noreturn]] void failEnumeration(const std::vector<const char *> &Names,
                                    const std::string &Found);
  const nlohmann::json *member(const char *Key);
  /// Every member was read: the others are errors.
  void finish();

  static void expectArray(const nlohmann::json &J,
                          const std::vector<JSONStep> &Where);
  static void readString(const nlohmann::json &J, std::string &V, StringForm F,
                         const std::vector<JSONStep> &Where);
  static void readBool(const nlohmann::json &J, bool &V,
                       const std::vector<JSONStep> &Where);
  static uint64_t readInteger(const nlohmann::json &J,
                              const std::vector<JSONStep> &Where);

  template <class T>
  static void read(const nlohmann::json &J, T &V, StringForm F,
                   std::vector<JSONStep> &Where) {
    using json_mapping::IsOptional;
    using json_mapping::IsVector;
    if constexpr (std::is_same_v<T, std::string>) {
      readString(J, V, F, Where);
    } else if constexpr (std::is_same_v<T, bool>) {
      readBool(J, V, Where);
    } else if constexpr (std::is_integral_v<T>) {
      static_assert(sizeof(T) >= 4, "integers up to 2^31-1 must fit");
      V = static_cast<T>(readInteger(J, Where));
    } else if constexpr (IsOptional<T>::value) {
      V.emplace();
      read(J, *V, F, Where);
    } else if constexpr (IsVector<T>::value) {
      expectArray(J, Where);
      V.assign(J.size(), typename T::value_type());
      for (size_t I = 0; I < V.size(); ++I) {
        Step S(Where, I);
        read(J[I], V[I], F, Where);
      }
    } else {
      JSONReader R(J, Where);
      mapFields(R, V);
      R.finish();
    }
  }

  const nlohmann::json &J;
  std::vector<JSONStep> &Where;
  llvm::StringSet<> Read;
};

} // namespace skgen

#endif
