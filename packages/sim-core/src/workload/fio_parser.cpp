// ParseFioJobs: fio's INI job-file format into FioJob records.
//
// Follows fio's HOWTO ("Job file format", "Job file parameters") and the
// parsing code it documents (fio's parse.c, options.c, init.c): [global]
// options are copied into every job that follows them (a later [global]
// changes only the jobs after it, as fio's def_thread does); sizes take
// fio's kb_base rules; times take fio's units; bssplit and zoned splits fill
// blank percentages evenly as fio's split_parse_ddir does.
//
// Every option is in exactly one of three lists: supported (it sets a FioJob
// field), ignored (it means nothing for a simulated device and is reported in
// FioJob::ignored), or unsupported (it would change the workload, so using it
// is an error). Anything else is "unknown", with a did-you-mean suggestion.
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "util/input_error.h"
#include "workload/fio_job.h"

namespace flashscope {

uint64_t SizeSpec::Resolve(uint64_t capacity_bytes) const {
  if (!is_percent) return bytes;
  // Fixed point (1e-6 %) and 128-bit arithmetic: no long double, whose width
  // differs between x86-64 and WebAssembly, so the result is the same in both.
  const uint64_t micro_percent = static_cast<uint64_t>(percent * 1e6 + 0.5);
  const __uint128_t product = static_cast<__uint128_t>(capacity_bytes) * micro_percent;
  return static_cast<uint64_t>(product / 100000000u);
}

namespace {

constexpr uint64_t kNsPerUs = 1000;

// Where a value came from, for error messages.
struct ValueContext {
  const std::string& file;
  uint32_t line;
  std::string_view option;  // as written in the file
  uint32_t kb_base;         // fio kb_base in force for this job (1024/1000)
};

[[noreturn]] void Fail(const std::string& file, uint32_t line, const std::string& problem) {
  throw InputError(file, line, problem);
}

[[noreturn]] void FailValue(const ValueContext& ctx, const std::string& problem) {
  Fail(ctx.file, ctx.line, std::string(ctx.option) + ": " + problem);
}

std::string_view Trim(std::string_view text) {
  size_t begin = 0;
  size_t end = text.size();
  while (begin < end && (text[begin] == ' ' || text[begin] == '\t' || text[begin] == '\r' ||
                         text[begin] == '\n')) {
    ++begin;
  }
  while (end > begin && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[end - 1] == '\r' ||
                         text[end - 1] == '\n')) {
    --end;
  }
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

std::vector<std::string_view> Split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    const size_t at = text.find(separator, start);
    if (at == std::string_view::npos) {
      parts.push_back(text.substr(start));
      return parts;
    }
    parts.push_back(text.substr(start, at - start));
    start = at + 1;
  }
}

// Decimal digits only, overflow-checked.
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

// "12", "1.25", ".5": a non-negative decimal. Locale-independent (strtod
// reads ',' as the point in some locales); the mantissa is an integer and
// the result one division by an exact power of ten, so it is correctly
// rounded for up to 15 significant digits and the same on every platform.
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

// Rejects the fio input features FlashScope does not expand, so they are
// never read as something else.
void RejectExpansions(const ValueContext& ctx, std::string_view value) {
  const size_t env = value.find("${");
  if (env != std::string_view::npos) {
    const size_t close = value.find('}', env);
    const std::string_view var =
        value.substr(env, close == std::string_view::npos ? value.size() - env : close - env + 1);
    FailValue(ctx, "environment variable expansion '" + std::string(var) +
                       "' is not supported (write the value itself)");
  }
  for (std::string_view keyword : {"$pagesize", "$mb_memory", "$ncpus"}) {
    if (value.find(keyword) != std::string_view::npos) {
      FailValue(ctx, "fio keyword '" + std::string(keyword) +
                         "' is not supported (it depends on the machine "
                         "running fio; write the value itself)");
    }
  }
  if (!value.empty() && value.front() == '(') {
    FailValue(ctx, "arithmetic expressions are not supported: '" + std::string(value) + "'");
  }
}

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

