//===- FactsFile.cpp - Reading untrusted facts files ----------------------===//
#include "Facts/FactsFile.h"
#include "Basic/LLVMCompat.h"
#include "Basic/InputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <nlohmann/json.hpp>

#include <set>

namespace skgen {
namespace {

using nlohmann::json;

constexpr uint64_t MaxNumber = 0x7fffffff; // Lines, columns, offsets.

struct Malformed {
  std::vector<JSONStep> Where;
  std::string Message;
};

/// Checks a parsed facts document against what from_json(TUFacts) reads,
/// so that the conversion cannot fail or read nonsense. Every error names
/// the JSON pointer of the offending value.
class Checker {
public:
  void document(const json &J) {
    if (J.is_array()) {
      for (size_t I = 0; I < J.size(); ++I) {
        Step S(*this, I);
        translationUnit(J[I]);
      }
    } else {
      translationUnit(J);
    }
  }

private:
  struct Step {
    Step(Checker &C, std::string Key) : C(C) {
      C.Where.push_back({std::move(Key), 0});
    }
    Step(Checker &C, size_t Index) : C(C) { C.Where.push_back({"", Index}); }
    ~Step() { C.Where.pop_back(); }
    Checker &C;
  };

  [[noreturn]] void fail(std::string Message) {
    throw Malformed{Where, std::move(Message)};
  }

  static std::string kindOf(const json &J) {
    if (J.is_number_float())
      return "the number " + J.dump();
    if (J.is_number())
      return "the integer " + J.dump();
    return std::string("a") + (J.is_object() || J.is_array() ? "n " : " ") +
           J.type_name();
  }

  void object(const json &J) {
    if (!J.is_object())
      fail("expected an object, found " + kindOf(J));
  }

  /// The member \p Key of object \p J, or null when absent and optional.
  const json *member(const json &J, const char *Key, bool Required) {
    auto It = J.find(Key);
    if (It != J.end())
      return &*It;
    if (Required)
      fail(std::string("missing member \"") + Key + "\"");
    return nullptr;
  }

  template <typename F>
  void with(const json &J, const char *Key, bool Required, F Check) {
    if (const json *M = member(J, Key, Required)) {
      Step S(*this, Key);
      Check(*M);
    }
  }

  void string(const json &J) {
    if (!J.is_string())
      fail("expected a string, found " + kindOf(J));
  }

  void boolean(const json &J) {
    if (!J.is_boolean())
      fail("expected true or false, found " + kindOf(J));
  }

  void number(const json &J) {
    // 1e30 or -1 would be undefined behaviour converted to `unsigned`.
    if (!J.is_number_integer() ||
        (!J.is_number_unsigned() && J.get<int64_t>() < 0) ||
        J.get<uint64_t>() > MaxNumber)
      fail("expected an integer from 0 to " + std::to_string(MaxNumber) +
           ", found " + kindOf(J));
  }

  void stringArray(const json &J) {
    if (!J.is_array())
      fail("expected an array, found " + kindOf(J));
    for (size_t I = 0; I < J.size(); ++I) {
      Step S(*this, I);
      string(J[I]);
    }
  }

  /// Absolute and normalized (no `.`, `..` or `//`), no control characters;
  /// empty only where \p AllowEmpty ("no location").
  void path(const json &J, bool AllowEmpty) {
    string(J);
    const std::string &P = J.get_ref<const std::string &>();
    if (P.empty()) {
      if (!AllowEmpty)
        fail("expected a path, found an empty string");
      return;
    }
    for (char C : P)
      if (static_cast<unsigned char>(C) < 0x20)
        fail("path " + json(P).dump() + " contains a control character");
    llvm::SmallString<256> Norm(P);
    llvm::sys::path::remove_dots(Norm, /*remove_dot_dot=*/true);
    if (!llvm::sys::path::is_absolute(P) || Norm != P)
      fail("expected an absolute, normalized path, found " + json(P).dump());
  }

  void location(const json &J) {
    object(J);
    with(J, "file", true, [&](const json &M) { path(M, true); });
    with(J, "line", true, [&](const json &M) { number(M); });
    with(J, "column", true, [&](const json &M) { number(M); });
  }

