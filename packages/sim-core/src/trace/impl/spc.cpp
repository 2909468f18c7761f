// SPC trace files, as in the UMass Trace Repository's OLTP traces
// (Financial1/2.spc, WebSearch1-3.spc). Definition: Storage Performance
// Council, "SPC Trace File Format Specification", revision 1.0.1 (2002),
// section "Trace record format": variable-length ASCII records, one I/O per
// line, comma-separated,
//   ASU,LBA,Size,Opcode,Timestamp[,optional fields...]
//   1 ASU: application specific unit, a zero-based integer (the volume);
//   2 LBA: block offset within the ASU (the UMass traces state 512-byte
//     blocks);
//   3 Size: bytes transferred; zero is legal ("I/O subsystem dependent");
//   4 Opcode: one case-insensitive character, R (read) or W (write);
//   5 Timestamp: seconds from the start of the trace, "s.d" (a real number);
//   6..n: optional fields, any content, any number, may differ per record.
// White space may follow a comma (spec: only between the comma and the next
// field; we also accept it before the comma). A zero Size moves no data and
// is a skipped line. The timestamp is read as an exact decimal; a whole
// number ("2") is accepted too, though the spec asks for "s.d".
// record.device is the ASU as written ("0", "1", ...).
#include "trace/impl/fields.h"
#include "trace/impl/formats.h"

namespace flashscope {

namespace {

using namespace trace_fields;

constexpr uint64_t kBlockBytes = 512;
constexpr uint32_t kNsDigits = 9;  // seconds -> ns: 9 fractional digits

constexpr std::string_view kLayout = "ASU,LBA,Size,Opcode,Timestamp";

class SpcFormat final : public ITraceFormat {
 public:
  std::string_view name() const override { return "spc"; }

  TraceLineKind ParseLine(std::string_view line, TraceRecord& record,
                          std::string& reason) override {
    if (Trim(line).empty()) return TraceLineKind::kSkip;
    std::array<std::string_view, 5> f;
    const size_t count = Split(line, ',', f);
    if (count < 5)
      return BadFieldCount(reason, "at least 5 comma-separated fields", kLayout, count);
    uint64_t asu = 0;
    if (!ParseU64(f[0], asu)) return BadField(reason, 1, "ASU", f[0], kNotWholeNumber);
    uint64_t lba = 0;
    if (!ParseU64(f[1], lba)) {
      return BadField(reason, 2, "LBA, 512-byte blocks", f[1], kNotWholeNumber);
    }
    if (!MultiplyU64(lba, kBlockBytes, record.offset_bytes)) {
      return BadField(reason, 2, "LBA, 512-byte blocks", f[1], kTooLarge);
    }
    if (!ParseU64(f[2], record.length_bytes)) {
      return BadField(reason, 3, "size, bytes", f[2], kNotWholeNumber);
    }
    if (!ParseReadWriteLetter(f[3], record.op)) {
      return BadField(reason, 4, "opcode", f[3], "is neither R nor W");
    }
    if (!ParseDecimalScaled(f[4], kNsDigits, record.time_ns)) {
      return BadField(reason, 5, "timestamp, seconds", f[4], "is not a non-negative number");
    }
    record.device = Trim(f[0]);
    return TraceLineKind::kRecord;
  }

  double Detect(const std::vector<std::string_view>& sample) const override {
    SpcFormat fresh;
    // The spec's "s.d" timestamp: a decimal point in field 5.
    return ScoreSample(fresh, sample, [](std::string_view line, const TraceRecord&) {
      std::array<std::string_view, 5> f;
      Split(line, ',', f);
      return f[4].find('.') != std::string_view::npos;
    });
  }
};

}  // namespace

std::unique_ptr<ITraceFormat> MakeSpcFormat() { return std::make_unique<SpcFormat>(); }

}  // namespace flashscope
