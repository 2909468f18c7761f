#include "trace/trace_split.h"

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <system_error>
#include <vector>

#include "trace/compressed_input.h"
#include "trace/trace_scanner.h"
#include "trace/volume_table.h"
#include "util/input_error.h"
#include "util/json.h"

namespace flashscope {

namespace fs = std::filesystem;

namespace {

constexpr uint64_t kSectorBytes = 512;
constexpr size_t kMaxEscapedNameChars = 200;
constexpr uint32_t kNoChunk = UINT32_MAX;
constexpr std::string_view kIologHeader = "fio version 3 iolog\n";
constexpr std::string_view kVolumePrefix = "vol-";

uint64_t Fnv1a64(std::string_view text) {
  uint64_t hash = 1469598103934665603ull;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash;
}

std::string SlurpFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// The source a directory is a split of ("" when it is none): its marker's
// (an absolute path, written when the split began), else its volumes.json's
// "source" (the file as the command line named it).
std::string SplitSourceOf(const fs::path& dir) {
  std::error_code error;
  if (fs::is_regular_file(dir / kSplitMarkerFile, error)) {
    std::string text = SlurpFile(dir / kSplitMarkerFile);
    while (!text.empty() && text.back() == '\n') text.pop_back();
    if (!text.empty()) return text;
  }
  if (fs::is_regular_file(dir / kSplitVolumesFile, error)) {
    try {
      const json::Value volumes = json::Parse(SlurpFile(dir / kSplitVolumesFile), "volumes.json");
      const json::Value* source = volumes.Find("source");
      if (source != nullptr && source->is_string()) return source->as_string();
    } catch (const InputError&) {
      // Not a split's volumes.json.
    }
  }
  return "";
}

bool SameFile(const std::string& a, const std::string& b) {
  std::error_code error;
  if (fs::equivalent(a, b, error)) return true;
  return fs::weakly_canonical(a, error) == fs::weakly_canonical(b, error);
}

// Appends the decimal digits of `value` (24 bytes of room is always enough).
char* Decimal(char* out, uint64_t value) { return std::to_chars(out, out + 24, value).ptr; }

char* Text(char* out, std::string_view text) {
  std::memcpy(out, text.data(), text.size());
  return out + text.size();
}

// The per-volume record: counters and where its pending lines wait.
struct VolumeState {
  uint64_t requests[3] = {};  // read, write, trim
  uint64_t flushes = 0;       // flush records (blkparse "FN")
  uint64_t bytes = 0;
  uint32_t first_chunk = kNoChunk;
  uint32_t last_chunk = kNoChunk;
  bool created = false;  // its file was started (later flushes append)
};

class Splitter {
 public:
  Splitter(const VolumeTable& names, std::string dir, std::string source, std::string split_format)
      : names_(names),
        dir_(std::move(dir)),
        source_(std::move(source)),
        split_format_(std::move(split_format)),
        iolog_(split_format_ == "iolog"),
        chunk_count_(kSplitBufferBytes / kSplitChunkBytes),
        pool_(new char[kSplitBufferBytes]),
        next_(chunk_count_, kNoChunk),
        used_(chunk_count_, 0) {
    free_.reserve(chunk_count_);
    for (uint32_t c = chunk_count_; c > 0; --c) free_.push_back(c - 1);
  }

  void Add(const ScannedRecord& scanned, const TraceScanner& scanner) {
    if (scanned.volume >= kMaxTraceVolumes) {
      throw InputError(scanner.name(), static_cast<uint32_t>(scanned.line),
                       "the trace names more than " + std::to_string(kMaxTraceVolumes) +
                           " volumes, the most trace split keeps apart (its per-volume state "
                           "is a fixed budget); split a --window of the trace at a time");
    }
    if (volumes_.size() <= scanned.volume) volumes_.resize(scanned.volume + 1);
    VolumeState& volume = volumes_[scanned.volume];
    const TraceRecord& r = scanned.record;
    // The clock the whole trace replays with, decided before its first
    // record came out: each file states it (FileHeader).
    clock_tick_ns_ = scanner.coarse_tick_ns();
    char line[160];
    const size_t size = iolog_ ? IologLine(r, scanned, scanner, line)
                               : BlkparseLine(r, volume, scanned, scanner, line);
    Append(volume, line, size);
    if (r.op == IoOp::kFlush) {
      ++volume.flushes;
    } else {
      ++volume.requests[r.op == IoOp::kRead ? 0 : r.op == IoOp::kWrite ? 1 : 2];
      volume.bytes += r.length_bytes;
    }
  }

