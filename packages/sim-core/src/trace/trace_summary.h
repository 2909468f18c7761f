// TraceInspector: what a trace holds, before it is replayed — the CLI's
// `flashscope trace inspect`, the C API's fs_trace_open / fs_trace_scan /
// fs_trace_summary and through them the web UI's trace summary. Incremental:
// Scan reads a few more megabytes at a time, and the summary is valid (with
// done false) between scans, so a UI shows progress on a multi-GB trace.
//
// The summary describes what would replay with the given options: the volume
// filter, time window and max_requests select the counted records. Bad lines
// are always counted and the first kMaxBadLineExamples kept (inspection never
// stops at one, whatever options.bad_lines says; a truncated last line is
// one, with a note); binary input, and input none of whose lines reads as
// the format (naming its first bad line), still throw InputError.
//
// Summary JSON keys (protocol.ts TraceSummary):
//   name, format, confidence, candidates: [{format, confidence}], done,
//   bytes_read, size_bytes (null when unknown; both count the file as
//   stored, compressed or not, for progress), compression ("none", "gzip",
//   "bzip2", "xz", "zstd"), decompressed_bytes (text bytes read), lines,
//   requests, reads,
//   writes, trims, read_bytes, write_bytes, trim_bytes, flushes (cache
//   flushes the replay issues: flush records and flushes before an I/O;
//   not in requests), fua_writes (writes with Force Unit Access),
//   footprint_bytes (distinct 4 KiB blocks touched x 4096; each volume's
//   apart unless volume_placement is shared), footprint_estimated (false
//   while the footprint's fixed budget holds every touched page, and the
//   count is exact; true beyond: an estimate, FootprintBitmap),
//   max_offset_bytes (highest end offset), duration_s (first to last counted
//   record), iops (requests / duration_s, 0 when the duration is 0),
//   size_histogram: [{max_bytes: 512 | 1024 | ... | 1048576 | null, count}]
//   (a request counts in the first bucket it fits; null: larger),
//   interarrival_us: {mean, p50, p99, p999, max} (percentiles from fio's
//   log-linear histogram, exact below 17 s), out_of_order (records earlier
//   than a time read before them: sorted, or late), late_records (out of
//   order by more than the reorder window: they took an earlier time, or
//   were left out with late_records drop), clock_resolution_ns (gcd of the
//   steps between distinct times of every record, and the format's tick;
//   0 while unknown), repair_warnings: [{text, option, value}] (clock
//   repairs that decide the figures, and the option that replays without
//   each: TraceScanner::RepairWarnings; listed right after "done"),
//   comment_lines ('#' lines, also in skipped_lines), volumes (distinct
//   device ids, at most 65,536), notes: [sentences on sorting and spreading
//   the clock], devices: [{id, requests}] (top 16 by requests),
//   bad_lines, bad_line_examples: [{line, reason}], skipped_lines (lines
//   without I/O, zero-length records and comments included), preview: [the
//   first 20 lines].
// Times (duration_s, iops, interarrival_us) are those the replay would use:
// sorted and, for coarse clocks, spread (TraceOptions::clock).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>

#include "metrics/latency_histogram.h"
#include "trace/byte_input.h"
#include "trace/footprint_bitmap.h"
#include "trace/trace_options.h"
#include "trace/trace_scanner.h"

namespace flashscope {

class TraceInspector {
 public:
  // Detects the format (if "auto") from the first 64 KiB, rewinding after;
  // InputError when binary or undetectable (the message names the file and
  // the best guesses).
  TraceInspector(std::unique_ptr<IByteInput> input, const TraceOptions& options,
                 size_t chunk_bytes = kTraceChunkBytes);
  ~TraceInspector();
  TraceInspector(const TraceInspector&) = delete;
  TraceInspector& operator=(const TraceInspector&) = delete;

  // Reads about max_bytes more (whole lines); true when the whole input (or
  // everything the window / max_requests select) has been read.
  bool Scan(uint64_t max_bytes);
  bool done() const { return done_; }

  std::string SummaryJson() const;  // keys above; valid before Scan finishes (done=false)
  std::string SummaryText() const;  // what `trace inspect` prints without --json

  // Figures the tests and the CLI read directly.
  uint64_t requests() const { return requests_[0] + requests_[1] + requests_[2]; }
  uint64_t requests(IoOp op) const { return requests_[static_cast<size_t>(op)]; }
  uint64_t bytes(IoOp op) const { return bytes_[static_cast<size_t>(op)]; }
  uint64_t footprint_bytes() const { return footprint_.blocks() * 4096; }
  bool footprint_estimated() const { return footprint_.estimated(); }
  uint64_t flushes() const { return flushes_; }
  uint64_t fua_writes() const { return fua_writes_; }
  uint64_t max_offset_bytes() const { return max_offset_bytes_; }
  double duration_s() const;
  const TraceScanner& scanner() const { return *scanner_; }
  const TraceFormatChoice& format() const { return choice_; }

  // Size histogram bucket bounds: 512 B .. 1 MiB, then "larger".
  static constexpr size_t kSizeBuckets = 13;
  static constexpr size_t kTopDevices = 16;
  // Distinct device ids counted one by one; later new ones are lumped
  // together (a trace with more volumes than this is filtered by --volume).
  static constexpr size_t kMaxDevices = 65536;

 private:
  void Count(const ScannedRecord& scanned);
  void CountDevice(std::string_view device);

  std::unique_ptr<IByteInput> input_;
  TraceOptions options_;
  TraceFormatChoice choice_;
  std::unique_ptr<TraceScanner> scanner_;
  bool done_ = false;

  std::array<uint64_t, 3> requests_{};
  std::array<uint64_t, 3> bytes_{};
  uint64_t flushes_ = 0;
  uint64_t fua_writes_ = 0;
  std::array<uint64_t, kSizeBuckets> size_histogram_{};
  uint64_t max_offset_bytes_ = 0;
  uint64_t first_ns_ = 0;
  uint64_t last_ns_ = 0;
  LatencyHistogram interarrival_;
  FootprintBitmap footprint_;
  std::unordered_map<std::string, uint64_t> devices_;
  std::string device_key_;                 // reused for lookups
  std::string last_device_;                // the previous record's id
  uint64_t* last_device_count_ = nullptr;  // its counter in devices_
  uint64_t other_devices_requests_ = 0;    // beyond kMaxDevices
};

}  // namespace flashscope
