// SYSTOR'17 VDI block traces (SNIA IOTTA repository; Lee et al.,
// "Understanding Storage Traffic Characteristics on Enterprise Virtual
// Desktop Infrastructure", SYSTOR '17). One I/O per row, after a header:
//   Timestamp,Response,IOType,LUN,Offset,Size
//   - Timestamp: when the I/O was issued, Unix time in seconds with a
//     fraction (e.g. 1456095145.133076000);
//   - Response: its response time in seconds (not replayed: the simulated
//     drive gives its own);
//   - IOType: 'R' read or 'W' write;
//   - LUN: the volume the I/O went to;
//   - Offset, Size: bytes (the sample's are all multiples of 512).
// Accepted: exactly those 6 comma-separated fields, blanks around fields,
// the IOType in either case, the header ("Timestamp,...") as a skipped line
// and a zero Size as a record the scanner skips. The files are not sorted
// by Timestamp; the scanner's sorting window handles that. record.device is
// LUN as written, so each LUN replays in its own region by default.
#include "trace/impl/fields.h"
#include "trace/impl/formats.h"

namespace flashscope {

namespace {

using namespace trace_fields;

constexpr uint32_t kNsDigits = 9;  // seconds -> ns, exactly
constexpr uint64_t kNsPerSecond = 1'000'000'000;
// Unix time of 2001-09 .. 2033-05: the traces are from 2016.
constexpr uint64_t kUnixSecondsSignatureLow = 1'000'000'000;
constexpr uint64_t kUnixSecondsSignatureHigh = 2'000'000'000;

constexpr std::string_view kLayout = "Timestamp,Response,IOType,LUN,Offset,Size";
constexpr std::string_view kNotNonNegative = "is not a non-negative number";

class SystorFormat final : public ITraceFormat {
 public:
  std::string_view name() const override { return "systor"; }

  TraceLineKind ParseLine(std::string_view line, TraceRecord& record,
                          std::string& reason) override {
    if (Trim(line).empty()) return TraceLineKind::kSkip;
    std::array<std::string_view, 6> f;
    const size_t count = Split(line, ',', f);
    if (count == 6 && EqualsIgnoreCase(Trim(f[0]), "Timestamp")) return TraceLineKind::kSkip;
    if (count != 6) return BadFieldCount(reason, "6 comma-separated fields", kLayout, count);
    if (!ParseDecimalScaled(f[0], kNsDigits, record.time_ns)) {
      return BadField(reason, 1, "Timestamp, Unix seconds", f[0], kNotNonNegative);
    }
    // Read only to check the row's shape (it also keeps lookalike 6-column
    // files from passing as SYSTOR); the drive model gives its own latency.
    uint64_t response_ns = 0;
    if (!ParseDecimalScaled(f[1], kNsDigits, response_ns)) {
      return BadField(reason, 2, "Response, seconds", f[1], kNotNonNegative);
    }
    if (!ParseReadWriteLetter(f[2], record.op)) {
      return BadField(reason, 3, "IOType", f[2], "is neither R nor W");
    }
    uint64_t lun = 0;
    if (!ParseU64(f[3], lun)) return BadField(reason, 4, "LUN", f[3], kNotWholeNumber);
    if (!ParseU64(f[4], record.offset_bytes)) {
      return BadField(reason, 5, "Offset, bytes", f[4], kNotWholeNumber);
    }
    if (!ParseU64(f[5], record.length_bytes)) {
      return BadField(reason, 6, "Size, bytes", f[5], kNotWholeNumber);
    }
    record.device = Trim(f[3]);
    return TraceLineKind::kRecord;
  }

  double Detect(const std::vector<std::string_view>& sample) const override {
    // The header is the format's own first line, not a line it failed to
    // read as a record: left out, so that a short file is not marked down
    // for having it (ScoreSample counts every non-blank line).
    std::vector<std::string_view> rows;
    rows.reserve(sample.size());
    for (std::string_view line : sample) {
      std::array<std::string_view, 6> f;
      if (Split(line, ',', f) == 6 && EqualsIgnoreCase(Trim(f[0]), "Timestamp")) continue;
      rows.push_back(line);
    }
    SystorFormat fresh;
    return ScoreSample(fresh, rows, [](std::string_view, const TraceRecord& record) {
      const uint64_t seconds = record.time_ns / kNsPerSecond;
      return seconds >= kUnixSecondsSignatureLow && seconds <= kUnixSecondsSignatureHigh;
    });
  }
};

}  // namespace

std::unique_ptr<ITraceFormat> MakeSystorFormat() { return std::make_unique<SystorFormat>(); }

}  // namespace flashscope
