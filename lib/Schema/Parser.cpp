//===- Parser.cpp - Parse PyTorch function schemas ------------------------===//
//
// A hand-written lexer and recursive-descent parser for the schema language
// accepted by torch/csrc/jit/frontend/function_schema_parser.cpp. Errors carry
// the byte offset of the offending token so callers can point a caret at it
// (inside a string literal in a C++ annotation, for example).
//
//===----------------------------------------------------------------------===//
#include "Schema/Parser.h"
#include "Schema/Lexer.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>

namespace skgen {
namespace schema {
namespace {

using detail::isTorchKeyword;
using detail::Lexer;
using detail::Tok;
using detail::Token;

struct ParseFailure {
  ParseError E;
};

// Upper-case type names PyTorch knows (1.13 and 2.x; SymBool and Await are
// 2.x only). Lower-case names that are not keywords are type variables (`t`,
// `tVal`), as in PyTorch; `int`, `float`, `str`, `bool`, `complex` are among
// them for the parser's purposes.
bool isKnownTypeName(const std::string &N) {
  static const std::set<std::string> Names = {
      "Tensor",
      "Scalar",
      "SymInt",
      "SymBool",
      "ScalarType",
      "Layout",
      "MemoryFormat",
      "Device",
      "Generator",
      "Storage",
      "Stream",
      "QScheme",
      "ConstQuantizerPtr",
      "Any",
      "AnyClassType",
      "AnyEnumType",
      "Capsule",
      "None",
      "NoneType",
      "Quantizer",
      "Dimname"}; // Dimname: PyTorch 1.13 only (a str).
  return Names.count(N) != 0;
}

/// Types whose defaults are integers (PyTorch's IntType, and SymInt).
bool isIntLike(const std::string &N) {
  return N == "int" || N == "SymInt" || N == "ScalarType" || N == "Layout" ||
         N == "MemoryFormat";
}

// The identifiers PyTorch's schema parser reads as integer defaults, and the
// type each belongs to here (PyTorch takes any of them for any numeric type).
std::optional<int> enumDefaultValue(const std::string &Ty,
                                    const std::string &Ident) {
  static const std::map<std::pair<std::string, std::string>, int> Values = {
      {{"ScalarType", "float"}, 6},
      {{"ScalarType", "long"}, 4},
      {{"Layout", "strided"}, 0},
      {{"MemoryFormat", "contiguous_format"}, 0},
      {{"int", "Mean"}, 1}};
  auto It = Values.find({Ty, Ident});
  if (It == Values.end())
    return std::nullopt;
  return It->second;
}

/// `type` or `type:index`, as c10::Device parses it (PyTorch 1.13's device
/// types; the index is an int8_t).
bool isDeviceString(const std::string &S) {
  static const char *const Types[] = {
      "cpu",    "cuda", "ipu",  "xpu",  "mkldnn",       "opengl", "opencl",
      "ideep",  "hip",  "ve",   "fpga", "ort",          "xla",    "lazy",
      "vulkan", "mps",  "meta", "hpu",  "privateuseone"};
  size_t Colon = S.find(':');
  std::string Type = S.substr(0, Colon);
  if (std::none_of(std::begin(Types), std::end(Types),
                   [&](const char *T) { return Type == T; }))
    return false;
  if (Colon == std::string::npos)
    return true;
  std::string Index = S.substr(Colon + 1);
  if (Index.empty() || Index.size() > 3 ||
      !std::all_of(Index.begin(), Index.end(),
                   [](char C) { return C >= '0' && C <= '9'; }) ||
      (Index.size() > 1 && Index[0] == '0'))
    return false;
  return std::stoi(Index) <= 127;
}

class Parser {
public:
  explicit Parser(std::string_view S) : Lex(S) {
    Cur = Lex.next();
    checkLexError();
  }

  FunctionSchema parseSchema() {
    FunctionSchema S;
    S.Op = parseName(/*RequireNamespace=*/false);
    expectPunct("(", "expected '(' to start the argument list");
    parseArguments(S);
    expectPunct("->", "expected '->' before the returns");
    parseReturns(S);
    if (Cur.K != Tok::Eof)
      fail(Cur, "unexpected '" + tokenText(Cur) + "' after the schema");
    return S;
  }

