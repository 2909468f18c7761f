// blkparse's default text output (blktrace package, blkparse(1) "OUTPUT
// DESCRIPTION AND FORMATTING"; blkparse_fmt.c, process_default). Every event
// line starts with the header "%D %2c %8s %5T.%9t %5p %2a %3d":
//   maj,min  cpu  sequence  seconds.nanoseconds  pid  action  rwbs
// and queue (Q) and issue (D) events go on with "sector + sectors
// [process]" (with -t an "(elapsed)" before the process name; packet
// commands give "bytes (cdb) [process]" instead). Sectors are 512 bytes.
// After the events blkparse prints a summary: per-CPU and per-device
// blocks ("CPU0 (8,0):", "Total (8,0):" and their indented counters),
// "Throughput (R/W): ...", "Events (8,0): N entries", "Skips: ...".
//
// One block I/O appears as several events (Q queued, G get request, I
// inserted, D issued to the driver, C completed, M/F merged, ...); replaying
// them all would count it several times, so only the chosen action
// (TraceFormatOptions::blkparse_action, "Q" or "D") becomes records and
// every other event and the summary are kSkip. The rwbs field gives the
// operation (the kernel's blk_fill_rwbs): 'D' discard (trim), 'W' write,
// 'R' read; a leading 'F' asks for a cache flush before the I/O
// (record.preflush), an 'F' after the operation is Force Unit Access
// (record.fua, for writes). A flush without data ("F", "FN", or a
// preflush with no sector range such as the journal's "FWFS") is a kFlush
// record; 'N' events without a flush, packet commands (no sector range)
// and zero sectors are kSkip. device = "maj,min".
#include "trace/impl/fields.h"
#include "trace/impl/formats.h"
#include "util/input_error.h"

namespace flashscope {

namespace {

using namespace trace_fields;

constexpr uint64_t kSectorBytes = 512;
constexpr uint32_t kNsDigits = 9;  // seconds -> ns

bool IsDigits(std::string_view text) { return !text.empty() && AllDigits(text); }

// "8,0", "259,3": the device field that starts every event line.
bool IsDeviceNumber(std::string_view text) {
  const size_t comma = text.find(',');
  return comma != std::string_view::npos && IsDigits(text.substr(0, comma)) &&
         IsDigits(text.substr(comma + 1));
}

// "123.000456789": whole seconds and up to nine decimals (blkparse's
// "%5T.%9t"), read exactly; nothing looser (no sign, exponent or bare dot).
bool ParseSecondsToNs(std::string_view text, uint64_t& ns) {
  const size_t dot = text.find('.');
  if (!IsDigits(text.substr(0, dot))) return false;
  if (dot != std::string_view::npos) {
    const std::string_view fraction = text.substr(dot + 1);
    if (!IsDigits(fraction) || fraction.size() > kNsDigits) return false;
  }
  return ParseDecimalScaled(text, kNsDigits, ns);
}

// The summary's headings: "CPU0 (8,0):", "Total (8,0):" open blocks of
// counters; the others are single lines.
bool IsSummaryBlockHeading(std::string_view text) {
  if (text.starts_with("Total (")) return true;
  return text.starts_with("CPU") && text.size() > 3 && text[3] >= '0' && text[3] <= '9' &&
         text.find(" (") != std::string_view::npos;
}

bool IsSummaryLine(std::string_view text) {
  return IsSummaryBlockHeading(text) || text.starts_with("Throughput (") ||
         text.starts_with("Events (") || text.starts_with("Skips:");
}

class BlkparseFormat final : public ITraceFormat {
 public:
  explicit BlkparseFormat(std::string action) : action_(std::move(action)) {}

  std::string_view name() const override { return "blkparse"; }

