// ZoneStateMachine: the zones of one NVMe Zoned Namespace as the controller
// sees them — zone states, write pointers, and the Open and Active Resources —
// and the commands that move them: Write, Zone Append, Read (checks only) and
// the Zone Management Send actions Open, Close, Finish, Reset and Offline,
// each with or without Select All.
//
// Source: NVM Express Zoned Namespace Command Set Specification rev 1.1
// (ZNS 1.1): §2.1.1 zone states and the zone state machine, Open and Active
// Resources; §3.1.2 status values; §3.3.7 Write and §3.4.1 Zone Append;
// §3.4.3 Zone Management Send; §5.6 Zone Active Excursions. Where the
// specification leaves a choice to the controller the choice follows QEMU's
// emulated ZNS controller (hw/nvme/ctrl.c, nvme_zrm_*), and is named where it
// is made.
//
// Contract: this class only keeps zone state. It does not touch NAND; the
// device that owns it reads each result and does the media work (a reset or
// a finished zone's blocks to erase, pages to program). All storage is sized
// at construction: no command allocates. A result's `transitions` view points
// into this object and stays valid until the next command.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "zns/zns_status.h"

namespace flashscope::zns {

// Zone states, with the values of the Zone State field of the Zone Descriptor
// (ZNS 1.1 §3.4.2.2.3) so a report matches what `nvme zns report-zones` shows.
enum class ZoneState : uint8_t {
  kEmpty = 0x1,             // ZSE
  kImplicitlyOpened = 0x2,  // ZSIO
  kExplicitlyOpened = 0x3,  // ZSEO
  kClosed = 0x4,            // ZSC
  kReadOnly = 0xD,          // ZSRO
  kFull = 0xE,              // ZSF
  kOffline = 0xF,           // ZSO
};

// "ZSE:Empty" and so on, the specification's spelling.
const char* ZoneStateName(ZoneState state);

// A zone holds an Open Resource in ZSIO and ZSEO, and an Active Resource in
// ZSIO, ZSEO and ZSC (ZNS 1.1 §2.1.1).
constexpr bool HoldsOpenResource(ZoneState state) {
  return state == ZoneState::kImplicitlyOpened || state == ZoneState::kExplicitlyOpened;
}
constexpr bool HoldsActiveResource(ZoneState state) {
  return HoldsOpenResource(state) || state == ZoneState::kClosed;
}

// Zone Send Action values of Zone Management Send (ZNS 1.1 §3.4.3).
enum class ZoneSendAction : uint8_t {
  kClose = 0x1,
  kFinish = 0x2,
  kOpen = 0x3,
  kReset = 0x4,
  kOffline = 0x5,
};

struct ZoneGeometry {
  uint32_t zone_count = 0;
  uint64_t zone_size_lbas = 0;      // ZSZE: LBAs from one zone start to the next
  uint64_t zone_capacity_lbas = 0;  // ZCAP <= ZSZE: writable LBAs of a zone
  // Zones that may be in ZSIO or ZSEO at once; 0 = no limit. (Identify
  // Namespace reports this 0's based as MOR, FFFFFFFFh for no limit.)
  uint32_t max_open_resources = 0;
  // Zones that may be in ZSIO, ZSEO or ZSC at once; 0 = no limit (MAR).
  uint32_t max_active_resources = 0;
  // Zone Append Size Limit in LBAs (ZASL, Identify Controller); 0 = no limit.
  uint64_t zone_append_size_limit_lbas = 0;
  // When a zone must open and every Open Resource is taken, close the zone
  // that has been implicitly opened longest to free one (ZNS 1.1 §2.1.1
  // permits the controller a ZSIO -> ZSC transition; QEMU does this in
  // nvme_zrm_auto_transition_zone). false: fail with Too Many Open Zones.
  bool close_implicitly_opened_when_out_of_open_resources = true;
};

struct Zone {
  uint64_t start_lba = 0;      // ZSLBA
  uint64_t capacity_lbas = 0;  // ZCAP
  // Next LBA a Write must address. In ZSF after a Finish it stays where
  // writing stopped (the specification leaves the reported WP of a Full zone
  // undefined), so `written_lbas()` is the data the zone really holds.
  uint64_t write_pointer = 0;
  ZoneState state = ZoneState::kEmpty;
  // Zone Finished by Controller attribute (ZFC, §5.6): set by an active
  // excursion, cleared by Reset.
  bool finished_by_controller = false;

  uint64_t end_of_capacity_lba() const { return start_lba + capacity_lbas; }
  uint64_t written_lbas() const { return write_pointer - start_lba; }
};

inline constexpr uint32_t kNoZone = 0xFFFFFFFFu;

// One zone's change of state in a command.
struct ZoneTransition {
  uint32_t zone = kNoZone;
  ZoneState from = ZoneState::kEmpty;
  ZoneState to = ZoneState::kEmpty;
  // LBAs the zone held before the command: for a Reset, the data the device
  // must erase; for a Finish, capacity minus this is what was never written.
  uint64_t written_lbas_before = 0;
};

struct ZoneWriteResult {
  ZnsStatus status = ZnsStatus::kSuccess;
  uint32_t zone = kNoZone;
  uint64_t lba = 0;  // first LBA written; for Zone Append, the assigned LBA
  bool zone_became_full = false;
  // A ZSIO zone closed by the controller to free an Open Resource, or kNoZone.
  uint32_t implicitly_closed_zone = kNoZone;
  bool ok() const { return status == ZnsStatus::kSuccess; }
};

struct ZoneManagementResult {
  ZnsStatus status = ZnsStatus::kSuccess;
  // Every zone whose state changed, in the order the controller changed them
  // (a controller close made to free an Open Resource comes first).
  std::span<const ZoneTransition> transitions;
  bool ok() const { return status == ZnsStatus::kSuccess; }
};

class ZoneStateMachine {
 public:
  // Throws InputError for an impossible geometry (no zones, ZCAP 0 or > ZSZE,
  // MOR > MAR when both are limited).
  explicit ZoneStateMachine(const ZoneGeometry& geometry);

