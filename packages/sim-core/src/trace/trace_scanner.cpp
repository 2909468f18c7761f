#include "trace/trace_scanner.h"

#include <cmath>
#include <cstdio>
#include <cstring>

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
  size_t start = LeadingByteOrderMarkBytes(head);
  while (start < have && sample.size() < kTraceDetectLines) {
    const size_t newline = head.find('\n', start);
    if (newline == std::string::npos && !at_end) break;  // cut by the 64 KiB read
    const size_t end = newline == std::string::npos ? have : newline;
    std::string_view line(head.data() + start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.size() > kMaxTraceLineBytes) {
      throw InputError(name, 0,
                       "binary data at byte " + std::to_string(start + kMaxTraceLineBytes) +
                           NotATextTrace(input) + ": line " + std::to_string(sample.size() + 1) +
                           " is longer than " + std::to_string(kMaxTraceLineBytes) + " bytes");
    }
    sample.push_back(line);
    if (newline == std::string::npos) break;
    start = newline + 1;
  }
  if (sample.empty()) {
    throw InputError(name, 0,
                     "binary data at byte " + std::to_string(kMaxTraceLineBytes) +
                         NotATextTrace(input) + ": line 1 is longer than " +
                         std::to_string(kMaxTraceLineBytes) + " bytes");
  }

  TraceFormatChoice choice;
  for (size_t i = 0; i < sample.size() && i < kTracePreviewLines; ++i) {
    choice.preview.emplace_back(sample[i]);
  }
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
      reader_(input, chunk_bytes) {
  window_start_ns_ = SecondsToNs(options.window_start_s);
  if (options.window_end_s >= 0) window_end_ns_ = SecondsToNs(options.window_end_s);
  reason_.reserve(256);
}

void TraceScanner::Rewind() {
  reader_.Rewind();
  // Formats keep state (fio iolog's header and clock): a fresh one per pass.
  format_ = MakeTraceFormat(format_->name(), options_.format_options);
  have_base_ = false;
  base_ns_ = last_time_ns_ = effective_ns_ = 0;
  records_ = bad_lines_ = skipped_lines_ = zero_length_records_ = filtered_records_ = 0;
  out_of_order_ = 0;
  bad_examples_.clear();
  pause_at_bytes_ = UINT64_MAX;
  paused_ = finished_ = false;
}

void TraceScanner::OnBadLine(const std::string& reason) {
  const uint64_t line = reader_.line_number();
  // A last line cut short is a truncated file whatever the policy: the
  // user should know the trace is incomplete.
  if (reader_.last_line_unterminated()) {
    throw InputError(input_.name(), static_cast<uint32_t>(line), "truncated last line: " + reason);
  }
  if (options_.bad_lines == BadLinePolicy::kStop) {
    throw InputError(input_.name(), static_cast<uint32_t>(line),
                     reason + " (use bad_lines skip / --bad-lines skip to skip such lines)");
  }
  ++bad_lines_;
  if (bad_examples_.size() < kMaxBadLineExamples) bad_examples_.push_back({line, reason});
}

bool TraceScanner::Next(ScannedRecord& out) {
  if (finished_) return false;
  if (options_.max_requests > 0 && records_ >= options_.max_requests) {
    finished_ = true;
    return false;
  }
  paused_ = false;
  std::string_view line;
  TraceRecord& record = out.record;
  while (true) {
    if (reader_.bytes_consumed() >= pause_at_bytes_) {
      paused_ = true;
      return false;
    }
    if (!reader_.Next(line)) {
      finished_ = true;
      return false;
    }
    switch (format_->ParseLine(line, record, reason_)) {
      case TraceLineKind::kSkip:
        ++skipped_lines_;
        continue;
      case TraceLineKind::kBad:
        OnBadLine(reason_);
        continue;
      case TraceLineKind::kRecord:
        break;
    }
    if (!options_.volume.empty() && record.device != options_.volume) {
      ++filtered_records_;
      continue;
    }
    if (record.length_bytes == 0) {
      ++zero_length_records_;
      continue;
    }
    if (!have_base_) {
      have_base_ = true;
      base_ns_ = last_time_ns_ = effective_ns_ = record.time_ns;
    }
    if (record.time_ns < last_time_ns_) ++out_of_order_;
    last_time_ns_ = record.time_ns;
    if (record.time_ns > effective_ns_) effective_ns_ = record.time_ns;
    const uint64_t since_first_ns = effective_ns_ - base_ns_;
    if (since_first_ns < window_start_ns_) {
      ++filtered_records_;
      continue;
    }
    if (since_first_ns > window_end_ns_) {
      finished_ = true;
      return false;
    }
    out.relative_ns = since_first_ns - window_start_ns_;
    out.line = reader_.line_number();
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

void WriteScanSize(json::Writer& out, const TraceScanner& scan) {
  out.Key("size_bytes");
  if (scan.size_bytes() == UINT64_MAX) {
    out.Null();
  } else {
    out.Uint(scan.size_bytes());
  }
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
