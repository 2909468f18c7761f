#include "trace/trace_scanner.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <numeric>

#include "trace/note_text.h"
#include "trace/trace_format_names.h"
#include "util/input_error.h"

namespace flashscope {

namespace {

std::string Confidence(double confidence) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", confidence);
  return text;
}

// Seconds -> ns, saturating (a window end of 1e12 s means "to the end").
uint64_t SecondsToNs(double seconds) {
  const double ns = std::round(seconds * 1e9);
  return ns >= 1.8e19 ? UINT64_MAX : static_cast<uint64_t>(ns);
}

// A line whose first non-blank character is '#'.
bool IsCommentLine(std::string_view line) {
  for (char c : line) {
    if (c == ' ' || c == '\t') continue;
    return c == '#';
  }
  return false;
}

}  // namespace

TraceFormatChoice ChooseTraceFormat(IByteInput& input, const TraceOptions& options) {
  std::string head(kTraceDetectBytes, '\0');
  size_t have = 0;
  bool at_end = false;
  while (have < head.size()) {
    const size_t n = input.Read(reinterpret_cast<uint8_t*>(head.data() + have), head.size() - have);
    if (n == 0) {
      at_end = true;
      break;
    }
    have += n;
  }
  head.resize(have);
  input.Rewind();
  const std::string& name = input.name();
  if (have == 0) throw InputError(name, 0, "the file is empty (no trace records)");
  if (const void* nul = std::memchr(head.data(), '\0', have)) {
    throw InputError(name, 0,
                     "binary data at byte " +
                         std::to_string(static_cast<const char*>(nul) - head.data()) +
                         NotATextTrace(input));
  }

  // The first lines, as the LineReader would return them.
  std::vector<std::string_view> sample;
  std::vector<std::string> preview;
  size_t choice_preview_lines = 0;
  size_t start = LeadingByteOrderMarkBytes(head);
  size_t sample_lines = 0;
  while (start < have && sample_lines < kTraceDetectLines) {
    ++sample_lines;
    const size_t newline = head.find('\n', start);
    if (newline == std::string::npos && !at_end) break;  // cut by the 64 KiB read
    const size_t end = newline == std::string::npos ? have : newline;
    std::string_view line(head.data() + start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.size() > kMaxTraceLineBytes) {
      throw InputError(name, 0,
                       "binary data at byte " + std::to_string(start + kMaxTraceLineBytes) +
                           NotATextTrace(input) + ": line " + std::to_string(sample_lines) +
                           " is longer than " + std::to_string(kMaxTraceLineBytes) + " bytes");
    }
    // Comment lines are no format's (the scanner counts them apart), so
    // they neither help nor hurt detection; the preview still shows them.
    if (choice_preview_lines < kTracePreviewLines) {
      preview.emplace_back(line);
      ++choice_preview_lines;
    }
    if (!IsCommentLine(line)) sample.push_back(line);
    if (newline == std::string::npos) break;
    start = newline + 1;
  }
  if (sample_lines == 0) {
    throw InputError(name, 0,
                     "binary data at byte " + std::to_string(kMaxTraceLineBytes) +
                         NotATextTrace(input) + ": line 1 is longer than " +
                         std::to_string(kMaxTraceLineBytes) + " bytes");
  }

  TraceFormatChoice choice;
  choice.preview = std::move(preview);
  choice.candidates = DetectTraceFormat(sample, options.format_options);
  if (options.format != "auto") {
    MakeTraceFormat(options.format, options.format_options);  // validates the name and options
    choice.format = options.format;
    for (const TraceFormatGuess& guess : choice.candidates) {
      if (guess.format == options.format) choice.confidence = guess.confidence;
    }
    return choice;
  }
  if (choice.candidates.empty() || choice.candidates[0].confidence < kMinTraceConfidence) {
    std::string guesses;
    for (const TraceFormatGuess& guess : choice.candidates) {
      if (guess.confidence <= 0 || guesses.size() > 60) continue;
      guesses += (guesses.empty() ? "" : ", ") + guess.format + " " + Confidence(guess.confidence);
    }
    std::string names;
    for (std::string_view each : kTraceFormatNames) {
      names += (names.empty() ? "" : ", ") + std::string(each);
    }
    throw InputError(
        name, 0,
        "cannot tell the trace format from its first lines (" +
            (guesses.empty() ? std::string("no format reads them") : "best guesses: " + guesses) +
            "); name the format (--format / \"format\": " + names +
            "; csv also needs a column mapping, --csv-columns / \"csv_columns\")");
  }
  choice.format = choice.candidates[0].format;
  choice.confidence = choice.candidates[0].confidence;
  return choice;
}

