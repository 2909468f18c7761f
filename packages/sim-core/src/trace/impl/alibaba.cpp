// Alibaba Cloud block traces 2020 (github.com/alibaba/block-traces, README
// "Schema", io_traces.csv; Li et al., "An In-Depth Analysis of Cloud Block
// Storage Workloads in Large-Scale Production", IISWC 2020). One I/O per row:
//   device_id,opcode,offset,length,timestamp
//   - device_id (uint32): the virtual disk;
//   - opcode: 'R' or 'W';
//   - offset (uint64), length (uint32): bytes;
//   - timestamp (uint64): when the server received the I/O, in microseconds
//     since the Unix epoch (e.g. 1577808000000626).
// Accepted: exactly those 5 comma-separated fields, blanks around fields,
// the opcode in either case, a header naming the columns ("device_id,...")
// as a skipped line, and a zero length as a skipped line (no data moves).
// record.device is device_id as written.
#include "trace/impl/fields.h"
#include "trace/impl/formats.h"

namespace flashscope {

namespace {

using namespace trace_fields;

constexpr uint64_t kNsPerUs = 1000;
// Unix time in µs of 2001-09 .. 2033-05: the traces are from January 2020.
constexpr uint64_t kUnixUsSignatureLow = 1'000'000'000'000'000;
constexpr uint64_t kUnixUsSignatureHigh = 2'000'000'000'000'000;

constexpr std::string_view kLayout = "device_id,opcode,offset,length,timestamp";

class AlibabaFormat final : public ITraceFormat {
 public:
  std::string_view name() const override { return "alibaba"; }

  TraceLineKind ParseLine(std::string_view line, TraceRecord& record,
                          std::string& reason) override {
    if (Trim(line).empty()) return TraceLineKind::kSkip;
    std::array<std::string_view, 5> f;
    const size_t count = Split(line, ',', f);
    if (count == 5 && EqualsIgnoreCase(Trim(f[0]), "device_id")) return TraceLineKind::kSkip;
    if (count != 5) return BadFieldCount(reason, "5 comma-separated fields", kLayout, count);
    uint64_t device_id = 0;
    if (!ParseU64(f[0], device_id) || device_id > UINT32_MAX) {
      return BadField(reason, 1, "device_id", f[0], "is not a whole number below 2^32");
    }
    if (!ParseReadWriteLetter(f[1], record.op)) {
      return BadField(reason, 2, "opcode", f[1], "is neither R nor W");
    }
    if (!ParseU64(f[2], record.offset_bytes)) {
      return BadField(reason, 3, "offset, bytes", f[2], kNotWholeNumber);
    }
    if (!ParseU64(f[3], record.length_bytes)) {
      return BadField(reason, 4, "length, bytes", f[3], kNotWholeNumber);
    }
    uint64_t time_us = 0;
    if (!ParseU64(f[4], time_us)) {
      return BadField(reason, 5, "timestamp, microseconds", f[4], kNotWholeNumber);
    }
    if (!MultiplyU64(time_us, kNsPerUs, record.time_ns)) {
      return BadField(reason, 5, "timestamp, microseconds", f[4], kTooLarge);
    }
    record.device = Trim(f[0]);
    return TraceLineKind::kRecord;
  }

  double Detect(const std::vector<std::string_view>& sample) const override {
    AlibabaFormat fresh;
    return ScoreSample(fresh, sample, [](std::string_view, const TraceRecord& record) {
      const uint64_t time_us = record.time_ns / kNsPerUs;
      return time_us >= kUnixUsSignatureLow && time_us <= kUnixUsSignatureHigh;
    });
  }
};

}  // namespace

std::unique_ptr<ITraceFormat> MakeAlibabaFormat() { return std::make_unique<AlibabaFormat>(); }

}  // namespace flashscope
