// TraceScanner: the records of a trace that a replay (TraceSource) or an
// inspection (TraceInspector) uses, in file order, with the replay options
// that select records applied: the volume filter, the time window and
// max_requests. It reads lines through a LineReader, parses them with the
// chosen ITraceFormat, counts what it leaves out, and stops or continues on
// a bad line as TraceOptions::bad_lines says.
//
// Comments: a line whose first non-blank character is '#' is a comment in
// every format (blkparse captures and hand-edited files start with them):
// counted in comment_lines (and in skipped_lines), never parsed, never bad.
//
// Time (TraceOptions::clock): records that pass the volume filter (and
// have a length) go through a ReorderBuffer of kTraceReorderRecords, so
// records out of order by fewer records than that come out sorted; the
// earliest is time 0. A record still earlier than one already returned
// (disorder wider than the window) takes that one's time (counted as late),
// so times never decrease. out_of_order counts records earlier than their
// file predecessor, whatever the clock option. The clock's resolution is
// the gcd of the differences between successive distinct times. With
// "spread" and a coarse clock (resolution >= kCoarseClockNs, e.g. Tencent
// CBS's whole seconds), the n records of one tick are spread evenly across
// it (the k-th at tick + k * resolution / n), as they were issued across it,
// not at once; n is what the window holds when the tick begins (a tick with
// more records than the window, or later stragglers, squeeze into its end;
// counted as overfull ticks and noted). "as_is" is the old rule:
// a window of one record, ticks kept.
//
// The window keeps records from window_start_s to window_end_s; relative_ns
// of a returned record counts from the window's start, so a replay starts
// at the window. Reading stops at the first record past the window's end.
//
// Per record nothing is allocated: lines are views into the reader's
// buffer, formats parse without allocating. Only bad lines allocate (their
// reason, and the first kMaxBadLineExamples are kept).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "trace/byte_input.h"
#include "trace/i_trace_format.h"
#include "trace/line_reader.h"
#include "trace/reorder_buffer.h"
#include "trace/trace_options.h"
#include "trace/trace_record.h"
#include "trace/volume_table.h"
#include "util/json.h"

namespace flashscope {

// Detection reads at most this much of the start of a trace.
inline constexpr size_t kTraceDetectBytes = 64 * 1024;
inline constexpr size_t kTraceDetectLines = 200;
inline constexpr size_t kTracePreviewLines = 20;
inline constexpr size_t kMaxBadLineExamples = 20;
// The reorder window: 65,536 records x 48 bytes = 3 MiB at most. It sorts
// the Tencent CBS sample (its two seconds interleave over the first 26,937
// records) and holds its busiest second whole (48,703 records), so that
// second is spread evenly.
inline constexpr size_t kTraceReorderRecords = 65536;
// Clocks at least this coarse have their shared ticks spread.
inline constexpr uint64_t kCoarseClockNs = 1'000'000;

// The format a trace is read with and how sure detection is of it.
struct TraceFormatChoice {
  std::string format;
  double confidence = 0;                     // detection's confidence in `format`
  std::vector<TraceFormatGuess> candidates;  // every format's, best first
  std::vector<std::string> preview;          // the first kTracePreviewLines lines
};

// Reads the first kTraceDetectBytes of `input` (then rewinds it) and picks
// options.format, or with "auto" the best detected format. InputError naming
// the input when it is empty, binary, or no format reaches
// kMinTraceConfidence (the message lists the best guesses and how to name
// the format).
TraceFormatChoice ChooseTraceFormat(IByteInput& input, const TraceOptions& options);

struct BadTraceLine {
  uint64_t line = 0;
  std::string reason;
};

struct ScannedRecord {
  // As the format read it, but time_ns is the time the record replays at
  // (sorted, spread) on the trace's clock; device is valid while the
  // scanner lives.
  TraceRecord record;
  uint64_t relative_ns = 0;  // since the window's start (non-decreasing)
  uint64_t line = 0;
  uint32_t volume = 0;  // index of record.device in volumes()
};

class TraceScanner {
 public:
  // `input` must outlive the scanner. `chunk_bytes`: see LineReader.
  TraceScanner(IByteInput& input, const TraceOptions& options, const std::string& format,
               size_t chunk_bytes = kTraceChunkBytes);

  // The next selected record; false at the end of the input, past the
  // window's end, after max_requests records, or (paused() true) when
  // bytes_consumed() reached the pause point set by PauseAt.
  // Throws InputError for binary input, a truncated last line that does not
  // parse, and (bad_lines stop) the first bad line.
  bool Next(ScannedRecord& out);

  // Next returns false (paused) once this many bytes of the input have been
  // consumed; a later call continues. UINT64_MAX: never.
  void PauseAt(uint64_t consumed_bytes) {
    pause_at_bytes_ = consumed_bytes;
    paused_ = false;
  }
  bool paused() const { return paused_; }
  // Read to the end, or stopped by the window / max_requests.
  bool finished() const { return finished_; }

  // Back to the start of the input with every count at zero.
  void Rewind();