TraceScanner::TraceScanner(IByteInput& input, const TraceOptions& options,
                           const std::string& format, size_t chunk_bytes)
    : input_(input),
      options_(options),
      format_(MakeTraceFormat(format, options.format_options)),
      reader_(input, chunk_bytes),
      reorder_(options.clock == TraceClock::kAsIs ? 1 : kTraceReorderRecords) {
  window_start_ns_ = SecondsToNs(options.window_start_s);
  if (options.window_end_s >= 0) window_end_ns_ = SecondsToNs(options.window_end_s);
  reason_.reserve(256);
  resolution_ns_ = format_->clock_tick_ns();
}

void TraceScanner::Rewind() {
  reader_.Rewind();
  // Formats keep state (fio iolog's header and clock): a fresh one per pass.
  format_ = MakeTraceFormat(format_->name(), options_.format_options);
  have_base_ = false;
  base_ns_ = first_read_ns_ = max_read_ns_ = min_read_ns_ = min_read_line_ = effective_ns_ = 0;
  records_ = bad_lines_ = skipped_lines_ = zero_length_records_ = filtered_records_ = 0;
  comment_lines_ = late_records_ = dropped_late_records_ = max_disorder_ns_ = 0;
  parsed_records_ = first_bad_line_ = truncated_line_ = clock_last_ns_ = coarse_tick_ns_ = 0;
  first_bad_reason_.clear();
  resolution_ns_ = format_->clock_tick_ns();
  displaced_records_ = 0;
  sequence_ = 0;
  input_ended_ = false;
  spread_tick_ns_ = 0;
  spread_decided_ = false;
  tick_time_ns_ = tick_records_ = tick_index_ = spread_records_ = max_records_per_tick_ = 0;
  overfull_ticks_ = 0;
  last_emitted_raw_ns_ = 0;
  reorder_.Clear();
  // volumes_ is kept: a second pass sees the same ids in the same order.
  bad_examples_.clear();
  pause_at_bytes_ = UINT64_MAX;
  paused_ = finished_ = false;
}

void TraceScanner::OnBadLine(const std::string& reason) {
  const uint64_t line = reader_.line_number();
  // A last line cut short is a truncated file: the reason says so, so the
  // user knows the trace is incomplete; otherwise it is a bad line like
  // any other (skipped and counted under bad_lines skip).
  const bool truncated = reader_.last_line_unterminated();
  const std::string problem = truncated ? "truncated last line: " + reason : reason;
  if (first_bad_line_ == 0) {
    first_bad_line_ = line;
    first_bad_reason_ = problem;
  }
  // Not one line read as the format, to the end: the format is wrong (its
  // first bad line says why), not the file's last line.
  if (truncated && parsed_records_ == 0) CheckSomeLineParsed();
  if (options_.bad_lines == BadLinePolicy::kStop) {
    throw InputError(input_.name(), static_cast<uint32_t>(line),
                     problem + " (use bad_lines skip / --bad-lines skip to skip such lines)");
  }
  ++bad_lines_;
  if (truncated) truncated_line_ = line;
  if (bad_examples_.size() < kMaxBadLineExamples) bad_examples_.push_back({line, problem});
}

void TraceScanner::CheckSomeLineParsed() const {
  if (parsed_records_ > 0 || first_bad_line_ == 0) return;
  throw InputError(input_.name(), static_cast<uint32_t>(first_bad_line_),
                   first_bad_reason_ + " (no line of the file reads as " +
                       std::string(format_->name()) +
                       ": is it another format? --format / \"format\" names it, or auto "
                       "detects it)");
}