  OperatorName parseOperatorNameOnly() {
    OperatorName N = parseName(/*RequireNamespace=*/true);
    if (Cur.K != Tok::Eof)
      fail(Cur, "unexpected '" + tokenText(Cur) + "' after the operator name");
    return N;
  }

private:
  [[noreturn]] void fail(const Token &T, std::string Msg) {
    throw ParseFailure{ParseError{T.Offset, std::move(Msg)}};
  }

  static std::string tokenText(const Token &T) {
    switch (T.K) {
    case Tok::Eof:
      return "end of input";
    case Tok::String:
      return quoteString(T.Text);
    default:
      return T.Text;
    }
  }

  void advance() {
    Cur = Lex.next();
    checkLexError();
  }

  /// The token after Cur, without consuming anything.
  Token peek() const {
    Lexer Copy = Lex;
    return Copy.next();
  }

  void checkLexError() {
    if (Cur.K == Tok::Error) {
      if (Cur.Text.size() == 1) {
        unsigned char C = static_cast<unsigned char>(Cur.Text[0]);
        if (std::isprint(C))
          fail(Cur, "invalid character '" + Cur.Text + "'");
        // Never print half a UTF-8 sequence or a control byte.
        char Hex[8];
        std::snprintf(Hex, sizeof(Hex), "\\x%02X", C);
        fail(Cur, std::string("invalid byte '") + Hex +
                      "' (schemas are ASCII outside string literals)");
      }
      fail(Cur, Cur.Text);
    }
  }

  bool isPunct(const char *P) const {
    return Cur.K == Tok::Punct && Cur.Text == P;
  }

  bool acceptPunct(const char *P) {
    if (!isPunct(P))
      return false;
    advance();
    return true;
  }

  void expectPunct(const char *P, const std::string &Msg) {
    if (!isPunct(P))
      fail(Cur, Msg + ", found '" + tokenText(Cur) + "'");
    advance();
  }

  /// An identifier that names something (operator, namespace, overload,
  /// argument, return, alias set): PyTorch's keywords cannot.
  std::string expectName(const std::string &What) {
    if (Cur.K != Tok::Ident)
      fail(Cur, "expected " + What + ", found '" + tokenText(Cur) + "'");
    checkNotKeyword(What);
    std::string S = Cur.Text;
    advance();
    return S;
  }

  void checkNotKeyword(const std::string &What) {
    if (isTorchKeyword(Cur.Text))
      fail(Cur, "expected " + What + ", found the keyword '" + Cur.Text +
                    "' (PyTorch's schema parser reserves it)");
  }

  OperatorName parseName(bool RequireNamespace) {
    OperatorName N;
    if (Cur.K == Tok::Eof)
      fail(Cur, "expected an operator name, found end of input");
    Token First = Cur;
    std::string A = expectName("an operator name");
    if (acceptPunct("::")) {
      N.Namespace = A;
      N.Name = expectName("an operator name after '::'");
    } else {
      if (RequireNamespace)
        fail(First, "expected a namespace-qualified operator name "
                    "('ns::name'), found '" +
                        A + "'");
      N.Name = A;
    }
    if (acceptPunct("."))
      N.Overload = expectName("an overload name after '.'");
    return N;
  }

  void parseArguments(FunctionSchema &S) {
    bool KwargOnly = false;
    std::vector<Token> Starts; // Of each argument, for errors.
    if (acceptPunct(")"))
      return;
    while (true) {
      if (isPunct("*")) {
        advance();
        KwargOnly = true;
      } else if (isPunct("...")) {
        advance();
        S.IsVararg = true;
        expectPunct(")", "expected ')' after '...' in the argument list");
        break;
      } else {
        Starts.push_back(Cur);
        S.Arguments.push_back(parseArgument(KwargOnly));
      }
      if (acceptPunct(")"))
        break;
      if (Cur.K == Tok::Eof)
        fail(Cur,
             "expected ')' to close the argument list, found end of input");
      expectPunct(",", "expected ',' or ')' in the argument list");
    }
    checkArguments(S, Starts);
  }

