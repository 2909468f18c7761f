// Allocation-free helpers the trace formats share: splitting a line into
// fields and reading numbers from them. libc++ 14 (Emscripten) has integer
// std::from_chars but not the floating-point one, so decimals go through
// strtod on a small stack copy (the C locale: '.' is the decimal point).
#pragma once

#include <array>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>

namespace flashscope::trace_fields {

// Splits `line` at every `separator` into at most N fields; returns how many
// fields the line has (which may exceed N: the rest are not stored).
template <size_t N>
size_t Split(std::string_view line, char separator, std::array<std::string_view, N>& fields) {
  size_t count = 0;
  size_t start = 0;
  while (true) {
    const size_t end = line.find(separator, start);
    const std::string_view field =
        line.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (count < N) fields[count] = field;
    ++count;
    if (end == std::string_view::npos) return count;
    start = end + 1;
  }
}

inline bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

// Splits at runs of spaces and tabs, ignoring leading and trailing ones.
template <size_t N>
size_t SplitWhitespace(std::string_view line, std::array<std::string_view, N>& fields) {
  size_t count = 0;
  size_t i = 0;
  while (true) {
    while (i < line.size() && IsBlank(line[i])) ++i;
    if (i == line.size()) return count;
    const size_t start = i;
    while (i < line.size() && !IsBlank(line[i])) ++i;
    if (count < N) fields[count] = line.substr(start, i - start);
    ++count;
  }
}

inline std::string_view Trim(std::string_view text) {
  while (!text.empty() && IsBlank(text.front())) text.remove_prefix(1);
  while (!text.empty() && IsBlank(text.back())) text.remove_suffix(1);
  return text;
}

// A whole field as an unsigned decimal (surrounding blanks allowed).
inline bool ParseU64(std::string_view text, uint64_t& value) {
  text = Trim(text);
  if (text.empty()) return false;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size();
}

// A whole field as unsigned hexadecimal, with or without "0x".
inline bool ParseHex(std::string_view text, uint64_t& value) {
  text = Trim(text);
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) text.remove_prefix(2);
  if (text.empty()) return false;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, 16);
  return error == std::errc() && end == text.data() + text.size();
}

// A whole field as a finite decimal number ("1.5", "2e3", "-0.25").
inline bool ParseDouble(std::string_view text, double& value) {
  text = Trim(text);
  char buffer[64];
  if (text.empty() || text.size() >= sizeof buffer) return false;
  // strtod would accept these; a trace field never means them.
  for (char c : text) {
    if (!((c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E'))
      return false;
  }
  std::memcpy(buffer, text.data(), text.size());
  buffer[text.size()] = '\0';
  char* end = nullptr;
  value = std::strtod(buffer, &end);
  return end == buffer + text.size() && value - value == 0;  // finite
}

// Seconds (or another unit) as a decimal -> whole nanoseconds; false when
// negative or beyond uint64.
inline bool ScaledToNs(double value, double ns_per_unit, uint64_t& ns) {
  const double scaled = value * ns_per_unit;
  if (!(scaled >= 0) || scaled >= 1.8e19) return false;
  ns = static_cast<uint64_t>(scaled + 0.5);
  return true;
}

// a * b without wrapping past uint64.
inline bool MultiplyU64(uint64_t a, uint64_t b, uint64_t& product) {
  if (a != 0 && b > UINT64_MAX / a) return false;
  product = a * b;
  return true;
}

}  // namespace flashscope::trace_fields
