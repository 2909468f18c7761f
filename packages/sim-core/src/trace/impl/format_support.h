// Helpers shared by the comma-separated trace formats (msr, spc, alibaba,
// tencent, csv): exact decimal time parsing, ASCII case-insensitive tokens,
// the "field N (what) 'text' ..." reasons and signature-weighted detection.
// Allocation-free except on the kBad path (the reasons).
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "trace/i_trace_format.h"
#include "trace/impl/fields.h"

namespace flashscope::trace_fields {

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
  auto all_digits = [](std::string_view digits) {
    for (char c : digits) {
      if (c < '0' || c > '9') return false;
    }
    return true;
  };
  if (!all_digits(whole) || !all_digits(fraction) || (whole.empty() && fraction.empty())) {
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

// "field 3 (offset, bytes) 'abc' is not a whole number": the kBad reason
// naming the 1-based field, what it holds, its text (cut to 40 bytes: a
// reason is shown to the user, a binary field could be long) and the fault.
inline TraceLineKind BadField(std::string& reason, size_t field, std::string_view what,
                              std::string_view text, std::string_view fault) {
  reason = "field " + std::to_string(field) + " (" + std::string(what) + ") '" +
           std::string(Trim(text).substr(0, 40)) + "' " + std::string(fault);
  return TraceLineKind::kBad;
}

inline TraceLineKind BadFieldCount(std::string& reason, size_t expected, std::string_view layout,
                                   size_t found) {
  reason = "expected " + std::to_string(expected) + " comma-separated fields (" +
           std::string(layout) + "), found " + std::to_string(found);
  return TraceLineKind::kBad;
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
