//===- InputFile.cpp - Bounded reads of untrusted input files -------------===//
#include "Basic/InputFile.h"

#include "llvm/Support/FileSystem.h"

#include <nlohmann/json.hpp>

namespace skgen {

static const char *fileTypeName(llvm::sys::fs::file_type T) {
  using llvm::sys::fs::file_type;
  switch (T) {
  case file_type::directory_file:
    return "a directory";
  case file_type::character_file:
    return "a character device";
  case file_type::block_file:
    return "a block device";
  case file_type::fifo_file:
    return "a FIFO";
  case file_type::socket_file:
    return "a socket";
  default:
    return "not a regular file";
  }
}

std::unique_ptr<llvm::MemoryBuffer> readRegularFile(const std::string &Path,
                                                    uint64_t MaxBytes,
                                                    std::string &Error) {
  // Opening a FIFO for reading blocks until a writer appears: look first.
  llvm::sys::fs::file_status St;
  if (std::error_code EC = llvm::sys::fs::status(Path, St)) {
    Error = EC.message();
    return nullptr;
  }
  if (St.type() != llvm::sys::fs::file_type::regular_file) {
    Error = std::string("not a regular file (") + fileTypeName(St.type()) + ")";
    if (St.type() == llvm::sys::fs::file_type::directory_file)
      Error = "is a directory";
    return nullptr;
  }
  llvm::Expected<llvm::sys::fs::file_t> FD =
      llvm::sys::fs::openNativeFileForRead(Path);
  if (!FD) {
    Error = llvm::toString(FD.takeError());
    return nullptr;
  }
  // Checked again on the opened file: the path may have been swapped.
  std::unique_ptr<llvm::MemoryBuffer> Buf;
  if (std::error_code EC = llvm::sys::fs::status(*FD, St)) {
    Error = EC.message();
  } else if (St.type() != llvm::sys::fs::file_type::regular_file) {
    Error = std::string("not a regular file (") + fileTypeName(St.type()) + ")";
  } else if (St.getSize() > MaxBytes) {
    Error = "too large (" + std::to_string(St.getSize()) +
            " bytes; the limit is " + std::to_string(MaxBytes) + ")";
  } else {
    auto B = llvm::MemoryBuffer::getOpenFile(*FD, Path, St.getSize(),
                                             /*RequiresNullTerminator=*/false);
    if (B)
      Buf = std::move(*B);
    else
      Error = B.getError().message();
  }
  llvm::sys::fs::closeFile(*FD);
  return Buf;
}

SourceLoc locationInText(const std::string &File, llvm::StringRef Text,
                         size_t Offset) {
  SourceLoc L{File, 1, 1};
  for (size_t I = 0; I < Offset && I < Text.size(); ++I) {
    if (Text[I] == '\n') {
      ++L.Line;
      L.Column = 1;
    } else {
      ++L.Column;
    }
  }
  return L;
}

namespace {
struct TooDeep {};
} // namespace

bool parseJSONText(llvm::StringRef Text, const std::string &File,
                   const std::string &What, int MaxNesting, nlohmann::json &Out,
                   std::vector<Diagnostic> &Diags) {
  size_t DeepAt = 0;
  auto Depth = [&](int D, nlohmann::json::parse_event_t E, nlohmann::json &) {
    if (D >= MaxNesting && (E == nlohmann::json::parse_event_t::object_start ||
                            E == nlohmann::json::parse_event_t::array_start))
      throw TooDeep();
    return true;
  };
  try {
    Out = nlohmann::json::parse(Text.begin(), Text.end(), Depth);
    return true;
  } catch (const nlohmann::json::parse_error &E) {
    // "[json.exception.parse_error.101] parse error at line 1, column 2:
    // syntax error while parsing value - ...": keep the reason.
    std::string Msg = E.what();
    size_t Colon = Msg.find(": ");
    if (Colon != std::string::npos)
      Msg = Msg.substr(Colon + 2);
    size_t Offset = E.byte ? E.byte - 1 : 0;
    Diags.push_back(errorAt(locationInText(File, Text, Offset),
                            What + " is not valid JSON: " + Msg));
  } catch (const TooDeep &) {
    // The position is not known here; find the first too deep bracket.
    int D = 0;
    bool InString = false;
    for (size_t I = 0; I < Text.size(); ++I) {
      char C = Text[I];
      if (InString) {
        if (C == '\\')
          ++I;
        else if (C == '"')
          InString = false;
      } else if (C == '"') {
        InString = true;
      } else if (C == '[' || C == '{') {
        if (++D > MaxNesting) {
          DeepAt = I;
          break;
        }
      } else if (C == ']' || C == '}') {
        --D;
      }
    }
    Diags.push_back(errorAt(locationInText(File, Text, DeepAt),
                            What + " nests more than " +
                                std::to_string(MaxNesting) + " levels deep"));
  } catch (const nlohmann::json::exception &E) {
    // out_of_range.406, "number overflow parsing '1e999'", has no position:
    // report it at the number it quotes.
    std::string Msg = E.what();
    size_t Id = Msg.find("] ");
    if (Id != std::string::npos)
      Msg = Msg.substr(Id + 2);
    size_t Offset = 0;
    size_t Open = Msg.find('\''), Close = Msg.rfind('\'');
    if (Open != std::string::npos && Close > Open + 1) {
      size_t At = Text.find(Msg.substr(Open + 1, Close - Open - 1));
      if (At != llvm::StringRef::npos)
        Offset = At;
    }
    Diags.push_back(errorAt(locationInText(File, Text, Offset),
                            What + " is not valid JSON: " + Msg));
  }
  return false;
}

namespace {
/// A forward-only reader of valid JSON text.
struct Cursor {
  llvm::StringRef T;
  size_t P = 0;
  bool at(char C) const { return P < T.size() && T[P] == C; }
  void ws() {
    while (P < T.size() &&
           (T[P] == ' ' || T[P] == '\t' || T[P] == '\n' || T[P] == '\r'))
      ++P;
  }
  /// Skips a string and returns its raw (still escaped) contents.
  llvm::StringRef string() {
    size_t B = ++P;
    while (P < T.size() && T[P] != '"')
      P += T[P] == '\\' ? 2 : 1;
    llvm::StringRef S = T.slice(B, std::min(P, T.size()));
    ++P;
    return S;
  }
  void value() {
    ws();
    if (at('"')) {
      string();
      return;
    }
    if (at('{') || at('[')) {
      int Depth = 0;
      do {
        if (at('"')) {
          string();
          continue;
        }
        if (at('{') || at('['))
          ++Depth;
        else if (at('}') || at(']'))
          --Depth;
        ++P;
      } while (Depth > 0 && P < T.size());
      return;
    }
    while (P < T.size() && !llvm::StringRef(",]} \t\r\n").contains(T[P]))
      ++P;
  }
};

/// The key as JSON escapes it (enough for the keys skgen writes).
bool sameKey(llvm::StringRef Raw, llvm::StringRef Key) {
  if (!Raw.contains('\\'))
    return Raw == Key;
  std::string S;
  for (size_t I = 0; I < Raw.size(); ++I) {
    if (Raw[I] == '\\' && I + 1 < Raw.size()) {
      ++I;
      if (Raw[I] == 'u')
        return false; // Not one of skgen's keys.
    }
    S += Raw[I];
  }
  return S == Key;
}
} // namespace

size_t locateJSONValue(llvm::StringRef Text,
                       const std::vector<JSONStep> &Where) {
  Cursor C{Text};
  C.ws();
  for (const JSONStep &Step : Where) {
    size_t Here = C.P;
    if (!Step.IsIndex && C.at('{')) {
      ++C.P;
      size_t Found = std::string::npos;
      while (true) {
        C.ws();
        if (!C.at('"'))
          break;
        llvm::StringRef K = C.string();
        C.ws();
        ++C.P; // ':'
        C.ws();
        if (sameKey(K, Step.Key))
          Found = C.P; // The last duplicate wins, as in the parser.
        C.value();
        C.ws();
        if (!C.at(','))
          break;
        ++C.P;
      }
      if (Found == std::string::npos)
        return Here;
      C.P = Found;
    } else if (Step.IsIndex && C.at('[')) {
      ++C.P;
      for (size_t I = 0; I < Step.Index; ++I) {
        C.value();
        C.ws();
        if (!C.at(','))
          return Here;
        ++C.P;
      }
      C.ws();
    } else {
      return Here;
    }
  }
  return C.P;
}

std::string jsonPointer(const std::vector<JSONStep> &Where) {
  std::string S;
  for (const JSONStep &Step : Where) {
    S += '/';
    if (Step.IsIndex) {
      S += std::to_string(Step.Index);
      continue;
    }
    for (char C : Step.Key)
      S += C == '~' ? "~0" : C == '/' ? "~1" : std::string(1, C);
  }
  return S.empty() ? "/" : S;
}

} // namespace skgen