// fio `int` with a data-size suffix: "4096", "4k", "1m", "2GiB", "0x1000".
bool ParseBytesValue(std::string_view text, uint32_t kb_base, uint64_t& out) {
  text = Trim(text);
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

uint64_t ParseBytes(const ValueContext& ctx, std::string_view text) {
  RejectExpansions(ctx, text);
  uint64_t value;
  if (!ParseBytesValue(text, ctx.kb_base, value)) {
    FailValue(ctx, "invalid size '" + std::string(text) + "'");
  }
  return value;
}

// A count option (fio FIO_OPT_INT: fio accepts size suffixes there too, so
// "number_ios=1k" is 1024).
uint64_t ParseCount(const ValueContext& ctx, std::string_view text, uint64_t min_value,
                    uint64_t max_value) {
  RejectExpansions(ctx, text);
  uint64_t value;
  if (!ParseBytesValue(text, ctx.kb_base, value)) {
    FailValue(ctx, "invalid number '" + std::string(text) + "'");
  }
  if (value < min_value || value > max_value) {
    FailValue(ctx, "value " + std::to_string(value) + " is out of range " +
                       std::to_string(min_value) + ".." + std::to_string(max_value));
  }
  return value;
}

// A size or a percentage of the device (`size=`, `offset=`, `io_size=`).
SizeSpec ParseSizeSpec(const ValueContext& ctx, std::string_view text, bool allow_zero_percent) {
  RejectExpansions(ctx, text);
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
  spec.bytes = ParseBytes(ctx, text);
  return spec;
}

// fio `time`: an integer with an optional unit (HOWTO "Parameter types",
// parse.c get_mult_time): d, h, m (minutes), s/sec, ms/msec, us/usec. The
// unit when none is given depends on the option (seconds for runtime,
// microseconds for thinktime). Returns nanoseconds.
uint64_t ParseTime(const ValueContext& ctx, std::string_view text, uint64_t default_unit_ns) {
  RejectExpansions(ctx, text);
  text = Trim(text);
  size_t digits_end = 0;
  while (digits_end < text.size() && IsDigit(text[digits_end])) ++digits_end;
  uint64_t value;
  const std::string unit = Lower(Trim(text.substr(digits_end)));
  uint64_t unit_ns = 0;
  if (unit.empty()) {
    unit_ns = default_unit_ns;
  } else if (unit == "us" || unit == "usec") {
    unit_ns = kNsPerUs;
  } else if (unit == "ms" || unit == "msec") {
    unit_ns = 1000 * kNsPerUs;
  } else if (unit == "s" || unit == "sec") {
    unit_ns = 1000000 * kNsPerUs;
  } else if (unit == "m") {
    unit_ns = 60ull * 1000000 * kNsPerUs;
  } else if (unit == "h") {
    unit_ns = 3600ull * 1000000 * kNsPerUs;
  } else if (unit == "d") {
    unit_ns = 86400ull * 1000000 * kNsPerUs;
  }
  if (unit_ns == 0 || !ParseDigits(text.substr(0, digits_end), value) ||
      (value != 0 && unit_ns > UINT64_MAX / value)) {
    FailValue(ctx, "invalid time '" + std::string(text) + "' (units: us, ms, s, m, h, d)");
  }
  return value * unit_ns;
}

bool ParseBool(const ValueContext& ctx, std::string_view text, bool present) {
  if (!present) return true;  // fio: a bare `norandommap` means 1
  RejectExpansions(ctx, text);
  const std::string value = Lower(Trim(text));
  if (value.empty() || value == "1" || value == "true" || value == "yes" || value == "on") {
    return true;
  }
  if (value == "0" || value == "false" || value == "no" || value == "off") {
    return false;
  }
  FailValue(ctx, "invalid boolean '" + std::string(text) + "' (use 0 or 1)");
}

// fio's per-direction value lists (HOWTO `blocksize`): "a" sets read, write
// and trim; "a,b" sets read=a and write=trim=b; "a,b,c" each; an empty item
// keeps the default ("bs=,8k" leaves reads at the default). Mirrors
// str_split_parse in fio's options.c.
std::vector<std::string_view> PerDirectionItems(std::string_view text) {
  const std::vector<std::string_view> parts = Split(text, ',');
  if (parts.size() == 1) return {parts[0], parts[0], parts[0]};
  if (parts.size() == 2) return {parts[0], parts[1], parts[1]};
  return {parts[0], parts[1], parts[2]};
}

void RequireNoMoreThanThreeItems(const ValueContext& ctx, std::string_view text) {
  if (Split(text, ',').size() > 3) {
    FailValue(ctx, "at most three comma-separated values (read, write, trim)");
  }
}

uint32_t ParseBlockSize(const ValueContext& ctx, std::string_view text) {
  text = Trim(text);
  if (text.find('-') != std::string_view::npos || text.find(':') != std::string_view::npos) {
    FailValue(ctx, "invalid size '" + std::string(text) +
                       "' (block size ranges are fio's bsrange, which is not "
                       "supported; use bssplit)");
  }
  const uint64_t bytes = ParseBytes(ctx, text);
  if (bytes == 0 || bytes > (1u << 30)) {
    FailValue(ctx, "invalid size '" + std::string(text) + "' (block sizes are 512 bytes to 1 GiB)");
  }
  // A simulated device is addressed in 512-byte sectors. fio would accept
  // 4000 with buffered I/O; here it is almost always the kb_base surprise.
  if (bytes % 512 != 0) {
    FailValue(ctx, "block size " + std::to_string(bytes) + " bytes is not a multiple of 512" +
                       (ctx.kb_base == 1024 ? " (with fio's default kb_base=1024, 'KiB' means "
                                              "1000 bytes: write '4k' for 4096)"
                                            : std::string()));
  }
  return static_cast<uint32_t>(bytes);
}

void ParseBs(FioJob& job, const ValueContext& ctx, std::string_view text) {
  RejectExpansions(ctx, text);
  RequireNoMoreThanThreeItems(ctx, text);
  const std::vector<std::string_view> items = PerDirectionItems(text);
  for (int dir = 0; dir < 3; ++dir) {
    const std::string_view item = Trim(items[static_cast<size_t>(dir)]);
    if (item.empty()) continue;  // fio: keep the default for this direction
    job.block_sizes[dir] = {BlockSizeShare{ParseBlockSize(ctx, item), 100}};
  }
}

// One direction of bssplit, "4k/50:64k/:1m/10". fio's split_parse_ddir:
// an entry without a percentage, or with 0, is "blank"; blanks share what is
// left of 100 evenly. fio rounds each share down; FlashScope gives the
// rounding remainder to the last blank so the shares add up to exactly 100.
std::vector<BlockSizeShare> ParseBsSplitDirection(const ValueContext& ctx, std::string_view text) {
  std::vector<BlockSizeShare> shares;
  std::vector<bool> blank;
  uint64_t given = 0;
  for (std::string_view entry : Split(text, ':')) {
    entry = Trim(entry);
    if (entry.empty()) break;  // fio stops at an empty entry
    const size_t slash = entry.find('/');
    BlockSizeShare share;
    share.bytes = ParseBlockSize(ctx, entry.substr(0, slash));
    bool is_blank = true;
    if (slash != std::string_view::npos) {
      const std::string_view percent_text = Trim(entry.substr(slash + 1));
      if (!percent_text.empty()) {
        uint64_t percent;
        if (!ParseDigits(percent_text, percent) || percent > 100) {
          FailValue(ctx, "invalid percentage '" + std::string(percent_text) + "' in '" +
                             std::string(entry) + "'");
        }
        if (percent > 0) {
          share.percent = static_cast<uint32_t>(percent);
          given += percent;
          is_blank = false;
        }
      }
    }
    shares.push_back(share);
    blank.push_back(is_blank);
    if (shares.size() > 64) FailValue(ctx, "at most 64 block sizes");
  }
  if (shares.empty()) return shares;
  const uint64_t blanks = static_cast<uint64_t>(std::count(blank.begin(), blank.end(), true));
  if (given > 100 || (blanks == 0 && given != 100)) {
    Fail(ctx.file, ctx.line,
         "bssplit percentages add up to " + std::to_string(given) + ", not 100");
  }
  if (blanks > 0) {
    const uint64_t each = (100 - given) / blanks;
    uint64_t remainder = (100 - given) % blanks;
    for (size_t i = shares.size(); i-- > 0;) {
      if (!blank[i]) continue;
      shares[i].percent = static_cast<uint32_t>(each + remainder);
      remainder = 0;
    }
  }
  return shares;
}

void ParseBsSplit(FioJob& job, const ValueContext& ctx, std::string_view text) {
  RejectExpansions(ctx, text);
  RequireNoMoreThanThreeItems(ctx, text);
  const std::vector<std::string_view> items = PerDirectionItems(text);
  // Error messages name the option as fio's users know it.
  const ValueContext split_ctx{ctx.file, ctx.line, "bssplit", ctx.kb_base};
  for (int dir = 0; dir < 3; ++dir) {
    std::vector<BlockSizeShare> shares =
        ParseBsSplitDirection(split_ctx, items[static_cast<size_t>(dir)]);
    if (!shares.empty()) job.block_sizes[dir] = std::move(shares);
  }
}

void ParseRw(FioJob& job, const ValueContext& ctx, std::string_view text) {
  RejectExpansions(ctx, text);
  text = Trim(text);
  const size_t colon = text.find(':');
  if (colon != std::string_view::npos) {
    FailValue(ctx, "offset modifier '" + std::string(text.substr(colon)) +
                       "' (as in rw=randread:8) is not supported");
  }
  struct Name {
    std::string_view name;
    RwPattern pattern;
  };
  static constexpr Name kNames[] = {
      {"read", RwPattern::kRead},           {"write", RwPattern::kWrite},
      {"trim", RwPattern::kTrim},           {"randread", RwPattern::kRandRead},
      {"randwrite", RwPattern::kRandWrite}, {"randtrim", RwPattern::kRandTrim},
      {"rw", RwPattern::kReadWrite},        {"readwrite", RwPattern::kReadWrite},
      {"randrw", RwPattern::kRandRw},
  };
  for (const Name& name : kNames) {
    if (text == name.name) {
      job.rw = name.pattern;
      return;
    }
  }
  if (text == "trimwrite" || text == "randtrimwrite") {
    FailValue(ctx, "'" + std::string(text) + "' is not supported yet");
  }
  FailValue(ctx, "unknown value '" + std::string(text) +
                     "' (allowed: read, write, trim, randread, randwrite, "
                     "randtrim, rw, readwrite, randrw)");
}

uint32_t ParsePercent(const ValueContext& ctx, std::string_view text) {
  return static_cast<uint32_t>(ParseCount(ctx, text, 0, 100));
}

double ParseParameter(const ValueContext& ctx, std::string_view text, std::string_view what) {
  double value;
  if (!ParseDecimal(Trim(text), value)) {
    FailValue(ctx, "invalid " + std::string(what) + " '" + std::string(text) + "'");
  }
  return value;
}

// fio FIO_OPT_FLOAT_LIST with minfp 0, maxfp 1 (zone_reset_threshold,
// zone_reset_frequency): one decimal in [0, 1].
double ParseFraction(const ValueContext& ctx, std::string_view text) {
  RejectExpansions(ctx, text);
  double value;
  if (!ParseDecimal(Trim(text), value) || value > 1) {
    FailValue(ctx, "invalid value '" + std::string(text) + "' (a number from 0 to 1)");
  }
  return value;
}

// zoned:60/10:30/20:8/30:2/40 (fio options.c zone_split_ddir): access
// percentages must add up to 100; size percentages to at most 100, blanks
// (or 0) sharing the rest evenly.
void ParseZones(FioJob& job, const ValueContext& ctx, std::string_view text) {
  if (text.find(',') != std::string_view::npos) {
    FailValue(ctx,
              "per-direction zoned distributions are not supported (give "
              "one zone list for all directions)");
  }
  std::vector<DistributionZone> zones;
  std::vector<bool> blank_size;
  uint64_t access_total = 0;
  uint64_t size_total = 0;
  for (std::string_view entry : Split(text, ':')) {
    entry = Trim(entry);
    if (entry.empty()) break;
    const size_t slash = entry.find('/');
    uint64_t access;
    if (!ParseDigits(Trim(entry.substr(0, slash)), access) || access > 100) {
      FailValue(ctx, "invalid zone '" + std::string(entry) +
                         "' (expected access%/size% with whole numbers)");
    }
    uint64_t size = 0;
    if (slash != std::string_view::npos) {
      const std::string_view size_text = Trim(entry.substr(slash + 1));
      if (!size_text.empty() && (!ParseDigits(size_text, size) || size > 100)) {
        FailValue(ctx, "invalid zone '" + std::string(entry) +
                           "' (expected access%/size% with whole numbers)");
      }
    }
    DistributionZone zone;
    zone.access_percent = static_cast<double>(access);
    zone.size_percent = static_cast<double>(size);
    zones.push_back(zone);
    blank_size.push_back(size == 0);
    access_total += access;
    size_total += size;
    if (zones.size() > 256) FailValue(ctx, "at most 256 zones");
  }
  if (zones.empty()) FailValue(ctx, "zoned needs at least one zone");
  if (access_total != 100) {
    FailValue(ctx,
              "zoned access percentages add up to " + std::to_string(access_total) + ", not 100");
  }
  if (size_total > 100) {
    FailValue(ctx,
              "zoned size percentages add up to " + std::to_string(size_total) + ", more than 100");
  }
  const uint64_t blanks =
      static_cast<uint64_t>(std::count(blank_size.begin(), blank_size.end(), true));
  for (size_t i = 0; i < zones.size(); ++i) {
    if (blank_size[i]) {
      zones[i].size_percent = static_cast<double>((100 - size_total) / blanks);
    }
  }
  job.zones = std::move(zones);
}

void ParseRandomDistribution(FioJob& job, const ValueContext& ctx, std::string_view text) {
  RejectExpansions(ctx, text);
  text = Trim(text);
  const size_t colon = text.find(':');
  const std::string_view kind = text.substr(0, colon);
  const std::string_view rest =
      colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
  job.zones.clear();
  job.distribution_center = -1;
  if (kind == "random") {
    if (!rest.empty()) FailValue(ctx, "'random' takes no parameter");
    job.distribution = Distribution::kUniform;
    job.distribution_param = 0;
    return;
  }
  if (kind == "zoned") {
    job.distribution = Distribution::kZoned;
    job.distribution_param = 0;
    ParseZones(job, ctx, rest);
    return;
  }
  if (kind == "zoned_abs") {
    FailValue(ctx, "'zoned_abs' is not supported (use zoned with percentages)");
  }
  // zipf[:theta[:center]], pareto[:h[:center]], normal[:dev[:center]]; the
  // defaults are fio's FIO_DEF_ZIPF 1.1, FIO_DEF_PARETO 0.2 and deviation 0.
  double param;
  if (kind == "zipf") {
    job.distribution = Distribution::kZipf;
    param = 1.1;
  } else if (kind == "pareto") {
    job.distribution = Distribution::kPareto;
    param = 0.2;
  } else if (kind == "normal") {
    job.distribution = Distribution::kNormal;
    param = 0;
  } else {
    FailValue(ctx, "unknown distribution '" + std::string(kind) +
                       "' (allowed: random, zipf, pareto, normal, zoned)");
  }
  if (!rest.empty()) {
    const std::vector<std::string_view> values = Split(rest, ':');
    if (values.size() > 2) {
      FailValue(ctx, "too many parameters in '" + std::string(text) + "'");
    }
    param = ParseParameter(ctx, values[0], "parameter");
    if (values.size() == 2) {
      const double center = ParseParameter(ctx, values[1], "center");
      if (center > 1) FailValue(ctx, "center must be between 0 and 1");
      job.distribution_center = center;
    }
  }
  // The range checks are fio's (options.c str_random_distribution_cb), plus
  // theta > 0 (theta 0 would be the uniform distribution).
  if (job.distribution == Distribution::kZipf && (param <= 0 || param == 1)) {
    FailValue(ctx, "zipf theta must be greater than 0 and not 1");
  }
  if (job.distribution == Distribution::kPareto && (param <= 0 || param >= 1)) {
    FailValue(ctx, "pareto h must be between 0 and 1 (exclusive)");
  }
  if (job.distribution == Distribution::kNormal && param >= 100) {
    FailValue(ctx, "normal deviation must be between 0 and 100");
  }
  job.distribution_param = param;
}

// ---------------------------------------------------------------------------
// Option catalogue.

enum class OptionKind : uint8_t { kSupported, kIgnored, kUnsupported };

// The job being filled plus parse state that fio keeps in its options too.
struct JobDraft {
  FioJob job;
  uint32_t kb_base = 1024;
};

struct OptionValue {
  std::string_view text;  // after '=' (trimmed); empty when absent
  bool present;           // false for a bare flag like `norandommap`
};

using Apply = void (*)(JobDraft& draft, const ValueContext& ctx, const OptionValue& value);

struct OptionSpec {
  std::string_view name;
  OptionKind kind;
  Apply apply;  // kSupported only
};

void AddIgnored(FioJob& job, std::string_view name) {
  if (std::find(job.ignored.begin(), job.ignored.end(), name) == job.ignored.end()) {
    job.ignored.emplace_back(name);
  }
}

std::string_view RequireValue(const ValueContext& ctx, const OptionValue& value) {
  if (!value.present || value.text.empty()) FailValue(ctx, "needs a value");
  return value.text;
}

constexpr uint64_t kSecondNs = 1000000 * kNsPerUs;

// Supported options (aliases are separate rows with the same action).
const OptionSpec kSupportedOptions[] = {
    {"name", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.name = std::string(RequireValue(c, v));
     }},
    {"description", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext&, const OptionValue& v) {
       d.job.description = std::string(v.text);
     }},
    {"rw", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       ParseRw(d.job, c, RequireValue(c, v));
     }},
    {"readwrite", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       ParseRw(d.job, c, RequireValue(c, v));
     }},
    {"bs", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       ParseBs(d.job, c, RequireValue(c, v));
     }},
    {"blocksize", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       ParseBs(d.job, c, RequireValue(c, v));
     }},
    {"bssplit", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       ParseBsSplit(d.job, c, RequireValue(c, v));
     }},
    {"size", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.size = ParseSizeSpec(c, RequireValue(c, v), false);
       if (!d.job.size.is_percent && d.job.size.bytes == 0) {
         FailValue(c, "size must be greater than 0");
       }
     }},
    {"offset", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.offset = ParseSizeSpec(c, RequireValue(c, v), true);
     }},
    {"io_size", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.io_size = ParseSizeSpec(c, RequireValue(c, v), false);
     }},
    {"io_limit", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.io_size = ParseSizeSpec(c, RequireValue(c, v), false);
     }},
    {"number_ios", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.number_ios = ParseCount(c, RequireValue(c, v), 0, UINT64_MAX);
     }},
    {"loops", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.loops = static_cast<uint32_t>(ParseCount(c, RequireValue(c, v), 1, 1u << 30));
     }},
    {"iodepth", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.iodepth = static_cast<uint32_t>(ParseCount(c, RequireValue(c, v), 1, 65536));
     }},
    {"rwmixread", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.rwmixread = ParsePercent(c, RequireValue(c, v));
     }},
    // fio: "If both rwmixread and rwmixwrite are given and the values do not
    // add up to 100%, the latter of the two will be used".
    {"rwmixwrite", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.rwmixread = 100 - ParsePercent(c, RequireValue(c, v));
     }},
    {"percentage_random", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       const std::string_view text = RequireValue(c, v);
       if (text.find(',') != std::string_view::npos) {
         FailValue(c,
                   "per-direction values are not supported (give one "
                   "percentage)");
       }
       d.job.percentage_random = ParsePercent(c, text);
     }},
    {"random_distribution", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       ParseRandomDistribution(d.job, c, RequireValue(c, v));
     }},
    {"norandommap", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.norandommap = ParseBool(c, v.text, v.present);
     }},
    {"runtime", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.runtime_ns = ParseTime(c, RequireValue(c, v), kSecondNs);
     }},
    {"timeout", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.runtime_ns = ParseTime(c, RequireValue(c, v), kSecondNs);
     }},
    {"time_based", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.time_based = ParseBool(c, v.text, v.present);
     }},
    // fio's thinktime is in microseconds when no unit is given.
    {"thinktime", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.thinktime_ns = ParseTime(c, RequireValue(c, v), kNsPerUs);
     }},
    {"thinktime_blocks", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.thinktime_blocks =
           static_cast<uint32_t>(ParseCount(c, RequireValue(c, v), 1, 1u << 30));
     }},
    {"startdelay", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       const std::string_view text = RequireValue(c, v);
       if (text.find('-') != std::string_view::npos || text.find(':') != std::string_view::npos) {
         FailValue(c, "random start delays (ranges) are not supported");
       }
       d.job.startdelay_ns = ParseTime(c, text, kSecondNs);
     }},
    {"ramp_time", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.ramp_time_ns = ParseTime(c, RequireValue(c, v), kSecondNs);
     }},
    {"rate_iops", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       const std::string_view text = RequireValue(c, v);
       if (text.find(',') != std::string_view::npos) {
         FailValue(c,
                   "per-direction rates are not supported (give one rate "
                   "for the job)");
       }
       d.job.rate_iops = ParseCount(c, text, 0, UINT64_MAX);
     }},
    {"stonewall", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.stonewall = ParseBool(c, v.text, v.present);
     }},
    {"wait_for_previous", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.stonewall = ParseBool(c, v.text, v.present);
     }},
    {"new_group", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.new_group = ParseBool(c, v.text, v.present);
     }},
    {"randseed", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.randseed = ParseCount(c, RequireValue(c, v), 0, UINT64_MAX);
       d.job.has_randseed = true;
     }},
    {"numjobs", OptionKind::kSupported,
     [](JobDraft&, const ValueContext& c, const OptionValue& v) {
       const uint64_t numjobs = ParseCount(c, RequireValue(c, v), 1, UINT64_MAX);
       if (numjobs != 1) {
         FailValue(c, "numjobs=" + std::to_string(numjobs) +
                          " is not supported yet (only numjobs=1; write one "
                          "section per job)");
       }
     }},
    // fsync=N / fdatasync=N: a flush after every N writes (fio io_u.c
    // get_rw_ddir). 0 turns it off, as in fio.
    {"fsync", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.fsync_blocks = static_cast<uint32_t>(ParseCount(c, RequireValue(c, v), 0, UINT32_MAX));
     }},
    {"fdatasync", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.fsync_blocks = static_cast<uint32_t>(ParseCount(c, RequireValue(c, v), 0, UINT32_MAX));
     }},
    // Zoned block devices (fio HOWTO "zonemode" and options.c): only the
    // zbd mode, which the zoned device serves (zns/zbd_adapter.h).
    {"zonemode", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       const std::string mode = Lower(Trim(RequireValue(c, v)));
       if (mode == "none") {
         d.job.zbd = false;
       } else if (mode == "zbd") {
         d.job.zbd = true;
       } else if (mode == "strided") {
         FailValue(c, "'strided' is not supported (only none and zbd)");
       } else {
         FailValue(c, "unknown zone mode '" + std::string(Trim(v.text)) +
                          "' (allowed: none, strided, zbd; FlashScope supports none and zbd)");
       }
     }},
    // fio caps it at ZBD_MAX_OPEN_ZONES (4096).
    {"max_open_zones", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.max_open_zones = static_cast<uint32_t>(ParseCount(c, RequireValue(c, v), 0, 4096));
     }},
    {"zone_reset_threshold", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.zone_reset_threshold = ParseFraction(c, RequireValue(c, v));
     }},
    {"zone_reset_frequency", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.zone_reset_frequency = ParseFraction(c, RequireValue(c, v));
     }},
    {"read_beyond_wp", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.read_beyond_wp = ParseBool(c, v.text, v.present);
     }},
    {"kb_base", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       const std::string_view text = Trim(RequireValue(c, v));
       if (text == "1024") {
         d.kb_base = 1024;
       } else if (text == "1000") {
         d.kb_base = 1000;
       } else {
         FailValue(c, "must be 1024 or 1000");
       }
     }},
    // Determinism is always on in FlashScope: the same seed gives the same
    // stream, which is what randrepeat=1 asks for. randrepeat=0 cannot be
    // honoured, so it is listed as ignored rather than silently kept.
    {"random_generator", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       const std::string_view text = Trim(RequireValue(c, v));
       if (text == "lfsr") {
         FailValue(c,
                   "'lfsr' is not supported (it changes which blocks "
                   "repeat; FlashScope's random map already covers each "
                   "block once per pass)");
       }
       if (text != "tausworthe" && text != "tausworthe64") {
         FailValue(c, "unknown generator '" + std::string(text) + "'");
       }
       AddIgnored(d.job, "random_generator");
     }},
    {"rate_process", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       const std::string_view text = Trim(RequireValue(c, v));
       if (text != "linear") {
         FailValue(c, "only 'linear' (fio's default) is supported");
       }
       AddIgnored(d.job, "rate_process");
     }},
    {"sync", OptionKind::kSupported,
     [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       const std::string_view text = Trim(v.text);
       if (v.present && (text == "0" || text == "none")) {
         AddIgnored(d.job, "sync");
         return;
       }
       FailValue(c, "synchronous writes (sync=" + std::string(text) +
                        ") are not supported (it changes the workload)");
     }},
};

