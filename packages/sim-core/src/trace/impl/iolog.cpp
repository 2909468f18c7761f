// fio iolog (read_iolog / write_iolog) trace files, versions 2 and 3 (fio
// HOWTO.rst, "Trace file format v2" and "Trace file format v3"; fio iolog.c,
// read_iolog and log_io_u):
//   v2: first line "fio version 2 iolog", then "filename action" (file
//       actions add / open / close) or "filename action offset length" with
//       action read / write / trim / sync / datasync / wait, offset and
//       length in bytes. "wait" waits `offset` microseconds, relative to the
//       previous wait (the HOWTO's words; see the note below).
//   v3: first line "fio version 3 iolog", then the same lines each prefixed
//       by a timestamp relative to the start of the run; "wait" is not
//       allowed. The timestamp is in microseconds: fio writes it with
//       utime_since_now() and replays the difference between two timestamps
//       through iolog_delay(), which counts microseconds (the HOWTO names no
//       unit; logs in fio issue #1537 show the µs values).
// Records: read -> kRead, write -> kWrite, trim -> kTrim. Skipped: the
// header, blank lines, file actions, sync / datasync / sync_file_range and
// zero-length I/O (no data moves) and v2 waits (they only advance the
// clock). device = the file name.
// Note on v2 waits: fio's replay code (read_iolog_get) actually treats the
// argument as milliseconds since the job started (fio issues #756, #1568),
// which contradicts its documentation; tools that write v2 waits follow the
// documentation, so this parser does too: each wait adds `offset` µs to
// the v2 clock, and the records after it carry that clock.
#include "trace/impl/fields.h"
#include "trace/impl/formats.h"

namespace flashscope {

namespace {

using namespace trace_fields;

constexpr std::string_view kHeaderV2 = "fio version 2 iolog";
constexpr std::string_view kHeaderV3 = "fio version 3 iolog";

class IologFormat final : public ITraceFormat {
 public:
  std::string_view name() const override { return "iolog"; }

  TraceLineKind ParseLine(std::string_view line, TraceRecord& record,
                          std::string& reason) override {
    const std::string_view text = Trim(line);
    if (text.empty()) return TraceLineKind::kSkip;
    // fio compares the first line with strncmp: the header is a prefix.
    if (text.starts_with(kHeaderV2)) {
      version_ = 2;
      return TraceLineKind::kSkip;
    }
    if (text.starts_with(kHeaderV3)) {
      version_ = 3;
      return TraceLineKind::kSkip;
    }
    if (version_ == 0) {
      reason = "line before the 'fio version 2 iolog' or 'fio version 3 iolog' header";
      return TraceLineKind::kBad;
    }
    std::array<std::string_view, 5> f;
    const size_t count = SplitWhitespace(text, f);
    if (version_ == 3) return ParseV3(f, count, record, reason);
    return ParseV2(f, count, record, reason);
  }

  double Detect(const std::vector<std::string_view>& sample) const override {
    // The header is the signature: fio refuses a log without it, and the
    // lines after it (file name, action word) parse as no other format.
    IologFormat fresh;
    TraceRecord record;
    std::string reason;
    size_t lines = 0;
    size_t understood = 0;
    bool header_first = false;
    for (std::string_view line : sample) {
      const std::string_view text = Trim(line);
      if (text.empty()) continue;
      if (lines == 0) header_first = text.starts_with(kHeaderV2) || text.starts_with(kHeaderV3);
      if (!header_first) return 0;
      ++lines;
      if (fresh.ParseLine(line, record, reason) != TraceLineKind::kBad) ++understood;
    }
    if (lines == 0) return 0;
    return 0.5 + 0.5 * static_cast<double>(understood) / static_cast<double>(lines);
  }

 private:
  enum class Action { kRead, kWrite, kTrim, kSync, kWait, kFile, kUnknown };

  static Action ActionOf(std::string_view word) {
    if (word == "read") return Action::kRead;
    if (word == "write") return Action::kWrite;
    if (word == "trim") return Action::kTrim;
    if (word == "sync" || word == "datasync" || word == "sync_file_range") return Action::kSync;
    if (word == "wait") return Action::kWait;
    if (word == "add" || word == "open" || word == "close") return Action::kFile;
    return Action::kUnknown;
  }

