// JSON writer (see json.h for the contract).
//
// Numbers are formatted with snprintf only ("%.*f" / "%.*e"), which glibc and
// musl (Emscripten) both round exactly, so output is byte-identical natively
// and in WebAssembly.
#include <clocale>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "util/json.h"
#include "util/json_text.h"

namespace flashscope::json {

using text::Hex4;
using text::LocaleDecimalPoint;
using text::Utf8SequenceLength;

namespace {

// Removes trailing zeros after the decimal point (and the point itself) in
// the digits before any exponent: "2.008000" -> "2.008", "1.50000e-07" ->
// "1.5e-07".
std::string TrimFraction(const char* formatted) {
  std::string text(formatted);
  const size_t exponent_at = text.find('e');
  std::string exponent = exponent_at == std::string::npos ? "" : text.substr(exponent_at);
  std::string mantissa = text.substr(0, exponent_at);
  if (mantissa.find('.') != std::string::npos) {
    while (mantissa.back() == '0') mantissa.pop_back();
    if (mantissa.back() == '.') mantissa.pop_back();
  }
  return mantissa + exponent;
}

void AppendEscaped(std::string& out, std::string_view text) {
  out.push_back('"');
  size_t i = 0;
  while (i < text.size()) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const size_t length = Utf8SequenceLength(text, i);
      if (length == 0) {
        out += "\\uFFFD";  // keep the output valid UTF-8
        ++i;
      } else {
        out.append(text.substr(i, length));
        i += length;
      }
      continue;
    }
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          out += "\\u" + Hex4(c);
        } else {
          out.push_back(static_cast<char>(c));
        }
    }
    ++i;
  }
  out.push_back('"');
}

}  // namespace

std::string FormatNumber(double value) {
  if (!std::isfinite(value)) return "null";
  char buffer[64];
  constexpr double kTwoPow53 = 9007199254740992.0;
  if (std::fabs(value) < kTwoPow53 && value == std::trunc(value)) {
    // Also maps -0 to "0".
    std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(value));
    return buffer;
  }
  const char point = LocaleDecimalPoint();
  const auto fix_point = [point](char* text) {
    if (point == '.') return;
    for (char* c = text; *c != '\0'; ++c) {
      if (*c == point) *c = '.';
    }
  };
  // The decimal exponent after rounding to 6 significant digits decides the
  // form: 0.0999999999 rounds to 1.00000e-01, so exponent -1.
  std::snprintf(buffer, sizeof buffer, "%.5e", value);
  fix_point(buffer);
  const int exponent = std::atoi(std::strchr(buffer, 'e') + 1);
  if (exponent < -5 || exponent >= 21) return TrimFraction(buffer);
  // |x| >= 1: six decimals after the point. |x| < 1: enough decimals for six
  // significant digits (0.000123456789 -> 0.000123457).
  const int decimals = exponent >= 0 ? 6 : 5 - exponent;
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  fix_point(buffer);
  return TrimFraction(buffer);
}

void Writer::Newline() {
  out_.push_back('\n');
  out_.append(2 * frames_.size(), ' ');
}

void Writer::BeforeValue(bool is_container) {
  if (frames_.empty()) {
    if (root_started_) {
      throw std::logic_error("json::Writer: a second root value");
    }
    root_started_ = true;
    return;
  }
  Frame& frame = frames_.back();
  if (frame.is_object) {
    if (!after_key_) {
      throw std::logic_error("json::Writer: object value without Key()");
    }
    after_key_ = false;
    return;
  }
  if (frame.count > 0) out_.push_back(',');
  if (pretty_) {
    if (is_container) {
      Newline();
    } else if (frame.count > 0) {
      out_.push_back(' ');
    }
  }
  ++frame.count;
  frame.last_was_container = is_container;
}

Writer& Writer::BeginObject() {
  BeforeValue(true);
  out_.push_back('{');
  frames_.push_back(Frame{true, 0, false});
  return *this;
}

Writer& Writer::EndObject() {
  if (frames_.empty() || !frames_.back().is_object || after_key_) {
    throw std::logic_error("json::Writer: EndObject without an open object");
  }
  const uint32_t count = frames_.back().count;
  frames_.pop_back();
  if (pretty_ && count > 0) Newline();
  out_.push_back('}');
  return *this;
}

Writer& Writer::BeginArray() {
  BeforeValue(true);
  out_.push_back('[');
  frames_.push_back(Frame{false, 0, false});
  return *this;
}

Writer& Writer::EndArray() {
  if (frames_.empty() || frames_.back().is_object) {
    throw std::logic_error("json::Writer: EndArray without an open array");
  }
  const bool last_was_container = frames_.back().last_was_container;
  frames_.pop_back();
  if (pretty_ && last_was_container) Newline();
  out_.push_back(']');
  return *this;
}

Writer& Writer::Key(std::string_view key) {
  if (frames_.empty() || !frames_.back().is_object || after_key_) {
    throw std::logic_error("json::Writer: Key() outside an object");
  }
  Frame& frame = frames_.back();
  if (frame.count > 0) out_.push_back(',');
  if (pretty_) Newline();
  AppendEscaped(out_, key);
  out_.push_back(':');
  if (pretty_) out_.push_back(' ');
  ++frame.count;
  after_key_ = true;
  return *this;
}

Writer& Writer::Number(double value) {
  BeforeValue(false);
  out_ += FormatNumber(value);
  return *this;
}

Writer& Writer::Uint(uint64_t value) {
  BeforeValue(false);
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%llu", static_cast<unsigned long long>(value));
  out_ += buffer;
  return *this;
}

Writer& Writer::Int(int64_t value) {
  BeforeValue(false);
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%lld", static_cast<long long>(value));
  out_ += buffer;
  return *this;
}

Writer& Writer::String(std::string_view value) {
  BeforeValue(false);
  AppendEscaped(out_, value);
  return *this;
}

Writer& Writer::Bool(bool value) {
  BeforeValue(false);
  out_ += value ? "true" : "false";
  return *this;
}

Writer& Writer::Null() {
  BeforeValue(false);
  out_ += "null";
  return *this;
}

Writer& Writer::Raw(const Value& value) {
  switch (value.type()) {
    case Type::kNull:
      return Null();
    case Type::kBool:
      return Bool(value.as_bool());
    case Type::kNumber:
      return Number(value.as_number());
    case Type::kString:
      return String(value.as_string());
    case Type::kArray:
      BeginArray();
      for (const Value& item : value.items()) Raw(item);
      return EndArray();
    case Type::kObject:
      BeginObject();
      for (const auto& [key, member] : value.members()) {
        Key(key);
        Raw(member);
      }
      return EndObject();
  }
  return *this;
}

}  // namespace flashscope::json
