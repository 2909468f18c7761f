// ZnsHostFtl: the host-side log-structured FTL of seed 004 (§3.1.2, Fig. 3.3)
// over a zoned namespace: a page-level map from 4 KiB logical blocks to
// (zone, offset), N open zone classes chosen per write by a placement policy
// (host_ftl/placement/), a global logical clock that advances with each user
// block write, and garbage collection that runs while the garbage proportion
// exceeds gc_threshold (or free zones run short), reclaiming the zone a
// victim policy (host_ftl/victim/) picks: its valid blocks are read and
// re-appended through placement, then the zone is reset.
//
// It drives the device's ZoneStateMachine itself (Zone Append, Reset,
// Finish) and tells a listener what media work each step means; the timed
// ZNS device turns that into flash commands, the untimed runner ignores it.
// State changes at once (the timed device only pays the time), so the WAF,
// GC counts and reclaimed GPs do not depend on timing: a timed run and an
// untimed run of the same write stream give the same figures.
//
// Units: one block = one LBA = 4 KiB (the mapping unit of a zoned device).
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "zns/zone_state_machine.h"

namespace flashscope::zns {

inline constexpr uint64_t kNeverWritten = UINT64_MAX;  // logical time "never"

// What the media must do for each host FTL step (the timed device's hooks).
class IHostFtlListener {
 public:
  virtual ~IHostFtlListener() = default;
  // One block appended at `offset` (blocks from the zone's start); gc: a
  // relocation rather than a user write.
  virtual void OnAppend(uint32_t zone, uint64_t offset, bool gc) = 0;
  // A valid block is read from (zone, offset) to be relocated.
  virtual void OnGcRead(uint32_t zone, uint64_t offset) = 0;
  // GC picked `zone` (garbage proportion gp); OnGcEnd after its valid blocks
  // moved (`moved` of them) and just before its reset.
  virtual void OnGcStart(uint32_t zone, double gp) = 0;
  virtual void OnGcEnd(uint32_t zone, uint64_t moved) = 0;
  // The zone was reset: its blocks must be erased.
  virtual void OnReset(uint32_t zone) = 0;
};

struct HostFtlConfig {
  uint64_t logical_blocks = 0;  // the host's logical space
  uint32_t classes = 7;
  double gc_threshold = 0.15;
  std::string placement = "normal";
  std::string gc_victim = "cbe";
};

// Per-class figures (class = open zone class, 0-based here, 1-based in text).
struct ZoneClassStats {
  uint64_t user_blocks = 0;  // user blocks appended to zones of the class
  uint64_t gc_blocks = 0;    // relocated blocks appended to it
  uint64_t zones_filled = 0;
  uint64_t zones_reclaimed = 0;
  uint64_t lifetime_sum = 0;  // logical time from full to reset, summed
  double reclaimed_gp_sum = 0;
};

struct HostFtlStats {
  uint64_t user_blocks = 0;  // user block writes
  uint64_t gc_blocks = 0;    // relocated blocks
  uint64_t gc_count = 0;     // zones reclaimed by GC (each one reset)
  uint64_t trimmed_blocks = 0;
  std::vector<float> reclaimed_gp;  // GP of each reclaimed zone, in order
  double reclaimed_gp_sum = 0;      // the same GPs summed (in double)
  std::vector<ZoneClassStats> classes;
  double waf() const {
    return user_blocks ? static_cast<double>(user_blocks + gc_blocks) / user_blocks : 0.0;
  }
  // The exact mean GP of the zones reclaimed so far (NaN before the first):
  // the result's reclaimed_gp averaged, without reading the list.
  double mean_reclaimed_gp() const {
    return gc_count ? reclaimed_gp_sum / static_cast<double>(gc_count)
                    : std::numeric_limits<double>::quiet_NaN();
  }
};

struct BlockLocation {
  uint32_t zone = kNoZone;  // kNoZone: never written or trimmed
  uint64_t offset = 0;
};

class IPlacementPolicy;
class IZoneVictimPolicy;

class ZnsHostFtl {
 public:
  // Throws InputError (file `source`) for an unknown placement or victim,
  // classes 0 or above the device's open limit, or a logical space the
  // zones cannot hold with GC room (names the largest that fits).
  ZnsHostFtl(const HostFtlConfig& config, ZoneStateMachine& device,
             const std::string& source = "device.json");
  ~ZnsHostFtl();
  ZnsHostFtl(const ZnsHostFtl&) = delete;
  ZnsHostFtl& operator=(const ZnsHostFtl&) = delete;

  void set_listener(IHostFtlListener* listener) { listener_ = listener; }

  // One user write of logical block `block` (< logical_blocks). `next_write`
  // is the logical time of this block's next user write (kNeverWritten when
  // none), needed by the future-knowledge placements fk and zbopt (see
  // future_knowledge.h; others ignore it). `now_ns` is the physical time
  // (WARCIP's lifetimes). May run GC first. Never allocates except the
  // reclaimed_gp list.
  void Write(uint64_t block, uint64_t next_write, uint64_t now_ns);
  void Trim(uint64_t block);
  BlockLocation Lookup(uint64_t block) const;

  bool NeedsFutureKnowledge() const;  // placement is fk or zbopt
  uint64_t logical_clock() const { return clock_; }
  const HostFtlStats& stats() const { return stats_; }
  uint64_t logical_blocks() const { return config_.logical_blocks; }
  uint32_t classes() const { return config_.classes; }
  double garbage_proportion() const;  // invalid / blocks held in zones
  // Per zone: valid blocks now, its class (kNoClass when empty).
  static constexpr uint8_t kNoClass = 0xFF;
  uint64_t zone_valid_blocks(uint32_t zone) const;
  uint8_t zone_class(uint32_t zone) const;
  const ZoneStateMachine& device() const { return device_; }
  const std::string& placement_name() const { return config_.placement; }
  const std::string& victim_name() const { return config_.gc_victim; }

  // The largest logical space `device` can hold at this GC threshold and
  // class count (used by the error message and by tests).
  static uint64_t MaxLogicalBlocks(const ZoneGeometry& geometry, uint32_t classes,
                                   double gc_threshold);

 private:
  struct Impl;
  void MaybeCollect();
  void Collect(uint32_t zone);
  void Reset(uint32_t zone, double gp);
  void Append(uint32_t cls, uint64_t block, bool gc);
  uint32_t Invalidate(uint64_t block, uint64_t clock);

  HostFtlConfig config_;
  ZoneStateMachine& device_;
  IHostFtlListener* listener_ = nullptr;
  uint64_t clock_ = 0;
  uint64_t now_ns_ = 0;
  HostFtlStats stats_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace flashscope::zns