  TraceLineKind ParseLine(std::string_view line, TraceRecord& record,
                          std::string& reason) override {
    std::array<std::string_view, 10> f;
    const size_t count = SplitWhitespace(line, f);
    if (count == 0) return TraceLineKind::kSkip;
    if (!IsDeviceNumber(f[0])) {
      const std::string_view text = Trim(line);
      if (IsSummaryBlockHeading(text)) in_summary_ = true;
      // Inside the summary every line (the indented counters) is skipped.
      if (in_summary_ || IsSummaryLine(text)) return TraceLineKind::kSkip;
      return BadField(reason, 1, "device", f[0],
                      "is not 'major,minor': not a blkparse event or summary line");
    }
    if (count < 7) {
      return BadFieldCount(reason, "at least 7 fields", "device cpu sequence time pid action rwbs",
                           count);
    }
    uint64_t number = 0;
    if (!ParseU64(f[1], number)) return BadField(reason, 2, "cpu", f[1], kNotWholeNumber);
    if (!ParseU64(f[2], number)) return BadField(reason, 3, "sequence", f[2], kNotWholeNumber);
    uint64_t time_ns = 0;
    if (!ParseSecondsToNs(f[3], time_ns)) {
      return BadField(reason, 4, "time", f[3], "is not seconds.nanoseconds");
    }
    if (!ParseU64(f[4], number)) return BadField(reason, 5, "pid", f[4], kNotWholeNumber);
    if (f[5] != action_) return TraceLineKind::kSkip;  // another event of the I/O's life

    // rwbs as the kernel writes it (blk_fill_rwbs): an optional 'F' for a
    // flush before the I/O (REQ_PREFLUSH), the operation (W write, D
    // discard, R read, F a bare flush, N none), then flags, where an 'F'
    // is Force Unit Access (e.g. "FWFS": flush, write, FUA, sync).
    const std::string_view rwbs = f[6];
    const bool preflush = rwbs.size() > 1 && rwbs[0] == 'F';
    const char letter = rwbs[preflush ? 1 : 0];
    const bool fua = rwbs.find('F', preflush ? 2 : 1) != std::string_view::npos;
    // "sector + sectors" (after it "[process]" or "(elapsed) [process]");
    // a packet command's "bytes (cdb) [process]" or a flush has none.
    const bool has_range = count >= 10 && f[8] == "+";
    uint64_t sector = 0;
    uint64_t sectors = 0;
    if (has_range) {
      if (!ParseU64(f[7], sector)) return BadField(reason, 8, "sector", f[7], kNotWholeNumber);
      if (!ParseU64(f[9], sectors))
        return BadField(reason, 10, "sector count", f[9], kNotWholeNumber);
    }
    record.time_ns = time_ns;
    record.device = f[0];
    record.fua = false;
    record.preflush = false;
    if (letter == 'F' || (preflush && sectors == 0)) {
      // A bare flush ("F"), or a flush with no data to follow ("FN", or
      // the journal's "FWFS" without a range): the drive's cache is flushed.
      record.op = IoOp::kFlush;
      record.offset_bytes = record.length_bytes = 0;
      return TraceLineKind::kRecord;
    }
    IoOp op;
    if (letter == 'D') {
      op = IoOp::kTrim;
    } else if (letter == 'W') {
      op = IoOp::kWrite;
    } else if (letter == 'R') {
      op = IoOp::kRead;
    } else {
      return TraceLineKind::kSkip;  // 'N': no data and no flush
    }
    // No sector range (a packet command) or no sectors: nothing to replay.
    if (sectors == 0) return TraceLineKind::kSkip;
    if (!MultiplyU64(sector, kSectorBytes, record.offset_bytes) ||
        !MultiplyU64(sectors, kSectorBytes, record.length_bytes) ||
        record.offset_bytes + record.length_bytes < record.offset_bytes) {
      reason = "the sector address or count is too large";
      return TraceLineKind::kBad;
    }
    record.fua = fua && op == IoOp::kWrite;
    record.preflush = preflush;
    record.op = op;
    return TraceLineKind::kRecord;
  }

  double Detect(const std::vector<std::string_view>& sample) const override {
    // Most events are not the chosen action (kSkip), so the share of
    // records says little; the signature is the event header itself: a
    // "maj,min" token followed by cpu, sequence, seconds.nanoseconds, pid,
    // a short action code and the rwbs letters.
    size_t lines = 0;
    size_t events = 0;
    size_t summary = 0;
    bool in_summary = false;
    for (std::string_view line : sample) {
      std::array<std::string_view, 7> f;
      const size_t count = SplitWhitespace(line, f);
      if (count == 0) continue;
      ++lines;
      if (IsEventHeader(f, count)) {
        ++events;
      } else {
        const std::string_view text = Trim(line);
        if (IsSummaryBlockHeading(text)) in_summary = true;
        if (in_summary || IsSummaryLine(text)) ++summary;
      }
    }
    if (events == 0) return 0;
    return static_cast<double>(events + summary) / static_cast<double>(lines);
  }

 private:
  static bool IsLetters(std::string_view text, size_t max) {
    if (text.empty() || text.size() > max) return false;
    for (char c : text) {
      if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) return false;
    }
    return true;
  }

  static bool IsEventHeader(const std::array<std::string_view, 7>& f, size_t count) {
    uint64_t ns = 0;
    return count >= 7 && IsDeviceNumber(f[0]) && IsDigits(f[1]) && IsDigits(f[2]) &&
           f[3].find('.') != std::string_view::npos && ParseSecondsToNs(f[3], ns) &&
           IsDigits(f[4]) && IsLetters(f[5], 2) && IsLetters(f[6], 8);
  }

  std::string action_;       // "Q" or "D"
  bool in_summary_ = false;  // past "CPU0 (8,0):" / "Total (8,0):"
};

}  // namespace

std::unique_ptr<ITraceFormat> MakeBlkparseFormat(const TraceFormatOptions& options) {
  if (options.blkparse_action != "Q" && options.blkparse_action != "D") {
    throw InputError("trace options", 0,
                     "blkparse_action '" + options.blkparse_action +
                         "' is neither Q (queued) nor D (issued to the driver)");
  }
  return std::make_unique<BlkparseFormat>(options.blkparse_action);
}

}  // namespace flashscope
