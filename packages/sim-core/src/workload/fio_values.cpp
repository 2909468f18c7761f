// fio's value syntax; see fio_values.h.
#include "workload/fio_values.h"

#include <cctype>
#include <string>

#include "util/input_error.h"

namespace flashscope {

uint64_t SizeSpec::Resolve(uint64_t capacity_bytes) const {
  if (!is_percent) return bytes;
  // Fixed point (1e-6 %) and 128-bit arithmetic: no long double, whose width
  // differs between x86-64 and WebAssembly, so the result is the same in both.
  const uint64_t micro_percent = static_cast<uint64_t>(percent * 1e6 + 0.5);
  const __uint128_t product = static_cast<__uint128_t>(capacity_bytes) * micro_percent;
  return static_cast<uint64_t>(product / 100000000u);
}

namespace fio_values {

void Fail(const std::string& file, uint32_t line, const std::string& problem) {
  throw InputError(file, line, problem);
}

void FailValue(const ValueContext& ctx, const std::string& problem) {
  Fail(ctx.file, ctx.line, std::string(ctx.option) + ": " + problem);
}

namespace {
bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
}  // namespace

std::string_view Trim(std::string_view text) {
  size_t begin = 0;
  size_t end = text.size();
  while (begin < end && IsBlank(text[begin])) ++begin;
  while (end > begin && IsBlank(text[end - 1])) --end;
  return text.substr(begin, end - begin);
}

std::string Lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

size_t CountItems(std::string_view text, char separator) {
  size_t count = 1;
  for (char c : text) count += c == separator ? 1 : 0;
  return count;
}

std::string_view Item(std::string_view text, char separator, size_t index) {
  size_t start = 0;
  for (size_t i = 0; i < index; ++i) {
    const size_t at = text.find(separator, start);
    if (at == std::string_view::npos) return std::string_view();
    start = at + 1;
  }
  const size_t end = text.find(separator, start);
  return text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
}

bool ParseDigits(std::string_view digits, uint64_t& out) {
  if (digits.empty()) return false;
  uint64_t value = 0;
  for (char c : digits) {
    if (!IsDigit(c)) return false;
    const uint64_t digit = static_cast<uint64_t>(c - '0');
    if (value > (UINT64_MAX - digit) / 10) return false;
    value = value * 10 + digit;
  }
  out = value;
  return true;
}

// The mantissa is an integer and the result one division by an exact power
// of ten, so it is correctly rounded for up to 15 significant digits and the
// same on every platform (strtod reads ',' as the point in some locales).
bool ParseDecimal(std::string_view text, double& out) {
  if (text.empty()) return false;
  uint64_t mantissa = 0;
  int fraction_digits = 0;
  int significant = 0;
  bool seen_point = false;
  bool seen_digit = false;
  for (char c : text) {
    if (c == '.') {
      if (seen_point) return false;
      seen_point = true;
      continue;
    }
    if (!IsDigit(c)) return false;
    seen_digit = true;
    if (significant >= 15) {
      if (!seen_point) return false;  // too large to be an option value
      continue;                       // drop excess fraction digits
    }
    mantissa = mantissa * 10 + static_cast<uint64_t>(c - '0');
    if (mantissa != 0) ++significant;
    if (seen_point) ++fraction_digits;
  }
  if (!seen_digit) return false;
  double scale = 1;
  for (int i = 0; i < fraction_digits; ++i) scale *= 10;
  out = static_cast<double>(mantissa) / scale;
  return true;
}

namespace {

// Multiplier of a size suffix (lower-cased), per fio's kb_base rules (HOWTO
// "Parameter types", parse.c __get_mult_bytes): with the default
// kb_base=1024, SI-looking prefixes (k, m, g, t, p, optionally with b) are
// powers of 1024 and IEC prefixes (ki, kib, ...) powers of 1000, "to avoid
// breaking old scripts"; kb_base=1000 swaps them. Returns 0 if unknown.
uint64_t SizeMultiplier(std::string_view suffix, uint32_t kb_base) {
  if (suffix.empty() || suffix == "b") return 1;
  int power = 0;
  switch (suffix.front()) {
    case 'k':
      power = 1;
      break;
    case 'm':
      power = 2;
      break;
    case 'g':
      power = 3;
      break;
    case 't':
      power = 4;
      break;
    case 'p':
      power = 5;
      break;
    default:
      return 0;
  }
  const std::string_view rest = suffix.substr(1);
  uint64_t base;
  if (rest.empty() || rest == "b") {
    base = kb_base;
  } else if (rest == "i" || rest == "ib") {
    base = kb_base == 1024 ? 1000 : 1024;
  } else {
    return 0;
  }
  uint64_t multiplier = 1;
  for (int i = 0; i < power; ++i) multiplier *= base;
  return multiplier;
}

bool IsSuffixChar(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Recursive descent over fio's expression grammar; precedence as in
// expression-parser.y: unary minus > ^ > * / % > + -.
class Arithmetic {
 public:
  Arithmetic(std::string_view text, uint32_t kb_base) : text_(text), kb_base_(kb_base) {}

  bool Run(int64_t& out, std::string& problem) {
    const int64_t value = Sum();
    SkipBlanks();
    if (at_ != text_.size()) Problem("unexpected '" + std::string(1, text_[at_]) + "'");
    if (!problem_.empty()) {
      problem = problem_;
      return false;
    }
    out = value;
    return true;
  }

 private:
  // The first problem is the one reported.
  void Problem(const std::string& problem) {
    if (problem_.empty()) problem_ = problem;
  }
  void SkipBlanks() {
    while (at_ < text_.size() && IsBlank(text_[at_])) ++at_;
  }
  bool Take(char c) {
    SkipBlanks();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }
  int64_t Sum() {
    int64_t value = Product();
    while (problem_.empty()) {
      if (Take('+')) {
        value += Product();
      } else if (Take('-')) {
        value -= Product();
      } else {
        break;
      }
    }
    return value;
  }
  int64_t Product() {
    int64_t value = Power();
    while (problem_.empty()) {
      const bool mul = Take('*');
      const bool div = !mul && Take('/');
      const bool mod = !mul && !div && Take('%');
      if (!mul && !div && !mod) break;
      const int64_t rhs = Power();
      if (mul) {
        value *= rhs;
      } else if (rhs == 0) {
        Problem("division by zero");
      } else {
        value = div ? value / rhs : value % rhs;
      }
    }
    return value;
  }
  int64_t Power() {
    const int64_t base = Unary();
    if (!Take('^')) return base;
    const int64_t exponent = Power();  // right-associative
    if (exponent < 0) {
      Problem("negative exponent");
      return 0;
    }
    int64_t value = 1;
    for (int64_t i = 0; i < exponent && i < 64; ++i) value *= base;
    return value;
  }
  int64_t Unary() {
    if (Take('-')) return -Unary();
    if (Take('(')) {
      const int64_t value = Sum();
      if (!Take(')')) Problem("missing ')'");
      return value;
    }
    return Number();
  }
  int64_t Number() {
    SkipBlanks();
    const size_t start = at_;
    // A number with its suffix ("4k", "0x10", "2MiB"): digits and letters.
    while (at_ < text_.size() && (IsDigit(text_[at_]) || IsSuffixChar(text_[at_]))) ++at_;
    if (at_ < text_.size() && text_[at_] == '.') {
      Problem("only whole numbers are supported in arithmetic");
      return 0;
    }
    uint64_t value;
    if (start == at_ || !ParseBytesValue(text_.substr(start, at_ - start), kb_base_, value) ||
        value > static_cast<uint64_t>(INT64_MAX)) {
      Problem(start == at_
                  ? "a number is missing"
                  : "invalid number '" + std::string(text_.substr(start, at_ - start)) + "'");
      return 0;
    }
    return static_cast<int64_t>(value);
  }

  std::string_view text_;
  uint32_t kb_base_;
  size_t at_ = 0;
  std::string problem_;
};

}  // namespace

bool EvaluateArithmetic(std::string_view text, uint32_t kb_base, int64_t& out,
                        std::string& problem) {
  return Arithmetic(text, kb_base).Run(out, problem);
}

bool ParseBytesValue(std::string_view text, uint32_t kb_base, uint64_t& out) {
  text = Trim(text);
  if (!text.empty() && text.front() == '(') {
    int64_t value;
    std::string problem;
    if (!EvaluateArithmetic(text, kb_base, value, problem) || value < 0) return false;
    out = static_cast<uint64_t>(value);
    return true;
  }
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    uint64_t value = 0;
    for (char c : text.substr(2)) {
      uint64_t digit;
      if (IsDigit(c)) {
        digit = static_cast<uint64_t>(c - '0');
      } else if (c >= 'a' && c <= 'f') {
        digit = static_cast<uint64_t>(c - 'a' + 10);
      } else if (c >= 'A' && c <= 'F') {
        digit = static_cast<uint64_t>(c - 'A' + 10);
      } else {
        return false;
      }
      if (value > (UINT64_MAX >> 4)) return false;
      value = (value << 4) | digit;
    }
    out = value;
    return true;
  }
  size_t digits_end = 0;
  while (digits_end < text.size() && IsDigit(text[digits_end])) ++digits_end;
  uint64_t value;
  if (!ParseDigits(text.substr(0, digits_end), value)) return false;
  const std::string suffix = Lower(Trim(text.substr(digits_end)));
  const uint64_t multiplier = SizeMultiplier(suffix, kb_base);
  if (multiplier == 0) return false;
  if (value != 0 && multiplier > UINT64_MAX / value) return false;
  out = value * multiplier;
  return true;
}

namespace {
void CheckArithmetic(const ValueContext& ctx, std::string_view text) {
  text = Trim(text);
  if (text.empty() || text.front() != '(') return;
  int64_t value;
  std::string problem;
  if (!EvaluateArithmetic(text, ctx.kb_base, value, problem)) {
    FailValue(ctx, "invalid expression '" + std::string(text) + "': " + problem);
  }
  if (value < 0) FailValue(ctx, "expression '" + std::string(text) + "' is negative");
}
}  // namespace

// fio reads "1.5g" as 1 byte and "1.5" seconds as 1 (strtoll stops at the
// point and the suffix is lost): say so rather than guess.
namespace {
void RejectFraction(const ValueContext& ctx, std::string_view text, std::string_view example) {
  text = Trim(text);
  if (!text.empty() && text.front() != '(' && text.find('.') != std::string_view::npos) {
    FailValue(ctx, "'" + std::string(text) +
                       "': fractions are not supported (fio would read only "
                       "the whole part); write " +
                       std::string(example));
  }
}
}  // namespace

uint64_t ParseBytes(const ValueContext& ctx, std::string_view text) {
  CheckArithmetic(ctx, text);
  RejectFraction(ctx, text, "1536m for 1.5g");
  uint64_t value;
  if (!ParseBytesValue(text, ctx.kb_base, value)) {
    FailValue(ctx, "invalid size '" + std::string(Trim(text)) + "'");
  }
  return value;
}

int64_t ParseSignedBytes(const ValueContext& ctx, std::string_view text) {
  text = Trim(text);
  const bool negative = !text.empty() && text.front() == '-';
  const uint64_t bytes = ParseBytes(ctx, negative ? text.substr(1) : text);
  if (bytes > static_cast<uint64_t>(INT64_MAX)) FailValue(ctx, "size too large");
  return negative ? -static_cast<int64_t>(bytes) : static_cast<int64_t>(bytes);
}

uint64_t ParseCount(const ValueContext& ctx, std::string_view text, uint64_t min_value,
                    uint64_t max_value) {
  CheckArithmetic(ctx, text);
  uint64_t value;
  if (!ParseBytesValue(text, ctx.kb_base, value)) {
    FailValue(ctx, "invalid number '" + std::string(Trim(text)) + "'");
  }
  if (value < min_value || value > max_value) {
    FailValue(ctx, "value " + std::to_string(value) + " is out of range " +
                       std::to_string(min_value) + ".." + std::to_string(max_value));
  }
  return value;
}

SizeSpec ParseSizeSpec(const ValueContext& ctx, std::string_view text, bool allow_zero_percent,
                       bool allow_zones) {
  text = Trim(text);
  SizeSpec spec;
  spec.set = true;
  if (!text.empty() && text.back() == '%') {
    double percent;
    if (!ParseDecimal(Trim(text.substr(0, text.size() - 1)), percent) || percent > 100 ||
        (percent == 0 && !allow_zero_percent)) {
      FailValue(ctx, "invalid percentage '" + std::string(text) + "' (fio takes 1% to 100%)");
    }
    spec.is_percent = true;
    spec.percent = percent;
    return spec;
  }
  // fio's zone unit (parse.c, FIO_OPT_STR_VAL_ZONE): "8z" is 8 zones.
  if (!text.empty() && (text.back() == 'z' || text.back() == 'Z')) {
    uint64_t zones;
    if (!allow_zones) FailValue(ctx, "the zone unit 'z' does not apply to this option");
    if (!ParseDigits(Trim(text.substr(0, text.size() - 1)), zones)) {
      FailValue(ctx, "invalid zone count '" + std::string(text) + "'");
    }
    spec.in_zones = true;
    spec.zones = zones;
    return spec;
  }
  spec.bytes = ParseBytes(ctx, text);
  return spec;
}

uint64_t ParseTime(const ValueContext& ctx, std::string_view text, uint64_t default_unit_ns) {
  text = Trim(text);
  RejectFraction(ctx, text, "1500ms for 1.5s");
  if (!text.empty() && text.front() == '(') {
    // fio evaluates the expression in the option's default unit.
    int64_t value;
    std::string problem;
    if (!EvaluateArithmetic(text, 1000, value, problem) || value < 0) {
      FailValue(ctx, "invalid expression '" + std::string(text) + "'" +
                         (problem.empty() ? std::string() : ": " + problem));
    }
    if (value != 0 && default_unit_ns > UINT64_MAX / static_cast<uint64_t>(value)) {
      FailValue(ctx, "time too large");
    }
    return static_cast<uint64_t>(value) * default_unit_ns;
  }
  size_t digits_end = 0;
  while (digits_end < text.size() && IsDigit(text[digits_end])) ++digits_end;
  uint64_t value;
  const std::string unit = Lower(Trim(text.substr(digits_end)));
  uint64_t unit_ns = 0;
  if (unit.empty()) {
    unit_ns = default_unit_ns;
  } else if (unit == "ns" || unit == "nsec") {
    unit_ns = 1;
  } else if (unit == "us" || unit == "usec") {
    unit_ns = kNsPerUs;
  } else if (unit == "ms" || unit == "msec") {
    unit_ns = kNsPerMs;
  } else if (unit == "s" || unit == "sec") {
    unit_ns = kNsPerSecond;
  } else if (unit == "m" || unit == "min") {
    unit_ns = 60 * kNsPerSecond;
  } else if (unit == "h") {
    unit_ns = 3600 * kNsPerSecond;
  } else if (unit == "d") {
    unit_ns = 86400 * kNsPerSecond;
  }
  if (unit_ns == 0 || !ParseDigits(text.substr(0, digits_end), value) ||
      (value != 0 && unit_ns > UINT64_MAX / value)) {
    FailValue(ctx, "invalid time '" + std::string(text) + "' (units: us, ms, s, m, h, d)");
  }
  return value * unit_ns;
}

bool ParseBool(const ValueContext& ctx, std::string_view text, bool present) {
  if (!present) return true;  // fio: a bare `norandommap` means 1
  const std::string value = Lower(Trim(text));
  if (value.empty() || value == "1" || value == "true" || value == "yes" || value == "on") {
    return true;
  }
  if (value == "0" || value == "false" || value == "no" || value == "off") {
    return false;
  }
  FailValue(ctx, "invalid boolean '" + std::string(text) + "' (use 0 or 1)");
}

double ParseNumber(const ValueContext& ctx, std::string_view text, std::string_view what) {
  double value;
  if (!ParseDecimal(Trim(text), value)) {
    FailValue(ctx, "invalid " + std::string(what) + " '" + std::string(Trim(text)) + "'");
  }
  return value;
}

double ParseFraction(const ValueContext& ctx, std::string_view text) {
  double value;
  if (!ParseDecimal(Trim(text), value) || value > 1) {
    FailValue(ctx, "invalid value '" + std::string(Trim(text)) + "' (a number from 0 to 1)");
  }
  return value;
}

PerDirection PerDirectionItems(const ValueContext& ctx, std::string_view text) {
  const size_t count = CountItems(text, ',');
  if (count > 3) FailValue(ctx, "at most three comma-separated values (read, write, trim)");
  PerDirection out;
  out.item[0] = Trim(Item(text, ',', 0));
  out.item[1] = count >= 2 ? Trim(Item(text, ',', 1)) : out.item[0];
  out.item[2] = count >= 3 ? Trim(Item(text, ',', 2)) : out.item[1];
  return out;
}

uint32_t ParseBlockSize(const ValueContext& ctx, std::string_view text) {
  text = Trim(text);
  const uint64_t bytes = ParseBytes(ctx, text);
  if (bytes == 0 || bytes > (1u << 30)) {
    FailValue(ctx, "invalid size '" + std::string(text) + "' (block sizes are 512 bytes to 1 GiB)");
  }
  // A simulated device is addressed in 512-byte sectors. fio would accept
  // 4000 with buffered I/O. The kb_base hint only where it explains the
  // size: a unit fio read as a power of 1000 ("4KiB" under the default
  // kb_base=1024, "4k" under kb_base=1000), not plain bytes ("4160").
  if (bytes % 512 != 0) {
    size_t letters = text.size();
    while (letters > 0 && std::isalpha(static_cast<unsigned char>(text[letters - 1]))) --letters;
    std::string unit(text.substr(letters));
    for (char& c : unit) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const uint64_t multiplier = unit.empty() ? 1 : SizeMultiplier(unit, ctx.kb_base);
    std::string hint;
    if (multiplier > 1 && multiplier % 1000 == 0) {
      hint = ctx.kb_base == 1024
                 ? " (with fio's default kb_base=1024, 'KiB' means 1000 bytes: write '4k' for 4096)"
                 : " (with kb_base=1000, 'k' means 1000 bytes: write '4KiB' for 4096)";
    }
    FailValue(ctx,
              "block size " + std::to_string(bytes) + " bytes is not a multiple of 512" + hint);
  }
  return static_cast<uint32_t>(bytes);
}

}  // namespace fio_values
}  // namespace flashscope
