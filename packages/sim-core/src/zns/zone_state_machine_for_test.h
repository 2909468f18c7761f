// Helpers the zone state machine's tests share: a small geometry (8 zones of
// 16 LBAs, 12 writable), a zone's start LBA, a recount of the open and
// active resources checked against the machine's counters, and DriveTo,
// which brings a zone into a state through the commands a host or the
// device would use.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cstdint>

#include "zns/zns_status.h"
#include "zns/zone_state_machine.h"

namespace flashscope::zns {

constexpr uint64_t kZoneSize = 16;
constexpr uint64_t kZoneCapacity = 12;

inline ZoneGeometry SmallGeometry(uint32_t max_open = 0, uint32_t max_active = 0) {
  ZoneGeometry geometry;
  geometry.zone_count = 8;
  geometry.zone_size_lbas = kZoneSize;
  geometry.zone_capacity_lbas = kZoneCapacity;
  geometry.max_open_resources = max_open;
  geometry.max_active_resources = max_active;
  return geometry;
}

inline uint64_t Start(uint32_t zone) { return zone * kZoneSize; }

// Recounts resources from the states and compares them with the counters.
inline void ExpectAccountingConsistent(const ZoneStateMachine& zns) {
  uint32_t open = 0;
  uint32_t active = 0;
  std::array<uint32_t, 16> per_state{};
  for (const Zone& zone : zns.zones()) {
    open += HoldsOpenResource(zone.state) ? 1 : 0;
    active += HoldsActiveResource(zone.state) ? 1 : 0;
    ++per_state[static_cast<uint8_t>(zone.state)];
  }
  EXPECT_EQ(zns.open_zones(), open);
  EXPECT_EQ(zns.active_zones(), active);
  for (ZoneState state :
       {ZoneState::kEmpty, ZoneState::kImplicitlyOpened, ZoneState::kExplicitlyOpened,
        ZoneState::kClosed, ZoneState::kReadOnly, ZoneState::kFull, ZoneState::kOffline}) {
    EXPECT_EQ(zns.zones_in_state(state), per_state[static_cast<uint8_t>(state)])
        << ZoneStateName(state);
  }
}

// Puts `zone` (Empty, writable) into `state` through the commands a host or
// the device would use.
inline void DriveTo(ZoneStateMachine& zns, uint32_t zone, ZoneState state) {
  switch (state) {
    case ZoneState::kEmpty:
      break;
    case ZoneState::kImplicitlyOpened:
      ASSERT_TRUE(zns.Write(Start(zone), 2).ok());
      break;
    case ZoneState::kExplicitlyOpened:
      ASSERT_TRUE(zns.Open(Start(zone)).ok());
      ASSERT_TRUE(zns.Write(Start(zone), 2).ok());
      break;
    case ZoneState::kClosed:
      ASSERT_TRUE(zns.Write(Start(zone), 2).ok());
      ASSERT_TRUE(zns.Close(Start(zone)).ok());
      break;
    case ZoneState::kFull:
      ASSERT_TRUE(zns.Write(Start(zone), kZoneCapacity).ok());
      break;
    case ZoneState::kReadOnly:
      ASSERT_TRUE(zns.Write(Start(zone), 2).ok());
      ASSERT_TRUE(zns.MarkReadOnly(zone).ok());
      break;
    case ZoneState::kOffline:
      ASSERT_TRUE(zns.MarkOffline(zone).ok());
      break;
  }
  ASSERT_EQ(zns.zone(zone).state, state);
}

}  // namespace flashscope::zns
