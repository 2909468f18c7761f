#include "trace/trace_source.h"

#include <algorithm>

#include "trace/compressed_input.h"
#include "trace/extent_table.h"
#include "trace/note_text.h"
#include "util/byte_text.h"
#include "util/input_error.h"

namespace flashscope {

namespace {

constexpr uint64_t kSectorBytes = 512;
constexpr uint64_t kExtentShift = 20;
// Compact extent keys with regions: the volume index above the extent
// index (offsets < 2^64 give extents < 2^44; volume indexes < 2^17).
constexpr uint64_t kVolumeKeyShift = 44;
// Regions are cut at 4 KiB (the mapping unit) and never smaller.
constexpr uint64_t kRegionAlignBytes = 4096;

uint64_t RoundUpToExtent(uint64_t bytes) {
  const uint64_t extent = uint64_t{1} << kExtentShift;
  return bytes > UINT64_MAX - extent ? UINT64_MAX / extent * extent
                                     : (bytes + extent - 1) / extent * extent;
}

}  // namespace

TraceSource::TraceSource(std::unique_ptr<IByteInput> input, const TraceOptions& options,
                         uint64_t capacity_bytes, bool trims_supported, size_t chunk_bytes)
    : input_(DecompressIfCompressed(std::move(input))),
      options_(options),
      capacity_bytes_(capacity_bytes / kSectorBytes * kSectorBytes),
      trims_supported_(trims_supported) {
  if (capacity_bytes_ == 0) {
    throw InputError(input_->name(), 0, "the drive has no logical capacity to replay onto");
  }
  choice_ = ChooseTraceFormat(*input_, options_);
  scanner_ = std::make_unique<TraceScanner>(*input_, options_, choice_.format, chunk_bytes);
  const bool regions =
      options_.volume.empty() && options_.volume_placement == VolumePlacement::kRegions;
  if (regions || options_.address_map == AddressMap::kCompact) PrePass(regions);
}

TraceSource::~TraceSource() = default;

void TraceSource::PrePass(bool regions) {
  const bool compact = options_.address_map == AddressMap::kCompact;
  ExtentTable<uint8_t> touched;
  std::vector<uint64_t> span_bytes;  // per volume: the highest end offset
  ScannedRecord scanned;
  while (scanner_->Next(scanned)) {
    const TraceRecord& r = scanned.record;
    if ((r.op == IoOp::kTrim && !trims_supported_) || r.op == IoOp::kFlush) continue;
    const uint64_t length = std::min(r.length_bytes, MaxRequestBytes(r.op));
    const uint64_t last =
        r.offset_bytes > UINT64_MAX - length ? UINT64_MAX : r.offset_bytes + length - 1;
    const uint64_t volume = regions ? scanned.volume : 0;
    if (regions) {
      if (span_bytes.size() <= volume) {
        span_bytes.resize(volume + 1, 0);
        regions_.resize(volume + 1);
      }
      span_bytes[volume] = std::max(span_bytes[volume], last == UINT64_MAX ? last : last + 1);
      uint64_t& moved = regions_[volume].moved_bytes;
      moved = moved > UINT64_MAX - length ? UINT64_MAX : moved + length;
    }
    if (compact) {
      for (uint64_t e = r.offset_bytes >> kExtentShift; e <= (last >> kExtentShift); ++e) {
        touched[(volume << kVolumeKeyShift) | e] = 1;
      }
    }
  }
  extents_.reserve(touched.size());
  touched.ForEach([&](uint64_t extent, uint8_t) { extents_.push_back(extent); });
  std::sort(extents_.begin(), extents_.end());
  scanner_->Rewind();
  if (!regions) return;
  for (size_t v = 0; v < regions_.size(); ++v) regions_[v].need_bytes = span_bytes[v];
  if (compact) {
    for (VolumeRegion& region : regions_) region.need_bytes = 0;
    for (uint64_t key : extents_) regions_[key >> kVolumeKeyShift].need_bytes += kExtentBytes;
  }
  // A volume seen only in skipped trims still gets a (small) region.
  for (VolumeRegion& region : regions_) {
    region.need_bytes = std::max(RoundUpToExtent(region.need_bytes), kExtentBytes);
  }
  PlaceRegions();
}

void TraceSource::PlaceRegions() {
  if (regions_.size() == 1) {
    // One volume: the whole drive, exactly as without regions.
    regions_[0].offset_bytes = 0;
    regions_[0].bytes = capacity_bytes_;
    return;
  }
  unsigned __int128 total_need = 0;
  for (const VolumeRegion& region : regions_) total_need += region.need_bytes;
  // When they do not all fit, regions follow what each volume uses: its
  // need, but no more than the bytes it moves (a volume that touches 1 GiB
  // scattered over a 50 GiB span should not crowd out a busier one with a
  // smaller span). Bytes moved bound the footprint from above and cost one
  // counter per volume.
  auto weight = [](const VolumeRegion& region) {
    return std::min(region.need_bytes, std::max(RoundUpToExtent(region.moved_bytes), kExtentBytes));
  };
  unsigned __int128 total_weight = 0;
  for (const VolumeRegion& region : regions_) total_weight += weight(region);
  uint64_t next_offset = 0;
  for (VolumeRegion& region : regions_) {
    uint64_t bytes = region.need_bytes;
    if (total_need > capacity_bytes_) {
      // In proportion to weight, cut at 4 KiB; the floors keep the sum
      // within the capacity (unless more volumes than 4 KiB slices, below).
      bytes = static_cast<uint64_t>(weight(region) *
                                    static_cast<unsigned __int128>(capacity_bytes_) / total_weight);
      bytes = std::max(bytes / kRegionAlignBytes * kRegionAlignBytes, kRegionAlignBytes);
    }
    bytes = std::min(bytes, capacity_bytes_);
    if (next_offset > capacity_bytes_ - bytes) {
      // More volumes than 4 KiB slices of the drive: the last ones start
      // over from the drive's start (their regions overlap others').
      next_offset = 0;
    }
    region.offset_bytes = next_offset;
    region.bytes = bytes;
    next_offset += bytes;
  }
}

const char* TraceSource::volume_placement() const {
  if (!options_.volume.empty()) return "single";
  return options_.volume_placement == VolumePlacement::kRegions ? "regions" : "shared";
}

uint64_t TraceSource::wrapped_volumes() const {
  uint64_t wrapped = 0;
  for (const VolumeRegion& region : regions_) wrapped += region.bytes < region.need_bytes;
  return wrapped;
}

std::vector<std::string> TraceSource::Notes() const {
  std::vector<std::string> notes = scanner_->ClockNotes();
  const size_t volumes = scanner_->volumes().size();
  const char* need = options_.address_map == AddressMap::kCompact ? "touched extents" : "span";
  if (regions_.size() > 1) {
    std::string note =
        GroupedCount(regions_.size()) + " volumes placed in separate regions of the drive";
    const uint64_t wrapped = wrapped_volumes();
    note += wrapped == 0 ? std::string(", each as large as its ") + need
                         : std::string(" in proportion to their ") + need +
                               " (at most the bytes they move); " + GroupedCount(wrapped) +
                               " wrap within their region";
    notes.push_back(note);
  } else if (volumes > 1 && options_.volume.empty()) {
    notes.push_back(GroupedCount(volumes) +
                    " volumes share one address space (volume_placement shared): their "
                    "addresses may alias");
  }
  if (clamped_requests_ > 0) {
    notes.push_back(GroupedCount(clamped_requests_) +
                    (clamped_requests_ == 1 ? " request was" : " requests were") +
                    " longer than the drive (or the volume's region) or than one host request "
                    "carries (1 GiB for reads and writes, 4 GiB for trims) and cut to that: " +
                    BinaryByteText(static_cast<double>(clamped_bytes_)) +
                    " of the trace's bytes were not replayed");
  }
  if (scanner_->volumes().overflowed()) {
    notes.push_back("the trace names more than " + GroupedCount(kMaxTraceVolumes) +
                    " volumes: the later ones share one region");
  }
  return notes;
}

uint64_t TraceSource::MapOffset(uint64_t offset_bytes, uint64_t length_bytes,
                                uint32_t volume) const {
  const bool compact = options_.address_map == AddressMap::kCompact;
  if (!regions_.empty()) {
    const size_t v = std::min<size_t>(volume, regions_.size() - 1);
    const VolumeRegion& region = regions_[v];
    uint64_t within = offset_bytes;
    if (compact) {
      const uint64_t base_key = uint64_t{v} << kVolumeKeyShift;
      const auto first = std::lower_bound(extents_.begin(), extents_.end(), base_key);
      const auto found =
          std::lower_bound(first, extents_.end(), base_key | (offset_bytes >> kExtentShift));
      const uint64_t rank = static_cast<uint64_t>(found - first);
      within = (rank << kExtentShift) | (offset_bytes & (kExtentBytes - 1));
    }
    within = within % region.bytes / kSectorBytes * kSectorBytes;
    if (length_bytes > region.bytes - within) {
      within = length_bytes >= region.bytes
                   ? 0
                   : (region.bytes - length_bytes) / kSectorBytes * kSectorBytes;
    }
    return region.offset_bytes + within;
  }
  uint64_t offset = offset_bytes;
  if (compact) {
    const uint64_t extent = offset >> kExtentShift;
    // Every selected record's extents were collected; the rank is the
    // packed position.
    const auto found = std::lower_bound(extents_.begin(), extents_.end(), extent);
    const uint64_t rank = static_cast<uint64_t>(found - extents_.begin());
    offset = (rank << kExtentShift) | (offset & (kExtentBytes - 1));
  }
  offset = offset % capacity_bytes_ / kSectorBytes * kSectorBytes;
  if (length_bytes > capacity_bytes_ - offset) {
    offset = (capacity_bytes_ - length_bytes) / kSectorBytes * kSectorBytes;
  }
  return offset;
}

uint64_t TraceSource::ScaledArrivalNs(uint64_t relative_ns) const {
  if (options_.speed == 1) return relative_ns;
  // Saturates far beyond any run (2^62 ns is 146 years) so start + arrival
  // cannot wrap in the host.
  const double scaled = static_cast<double>(relative_ns) / options_.speed;
  return scaled >= 4.6e18 ? uint64_t{1} << 62 : static_cast<uint64_t>(scaled);
}

uint64_t TraceSource::MaxRequestBytes(IoOp op) const {
  return std::min(capacity_bytes_, op == IoOp::kTrim ? kMaxTraceTrimBytes : kMaxTraceRequestBytes);
}

void TraceSource::DataIo(const ScannedRecord& scanned, HostIo& io) {
  const TraceRecord& r = scanned.record;
  uint64_t max_length = MaxRequestBytes(r.op);
  if (!regions_.empty()) {
    VolumeRegion& region = regions_[std::min<size_t>(scanned.volume, regions_.size() - 1)];
    // A request never spills into the next volume's region.
    max_length = std::min(max_length, region.bytes);
    ++region.requests;
  }
  uint64_t length = r.length_bytes;
  if (length > max_length) {
    clamped_bytes_ += length - max_length;
    length = max_length;
    ++clamped_requests_;
  }
  io = HostIo{};
  io.op = r.op;
  io.offset_bytes = MapOffset(r.offset_bytes, length, scanned.volume);
  io.length_bytes = static_cast<uint32_t>(length);
  io.arrival_ns = ScaledArrivalNs(scanned.relative_ns);
  io.fua = r.fua;
  const size_t op = Index(r.op);
  ++issued_[op];
  issued_bytes_[op] += length;
  fua_writes_ += r.fua;
}

bool TraceSource::Next(HostIo& io) {
  if (has_queued_io_) {
    has_queued_io_ = false;
    io = queued_io_;
    last_volume_ = queued_volume_;
    return true;
  }
  ScannedRecord scanned;
  while (scanner_->Next(scanned)) {
    const TraceRecord& r = scanned.record;
    if (r.op == IoOp::kTrim && !trims_supported_) {
      ++trims_skipped_;
      continue;
    }
    last_volume_ = scanned.volume;
    const HostIo flush{IoOp::kFlush, 0, 0, ScaledArrivalNs(scanned.relative_ns)};
    if (r.op == IoOp::kFlush) {
      ++flushes_;
      io = flush;
      return true;
    }
    // The figures the inspection counts, on the trace's own addresses.
    const uint64_t end = r.offset_bytes + r.length_bytes;
    const uint64_t end_bytes = end < r.offset_bytes ? UINT64_MAX : end;  // saturate
    max_offset_bytes_ = std::max(max_offset_bytes_, end_bytes);
    const bool shared = options_.volume_placement == VolumePlacement::kShared;
    footprint_.Touch(shared ? 0 : scanned.volume, r.offset_bytes, end_bytes - r.offset_bytes);
    if (r.preflush) {
      // The flush first; the I/O arrives with it and goes out next.
      ++flushes_;
      DataIo(scanned, queued_io_);
      queued_volume_ = scanned.volume;
      has_queued_io_ = true;
      io = flush;
      return true;
    }
    DataIo(scanned, io);
    return true;
  }
  return false;
}

uint64_t TraceSource::footprint_bytes() const {
  footprint_.Flush();
  return footprint_.blocks() * 4096;
}

bool TraceSource::footprint_estimated() const {
  footprint_.Flush();
  return footprint_.estimated();
}

bool TraceSource::wrapped() const {
  if (wrapped_volumes() > 0 || footprint_bytes() > capacity_bytes_) return true;
  // One address space: addresses past the drive come back onto it.
  return regions_.size() <= 1 && options_.address_map == AddressMap::kWrap &&
         max_offset_bytes_ > capacity_bytes_;
}

}  // namespace flashscope
