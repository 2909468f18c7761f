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
// have a length, or are flushes) go through a ReorderBuffer of
// kTraceReorderRecords, so records out of order by fewer records than that
// come out sorted; the earliest is time 0. A record still earlier than one
// already returned (disorder wider than the window) takes that one's time
// (counted as late; TraceOptions::late_records drop leaves it out), so
// times never decrease. out_of_order counts the records earlier than a time
// read before them, whatever the clock option: the records sorting moves
// (the notes' count) plus the late ones.
//
// The clock's resolution is the gcd of the differences between successive
// distinct times of EVERY record the format reads, the volume filter's
// left-outs included, seeded with the format's own tick
// (ITraceFormat::clock_tick_ns, e.g. Tencent's seconds) or a
// "# flashscope clock_tick_ns=N" comment line (which `trace split` writes
// into each volume's file): the clock is the trace's, so one volume's
// records that share one second still tick in seconds. With "spread" and a
// coarse clock (resolution >= kCoarseClockNs), the n records of one tick
// are spread evenly across it (the k-th at tick + k * resolution / n), as
// they were issued across it, not at once; n is what the window holds when
// the tick begins (a tick with more records than the window, or later
// stragglers, squeeze into its end; counted as overfull ticks and noted).
// "as_is" is the old rule: a window of one record, ticks kept.
//
// Repairs that decide the figures (RepairWarnings): sorting that stretches
// the span (a record far earlier than the file's first put first), or late
// records past kRepairMovedShare of the records, are said first in every
// summary, with the option that replays without the repair.
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
// The comment line that states a trace's clock tick (trace split writes it).
inline constexpr std::string_view kClockTickDirective = "# flashscope clock_tick_ns=";
// A repair decides the figures when it moves more than this share of the
// records to an earlier record's time, or stretches the span by more than
// kRepairSpanShare (and by more than one tick of the clock).
inline constexpr double kRepairMovedShare = 0.01;
inline constexpr double kRepairSpanShare = 0.10;

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

// A repair of the trace's clock that decides the figures, and the option
// (a TraceOptions JSON key and value) that replays without it.
struct TraceRepairWarning {
  std::string text;
  std::string option;  // "clock" | "late_records"
  std::string value;   // "as_is" | "spread" | "drop"
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
  // Throws InputError for binary input, (bad_lines stop) the first bad
  // line, a truncated last line included, and an input none of whose
  // lines reads as the format (naming the first bad line: a wrong
  // --format, whatever bad_lines says).
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
  // Records earlier than the latest time read before them: those sorting
  // moves and the late ones.
  uint64_t out_of_order() const { return displaced_records_; }
  uint64_t comment_lines() const { return comment_lines_; }
  // Records the window could not sort (they took an earlier record's time,
  // or were dropped with late_records drop).
  uint64_t late_records() const { return late_records_; }
  uint64_t dropped_late_records() const { return dropped_late_records_; }
  // The line of a truncated last line counted as bad (bad_lines skip), or 0.
  uint64_t truncated_line() const { return truncated_line_; }
  // How far the most out-of-order record was behind the latest time before it.
  uint64_t max_disorder_ns() const { return max_disorder_ns_; }
  // gcd of the differences between successive distinct record times and
  // the format's (or the file's stated) tick; 0 until known.
  uint64_t clock_resolution_ns() const { return resolution_ns_; }
  // The coarse tick the scan treats the clock as (resolution >=
  // kCoarseClockNs when the first record left the window, whatever the
  // clock option; 0 for a fine clock). `trace split` states it in its files.
  uint64_t coarse_tick_ns() const { return coarse_tick_ns_; }
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
  // The repairs that decide the figures so far (see the banner), with the
  // option that replays without each; empty when none does.
  std::vector<TraceRepairWarning> RepairWarnings() const;

 private:
  void OnBadLine(const std::string& reason);
  // At the end of the input: an input with bad lines and no record is read
  // with the wrong format; InputError naming its first bad line.
  void CheckSomeLineParsed() const;
  // The next record of the file that passes the volume filter and has a
  // length, into the reorder window; false at the end or at the pause point.
  bool ReadIntoWindow();
  // Every record's time, kept or not: the clock's resolution.
  void NoteClockStep(uint64_t time_ns);
  // A kept record's time: order and disorder.
  void NoteTime(uint64_t time_ns, uint64_t line);
  // A '#' line stating the clock's tick (kClockTickDirective).
  void ReadClockDirective(std::string_view line);

  IByteInput& input_;
  TraceOptions options_;
  std::unique_ptr<ITraceFormat> format_;
  LineReader reader_;
  std::string reason_;  // reused for bad lines' reasons
  uint64_t window_start_ns_ = 0;
  uint64_t window_end_ns_ = UINT64_MAX;

  bool have_base_ = false;
  uint64_t base_ns_ = 0;        // time of the first kept record
  uint64_t first_read_ns_ = 0;  // the first kept record's time as written (file order)
  uint64_t max_read_ns_ = 0;    // the latest time read so far
  uint64_t min_read_ns_ = 0;    // the earliest time read so far, and its line
  uint64_t min_read_line_ = 0;
  uint64_t effective_ns_ = 0;  // the previous returned record's time, non-decreasing
  uint64_t records_ = 0;
  uint64_t bad_lines_ = 0;
  uint64_t skipped_lines_ = 0;
  uint64_t zero_length_records_ = 0;
  uint64_t filtered_records_ = 0;
  uint64_t comment_lines_ = 0;
  uint64_t late_records_ = 0;
  uint64_t dropped_late_records_ = 0;
  uint64_t parsed_records_ = 0;  // kRecord lines, whatever the filter
  uint64_t first_bad_line_ = 0;  // and its reason, for a wrong format
  std::string first_bad_reason_;
  uint64_t truncated_line_ = 0;
  uint64_t clock_last_ns_ = 0;  // the previous parsed record's time (every volume)
  uint64_t coarse_tick_ns_ = 0;
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
// "repair_warnings": [{text, option, value}] (TraceScanner::RepairWarnings).
void WriteRepairWarnings(json::Writer& out, const TraceScanner& scan);
// The warnings as the text summaries print them, first: "warning: ...\n".
std::string RepairWarningsText(const TraceScanner& scan);

}  // namespace flashscope