void TraceScanner::NoteClockStep(uint64_t time_ns) {
  // A 1 ns clock stays 1 ns: no gcd per record once it got there (a trace
  // with a fine clock, most of them, pays the Euclid loop only until its
  // first odd step).
  if (parsed_records_ > 0 && time_ns != clock_last_ns_ && resolution_ns_ != 1) {
    const uint64_t step =
        time_ns > clock_last_ns_ ? time_ns - clock_last_ns_ : clock_last_ns_ - time_ns;
    resolution_ns_ = std::gcd(resolution_ns_, step);
  }
  clock_last_ns_ = time_ns;
  ++parsed_records_;
}

void TraceScanner::NoteTime(uint64_t time_ns, uint64_t line) {
  if (sequence_ == 0) {
    first_read_ns_ = max_read_ns_ = min_read_ns_ = time_ns;
    min_read_line_ = line;
    return;
  }
  if (time_ns < max_read_ns_) {
    ++displaced_records_;
    max_disorder_ns_ = std::max(max_disorder_ns_, max_read_ns_ - time_ns);
  }
  max_read_ns_ = std::max(max_read_ns_, time_ns);
  if (time_ns < min_read_ns_) {
    min_read_ns_ = time_ns;
    min_read_line_ = line;
  }
}

void TraceScanner::ReadClockDirective(std::string_view line) {
  const size_t at = line.find(kClockTickDirective);
  if (at == std::string_view::npos) return;
  uint64_t tick = 0;
  for (char c : line.substr(at + kClockTickDirective.size())) {
    if (c < '0' || c > '9' || tick > UINT64_MAX / 10) break;
    tick = tick * 10 + static_cast<uint64_t>(c - '0');
  }
  if (tick == 0) return;
  // Before the first record: it seeds the clock as a format's tick does.
  resolution_ns_ = std::gcd(resolution_ns_, tick);
}

bool TraceScanner::ReadIntoWindow() {
  std::string_view line;
  TraceRecord record;
  while (true) {
    if (reader_.bytes_consumed() >= pause_at_bytes_) {
      paused_ = true;
      return false;
    }
    if (!reader_.Next(line)) {
      input_ended_ = true;
      CheckSomeLineParsed();
      return false;
    }
    const TraceLineKind kind = format_->ParseLine(line, record, reason_);
    // Comments are asked of the format first: csv's header=N counts them
    // when they head the file.
    if (kind != TraceLineKind::kRecord && IsCommentLine(line)) {
      ++comment_lines_;
      ++skipped_lines_;
      if (parsed_records_ == 0) ReadClockDirective(line);
      continue;
    }
    switch (kind) {
      case TraceLineKind::kSkip:
        ++skipped_lines_;
        continue;
      case TraceLineKind::kBad:
        OnBadLine(reason_);
        continue;
      case TraceLineKind::kRecord:
        break;
    }
    NoteClockStep(record.time_ns);
    if (!options_.volume.empty() && record.device != options_.volume) {
      ++filtered_records_;
      continue;
    }
    if (record.length_bytes == 0 && record.op != IoOp::kFlush) {
      ++zero_length_records_;
      continue;
    }
    NoteTime(record.time_ns, reader_.line_number());
    PendingTraceRecord pending;
    pending.time_ns = record.time_ns;
    pending.offset_bytes = record.offset_bytes;
    pending.length_bytes = record.length_bytes;
    pending.sequence = sequence_++;
    pending.line = reader_.line_number();
    pending.volume = volumes_.IndexOf(record.device);
    pending.op = record.op;
    pending.fua = record.fua;
    pending.preflush = record.preflush;
    reorder_.Push(pending);
    return true;
  }
}