// Options that mean nothing for a simulated device: how fio reaches the
// device, buffers, CPU placement, logs and report formats, file creation.
// Accepted so real job files paste unchanged, and listed in FioJob::ignored.
constexpr std::string_view kIgnoredOptions[] = {
    "ioengine",
    "direct",
    "buffered",
    "filename",
    "filename_format",
    "directory",
    "unique_filename",
    "lockfile",
    "opendir",
    "thread",
    "group_reporting",
    "invalidate",
    "randrepeat",
    "allrandrepeat",
    "softrandommap",
    "write_bw_log",
    "write_lat_log",
    "write_iops_log",
    "write_hist_log",
    "log_avg_msec",
    "log_hist_msec",
    "log_hist_coarseness",
    "log_max_value",
    "log_offset",
    "log_compression",
    "log_store_compressed",
    "log_unix_epoch",
    "log_alternate_epoch",
    "log_prio",
    "per_job_logs",
    "write_iolog",
    "output-format",
    "output",
    "unit_base",
    "fallocate",
    "create_serialize",
    "create_fsync",
    "create_on_open",
    "create_only",
    "allow_file_create",
    "allow_mounted_write",
    "end_fsync",
    "fsync_on_close",
    "unlink",
    "unlink_each_loop",
    "overwrite",
    "iomem",
    "mem",
    "iomem_align",
    "mem_align",
    "hugepage-size",
    "lockmem",
    "zero_buffers",
    "refill_buffers",
    "scramble_buffers",
    "buffer_pattern",
    "buffer_compress_percentage",
    "buffer_compress_chunk",
    "dedupe_percentage",
    "dedupe_mode",
    "dedupe_working_set_percentage",
    "dedupe_global",
    "fadvise_hint",
    "write_hint",
    "clocksource",
    "gtod_reduce",
    "gtod_cpu",
    "disable_lat",
    "disable_clat",
    "disable_slat",
    "disable_bw_measurement",
    "clat_percentiles",
    "lat_percentiles",
    "slat_percentiles",
    "percentile_list",
    "significant_figures",
    "stats",
    "cpus_allowed",
    "cpus_allowed_policy",
    "cpumask",
    "nice",
    "prio",
    "prioclass",
    "numa_cpu_nodes",
    "numa_mem_policy",
    "exitall",
    "exitall_on_error",
    "continue_on_error",
    "ignore_error",
    "error_dump",
    "cgroup",
    "cgroup_weight",
    "cgroup_nodelete",
    "uid",
    "gid",
    "exec_prerun",
    "exec_postrun",
    "iodepth_batch",
    "iodepth_batch_submit",
    "iodepth_batch_complete",
    "iodepth_batch_complete_min",
    "iodepth_batch_complete_max",
    "iodepth_low",
    "io_submit_mode",
    "serialize_overlap",
    "hipri",
    "fixedbufs",
    "registerfiles",
    "sqthread_poll",
    "sqthread_poll_cpu",
    "userspace_reap",
    "thinktime_spin",
    "rate_iops_min",
    "rate_min",
    "rate_cycle",
    "hugepage_size",
};

