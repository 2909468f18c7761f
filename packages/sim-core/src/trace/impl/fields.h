// Helpers every trace format shares: splitting a line into fields, reading
// numbers from them (exact decimal scaling included), ASCII
// case-insensitive tokens, the "field N (what) 'text' ..." reasons of bad
// lines and signature-weighted detection. Allocation-free except on the
// kBad path (the reasons). libc++ 14 (Emscripten) has integer
// std::from_chars but not the floating-point one, so decimals go through
// strtod on a small stack copy (the C locale: '.' is the decimal point).
#pragma once

#include <array>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "trace/i_trace_format.h"

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
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
    text.remove_prefix(2);
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

// Only '0'..'9' (true for "").
inline bool AllDigits(std::string_view text) {
  for (char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// A decimal number ("12", "12.5", "12.", ".5") times 10^fraction_digits,
// exactly (no binary floating point: SPC's "0.554041" s must become
// 554041000 ns, not 554040999); digits beyond fraction_digits round half up.
// Signs and exponents ("1e3", "+2") go through ParseDouble instead; negative
// values and values beyond uint64 are rejected.
inline bool ParseDecimalScaled(std::string_view text, uint32_t fraction_digits, uint64_t& scaled) {
  text = Trim(text);
  uint64_t scale = 1;
  for (uint32_t i = 0; i < fraction_digits; ++i) scale *= 10;
  const size_t dot = text.find('.');
  const std::string_view whole = text.substr(0, dot);
  const std::string_view fraction =
      dot == std::string_view::npos ? std::string_view() : text.substr(dot + 1);
  if (!AllDigits(whole) || !AllDigits(fraction) || (whole.empty() && fraction.empty())) {
    double value = 0;
    return ParseDouble(text, value) && ScaledToNs(value, static_cast<double>(scale), scaled);
  }
  uint64_t whole_value = 0;
  if (!whole.empty()) {
    const auto [end, error] =
        std::from_chars(whole.data(), whole.data() + whole.size(), whole_value);
    if (error != std::errc() || end != whole.data() + whole.size()) return false;
  }
  uint64_t fraction_value = 0;
  for (uint32_t i = 0; i < fraction_digits; ++i) {
    fraction_value =
        fraction_value * 10 + (i < fraction.size() ? static_cast<uint64_t>(fraction[i] - '0') : 0);
  }
  if (fraction.size() > fraction_digits && fraction[fraction_digits] >= '5') ++fraction_value;
  if (!MultiplyU64(whole_value, scale, scaled)) return false;
  if (scaled > UINT64_MAX - fraction_value) return false;
  scaled += fraction_value;
  return true;
}

inline char AsciiLower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

inline bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (AsciiLower(a[i]) != AsciiLower(b[i])) return false;
  }
  return true;
}

// Faults most reasons end with.
inline constexpr std::string_view kNotWholeNumber = "is not a whole number";
inline constexpr std::string_view kTooLarge = "is too large";

// "field 3 (offset, bytes) 'abc' is not a whole number": the kBad reason
// naming the 1-based field, what it holds, its text (cut to 40 bytes: a
// reason is shown to the user, a binary field could be long) and the fault.
// `place` is "field", or "column" for csv's 0-based mapped columns.
inline TraceLineKind BadValue(std::string& reason, std::string_view place, size_t number,
                              std::string_view what, std::string_view text,
                              std::string_view fault) {
  reason = std::string(place) + " " + std::to_string(number) + " (" + std::string(what) + ") '" +
           std::string(Trim(text).substr(0, 40)) + "' " + std::string(fault);
  return TraceLineKind::kBad;
}

inline TraceLineKind BadField(std::string& reason, size_t field, std::string_view what,
                              std::string_view text, std::string_view fault) {
  return BadValue(reason, "field", field, what, text, fault);
}

// "expected 5 comma-separated fields (a,b,c,d,e), found 3": `expected` says
// how many fields and how separated ("at least 7 fields"), `layout` names
// them.
inline TraceLineKind BadFieldCount(std::string& reason, std::string_view expected,
                                   std::string_view layout, size_t found) {
  reason = "expected " + std::string(expected) + " (" + std::string(layout) + "), found " +
           std::to_string(found);
  return TraceLineKind::kBad;
}

// One letter, either case: 'R' read or 'W' write (SPC's and Alibaba's
// opcodes); false for anything else.
inline bool ParseReadWriteLetter(std::string_view text, IoOp& op) {
  text = Trim(text);
  if (text == "R" || text == "r") {
    op = IoOp::kRead;
  } else if (text == "W" || text == "w") {
    op = IoOp::kWrite;
  } else {
    return false;
  }
  return true;
}

// How much of `sample` a fresh `format` reads as records, weighed by the
// format's signature: confidence = share * (kUnsignedWeight + (1 -
// kUnsignedWeight) * signed_share), where share is ShareOfRecords' and
// signed_share the fraction of records whose line and record carry the
// signature (e.g. a Windows filetime for MSR). A sample that parses but
// lacks the signature still clears kMinTraceConfidence, since the field
// layouts alone already tell these formats apart; the signature lifts it
// to >= 0.9 and separates a real trace from a lookalike.
inline constexpr double kUnsignedWeight = 0.7;

template <typename Signature>
double ScoreSample(ITraceFormat& fresh, const std::vector<std::string_view>& sample,
                   Signature has_signature) {
  TraceRecord record;
  std::string reason;
  size_t lines = 0;
  size_t records = 0;
  size_t signed_records = 0;
  for (std::string_view line : sample) {
    if (Trim(line).empty()) continue;
    ++lines;
    if (fresh.ParseLine(line, record, reason) != TraceLineKind::kRecord) continue;
    ++records;
    if (has_signature(line, record)) ++signed_records;
  }
  if (lines == 0 || records * 2 < lines) return 0;
  const double share = static_cast<double>(records) / static_cast<double>(lines);
  const double signed_share = static_cast<double>(signed_records) / static_cast<double>(records);
  return share * (kUnsignedWeight + (1 - kUnsignedWeight) * signed_share);
}

}  // namespace flashscope::trace_fields