bool TraceScanner::Next(ScannedRecord& out) {
  if (finished_) return false;
  if (options_.max_requests > 0 && records_ >= options_.max_requests) {
    finished_ = true;
    return false;
  }
  paused_ = false;
  while (true) {
    while (!input_ended_ && !reorder_.full()) {
      if (!ReadIntoWindow()) {
        if (paused_) return false;
      }
    }
    if (reorder_.empty()) {
      finished_ = true;
      return false;
    }
    if (!spread_decided_) {
      // Decided once, from the whole window (or the whole trace when it is
      // shorter), so every tick of the run is treated alike.
      spread_decided_ = true;
      if (resolution_ns_ >= kCoarseClockNs) coarse_tick_ns_ = resolution_ns_;
      if (options_.clock == TraceClock::kSpread) spread_tick_ns_ = coarse_tick_ns_;
    }
    const bool new_tick = !have_base_ || reorder_.Earliest().time_ns != tick_time_ns_;
    if (new_tick && spread_tick_ns_ > 0 && reorder_.Earliest().time_ns >= last_emitted_raw_ns_) {
      tick_time_ns_ = reorder_.Earliest().time_ns;
      tick_records_ = reorder_.CountAtEarliestTime();
      tick_index_ = 0;
      if (tick_records_ == reorder_.size() && reorder_.full() && !input_ended_) ++overfull_ticks_;
      max_records_per_tick_ = std::max(max_records_per_tick_, tick_records_);
    }
    const PendingTraceRecord pending = reorder_.PopEarliest();
    uint64_t time_ns = pending.time_ns;
    if (!have_base_) {
      have_base_ = true;
      base_ns_ = effective_ns_ = last_emitted_raw_ns_ = time_ns;
    }
    if (time_ns < last_emitted_raw_ns_) {
      // Wider disorder than the window: takes effective_ns_ below, or is
      // left out.
      ++late_records_;
      if (options_.late_records == LateRecords::kDrop) {
        ++dropped_late_records_;
        continue;
      }
    } else {
      last_emitted_raw_ns_ = time_ns;
      if (spread_tick_ns_ > 0 && time_ns == tick_time_ns_) {
        // Stragglers beyond the count squeeze toward the tick's end.
        const uint64_t share = std::max(tick_records_, tick_index_ + 1);
        const uint64_t offset_ns = static_cast<uint64_t>(
            static_cast<unsigned __int128>(tick_index_) * spread_tick_ns_ / share);
        if (offset_ns > 0) ++spread_records_;
        time_ns += offset_ns;
        ++tick_index_;
      }
    }
    if (time_ns > effective_ns_) effective_ns_ = time_ns;
    const uint64_t since_first_ns = effective_ns_ - base_ns_;
    if (since_first_ns < window_start_ns_) {
      ++filtered_records_;
      continue;
    }
    if (since_first_ns > window_end_ns_) {
      finished_ = true;
      return false;
    }
    TraceRecord& record = out.record;
    record.time_ns = effective_ns_;
    record.op = pending.op;
    record.offset_bytes = pending.offset_bytes;
    record.length_bytes = pending.length_bytes;
    record.device = volumes_.Name(pending.volume);
    record.fua = pending.fua;
    record.preflush = pending.preflush;
    out.volume = pending.volume;
    out.relative_ns = since_first_ns - window_start_ns_;
    out.line = pending.line;
    ++records_;
    return true;
  }
}

uint64_t TraceScanner::size_bytes() const {
  return input_.compression() == "none" ? input_.size_bytes() : input_.compressed_size_bytes();
}

uint64_t TraceScanner::file_bytes_read() const {
  return input_.compression() == "none" ? reader_.bytes_consumed() : input_.compressed_bytes_read();
}

void WriteScanCompression(json::Writer& out, const TraceScanner& scan) {
  out.FieldString("compression", std::string(scan.compression()));
  out.FieldUint("decompressed_bytes", scan.bytes_consumed());
}

std::vector<std::string> TraceScanner::ClockNotes() const {
  std::vector<std::string> notes;
  if (spread_records_ > 0) {
    notes.push_back("timestamps tick every " + NoteDuration(spread_tick_ns_) +
                    ": the records sharing a tick (up to " + GroupedCount(max_records_per_tick_) +
                    ") were spread evenly across it");
  }
  if (overfull_ticks_ > 0) {
    notes.push_back(GroupedCount(overfull_ticks_) + (overfull_ticks_ == 1 ? " tick" : " ticks") +
                    " held more records than the " + GroupedCount(reorder_.capacity()) +
                    "-record window: the records beyond it were squeezed toward the tick's end");
  }
  const uint64_t sorted =
      displaced_records_ > late_records_ ? displaced_records_ - late_records_ : 0;
  if (sorted > 0 && reorder_.capacity() > 1) {
    notes.push_back(RecordCount(sorted) + " out of order by up to " +
                    NoteDuration(max_disorder_ns_) + (sorted == 1 ? " was" : " were") +
                    " sorted within a " + GroupedCount(reorder_.capacity()) + "-record window");
  }
  if (late_records_ > 0) {
    notes.push_back(
        RecordCount(late_records_) + " out of order" +
        (reorder_.capacity() > 1
             ? " by more than the " + GroupedCount(reorder_.capacity()) + "-record window"
             : std::string()) +
        (dropped_late_records_ > 0 ? (late_records_ == 1 ? " was" : " were") +
                                         std::string(" left out (late_records drop)")
                                   : (late_records_ == 1 ? " took its" : " took their") +
                                         std::string(" predecessor's time")));
  }
  if (truncated_line_ > 0) {
    notes.push_back("the last line (" + GroupedCount(truncated_line_) +
                    ") is cut short and does not parse: the file may be truncated; it was "
                    "skipped");
  }
  return notes;
}