  // What PyTorch asserts (or, in 1.13, crashes on) after parsing.
  void checkArguments(const FunctionSchema &S,
                      const std::vector<Token> &Starts) {
    const Argument *FirstDefault = nullptr;
    for (size_t I = 0; I < S.Arguments.size(); ++I) {
      const Argument &A = S.Arguments[I];
      if (A.Default && S.IsVararg)
        fail(Starts[I], "a schema with varargs ('...') cannot have default "
                        "values");
      if (A.Default && !FirstDefault)
        FirstDefault = &A;
      else if (FirstDefault && !A.Default && !A.KwargOnly)
        fail(Starts[I], "argument '" + A.Name +
                            "' without a default follows argument '" +
                            FirstDefault->Name +
                            "' with a default (make it keyword-only: put "
                            "'*, ' before it)");
    }
  }

  Argument parseArgument(bool KwargOnly) {
    Argument A;
    A.KwargOnly = KwargOnly;
    if (isPunct("="))
      fail(Cur, "expected an argument type before the default value");
    A.Offset = Cur.Offset;
    A.Ty = parseArgumentType();
    if (isPunct("="))
      fail(Cur, "expected an argument name before the default value");
    A.Name = expectName("an argument name");
    if (acceptPunct("="))
      A.Default = parseDefault(A.Ty);
    return A;
  }

  void parseReturns(FunctionSchema &S) {
    if (isPunct("...")) {
      advance();
      S.IsVarret = true;
      return;
    }
    if (!isPunct("(")) {
      S.Returns.push_back(parseReturn());
      return;
    }
    advance();
    if (acceptPunct(")"))
      return;
    while (true) {
      if (isPunct("...")) {
        advance();
        S.IsVarret = true;
        expectPunct(")", "expected ')' after '...' in the returns");
        return;
      }
      S.Returns.push_back(parseReturn());
      if (acceptPunct(")"))
        return;
      if (Cur.K == Tok::Eof)
        fail(Cur, "expected ')' to close the returns, found end of input");
      expectPunct(",", "expected ',' or ')' in the returns");
    }
  }

  Return parseReturn() {
    Return R;
    R.Ty = parseArgumentType();
    if (Cur.K == Tok::Ident)
      R.Name = expectName("a return name");
    return R;
  }

  // Types ------------------------------------------------------------------
  //
  // PyTorch's grammar (schema_type_parser.cpp, function_schema_parser.cpp):
  //   type     := base suffix*
  //   base     := '(' [type {',' type}] ')'          -- tuple, no alias
  //             | ('Future'|'RRef'|'Await') '(' type ')'  -- no alias
  //             | 'Dict' '(' type ',' type ')' [alias]
  //             | '__torch__.torch.classes.' ns '.' class
  //             | name [alias]
  //   suffix   := '[' ']' [alias] | '?'
  //   argument := type ['[' N ']' [alias] ['?']] name ['=' default]
  // A fixed-size list exists only at the argument level, outermost but for
  // '?'. Types nest at most MaxTypeNesting levels deep (a bound on the
  // recursion here and in every function that walks a Type).

  void nest(const Token &At, unsigned &Level) {
    if (++Level > MaxTypeNesting)
      fail(At, "type nested more than " + std::to_string(MaxTypeNesting) +
                   " levels deep (skgen's limit)");
  }

  Type parseArgumentType() {
    unsigned Height = 0;
    Type T = parseType(Height);
    if (!isPunct("["))
      return T;
    Token Open = Cur;
    advance();
    if (Cur.K != Tok::Number ||
        Cur.Text.find_first_not_of("0123456789") != std::string::npos)
      fail(Cur, "expected a list size, found '" + tokenText(Cur) + "'");
    Token N = Cur;
    errno = 0;
    long long Size = std::strtoll(N.Text.c_str(), nullptr, 10);
    if (errno || Size > 2147483647)
      fail(N, "list size out of range: '" + N.Text + "'");
    advance();
    expectPunct("]", "expected ']' to close the list type");
    nest(Open, Height);
    T = Type::listOf(std::move(T), Size);
    if (isPunct("("))
      T.Alias = parseAlias();
    if (isPunct("?")) {
      nest(Cur, Height);
      advance();
      T = Type::optionalOf(std::move(T));
    }
    if (isPunct("[") || isPunct("?") || isPunct("("))
      fail(Cur, "a fixed-size list type 'T[N]' may only be followed by an "
                "alias annotation and '?' (PyTorch does not read "
                "'int[2][]')");
    return T;
  }