  // --- I/O commands -------------------------------------------------------
  // Write `lba_count` LBAs at `start_lba` (§3.3.7 with the zoned rules of
  // §2.1.1): it must start at the zone's write pointer and end within its
  // capacity; a write to ZSE or ZSC implicitly opens the zone; reaching the
  // capacity makes it Full.
  ZoneWriteResult Write(uint64_t start_lba, uint64_t lba_count);
  // Zone Append (§3.4.1): `zone_start_lba` is the zone's ZSLBA; the data
  // goes at the write pointer and the result carries the LBA assigned.
  ZoneWriteResult Append(uint64_t zone_start_lba, uint64_t lba_count);
  // The checks a Read makes (reads never change zone state): range, Offline
  // zones, and crossing a zone boundary (Read Across Zone Boundaries not
  // supported, §2.1.1). LBAs past the write pointer read as zeroes.
  ZnsStatus CheckRead(uint64_t start_lba, uint64_t lba_count) const;

  // --- Zone Management Send (§3.4.3) --------------------------------------
  // With `select_all` the zone start is ignored and the action applies to
  // every zone in the states the specification selects for it.
  ZoneManagementResult Manage(ZoneSendAction action, uint64_t zone_start_lba, bool select_all);
  ZoneManagementResult Open(uint64_t zone_start_lba) {
    return Manage(ZoneSendAction::kOpen, zone_start_lba, false);
  }
  ZoneManagementResult Close(uint64_t zone_start_lba) {
    return Manage(ZoneSendAction::kClose, zone_start_lba, false);
  }
  ZoneManagementResult Finish(uint64_t zone_start_lba) {
    return Manage(ZoneSendAction::kFinish, zone_start_lba, false);
  }
  ZoneManagementResult Reset(uint64_t zone_start_lba) {
    return Manage(ZoneSendAction::kReset, zone_start_lba, false);
  }
  ZoneManagementResult OfflineZone(uint64_t zone_start_lba) {
    return Manage(ZoneSendAction::kOffline, zone_start_lba, false);
  }

  // --- Transitions the controller makes on its own ------------------------
  // Media wear: any zone but an Offline one may become Read Only (§2.1.1).
  ZoneManagementResult MarkReadOnly(uint32_t zone);
  // Media failure: any zone may go Offline; Offline is terminal.
  ZoneManagementResult MarkOffline(uint32_t zone);
  // Zone Active Excursion (§5.6): an active zone (ZSIO, ZSEO, ZSC) is moved
  // to Full and its Zone Finished by Controller attribute is set.
  ZoneManagementResult FinishByController(uint32_t zone);

  // --- State --------------------------------------------------------------
  const ZoneGeometry& geometry() const { return geometry_; }
  uint32_t zone_count() const { return geometry_.zone_count; }
  uint64_t namespace_lbas() const { return namespace_lbas_; }
  const Zone& zone(uint32_t index) const { return zones_[index]; }
  std::span<const Zone> zones() const { return zones_; }
  // Zone holding `lba`; kNoZone past the namespace.
  uint32_t ZoneOf(uint64_t lba) const;
  uint32_t open_zones() const { return open_zones_; }
  uint32_t active_zones() const { return active_zones_; }
  uint32_t zones_in_state(ZoneState state) const {
    return zones_in_state_[static_cast<uint8_t>(state)];
  }

 private:
  ZnsStatus CheckWritable(const Zone& zone) const;
  // Takes the resources a ZSE or ZSC zone needs to open (an Active Resource
  // too when it is Empty), closing a ZSIO zone if the geometry allows it.
  ZnsStatus AcquireOpenResource(uint32_t zone, uint32_t* implicitly_closed_zone);
  void SetState(uint32_t zone, ZoneState state);
  void Record(uint32_t zone, ZoneState from);
  ZnsStatus ApplyToZone(ZoneSendAction action, uint32_t zone);
  ZoneManagementResult ManageAll(ZoneSendAction action);
  ZoneManagementResult Done(ZnsStatus status) const;

  ZoneGeometry geometry_;
  uint64_t namespace_lbas_ = 0;
  std::vector<Zone> zones_;
  uint32_t open_zones_ = 0;
  uint32_t active_zones_ = 0;
  uint32_t zones_in_state_[16] = {};
  // ZSIO zones, oldest first, as an intrusive list so the controller finds
  // the zone to close in O(1) without allocating.
  std::vector<uint32_t> implicit_prev_;
  std::vector<uint32_t> implicit_next_;
  uint32_t implicit_head_ = kNoZone;
  uint32_t implicit_tail_ = kNoZone;
  // Transitions of the current command (capacity zone_count + 1).
  std::vector<ZoneTransition> transitions_;
};

}  // namespace flashscope::zns
