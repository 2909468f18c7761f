// Tests of the NVMe ZNS zone state machine's commands over several zones
// (ZNS 1.1 §2.1.1, §3.4.1, §3.4.3): resource accounting, Zone Append LBAs,
// the controller closing a ZSIO zone for an Open Resource, Reset, Finish and
// Select All, and a seeded random walk checked against the invariants.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "util/rng.h"
#include "zns/zns_status.h"
#include "zns/zone_state_machine.h"
#include "zns/zone_state_machine_for_test.h"

namespace flashscope::zns {
namespace {

using S = ZoneState;
using St = ZnsStatus;

// --- Resource accounting -----------------------------------------------------

TEST(ZoneResources, CountsFollowASequenceOfCommands) {
  ZoneStateMachine zns(SmallGeometry(/*max_open=*/3, /*max_active=*/4));
  struct Step {
    const char* what;
    bool (*run)(ZoneStateMachine&);
    uint32_t open;
    uint32_t active;
  };
  const Step steps[] = {
      {"write z0", [](ZoneStateMachine& z) { return z.Write(Start(0), 4).ok(); }, 1, 1},
      {"open z1", [](ZoneStateMachine& z) { return z.Open(Start(1)).ok(); }, 2, 2},
      {"close z0", [](ZoneStateMachine& z) { return z.Close(Start(0)).ok(); }, 1, 2},
      {"append z2", [](ZoneStateMachine& z) { return z.Append(Start(2), 1).ok(); }, 2, 3},
      {"write z0 again", [](ZoneStateMachine& z) { return z.Write(Start(0) + 4, 1).ok(); }, 3, 3},
      {"fill z2", [](ZoneStateMachine& z) { return z.Write(Start(2) + 1, 11).ok(); }, 2, 2},
      {"finish z1", [](ZoneStateMachine& z) { return z.Finish(Start(1)).ok(); }, 1, 1},
      {"open z3", [](ZoneStateMachine& z) { return z.Open(Start(3)).ok(); }, 2, 2},
      {"close z3", [](ZoneStateMachine& z) { return z.Close(Start(3)).ok(); }, 1, 2},
      {"reset z3 (closed)", [](ZoneStateMachine& z) { return z.Reset(Start(3)).ok(); }, 1, 1},
      {"reset z2 (full)", [](ZoneStateMachine& z) { return z.Reset(Start(2)).ok(); }, 1, 1},
      {"z0 read only", [](ZoneStateMachine& z) { return z.MarkReadOnly(0).ok(); }, 0, 0},
      {"open z4", [](ZoneStateMachine& z) { return z.Open(Start(4)).ok(); }, 1, 1},
      {"z4 offline", [](ZoneStateMachine& z) { return z.MarkOffline(4).ok(); }, 0, 0},
  };
  for (const Step& step : steps) {
    ASSERT_TRUE(step.run(zns)) << step.what;
    EXPECT_EQ(zns.open_zones(), step.open) << step.what;
    EXPECT_EQ(zns.active_zones(), step.active) << step.what;
    ExpectAccountingConsistent(zns);
  }
}

TEST(ZoneResources, FillingAZoneReleasesItsResources) {
  ZoneStateMachine zns(SmallGeometry(/*max_open=*/1, /*max_active=*/1));
  ZoneWriteResult first = zns.Write(Start(0), 5);
  ASSERT_TRUE(first.ok());
  EXPECT_FALSE(first.zone_became_full);
  ZoneWriteResult last = zns.Write(Start(0) + 5, 7);
  ASSERT_TRUE(last.ok());
  EXPECT_TRUE(last.zone_became_full);
  EXPECT_EQ(zns.zone(0).state, ZoneState::kFull);
  EXPECT_EQ(zns.open_zones(), 0u);
  EXPECT_EQ(zns.active_zones(), 0u);
  // A single write of the whole capacity goes ZSE -> ZSIO -> ZSF.
  EXPECT_TRUE(zns.Write(Start(1), kZoneCapacity).zone_became_full);
  EXPECT_EQ(zns.active_zones(), 0u);
}

// --- Zone Append ---------------------------------------------------------------

TEST(ZoneAppend, ReturnsTheAssignedLbas) {
  ZoneStateMachine zns(SmallGeometry());
  const uint64_t zslba = Start(5);
  const uint64_t sizes[] = {3, 4, 5};
  const uint64_t expected_lbas[] = {zslba, zslba + 3, zslba + 7};
  for (int i = 0; i < 3; ++i) {
    ZoneWriteResult result = zns.Append(zslba, sizes[i]);
    ASSERT_TRUE(result.ok()) << ZnsStatusName(result.status);
    EXPECT_EQ(result.lba, expected_lbas[i]);
    EXPECT_EQ(result.zone, 5u);
  }
  EXPECT_EQ(zns.zone(5).state, ZoneState::kFull);  // 3 + 4 + 5 = ZCAP
  EXPECT_EQ(zns.zone(5).write_pointer, zslba + kZoneCapacity);
  EXPECT_EQ(zns.Append(zslba, 1).status, St::kZoneIsFull);
}

TEST(ZoneAppend, InterleavesWithWritesAtTheWritePointer) {
  ZoneStateMachine zns(SmallGeometry());
  ASSERT_TRUE(zns.Write(Start(2), 2).ok());
  EXPECT_EQ(zns.Append(Start(2), 3).lba, Start(2) + 2);
  EXPECT_TRUE(zns.Write(Start(2) + 5, 1).ok());
  EXPECT_EQ(zns.Append(Start(2), 1).lba, Start(2) + 6);
  ASSERT_TRUE(zns.Close(Start(2)).ok());
  ZoneWriteResult reopened = zns.Append(Start(2), 1);
  EXPECT_EQ(reopened.lba, Start(2) + 7);
  EXPECT_EQ(zns.zone(2).state, ZoneState::kImplicitlyOpened);
}

// --- Controller closes a ZSIO zone for an Open Resource ---------------------

TEST(ZoneImplicitOpen, ControllerClosesTheOldestImplicitlyOpenedZone) {
  ZoneStateMachine zns(SmallGeometry(/*max_open=*/2));
  ASSERT_TRUE(zns.Write(Start(0), 1).ok());
  ASSERT_TRUE(zns.Write(Start(1), 1).ok());
  ASSERT_TRUE(zns.Write(Start(0) + 1, 1).ok());  // writing again does not make z0 "newer"

  ZoneWriteResult third = zns.Write(Start(2), 1);
  ASSERT_TRUE(third.ok());
  EXPECT_EQ(third.implicitly_closed_zone, 0u);
  EXPECT_EQ(zns.zone(0).state, ZoneState::kClosed);
  EXPECT_EQ(zns.zone(0).write_pointer, Start(0) + 2);  // its data stays
  EXPECT_EQ(zns.open_zones(), 2u);
  EXPECT_EQ(zns.active_zones(), 3u);

  ZoneWriteResult back = zns.Write(Start(0) + 2, 1);  // reopening z0 closes z1
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back.implicitly_closed_zone, 1u);
  EXPECT_EQ(zns.zone(1).state, ZoneState::kClosed);
  EXPECT_EQ(zns.zone(0).state, ZoneState::kImplicitlyOpened);
  ExpectAccountingConsistent(zns);
}

TEST(ZoneImplicitOpen, ExplicitOpenAlsoClosesAnImplicitlyOpenedZoneButNeverAnExplicitOne) {
  ZoneStateMachine zns(SmallGeometry(/*max_open=*/2));
  ASSERT_TRUE(zns.Open(Start(0)).ok());
  ASSERT_TRUE(zns.Write(Start(1), 1).ok());
  ZoneManagementResult open = zns.Open(Start(2));
  ASSERT_TRUE(open.ok());
  ASSERT_EQ(open.transitions.size(), 2u);
  EXPECT_EQ(open.transitions[0].zone, 1u);  // the controller's close comes first
  EXPECT_EQ(open.transitions[0].to, ZoneState::kClosed);
  EXPECT_EQ(open.transitions[1].zone, 2u);
  EXPECT_EQ(open.transitions[1].to, ZoneState::kExplicitlyOpened);
  EXPECT_EQ(zns.zone(0).state, ZoneState::kExplicitlyOpened);
  // Now both resources are explicit: nothing to close.
  EXPECT_EQ(zns.Write(Start(3), 1).status, St::kTooManyOpenZones);
}

TEST(ZoneImplicitOpen, RefusedForActiveResourcesWithoutClosingAnything) {
  ZoneStateMachine zns(SmallGeometry(/*max_open=*/2, /*max_active=*/2));
  ASSERT_TRUE(zns.Write(Start(0), 1).ok());
  ASSERT_TRUE(zns.Write(Start(1), 1).ok());
  // Closing z0 would free an Open Resource, but z2 also needs an Active one.
  EXPECT_EQ(zns.Write(Start(2), 1).status, St::kTooManyActiveZones);
  EXPECT_EQ(zns.zone(0).state, ZoneState::kImplicitlyOpened);
  EXPECT_EQ(zns.zone(1).state, ZoneState::kImplicitlyOpened);
}

// --- Reset, Finish and Select All ------------------------------------------

TEST(ZoneManagement, ResetReportsWhatTheDeviceMustErase) {
  ZoneStateMachine zns(SmallGeometry());
  ASSERT_TRUE(zns.Write(Start(6), 7).ok());
  ZoneManagementResult reset = zns.Reset(Start(6));
  ASSERT_TRUE(reset.ok());
  ASSERT_EQ(reset.transitions.size(), 1u);
  EXPECT_EQ(reset.transitions[0].zone, 6u);
  EXPECT_EQ(reset.transitions[0].from, ZoneState::kImplicitlyOpened);
  EXPECT_EQ(reset.transitions[0].to, ZoneState::kEmpty);
  EXPECT_EQ(reset.transitions[0].written_lbas_before, 7u);
  EXPECT_EQ(zns.zone(6).write_pointer, Start(6));
  // Resetting an Empty zone succeeds and changes nothing: nothing to erase.
  EXPECT_TRUE(zns.Reset(Start(6)).ok());
  EXPECT_TRUE(zns.Reset(Start(6)).transitions.empty());
}

TEST(ZoneManagement, FinishReportsTheUnwrittenCapacity) {
  ZoneStateMachine zns(SmallGeometry());
  ASSERT_TRUE(zns.Write(Start(1), 5).ok());
  ZoneManagementResult finish = zns.Finish(Start(1));
  ASSERT_EQ(finish.transitions.size(), 1u);
  EXPECT_EQ(finish.transitions[0].written_lbas_before, 5u);
  EXPECT_EQ(zns.zone(1).written_lbas(), 5u);  // capacity 12: 7 LBAs never written
  EXPECT_EQ(zns.zone(1).state, ZoneState::kFull);
  ZoneManagementResult reset = zns.Reset(Start(1));
  EXPECT_EQ(reset.transitions[0].from, ZoneState::kFull);
  EXPECT_EQ(reset.transitions[0].written_lbas_before, 5u);
}

TEST(ZoneManagement, ControllerFinishSetsTheAttributeAndResetClearsIt) {
  ZoneStateMachine zns(SmallGeometry());
  ASSERT_TRUE(zns.Write(Start(1), 3).ok());
  ASSERT_TRUE(zns.FinishByController(1).ok());
  EXPECT_TRUE(zns.zone(1).finished_by_controller);
  ASSERT_TRUE(zns.Reset(Start(1)).ok());
  EXPECT_FALSE(zns.zone(1).finished_by_controller);
}

// One zone in each state: z0 ZSE, z1 ZSIO, z2 ZSEO, z3 ZSC, z4 ZSF, z5 ZSRO,
// z6 ZSO, z7 ZSC.
ZoneStateMachine ZoneInEveryState(uint32_t max_open = 0) {
  ZoneStateMachine zns(SmallGeometry(max_open));
  DriveTo(zns, 1, ZoneState::kImplicitlyOpened);
  DriveTo(zns, 2, ZoneState::kExplicitlyOpened);
  DriveTo(zns, 3, ZoneState::kClosed);
  DriveTo(zns, 4, ZoneState::kFull);
  DriveTo(zns, 5, ZoneState::kReadOnly);
  DriveTo(zns, 6, ZoneState::kOffline);
  DriveTo(zns, 7, ZoneState::kClosed);
  return zns;
}

std::vector<ZoneState> States(const ZoneStateMachine& zns) {
  std::vector<ZoneState> states;
  for (const Zone& zone : zns.zones()) states.push_back(zone.state);
  return states;
}

TEST(ZoneSelectAll, EachActionSelectsTheStatesTheSpecificationNames) {
  struct Case {
    ZoneSendAction action;
    std::vector<ZoneState> after;
  };
  const Case cases[] = {
      {ZoneSendAction::kOpen,
       {S::kEmpty, S::kImplicitlyOpened, S::kExplicitlyOpened, S::kExplicitlyOpened, S::kFull,
        S::kReadOnly, S::kOffline, S::kExplicitlyOpened}},
      {ZoneSendAction::kClose,
       {S::kEmpty, S::kClosed, S::kClosed, S::kClosed, S::kFull, S::kReadOnly, S::kOffline,
        S::kClosed}},
      {ZoneSendAction::kFinish,
       {S::kEmpty, S::kFull, S::kFull, S::kFull, S::kFull, S::kReadOnly, S::kOffline, S::kFull}},
      {ZoneSendAction::kReset,
       {S::kEmpty, S::kEmpty, S::kEmpty, S::kEmpty, S::kEmpty, S::kReadOnly, S::kOffline,
        S::kEmpty}},
      {ZoneSendAction::kOffline,
       {S::kEmpty, S::kImplicitlyOpened, S::kExplicitlyOpened, S::kClosed, S::kFull, S::kOffline,
        S::kOffline, S::kClosed}},
  };
  for (const Case& c : cases) {
    ZoneStateMachine zns = ZoneInEveryState();
    ZoneManagementResult result = zns.Manage(c.action, /*zone_start_lba=*/12345, true);
    EXPECT_TRUE(result.ok()) << static_cast<int>(c.action);
    EXPECT_EQ(States(zns), c.after) << static_cast<int>(c.action);
    ExpectAccountingConsistent(zns);
  }
}

TEST(ZoneSelectAll, ResetAllListsEveryZoneToErase) {
  ZoneStateMachine zns = ZoneInEveryState();
  ZoneManagementResult result = zns.Manage(ZoneSendAction::kReset, 0, true);
  ASSERT_EQ(result.transitions.size(), 5u);
  const uint32_t zones[] = {1, 2, 3, 4, 7};
  const uint64_t written[] = {2, 2, 2, kZoneCapacity, 2};
  for (size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(result.transitions[i].zone, zones[i]);
    EXPECT_EQ(result.transitions[i].written_lbas_before, written[i]);
  }
  EXPECT_EQ(zns.active_zones(), 0u);
}

TEST(ZoneSelectAll, OpenAllIsAllOrNothingOnOpenResources) {
  ZoneStateMachine zns = ZoneInEveryState(/*max_open=*/3);  // z1, z2 open; z3, z7 closed
  ASSERT_EQ(zns.open_zones(), 2u);
  ZoneManagementResult refused = zns.Manage(ZoneSendAction::kOpen, 0, true);
  EXPECT_EQ(refused.status, St::kTooManyOpenZones);
  EXPECT_TRUE(refused.transitions.empty());
  EXPECT_EQ(zns.zone(3).state, ZoneState::kClosed);
  ASSERT_TRUE(zns.Close(Start(1)).ok());  // three closed, one open: 4 > 3 still
  EXPECT_EQ(zns.Manage(ZoneSendAction::kOpen, 0, true).status, St::kTooManyOpenZones);
  ASSERT_TRUE(zns.Finish(Start(1)).ok());  // two closed, one open
  EXPECT_TRUE(zns.Manage(ZoneSendAction::kOpen, 0, true).ok());
  EXPECT_EQ(zns.open_zones(), 3u);
}

// --- Randomized invariants -------------------------------------------------

struct WalkSummary {
  uint64_t successes = 0;
  uint64_t failures = 0;
  uint64_t checksum = 0;
};

WalkSummary RandomWalk(uint64_t seed, const ZoneGeometry& geometry, int commands) {
  Rng rng(seed);
  ZoneStateMachine zns(geometry);
  WalkSummary summary;
  const uint32_t zone_count = geometry.zone_count;
  for (int i = 0; i < commands; ++i) {
    const uint32_t zone = static_cast<uint32_t>(rng.Below(zone_count));
    const uint64_t zslba = zns.zone(zone).start_lba;
    const uint64_t wp_before = zns.zone(zone).write_pointer;
    const ZoneState state_before = zns.zone(zone).state;
    const uint64_t r = rng.Below(100);
    ZnsStatus status = St::kSuccess;
    if (r < 40) {  // mostly well-formed writes, sometimes off the WP
      const uint64_t lba =
          rng.Below(8) == 0 ? zslba + rng.Below(geometry.zone_size_lbas) : wp_before;
      const uint64_t count = 1 + rng.Below(geometry.zone_capacity_lbas / 2);
      ZoneWriteResult result = zns.Write(lba, count);
      status = result.status;
      if (result.ok()) {
        EXPECT_EQ(zns.zone(zone).write_pointer, wp_before + count);
        EXPECT_EQ(result.zone_became_full, zns.zone(zone).state == ZoneState::kFull);
      } else {
        EXPECT_EQ(zns.zone(zone).write_pointer, wp_before);
      }
    } else if (r < 60) {
      const uint64_t count = 1 + rng.Below(geometry.zone_capacity_lbas / 3);
      ZoneWriteResult result = zns.Append(zslba, count);
      status = result.status;
      if (result.ok()) {
        EXPECT_EQ(result.lba, wp_before);
      }
    } else if (r < 68) {
      status = zns.Open(zslba).status;
    } else if (r < 76) {
      status = zns.Close(zslba).status;
    } else if (r < 81) {
      status = zns.Finish(zslba).status;
    } else if (r < 89) {
      status = zns.Reset(zslba).status;
    } else if (r < 91) {
      const ZoneSendAction actions[] = {ZoneSendAction::kOpen, ZoneSendAction::kClose,
                                        ZoneSendAction::kFinish, ZoneSendAction::kReset,
                                        ZoneSendAction::kOffline};
      status = zns.Manage(actions[rng.Below(5)], 0, true).status;
    } else if (r < 93) {
      status = zns.MarkReadOnly(zone).status;
    } else if (r < 94) {
      status = zns.MarkOffline(zone).status;
    } else if (r < 96) {
      status = zns.FinishByController(zone).status;
    } else if (r < 98) {
      status = zns.OfflineZone(zslba).status;
    } else {
      status = zns.CheckRead(zslba + rng.Below(geometry.zone_size_lbas - 4), 1 + rng.Below(4));
    }
    (status == St::kSuccess ? summary.successes : summary.failures) += 1;
    if (state_before == ZoneState::kOffline) {
      EXPECT_EQ(zns.zone(zone).state, ZoneState::kOffline);
    }

    // Invariants over every zone.
    uint32_t open = 0;
    uint32_t active = 0;
    for (const Zone& z : zns.zones()) {
      EXPECT_GE(z.write_pointer, z.start_lba);
      EXPECT_LE(z.write_pointer, z.end_of_capacity_lba());
      const bool at_capacity = z.write_pointer == z.end_of_capacity_lba();
      switch (z.state) {
        case ZoneState::kEmpty:
          EXPECT_EQ(z.write_pointer, z.start_lba);
          break;
        case ZoneState::kImplicitlyOpened:
        case ZoneState::kExplicitlyOpened:
        case ZoneState::kClosed:
          EXPECT_FALSE(at_capacity);  // reaching capacity always makes it Full
          break;
        default:
          break;
      }
      open += HoldsOpenResource(z.state);
      active += HoldsActiveResource(z.state);
      summary.checksum = summary.checksum * 1099511628211ull ^
                         (z.write_pointer * 16 + static_cast<uint8_t>(z.state));
    }
    EXPECT_EQ(zns.open_zones(), open);
    EXPECT_EQ(zns.active_zones(), active);
    if (geometry.max_open_resources != 0) {
      EXPECT_LE(open, geometry.max_open_resources);
    }
    if (geometry.max_active_resources != 0) {
      EXPECT_LE(active, geometry.max_active_resources);
    }
    if (::testing::Test::HasFailure()) {
      ADD_FAILURE() << "seed " << seed << " command " << i;
      break;
    }
    // Offline and Read Only zones accumulate; a device replaces its media
    // rarely, so keep the walk interesting by reviving the namespace.
    if (zns.zones_in_state(ZoneState::kOffline) + zns.zones_in_state(ZoneState::kReadOnly) >
        zone_count / 2) {
      zns = ZoneStateMachine(geometry);
    }
  }
  return summary;
}

TEST(ZoneRandomWalk, InvariantsHoldOverThousandsOfCommands) {
  ZoneGeometry geometry;
  geometry.zone_count = 12;
  geometry.zone_size_lbas = 64;
  geometry.zone_capacity_lbas = 48;
  geometry.max_open_resources = 3;
  geometry.max_active_resources = 5;
  for (uint64_t seed : {1ull, 2ull, 42ull}) {
    WalkSummary summary = RandomWalk(seed, geometry, 20000);
    EXPECT_GT(summary.successes, 8000u) << seed;
    EXPECT_GT(summary.failures, 500u) << seed;
  }
  geometry.close_implicitly_opened_when_out_of_open_resources = false;
  RandomWalk(7, geometry, 20000);
  geometry.max_open_resources = 0;
  geometry.max_active_resources = 0;
  RandomWalk(8, geometry, 20000);
}

TEST(ZoneRandomWalk, SameSeedSameZones) {
  ZoneGeometry geometry = SmallGeometry(2, 3);
  WalkSummary a = RandomWalk(99, geometry, 5000);
  WalkSummary b = RandomWalk(99, geometry, 5000);
  EXPECT_EQ(a.checksum, b.checksum);
  EXPECT_EQ(a.successes, b.successes);
}

}  // namespace
}  // namespace flashscope::zns