  /// A type and its height (levels of nesting) in \p Height.
  Type parseType(unsigned &Height) {
    // Recursion depth on the way down, height on the way up: both bounded.
    if (++Depth > MaxTypeNesting)
      fail(Cur, "type nested more than " + std::to_string(MaxTypeNesting) +
                    " levels deep (skgen's limit)");
    bool AliasAllowed = false;
    Type T = parseBaseType(Height, AliasAllowed);
    while (true) {
      if (isPunct("[")) {
        Token Next = peek();
        if (!(Next.K == Tok::Punct && Next.Text == "]"))
          break; // `[N]`: the caller's (argument level only).
        nest(Cur, Height);
        advance();
        advance();
        T = Type::listOf(std::move(T));
        AliasAllowed = true;
        if (isPunct("("))
          T.Alias = parseAlias();
      } else if (isPunct("?")) {
        if (T.isNamed("None") || T.isNamed("NoneType"))
          fail(Cur, "'" + T.Name +
                        "' cannot be optional (PyTorch rejects "
                        "'" +
                        T.Name + "?')");
        // PyTorch reads `t??` as `t?` but `Scalar??` as `Union(Scalar)?`.
        if (T.isOptional())
          fail(Cur, "type '" + T.str() + "' is already optional");
        nest(Cur, Height);
        T = Type::optionalOf(std::move(T));
        advance();
        AliasAllowed = false;
      } else {
        break;
      }
    }
    // PyTorch reads `Tensor!` as a write to a fresh alias set; an out=
    // schema must name its sets so that its returns can alias them.
    if (isPunct("!"))
      fail(Cur, "'" + T.str() +
                    "!' (a write to an unnamed alias set) is not supported: "
                    "name the set, as in '" +
                    T.str() + "(a!)'");
    if (isPunct("(")) {
      if (T.isOptional())
        fail(Cur, "an alias annotation cannot follow '?': write it before "
                  "(as in 'Tensor(a)?')");
      fail(Cur, AliasAllowed ? "duplicate alias annotation"
                             : "this type takes no alias annotation");
    }
    --Depth;
    return T;
  }

  Type parseTypeList(Type T, unsigned &Height, const char *Where) {
    unsigned Max = 0;
    while (true) {
      unsigned H = 0;
      T.Elements.push_back(parseType(H));
      Max = std::max(Max, H);
      if (acceptPunct(")"))
        break;
      expectPunct(",", std::string("expected ',' or ')' in the ") + Where);
    }
    Height = Max;
    return T;
  }

