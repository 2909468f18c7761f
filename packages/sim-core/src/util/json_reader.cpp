// JSON reader (see json.h for the contract).
//
// The parser is a recursive-descent reader over the raw bytes. It tracks the
// line and column of every value so callers can report "FILE:LINE: problem",
// and it caps nesting depth so a hostile file cannot exhaust the stack.
#include <clocale>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <unordered_map>

#include "util/input_error.h"
#include "util/json.h"
#include "util/json_text.h"

namespace flashscope::json {

using text::Hex4;
using text::LocaleDecimalPoint;
using text::Utf8SequenceLength;

namespace {

// Deep enough for any device, scenario or result file; shallow enough that the
// recursion stays far from the stack limit of a browser worker.
constexpr int kMaxDepth = 256;

// Objects with more members than this check duplicates through a hash map;
// smaller ones scan (cheaper for the common few-key object).
constexpr size_t kLinearDuplicateScan = 16;

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || IsDigit(c) || c == '_';
}

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void AppendUtf8(std::string& out, uint32_t code_point) {
  if (code_point < 0x80) {
    out.push_back(static_cast<char>(code_point));
  } else if (code_point < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (code_point >> 6)));
    out.push_back(static_cast<char>(0x80 | (code_point & 0x3F)));
  } else if (code_point < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (code_point >> 12)));
    out.push_back(static_cast<char>(0x80 | ((code_point >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (code_point & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (code_point >> 18)));
    out.push_back(static_cast<char>(0x80 | ((code_point >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((code_point >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (code_point & 0x3F)));
  }
}

}  // namespace

// Recursive-descent parser. Named (not in the anonymous namespace) because
// Value befriends it to append object members without a per-key lookup.
class ValueParser {
 public:
  ValueParser(std::string_view text, const std::string& file_name)
      : text_(text), file_name_(file_name) {}

  Value ParseDocument() {
    // A UTF-8 byte order mark is allowed before the text (RFC 8259 §8.1).
    if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = line_start_ = 3;
    SkipWhitespace();
    if (AtEnd()) Fail("empty input; expected a JSON value");
    Value root = ParseValue(0);
    SkipWhitespace();
    if (!AtEnd()) Fail("trailing characters after JSON value" + Found());
    return root;
  }

 private:
  [[noreturn]] void Fail(const std::string& problem) const {
    throw InputError(file_name_, line_, problem);
  }
  [[noreturn]] void FailAt(uint32_t line, const std::string& problem) const {
    throw InputError(file_name_, line, problem);
  }

  bool AtEnd() const { return pos_ >= text_.size(); }
  char Peek() const { return AtEnd() ? '\0' : text_[pos_]; }
  uint32_t Column() const { return static_cast<uint32_t>(pos_ - line_start_ + 1); }

  // "; found 'x'" describing the current byte, with a hint for the mistakes
  // people make when writing JSON by hand.
  std::string Found() const {
    if (AtEnd()) return "; reached the end of the input";
    const unsigned char c = static_cast<unsigned char>(text_[pos_]);
    if (c == '/') return "; found '/' (comments are not allowed in JSON)";
    if (c == '\'') return "; found ''' (strings need double quotes)";
    if (c >= 0x21 && c < 0x7F) return std::string("; found '") + static_cast<char>(c) + "'";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "; found byte 0x%02X", c);
    return buffer;
  }

  void SkipWhitespace() {
    while (!AtEnd()) {
      const char c = text_[pos_];
      if (c == '\n') {
        ++line_;
        line_start_ = ++pos_;
      } else if (c == ' ' || c == '\t' || c == '\r') {
        ++pos_;
      } else {
        break;
      }
    }
  }

  Value ParseValue(int depth) {
    SkipWhitespace();
    const uint32_t line = line_;
    const uint32_t column = Column();
    Value value;
    const char c = Peek();
    if (AtEnd()) {
      Fail("expected a JSON value; reached the end of the input");
    } else if (c == '{') {
      value = ParseObject(depth + 1);
    } else if (c == '[') {
      value = ParseArray(depth + 1);
    } else if (c == '"') {
      value = Value::String(ParseString());
    } else if (c == '-' || IsDigit(c)) {
      value = Value::Number(ParseNumber());
    } else if (c == '+') {
      Fail("invalid number: a leading '+' is not allowed");
    } else if (c == '.') {
      Fail("invalid number: expected a digit before the decimal point");
    } else if (IsWordChar(c)) {
      value = ParseWord();
    } else {
      Fail("expected a JSON value" + Found());
    }
    value.set_position(line, column);
    return value;
  }

  void CheckDepth(int depth) const {
    if (depth > kMaxDepth) {
      Fail("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
    }
  }

  Value ParseObject(int depth) {
    CheckDepth(depth);
    ++pos_;  // '{'
    Value object = Value::Object();
    std::unordered_map<std::string, uint32_t> first_line_of_key;
    SkipWhitespace();
    if (Peek() == '}') {
      ++pos_;
      return object;
    }
    while (true) {
      SkipWhitespace();
      if (Peek() != '"') Fail("expected a string key in object" + Found());
      const uint32_t key_line = line_;
      std::string key = ParseString();
      CheckDuplicate(object, first_line_of_key, key, key_line);
      SkipWhitespace();
      if (Peek() != ':') {
        Fail("expected ':' after object key \"" + key + "\"" + Found());
      }
      ++pos_;
      Value member = ParseValue(depth);
      object.members_.emplace_back(key, std::move(member));
      SkipWhitespace();
      if (Peek() == ',') {
        ++pos_;
        SkipWhitespace();
        if (Peek() == '}') Fail("trailing comma before '}' in object");
        continue;
      }
      if (Peek() == '}') {
        ++pos_;
        return object;
      }
      Fail("expected ',' or '}' after object member \"" + key + "\"" + Found());
    }
  }

  void CheckDuplicate(const Value& object, std::unordered_map<std::string, uint32_t>& index,
                      const std::string& key, uint32_t key_line) const {
    const auto& members = object.members_;
    uint32_t first_line = 0;
    bool duplicate = false;
    if (members.size() < kLinearDuplicateScan) {
      for (const auto& [name, value] : members) {
        if (name == key) {
          duplicate = true;
          first_line = value.line();
          break;
        }
      }
    } else {
      if (index.empty()) {
        for (const auto& [name, value] : members) index[name] = value.line();
      }
      const auto [it, inserted] = index.emplace(key, key_line);
      duplicate = !inserted;
      first_line = it->second;
    }
    if (duplicate) {
      FailAt(key_line, "duplicate key \"" + key + "\" (first given on line " +
                           std::to_string(first_line) + ")");
    }
  }

  Value ParseArray(int depth) {
    CheckDepth(depth);
    ++pos_;  // '['
    Value array = Value::Array();
    SkipWhitespace();
    if (Peek() == ']') {
      ++pos_;
      return array;
    }
    while (true) {
      array.Push(ParseValue(depth));
      SkipWhitespace();
      if (Peek() == ',') {
        ++pos_;
        SkipWhitespace();
        if (Peek() == ']') Fail("trailing comma before ']' in array");
        continue;
      }
      if (Peek() == ']') {
        ++pos_;
        return array;
      }
      Fail("expected ',' or ']' after array element" + Found());
    }
  }

  // Reads the string starting at the opening quote. Strings never contain a
  // raw newline, so line_ does not change inside one.
  std::string ParseString() {
    const uint32_t start_line = line_;
    ++pos_;  // '"'
    std::string out;
    while (true) {
      if (AtEnd()) FailAt(start_line, "unterminated string");
      const unsigned char c = static_cast<unsigned char>(text_[pos_]);
      if (c == '"') {
        ++pos_;
        return out;
      }
      if (c == '\\') {
        ParseEscape(out, start_line);
      } else if (c == '\n') {
        FailAt(start_line,
               "unterminated string (a string cannot span lines; write \\n "
               "for a line break)");
      } else if (c < 0x20) {
        Fail("unescaped control character U+" + Hex4(c) + " in string (write it as a \\u escape)");
      } else if (c < 0x80) {
        out.push_back(static_cast<char>(c));
        ++pos_;
      } else {
        const size_t length = Utf8SequenceLength(text_, pos_);
        if (length == 0) Fail("invalid UTF-8 in string");
        out.append(text_.substr(pos_, length));
        pos_ += length;
      }
    }
  }

  void ParseEscape(std::string& out, uint32_t start_line) {
    ++pos_;  // '\'
    if (AtEnd()) FailAt(start_line, "unterminated string");
    const char c = text_[pos_++];
    switch (c) {
      case '"':
        out.push_back('"');
        return;
      case '\\':
        out.push_back('\\');
        return;
      case '/':
        out.push_back('/');
        return;
      case 'b':
        out.push_back('\b');
        return;
      case 'f':
        out.push_back('\f');
        return;
      case 'n':
        out.push_back('\n');
        return;
      case 'r':
        out.push_back('\r');
        return;
      case 't':
        out.push_back('\t');
        return;
      case 'u':
        break;
      default:
        if (c >= 0x21 && c < 0x7F) {
          Fail(std::string("invalid escape '\\") + c + "' in string");
        }
        Fail(
            "invalid escape in string: '\\' must be followed by one of "
            "\"\\/bfnrtu");
    }
    const uint32_t unit = ReadHex4();
    if (unit >= 0xDC00 && unit <= 0xDFFF) {
      Fail("unpaired surrogate \\u" + Hex4(unit) + " in string");
    }
    if (unit < 0xD800 || unit > 0xDBFF) {
      AppendUtf8(out, unit);
      return;
    }
    // A high surrogate must be followed by an escaped low surrogate.
    if (text_.substr(pos_, 2) != "\\u") {
      Fail("unpaired surrogate \\u" + Hex4(unit) +
           " in string (expected a \\uDC00-\\uDFFF low surrogate after it)");
    }
    pos_ += 2;
    const uint32_t low = ReadHex4();
    if (low < 0xDC00 || low > 0xDFFF) {
      Fail("unpaired surrogate \\u" + Hex4(unit) + " in string (followed by \\u" + Hex4(low) +
           ", not a low surrogate)");
    }
    AppendUtf8(out, 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
  }

  uint32_t ReadHex4() {
    uint32_t value = 0;
    for (int i = 0; i < 4; ++i) {
      const int digit = HexValue(Peek());
      if (AtEnd() || digit < 0) {
        Fail("invalid \\u escape in string: expected 4 hex digits");
      }
      value = value * 16 + static_cast<uint32_t>(digit);
      ++pos_;
    }
    return value;
  }

  double ParseNumber() {
    const size_t start = pos_;
    if (Peek() == '-') ++pos_;
    if (Peek() == 'I' || Peek() == 'N') {
      Fail("invalid number: NaN and Infinity are not valid JSON");
    }
    if (Peek() == '0') {
      ++pos_;
      if (IsDigit(Peek())) Fail("invalid number: leading zeros are not allowed");
    } else if (IsDigit(Peek())) {
      while (IsDigit(Peek())) ++pos_;
    } else {
      Fail("invalid number: expected a digit after '-'");
    }
    bool is_integer = true;
    if (Peek() == '.') {
      is_integer = false;
      ++pos_;
      if (!IsDigit(Peek())) {
        Fail("invalid number: expected a digit after the decimal point");
      }
      while (IsDigit(Peek())) ++pos_;
    }
    if (Peek() == 'e' || Peek() == 'E') {
      is_integer = false;
      ++pos_;
      if (Peek() == '+' || Peek() == '-') ++pos_;
      if (!IsDigit(Peek())) {
        Fail("invalid number: expected a digit in the exponent");
      }
      while (IsDigit(Peek())) ++pos_;
    }
    // "0x1F", "1.2.3", "12abc": name the whole token rather than complain
    // about the character after a valid prefix.
    if (IsWordChar(Peek()) || Peek() == '.') {
      size_t end = pos_;
      while (end < text_.size() && (IsWordChar(text_[end]) || text_[end] == '.')) ++end;
      Fail("invalid number '" + std::string(text_.substr(start, end - start)) + "'");
    }
    const std::string_view token = text_.substr(start, pos_ - start);
    // Short integers are exact in a double; skip strtod for them.
    const size_t digits = token.size() - (token[0] == '-' ? 1 : 0);
    if (is_integer && digits <= 15) {
      int64_t magnitude = 0;
      for (char c : token) {
        if (c != '-') magnitude = magnitude * 10 + (c - '0');
      }
      return static_cast<double>(token[0] == '-' ? -magnitude : magnitude);
    }
    std::string copy(token);
    const char point = LocaleDecimalPoint();
    if (point != '.') {
      for (char& c : copy) {
        if (c == '.') c = point;
      }
    }
    const double value = std::strtod(copy.c_str(), nullptr);
    // Underflow to zero or a subnormal is accepted; overflow is not.
    if (std::isinf(value)) {
      Fail("invalid number " + std::string(token) + ": too large for a double");
    }
    return value;
  }

  Value ParseWord() {
    size_t end = pos_;
    while (end < text_.size() && IsWordChar(text_[end])) ++end;
    const std::string_view word = text_.substr(pos_, end - pos_);
    if (word == "true" || word == "false" || word == "null") {
      pos_ = end;
      if (word == "null") return Value::Null();
      return Value::Bool(word == "true");
    }
    if (word == "NaN" || word == "Infinity") {
      Fail("invalid number: NaN and Infinity are not valid JSON");
    }
    std::string shown(word.substr(0, 40));
    if (word.size() > 40) shown += "...";
    Fail("unexpected word '" + shown + "'; expected a JSON value (strings need double quotes)");
  }

  std::string_view text_;
  const std::string& file_name_;
  size_t pos_ = 0;
  size_t line_start_ = 0;  // offset of the first byte of the current line
  uint32_t line_ = 1;
};

Value Parse(std::string_view text, const std::string& file_name) {
  return ValueParser(text, file_name).ParseDocument();
}

Value ParseLoose(std::string_view text) {
  try {
    return Parse(text, "--set");
  } catch (const InputError&) {
    return Value::String(std::string(text));
  }
}

}  // namespace flashscope::json
