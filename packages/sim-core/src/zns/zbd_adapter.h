// ZbdAdapter: fio's zonemode=zbd for one job on a zoned device — where each
// I/O the job generates may go, given the zones' states, so that writes land
// at write pointers as a host-managed zoned drive requires.
//
// Source: fio zbd.c (axboe/fio), zbd_adjust_block() and the helpers it calls
// (zbd_open_zone, zbd_convert_to_open_zone, zbd_find_zone,
// zbd_dec_and_reset_write_cnt, zbd_adjust_ddir, zbd_do_io_u_trim), and the
// fio HOWTO's zonemode, max_open_zones, zone_reset_threshold,
// zone_reset_frequency and read_beyond_wp. Per I/O:
//   - write: to the write pointer of the zone holding the generated offset.
//     If that zone cannot be opened (max_open_zones zones are open, or it is
//     Offline / Read Only), to one of the job's open zones instead, picked
//     by the offset as fio's pick_random_zone_idx does ((offset * open) /
//     namespace), or to the next zone that can be opened, or to any open
//     zone with room; none: the I/O is not issued. A full target zone is
//     reset first (decision.reset_zone). The length is cut at the zone
//     capacity. Once the data written to the zones reaches
//     zone_reset_threshold of the namespace, every (1 / zone_reset_frequency)-th
//     write resets its target zone first (frequency 0: never);
//   - read: unless read_beyond_wp, moved into the zone's written data
//     (random jobs: start + ((offset - start) % (written - length)),
//     sequential jobs: the zone start), or when the zone holds less than a
//     block, into the nearest zone that holds one (random: searching both
//     ways, sequential: forward); no such zone: not issued. The length is
//     cut at the write pointer. In a read/write mix, a read while no zone
//     holds data becomes a write (zbd_adjust_ddir);
//   - trim: a zone reset (zbd_do_io_u_trim): at the zone start (a random
//     trim of an empty zone moves to the nearest zone with data), the zone
//     in decision.reset_zone, kNoZone when it is already empty; a trim not
//     at a zone start is not issued (fio fails it with EINVAL);
//   - flush: unchanged.
// max_open_zones resolves as fio's zbd_set_max_open_zones does for a
// host-managed drive: 0 takes the device's Maximum Open Resources (or its
// Maximum Active Resources when only those are limited); a larger value
// than the device's is clamped here (JobsFromFio reports it as an error
// first). The open-zone count is the device's, shared with every other
// user of the namespace, as fio's per-device list is.
//
// Where FlashScope differs from fio, and why:
//   - fio's minimum block size (the job's smallest bs) is the 4 KiB LBA
//     here: lengths are cut to whole LBAs;
//   - fio restricts a job to the zones of its offset/size region and counts
//     the reset threshold against that region; the adapter sees only
//     offsets, so it uses the whole namespace (JobsFromFio aligns the
//     region to zones as fio's zbd_verify_sizes does, so a job's writes
//     stay in zones its region covers);
//   - fio checks the open-zone list under locks and waits (io_u_quiesce)
//     for in-flight writes before a reset; the simulator is single-threaded
//     and the device applies each decision before the next Adjust.
//
// Contract with the device: Adjust reads zone states and write pointers
// from `device`, so the device must apply each issued write (and
// decision.reset_zone before it) to its ZoneStateMachine when the I/O is
// issued, not when it completes; otherwise two writes in flight would be
// aimed at the same write pointer. Adjust never allocates.
#pragma once

#include <cstdint>
#include <vector>

#include "host/zbd_options.h"
#include "workload/request_source.h"
#include "zns/zone_state_machine.h"

namespace flashscope::zns {

struct ZbdDecision {
  uint32_t reset_zone = kNoZone;  // zone to reset before issuing
};

class ZbdAdapter {
 public:
  // LBAs are 4 KiB. `seed` is accepted for the job's randomness contract,
  // but fio's zbd choices are all derived from the offset, so none draws
  // from it.
  ZbdAdapter(const ZoneStateMachine& device, const ZbdOptions& options, uint64_t seed);

  // fio zbd.c zbd_adjust_block semantics; offsets/lengths in bytes, 4 KiB
  // LBAs. May change io.op (a read to a write, see above), io.offset_bytes
  // and io.length_bytes. false: the I/O cannot be issued (e.g. a read and
  // no zone holds data) -> the job skips it. decision.reset_zone is set
  // (else kNoZone) when the device must reset a zone first.
  bool Adjust(HostIo& io, ZbdDecision& decision);

  // The max_open_zones in force (0: no limit).
  uint32_t max_open_zones() const { return max_open_zones_; }
  // Zones this job has open (written since it opened them), in the order
  // it opened them.
  const std::vector<uint32_t>& open_zones() const { return open_zones_; }

  static constexpr uint64_t kLbaBytes = 4096;

 private:
  bool AdjustWrite(HostIo& io, ZbdDecision& decision);
  bool AdjustRead(HostIo& io);
  bool AdjustTrim(HostIo& io, ZbdDecision& decision);
  // Drops zones the device no longer has open (filled, reset or closed).
  void PruneOpenZones();
  bool IsJobOpen(uint32_t zone) const;
  // fio zbd_open_zone: true if the job may write to `zone` now.
  bool OpenZone(uint32_t zone);
  // fio zbd_convert_to_open_zone: a zone to write to instead, or kNoZone.
  uint32_t ConvertToOpenZone(uint64_t offset_bytes);
  // fio pick_random_zone_idx: an index into open_zones_.
  uint32_t PickOpenZone(uint64_t offset_bytes) const;
  // fio zbd_find_zone: the nearest zone from `zone` holding >= min_lbas.
  uint32_t FindZoneWithData(uint32_t zone, uint64_t min_lbas) const;
  // Accepts writes now (not Offline, Read Only or Full).
  bool Writable(uint32_t zone) const;
  bool HasRoom(uint32_t zone) const;   // Writable with a free LBA
  bool ZoneFull(uint32_t zone) const;  // fio zbd_zone_full for one LBA
  uint64_t WrittenLbas() const;        // in every zone
  bool AnyZoneHoldsData() const;
  // fio zbd_dec_and_reset_write_cnt.
  bool CountDownToReset();
  uint32_t WritesPerReset() const;

  const ZoneStateMachine& device_;
  ZbdOptions options_;
  uint32_t max_open_zones_ = 0;
  uint64_t namespace_bytes_ = 0;
  uint64_t zone_size_bytes_ = 0;
  std::vector<uint32_t> open_zones_;  // capacity reserved: never reallocates
  uint32_t write_count_ = 0;          // fio zbd_info->write_cnt
};

}  // namespace flashscope::zns