// fio options that would change the workload and that FlashScope does not
// model yet: using one is an error rather than a silently different run.
constexpr std::string_view kUnsupportedOptions[] = {
    "verify",
    "do_verify",
    "verify_pattern",
    "verify_interval",
    "verify_offset",
    "verify_fatal",
    "verify_dump",
    "verify_async",
    "verify_backlog",
    "verify_backlog_batch",
    "verify_only",
    "verify_state_save",
    "verify_state_load",
    "experimental_verify",
    "trim_percentage",
    "trim_verify_zero",
    "trim_backlog",
    "trim_backlog_batch",
    "bsrange",
    "blocksize_range",
    "ba",
    "blockalign",
    "bs_unaligned",
    "blocksize_unaligned",
    "bs_is_seq_rand",
    "rw_sequencer",
    "rate",
    "rate_ignore_thinktime",
    "thinktime_iotime",
    "thinktime_blocks_type",
    "read_iolog",
    "replay_no_stall",
    "replay_redirect",
    "replay_scale",
    "replay_align",
    "replay_time_scale",
    "replay_skip",
    "iolog",
    "fill_device",
    "fill_fs",
    "file_append",
    "filesize",
    "nrfiles",
    "file_service_type",
    "openfiles",
    "offset_increment",
    "offset_align",
    "zonesize",
    "zonerange",
    "zoneskip",
    "zonecapacity",
    "job_max_open_zones",
    "write_barrier",
    "sync_file_range",
    "atomic",
    "pre_read",
    "steadystate",
    "ss",
    "steadystate_duration",
    "ss_dur",
    "steadystate_ramp_time",
    "ss_ramp",
    "max_latency",
    "latency_target",
    "latency_window",
    "latency_percentile",
    "latency_run",
    "flow",
    "flow_id",
    "flow_watermark",
    "flow_sleep",
    "io_size_percent",
    "number_ios_percent",
    "dp_type",
    "dp_id_select",
    "dp_ids",
    "sprandom",
    "cpuload",
    "cpuchunks",
    "cpumode",
    "exit_what",
    "trim_zero",
    "size_percent",
    "ramp_size",
};