  Type parseBaseType(unsigned &Height, bool &AliasAllowed) {
    Token Start = Cur;
    Height = 0;
    AliasAllowed = false;
    if (isPunct("(")) {
      advance();
      Type T;
      T.K = Type::Kind::Tuple;
      if (!acceptPunct(")"))
        T = parseTypeList(std::move(T), Height, "tuple type");
      nest(Start, Height);
      return T;
    }
    if (Cur.K != Tok::Ident)
      fail(Cur, "expected a type, found '" + tokenText(Cur) + "'");
    std::string Name = Cur.Text;
    if (Name == "Union")
      fail(Cur, "Union types are not supported (PyTorch unifies their "
                "members: 'Union(int, None)' is 'int?')");
    if (Name == "Future" || Name == "RRef" || Name == "Await" ||
        Name == "Dict") {
      advance();
      expectPunct("(", "expected '(' after '" + Name + "'");
      Type T;
      T.K = Type::Kind::Parametric;
      T.Name = Name;
      T = parseTypeList(std::move(T), Height, "type parameters");
      size_t Want = Name == "Dict" ? 2 : 1;
      if (T.Elements.size() != Want)
        fail(Start, "'" + Name + "' takes " + std::to_string(Want) +
                        " type parameter" + (Want == 1 ? "" : "s"));
      if (Name == "Dict") {
        const Type &Key = T.Elements.front();
        static const char *const Keys[] = {"int",    "bool", "float", "complex",
                                           "Tensor", "str",  "Device"};
        if (Key.K != Type::Kind::Named ||
            std::none_of(std::begin(Keys), std::end(Keys),
                         [&](const char *K) { return Key.Name == K; }))
          fail(Start, "invalid Dict key type '" + Key.str() +
                          "' (PyTorch supports int, bool, float, complex, "
                          "Tensor, str and Device keys)");
      }
      nest(Start, Height);
      AliasAllowed = Name == "Dict";
      if (AliasAllowed && isPunct("("))
        T.Alias = parseAlias();
      return T;
    }
    advance();
    if (Name == "__torch__") {
      // Custom classes: exactly __torch__.torch.classes.<ns>.<Class>.
      for (const char *Part : {"torch", "classes"}) {
        expectPunct(".", "expected '.' in the custom class name");
        if (Cur.K != Tok::Ident || Cur.Text != Part)
          fail(Cur, std::string("expected '") + Part +
                        "' in the custom class name "
                        "'__torch__.torch.classes.<ns>.<Class>'");
        advance();
      }
      for (int I = 0; I < 2; ++I) {
        expectPunct(".", "expected '.' in the custom class name");
        Name += (I ? "." : ".torch.classes.") +
                expectName("a custom class name after '.'");
      }
      Height = 1;
      return Type::named(Name);
    }
    if (isTorchKeyword(Name) && Name != "None" && Name != "NoneType")
      fail(Start, "expected a type, found the keyword '" + Name + "'");
    if (!isKnownTypeName(Name) &&
        !std::islower(static_cast<unsigned char>(Name[0])))
      fail(Start, "unknown type '" + Name + "'");
    Type T = Type::named(Name);
    Height = 1;
    AliasAllowed = true;
    if (isPunct("("))
      T.Alias = parseAlias();
    return T;
  }

  std::string parseAliasSet() {
    if (isPunct("*")) {
      advance();
      return "*";
    }
    if (Cur.K != Tok::Ident)
      fail(Cur, "expected an alias set name or '*' in the alias annotation, "
                "found '" +
                    tokenText(Cur) + "'");
    return expectName("an alias set name");
  }

  std::vector<std::string> parseAliasSets() {
    std::vector<std::string> Sets{parseAliasSet()};
    while (isPunct("|")) {
      if (Sets.back() == "*")
        fail(Cur, "'*' must be the last alias set (PyTorch ignores the "
                  "others)");
      advance();
      Sets.push_back(parseAliasSet());
    }
    return Sets;
  }

  AliasInfo parseAlias() {
    expectPunct("(", "expected '(' to start the alias annotation");
    AliasInfo A;
    A.BeforeSets = parseAliasSets();
    if (acceptPunct("!"))
      A.IsWrite = true;
    if (acceptPunct("->"))
      A.AfterSets = parseAliasSets();
    else
      A.AfterSets = A.BeforeSets;
    expectPunct(")", "expected ')' to close the alias annotation");
    return A;
  }

  // Defaults ---------------------------------------------------------------
  //
  // What PyTorch's parseDefaultValue accepts, with the same meaning, checked
  // against the declared type (PyTorch checks less: `int? x="a"` loads).

  bool acceptNone(DefaultValue &D) {
    if (!(Cur.K == Tok::Ident && Cur.Text == "None"))
      return false;
    advance();
    D.K = DefaultValue::Kind::None;
    D.Text = "None";
    return true;
  }

