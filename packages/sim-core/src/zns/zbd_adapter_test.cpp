// Tests for ZbdAdapter: fio zbd.c's zbd_adjust_block decisions on
// hand-built zone states (8 zones of 16 LBAs, 12 writable).
#include "zns/zbd_adapter.h"

#include <gtest/gtest.h>

namespace flashscope::zns {
namespace {

constexpr uint64_t kLba = 4096;
constexpr uint64_t kZoneLbas = 16;
constexpr uint64_t kCapacityLbas = 12;

ZoneGeometry Geometry(uint32_t max_open, uint32_t max_active) {
  ZoneGeometry g;
  g.zone_count = 8;
  g.zone_size_lbas = kZoneLbas;
  g.zone_capacity_lbas = kCapacityLbas;
  g.max_open_resources = max_open;
  g.max_active_resources = max_active;
  return g;
}

uint64_t ZoneStart(uint32_t zone) { return zone * kZoneLbas; }

HostIo Io(IoOp op, uint64_t lba, uint32_t lbas) {
  HostIo io;
  io.op = op;
  io.offset_bytes = lba * kLba;
  io.length_bytes = static_cast<uint32_t>(lbas * kLba);
  return io;
}

// What the device does with an adjusted I/O: the reset, then the write at
// the write pointer (state changes at issue, as the adapter requires).
void Apply(ZoneStateMachine& device, const HostIo& io, const ZbdDecision& decision) {
  if (decision.reset_zone != kNoZone) {
    ASSERT_TRUE(device.Reset(ZoneStart(decision.reset_zone)).ok());
  }
  if (io.op == IoOp::kWrite) {
    const ZoneWriteResult result = device.Write(io.offset_bytes / kLba, io.length_bytes / kLba);
    ASSERT_TRUE(result.ok()) << ZnsStatusName(result.status);
  }
}

// Adjusts and applies one I/O; returns the adjusted I/O.
HostIo Issue(ZbdAdapter& adapter, ZoneStateMachine& device, HostIo io,
             ZbdDecision* decision_out = nullptr) {
  ZbdDecision decision;
  EXPECT_TRUE(adapter.Adjust(io, decision));
  Apply(device, io, decision);
  if (decision_out) *decision_out = decision;
  return io;
}

TEST(ZbdAdapter, WritesGoToTheWritePointerOfTheOffsetsZoneCutAtCapacity) {
  ZoneStateMachine device(Geometry(0, 0));
  ZbdAdapter adapter(device, ZbdOptions{}, 1);
  ASSERT_TRUE(device.Write(ZoneStart(3), 10).ok());
  // A 4-LBA write aimed into zone 3 goes to its write pointer (LBA 58) and
  // only 2 LBAs fit below the 12-LBA capacity.
  ZbdDecision decision;
  HostIo io = Io(IoOp::kWrite, ZoneStart(3) + 2, 4);
  ASSERT_TRUE(adapter.Adjust(io, decision));
  EXPECT_EQ(io.offset_bytes, (ZoneStart(3) + 10) * kLba);
  EXPECT_EQ(io.length_bytes, 2 * kLba);
  EXPECT_EQ(decision.reset_zone, kNoZone);
  Apply(device, io, decision);
  EXPECT_EQ(device.zone(3).state, ZoneState::kFull);
  // Unlimited zones: an empty zone is written from its start.
  io = Issue(adapter, device, Io(IoOp::kWrite, ZoneStart(6) + 9, 1));
  EXPECT_EQ(io.offset_bytes, ZoneStart(6) * kLba);
  EXPECT_EQ(adapter.max_open_zones(), 0u);
}

TEST(ZbdAdapter, AFullTargetZoneIsResetFirst) {
  ZoneStateMachine device(Geometry(0, 0));
  ZbdAdapter adapter(device, ZbdOptions{}, 1);
  ASSERT_TRUE(device.Write(ZoneStart(1), kCapacityLbas).ok());
  ZbdDecision decision;
  const HostIo io = Issue(adapter, device, Io(IoOp::kWrite, ZoneStart(1) + 5, 2), &decision);
  EXPECT_EQ(decision.reset_zone, 1u);
  EXPECT_EQ(io.offset_bytes, ZoneStart(1) * kLba);
  EXPECT_EQ(io.length_bytes, 2 * kLba);
  EXPECT_EQ(device.zone(1).written_lbas(), 2u);
  // A zone Finished early is Full too, though its write pointer is short
  // of the capacity: it is reset, not written at the pointer.
  ASSERT_TRUE(device.Write(ZoneStart(4), 3).ok());
  ASSERT_TRUE(device.Finish(ZoneStart(4)).ok());
  Issue(adapter, device, Io(IoOp::kWrite, ZoneStart(4), 1), &decision);
  EXPECT_EQ(decision.reset_zone, 4u);
}

TEST(ZbdAdapter, AtTheOpenLimitWritesGoToTheJobsOpenZones) {
  ZoneStateMachine device(Geometry(2, 2));
  ZbdAdapter adapter(device, ZbdOptions{}, 1);
  EXPECT_EQ(adapter.max_open_zones(), 2u);  // the device's limit
  Issue(adapter, device, Io(IoOp::kWrite, ZoneStart(0), 1));
  Issue(adapter, device, Io(IoOp::kWrite, ZoneStart(2), 1));
  EXPECT_EQ(adapter.open_zones(), (std::vector<uint32_t>{0, 2}));
  // Zone 5 cannot open: the write goes to open zone offset * 2 / namespace
  // = 80 * 2 / 128 -> index 1, zone 2, at its write pointer.
  HostIo io = Issue(adapter, device, Io(IoOp::kWrite, ZoneStart(5), 1));
  EXPECT_EQ(io.offset_bytes, (ZoneStart(2) + 1) * kLba);
  // An offset low in the namespace picks index 0, zone 0.
  io = Issue(adapter, device, Io(IoOp::kWrite, ZoneStart(1) + 3, 1));
  EXPECT_EQ(io.offset_bytes, (ZoneStart(0) + 1) * kLba);
  EXPECT_EQ(device.open_zones(), 2u);
  // Filling zone 2 closes it for fio (the device makes it Full), so the
  // next write to a new zone may open one.
  Issue(adapter, device, Io(IoOp::kWrite, ZoneStart(2), 12));
  EXPECT_EQ(device.zone(2).state, ZoneState::kFull);
  io = Issue(adapter, device, Io(IoOp::kWrite, ZoneStart(7), 1));
  EXPECT_EQ(io.offset_bytes, ZoneStart(7) * kLba);
  EXPECT_EQ(adapter.open_zones(), (std::vector<uint32_t>{0, 7}));
}

TEST(ZbdAdapter, MaxOpenZonesBelowTheDevicesLimit) {
  ZoneStateMachine device(Geometry(4, 6));
  ZbdOptions options;
  options.max_open_zones = 1;
  ZbdAdapter adapter(device, options, 1);
  EXPECT_EQ(adapter.max_open_zones(), 1u);
  Issue(adapter, device, Io(IoOp::kWrite, ZoneStart(3), 1));
  for (uint32_t zone : {0u, 5u, 7u}) {
    const HostIo io = Issue(adapter, device, Io(IoOp::kWrite, ZoneStart(zone), 1));
    EXPECT_EQ(io.offset_bytes / kLba / kZoneLbas, 3u) << zone;
  }
  EXPECT_EQ(device.zone(3).written_lbas(), 4u);
  // A larger request than the device allows is clamped (JobsFromFio
  // reports it first); only MAR limited: that bounds the open zones.
  options.max_open_zones = 9;
  EXPECT_EQ(ZbdAdapter(device, options, 1).max_open_zones(), 4u);
  ZoneStateMachine active_only(Geometry(0, 3));
  EXPECT_EQ(ZbdAdapter(active_only, ZbdOptions{}, 1).max_open_zones(), 3u);
}

TEST(ZbdAdapter, ZonesOpenedByOthersLeaveNoRoom) {
  ZoneStateMachine device(Geometry(2, 2));
  ASSERT_TRUE(device.Write(ZoneStart(0), 1).ok());
  ASSERT_TRUE(device.Write(ZoneStart(1), 1).ok());
  ZbdAdapter adapter(device, ZbdOptions{}, 1);
  // fio's "no candidate zone": the job holds none of the open zones.
  HostIo io = Io(IoOp::kWrite, ZoneStart(4), 1);
  ZbdDecision decision;
  EXPECT_FALSE(adapter.Adjust(io, decision));
}

TEST(ZbdAdapter, ResetThresholdAndFrequencyResetEveryNthWrite) {
  ZoneStateMachine device(Geometry(0, 0));
  ZbdOptions options;
  options.zone_reset_threshold = 0.5;  // 64 of the 128 LBAs
  options.zone_reset_frequency = 0.5;  // every second write past it
  ZbdAdapter adapter(device, options, 1);
  // Below the threshold: writes never count down.
  for (uint32_t zone = 0; zone < 5; ++zone) {
    ZbdDecision decision;
    Issue(adapter, device, Io(IoOp::kWrite, ZoneStart(zone), kCapacityLbas), &decision);
    EXPECT_EQ(decision.reset_zone, kNoZone) << zone;
  }
  ASSERT_TRUE(device.Write(ZoneStart(5), 4).ok());  // 64 LBAs written: at the threshold
  ZbdDecision decision;
  HostIo io = Issue(adapter, device, Io(IoOp::kWrite, ZoneStart(5), 1), &decision);
  EXPECT_EQ(decision.reset_zone, kNoZone);  // count 2 -> 1
  EXPECT_EQ(io.offset_bytes, (ZoneStart(5) + 4) * kLba);
  io = Issue(adapter, device, Io(IoOp::kWrite, ZoneStart(5), 1), &decision);
  EXPECT_EQ(decision.reset_zone, 5u);  // count 1 -> 0: reset, back to 2
  EXPECT_EQ(io.offset_bytes, ZoneStart(5) * kLba);
  EXPECT_EQ(device.zone(5).written_lbas(), 1u);
  // 61 LBAs left: below the threshold again, no countdown.
  io = Issue(adapter, device, Io(IoOp::kWrite, ZoneStart(5), 2), &decision);
  EXPECT_EQ(decision.reset_zone, kNoZone);
  EXPECT_EQ(device.zone(5).written_lbas(), 3u);
}

TEST(ZbdAdapter, ReadsBeyondTheWritePointerMoveIntoWrittenData) {
  ZoneStateMachine device(Geometry(0, 0));
  ASSERT_TRUE(device.Write(ZoneStart(3), 8).ok());
  ASSERT_TRUE(device.Write(ZoneStart(6), 2).ok());
  ZbdAdapter adapter(device, ZbdOptions{}, 1);
  ZbdDecision decision;
  // Random: start + ((10 LBAs) % (8 - 1 LBAs)) = LBA 3 of the zone.
  HostIo io = Io(IoOp::kRead, ZoneStart(3) + 10, 1);
  ASSERT_TRUE(adapter.Adjust(io, decision));
  EXPECT_EQ(io.offset_bytes, (ZoneStart(3) + 3) * kLba);
  EXPECT_EQ(io.length_bytes, kLba);
  // Inside the written data: unchanged.
  io = Io(IoOp::kRead, ZoneStart(3) + 2, 2);
  ASSERT_TRUE(adapter.Adjust(io, decision));
  EXPECT_EQ(io.offset_bytes, (ZoneStart(3) + 2) * kLba);
  // Longer than the data: from the start, cut at the write pointer.
  io = Io(IoOp::kRead, ZoneStart(3) + 5, 12);
  ASSERT_TRUE(adapter.Adjust(io, decision));
  EXPECT_EQ(io.offset_bytes, ZoneStart(3) * kLba);
  EXPECT_EQ(io.length_bytes, 8 * kLba);
  // An empty zone: the nearest zone with data, upwards first (zone 5 ->
  // 6 before 4), then downwards.
  io = Io(IoOp::kRead, ZoneStart(5) + 1, 1);
  ASSERT_TRUE(adapter.Adjust(io, decision));
  EXPECT_EQ(io.offset_bytes / kLba / kZoneLbas, 6u);
  io = Io(IoOp::kRead, ZoneStart(2), 1);
  ASSERT_TRUE(adapter.Adjust(io, decision));
  EXPECT_EQ(io.offset_bytes / kLba / kZoneLbas, 3u);
  EXPECT_EQ(decision.reset_zone, kNoZone);
  // read_beyond_wp: issued as generated.
  ZbdOptions beyond;
  beyond.read_beyond_wp = true;
  ZbdAdapter reader(device, beyond, 1);
  io = Io(IoOp::kRead, ZoneStart(5) + 1, 1);
  ASSERT_TRUE(reader.Adjust(io, decision));
  EXPECT_EQ(io.offset_bytes, (ZoneStart(5) + 1) * kLba);
}

TEST(ZbdAdapter, SequentialReadsSkipForwardToTheNextZoneWithData) {
  ZoneStateMachine device(Geometry(0, 0));
  ASSERT_TRUE(device.Write(ZoneStart(1), 4).ok());
  ASSERT_TRUE(device.Write(ZoneStart(4), 6).ok());
  ZbdOptions options;
  options.random = false;
  ZbdAdapter adapter(device, options, 1);
  ZbdDecision decision;
  // Past zone 1's write pointer: the start of the next zone with data.
  HostIo io = Io(IoOp::kRead, ZoneStart(1) + 4, 1);
  ASSERT_TRUE(adapter.Adjust(io, decision));
  EXPECT_EQ(io.offset_bytes, ZoneStart(4) * kLba);
  // Forward only: nothing after zone 4.
  io = Io(IoOp::kRead, ZoneStart(5), 1);
  EXPECT_FALSE(adapter.Adjust(io, decision));
}

TEST(ZbdAdapter, ReadsWithNoDataAnywhereAreNotIssuedUnlessTheJobMixes) {
  ZoneStateMachine device(Geometry(0, 0));
  ZbdAdapter reader(device, ZbdOptions{}, 1);
  ZbdDecision decision;
  HostIo io = Io(IoOp::kRead, ZoneStart(2), 1);
  EXPECT_FALSE(reader.Adjust(io, decision));
  // zbd_adjust_ddir: a read/write mix writes instead.
  ZbdOptions mix;
  mix.read_write_mix = true;
  ZbdAdapter mixer(device, mix, 1);
  io = Io(IoOp::kRead, ZoneStart(2) + 3, 1);
  ASSERT_TRUE(mixer.Adjust(io, decision));
  EXPECT_EQ(io.op, IoOp::kWrite);
  EXPECT_EQ(io.offset_bytes, ZoneStart(2) * kLba);
  Apply(device, io, decision);
  io = Io(IoOp::kRead, ZoneStart(2), 1);
  ASSERT_TRUE(mixer.Adjust(io, decision));
  EXPECT_EQ(io.op, IoOp::kRead);
}

TEST(ZbdAdapter, TrimsAreZoneResets) {
  ZoneStateMachine device(Geometry(0, 0));
  ASSERT_TRUE(device.Write(ZoneStart(2), 5).ok());
  ZbdAdapter adapter(device, ZbdOptions{}, 1);
  ZbdDecision decision;
  HostIo io = Io(IoOp::kTrim, ZoneStart(2), kZoneLbas);
  ASSERT_TRUE(adapter.Adjust(io, decision));
  EXPECT_EQ(decision.reset_zone, 2u);
  // A random trim of an empty zone moves to the nearest zone with data.
  io = Io(IoOp::kTrim, ZoneStart(4), kZoneLbas);
  ASSERT_TRUE(adapter.Adjust(io, decision));
  EXPECT_EQ(io.offset_bytes, ZoneStart(2) * kLba);
  EXPECT_EQ(decision.reset_zone, 2u);
  // Not at a zone start: EINVAL in fio, not issued here.
  io = Io(IoOp::kTrim, ZoneStart(2) + 1, 1);
  EXPECT_FALSE(adapter.Adjust(io, decision));
}

TEST(ZbdAdapter, OfflineAndReadOnlyZonesAreNotWritten) {
  ZoneStateMachine device(Geometry(0, 0));
  ASSERT_TRUE(device.MarkOffline(3).ok());
  ASSERT_TRUE(device.MarkReadOnly(4).ok());
  ZbdAdapter adapter(device, ZbdOptions{}, 1);
  // Zone 3 offline and 4 read only: the next zone that opens is 5.
  HostIo io = Issue(adapter, device, Io(IoOp::kWrite, ZoneStart(3) + 1, 1));
  EXPECT_EQ(io.offset_bytes, ZoneStart(5) * kLba);
  // A write longer than a zone is never issued.
  io = Io(IoOp::kWrite, ZoneStart(0), kZoneLbas + 1);
  ZbdDecision decision;
  EXPECT_FALSE(adapter.Adjust(io, decision));
  // Past the namespace.
  io = Io(IoOp::kWrite, 8 * kZoneLbas, 1);
  EXPECT_FALSE(adapter.Adjust(io, decision));
}

TEST(ZbdAdapter, ARandomWriteStreamNeverViolatesTheZoneRules) {
  // 2000 random 1..6-LBA writes and reads through the adapter: every write
  // the device sees lands at a write pointer, no more than 3 zones open.
  ZoneStateMachine device(Geometry(3, 3));
  ZbdOptions options;
  options.zone_reset_threshold = 0.6;
  options.zone_reset_frequency = 0.1;
  ZbdAdapter adapter(device, options, 1);
  uint64_t x = 12345;
  uint64_t resets = 0;
  for (int i = 0; i < 2000; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    const uint64_t lba = (x >> 20) % (8 * kZoneLbas);
    const uint32_t lbas = 1 + static_cast<uint32_t>((x >> 40) % 6);
    HostIo io = Io((x >> 60) % 4 == 0 ? IoOp::kRead : IoOp::kWrite, lba, lbas);
    ZbdDecision decision;
    if (!adapter.Adjust(io, decision)) continue;
    if (decision.reset_zone != kNoZone) ++resets;
    Apply(device, io, decision);
    if (io.op == IoOp::kRead) {
      const uint32_t zone = device.ZoneOf(io.offset_bytes / kLba);
      EXPECT_LE(io.offset_bytes / kLba + io.length_bytes / kLba, device.zone(zone).write_pointer);
    }
    ASSERT_LE(device.open_zones(), 3u);
  }
  EXPECT_GT(resets, 0u);
}

}  // namespace
}  // namespace flashscope::zns