const OptionSpec* FindSupported(std::string_view name) {
  for (const OptionSpec& spec : kSupportedOptions) {
    if (spec.name == name) return &spec;
  }
  return nullptr;
}

bool Contains(const std::string_view* begin, const std::string_view* end, std::string_view name) {
  return std::find(begin, end, name) != end;
}

// Optimal-string-alignment distance: a swapped pair ("iodepht") counts 1.
size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
  }
  return d[a.size()][b.size()];
}

std::string Suggestion(std::string_view name) {
  std::string_view best;
  size_t best_distance = SIZE_MAX;
  auto consider = [&](std::string_view candidate) {
    const size_t distance = EditDistance(name, candidate);
    if (distance < best_distance) {
      best_distance = distance;
      best = candidate;
    }
  };
  for (const OptionSpec& spec : kSupportedOptions) consider(spec.name);
  for (std::string_view candidate : kIgnoredOptions) consider(candidate);
  for (std::string_view candidate : kUnsupportedOptions) consider(candidate);
  const size_t limit = name.size() <= 4 ? 1 : 2;
  if (best_distance > limit) return std::string();
  return " (did you mean '" + std::string(best) + "'?)";
}

void ApplyOption(JobDraft& draft, const std::string& file, uint32_t line, std::string_view name,
                 const OptionValue& value) {
  const ValueContext ctx{file, line, name, draft.kb_base};
  if (const OptionSpec* spec = FindSupported(name)) {
    spec->apply(draft, ctx, value);
    return;
  }
  if (Contains(std::begin(kIgnoredOptions), std::end(kIgnoredOptions), name)) {
    AddIgnored(draft.job, name);
    return;
  }
  if (Contains(std::begin(kUnsupportedOptions), std::end(kUnsupportedOptions), name)) {
    Fail(file, line,
         "option '" + std::string(name) + "' is not supported (it changes the workload)");
  }
  Fail(file, line, "unknown option '" + std::string(name) + "'" + Suggestion(name));
}

