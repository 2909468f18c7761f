// ZoneStateMachine: NVMe ZNS zone states and resources (ZNS 1.1 §2.1.1,
// §3.4.1, §3.4.3). See the header for the contract.
#include "zns/zone_state_machine.h"

#include "util/input_error.h"

namespace flashscope::zns {

const char* ZoneStateName(ZoneState state) {
  switch (state) {
    case ZoneState::kEmpty:
      return "ZSE:Empty";
    case ZoneState::kImplicitlyOpened:
      return "ZSIO:Implicitly Opened";
    case ZoneState::kExplicitlyOpened:
      return "ZSEO:Explicitly Opened";
    case ZoneState::kClosed:
      return "ZSC:Closed";
    case ZoneState::kReadOnly:
      return "ZSRO:Read Only";
    case ZoneState::kFull:
      return "ZSF:Full";
    case ZoneState::kOffline:
      return "ZSO:Offline";
  }
  return "unknown";
}

ZoneStateMachine::ZoneStateMachine(const ZoneGeometry& geometry) : geometry_(geometry) {
  if (geometry.zone_count == 0 || geometry.zone_count == kNoZone) {
    throw InputError("", 0, "zns: zone count must be between 1 and 2^32-2");
  }
  if (geometry.zone_size_lbas == 0) throw InputError("", 0, "zns: zone size must be > 0");
  if (geometry.zone_capacity_lbas == 0 || geometry.zone_capacity_lbas > geometry.zone_size_lbas) {
    throw InputError("", 0, "zns: zone capacity must be in [1, zone size]");
  }
  if (geometry.max_open_resources != 0 && geometry.max_active_resources != 0 &&
      geometry.max_open_resources > geometry.max_active_resources) {
    // Every open zone is active, so MOR can never exceed MAR (§2.1.1).
    throw InputError("", 0, "zns: max open resources cannot exceed max active resources");
  }
  namespace_lbas_ = static_cast<uint64_t>(geometry.zone_count) * geometry.zone_size_lbas;
  zones_.resize(geometry.zone_count);
  for (uint32_t i = 0; i < geometry.zone_count; ++i) {
    Zone& zone = zones_[i];
    zone.start_lba = static_cast<uint64_t>(i) * geometry.zone_size_lbas;
    zone.capacity_lbas = geometry.zone_capacity_lbas;
    zone.write_pointer = zone.start_lba;
    zone.state = ZoneState::kEmpty;
  }
  zones_in_state_[static_cast<uint8_t>(ZoneState::kEmpty)] = geometry.zone_count;
  implicit_prev_.assign(geometry.zone_count, kNoZone);
  implicit_next_.assign(geometry.zone_count, kNoZone);
  // At most one transition per zone in a Select All action, and at most
  // three (a controller close, the open, Full) in a single-zone command.
  transitions_.reserve(static_cast<size_t>(geometry.zone_count) + 3);
}

uint32_t ZoneStateMachine::ZoneOf(uint64_t lba) const {
  if (lba >= namespace_lbas_) return kNoZone;
  return static_cast<uint32_t>(lba / geometry_.zone_size_lbas);
}

// The one place a zone's state changes, so the Open/Active Resource counts,
// the per-state counts and the ZSIO list can never disagree with the states.
void ZoneStateMachine::SetState(uint32_t index, ZoneState state) {
  Zone& zone = zones_[index];
  const ZoneState from = zone.state;
  if (from == state) return;
  Record(index, from);
  if (HoldsOpenResource(from)) --open_zones_;
  if (HoldsActiveResource(from)) --active_zones_;
  if (HoldsOpenResource(state)) ++open_zones_;
  if (HoldsActiveResource(state)) ++active_zones_;
  --zones_in_state_[static_cast<uint8_t>(from)];
  ++zones_in_state_[static_cast<uint8_t>(state)];

  if (from == ZoneState::kImplicitlyOpened) {  // unlink
    const uint32_t prev = implicit_prev_[index];
    const uint32_t next = implicit_next_[index];
    (prev == kNoZone ? implicit_head_ : implicit_next_[prev]) = next;
    (next == kNoZone ? implicit_tail_ : implicit_prev_[next]) = prev;
    implicit_prev_[index] = implicit_next_[index] = kNoZone;
  }
  if (state == ZoneState::kImplicitlyOpened) {  // append: newest last
    implicit_prev_[index] = implicit_tail_;
    implicit_next_[index] = kNoZone;
    (implicit_tail_ == kNoZone ? implicit_head_ : implicit_next_[implicit_tail_]) = index;
    implicit_tail_ = index;
  }
  zone.state = state;
  transitions_.back().to = state;
}

void ZoneStateMachine::Record(uint32_t index, ZoneState from) {
  ZoneTransition transition;
  transition.zone = index;
  transition.from = from;
  transition.to = from;
  transition.written_lbas_before = zones_[index].written_lbas();
  transitions_.push_back(transition);  // within the reserved capacity
}

ZoneManagementResult ZoneStateMachine::Done(ZnsStatus status) const {
  ZoneManagementResult result;
  result.status = status;
  result.transitions = std::span<const ZoneTransition>(transitions_.data(), transitions_.size());
  return result;
}

// Writes are refused in ZSF, ZSRO and ZSO with the status naming the state
// (§3.4.1, §3.3.7 zoned rules; QEMU nvme_check_zone_state_for_write).
ZnsStatus ZoneStateMachine::CheckWritable(const Zone& zone) const {
  switch (zone.state) {
    case ZoneState::kFull:
      return ZnsStatus::kZoneIsFull;
    case ZoneState::kReadOnly:
      return ZnsStatus::kZoneIsReadOnly;
    case ZoneState::kOffline:
      return ZnsStatus::kZoneIsOffline;
    default:
      return ZnsStatus::kSuccess;
  }
}

// Opening a ZSE zone needs an Active and an Open Resource, a ZSC zone only an
// Open Resource (§2.1.1). The Active check comes first and has no side
// effect, so a refused command changes nothing; only then, if the Open
// Resources are all taken, the controller closes its oldest ZSIO zone.
// Choice (the specification allows it, QEMU does it for implicit and
// explicit opens alike): the longest implicitly opened zone, as QEMU takes
// the head of its imp_open_zones queue.
ZnsStatus ZoneStateMachine::AcquireOpenResource(uint32_t index, uint32_t* implicitly_closed_zone) {
  const bool needs_active = zones_[index].state == ZoneState::kEmpty;
  if (needs_active && geometry_.max_active_resources != 0 &&
      active_zones_ >= geometry_.max_active_resources) {
    return ZnsStatus::kTooManyActiveZones;
  }
  if (geometry_.max_open_resources != 0 && open_zones_ >= geometry_.max_open_resources) {
    if (!geometry_.close_implicitly_opened_when_out_of_open_resources ||
        implicit_head_ == kNoZone) {
      return ZnsStatus::kTooManyOpenZones;
    }
    const uint32_t victim = implicit_head_;
    SetState(victim, ZoneState::kClosed);
    if (implicitly_closed_zone != nullptr) *implicitly_closed_zone = victim;
  }
  return ZnsStatus::kSuccess;
}

ZoneWriteResult ZoneStateMachine::Write(uint64_t start_lba, uint64_t lba_count) {
  transitions_.clear();
  ZoneWriteResult result;
  result.lba = start_lba;
  if (lba_count == 0) {  // NLB is 0's based on the wire: zero LBAs is malformed
    result.status = ZnsStatus::kInvalidFieldInCommand;
    return result;
  }
  if (start_lba >= namespace_lbas_ || lba_count > namespace_lbas_ - start_lba) {
    result.status = ZnsStatus::kLbaOutOfRange;
    return result;
  }
  const uint32_t index = ZoneOf(start_lba);
  result.zone = index;
  Zone& zone = zones_[index];
  // Order of checks as QEMU's nvme_check_zone_write: state, write pointer,
  // then capacity.
  if (ZnsStatus status = CheckWritable(zone); status != ZnsStatus::kSuccess) {
    result.status = status;
    return result;
  }
  if (start_lba != zone.write_pointer) {
    result.status = ZnsStatus::kZoneInvalidWrite;
    return result;
  }
  if (lba_count > zone.end_of_capacity_lba() - start_lba) {
    result.status = ZnsStatus::kZoneBoundaryError;
    return result;
  }
  if (zone.state == ZoneState::kEmpty || zone.state == ZoneState::kClosed) {
    const ZnsStatus status = AcquireOpenResource(index, &result.implicitly_closed_zone);
    if (status != ZnsStatus::kSuccess) {
      result.status = status;
      return result;
    }
    SetState(index, ZoneState::kImplicitlyOpened);
  }
  zone.write_pointer += lba_count;
  if (zone.write_pointer == zone.end_of_capacity_lba()) {
    SetState(index, ZoneState::kFull);  // releases the Open and Active Resource
    result.zone_became_full = true;
  }
  return result;
}

ZoneWriteResult ZoneStateMachine::Append(uint64_t zone_start_lba, uint64_t lba_count) {
  transitions_.clear();
  ZoneWriteResult result;
  if (zone_start_lba >= namespace_lbas_) {
    result.status = ZnsStatus::kLbaOutOfRange;
    return result;
  }
  // §3.4.1: ZSLBA must be a zone's lowest LBA, NLB within ZASL; both are
  // Invalid Field in Command (as QEMU nvme_do_write for appends).
  if (zone_start_lba % geometry_.zone_size_lbas != 0 || lba_count == 0 ||
      (geometry_.zone_append_size_limit_lbas != 0 &&
       lba_count > geometry_.zone_append_size_limit_lbas)) {
    result.status = ZnsStatus::kInvalidFieldInCommand;
    return result;
  }
  const uint32_t index = ZoneOf(zone_start_lba);
  result.zone = index;
  const Zone& zone = zones_[index];
  if (ZnsStatus status = CheckWritable(zone); status != ZnsStatus::kSuccess) {
    result.status = status;
    return result;
  }
  // The append goes exactly where a Write at the write pointer would, so it
  // shares every later rule (capacity, implicit open, Full).
  const uint64_t assigned_lba = zone.write_pointer;
  result = Write(assigned_lba, lba_count);
  result.lba = assigned_lba;
  return result;
}

ZnsStatus ZoneStateMachine::CheckRead(uint64_t start_lba, uint64_t lba_count) const {
  if (lba_count == 0) return ZnsStatus::kInvalidFieldInCommand;
  if (start_lba >= namespace_lbas_ || lba_count > namespace_lbas_ - start_lba) {
    return ZnsStatus::kLbaOutOfRange;
  }
  const uint32_t first = ZoneOf(start_lba);
  const uint32_t last = ZoneOf(start_lba + lba_count - 1);
  if (first != last) return ZnsStatus::kZoneBoundaryError;
  if (zones_[first].state == ZoneState::kOffline) return ZnsStatus::kZoneIsOffline;
  return ZnsStatus::kSuccess;
}

// One zone, one action: the rows of the zone state machine (§2.1.1) that
// Zone Management Send drives (§3.4.3), as QEMU's nvme_zrm_open/close/
// finish/reset and nvme_offline_zone apply them. Actions a state does not
// accept — including any on ZSRO/ZSO other than Offline — are Invalid Zone
// State Transition; actions that would leave the state as it is succeed
// without effect.
ZnsStatus ZoneStateMachine::ApplyToZone(ZoneSendAction action, uint32_t index) {
  Zone& zone = zones_[index];
  const ZoneState state = zone.state;
  switch (action) {
    case ZoneSendAction::kOpen:
      switch (state) {
        case ZoneState::kEmpty:
        case ZoneState::kClosed: {
          const ZnsStatus status = AcquireOpenResource(index, nullptr);
          if (status != ZnsStatus::kSuccess) return status;
          SetState(index, ZoneState::kExplicitlyOpened);
          return ZnsStatus::kSuccess;
        }
        case ZoneState::kImplicitlyOpened:  // already holds its resources
          SetState(index, ZoneState::kExplicitlyOpened);
          return ZnsStatus::kSuccess;
        case ZoneState::kExplicitlyOpened:
          return ZnsStatus::kSuccess;
        default:
          return ZnsStatus::kInvalidZoneStateTransition;
      }
    case ZoneSendAction::kClose:
      switch (state) {
        // Choice: a zone with nothing written still goes to ZSC (keeping its
        // Active Resource), as QEMU nvme_zrm_close; ZBC and Linux null_blk
        // return such a zone to Empty instead.
        case ZoneState::kImplicitlyOpened:
        case ZoneState::kExplicitlyOpened:
          SetState(index, ZoneState::kClosed);
          return ZnsStatus::kSuccess;
        case ZoneState::kClosed:
          return ZnsStatus::kSuccess;
        default:
          return ZnsStatus::kInvalidZoneStateTransition;
      }
    case ZoneSendAction::kFinish:
      switch (state) {
        // ZSE -> ZSF needs no resource: the zone is never active in between
        // (QEMU nvme_zrm_finish checks none).
        case ZoneState::kEmpty:
        case ZoneState::kImplicitlyOpened:
        case ZoneState::kExplicitlyOpened:
        case ZoneState::kClosed:
          SetState(index, ZoneState::kFull);
          return ZnsStatus::kSuccess;
        case ZoneState::kFull:
          return ZnsStatus::kSuccess;
        default:
          return ZnsStatus::kInvalidZoneStateTransition;
      }
    case ZoneSendAction::kReset:
      switch (state) {
        case ZoneState::kImplicitlyOpened:
        case ZoneState::kExplicitlyOpened:
        case ZoneState::kClosed:
        case ZoneState::kFull:
          SetState(index, ZoneState::kEmpty);
          zone.write_pointer = zone.start_lba;
          zone.finished_by_controller = false;
          return ZnsStatus::kSuccess;
        case ZoneState::kEmpty:
          return ZnsStatus::kSuccess;
        default:
          return ZnsStatus::kInvalidZoneStateTransition;
      }
    case ZoneSendAction::kOffline:
      switch (state) {
        case ZoneState::kReadOnly:
          SetState(index, ZoneState::kOffline);
          return ZnsStatus::kSuccess;
        case ZoneState::kOffline:
          return ZnsStatus::kSuccess;
        default:
          return ZnsStatus::kInvalidZoneStateTransition;
      }
  }
  return ZnsStatus::kInvalidFieldInCommand;  // not a Zone Send Action we know
}

ZoneManagementResult ZoneStateMachine::Manage(ZoneSendAction action, uint64_t zone_start_lba,
                                              bool select_all) {
  transitions_.clear();
  if (select_all) return ManageAll(action);
  // A single-zone action names the zone by its ZSLBA (QEMU
  // nvme_get_mgmt_zone_slba_idx: out of range, then not a zone start).
  if (zone_start_lba >= namespace_lbas_) return Done(ZnsStatus::kLbaOutOfRange);
  if (zone_start_lba % geometry_.zone_size_lbas != 0) {
    return Done(ZnsStatus::kInvalidFieldInCommand);
  }
  return Done(ApplyToZone(action, ZoneOf(zone_start_lba)));
}

// Select All (§3.4.3): the ZSLBA is ignored and the action applies to the
// zones in the states it selects, in zone order:
//   Open    ZSC              -> ZSEO
//   Close   ZSIO, ZSEO       -> ZSC
//   Finish  ZSIO, ZSEO, ZSC  -> ZSF
//   Reset   ZSIO, ZSEO, ZSC, ZSF -> ZSE
//   Offline ZSRO             -> ZSO
// Open All is checked up front: if the closed zones do not all fit in the
// Open Resources it fails with Too Many Open Zones and opens none (choice;
// no zone is closed by the controller for it, as that zone would itself
// become a zone to open).
ZoneManagementResult ZoneStateMachine::ManageAll(ZoneSendAction action) {
  auto selected = [action](ZoneState state) {
    switch (action) {
      case ZoneSendAction::kOpen:
        return state == ZoneState::kClosed;
      case ZoneSendAction::kClose:
        return HoldsOpenResource(state);
      case ZoneSendAction::kFinish:
        return HoldsActiveResource(state);
      case ZoneSendAction::kReset:
        return HoldsActiveResource(state) || state == ZoneState::kFull;
      case ZoneSendAction::kOffline:
        return state == ZoneState::kReadOnly;
    }
    return false;
  };
  if (action == ZoneSendAction::kOpen && geometry_.max_open_resources != 0 &&
      static_cast<uint64_t>(open_zones_) + zones_in_state(ZoneState::kClosed) >
          geometry_.max_open_resources) {
    return Done(ZnsStatus::kTooManyOpenZones);
  }
  for (uint32_t index = 0; index < geometry_.zone_count; ++index) {
    if (!selected(zones_[index].state)) continue;
    const ZnsStatus status = ApplyToZone(action, index);
    if (status != ZnsStatus::kSuccess) return Done(status);  // unreachable by the checks above
  }
  return Done(ZnsStatus::kSuccess);
}

ZoneManagementResult ZoneStateMachine::MarkReadOnly(uint32_t index) {
  transitions_.clear();
  if (index >= geometry_.zone_count) return Done(ZnsStatus::kInvalidFieldInCommand);
  if (zones_[index].state == ZoneState::kOffline) {
    return Done(ZnsStatus::kInvalidZoneStateTransition);  // Offline is terminal
  }
  SetState(index, ZoneState::kReadOnly);  // releases any Open/Active Resource
  return Done(ZnsStatus::kSuccess);
}

ZoneManagementResult ZoneStateMachine::MarkOffline(uint32_t index) {
  transitions_.clear();
  if (index >= geometry_.zone_count) return Done(ZnsStatus::kInvalidFieldInCommand);
  SetState(index, ZoneState::kOffline);
  return Done(ZnsStatus::kSuccess);
}

ZoneManagementResult ZoneStateMachine::FinishByController(uint32_t index) {
  transitions_.clear();
  if (index >= geometry_.zone_count) return Done(ZnsStatus::kInvalidFieldInCommand);
  if (!HoldsActiveResource(zones_[index].state)) {
    return Done(ZnsStatus::kInvalidZoneStateTransition);
  }
  SetState(index, ZoneState::kFull);
  zones_[index].finished_by_controller = true;
  return Done(ZnsStatus::kSuccess);
}

}  // namespace flashscope::zns