  void diagnostic(const json &J, bool AllowNotes) {
    object(J);
    with(J, "level", true, [&](const json &M) {
      string(M);
      const std::string &L = M.get_ref<const std::string &>();
      if (L != "error" && L != "warning" && L != "note")
        fail("expected \"error\", \"warning\" or \"note\", found " + M.dump());
    });
    with(J, "loc", true, [&](const json &M) { location(M); });
    with(J, "message", true, [&](const json &M) { string(M); });
    with(J, "notes", false, [&](const json &M) {
      if (!AllowNotes)
        fail("a note has no notes");
      if (!M.is_array())
        fail("expected an array, found " + kindOf(M));
      for (size_t I = 0; I < M.size(); ++I) {
        Step S(*this, I);
        diagnostic(M[I], /*AllowNotes=*/false);
      }
    });
    with(J, "fix_text", false, [&](const json &M) { string(M); });
    with(J, "fix_length", false, [&](const json &M) { number(M); });
  }

  void param(const json &J) {
    object(J);
    for (const char *K : {"name", "spelling", "canonical"})
      with(J, K, false, [&](const json &M) { string(M); });
    for (const char *K : {"const", "reference"})
      with(J, K, false, [&](const json &M) { boolean(M); });
    with(J, "loc", false, [&](const json &M) { location(M); });
  }

  void kernel(const json &J) {
    object(J);
    with(J, "kind", true, [&](const json &M) {
      string(M);
      if (M != "structured" && M != "kernel")
        fail("expected \"structured\" or \"kernel\", found " + M.dump());
    });
    for (const char *K : {"schema", "cpp_name"})
      with(J, K, true, [&](const json &M) { string(M); });
    for (const char *K : {"schema_loc", "loc", "annotation_loc"})
      with(J, K, true, [&](const json &M) { location(M); });
    with(J, "keys", true, [&](const json &M) { stringArray(M); });
    with(J, "options", false, [&](const json &M) {
      object(M);
      for (const char *K :
           {"functional_overload", "inplace_overload", "alloc_function"})
        with(M, K, false, [&](const json &V) { string(V); });
      for (const char *K : {"no_functional", "no_inplace", "external"})
        with(M, K, false, [&](const json &V) { boolean(V); });
    });
    for (const char *K : {"signature_ok", "signature_checked",
                          "definition_unseen", "functional_kernel"})
      with(J, K, false, [&](const json &M) { boolean(M); });
    for (const char *K : {"insert_after_offset", "insert_after_line"})
      with(J, K, false, [&](const json &M) { number(M); });
    with(J, "insert_file", false, [&](const json &M) { path(M, true); });
    with(J, "params", false, [&](const json &M) {
      if (!M.is_array())
        fail("expected an array, found " + kindOf(M));
      for (size_t I = 0; I < M.size(); ++I) {
        Step S(*this, I);
        param(M[I]);
      }
    });
    with(J, "return", false, [&](const json &M) { param(M); });
  }

  void translationUnit(const json &J) {
    object(J);
    with(J, "main_file", true, [&](const json &M) { path(M, false); });
    with(J, "skipped", false, [&](const json &M) { boolean(M); });
    auto Array = [&](const char *Key, auto Element) {
      with(J, Key, false, [&](const json &M) {
        if (!M.is_array())
          fail("expected an array, found " + kindOf(M));
        for (size_t I = 0; I < M.size(); ++I) {
          Step S(*this, I);
          Element(M[I]);
        }
      });
    };
    Array("kernels", [&](const json &E) { kernel(E); });
    Array("diagnostics",
          [&](const json &E) { diagnostic(E, /*AllowNotes=*/true); });
    Array("files", [&](const json &E) {
      object(E);
      with(E, "path", true, [&](const json &M) { path(M, false); });
      with(E, "hash", true, [&](const json &M) {
        string(M);
        const std::string &H = M.get_ref<const std::string &>();
        if (H.size() != 16 ||
            H.find_first_not_of("0123456789abcdef") != std::string::npos)
          fail("expected a content hash (16 lower-case hex digits), found " +
               M.dump());
      });
    });
  }

