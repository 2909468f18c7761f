#include "trace/trace_summary.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "trace/compressed_input.h"
#include "trace/note_text.h"
#include "util/byte_text.h"
#include "util/json.h"

namespace flashscope {

namespace {

// Bucket of a request size: 0 for <= 512 B, k for <= 512 << k, up to 1 MiB;
// kSizeBuckets - 1 above.
size_t SizeBucket(uint64_t length_bytes) {
  if (length_bytes <= 512) return 0;
  const size_t bits = static_cast<size_t>(std::bit_width(length_bytes - 1));  // ceil(log2)
  return std::min<size_t>(bits - 9, TraceInspector::kSizeBuckets - 1);
}

std::vector<std::pair<std::string, uint64_t>> TopDevices(
    const std::unordered_map<std::string, uint64_t>& devices, size_t top) {
  std::vector<std::pair<std::string, uint64_t>> sorted(devices.begin(), devices.end());
  // Most requests first; ties by id so the order is the same everywhere.
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  if (sorted.size() > top) sorted.resize(top);
  return sorted;
}

// What an estimated footprint is, in the summaries' words.
std::string FootprintEstimateNote(const FootprintBitmap& footprint) {
  char error[32];
  std::snprintf(error, sizeof error, "%.1f %%",
                100.0 / std::sqrt(static_cast<double>(std::max<uint64_t>(footprint.pages(), 1))));
  return "the footprint is an estimate: the trace touches more than the " +
         GroupedCount(FootprintBitmap::kMaxPages) +
         " ranges of 32 MiB its fixed memory budget counts exactly, so 1 range in " +
         GroupedCount(footprint.sample_pages()) + " was counted (" +
         GroupedCount(footprint.pages()) + " of them) and scaled up (error about " + error + ")";
}

}  // namespace

TraceInspector::TraceInspector(std::unique_ptr<IByteInput> input, const TraceOptions& options,
                               size_t chunk_bytes)
    : input_(DecompressIfCompressed(std::move(input))), options_(options) {
  choice_ = ChooseTraceFormat(*input_, options_);
  // Inspection reports every bad line instead of stopping at the first.
  TraceOptions scan_options = options_;
  scan_options.bad_lines = BadLinePolicy::kSkip;
  scanner_ = std::make_unique<TraceScanner>(*input_, scan_options, choice_.format, chunk_bytes);
}

TraceInspector::~TraceInspector() = default;

double TraceInspector::duration_s() const {
  return requests() > 0 ? static_cast<double>(last_ns_ - first_ns_) / 1e9 : 0;
}

bool TraceInspector::Scan(uint64_t max_bytes) {
  if (done_) return true;
  const uint64_t consumed = scanner_->bytes_consumed();
  scanner_->PauseAt(max_bytes >= UINT64_MAX - consumed ? UINT64_MAX : consumed + max_bytes);
  ScannedRecord scanned;
  while (scanner_->Next(scanned)) Count(scanned);
  footprint_.Flush();  // so the summary between scans is exact
  done_ = scanner_->finished();
  return done_;
}

void TraceInspector::Count(const ScannedRecord& scanned) {
  const TraceRecord& record = scanned.record;
  // A flush moves no data: counted apart, not a request (TraceSource
  // replays it as one flush, and a flush before an I/O as one more).
  flushes_ += record.op == IoOp::kFlush || record.preflush;
  if (record.op == IoOp::kFlush) return;
  fua_writes_ += record.fua;
  const size_t op = std::min<size_t>(static_cast<size_t>(record.op), 2);
  if (requests() == 0) {
    first_ns_ = last_ns_ = scanned.relative_ns;
  } else {
    interarrival_.Record(scanned.relative_ns - last_ns_);
    last_ns_ = scanned.relative_ns;
  }
  ++requests_[op];
  bytes_[op] += record.length_bytes;
  ++size_histogram_[SizeBucket(record.length_bytes)];
  const uint64_t end = record.offset_bytes + record.length_bytes;
  const uint64_t end_bytes = end < record.offset_bytes ? UINT64_MAX : end;  // saturate
  max_offset_bytes_ = std::max(max_offset_bytes_, end_bytes);
  // Volumes replay in their own regions unless they share one space.
  const bool shared = options_.volume_placement == VolumePlacement::kShared;
  footprint_.Touch(shared ? 0 : scanned.volume, record.offset_bytes,
                   end_bytes - record.offset_bytes);
  CountDevice(record.device);
}

void TraceInspector::CountDevice(std::string_view device) {
  if (last_device_count_ && device == last_device_) {
    ++*last_device_count_;
    return;
  }
  device_key_.assign(device.data(), device.size());
  auto found = devices_.find(device_key_);
  if (found == devices_.end()) {
    if (devices_.size() >= kMaxDevices) {
      ++other_devices_requests_;
      last_device_count_ = nullptr;
      return;
    }
    found = devices_.emplace(device_key_, 0).first;
  }
  ++found->second;
  last_device_.assign(device.data(), device.size());
  last_device_count_ = &found->second;
}

std::string TraceInspector::SummaryJson() const {
  const TraceScanner& scan = *scanner_;
  json::Writer out;
  out.BeginObject();
  out.FieldString("name", input_->name());
  out.FieldString("format", choice_.format);
  out.Field("confidence", choice_.confidence);
  out.Key("candidates").BeginArray();
  for (const TraceFormatGuess& guess : choice_.candidates) {
    out.BeginObject().FieldString("format", guess.format).Field("confidence", guess.confidence);
    out.EndObject();
  }
  out.EndArray();
  out.FieldBool("done", done_);
  WriteRepairWarnings(out, scan);
  out.FieldUint("bytes_read", scan.file_bytes_read());
  WriteScanSize(out, scan);
  WriteScanCompression(out, scan);
  out.FieldUint("lines", scan.lines());
  out.FieldUint("requests", requests());
  out.FieldUint("reads", requests_[0]);
  out.FieldUint("writes", requests_[1]);
  out.FieldUint("trims", requests_[2]);
  out.FieldUint("read_bytes", bytes_[0]);
  out.FieldUint("write_bytes", bytes_[1]);
  out.FieldUint("trim_bytes", bytes_[2]);
  out.FieldUint("flushes", flushes_);
  out.FieldUint("fua_writes", fua_writes_);
  out.FieldUint("footprint_bytes", footprint_bytes());
  out.FieldBool("footprint_estimated", footprint_estimated());
  out.FieldUint("max_offset_bytes", max_offset_bytes_);
  const double duration = duration_s();
  out.Field("duration_s", duration);
  out.Field("iops", duration > 0 ? static_cast<double>(requests()) / duration : 0);
  out.Key("size_histogram").BeginArray();
  for (size_t i = 0; i < kSizeBuckets; ++i) {
    out.BeginObject().Key("max_bytes");
    if (i + 1 < kSizeBuckets) {
      out.Uint(uint64_t{512} << i);
    } else {
      out.Null();
    }
    out.FieldUint("count", size_histogram_[i]);
    out.EndObject();
  }
  out.EndArray();
  out.Key("interarrival_us").BeginObject();
  out.Field("mean", interarrival_.count() ? interarrival_.mean_ns() / 1e3 : 0);
  out.Field("p50", interarrival_.Percentile(50) / 1e3);
  out.Field("p99", interarrival_.Percentile(99) / 1e3);
  out.Field("p999", interarrival_.Percentile(99.9) / 1e3);
  out.Field("max", interarrival_.max_ns() / 1e3);
  out.EndObject();
  out.FieldUint("out_of_order", scan.out_of_order());
  out.FieldUint("late_records", scan.late_records());
  out.FieldUint("clock_resolution_ns", scan.clock_resolution_ns());
  out.FieldUint("comment_lines", scan.comment_lines());
  out.FieldUint("volumes", scan.volumes().size());
  out.Key("notes").BeginArray();
  for (const std::string& note : scan.ClockNotes()) out.String(note);
  if (footprint_estimated()) out.String(FootprintEstimateNote(footprint_));
  out.EndArray();
  out.Key("devices").BeginArray();
  for (const auto& [id, count] : TopDevices(devices_, kTopDevices)) {
    out.BeginObject().FieldString("id", id).FieldUint("requests", count).EndObject();
  }
  out.EndArray();
  WriteBadLines(out, scan);
  out.FieldUint("skipped_lines", scan.skipped_lines());
  out.Key("preview").BeginArray();
  for (const std::string& line : choice_.preview) out.String(line);
  out.EndArray();
  out.EndObject();
  return out.Take();
}

std::string TraceInspector::SummaryText() const {
  const TraceScanner& scan = *scanner_;
  // A repair that decides the figures comes before them.
  std::string text = RepairWarningsText(scan);
  char line[512];
  std::snprintf(line, sizeof line, "trace %s: format %s (confidence %.2f", input_->name().c_str(),
                choice_.format.c_str(), choice_.confidence);
  text += line;
  size_t others = 0;
  for (const TraceFormatGuess& guess : choice_.candidates) {
    if (guess.format == choice_.format || guess.confidence <= 0 || others == 3) continue;
    std::snprintf(line, sizeof line, "%s %s %.2f", others == 0 ? "; next:" : ",",
                  guess.format.c_str(), guess.confidence);
    text += line;
    ++others;
  }
  text += ")\n";
  const uint64_t total = requests();
  std::snprintf(line, sizeof line, "read %s in %llu lines%s\n",
                BinaryByteText(static_cast<double>(scan.bytes_consumed())).c_str(),
                (unsigned long long)scan.lines(), done_ ? "" : " (not finished)");
  text += line;
  if (scan.compression() != "none") {
    std::snprintf(line, sizeof line, "compression: %s, %s compressed\n",
                  std::string(scan.compression()).c_str(),
                  BinaryByteText(static_cast<double>(scan.file_bytes_read())).c_str());
    text += line;
  }
  auto share = [&](uint64_t n) { return total ? 100.0 * n / total : 0.0; };
  std::snprintf(
      line, sizeof line,
      "requests: %llu (reads %llu = %.1f %%, %s; writes %llu = %.1f %%, %s; trims %llu, "
      "%s)\n",
      (unsigned long long)total, (unsigned long long)requests_[0], share(requests_[0]),
      BinaryByteText(static_cast<double>(bytes_[0])).c_str(), (unsigned long long)requests_[1],
      share(requests_[1]), BinaryByteText(static_cast<double>(bytes_[1])).c_str(),
      (unsigned long long)requests_[2], BinaryByteText(static_cast<double>(bytes_[2])).c_str());
  text += line;
  if (flushes_ > 0 || fua_writes_ > 0) {
    std::snprintf(line, sizeof line, "flushes: %llu; writes with FUA: %llu\n",
                  (unsigned long long)flushes_, (unsigned long long)fua_writes_);
    text += line;
  }
  std::snprintf(line, sizeof line, "footprint: %s%s touched, highest offset %s\n",
                footprint_estimated() ? "about " : "",
                BinaryByteText(static_cast<double>(footprint_bytes())).c_str(),
                BinaryByteText(static_cast<double>(max_offset_bytes_)).c_str());
  text += line;
  if (footprint_estimated()) text += "note: " + FootprintEstimateNote(footprint_) + "\n";
  const double duration = duration_s();
  std::snprintf(line, sizeof line, "duration: %.3f s, %.1f IOPS; %llu records out of order\n",
                duration, duration > 0 ? total / duration : 0.0,
                (unsigned long long)scan.out_of_order());
  text += line;
  std::snprintf(line, sizeof line, "clock resolution: %llu ns\n",
                (unsigned long long)scan.clock_resolution_ns());
  text += line;
  for (const std::string& note : scan.ClockNotes()) text += "note: " + note + "\n";
  std::snprintf(line, sizeof line,
                "inter-arrival (us): mean %.1f, p50 %.1f, p99 %.1f, p99.9 %.1f, max %.1f\n",
                interarrival_.count() ? interarrival_.mean_ns() / 1e3 : 0.0,
                interarrival_.Percentile(50) / 1e3, interarrival_.Percentile(99) / 1e3,
                interarrival_.Percentile(99.9) / 1e3, interarrival_.max_ns() / 1e3);
  text += line;
  text += "request sizes:";
  for (size_t i = 0; i < kSizeBuckets; ++i) {
    if (size_histogram_[i] == 0) continue;
    const std::string bound =
        i + 1 < kSizeBuckets ? "<=" + BinaryByteText(static_cast<double>(512ull << i)) : ">1.0 MiB";
    std::snprintf(line, sizeof line, " %s: %llu (%.1f %%);", bound.c_str(),
                  (unsigned long long)size_histogram_[i], share(size_histogram_[i]));
    text += line;
  }
  if (text.back() == ';') text.pop_back();
  text += "\n";
  text += "devices:";
  for (const auto& [id, count] : TopDevices(devices_, kTopDevices)) {
    std::snprintf(line, sizeof line, " %s (%llu)", id.empty() ? "(none)" : id.c_str(),
                  (unsigned long long)count);
    text += line;
  }
  if (devices_.size() > kTopDevices) {
    text += " and " + std::to_string(devices_.size() - kTopDevices) + " more";
  }
  text += "\n";
  std::snprintf(line, sizeof line, "bad lines: %llu; skipped lines: %llu (comment lines %llu)\n",
                (unsigned long long)scan.bad_lines(), (unsigned long long)scan.skipped_lines(),
                (unsigned long long)scan.comment_lines());
  text += line;
  for (const BadTraceLine& bad : scan.bad_line_examples()) {
    text += "  " + input_->name() + ":" + std::to_string(bad.line) + ": " + bad.reason + "\n";
  }
  text += "first lines:\n";
  for (const std::string& preview : choice_.preview) text += "  " + preview + "\n";
  return text;
}

}  // namespace flashscope