  DefaultValue parseDefault(const Type &Declared) {
    DefaultValue D;
    Token Tk = Cur;
    if (Declared.isOptional()) {
      if (acceptNone(D))
        return D;
      const Type &E = Declared.Elements.front();
      if (E.isList()) {
        // PyTorch reads one constant here, never a list literal.
        if (!E.Size)
          fail(Tk, "an optional list defaults only to None (PyTorch reads "
                   "no list literal for type '" +
                       Declared.str() + "')");
        return parseSingle(listElementType(Tk, E), /*InOptional=*/true);
      }
      return parseSingle(E, /*InOptional=*/true);
    }
    if (Declared.isList()) {
      const Type &Elem = listElementType(Tk, Declared);
      if (!isPunct("[")) {
        if (!Declared.Size)
          fail(Tk, "expected '[' to start the default of list type '" +
                       Declared.str() + "', found '" + tokenText(Tk) + "'");
        // `int[2] stride=1` broadcasts a single value.
        return parseSingle(Elem, /*InOptional=*/false);
      }
      advance();
      std::string Text = "[";
      bool First = true;
      while (!isPunct("]")) {
        if (!First) {
          expectPunct(",", "expected ',' or ']' in the list default");
          Text += ", ";
        }
        First = false;
        if (Cur.K == Tok::Eof)
          fail(Tk, "unterminated list default value");
        Token ElemTok = Cur;
        DefaultValue V = parseSingle(Elem, /*InOptional=*/false);
        if (V.K == DefaultValue::Kind::None)
          fail(ElemTok, "None cannot be an element of a list default");
        Text += V.Text;
      }
      advance();
      D.K = DefaultValue::Kind::List;
      D.Text = Text + "]";
      return D;
    }
    return parseSingle(Declared, /*InOptional=*/false);
  }

  /// The element type of a list type that may have a default.
  const Type &listElementType(const Token &Tk, const Type &List) {
    const Type &E = List.Elements.front();
    static const char *const Numeric[] = {"int", "SymInt", "float", "bool",
                                          "complex"};
    if (E.K == Type::Kind::Named &&
        std::any_of(std::begin(Numeric), std::end(Numeric),
                    [&](const char *N) { return E.Name == N; }))
      return E;
    fail(Tk, "type '" + List.str() +
                 "' cannot have a default value (PyTorch reads list "
                 "defaults of int, SymInt, float, bool and complex only)");
  }

  /// One constant for the non-optional type \p T (the element of an
  /// optional when \p InOptional: PyTorch then reads `1` as an int even for
  /// `float?`).
  DefaultValue parseSingle(const Type &T, bool InOptional) {
    DefaultValue D;
    Token Tk = Cur;
    const std::string Ty = T.K == Type::Kind::Named ? T.Name : "";
    auto Mismatch = [&](const std::string &Expected) {
      fail(Tk, "expected " + Expected + " default for type '" +
                   (InOptional ? T.str() + "?" : T.str()) + "', found '" +
                   tokenText(Tk) + "'");
    };
    bool Numeric = isIntLike(Ty) || Ty == "float" || Ty == "bool" ||
                   Ty == "complex" || Ty == "Scalar";
    if (Ty == "Tensor" || Ty == "Generator") {
      if (InOptional || !acceptNone(D))
        Mismatch("a None");
      return D;
    }
    if (Ty == "str" || Ty == "Device") {
      if (Ty == "str" && !InOptional && acceptNone(D))
        return D;
      if (Tk.K != Tok::String)
        Mismatch("a string");
      if (Ty == "Device" && !isDeviceString(Tk.Text))
        fail(Tk, "invalid device " + quoteString(Tk.Text) +
                     " (expected a device type such as \"cpu\" or "
                     "\"cuda\", optionally with an index: \"cuda:0\")");
      advance();
      D.K = DefaultValue::Kind::String;
      D.Text = quoteString(Tk.Text);
      return D;
    }
    if (!Numeric)
      fail(Tk, "type '" + T.str() +
                   "' cannot have a default value other than None (PyTorch "
                   "reads defaults of Tensor, Generator, Device, str, int, "
                   "SymInt, float, bool, complex, Scalar, ScalarType, Layout, "
                   "MemoryFormat and lists of numbers)");
    if (!InOptional && acceptNone(D))
      return D;
    if (Tk.K == Tok::Ident) {
      if (Tk.Text == "True" || Tk.Text == "False") {
        if (Ty != "bool" && Ty != "Scalar")
          Mismatch(isIntLike(Ty) ? "an integer" : "a number");
        advance();
        D.K = DefaultValue::Kind::Bool;
        D.Text = Tk.Text;
        return D;
      }
      if (auto V = enumDefaultValue(Ty, Tk.Text)) {
        advance();
        // An integer, as PyTorch reads it (and as it prints).
        D.K = DefaultValue::Kind::Int;
        D.Text = std::to_string(*V);
        return D;
      }
      fail(Tk, "invalid default value '" + Tk.Text + "' for type '" + T.str() +
                   "'");
    }
    if (Ty == "bool")
      Mismatch("a True or False");
    if (Tk.K != Tok::Number)
      Mismatch(isIntLike(Ty) ? "an integer" : "a number");
    const std::string &L = Tk.Text;
    bool IsComplex = L.back() == 'j';
    bool IsFloat = !IsComplex && L.find_first_of(".eE") != std::string::npos;
    // PyTorch reads `1E5` with stoll (as 1) unless the type is float.
    if (L.find('E') != std::string::npos &&
        (InOptional || (Ty != "float" && !IsComplex)))
      fail(Tk, "write the exponent of '" + L +
                   "' with a lower-case 'e' (PyTorch reads it as an integer "
                   "here)");
    if (Ty == "complex" && !IsComplex)
      Mismatch("an imaginary (e.g. '1j')");
    if (IsComplex && Ty != "complex" && Ty != "Scalar")
      Mismatch(isIntLike(Ty) ? "an integer" : "a real");
    if (IsFloat && isIntLike(Ty))
      Mismatch("an integer");
    advance();
    if (IsComplex || IsFloat || (Ty == "float" && !InOptional)) {
      errno = 0;
      double V = std::strtod(
          (IsComplex ? L.substr(0, L.size() - 1) : L).c_str(), nullptr);
      if (errno == ERANGE)
        fail(Tk, "floating-point default out of range: '" + L + "'");
      D.K = IsComplex ? DefaultValue::Kind::Complex : DefaultValue::Kind::Float;
      // PyTorch prints complex defaults as `0.+2.j`, which no parser reads
      // back; `2.j` is what its parser takes for 2j.
      D.Text = formatDouble(V) + (IsComplex ? "j" : "");
      return D;
    }
    errno = 0;
    long long V = std::strtoll(L.c_str(), nullptr, 10);
    if (errno == ERANGE)
      fail(Tk, "integer default out of range: '" + L + "'");
    D.K = DefaultValue::Kind::Int;
    D.Text = std::to_string(V);
    return D;
  }

