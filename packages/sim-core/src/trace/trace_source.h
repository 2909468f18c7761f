// TraceSource: a trace as a host job's request source (IRequestSource). It
// streams the trace through a TraceScanner (selection: volume, window,
// max_requests; bad lines: stop or skip) and turns each record into a HostIo:
//
// Arrival (open loop, the job's iodepth 0): the record's time since the
// window's start divided by options.speed; times that go backwards in the
// trace take their predecessor's (counted as out of order). Closed loop
// (queue_depth > 0): the host ignores arrival times.
//
// Addresses onto the simulated capacity (the drive's logical bytes):
//   wrap     offset modulo the capacity, aligned down to 512 bytes; a request
//            that would run past the end is moved back to end at it.
//   compact  a pre-pass over the trace (Rewind) collects the 1 MiB extents
//            the selected records touch; they are packed in address order
//            from offset 0 (keeping offsets within an extent), so a trace
//            whose footprint fits the drive keeps every distinct address
//            distinct; if the packed extents are still larger, they wrap.
// Lengths longer than the capacity (the volume's region) or than one host
// request carries (kMaxTraceRequestBytes for reads and writes,
// kMaxTraceTrimBytes for trims) are clamped: counted, and said in Notes().
//
// Flushes (TraceRecord kFlush, blkparse's flush-only events) replay as host
// flushes: each waits until the drive's write buffer holds nothing written
// before it, as fio's fsync does (none with power_loss_protection). A
// record with a flush before it (preflush) replays as that flush, then the
// I/O at the same arrival. A write with FUA completes once on flash: the
// host flushes after it, as for fio's sync=1 (HostIo::fua).
//
// The footprint (distinct 4 KiB blocks the replayed records touch, each
// volume's apart unless they share one space; within a fixed budget,
// FootprintBitmap) and the highest end offset are counted as the records
// replay, by the same rule as the inspection's, so a run's figures equal
// `trace inspect`'s for the same options; Fit() gives them to the wrap note
// (sim/trace_device_fit.h).
//
// Volumes (options.volume_placement): a trace naming several devices /
// volumes (Tencent CBS's thousands, MSR's hm_0 and hm_1, SPC's ASUs) gives
// each its own region of the drive by default ("regions"), so volumes never
// alias. The pre-pass (the one compact mapping needs, now also run for
// wrap) measures each volume: its span (highest end offset) for wrap, its
// touched extents for compact, rounded up to 1 MiB. When they all fit, each
// region is exactly that, packed in order of first appearance, and every
// address keeps its distinct place; when they do not, regions shrink in
// proportion to that need capped by the bytes the volume moves (4
// KiB-aligned, at least 4 KiB) and a volume wraps (or packs) within its own
// region only. A trace with one volume gets the whole drive
// (as before). "shared": every volume maps into one address space (the old
// behaviour: they may alias). A selected volume (options.volume) is placed
// alone ("single"). Beyond kMaxTraceVolumes ids the rest share one region.
//
// Trims replay as trims when the controller supports them (the conventional
// FTL does: Controller::SubmitTrim); otherwise they are counted and skipped.
//
// Next allocates nothing per record (bad lines excepted, see TraceScanner).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "trace/byte_input.h"
#include "trace/footprint_bitmap.h"
#include "trace/trace_options.h"
#include "trace/trace_scanner.h"
#include "workload/request_source.h"

namespace flashscope {

// Longest read or write replayed as one (HostIo lengths are 32-bit).
inline constexpr uint64_t kMaxTraceRequestBytes = uint64_t{1} << 30;  // 1 GiB
// Longest trim: what a 32-bit length holds, in whole 4 KiB units (a trim
// moves no data; discards of whole files or partitions are gigabytes).
inline constexpr uint64_t kMaxTraceTrimBytes = (uint64_t{1} << 32) - 4096;

class TraceSource final : public IRequestSource {
 public:
  // Chooses the format (InputError when binary or undetectable) and, for
  // compact mapping, runs the pre-pass (which stops at a bad line under
  // bad_lines stop). `chunk_bytes`: see LineReader.
  TraceSource(std::unique_ptr<IByteInput> input, const TraceOptions& options,
              uint64_t capacity_bytes, bool trims_supported = true,
              size_t chunk_bytes = kTraceChunkBytes);
  ~TraceSource() override;
  TraceSource(const TraceSource&) = delete;
  TraceSource& operator=(const TraceSource&) = delete;

  bool Next(HostIo& io) override;

  const std::string& name() const { return input_->name(); }
  const std::string& format() const { return choice_.format; }
  double confidence() const { return choice_.confidence; }
  const TraceOptions& options() const { return options_; }
  uint64_t capacity_bytes() const { return capacity_bytes_; }