  std::vector<JSONStep> Where;
};

} // namespace

bool parseFacts(llvm::StringRef Text, const std::string &Name,
                std::vector<TUFacts> &Out, std::vector<Diagnostic> &Diags) {
  json J;
  if (!parseJSONText(Text, Name, "facts file", MaxFactsNesting, J, Diags))
    return false;
  try {
    Checker().document(J);
  } catch (const Malformed &M) {
    Diags.push_back(errorAt(
        locationInText(Name, Text, locateJSONValue(Text, M.Where)),
        "malformed facts at " + jsonPointer(M.Where) + ": " + M.Message));
    return false;
  }
  std::vector<TUFacts> Read;
  try {
    if (J.is_array())
      for (const json &T : J)
        Read.push_back(T.get<TUFacts>());
    else
      Read.push_back(J.get<TUFacts>());
  } catch (const json::exception &E) {
    // Unreachable after the checks; an error all the same.
    Diags.push_back(errorAt(SourceLoc{Name, 1, 1},
                            std::string("malformed facts: ") + E.what()));
    return false;
  }
  Out.insert(Out.end(), std::make_move_iterator(Read.begin()),
             std::make_move_iterator(Read.end()));
  return true;
}

bool readFactsFile(const std::string &Path, std::vector<TUFacts> &Out,
                   std::vector<Diagnostic> &Diags) {
  std::string Error;
  std::unique_ptr<llvm::MemoryBuffer> Buf =
      readRegularFile(Path, MaxFactsFileBytes, Error);
  if (!Buf) {
    Diags.push_back(errorAt(SourceLoc(),
                            "cannot read facts file '" + Path + "': " + Error));
    return false;
  }
  return parseFacts(Buf->getBuffer(), Path, Out, Diags);
}

/// Where generated code for \p K goes (as Graph and Gen decide it).
static const std::string &placementFile(const KernelFact &K) {
  if (!K.InsertFile.empty())
    return K.InsertFile;
  return K.Loc.valid() ? K.Loc.File : K.AnnotationLoc.File;
}

/// \p P with symbolic links resolved as far as the path exists.
static std::string resolved(const std::string &P) {
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(P, Real))
    return std::string(Real);
  // A file that does not exist (yet): resolve its directory.
  llvm::StringRef Parent = llvm::sys::path::parent_path(P);
  if (Parent.empty() || Parent == P)
    return P;
  llvm::SmallString<256> Dir(resolved(Parent.str()));
  llvm::sys::path::append(Dir, llvm::sys::path::filename(P));
  return std::string(Dir);
}

static bool isWithin(llvm::StringRef Path, llvm::StringRef Root) {
  if (!compat::startsWith(Path, Root))
    return false;
  return Path.size() == Root.size() || compat::endsWith(Root, "/") ||
         Path[Root.size()] == '/';
}

bool confineFacts(const std::vector<TUFacts> &Facts, size_t First,
                  const std::string &Root, std::vector<Diagnostic> &Diags) {
  const size_t Before = Diags.size();
  const std::string RealRoot = resolved(Root);
  std::set<std::string> Checked;
  // Diagnostics without a location: never quote a line of such a file.
  auto Check = [&](const std::string &P) {
    if (P.empty() || !Checked.insert(P).second)
      return;
    if (!isWithin(resolved(P), RealRoot)) {
      Diagnostic D = errorAt(SourceLoc(),
                             "facts name '" + P +
                                 "', outside the working directory; skgen "
                                 "writes only below the directory it runs in");
      D.Notes.push_back(
          noteAt(SourceLoc(), "the working directory is '" + Root + "'"));
      Diags.push_back(D);
      return;
    }
    llvm::sys::fs::file_status St;
    if (!llvm::sys::fs::status(P, St) &&
        St.type() != llvm::sys::fs::file_type::regular_file)
      Diags.push_back(errorAt(
          SourceLoc(), "facts name '" + P + "', which is not a regular file"));
  };
  for (size_t I = First; I < Facts.size(); ++I) {
    const TUFacts &T = Facts[I];
    Check(T.MainFile);
    std::set<std::string> Recorded;
    for (const TUFacts::FileState &F : T.Files) {
      Recorded.insert(F.Path);
      Check(F.Path);
    }
    for (const KernelFact &K : T.Kernels) {
      const std::string &P = placementFile(K);
      if (!Recorded.count(P)) {
        Diags.push_back(errorAt(
            K.AnnotationLoc.valid() ? K.AnnotationLoc : SourceLoc{P, 1, 1},
            "malformed facts: generated code for '" + K.CppName +
                "' would go into '" + P +
                "', which is not among the files its translation unit "
                "read (\"files\")"));
        continue;
      }
    }
  }
  return Diags.size() == Before;
}

} // namespace skgen