  // v2: "filename action" or "filename action offset length".
  TraceLineKind ParseV2(const std::array<std::string_view, 5>& f, size_t count, TraceRecord& record,
                        std::string& reason) {
    if (count < 2) {
      reason = "expected 'filename action [offset length]', found 1 field";
      return TraceLineKind::kBad;
    }
    const Action action = ActionOf(f[1]);
    if (action == Action::kWait) {
      // fio's reader wants four fields ("filename wait DELAY LENGTH", the
      // length unused); the three-field form is accepted too. fio sleeps
      // only for waits of 100 µs or more; the trace clock keeps them all.
      if (count < 3 || count > 4) {
        reason = "expected 'filename wait microseconds [length]', found " + std::to_string(count) +
                 " fields";
        return TraceLineKind::kBad;
      }
      uint64_t delay_us = 0;
      uint64_t delay_ns = 0;
      if (!ParseU64(f[2], delay_us)) return BadField(reason, 3, "wait (µs)", f[2], kNotWholeNumber);
      if (!MultiplyU64(delay_us, 1000, delay_ns) || clock_ns_ + delay_ns < clock_ns_) {
        reason = "the wait makes the trace clock overflow";
        return TraceLineKind::kBad;
      }
      clock_ns_ += delay_ns;
      return TraceLineKind::kSkip;
    }
    return ParseAction(action, f, 0, count, clock_ns_, record, reason);
  }

  // v3: "timestamp filename action" or "timestamp filename action offset length".
  TraceLineKind ParseV3(const std::array<std::string_view, 5>& f, size_t count, TraceRecord& record,
                        std::string& reason) {
    if (count < 3) {
      reason = "expected 'timestamp filename action [offset length]', found " +
               std::to_string(count) + (count == 1 ? " field" : " fields");
      return TraceLineKind::kBad;
    }
    uint64_t time_us = 0;
    uint64_t time_ns = 0;
    if (!ParseU64(f[0], time_us))
      return BadField(reason, 1, "timestamp (µs)", f[0], kNotWholeNumber);
    if (!MultiplyU64(time_us, 1000, time_ns)) {
      return BadField(reason, 1, "timestamp (µs)", f[0], kTooLarge);
    }
    const Action action = ActionOf(f[2]);
    if (action == Action::kWait) {
      reason = "'wait' is not allowed in a version 3 iolog (the timestamps give the timing)";
      return TraceLineKind::kBad;
    }
    return ParseAction(action, f, 1, count, time_ns, record, reason);
  }

  // The part after the v3 timestamp, shared by both versions: `first` is
  // the index of the file name.
  static TraceLineKind ParseAction(Action action, const std::array<std::string_view, 5>& f,
                                   size_t first, size_t count, uint64_t time_ns,
                                   TraceRecord& record, std::string& reason) {
    const size_t fields = count - first;  // file name, action, [offset, length]
    const int action_field = static_cast<int>(first) + 2;
    switch (action) {
      case Action::kUnknown:
        return BadField(reason, action_field, "action", f[first + 1],
                        first == 0 ? "is not one of add, open, close, read, write, trim, sync, "
                                     "datasync, wait"
                                   : "is not one of add, open, close, read, write, trim, sync, "
                                     "datasync");
      case Action::kFile:
        if (fields != 2) {
          reason = "file action '" + std::string(f[first + 1]) + "' takes no offset or length";
          return TraceLineKind::kBad;
        }
        return TraceLineKind::kSkip;
      case Action::kSync:
        // fio logs syncs with the I/O unit's offset and length; neither
        // moves data, so both shapes are accepted and skipped.
        if (fields != 2 && fields != 4) {
          reason = "expected '" + std::string(f[first + 1]) + "' with no offset and length or both";
          return TraceLineKind::kBad;
        }
        return TraceLineKind::kSkip;
      case Action::kWait:  // handled by the callers
      case Action::kRead:
      case Action::kWrite:
      case Action::kTrim:
        break;
    }
    if (fields != 4) {
      reason = "expected an offset and a length after '" + std::string(f[first + 1]) + "', found " +
               std::to_string(count) + " fields in all";
      return TraceLineKind::kBad;
    }
    if (!ParseU64(f[first + 2], record.offset_bytes)) {
      return BadField(reason, action_field + 1, "offset (bytes)", f[first + 2], kNotWholeNumber);
    }
    if (!ParseU64(f[first + 3], record.length_bytes)) {
      return BadField(reason, action_field + 2, "length (bytes)", f[first + 3], kNotWholeNumber);
    }
    if (record.offset_bytes + record.length_bytes < record.offset_bytes) {
      reason = "the offset plus the length is too large";
      return TraceLineKind::kBad;
    }
    record.op = action == Action::kRead    ? IoOp::kRead
                : action == Action::kWrite ? IoOp::kWrite
                                           : IoOp::kTrim;
    record.time_ns = time_ns;
    record.device = f[first];
    return TraceLineKind::kRecord;
  }

  int version_ = 0;        // 0 until the header line
  uint64_t clock_ns_ = 0;  // v2: the sum of the waits so far
};

}  // namespace

std::unique_ptr<ITraceFormat> MakeIologFormat() { return std::make_unique<IologFormat>(); }

}  // namespace flashscope
