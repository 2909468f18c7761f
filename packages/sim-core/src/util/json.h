// A small JSON reader and writer for device files, scenarios and results.
//
// Why not a library: error messages must name the line of the offending key
// ("unknown key", "expected a number"), so every parsed value remembers where
// it stood; and results must be byte-identical natively and in WebAssembly, so
// number formatting is ours. Objects keep their keys in file order.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace flashscope::json {

enum class Type : uint8_t { kNull, kBool, kNumber, kString, kArray, kObject };

const char* TypeName(Type type);  // "null", "a boolean", "a number", ...

class Value {
 public:
  Value() = default;
  static Value Null() { return Value(); }
  static Value Bool(bool b);
  static Value Number(double d);
  static Value String(std::string s);
  static Value Array();
  static Value Object();

  Type type() const { return type_; }
  bool is_null() const { return type_ == Type::kNull; }
  bool is_bool() const { return type_ == Type::kBool; }
  bool is_number() const { return type_ == Type::kNumber; }
  bool is_string() const { return type_ == Type::kString; }
  bool is_array() const { return type_ == Type::kArray; }
  bool is_object() const { return type_ == Type::kObject; }

  // Where the value starts in its source text (1-based); 0 when built in code.
  uint32_t line() const { return line_; }
  uint32_t column() const { return column_; }
  void set_position(uint32_t line, uint32_t column) {
    line_ = line;
    column_ = column;
  }

  // Accessors assume the type was checked by the caller.
  bool as_bool() const { return bool_; }
  double as_number() const { return number_; }
  const std::string& as_string() const { return string_; }
  const std::vector<Value>& items() const { return items_; }
  std::vector<Value>& items() { return items_; }
  // Object members in file order. Keys are unique (the parser rejects
  // duplicates, naming the line of the second).
  const std::vector<std::pair<std::string, Value>>& members() const { return members_; }

  // Object helpers. Find returns nullptr when absent.
  const Value* Find(std::string_view key) const;
  Value* Find(std::string_view key);
  // Sets key (replacing an existing one in place, else appending).
  Value& Set(std::string_view key, Value value);
  void Push(Value value) { items_.push_back(std::move(value)); }

 private:
  Type type_ = Type::kNull;
  bool bool_ = false;
  double number_ = 0;
  std::string string_;
  std::vector<Value> items_;
  std::vector<std::pair<std::string, Value>> members_;
  uint32_t line_ = 0;
  uint32_t column_ = 0;

  friend class ValueParser;  // json_reader.cpp: appends members without a lookup
};

// Parses RFC 8259 JSON. On malformed text throws InputError naming
// file_name, the line, and what was expected ("expected ',' or '}' after
// object member"). Rejects duplicate keys, trailing garbage, NaN/Infinity.
Value Parse(std::string_view text, const std::string& file_name);

// Parses a command-line value for --set KEY=VALUE: JSON if it parses as JSON
// (numbers, true/false/null, quoted strings, objects), else the bare text as a
// string (so --set gc.victim=fifo works without quotes).
Value ParseLoose(std::string_view text);

// Streaming writer producing compact or pretty, deterministic JSON.
// Numbers: integers (|x| < 2^53 with no fraction) print without a decimal
// point; other finite numbers print with up to 6 significant decimals after
// the point trimmed of trailing zeros (e.g. 1.5, 0.000123, 2.008); non-finite
// numbers print as null. Numbers below 1e-5 or from 1e21 in magnitude use
// exponent form with 6 significant digits ("1e-07", "1.23457e+21"). Strings
// are escaped per RFC 8259; invalid UTF-8 bytes become U+FFFD.
// Pretty mode: 2-space indent, one object member per line; scalars inside an
// array stay on one line ("[1, 2, 3]"), while objects and arrays inside an
// array each start on their own line. No trailing newline is added.
// Misuse (a value in an object without Key, unbalanced End*, a second root
// value) throws std::logic_error instead of emitting invalid JSON.
class Writer {
 public:
  explicit Writer(bool pretty = false) : pretty_(pretty) {}

  Writer& BeginObject();
  Writer& EndObject();
  Writer& BeginArray();
  Writer& EndArray();
  Writer& Key(std::string_view key);
  Writer& Number(double value);
  Writer& Uint(uint64_t value);
  Writer& Int(int64_t value);
  Writer& String(std::string_view value);
  Writer& Bool(bool value);
  Writer& Null();
  Writer& Raw(const Value& value);  // writes a parsed/built Value

  // Convenience: Key(k) followed by the value.
  Writer& Field(std::string_view key, double value) { return Key(key).Number(value); }
  Writer& FieldUint(std::string_view key, uint64_t value) { return Key(key).Uint(value); }
  Writer& FieldString(std::string_view key, std::string_view value) {
    return Key(key).String(value);
  }
  Writer& FieldBool(std::string_view key, bool value) { return Key(key).Bool(value); }

  const std::string& str() const { return out_; }
  std::string Take() { return std::move(out_); }

 private:
  void Newline();

  void BeforeValue(bool is_container);

  // One entry per open container.
  struct Frame {
    bool is_object = false;
    uint32_t count = 0;               // elements (or keys) written so far
    bool last_was_container = false;  // pretty arrays: closing ']' placement
  };

  bool pretty_;
  std::string out_;
  std::vector<Frame> frames_;
  bool after_key_ = false;
  bool root_started_ = false;
};

// Number formatting used by Writer::Number, exposed for CSV/text output.
std::string FormatNumber(double value);

}  // namespace flashscope::json
