#include "trace/trace_source.h"

#include <algorithm>

#include "trace/compressed_input.h"
#include "trace/extent_table.h"
#include "util/input_error.h"

namespace flashscope {

namespace {

constexpr uint64_t kSectorBytes = 512;
constexpr uint64_t kExtentShift = 20;

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
  max_length_bytes_ = std::min(capacity_bytes_, kMaxTraceRequestBytes);
  choice_ = ChooseTraceFormat(*input_, options_);
  scanner_ = std::make_unique<TraceScanner>(*input_, options_, choice_.format, chunk_bytes);
  if (options_.address_map == AddressMap::kCompact) CollectExtents();
}

TraceSource::~TraceSource() = default;

void TraceSource::CollectExtents() {
  ExtentTable<uint8_t> touched;
  ScannedRecord scanned;
  while (scanner_->Next(scanned)) {
    const TraceRecord& r = scanned.record;
    if (r.op == IoOp::kTrim && !trims_supported_) continue;
    const uint64_t length = std::min(r.length_bytes, max_length_bytes_);
    const uint64_t last =
        r.offset_bytes > UINT64_MAX - length ? UINT64_MAX : r.offset_bytes + length - 1;
    for (uint64_t e = r.offset_bytes >> kExtentShift; e <= (last >> kExtentShift); ++e) {
      touched[e] = 1;
    }
  }
  extents_.reserve(touched.size());
  touched.ForEach([&](uint64_t extent, uint8_t) { extents_.push_back(extent); });
  std::sort(extents_.begin(), extents_.end());
  scanner_->Rewind();
}

uint64_t TraceSource::MapOffset(uint64_t offset_bytes, uint64_t length_bytes) const {
  uint64_t offset = offset_bytes;
  if (options_.address_map == AddressMap::kCompact) {
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

bool TraceSource::Next(HostIo& io) {
  ScannedRecord scanned;
  while (scanner_->Next(scanned)) {
    const TraceRecord& r = scanned.record;
    if (r.op == IoOp::kTrim && !trims_supported_) {
      ++trims_skipped_;
      continue;
    }
    uint64_t length = r.length_bytes;
    if (length > max_length_bytes_) {
      length = max_length_bytes_;
      ++clamped_requests_;
    }
    io.op = r.op;
    io.offset_bytes = MapOffset(r.offset_bytes, length);
    io.length_bytes = static_cast<uint32_t>(length);
    io.arrival_ns = ScaledArrivalNs(scanned.relative_ns);
    const size_t op = Index(r.op);
    ++issued_[op];
    issued_bytes_[op] += length;
    return true;
  }
  return false;
}

}  // namespace flashscope