std::vector<TraceRepairWarning> TraceScanner::RepairWarnings() const {
  std::vector<TraceRepairWarning> warnings;
  // Sorting put a record far earlier than the file's first record first:
  // the replay's span is the file's in-order span plus that stretch.
  if (reorder_.capacity() > 1 && sequence_ > 1 && first_read_ns_ > min_read_ns_) {
    const uint64_t stretch_ns = first_read_ns_ - min_read_ns_;
    const uint64_t in_order_ns = max_read_ns_ - first_read_ns_;
    if (static_cast<double>(stretch_ns) > kRepairSpanShare * static_cast<double>(in_order_ns) &&
        stretch_ns > resolution_ns_) {
      warnings.push_back(
          {"sorting by time put line " + GroupedCount(min_read_line_) + "'s record, " +
               NoteDuration(stretch_ns) +
               " before the file's first record, first: the trace spans " +
               NoteDuration(max_read_ns_ - min_read_ns_) +
               " where its records in file order span " + NoteDuration(in_order_ns) +
               "; --clock as_is keeps the file's order (such a record then takes its "
               "predecessor's time)",
           "clock", "as_is"});
    }
  }
  // Late records replayed at their predecessor's time: bunched into bursts.
  const uint64_t kept_late = late_records_ - dropped_late_records_;
  if (sequence_ > 0 &&
      static_cast<double>(kept_late) > kRepairMovedShare * static_cast<double>(sequence_)) {
    char share[32];
    std::snprintf(share, sizeof share, "%.1f %%", 100.0 * kept_late / sequence_);
    const bool as_is = reorder_.capacity() == 1;
    warnings.push_back({RecordCount(kept_late) + " (" + share + " of the records) out of order" +
                            (as_is ? std::string()
                                   : " by more than the " + GroupedCount(reorder_.capacity()) +
                                         "-record sorting window") +
                            " replay at their predecessor's time, bunched together: " +
                            (as_is ? "--clock spread sorts them (the default)"
                                   : "--late-records drop leaves them out"),
                        as_is ? "clock" : "late_records", as_is ? "spread" : "drop"});
  }
  return warnings;
}

void WriteScanSize(json::Writer& out, const TraceScanner& scan) {
  out.Key("size_bytes");
  if (scan.size_bytes() == UINT64_MAX) {
    out.Null();
  } else {
    out.Uint(scan.size_bytes());
  }
}

void WriteRepairWarnings(json::Writer& out, const TraceScanner& scan) {
  out.Key("repair_warnings").BeginArray();
  for (const TraceRepairWarning& warning : scan.RepairWarnings()) {
    out.BeginObject()
        .FieldString("text", warning.text)
        .FieldString("option", warning.option)
        .FieldString("value", warning.value)
        .EndObject();
  }
  out.EndArray();
}

std::string RepairWarningsText(const TraceScanner& scan) {
  std::string text;
  for (const TraceRepairWarning& warning : scan.RepairWarnings()) {
    text += "warning: a repair of the trace's clock decides the figures: " + warning.text + "\n";
  }
  return text;
}

void WriteBadLines(json::Writer& out, const TraceScanner& scan) {
  out.FieldUint("bad_lines", scan.bad_lines());
  out.Key("bad_line_examples").BeginArray();
  for (const BadTraceLine& bad : scan.bad_line_examples()) {
    out.BeginObject().FieldUint("line", bad.line).FieldString("reason", bad.reason).EndObject();
  }
  out.EndArray();
}

}  // namespace flashscope
