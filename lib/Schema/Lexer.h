//===- Lexer.h - Tokens of the PyTorch schema language ----------*- C++ -*-===//
//
// The lexer of Parser.cpp. It accepts a subset of what PyTorch's lexer
// (torch/csrc/jit/frontend/lexer.h) accepts, with the same meaning: every
// token skgen reads, PyTorch reads the same way.
//
//===----------------------------------------------------------------------===//
#ifndef SKGEN_SCHEMA_LEXER_H
#define SKGEN_SCHEMA_LEXER_H

#include <cstddef>
#include <string>
#include <string_view>

namespace skgen {
namespace schema {
namespace detail {

enum class Tok {
  Eof,
  Ident,  // [A-Za-z_][A-Za-z0-9_]*
  Number, // 1, -1, 1., 1.5e-05, 2j (no sign after a space, no hex)
  String, // 'x' or "x" (Text holds the unescaped value)
  Punct,  // ( ) [ ] , * ! ? | = . :: -> ...
  Error,  // Text is the message, Offset where the problem is
};

struct Token {
  Tok K = Tok::Eof;
  std::string Text;
  size_t Offset = 0;
};

class Lexer {
public:
  explicit Lexer(std::string_view S) : Src(S) {}
  /// The next token; an Error token for bytes that start no token and for
  /// malformed string literals.
  Token next();

private:
  Token lexNumber();
  Token lexString(char Quote);

  std::string_view Src;
  size_t Pos = 0;
};

/// True for the words PyTorch's lexer turns into keyword tokens (`if`,
/// `def`, `None`, ...): they cannot name an operator, argument or alias set.
bool isTorchKeyword(std::string_view Word);

} // namespace detail
} // namespace schema
} // namespace skgen

#endif