  // Writes every pending line; at the end and when the pool is full.
  void FlushAll() {
    ++flushes_;
    for (uint32_t v = 0; v < volumes_.size(); ++v) {
      if (volumes_[v].first_chunk != kNoChunk) Flush(v, volumes_[v]);
    }
  }

  void WriteVolumesJson(const std::string& format) const {
    json::Writer out(true);
    out.BeginObject();
    out.FieldString("source", source_);
    out.FieldString("format", format);
    out.FieldString("split_format", split_format_);
    out.Key("volumes").BeginArray();
    uint64_t total = 0;
    for (uint32_t v = 0; v < volumes_.size(); ++v) {
      const VolumeState& volume = volumes_[v];
      const uint64_t requests = volume.requests[0] + volume.requests[1] + volume.requests[2];
      if (requests == 0 && volume.flushes == 0) continue;
      const std::string_view id = names_.Name(v);
      out.BeginObject();
      out.FieldString("volume", id);
      out.FieldString("file", SplitFileName(id, split_format_));
      out.FieldUint("requests", requests);
      out.FieldUint("read_requests", volume.requests[0]);
      out.FieldUint("write_requests", volume.requests[1]);
      out.FieldUint("trim_requests", volume.requests[2]);
      out.FieldUint("flushes", volume.flushes);
      out.FieldUint("bytes", volume.bytes);
      out.EndObject();
      total += requests;
    }
    out.EndArray();
    out.FieldUint("requests", total);
    out.EndObject();
    WriteWhole(fs::path(dir_) / kSplitVolumesFile, out.str() + "\n");
  }

  uint64_t volume_count() const {
    uint64_t count = 0;
    for (const VolumeState& volume : volumes_) count += volume.created;
    return count;
  }
  uint64_t flushes() const { return flushes_; }

 private:
  [[noreturn]] void CannotHold(const TraceScanner& scanner, const ScannedRecord& scanned,
                               const std::string& what) const {
    throw InputError(scanner.name(), static_cast<uint32_t>(scanned.line),
                     what + ": trace split writes " + split_format_ +
                         (iolog_ ? " files (byte addresses, microsecond times)"
                                 : " files (512-byte sectors, nanosecond times)") +
                         ", which cannot hold it exactly");
  }

