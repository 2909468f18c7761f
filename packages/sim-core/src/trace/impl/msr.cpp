// MSR Cambridge block traces (SNIA IOTTA repository; "Write Off-Loading",
// Narayanan, Donnelly and Rowstron, FAST '08). Definition, from the
// distribution's README.txt, section 3 "I/O trace file format":
//   Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime
//   - Timestamp: when the I/O was issued, in Windows filetime (100 ns ticks
//     since 1601-01-01 UTC);
//   - Hostname, DiskNumber: the volume (file names are <host>_<disk>.csv);
//   - Type: "Read" or "Write";
//   - Offset, Size: bytes from the start of the logical disk, bytes moved;
//   - ResponseTime: the I/O's service time in filetime units (not replayed:
//     the simulated device decides it).
// Accepted: exactly those 7 comma-separated fields, blanks around fields,
// Type in any letter case, a header line naming the columns ("Timestamp,...")
// as a skipped line, and a zero Size as a skipped line (no data moves).
// record.device is "Hostname_DiskNumber" ("hm_1"), as the file names are.
#include "trace/impl/fields.h"
#include "trace/impl/formats.h"

namespace flashscope {

namespace {

using namespace trace_fields;

constexpr uint64_t kNsPerFiletimeTick = 100;
// Windows filetime of 1981 .. 2044 (1.2e17 .. 1.4e17 ticks since 1601): the
// MSR traces are from 2007; a file whose timestamps fall here is very likely
// MSR.
constexpr uint64_t kFiletimeSignatureLowTicks = 120'000'000'000'000'000;
constexpr uint64_t kFiletimeSignatureHighTicks = 140'000'000'000'000'000;

constexpr std::string_view kLayout = "Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime";

class MsrFormat final : public ITraceFormat {
 public:
  // The device id is built here (host + '_' + disk), so it lives in the
  // object; a line is at most kMaxTraceLineBytes, so reserving that once
  // keeps ParseLine allocation-free.
  MsrFormat() { device_.reserve(kMaxTraceLineBytes); }

  std::string_view name() const override { return "msr"; }

  TraceLineKind ParseLine(std::string_view line, TraceRecord& record,
                          std::string& reason) override {
    if (ParseCanonical(line, record)) return TraceLineKind::kRecord;
    return ParseGeneral(line, record, reason);
  }

  double Detect(const std::vector<std::string_view>& sample) const override {
    MsrFormat fresh;
    return ScoreSample(fresh, sample, [](std::string_view, const TraceRecord& record) {
      const uint64_t ticks = record.time_ns / kNsPerFiletimeTick;
      return ticks >= kFiletimeSignatureLowTicks && ticks <= kFiletimeSignatureHighTicks;
    });
  }

 private:
  // The fast path, for the benchmark's sake (MSR is the format whose parse
  // throughput `npm run bench` reports): one pass over a line in the exact
  // shape the MSR files have ("128166372003061629,hm,1,Read,3154137088,
  // 4096,1489": no blanks, "Read"/"Write", at most 19 digits per number,
  // Size > 0). It accepts only lines ParseGeneral would read the same way;
  // anything else (blanks, other letter case, headers, errors, zero sizes)
  // returns false and goes through ParseGeneral, which also words the
  // reasons.
  bool ParseCanonical(std::string_view line, TraceRecord& record) {
    size_t position = 0;
    uint64_t ticks = 0;
    if (!DigitsThen(line, position, ',', ticks) || ticks > UINT64_MAX / kNsPerFiletimeTick) {
      return false;
    }
    const size_t host_start = position;
    while (position < line.size() && line[position] != ',') {
      if (IsBlank(line[position])) return false;
      ++position;
    }
    if (position == host_start || position == line.size()) return false;
    const std::string_view host = line.substr(host_start, position - host_start);
    ++position;
    const size_t disk_start = position;
    uint64_t disk = 0;
    if (!DigitsThen(line, position, ',', disk)) return false;
    const std::string_view disk_text = line.substr(disk_start, position - 1 - disk_start);
    const std::string_view rest = line.substr(position);
    if (rest.substr(0, 5) == "Read,") {
      record.op = IoOp::kRead;
      position += 5;
    } else if (rest.substr(0, 6) == "Write,") {
      record.op = IoOp::kWrite;
      position += 6;
    } else {
      return false;
    }
    uint64_t offset = 0;
    uint64_t size = 0;
    uint64_t response_ticks = 0;
    if (!DigitsThen(line, position, ',', offset) || !DigitsThen(line, position, ',', size) ||
        !DigitsThen(line, position, '\0', response_ticks) || size == 0) {
      return false;
    }
    record.time_ns = ticks * kNsPerFiletimeTick;
    record.offset_bytes = offset;
    record.length_bytes = size;
    SetDevice(host, disk_text);
    record.device = device_;
    return true;
  }

