// ITraceFormat: one block-trace text format (docs/conventions.md convention 2: the
// trace-format extension point). Each implementation lives in its own file
// under impl/, cites the format's definition in its banner, and is listed
// once in trace_format_registry.cpp.
//
// Contract:
// - A format object parses one stream, line by line, in file order (some
//   formats keep state: fio iolog's version header and its v2 wait clock,
//   blkparse's chosen action). Make a fresh object per stream.
// - ParseLine gets one line without its line terminator ("\n" or "\r\n" are
//   stripped by the reader) and never more than kMaxTraceLineBytes long. It
//   must not allocate on the kRecord and kSkip paths (it runs once per line
//   of a multi-GB file), must not throw, and must accept any bytes (the
//   parsers are fuzzed): anything it cannot read is kBad with a reason.
// - kRecord: `record` is filled (time in ns of the trace's clock, op, byte
//   offset and length, device id, and the fua / preflush flags, which a
//   format without them leaves false). A zero length is still a record: the
//   scanner skips and counts those, one rule for every format, except a
//   kFlush, which carries no data.
// - kSkip: the line carries no I/O by the format's own definition: a blank
//   line, a header or comment line, a blkparse action other than the chosen
//   one or its summary section, a fio iolog file action (add/open/close) or
//   wait. Skipped lines are counted, never reported as errors.
// - kBad: `reason` says what is wrong in words a user acts on, naming the
//   field ("field 5 (size) 'abc' is not a number"); it is the only path
//   that may allocate.
// - Detect returns a confidence in [0, 1] that `sample` (the first lines of
//   a file, blank lines included, at most ~200) is in this format. It must be
//   a pure function of the sample (it runs on a fresh object) and cheap.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "trace/trace_record.h"

namespace flashscope {

// Longer lines are not text traces (the reader reports them as binary).
inline constexpr size_t kMaxTraceLineBytes = 4096;

enum class TraceLineKind { kRecord, kSkip, kBad };

// Format-specific settings, from the CLI / trace options JSON.
struct TraceFormatOptions {
  // blkparse: the one action replayed, "Q" (queued) or "D" (issued to the
  // driver); the other actions are skipped.
  std::string blkparse_action = "Q";
  // csv: the column mapping (trace/impl/csv.cpp documents the syntax),
  // e.g. "time=0:s,op=1,offset=2:bytes,length=3:bytes,device=4,header=1".
  // Required for csv; ignored by the other formats.
  std::string csv_columns;
};

class ITraceFormat {
 public:
  virtual ~ITraceFormat() = default;
  virtual std::string_view name() const = 0;
  virtual TraceLineKind ParseLine(std::string_view line, TraceRecord& record,
                                  std::string& reason) = 0;
  virtual double Detect(const std::vector<std::string_view>& sample) const = 0;
  // The step of the format's clock by its definition, in ns (Tencent CBS:
  // whole Unix seconds), or 0 when the format's times have no fixed step
  // and the scanner infers it from the records. A clock belongs to the
  // format, not to the records a replay keeps: one volume's records of a
  // single second still tick in seconds (TraceScanner).
  virtual uint64_t clock_tick_ns() const { return 0; }
};

// Constructs the format called `name` (one of kTraceFormatNames). Throws
// InputError (file "trace options", line 0) for an unknown name or bad
// format options (e.g. csv without a usable column mapping).
std::unique_ptr<ITraceFormat> MakeTraceFormat(std::string_view name,
                                              const TraceFormatOptions& options);

struct TraceFormatGuess {
  std::string format;  // empty when nothing reaches kMinTraceConfidence
  double confidence = 0;
};

// Below this, auto-detection gives up and asks the user to name the format.
inline constexpr double kMinTraceConfidence = 0.5;

// Every format's confidence on `sample`, best first (ties in
// kTraceFormatNames order). csv is offered only when options.csv_columns is
// set. The first entry is the detection; it is a guess the user may override.
std::vector<TraceFormatGuess> DetectTraceFormat(const std::vector<std::string_view>& sample,
                                                const TraceFormatOptions& options);

}  // namespace flashscope