  // "0,0 0 SEQ S.NNNNNNNNN 0 Q RWBS SECTOR + SECTORS [flashscope]\n", or
  // for a flush "0,0 0 SEQ S.NNNNNNNNN 0 Q FN [flashscope]\n". RWBS as
  // the kernel writes it: 'F' first for a flush before the I/O, 'F'
  // after a W for FUA.
  size_t BlkparseLine(const TraceRecord& r, const VolumeState& volume, const ScannedRecord& scanned,
                      const TraceScanner& scanner, char* line) const {
    if (r.offset_bytes % kSectorBytes != 0 || r.length_bytes % kSectorBytes != 0) {
      CannotHold(scanner, scanned,
                 "offset " + std::to_string(r.offset_bytes) + " or length " +
                     std::to_string(r.length_bytes) + " is not a multiple of 512 bytes");
    }
    char* p = Text(line, "0,0 0 ");
    p = Decimal(p,
                volume.requests[0] + volume.requests[1] + volume.requests[2] + volume.flushes + 1);
    *p++ = ' ';
    p = Decimal(p, r.time_ns / 1'000'000'000);
    *p++ = '.';
    const uint64_t fraction = r.time_ns % 1'000'000'000;
    char nine[24];
    const size_t digits = static_cast<size_t>(Decimal(nine, fraction) - nine);
    for (size_t i = digits; i < 9; ++i) *p++ = '0';
    p = Text(p, std::string_view(nine, digits));
    if (r.op == IoOp::kFlush) return static_cast<size_t>(Text(p, " 0 Q FN [flashscope]\n") - line);
    p = Text(p, " 0 Q ");
    if (r.preflush) *p++ = 'F';
    *p++ = r.op == IoOp::kRead ? 'R' : r.op == IoOp::kWrite ? 'W' : 'D';
    if (r.fua) *p++ = 'F';
    *p++ = ' ';
    p = Decimal(p, r.offset_bytes / kSectorBytes);
    p = Text(p, " + ");
    p = Decimal(p, r.length_bytes / kSectorBytes);
    p = Text(p, " [flashscope]\n");
    return static_cast<size_t>(p - line);
  }

  // "TIME_US volume read|write|trim OFFSET LENGTH\n"
  size_t IologLine(const TraceRecord& r, const ScannedRecord& scanned, const TraceScanner& scanner,
                   char* line) const {
    if (r.time_ns % 1000 != 0) {
      CannotHold(scanner, scanned,
                 "time " + std::to_string(r.time_ns) + " ns is not a whole microsecond");
    }
    // fio's iolog has no flush replay FlashScope reads, nor FUA (the
    // formats split to iolog have neither).
    if (r.op == IoOp::kFlush || r.fua || r.preflush) {
      CannotHold(scanner, scanned, "a flush or FUA write");
    }
    char* p = Decimal(line, r.time_ns / 1000);
    p = Text(p, r.op == IoOp::kRead    ? " volume read "
                : r.op == IoOp::kWrite ? " volume write "
                                       : " volume trim ");
    p = Decimal(p, r.offset_bytes);
    *p++ = ' ';
    p = Decimal(p, r.length_bytes);
    *p++ = '\n';
    return static_cast<size_t>(p - line);
  }

  // What starts each file: iolog's version line, and the trace's clock
  // tick when it is coarse, so a volume's file replays with the whole
  // trace's clock (one volume's records of a single second still tick in
  // seconds: TraceScanner reads kClockTickDirective).
  std::string FileHeader() const {
    std::string header = iolog_ ? std::string(kIologHeader) : "";
    if (clock_tick_ns_ > 0) {
      header += std::string(kClockTickDirective) + std::to_string(clock_tick_ns_) +
                " (the clock of " + source_ + ")\n";
    }
    return header;
  }

  void Append(VolumeState& volume, const char* line, size_t size) {
    // A line never straddles two chunks (lines are < 160 bytes).
    if (volume.last_chunk == kNoChunk || used_[volume.last_chunk] + size > kSplitChunkBytes) {
      if (free_.empty()) FlushAll();
      const uint32_t chunk = free_.back();
      free_.pop_back();
      next_[chunk] = kNoChunk;
      used_[chunk] = 0;
      if (volume.last_chunk == kNoChunk) {
        volume.first_chunk = chunk;
      } else {
        next_[volume.last_chunk] = chunk;
      }
      volume.last_chunk = chunk;
    }
    const uint32_t chunk = volume.last_chunk;
    std::memcpy(pool_.get() + size_t{chunk} * kSplitChunkBytes + used_[chunk], line, size);
    used_[chunk] = static_cast<uint16_t>(used_[chunk] + size);
  }

  void Flush(uint32_t index, VolumeState& volume) {
    const fs::path path = fs::path(dir_) / SplitFileName(names_.Name(index), split_format_);
    std::FILE* file = std::fopen(path.c_str(), volume.created ? "ab" : "wb");
    if (file == nullptr) CannotWrite(path);
    bool ok = true;
    if (!volume.created) {
      const std::string header = FileHeader();
      ok = std::fwrite(header.data(), 1, header.size(), file) == header.size();
    }
    volume.created = true;
    for (uint32_t c = volume.first_chunk; c != kNoChunk;) {
      const char* data = pool_.get() + size_t{c} * kSplitChunkBytes;
      ok = ok && std::fwrite(data, 1, used_[c], file) == used_[c];
      free_.push_back(c);
      c = next_[c];
    }
    volume.first_chunk = volume.last_chunk = kNoChunk;
    if (std::fclose(file) != 0) ok = false;
    if (!ok) CannotWrite(path);
  }

  [[noreturn]] static void CannotWrite(const fs::path& path) {
    throw InputError(path.string(), 0, std::string("cannot write: ") + std::strerror(errno));
  }

  static void WriteWhole(const fs::path& path, const std::string& text) {
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (file == nullptr) CannotWrite(path);
    const bool ok = std::fwrite(text.data(), 1, text.size(), file) == text.size();
    if (std::fclose(file) != 0 || !ok) CannotWrite(path);
  }

 private:
  const VolumeTable& names_;  // the scanner's
  std::string dir_;
  std::string source_;
  std::string split_format_;
  bool iolog_;
  uint32_t chunk_count_;
  std::unique_ptr<char[]> pool_;  // not zeroed: untouched pages stay unmapped
  std::vector<uint32_t> next_;    // per chunk: the volume's next chunk
  std::vector<uint16_t> used_;    // per chunk: bytes of lines in it
  std::vector<uint32_t> free_;
  std::vector<VolumeState> volumes_;  // by the scanner's volume index
  uint64_t clock_tick_ns_ = 0;
  uint64_t flushes_ = 0;
};

}  // namespace

std::string SplitFormatFor(std::string_view format) {
  return format == "alibaba" || format == "iolog" ? "iolog" : "blkparse";
}

std::string SplitFileName(std::string_view volume, std::string_view split_format) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string escaped;
  for (unsigned char c : volume) {
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-') {
      escaped += static_cast<char>(c);
    } else {
      escaped += '%';
      escaped += kHex[c >> 4];
      escaped += kHex[c & 15];
    }
  }
  if (escaped.size() > kMaxEscapedNameChars) {
    // '~' is escaped above, so a shortened name never equals a whole one.
    char hash[24];
    std::snprintf(hash, sizeof hash, "~%016llx", static_cast<unsigned long long>(Fnv1a64(volume)));
    size_t cut = kMaxEscapedNameChars - 20;
    // Never cut an escape in two.
    if (escaped[cut - 1] == '%') {
      cut -= 1;
    } else if (escaped[cut - 2] == '%') {
      cut -= 2;
    }
    escaped.resize(cut);
    escaped += hash;
  }
  return std::string(kVolumePrefix) + escaped + "." + std::string(split_format);
}