  Lexer Lex;
  Token Cur;
  unsigned Depth = 0;
};

} // namespace

bool parseFunctionSchema(std::string_view Text, FunctionSchema &Out,
                         ParseError &Err) {
  try {
    Parser P(Text);
    Out = P.parseSchema();
    return true;
  } catch (const ParseFailure &F) {
    Err = F.E;
    return false;
  }
}

bool parseOperatorName(std::string_view Text, OperatorName &Out,
                       ParseError &Err) {
  try {
    Parser P(Text);
    Out = P.parseOperatorNameOnly();
    return true;
  } catch (const ParseFailure &F) {
    Err = F.E;
    return false;
  }
}

bool isIdentifier(std::string_view S) {
  if (S.empty() ||
      !(std::isalpha(static_cast<unsigned char>(S[0])) || S[0] == '_'))
    return false;
  for (char C : S)
    if (!(std::isalnum(static_cast<unsigned char>(C)) || C == '_'))
      return false;
  return true;
}

std::pair<unsigned, unsigned> lineAndColumn(std::string_view Text,
                                            size_t Offset) {
  unsigned Line = 1, Col = 1;
  for (size_t I = 0; I < Offset && I < Text.size(); ++I) {
    if (Text[I] == '\n') {
      ++Line;
      Col = 1;
    } else {
      ++Col;
    }
  }
  return {Line, Col};
}

SourceLoc locInSchema(const SourceLoc &Start, const std::string &Text,
                      size_t Offset) {
  if (!Start.valid())
    return Start;
  auto [Line, Col] = lineAndColumn(Text, std::min(Offset, Text.size()));
  SourceLoc L = Start;
  if (Line == 1) {
    L.Column = Start.Column + Col - 1;
  } else {
    L.Line = Start.Line + Line - 1;
    L.Column = Col;
  }
  return L;
}

} // namespace schema
} // namespace skgen
