// Text-level pieces the JSON reader and writer share (json.h): UTF-8
// validation, \u escapes' hex digits, and the C locale's decimal point,
// which snprintf and strtod follow.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace flashscope::json::text {

// Length of the well-formed UTF-8 sequence starting at text[i] (whose first
// byte is >= 0x80), or 0 when it is malformed: overlong forms, encoded
// surrogates and code points above U+10FFFF are rejected (RFC 3629).
size_t Utf8SequenceLength(std::string_view text, size_t i);

// Four upper-case hex digits, for "\u00E9" and error messages.
std::string Hex4(uint32_t value);

// snprintf and strtod follow LC_NUMERIC. sim-core never calls setlocale, but
// an embedding program might; the reader and writer translate this decimal
// point so neither the bytes written nor the numbers read depend on it.
char LocaleDecimalPoint();

}  // namespace flashscope::json::text
