// DiskSim ASCII traces: one request per line, "arrival_ms devno blkno bcount
// flags" separated by blanks (DiskSim reads them with
// sscanf("%lf %d %d %d %x"): tabs or spaces, flags in hexadecimal). Time is
// nonnegative milliseconds from the start of the simulation, the block number
// and size count the device's 512-byte blocks, the size is positive, and flag
// bit 0 set means read, clear means write (The DiskSim Simulation
// Environment Version 4.0 Reference Manual, CMU-PDL-08-101, §5.1 "Default
// DiskSim format"; disksim_iotrace.c, iotrace_ascii_get_ioreq_event;
// disksim_global.h: READ 0x00000001).
#include "trace/impl/fields.h"
#include "trace/impl/formats.h"

namespace flashscope {

namespace {

using namespace trace_fields;

constexpr uint64_t kBlockBytes = 512;
constexpr uint64_t kReadFlag = 0x1;
constexpr std::string_view kLayout = "arrival_ms devno blkno bcount flags";

class DisksimFormat final : public ITraceFormat {
 public:
  std::string_view name() const override { return "disksim"; }

  TraceLineKind ParseLine(std::string_view line, TraceRecord& record,
                          std::string& reason) override {
    std::array<std::string_view, 5> f;
    const size_t count = SplitWhitespace(line, f);
    if (count == 0) return TraceLineKind::kSkip;
    if (count != 5) return BadFieldCount(reason, "5 fields", kLayout, count);
    double time_ms = 0;
    uint64_t device_number = 0;
    uint64_t block = 0;
    uint64_t blocks = 0;
    uint64_t flags = 0;
    if (!ParseDouble(f[0], time_ms)) {
      return BadField(reason, 1, "arrival time (ms)", f[0], "is not a number");
    }
    if (!ScaledToNs(time_ms, 1e6, record.time_ns)) {
      return BadField(reason, 1, "arrival time (ms)", f[0], "is negative or too large");
    }
    // The device number is kept as text (the record's device), but DiskSim
    // reads it as an integer: anything else is not this format.
    if (!ParseU64(f[1], device_number)) {
      return BadField(reason, 2, "device number", f[1], kNotWholeNumber);
    }
    if (!ParseU64(f[2], block)) return BadField(reason, 3, "block number", f[2], kNotWholeNumber);
    if (!ParseU64(f[3], blocks)) return BadField(reason, 4, "block count", f[3], kNotWholeNumber);
    if (!ParseHex(f[4], flags)) {
      return BadField(reason, 5, "flags", f[4], "is not a hexadecimal number");
    }
    if (!MultiplyU64(block, kBlockBytes, record.offset_bytes) ||
        !MultiplyU64(blocks, kBlockBytes, record.length_bytes) ||
        record.offset_bytes + record.length_bytes < record.offset_bytes) {
      reason = "the block number or count is too large";
      return TraceLineKind::kBad;
    }
    record.op = (flags & kReadFlag) != 0 ? IoOp::kRead : IoOp::kWrite;
    record.device = f[1];
    return TraceLineKind::kRecord;
  }

  double Detect(const std::vector<std::string_view>& sample) const override {
    DisksimFormat fresh;
    const double share = ShareOfRecords(fresh, sample);
    if (share == 0) return 0;
    // MQSim lines also parse here (five numbers), so the DiskSim habits
    // decide: fractional millisecond times (DiskSim writes "%lf") and tab
    // separators. Without either the sample is more likely MQSim's.
    bool tabs = false;
    size_t lines = 0;
    size_t fractional_times = 0;
    for (std::string_view line : sample) {
      if (Trim(line).empty()) continue;
      ++lines;
      if (line.find('\t') != std::string_view::npos) tabs = true;
      std::array<std::string_view, 1> first;
      if (SplitWhitespace(line, first) > 0 && first[0].find('.') != std::string_view::npos) {
        ++fractional_times;
      }
    }
    const bool mostly_fractional = fractional_times * 2 > lines;
    return share * (0.6 + (tabs ? 0.2 : 0) + (mostly_fractional ? 0.2 : 0));
  }
};

}  // namespace

std::unique_ptr<ITraceFormat> MakeDisksimFormat() { return std::make_unique<DisksimFormat>(); }

}  // namespace flashscope