  // Progress: bytes of the trace read (consumed) so far, and its size
  // (UINT64_MAX when unknown).
  const TraceScanner& scanner() const { return *scanner_; }
  uint64_t bytes_read() const { return scanner_->file_bytes_read(); }  // as stored
  uint64_t size_bytes() const { return scanner_->size_bytes(); }
  // Reads, writes and trims issued so far (flushes apart).
  uint64_t requests() const { return issued_[0] + issued_[1] + issued_[2]; }
  uint64_t flushes() const { return flushes_; }        // flush requests issued
  uint64_t fua_writes() const { return fua_writes_; }  // writes with FUA issued
  uint64_t requests(IoOp op) const { return issued_[Index(op)]; }
  uint64_t bytes(IoOp op) const { return issued_bytes_[Index(op)]; }
  uint64_t lines() const { return scanner_->lines(); }
  uint64_t bad_lines() const { return scanner_->bad_lines(); }
  uint64_t skipped_lines() const { return scanner_->skipped_lines(); }
  uint64_t zero_length_records() const { return scanner_->zero_length_records(); }
  uint64_t filtered_records() const { return scanner_->filtered_records(); }
  uint64_t out_of_order() const { return scanner_->out_of_order(); }
  const std::vector<BadTraceLine>& bad_line_examples() const {
    return scanner_->bad_line_examples();
  }
  uint64_t clamped_requests() const { return clamped_requests_; }
  uint64_t clamped_bytes() const { return clamped_bytes_; }  // cut off them
  uint64_t trims_skipped() const { return trims_skipped_; }
  bool trims_supported() const { return trims_supported_; }
  // compact: the touched extents packed (0 with wrap).
  uint64_t compact_extents() const { return extents_.size(); }
  static constexpr uint64_t kExtentBytes = uint64_t{1} << 20;

  // Where a volume of the trace was placed ("regions" only).
  struct VolumeRegion {
    uint64_t need_bytes = 0;    // span (wrap) or packed extents (compact), 1 MiB-rounded
    uint64_t offset_bytes = 0;  // region start on the drive
    uint64_t bytes = 0;         // region length
    uint64_t requests = 0;      // issued so far
    uint64_t moved_bytes = 0;   // bytes its records move (pre-pass)
  };
  // "regions", "shared" or "single" (a volume was selected).
  const char* volume_placement() const;
  // Indexed by the scanner's volume index (kOtherVolumes last when the
  // trace named more); empty unless placement is "regions".
  const std::vector<VolumeRegion>& volume_regions() const { return regions_; }
  std::string_view volume_name(uint32_t index) const { return scanner_->volumes().Name(index); }
  // The volume index (scanner().volumes()) of the request Next last returned.
  uint32_t last_volume() const { return last_volume_; }
  // Volumes whose region is smaller than their need (they wrap within it).
  uint64_t wrapped_volumes() const;
  // The replayed records' footprint and highest end offset so far (see
  // the banner), and whether the replay put addresses beyond the drive
  // back onto it: a footprint or (one address space) an end offset past
  // the capacity, or a volume wrapped within its region.
  uint64_t footprint_bytes() const;
  bool footprint_estimated() const;
  uint64_t max_offset_bytes() const { return max_offset_bytes_; }
  bool wrapped() const;
  // Sentences for the user: the scanner's clock notes and how volumes
  // were placed.
  std::vector<std::string> Notes() const;

  // The address a record's offset maps to (before the end-of-capacity
  // adjustment for its length); exposed for tests.
  uint64_t MapOffset(uint64_t offset_bytes, uint64_t length_bytes, uint32_t volume = 0) const;

 private:
  static size_t Index(IoOp op) { return std::min<size_t>(static_cast<size_t>(op), 2); }
  // The pre-pass: compact's extents and the regions' needs.
  void PrePass(bool regions);
  void PlaceRegions();
  uint64_t ScaledArrivalNs(uint64_t relative_ns) const;
  // The longest request of `op` the drive takes (its capacity, and what
  // one host request carries).
  uint64_t MaxRequestBytes(IoOp op) const;
  // The data I/O of a record (after its preflush, if any).
  void DataIo(const ScannedRecord& scanned, HostIo& io);

  std::unique_ptr<IByteInput> input_;
  TraceOptions options_;
  TraceFormatChoice choice_;
  std::unique_ptr<TraceScanner> scanner_;
  uint64_t capacity_bytes_;
  bool trims_supported_;
  // compact: touched extents, ascending; with regions the key carries the
  // volume index above bit kVolumeKeyShift, so one volume's are contiguous.
  std::vector<uint64_t> extents_;
  std::vector<VolumeRegion> regions_;
  std::array<uint64_t, 3> issued_{};
  std::array<uint64_t, 3> issued_bytes_{};
  uint64_t clamped_requests_ = 0;
  uint64_t clamped_bytes_ = 0;
  uint64_t trims_skipped_ = 0;
  uint64_t flushes_ = 0;
  uint64_t fua_writes_ = 0;
  uint32_t last_volume_ = 0;
  // A preflush's I/O, issued by the Next after its flush.
  bool has_queued_io_ = false;
  HostIo queued_io_;
  uint32_t queued_volume_ = 0;
  mutable FootprintBitmap footprint_;  // Flush()ed when read
  uint64_t max_offset_bytes_ = 0;
};

}  // namespace flashscope