  // 1..19 decimal digits at `position` (so no overflow), then `terminator`
  // ('\0': the end of the line), which is stepped over.
  static bool DigitsThen(std::string_view line, size_t& position, char terminator,
                         uint64_t& value) {
    const size_t start = position;
    uint64_t digits_value = 0;
    while (position < line.size()) {
      const unsigned digit = static_cast<unsigned char>(line[position]) - unsigned{'0'};
      if (digit > 9) break;
      digits_value = digits_value * 10 + digit;
      ++position;
    }
    const size_t digits = position - start;
    if (digits == 0 || digits > 19) return false;
    if (terminator == '\0') {
      if (position != line.size()) return false;
    } else {
      if (position == line.size() || line[position] != terminator) return false;
      ++position;
    }
    value = digits_value;
    return true;
  }

  TraceLineKind ParseGeneral(std::string_view line, TraceRecord& record, std::string& reason) {
    if (Trim(line).empty()) return TraceLineKind::kSkip;
    std::array<std::string_view, 7> f;
    const size_t count = Split(line, ',', f);
    if (count == 7 && EqualsIgnoreCase(Trim(f[0]), "Timestamp") &&
        EqualsIgnoreCase(Trim(f[3]), "Type")) {
      return TraceLineKind::kSkip;  // a header naming the columns
    }
    if (count != 7) return BadFieldCount(reason, "7 comma-separated fields", kLayout, count);
    uint64_t ticks = 0;
    if (!ParseU64(f[0], ticks)) {
      return BadField(reason, 1, "timestamp, Windows filetime", f[0], kNotWholeNumber);
    }
    if (!MultiplyU64(ticks, kNsPerFiletimeTick, record.time_ns)) {
      return BadField(reason, 1, "timestamp, Windows filetime", f[0],
                      "is too large (after the year 2185)");
    }
    const std::string_view host = Trim(f[1]);
    if (host.empty()) return BadField(reason, 2, "hostname", f[1], "is empty");
    uint64_t disk = 0;
    if (!ParseU64(f[2], disk)) {
      return BadField(reason, 3, "disk number", f[2], kNotWholeNumber);
    }
    const std::string_view type = Trim(f[3]);
    if (EqualsIgnoreCase(type, "Read")) {
      record.op = IoOp::kRead;
    } else if (EqualsIgnoreCase(type, "Write")) {
      record.op = IoOp::kWrite;
    } else {
      return BadField(reason, 4, "type", f[3], "is neither Read nor Write");
    }
    if (!ParseU64(f[4], record.offset_bytes)) {
      return BadField(reason, 5, "offset, bytes", f[4], kNotWholeNumber);
    }
    if (!ParseU64(f[5], record.length_bytes)) {
      return BadField(reason, 6, "size, bytes", f[5], kNotWholeNumber);
    }
    uint64_t response_ticks = 0;
    if (!ParseU64(f[6], response_ticks)) {
      return BadField(reason, 7, "response time, filetime units", f[6], kNotWholeNumber);
    }
    SetDevice(host, Trim(f[2]));
    record.device = device_;
    return TraceLineKind::kRecord;
  }

  // Rebuilds "host_disk" only when the volume changes (an MSR file holds one
  // volume, so almost never).
  void SetDevice(std::string_view host, std::string_view disk) {
    const bool same = device_.size() == host.size() + 1 + disk.size() &&
                      std::string_view(device_).substr(0, host.size()) == host &&
                      device_[host.size()] == '_' &&
                      std::string_view(device_).substr(host.size() + 1) == disk;
    if (same) return;
    device_.assign(host);
    device_ += '_';
    device_ += disk;
  }

  std::string device_;
};

}  // namespace

std::unique_ptr<ITraceFormat> MakeMsrFormat() { return std::make_unique<MsrFormat>(); }

}  // namespace flashscope
