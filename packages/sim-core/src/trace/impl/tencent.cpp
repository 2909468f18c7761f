// Tencent Cloud Block Storage traces 2018 (SNIA IOTTA repository; Zhang et
// al., "OSCA: An Online-Model Based Cache Allocation Scheme in Cloud Block
// Storage Systems", USENIX ATC '20). Definition, from the distribution's
// README.txt, section 3 "I/O trace file format":
//   Timestamp,Offset,Size,IOType,VolumeID
//   - Timestamp: when the I/O was issued, Unix time in seconds;
//   - Offset: start of the I/O in 512-byte sectors from the start of the
//     cloud virtual volume;
//   - Size: transfer size in sectors;
//   - IOType: "Read(0)", "Write(1)", i.e. 0 = read, 1 = write;
//   - VolumeID: the ID number of the volume.
// Accepted: exactly those 5 comma-separated fields, blanks around fields,
// a decimal Timestamp (read exactly; the traces have whole seconds, so all
// I/Os of one second arrive together), a header naming the columns
// ("Timestamp,...") as a skipped line, and a zero Size as a skipped line
// (no data moves). record.device is VolumeID as written.
#include "trace/impl/fields.h"
#include "trace/impl/formats.h"

namespace flashscope {

namespace {

using namespace trace_fields;

constexpr uint64_t kSectorBytes = 512;
constexpr uint32_t kNsDigits = 9;  // seconds -> ns
constexpr uint64_t kNsPerSecond = 1'000'000'000;
// Unix time of 2001-09 .. 2033-05: the traces are from October 2018.
constexpr uint64_t kUnixSecondsSignatureLow = 1'000'000'000;
constexpr uint64_t kUnixSecondsSignatureHigh = 2'000'000'000;

constexpr std::string_view kLayout = "Timestamp,Offset,Size,IOType,VolumeID";

class TencentFormat final : public ITraceFormat {
 public:
  std::string_view name() const override { return "tencent"; }
  // "Unix time in seconds": the clock ticks in seconds whichever records
  // a replay keeps (one volume's may all share one second).
  uint64_t clock_tick_ns() const override { return kNsPerSecond; }

  TraceLineKind ParseLine(std::string_view line, TraceRecord& record,
                          std::string& reason) override {
    if (Trim(line).empty()) return TraceLineKind::kSkip;
    std::array<std::string_view, 5> f;
    const size_t count = Split(line, ',', f);
    if (count == 5 && EqualsIgnoreCase(Trim(f[0]), "Timestamp")) return TraceLineKind::kSkip;
    if (count != 5) return BadFieldCount(reason, "5 comma-separated fields", kLayout, count);
    if (!ParseDecimalScaled(f[0], kNsDigits, record.time_ns)) {
      return BadField(reason, 1, "timestamp, Unix seconds", f[0], "is not a non-negative number");
    }
    uint64_t sector = 0;
    if (!ParseU64(f[1], sector)) {
      return BadField(reason, 2, "offset, 512-byte sectors", f[1], kNotWholeNumber);
    }
    uint64_t sectors = 0;
    if (!ParseU64(f[2], sectors)) {
      return BadField(reason, 3, "size, 512-byte sectors", f[2], kNotWholeNumber);
    }
    const std::string_view io_type = Trim(f[3]);
    if (io_type == "0") {
      record.op = IoOp::kRead;
    } else if (io_type == "1") {
      record.op = IoOp::kWrite;
    } else {
      return BadField(reason, 4, "IOType", f[3], "is neither 0 (read) nor 1 (write)");
    }
    uint64_t volume = 0;
    if (!ParseU64(f[4], volume)) {
      return BadField(reason, 5, "VolumeID", f[4], kNotWholeNumber);
    }
    if (!MultiplyU64(sector, kSectorBytes, record.offset_bytes)) {
      return BadField(reason, 2, "offset, 512-byte sectors", f[1], kTooLarge);
    }
    if (!MultiplyU64(sectors, kSectorBytes, record.length_bytes)) {
      return BadField(reason, 3, "size, 512-byte sectors", f[2], kTooLarge);
    }
    record.device = Trim(f[4]);
    return TraceLineKind::kRecord;
  }

  double Detect(const std::vector<std::string_view>& sample) const override {
    TencentFormat fresh;
    return ScoreSample(fresh, sample, [](std::string_view, const TraceRecord& record) {
      const uint64_t seconds = record.time_ns / kNsPerSecond;
      return seconds >= kUnixSecondsSignatureLow && seconds <= kUnixSecondsSignatureHigh;
    });
  }
};

}  // namespace

std::unique_ptr<ITraceFormat> MakeTencentFormat() { return std::make_unique<TencentFormat>(); }

}  // namespace flashscope
