// Generic delimited-text traces with a user-given column mapping: for any
// one-I/O-per-line format the others do not cover. The mapping is
// TraceFormatOptions.csv_columns (CLI --csv-columns, JSON "csv_columns"):
// comma-separated KEY=VALUE settings, columns numbered from 0.
//
//   time=COL[:s|ms|us|100ns|ns]
//                             required; the arrival time in that unit
//                             (default s; 100ns: Windows FILETIME ticks, as
//                             MSR-derived files write them); decimals are read exactly
//                             ("0.000125" s = 125000 ns)
//   op=COL                    required; the operation, matched against the
//                             token lists below (ASCII case-insensitive)
//   offset=COL[:UNIT]         required; UNIT = bytes (default), sectors (512
//   length=COL[:UNIT]         bytes), kib (1024) or a number of bytes per
//                             unit ("4096"); whole numbers, decimal or 0x hex
//   device=COL                optional; the device/volume id (text as is)
//   sep=comma|tab|semicolon|pipe|space|CHAR
//                             the field separator (default comma); "space"
//                             means runs of spaces and tabs; "sep=," works too
//   header=N                  skip the first N non-blank lines (default 0)
//   read=TOK|TOK...           op tokens meaning read  (default r|read)
//   write=TOK|TOK...          op tokens meaning write (default w|write)
//   trim=TOK|TOK...           op tokens meaning trim  (default trim|discard)
//   skip=TOK|TOK...           op tokens of lines to skip, e.g. flush|sync
//                             (default none); any other op is a bad line
//
// Example: "time=0:ms,op=1,offset=2:sectors,length=3:sectors,device=4,
// header=1,read=0,write=1". A bad mapping throws InputError("trace
// options", 0, "csv_columns: ..."). In the data, lines starting with '#'
// are comments, a field wrapped in double quotes is unwrapped (separators
// inside quotes are not supported), and zero-length records are skipped
// lines. Bad-line reasons name the 0-based "column N" of the mapping.
//
// Detection: the share of the sample's records among its records and bad
// lines (lines the mapping skips on purpose do not count). A mapping is the
// user's own description of the file, so there is no signature to weigh; on
// a tie (e.g. an MSR file also read by a csv mapping) the registry's order
// prefers the named format.
#include <algorithm>

#include "trace/impl/fields.h"
#include "trace/impl/formats.h"
#include "util/input_error.h"