  const std::string& name() const { return input_.name(); }
  // Bytes of text consumed (decompressed when the trace is compressed).
  uint64_t bytes_consumed() const { return reader_.bytes_consumed(); }
  // The trace file as stored, for progress: its size (UINT64_MAX when
  // unknown) and how much of it has been read. For a compressed trace that
  // is the compressed file, whose decoded size is unknown until the end;
  // otherwise the file itself and the bytes consumed.
  uint64_t size_bytes() const;
  uint64_t file_bytes_read() const;
  // "none", "gzip", "bzip2", "xz" or "zstd" (trace/compressed_input.h).
  std::string_view compression() const { return input_.compression(); }
  uint64_t lines() const { return reader_.line_number(); }
  uint64_t records() const { return records_; }  // returned by Next
  uint64_t bad_lines() const { return bad_lines_; }
  // Lines without I/O by the format's definition, plus zero-length records.
  uint64_t skipped_lines() const { return skipped_lines_ + zero_length_records_; }
  uint64_t zero_length_records() const { return zero_length_records_; }
  // Records left out by the volume filter or before the window.
  uint64_t filtered_records() const { return filtered_records_; }
  uint64_t out_of_order() const { return out_of_order_; }
  uint64_t comment_lines() const { return comment_lines_; }
  // Records the window could not sort (they took an earlier record's time).
  uint64_t late_records() const { return late_records_; }
  // Records earlier than the latest time read before them (what sorting
  // moves; out_of_order counts only drops below the predecessor).
  uint64_t displaced_records() const { return displaced_records_; }
  // How far the most out-of-order record was behind the latest time before it.
  uint64_t max_disorder_ns() const { return max_disorder_ns_; }
  // gcd of the differences between successive distinct record times (0
  // until two distinct times were read).
  uint64_t clock_resolution_ns() const { return resolution_ns_; }
  // The tick whose shared records were spread (0: none spread), and how
  // many records moved off their tick's start.
  uint64_t spread_tick_ns() const { return spread_tick_ns_; }
  uint64_t spread_records() const { return spread_records_; }
  uint64_t max_records_per_tick() const { return max_records_per_tick_; }
  // Ticks that filled the whole window when they began: their records
  // beyond the window's count were squeezed toward the tick's end.
  uint64_t overfull_ticks() const { return overfull_ticks_; }
  size_t reorder_window_records() const { return reorder_.capacity(); }
  const VolumeTable& volumes() const { return volumes_; }
  const std::vector<BadTraceLine>& bad_line_examples() const { return bad_examples_; }
  // Sentences for the user about what the clock handling did (sorted,
  // spread, late records); empty when the trace needed none.
  std::vector<std::string> ClockNotes() const;

 private:
  void OnBadLine(const std::string& reason);
  // The next record of the file that passes the volume filter and has a
  // length, into the reorder window; false at the end or at the pause point.
  bool ReadIntoWindow();
  void NoteTime(uint64_t time_ns);

  IByteInput& input_;
  TraceOptions options_;
  std::unique_ptr<ITraceFormat> format_;
  LineReader reader_;
  std::string reason_;  // reused for bad lines' reasons
  uint64_t window_start_ns_ = 0;
  uint64_t window_end_ns_ = UINT64_MAX;

  bool have_base_ = false;
  uint64_t base_ns_ = 0;       // time of the first kept record
  uint64_t last_time_ns_ = 0;  // the previous record read's time as written (file order)
  uint64_t max_read_ns_ = 0;   // the latest time read so far
  uint64_t effective_ns_ = 0;  // the previous returned record's time, non-decreasing
  uint64_t records_ = 0;
  uint64_t bad_lines_ = 0;
  uint64_t skipped_lines_ = 0;
  uint64_t zero_length_records_ = 0;
  uint64_t filtered_records_ = 0;
  uint64_t out_of_order_ = 0;
  uint64_t comment_lines_ = 0;
  uint64_t late_records_ = 0;
  uint64_t displaced_records_ = 0;
  uint64_t max_disorder_ns_ = 0;
  uint64_t resolution_ns_ = 0;
  uint64_t sequence_ = 0;        // records read into the window
  bool input_ended_ = false;     // the reader reached the end of the input
  uint64_t spread_tick_ns_ = 0;  // fixed when the first record leaves the window
  bool spread_decided_ = false;
  uint64_t tick_time_ns_ = 0;  // the raw time of the tick being returned
  uint64_t tick_records_ = 0;  // records of that tick counted when it began
  uint64_t tick_index_ = 0;    // the next record's position in it
  uint64_t spread_records_ = 0;
  uint64_t max_records_per_tick_ = 0;
  uint64_t overfull_ticks_ = 0;
  uint64_t last_emitted_raw_ns_ = 0;  // the latest raw time returned so far
  ReorderBuffer reorder_;
  VolumeTable volumes_;
  std::vector<BadTraceLine> bad_examples_;
  uint64_t pause_at_bytes_ = UINT64_MAX;
  bool paused_ = false;
  bool finished_ = false;
};

// The figures the inspection summary and the replay report both write:
// "size_bytes" (null when the input's size is unknown, e.g. a pipe) and
// "bad_lines" with "bad_line_examples" [{line, reason}].
void WriteScanSize(json::Writer& out, const TraceScanner& scan);
// "compression" ("none", "gzip", "bzip2", "xz", "zstd") and
// "decompressed_bytes" (text bytes consumed; bytes_read counts the file as
// stored, so the two differ only for a compressed trace).
void WriteScanCompression(json::Writer& out, const TraceScanner& scan);
void WriteBadLines(json::Writer& out, const TraceScanner& scan);

}  // namespace flashscope