void PrepareSplitDirectory(const std::string& dir, const std::string& source) {
  std::error_code error;
  const fs::path path(dir);
  if (fs::exists(path, error)) {
    if (!fs::is_directory(path, error)) {
      throw InputError(dir, 0, "--out names a file, not a directory");
    }
    if (!fs::is_empty(path, error)) {
      const std::string previous = SplitSourceOf(path);
      if (previous.empty()) {
        throw InputError(dir, 0,
                         "--out is a directory that is not empty and not a trace split; "
                         "name a new or empty directory");
      }
      if (!SameFile(previous, source)) {
        throw InputError(dir, 0,
                         "--out holds the split of another trace (" + previous +
                             "); name a new or empty directory");
      }
      // A previous split of this file: its files go (another selection
      // may have made other volumes).
      for (const fs::directory_entry& entry : fs::directory_iterator(path, error)) {
        const std::string name = entry.path().filename().string();
        if (name.starts_with(kVolumePrefix) || name == kSplitVolumesFile) {
          fs::remove(entry.path(), error);
        }
      }
    }
  } else if (!fs::create_directories(path, error)) {
    throw InputError(dir, 0, "cannot create the --out directory: " + error.message());
  }
  const std::string absolute_source = fs::absolute(source, error).string();
  std::FILE* marker = std::fopen((path / kSplitMarkerFile).c_str(), "wb");
  if (marker == nullptr || std::fprintf(marker, "%s\n", absolute_source.c_str()) < 0 ||
      std::fclose(marker) != 0) {
    throw InputError(dir, 0, std::string("cannot write in --out: ") + std::strerror(errno));
  }
}

TraceSplitSummary SplitTraceByVolume(std::unique_ptr<IByteInput> raw_input,
                                     const std::string& source, TraceOptions options,
                                     const std::string& dir) {
  options.clock = TraceClock::kSorted;
  const std::unique_ptr<IByteInput> input = DecompressIfCompressed(std::move(raw_input));
  const TraceFormatChoice choice = ChooseTraceFormat(*input, options);
  TraceScanner scanner(*input, options, choice.format);
  TraceSplitSummary summary;
  summary.format = choice.format;
  summary.split_format = SplitFormatFor(choice.format);
  Splitter splitter(scanner.volumes(), dir, source, summary.split_format);
  ScannedRecord scanned;
  while (scanner.Next(scanned)) {
    splitter.Add(scanned, scanner);
    ++summary.requests;
  }
  splitter.FlushAll();
  splitter.WriteVolumesJson(choice.format);
  summary.volumes = splitter.volume_count();
  summary.bytes_consumed = scanner.bytes_consumed();
  summary.late_records = scanner.late_records();
  summary.flushes = splitter.flushes();
  return summary;
}

}  // namespace flashscope