// Checks that need the whole job (reported at the section header).
void ValidateJob(const FioJob& job, const std::string& file) {
  if (job.time_based && job.runtime_ns == 0) {
    Fail(file, job.line,
         "job '" + job.name + "': time_based needs a runtime (otherwise it never ends)");
  }
}

FioJob DefaultJob() {
  FioJob job;
  for (auto& sizes : job.block_sizes) sizes = {BlockSizeShare{4096, 100}};
  return job;
}

}  // namespace

FioJobFile ParseFioJobs(std::string_view text, const std::string& file_name,
                        const FioParseOptions& /*options*/) {
  FioJobFile result;
  result.file = file_name;

  JobDraft global;  // what [global] sections have set so far
  global.job = DefaultJob();
  JobDraft current;
  enum class Section { kNone, kGlobal, kJob } section = Section::kNone;

  auto finish_job = [&]() {
    if (section != Section::kJob) return;
    ValidateJob(current.job, file_name);
    result.jobs.push_back(std::move(current.job));
  };

  uint32_t line_number = 0;
  size_t position = 0;
  while (position <= text.size()) {
    size_t end = text.find('\n', position);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(position, end - position);
    position = end + 1;
    ++line_number;

    line = Trim(line);
    if (line.empty() || line.front() == ';' || line.front() == '#') continue;
    // A comment after a value, when set off by whitespace ("bs=4k ; small").
    for (size_t i = 1; i < line.size(); ++i) {
      if ((line[i] == ';' || line[i] == '#') && (line[i - 1] == ' ' || line[i - 1] == '\t')) {
        line = Trim(line.substr(0, i));
        break;
      }
    }

    if (line.front() == '[') {
      if (line.back() != ']') {
        Fail(file_name, line_number,
             "section header '" + std::string(line) + "' has no closing ']'");
      }
      const std::string_view name = Trim(line.substr(1, line.size() - 2));
      if (name.empty()) Fail(file_name, line_number, "empty section name");
      finish_job();
      if (name == "global") {
        section = Section::kGlobal;
      } else {
        section = Section::kJob;
        current = global;  // fio copies the [global] options into each job
        current.job.name = std::string(name);
        current.job.line = line_number;
      }
      continue;
    }

    if (line.rfind("include ", 0) == 0 || line == "include") {
      Fail(file_name, line_number, "'include' is not supported (paste the included options)");
    }
    if (section == Section::kNone) {
      Fail(file_name, line_number, "option outside a section");
    }

    const size_t equals = line.find('=');
    const std::string_view name = Trim(line.substr(0, equals));
    OptionValue value{std::string_view(), false};
    if (equals != std::string_view::npos) {
      value.text = Trim(line.substr(equals + 1));
      value.present = true;
    }
    if (name.empty()) Fail(file_name, line_number, "option name missing");
    ApplyOption(section == Section::kGlobal ? global : current, file_name, line_number, name,
                value);
  }
  finish_job();

  if (result.jobs.empty()) {
    Fail(file_name, 0,
         "no job section (a job file needs at least one [name] section "
         "besides [global])");
  }
  return result;
}

}  // namespace flashscope