namespace flashscope {

namespace {

using namespace trace_fields;

constexpr size_t kMaxColumns = 64;
constexpr int kNoColumn = -1;

struct ColumnMapping {
  int time_column = kNoColumn;
  int op_column = kNoColumn;
  int offset_column = kNoColumn;
  int length_column = kNoColumn;
  int device_column = kNoColumn;
  uint32_t time_fraction_digits = 9;  // seconds -> ns
  uint64_t offset_unit_bytes = 1;
  uint64_t length_unit_bytes = 1;
  char separator = ',';
  bool split_on_whitespace = false;
  uint64_t header_lines = 0;
  std::vector<std::string> read_tokens = {"r", "read"};
  std::vector<std::string> write_tokens = {"w", "write"};
  std::vector<std::string> trim_tokens = {"trim", "discard"};
  std::vector<std::string> skip_tokens;
  size_t fields_needed = 0;  // highest mapped column + 1
};

[[noreturn]] void BadMapping(const std::string& problem) {
  throw InputError("trace options", 0, "csv_columns: " + problem);
}

int ParseColumn(std::string_view key, std::string_view text) {
  uint64_t column = 0;
  if (!ParseU64(text, column) || column >= kMaxColumns) {
    BadMapping(std::string(key) + " column '" + std::string(text) + "' is not a column number 0.." +
               std::to_string(kMaxColumns - 1));
  }
  return static_cast<int>(column);
}

uint64_t ParseAddressUnit(std::string_view key, std::string_view unit) {
  if (unit.empty() || EqualsIgnoreCase(unit, "bytes")) return 1;
  if (EqualsIgnoreCase(unit, "sectors")) return 512;
  if (EqualsIgnoreCase(unit, "kib")) return 1024;
  uint64_t bytes = 0;
  if (ParseU64(unit, bytes) && bytes > 0) return bytes;
  BadMapping(std::string(key) + " unit '" + std::string(unit) +
             "' is none of bytes, sectors, kib or a number of bytes");
}

uint32_t ParseTimeUnit(std::string_view unit) {
  if (unit.empty() || unit == "s") return 9;
  if (unit == "ms") return 6;
  if (unit == "us") return 3;
  if (unit == "100ns") return 2;  // Windows FILETIME ticks (MSR-derived files)
  if (unit == "ns") return 0;
  BadMapping("time unit '" + std::string(unit) + "' is none of s, ms, us, 100ns, ns");
}

char ParseSeparator(std::string_view value, bool& whitespace) {
  whitespace = false;
  if (EqualsIgnoreCase(value, "comma")) return ',';
  if (EqualsIgnoreCase(value, "tab")) return '\t';
  if (EqualsIgnoreCase(value, "semicolon")) return ';';
  if (EqualsIgnoreCase(value, "pipe")) return '|';
  if (EqualsIgnoreCase(value, "space")) {
    whitespace = true;
    return ' ';
  }
  if (value.size() == 1 && value[0] != '"' && value[0] != '#') return value[0];
  BadMapping("sep '" + std::string(value) +
             "' is none of comma, tab, semicolon, pipe, space or one character");
}

std::vector<std::string> ParseTokens(std::string_view key, std::string_view value) {
  std::vector<std::string> tokens;
  size_t start = 0;
  while (true) {
    const size_t end = value.find('|', start);
    const std::string_view token = Trim(value.substr(start, end - start));
    if (token.empty()) BadMapping(std::string(key) + " has an empty op token");
    tokens.emplace_back(token);
    if (end == std::string_view::npos) return tokens;
    start = end + 1;
  }
}

// Splits "COL:UNIT" into its two halves.
void SplitUnit(std::string_view value, std::string_view& column, std::string_view& unit) {
  const size_t colon = value.find(':');
  column = Trim(value.substr(0, colon));
  unit = colon == std::string_view::npos ? std::string_view() : Trim(value.substr(colon + 1));
}

ColumnMapping ParseMapping(std::string_view spec) {
  ColumnMapping mapping;
  if (Trim(spec).empty()) {
    BadMapping(
        "empty: the csv format needs a column mapping, e.g. "
        "time=0:s,op=1,offset=2:bytes,length=3:bytes");
  }
  std::vector<std::string> seen;
  size_t position = 0;
  while (position < spec.size()) {
    const size_t end = spec.find(',', position);
    const std::string_view item =
        Trim(spec.substr(position, end == std::string_view::npos ? end : end - position));
    position = end == std::string_view::npos ? spec.size() : end + 1;
    if (item.empty()) continue;  // "a=1,,b=2" or a trailing comma
    const size_t equals = item.find('=');
    if (equals == std::string_view::npos) {
      BadMapping("'" + std::string(item) + "' is not KEY=VALUE");
    }
    const std::string key(Trim(item.substr(0, equals)));
    std::string_view value = Trim(item.substr(equals + 1));
    if (std::find(seen.begin(), seen.end(), key) != seen.end()) {
      BadMapping("'" + key + "' is given twice");
    }
    seen.push_back(key);
    if (key == "sep" && value.empty() && end != std::string_view::npos) {
      // "sep=," : the comma that ended the item is the value.
      mapping.separator = ',';
      mapping.split_on_whitespace = false;
      if (position < spec.size() && spec[position] == ',') ++position;
      continue;
    }
    if (value.empty()) BadMapping("'" + key + "' has no value");
    std::string_view column;
    std::string_view unit;
    SplitUnit(value, column, unit);
    if (key == "time") {
      mapping.time_column = ParseColumn(key, column);
      mapping.time_fraction_digits = ParseTimeUnit(unit);
    } else if (key == "offset") {
      mapping.offset_column = ParseColumn(key, column);
      mapping.offset_unit_bytes = ParseAddressUnit(key, unit);
    } else if (key == "length") {
      mapping.length_column = ParseColumn(key, column);
      mapping.length_unit_bytes = ParseAddressUnit(key, unit);
    } else if (key == "op" || key == "device") {
      if (!unit.empty()) BadMapping(key + " takes no unit ('" + std::string(value) + "')");
      (key == "op" ? mapping.op_column : mapping.device_column) = ParseColumn(key, column);
    } else if (key == "sep") {
      mapping.separator = ParseSeparator(value, mapping.split_on_whitespace);
    } else if (key == "header") {
      if (!ParseU64(value, mapping.header_lines)) {
        BadMapping("header '" + std::string(value) + "' is not a number of lines");
      }
    } else if (key == "read") {
      mapping.read_tokens = ParseTokens(key, value);
    } else if (key == "write") {
      mapping.write_tokens = ParseTokens(key, value);
    } else if (key == "trim") {
      mapping.trim_tokens = ParseTokens(key, value);
    } else if (key == "skip") {
      mapping.skip_tokens = ParseTokens(key, value);
    } else {
      BadMapping("unknown key '" + key +
                 "' (time, op, offset, length, device, sep, header, read, write, trim, skip)");
    }
  }
  const std::pair<const char*, int> columns[] = {{"time", mapping.time_column},
                                                 {"op", mapping.op_column},
                                                 {"offset", mapping.offset_column},
                                                 {"length", mapping.length_column},
                                                 {"device", mapping.device_column}};
  for (size_t a = 0; a < std::size(columns); ++a) {
    const auto& [key, column] = columns[a];
    if (column == kNoColumn) {
      if (std::string_view(key) == "device") continue;  // the only optional one
      BadMapping(std::string("missing ") + key + "=COL (time, op, offset and length are required)");
    }
    for (size_t b = a + 1; b < std::size(columns); ++b) {
      if (columns[b].second == column) {
        BadMapping(std::string(key) + " and " + columns[b].first + " are both column " +
                   std::to_string(column));
      }
    }
    mapping.fields_needed = std::max(mapping.fields_needed, static_cast<size_t>(column) + 1);
  }
  // A token in two lists would make the op depend on the list order.
  const std::pair<const char*, const std::vector<std::string>*> lists[] = {
      {"read", &mapping.read_tokens},
      {"write", &mapping.write_tokens},
      {"trim", &mapping.trim_tokens},
      {"skip", &mapping.skip_tokens}};
  for (size_t a = 0; a < std::size(lists); ++a) {
    for (size_t b = a + 1; b < std::size(lists); ++b) {
      for (const std::string& token : *lists[a].second) {
        for (const std::string& other : *lists[b].second) {
          if (EqualsIgnoreCase(token, other)) {
            BadMapping("op token '" + token + "' is both " + lists[a].first + " and " +
                       lists[b].first);
          }
        }
      }
    }
  }
  return mapping;
}

bool MatchesAny(std::string_view token, const std::vector<std::string>& tokens) {
  for (const std::string& each : tokens) {
    if (EqualsIgnoreCase(token, each)) return true;
  }
  return false;
}

std::string JoinTokens(const std::vector<std::string>& tokens) {
  std::string joined;
  for (const std::string& token : tokens) {
    if (!joined.empty()) joined += '|';
    joined += token;
  }
  return joined;
}

class CsvFormat final : public ITraceFormat {
 public:
  explicit CsvFormat(ColumnMapping mapping) : mapping_(std::move(mapping)) {}

