// Tests of the NVMe ZNS zone state machine (ZNS 1.1 §2.1.1, §3.4.1, §3.4.3):
// every row of the transition table and every status. Resource accounting,
// Zone Append, implicit opens, Select All and the random walk are in
// zone_commands_test.cpp.
#include "zns/zone_state_machine.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "util/input_error.h"
#include "util/rng.h"
#include "zns/zns_status.h"
#include "zns/zone_state_machine_for_test.h"

namespace flashscope::zns {
namespace {

enum class Op {
  kWrite,
  kAppend,
  kOpen,
  kClose,
  kFinish,
  kReset,
  kOfflineAction,
  kMarkReadOnly,
  kMarkOffline,
  kFinishByController
};

const char* OpName(Op op) {
  switch (op) {
    case Op::kWrite:
      return "Write";
    case Op::kAppend:
      return "Append";
    case Op::kOpen:
      return "Open";
    case Op::kClose:
      return "Close";
    case Op::kFinish:
      return "Finish";
    case Op::kReset:
      return "Reset";
    case Op::kOfflineAction:
      return "OfflineZone";
    case Op::kMarkReadOnly:
      return "MarkReadOnly";
    case Op::kMarkOffline:
      return "MarkOffline";
    case Op::kFinishByController:
      return "FinishByController";
  }
  return "?";
}

ZnsStatus Apply(ZoneStateMachine& zns, Op op, uint32_t zone) {
  switch (op) {
    case Op::kWrite:
      return zns.Write(zns.zone(zone).write_pointer, 1).status;
    case Op::kAppend:
      return zns.Append(Start(zone), 1).status;
    case Op::kOpen:
      return zns.Open(Start(zone)).status;
    case Op::kClose:
      return zns.Close(Start(zone)).status;
    case Op::kFinish:
      return zns.Finish(Start(zone)).status;
    case Op::kReset:
      return zns.Reset(Start(zone)).status;
    case Op::kOfflineAction:
      return zns.OfflineZone(Start(zone)).status;
    case Op::kMarkReadOnly:
      return zns.MarkReadOnly(zone).status;
    case Op::kMarkOffline:
      return zns.MarkOffline(zone).status;
    case Op::kFinishByController:
      return zns.FinishByController(zone).status;
  }
  return ZnsStatus::kSuccess;
}

struct TransitionRow {
  ZoneState from;
  Op op;
  ZoneState to;
  ZnsStatus status;
};

using S = ZoneState;
using St = ZnsStatus;
constexpr St kOk = St::kSuccess;
constexpr St kBad = St::kInvalidZoneStateTransition;

// The zone state machine, every state against every command (ZNS 1.1
// §2.1.1 with the actions of §3.4.3 and the controller transitions).
const TransitionRow kTransitionTable[] = {
    // Write at the write pointer: ZSE/ZSC open implicitly.
    {S::kEmpty, Op::kWrite, S::kImplicitlyOpened, kOk},
    {S::kImplicitlyOpened, Op::kWrite, S::kImplicitlyOpened, kOk},
    {S::kExplicitlyOpened, Op::kWrite, S::kExplicitlyOpened, kOk},
    {S::kClosed, Op::kWrite, S::kImplicitlyOpened, kOk},
    {S::kFull, Op::kWrite, S::kFull, St::kZoneIsFull},
    {S::kReadOnly, Op::kWrite, S::kReadOnly, St::kZoneIsReadOnly},
    {S::kOffline, Op::kWrite, S::kOffline, St::kZoneIsOffline},
    // Zone Append behaves as a write at the write pointer.
    {S::kEmpty, Op::kAppend, S::kImplicitlyOpened, kOk},
    {S::kImplicitlyOpened, Op::kAppend, S::kImplicitlyOpened, kOk},
    {S::kExplicitlyOpened, Op::kAppend, S::kExplicitlyOpened, kOk},
    {S::kClosed, Op::kAppend, S::kImplicitlyOpened, kOk},
    {S::kFull, Op::kAppend, S::kFull, St::kZoneIsFull},
    {S::kReadOnly, Op::kAppend, S::kReadOnly, St::kZoneIsReadOnly},
    {S::kOffline, Op::kAppend, S::kOffline, St::kZoneIsOffline},
    // Open Zone.
    {S::kEmpty, Op::kOpen, S::kExplicitlyOpened, kOk},
    {S::kImplicitlyOpened, Op::kOpen, S::kExplicitlyOpened, kOk},
    {S::kExplicitlyOpened, Op::kOpen, S::kExplicitlyOpened, kOk},
    {S::kClosed, Op::kOpen, S::kExplicitlyOpened, kOk},
    {S::kFull, Op::kOpen, S::kFull, kBad},
    {S::kReadOnly, Op::kOpen, S::kReadOnly, kBad},
    {S::kOffline, Op::kOpen, S::kOffline, kBad},
    // Close Zone.
    {S::kEmpty, Op::kClose, S::kEmpty, kBad},
    {S::kImplicitlyOpened, Op::kClose, S::kClosed, kOk},
    {S::kExplicitlyOpened, Op::kClose, S::kClosed, kOk},
    {S::kClosed, Op::kClose, S::kClosed, kOk},
    {S::kFull, Op::kClose, S::kFull, kBad},
    {S::kReadOnly, Op::kClose, S::kReadOnly, kBad},
    {S::kOffline, Op::kClose, S::kOffline, kBad},
    // Finish Zone.
    {S::kEmpty, Op::kFinish, S::kFull, kOk},
    {S::kImplicitlyOpened, Op::kFinish, S::kFull, kOk},
    {S::kExplicitlyOpened, Op::kFinish, S::kFull, kOk},
    {S::kClosed, Op::kFinish, S::kFull, kOk},
    {S::kFull, Op::kFinish, S::kFull, kOk},
    {S::kReadOnly, Op::kFinish, S::kReadOnly, kBad},
    {S::kOffline, Op::kFinish, S::kOffline, kBad},
    // Reset Zone.
    {S::kEmpty, Op::kReset, S::kEmpty, kOk},
    {S::kImplicitlyOpened, Op::kReset, S::kEmpty, kOk},
    {S::kExplicitlyOpened, Op::kReset, S::kEmpty, kOk},
    {S::kClosed, Op::kReset, S::kEmpty, kOk},
    {S::kFull, Op::kReset, S::kEmpty, kOk},
    {S::kReadOnly, Op::kReset, S::kReadOnly, kBad},
    {S::kOffline, Op::kReset, S::kOffline, kBad},
    // Offline Zone (Zone Send Action 05h).
    {S::kEmpty, Op::kOfflineAction, S::kEmpty, kBad},
    {S::kImplicitlyOpened, Op::kOfflineAction, S::kImplicitlyOpened, kBad},
    {S::kExplicitlyOpened, Op::kOfflineAction, S::kExplicitlyOpened, kBad},
    {S::kClosed, Op::kOfflineAction, S::kClosed, kBad},
    {S::kFull, Op::kOfflineAction, S::kFull, kBad},
    {S::kReadOnly, Op::kOfflineAction, S::kOffline, kOk},
    {S::kOffline, Op::kOfflineAction, S::kOffline, kOk},
    // Controller: media wear makes a zone Read Only; Offline is terminal.
    {S::kEmpty, Op::kMarkReadOnly, S::kReadOnly, kOk},
    {S::kImplicitlyOpened, Op::kMarkReadOnly, S::kReadOnly, kOk},
    {S::kExplicitlyOpened, Op::kMarkReadOnly, S::kReadOnly, kOk},
    {S::kClosed, Op::kMarkReadOnly, S::kReadOnly, kOk},
    {S::kFull, Op::kMarkReadOnly, S::kReadOnly, kOk},
    {S::kReadOnly, Op::kMarkReadOnly, S::kReadOnly, kOk},
    {S::kOffline, Op::kMarkReadOnly, S::kOffline, kBad},
    // Controller: media failure takes any zone Offline.
    {S::kEmpty, Op::kMarkOffline, S::kOffline, kOk},
    {S::kImplicitlyOpened, Op::kMarkOffline, S::kOffline, kOk},
    {S::kExplicitlyOpened, Op::kMarkOffline, S::kOffline, kOk},
    {S::kClosed, Op::kMarkOffline, S::kOffline, kOk},
    {S::kFull, Op::kMarkOffline, S::kOffline, kOk},
    {S::kReadOnly, Op::kMarkOffline, S::kOffline, kOk},
    {S::kOffline, Op::kMarkOffline, S::kOffline, kOk},
    // Controller: Zone Active Excursion (§5.6) finishes active zones only.
    {S::kEmpty, Op::kFinishByController, S::kEmpty, kBad},
    {S::kImplicitlyOpened, Op::kFinishByController, S::kFull, kOk},
    {S::kExplicitlyOpened, Op::kFinishByController, S::kFull, kOk},
    {S::kClosed, Op::kFinishByController, S::kFull, kOk},
    {S::kFull, Op::kFinishByController, S::kFull, kBad},
    {S::kReadOnly, Op::kFinishByController, S::kReadOnly, kBad},
    {S::kOffline, Op::kFinishByController, S::kOffline, kBad},
};

class ZoneTransitionTest : public ::testing::TestWithParam<TransitionRow> {};

TEST_P(ZoneTransitionTest, MovesZoneAndKeepsAccounting) {
  const TransitionRow& row = GetParam();
  ZoneStateMachine zns(SmallGeometry(/*max_open=*/4, /*max_active=*/6));
  const uint32_t zone = 3;
  DriveTo(zns, zone, row.from);
  const uint64_t wp_before = zns.zone(zone).write_pointer;

  EXPECT_EQ(Apply(zns, row.op, zone), row.status) << ZnsStatusName(Apply(zns, row.op, zone));
  EXPECT_EQ(zns.zone(zone).state, row.to) << ZoneStateName(zns.zone(zone).state);
  ExpectAccountingConsistent(zns);

  // The write pointer moves only on a successful write, and back on reset.
  const uint64_t wp = zns.zone(zone).write_pointer;
  const bool wrote = (row.op == Op::kWrite || row.op == Op::kAppend) && row.status == kOk;
  if (row.op == Op::kReset && row.status == kOk) {
    EXPECT_EQ(wp, Start(zone));
  } else if (!wrote) {
    EXPECT_EQ(wp, wp_before);
  }
  // Other zones are untouched.
  for (uint32_t other = 0; other < zns.zone_count(); ++other) {
    if (other != zone) {
      EXPECT_EQ(zns.zone(other).state, ZoneState::kEmpty);
    }
  }
}

std::string RowName(const ::testing::TestParamInfo<TransitionRow>& info) {
  std::string name = std::string(OpName(info.param.op)) + "_from_" +
                     std::to_string(static_cast<int>(info.param.from));
  return name;
}

INSTANTIATE_TEST_SUITE_P(ZoneStateTable, ZoneTransitionTest, ::testing::ValuesIn(kTransitionTable),
                         RowName);

TEST(ZoneStateTable, CoversEveryStateForEveryCommand) {
  constexpr size_t kStates = 7;
  constexpr size_t kOps = 10;
  EXPECT_EQ(std::size(kTransitionTable), kStates * kOps);
}

// --- Statuses --------------------------------------------------------------

TEST(ZoneStatus, CodesAndNamesMatchTheSpecification) {
  struct Expected {
    ZnsStatus status;
    uint8_t type;
    uint8_t code;
    const char* name;
  };
  const Expected expected[] = {
      {St::kSuccess, 0x0, 0x00, "Successful Completion"},
      {St::kInvalidFieldInCommand, 0x0, 0x02, "Invalid Field in Command"},
      {St::kLbaOutOfRange, 0x0, 0x80, "LBA Out of Range"},
      {St::kZoneBoundaryError, 0x1, 0xB8, "Zone Boundary Error"},
      {St::kZoneIsFull, 0x1, 0xB9, "Zone Is Full"},
      {St::kZoneIsReadOnly, 0x1, 0xBA, "Zone Is Read Only"},
      {St::kZoneIsOffline, 0x1, 0xBB, "Zone Is Offline"},
      {St::kZoneInvalidWrite, 0x1, 0xBC, "Zone Invalid Write"},
      {St::kTooManyActiveZones, 0x1, 0xBD, "Too Many Active Zones"},
      {St::kTooManyOpenZones, 0x1, 0xBE, "Too Many Open Zones"},
      {St::kInvalidZoneStateTransition, 0x1, 0xBF, "Invalid Zone State Transition"},
  };
  for (const Expected& e : expected) {
    EXPECT_EQ(StatusCodeType(e.status), e.type) << e.name;
    EXPECT_EQ(StatusCode(e.status), e.code) << e.name;
    EXPECT_STREQ(ZnsStatusName(e.status), e.name);
  }
}

TEST(ZoneStatus, ZoneBoundaryErrorWhenAWriteCrossesTheCapacity) {
  ZoneStateMachine zns(SmallGeometry());
  ASSERT_TRUE(zns.Write(Start(1), 10).ok());
  // 10 + 3 > ZCAP 12, though still inside ZSZE 16.
  ZoneWriteResult result = zns.Write(Start(1) + 10, 3);
  EXPECT_EQ(result.status, St::kZoneBoundaryError);
  EXPECT_EQ(zns.zone(1).write_pointer, Start(1) + 10);
  EXPECT_EQ(zns.zone(1).state, ZoneState::kImplicitlyOpened);
  // Into the next zone as well.
  EXPECT_EQ(zns.Write(Start(1) + 10, 20).status, St::kZoneBoundaryError);
  EXPECT_EQ(zns.Append(Start(1), 3).status, St::kZoneBoundaryError);
  EXPECT_EQ(zns.zone(1).write_pointer, Start(1) + 10);
  // A refused write to an Empty zone does not open it.
  EXPECT_EQ(zns.Write(Start(2), kZoneCapacity + 1).status, St::kZoneBoundaryError);
  EXPECT_EQ(zns.zone(2).state, ZoneState::kEmpty);
  EXPECT_EQ(zns.open_zones(), 1u);
}

TEST(ZoneStatus, ZoneBoundaryErrorWhenAReadCrossesZones) {
  ZoneStateMachine zns(SmallGeometry());
  EXPECT_EQ(zns.CheckRead(Start(1), kZoneSize), St::kSuccess);  // whole zone, past the WP
  EXPECT_EQ(zns.CheckRead(Start(1) + 15, 2), St::kZoneBoundaryError);
}

TEST(ZoneStatus, ZoneIsFullReadOnlyOffline) {
  ZoneStateMachine zns(SmallGeometry());
  DriveTo(zns, 0, ZoneState::kFull);
  DriveTo(zns, 1, ZoneState::kReadOnly);
  DriveTo(zns, 2, ZoneState::kOffline);
  EXPECT_EQ(zns.Write(Start(0) + kZoneCapacity, 1).status, St::kZoneIsFull);
  EXPECT_EQ(zns.Append(Start(0), 1).status, St::kZoneIsFull);
  EXPECT_EQ(zns.Write(zns.zone(1).write_pointer, 1).status, St::kZoneIsReadOnly);
  EXPECT_EQ(zns.Write(Start(2), 1).status, St::kZoneIsOffline);
  EXPECT_EQ(zns.CheckRead(Start(1), 2), St::kSuccess);  // Read Only stays readable
  EXPECT_EQ(zns.CheckRead(Start(2), 1), St::kZoneIsOffline);
}

TEST(ZoneStatus, ZoneInvalidWriteOffTheWritePointer) {
  ZoneStateMachine zns(SmallGeometry());
  EXPECT_EQ(zns.Write(Start(4) + 1, 1).status, St::kZoneInvalidWrite);  // ahead, Empty zone
  EXPECT_EQ(zns.zone(4).state, ZoneState::kEmpty);
  ASSERT_TRUE(zns.Write(Start(4), 4).ok());
  EXPECT_EQ(zns.Write(Start(4) + 2, 1).status, St::kZoneInvalidWrite);  // behind (overwrite)
  EXPECT_EQ(zns.Write(Start(4) + 5, 1).status, St::kZoneInvalidWrite);  // ahead
  EXPECT_EQ(zns.zone(4).write_pointer, Start(4) + 4);
  EXPECT_TRUE(zns.Write(Start(4) + 4, 1).ok());
}

TEST(ZoneStatus, TooManyActiveZones) {
  ZoneStateMachine zns(SmallGeometry(/*max_open=*/2, /*max_active=*/2));
  DriveTo(zns, 0, ZoneState::kClosed);
  DriveTo(zns, 1, ZoneState::kClosed);
  ASSERT_EQ(zns.active_zones(), 2u);
  EXPECT_EQ(zns.Write(Start(2), 1).status, St::kTooManyActiveZones);
  EXPECT_EQ(zns.Append(Start(2), 1).status, St::kTooManyActiveZones);
  EXPECT_EQ(zns.Open(Start(2)).status, St::kTooManyActiveZones);
  EXPECT_EQ(zns.zone(2).state, ZoneState::kEmpty);
  EXPECT_EQ(zns.zone(2).write_pointer, Start(2));
  // Closed zones reopen without a new Active Resource; Finish from Empty
  // needs none.
  EXPECT_TRUE(zns.Write(zns.zone(0).write_pointer, 1).ok());
  EXPECT_TRUE(zns.Finish(Start(3)).ok());
  // Finishing an active zone frees its resource for an Empty one.
  ASSERT_TRUE(zns.Finish(Start(1)).ok());
  EXPECT_TRUE(zns.Write(Start(2), 1).ok());
  ExpectAccountingConsistent(zns);
}

TEST(ZoneStatus, TooManyOpenZonesWhenNoImplicitlyOpenedZoneCanBeClosed) {
  ZoneStateMachine zns(SmallGeometry(/*max_open=*/2));
  ASSERT_TRUE(zns.Open(Start(0)).ok());
  ASSERT_TRUE(zns.Open(Start(1)).ok());
  // Both Open Resources are held by explicitly opened zones, which the
  // controller never closes on its own.
  EXPECT_EQ(zns.Write(Start(2), 1).status, St::kTooManyOpenZones);
  EXPECT_EQ(zns.Open(Start(2)).status, St::kTooManyOpenZones);
  EXPECT_EQ(zns.zone(2).state, ZoneState::kEmpty);
  EXPECT_EQ(zns.open_zones(), 2u);
}

TEST(ZoneStatus, TooManyOpenZonesWithControllerClosingDisabled) {
  ZoneGeometry geometry = SmallGeometry(/*max_open=*/2);
  geometry.close_implicitly_opened_when_out_of_open_resources = false;
  ZoneStateMachine zns(geometry);
  ASSERT_TRUE(zns.Write(Start(0), 1).ok());
  ASSERT_TRUE(zns.Write(Start(1), 1).ok());
  EXPECT_EQ(zns.Write(Start(2), 1).status, St::kTooManyOpenZones);
  EXPECT_EQ(zns.Open(Start(2)).status, St::kTooManyOpenZones);
  EXPECT_EQ(zns.zone(0).state, ZoneState::kImplicitlyOpened);
  EXPECT_EQ(zns.zone(1).state, ZoneState::kImplicitlyOpened);
  // Closing one by hand makes room.
  ASSERT_TRUE(zns.Close(Start(0)).ok());
  EXPECT_TRUE(zns.Write(Start(2), 1).ok());
}

TEST(ZoneStatus, LbaOutOfRange) {
  ZoneStateMachine zns(SmallGeometry());
  const uint64_t end = zns.namespace_lbas();
  EXPECT_EQ(end, 8 * kZoneSize);
  EXPECT_EQ(zns.Write(end, 1).status, St::kLbaOutOfRange);
  EXPECT_EQ(zns.Write(end - 1, 2).status, St::kLbaOutOfRange);
  EXPECT_EQ(zns.Write(UINT64_MAX, 2).status, St::kLbaOutOfRange);  // no wrap-around
  EXPECT_EQ(zns.Append(end, 1).status, St::kLbaOutOfRange);
  EXPECT_EQ(zns.Reset(end).status, St::kLbaOutOfRange);
  EXPECT_EQ(zns.CheckRead(end - 1, 2), St::kLbaOutOfRange);
}

TEST(ZoneStatus, InvalidFieldInCommand) {
  ZoneGeometry geometry = SmallGeometry();
  geometry.zone_append_size_limit_lbas = 4;
  ZoneStateMachine zns(geometry);
  EXPECT_EQ(zns.Append(Start(1) + 1, 1).status, St::kInvalidFieldInCommand);  // not a ZSLBA
  EXPECT_EQ(zns.Append(Start(1), 5).status, St::kInvalidFieldInCommand);      // over ZASL
  EXPECT_EQ(zns.Append(Start(1), 0).status, St::kInvalidFieldInCommand);
  EXPECT_EQ(zns.Write(Start(1), 0).status, St::kInvalidFieldInCommand);
  EXPECT_EQ(zns.Open(Start(1) + 3).status, St::kInvalidFieldInCommand);
  EXPECT_EQ(zns.MarkOffline(8).status, St::kInvalidFieldInCommand);
  EXPECT_TRUE(zns.Append(Start(1), 4).ok());     // ZASL is inclusive
  EXPECT_TRUE(zns.Write(Start(1) + 4, 8).ok());  // a Write is not bound by ZASL
}

TEST(ZoneGeometryCheck, RejectsImpossibleGeometry) {
  ZoneGeometry geometry = SmallGeometry();
  geometry.zone_capacity_lbas = kZoneSize + 1;
  EXPECT_THROW(ZoneStateMachine{geometry}, InputError);
  geometry = SmallGeometry(/*max_open=*/5, /*max_active=*/4);
  EXPECT_THROW(ZoneStateMachine{geometry}, InputError);
  geometry = SmallGeometry();
  geometry.zone_count = 0;
  EXPECT_THROW(ZoneStateMachine{geometry}, InputError);
}

}  // namespace
}  // namespace flashscope::zns
