// MQSim / SSDSim ASCII traces: "arrival_ns device start_sector sectors type"
// separated by spaces, type 0 = write and 1 = read, 512-byte sectors
// (MQSim, src/exec/Host_IO_Flow_Trace_Based.cpp: ASCIITraceWriteCode "0",
// ASCIITraceReadCode "1", SECTOR_SIZE_IN_BYTE 512). The files in
// ../shared/traces/ end without a final newline.
#include "trace/impl/fields.h"
#include "trace/impl/formats.h"

namespace flashscope {

namespace {

using namespace trace_fields;

constexpr uint64_t kSectorBytes = 512;
constexpr std::string_view kLayout = "arrival_ns device start_sector sectors type";

class MqsimFormat final : public ITraceFormat {
 public:
  std::string_view name() const override { return "mqsim"; }

  TraceLineKind ParseLine(std::string_view line, TraceRecord& record,
                          std::string& reason) override {
    std::array<std::string_view, 5> f;
    const size_t count = SplitWhitespace(line, f);
    if (count == 0) return TraceLineKind::kSkip;
    if (count != 5) return BadFieldCount(reason, "5 fields", kLayout, count);
    uint64_t sector = 0;
    uint64_t sectors = 0;
    if (!ParseU64(f[0], record.time_ns))
      return BadField(reason, 1, "arrival time (ns)", f[0], kNotWholeNumber);
    if (!ParseU64(f[2], sector)) return BadField(reason, 3, "start sector", f[2], kNotWholeNumber);
    if (!ParseU64(f[3], sectors)) return BadField(reason, 4, "sector count", f[3], kNotWholeNumber);
    if (f[4] == "0") {
      record.op = IoOp::kWrite;
    } else if (f[4] == "1") {
      record.op = IoOp::kRead;
    } else {
      return BadField(reason, 5, "type", f[4], "is neither 0 (write) nor 1 (read)");
    }
    if (!MultiplyU64(sector, kSectorBytes, record.offset_bytes) ||
        !MultiplyU64(sectors, kSectorBytes, record.length_bytes)) {
      reason = "the sector address or count is too large";
      return TraceLineKind::kBad;
    }
    record.device = f[1];
    return TraceLineKind::kRecord;
  }

  double Detect(const std::vector<std::string_view>& sample) const override {
    MqsimFormat fresh;
    const double share = ShareOfRecords(fresh, sample);
    if (share == 0) return 0;
    // DiskSim's lines also have five numeric fields, but a fractional
    // millisecond time and tabs; MQSim's time is whole nanoseconds with
    // spaces between fields. Tabs lower the confidence.
    for (std::string_view line : sample) {
      if (line.find('\t') != std::string_view::npos) return share * 0.6;
    }
    return share;
  }
};

}  // namespace

std::unique_ptr<ITraceFormat> MakeMqsimFormat() { return std::make_unique<MqsimFormat>(); }

}  // namespace flashscope