  std::string_view name() const override { return "csv"; }

  TraceLineKind ParseLine(std::string_view line, TraceRecord& record,
                          std::string& reason) override {
    const std::string_view trimmed = Trim(line);
    if (trimmed.empty()) return TraceLineKind::kSkip;
    if (header_lines_seen_ < mapping_.header_lines) {
      ++header_lines_seen_;
      return TraceLineKind::kSkip;
    }
    if (trimmed.front() == '#') return TraceLineKind::kSkip;
    std::array<std::string_view, kMaxColumns> f;
    const size_t count = mapping_.split_on_whitespace ? SplitWhitespace(line, f)
                                                      : Split(line, mapping_.separator, f);
    if (count < mapping_.fields_needed) {
      return BadFieldCount(
          reason, "at least " + std::to_string(mapping_.fields_needed) + " fields",
          "the csv_columns mapping reads column " + std::to_string(mapping_.fields_needed - 1),
          count);
    }
    const std::string_view op = Field(f, mapping_.op_column);
    if (MatchesAny(op, mapping_.read_tokens)) {
      record.op = IoOp::kRead;
    } else if (MatchesAny(op, mapping_.write_tokens)) {
      record.op = IoOp::kWrite;
    } else if (MatchesAny(op, mapping_.trim_tokens)) {
      record.op = IoOp::kTrim;
    } else if (MatchesAny(op, mapping_.skip_tokens)) {
      return TraceLineKind::kSkip;
    } else {
      return BadColumn(
          reason, mapping_.op_column, "op", op,
          "is none of read (" + JoinTokens(mapping_.read_tokens) + "), write (" +
              JoinTokens(mapping_.write_tokens) + "), trim (" + JoinTokens(mapping_.trim_tokens) +
              ")" +
              (mapping_.skip_tokens.empty() ? ""
                                            : ", skip (" + JoinTokens(mapping_.skip_tokens) + ")"));
    }
    const std::string_view time = Field(f, mapping_.time_column);
    if (!ParseDecimalScaled(time, mapping_.time_fraction_digits, record.time_ns)) {
      return BadColumn(reason, mapping_.time_column, "time", time,
                       "is not a non-negative number (or is too large)");
    }
    if (!ReadAddress(Field(f, mapping_.offset_column), mapping_.offset_unit_bytes,
                     record.offset_bytes)) {
      return BadColumn(reason, mapping_.offset_column, "offset", Field(f, mapping_.offset_column),
                       "is not a whole number (or is too large)");
    }
    if (!ReadAddress(Field(f, mapping_.length_column), mapping_.length_unit_bytes,
                     record.length_bytes)) {
      return BadColumn(reason, mapping_.length_column, "length", Field(f, mapping_.length_column),
                       "is not a whole number (or is too large)");
    }
    record.device =
        mapping_.device_column == kNoColumn ? std::string_view() : Field(f, mapping_.device_column);
    return TraceLineKind::kRecord;
  }

  // Unlike ShareOfRecords, lines the mapping itself skips (its header, '#'
  // comments, skip tokens) do not lower the confidence: the user declared
  // them. Records over records + bad lines, 0 below one half.
  double Detect(const std::vector<std::string_view>& sample) const override {
    CsvFormat fresh(mapping_);
    TraceRecord record;
    std::string reason;
    size_t records = 0;
    size_t bad = 0;
    for (std::string_view line : sample) {
      const TraceLineKind kind = fresh.ParseLine(line, record, reason);
      if (kind == TraceLineKind::kRecord) ++records;
      if (kind == TraceLineKind::kBad) ++bad;
    }
    if (records == 0 || records < bad) return 0;
    return static_cast<double>(records) / static_cast<double>(records + bad);
  }

 private:
  // The field at `column`, blanks trimmed and one pair of double quotes
  // removed.
  static std::string_view Field(const std::array<std::string_view, kMaxColumns>& fields,
                                int column) {
    std::string_view field = Trim(fields[static_cast<size_t>(column)]);
    if (field.size() >= 2 && field.front() == '"' && field.back() == '"') {
      field = Trim(field.substr(1, field.size() - 2));
    }
    return field;
  }

  static bool ReadAddress(std::string_view text, uint64_t unit_bytes, uint64_t& bytes) {
    uint64_t units = 0;
    const bool hex = text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    if (!(hex ? ParseHex(text, units) : ParseU64(text, units))) return false;
    return MultiplyU64(units, unit_bytes, bytes);
  }

  // "column 3 (length) '-1' ...": csv names its 0-based mapped columns.
  static TraceLineKind BadColumn(std::string& reason, int column, std::string_view what,
                                 std::string_view text, std::string_view fault) {
    return BadValue(reason, "column", static_cast<size_t>(column), what, text, fault);
  }

  ColumnMapping mapping_;
  uint64_t header_lines_seen_ = 0;
};

}  // namespace

std::unique_ptr<ITraceFormat> MakeCsvFormat(const TraceFormatOptions& options) {
  return std::make_unique<CsvFormat>(ParseMapping(options.csv_columns));
}

}  // namespace flashscope
