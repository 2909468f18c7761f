// ZnsHostFtl on small zoned namespaces: mapping and zone bookkeeping, the
// GC trigger, what the listener is told, and the configuration errors.
#include "zns/host_ftl/zns_host_ftl.h"

#include <gtest/gtest.h>

#include <vector>

#include "util/input_error.h"
#include "util/rng.h"
#include "zns/host_ftl/future_knowledge.h"

namespace flashscope::zns {
namespace {

ZoneGeometry Geometry(uint32_t zones, uint64_t capacity, uint32_t max_open = 14) {
  ZoneGeometry g;
  g.zone_count = zones;
  g.zone_size_lbas = capacity;
  g.zone_capacity_lbas = capacity;
  g.max_open_resources = max_open;
  g.max_active_resources = max_open;
  return g;
}

HostFtlConfig Config(uint64_t logical, const char* placement = "normal",
                     const char* victim = "greedy") {
  HostFtlConfig c;
  c.logical_blocks = logical;
  c.placement = placement;
  c.gc_victim = victim;
  return c;
}

struct CountingListener : IHostFtlListener {
  uint64_t user_appends = 0, gc_appends = 0, gc_reads = 0, resets = 0, gc_runs = 0;
  uint64_t moved = 0;
  void OnAppend(uint32_t, uint64_t, bool gc) override { ++(gc ? gc_appends : user_appends); }
  void OnGcRead(uint32_t, uint64_t) override { ++gc_reads; }
  void OnGcStart(uint32_t, double) override { ++gc_runs; }
  void OnGcEnd(uint32_t, uint64_t m) override { moved += m; }
  void OnReset(uint32_t) override { ++resets; }
};

// Sum of per-zone valid counts = mapped blocks; every mapped block's
// location is a written slot of a zone of some class.
void ExpectConsistent(const ZnsHostFtl& ftl) {
  uint64_t valid = 0;
  for (uint32_t z = 0; z < ftl.device().zone_count(); ++z) {
    valid += ftl.zone_valid_blocks(z);
    EXPECT_LE(ftl.zone_valid_blocks(z), ftl.device().zone(z).written_lbas());
  }
  uint64_t mapped = 0;
  for (uint64_t b = 0; b < ftl.logical_blocks(); ++b) {
    const BlockLocation at = ftl.Lookup(b);
    if (at.zone == kNoZone) continue;
    ++mapped;
    EXPECT_LT(at.offset, ftl.device().zone(at.zone).written_lbas());
    EXPECT_NE(ftl.zone_class(at.zone), ZnsHostFtl::kNoClass);
  }
  EXPECT_EQ(valid, mapped);
}

TEST(ZnsHostFtl, SequentialOverwritesKillWholeZonesSoWafIsOne) {
  // One class: the zones fill in write order and die in write order, so
  // greedy always finds a zone with nothing valid left.
  ZoneStateMachine device(Geometry(40, 64));
  HostFtlConfig config = Config(1536);  // 24 zones of data, 16 spare
  config.classes = 1;
  ZnsHostFtl ftl(config, device);
  CountingListener listener;
  ftl.set_listener(&listener);
  for (int pass = 0; pass < 6; ++pass) {
    for (uint64_t b = 0; b < 1536; ++b) ftl.Write(b, kNeverWritten, 0);
  }
  EXPECT_EQ(ftl.stats().user_blocks, 6u * 1536);
  EXPECT_EQ(ftl.stats().gc_blocks, 0u);
  EXPECT_DOUBLE_EQ(ftl.stats().waf(), 1.0);
  EXPECT_GT(ftl.stats().gc_count, 0u);
  for (float gp : ftl.stats().reclaimed_gp) EXPECT_FLOAT_EQ(gp, 1.0f);
  EXPECT_EQ(listener.user_appends, 6u * 1536);
  EXPECT_EQ(listener.resets, ftl.stats().gc_count);
  ExpectConsistent(ftl);
}

TEST(ZnsHostFtl, RandomWritesKeepTheGarbageProportionAtTheThreshold) {
  ZoneStateMachine device(Geometry(64, 128));
  HostFtlConfig config = Config(5000, "normal", "cbe");
  ZnsHostFtl ftl(config, device);
  CountingListener listener;
  ftl.set_listener(&listener);
  Rng rng(7);
  double max_gp_after_warmup = 0;
  for (uint64_t i = 0; i < 60000; ++i) {
    ftl.Write(rng.Below(5000), kNeverWritten, i);
    if (i > 20000) max_gp_after_warmup = std::max(max_gp_after_warmup, ftl.garbage_proportion());
  }
  // GC runs before each write, so the proportion exceeds 0.15 by at most
  // the one invalidation of the write itself.
  EXPECT_LE(max_gp_after_warmup, 0.15 + 1.0 / 5000);
  EXPECT_GT(max_gp_after_warmup, 0.14);
  const HostFtlStats& s = ftl.stats();
  EXPECT_GT(s.gc_blocks, 0u);
  EXPECT_NEAR(s.waf(), 1.0 + static_cast<double>(s.gc_blocks) / s.user_blocks, 1e-12);
  // The listener saw every step.
  EXPECT_EQ(listener.user_appends, s.user_blocks);
  EXPECT_EQ(listener.gc_appends, s.gc_blocks);
  EXPECT_EQ(listener.gc_reads, s.gc_blocks);
  EXPECT_EQ(listener.moved, s.gc_blocks);
  EXPECT_EQ(listener.gc_runs, s.gc_count);
  EXPECT_EQ(s.reclaimed_gp.size(), s.gc_count);
  // CBE reclaims only zones above the threshold.
  for (float gp : s.reclaimed_gp) EXPECT_GT(gp, 0.15f);
  // Normal: GC data all in the last class, user data in the others.
  EXPECT_EQ(s.classes[6].user_blocks, 0u);
  EXPECT_EQ(s.classes[6].gc_blocks, s.gc_blocks);
  uint64_t reclaimed = 0;
  for (const ZoneClassStats& c : s.classes) reclaimed += c.zones_reclaimed;
  EXPECT_EQ(reclaimed, s.gc_count);
  ExpectConsistent(ftl);
  // The device never had more zones open than classes.
  EXPECT_LE(device.open_zones(), 7u);
}

TEST(ZnsHostFtl, TrimmedBlocksAreGarbageAndUnmapped) {
  ZoneStateMachine device(Geometry(40, 64));
  ZnsHostFtl ftl(Config(1000), device);
  for (uint64_t b = 0; b < 100; ++b) ftl.Write(b, kNeverWritten, 0);
  EXPECT_NE(ftl.Lookup(5).zone, kNoZone);
  ftl.Trim(5);
  ftl.Trim(5);
  ftl.Trim(500);  // never written
  EXPECT_EQ(ftl.Lookup(5).zone, kNoZone);
  EXPECT_EQ(ftl.stats().trimmed_blocks, 1u);
  EXPECT_NEAR(ftl.garbage_proportion(), 1.0 / 100, 1e-12);
  ExpectConsistent(ftl);
}

TEST(ZnsHostFtl, FutureKnowledgeLetsZbOptSeparateLifetimes) {
  // Two populations interleaved: blocks 0-63 live 128 writes, blocks
  // 64-1063 live 2000. Under Normal every zone mixes them; ZB-OPT sends
  // them to different classes, so zones die whole.
  std::vector<uint64_t> stream;
  uint64_t cold = 0;
  for (int i = 0; i < 30000; ++i) {
    stream.push_back(i % 2 == 0 ? static_cast<uint64_t>(i / 2 % 64) : 64 + cold++ % 1000);
  }
  auto run = [&](const char* placement) {
    ZoneStateMachine device(Geometry(48, 64));
    ZnsHostFtl ftl(Config(1100, placement, "cbe"), device);
    const FutureKnowledge future = FutureKnowledge::FromBlocks(stream, 1100);
    for (uint64_t i = 0; i < stream.size(); ++i) ftl.Write(stream[i], future.NextWrite(i), i);
    ExpectConsistent(ftl);
    return ftl.stats().waf();
  };
  const double normal = run("normal");
  const double zbopt = run("zbopt");
  EXPECT_GT(normal, 1.2);
  EXPECT_LT(zbopt, 1.05);
}

TEST(ZnsHostFtl, RefusesImpossibleConfigurations) {
  ZoneStateMachine device(Geometry(40, 64, 6));
  auto message = [&](HostFtlConfig c) {
    try {
      ZnsHostFtl ftl(c, device, "dev.json");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  HostFtlConfig ok = Config(1000);
  ok.classes = 6;
  EXPECT_EQ(message(ok), "no error");
  EXPECT_EQ(message(Config(1000)),
            "dev.json: zns.classes (7) needs as many open zones, but max_open is 6");
  HostFtlConfig bad_placement = ok;
  bad_placement.placement = "hot";
  EXPECT_EQ(message(bad_placement),
            "dev.json: zns.placement 'hot' is not one of normal, warcip, sepbit, bhbdp_pre, "
            "bhbdp, fk, zbopt");
  HostFtlConfig bad_victim = ok;
  bad_victim.gc_victim = "fifo";
  EXPECT_EQ(message(bad_victim),
            "dev.json: zns.gc_victim 'fifo' is not one of cbe, greedy, cost_benefit");
  HostFtlConfig too_big = ok;
  too_big.logical_blocks = 40 * 64;
  EXPECT_EQ(message(too_big),
            "dev.json: the host FTL's logical space (2560 blocks) does not fit 40 zones of 64 "
            "blocks with room for GC: at most 1728 blocks (raise overprovision or add zones)");
}

TEST(FutureKnowledge, GivesEachWriteItsBlocksNextWrite) {
  const std::vector<uint64_t> stream = {3, 5, 3, 7, 5, 3};
  const FutureKnowledge f = FutureKnowledge::FromBlocks(stream, 10);
  EXPECT_EQ(f.writes(), 6u);
  EXPECT_EQ(f.NextWrite(0), 2u);
  EXPECT_EQ(f.NextWrite(1), 4u);
  EXPECT_EQ(f.NextWrite(2), 5u);
  EXPECT_EQ(f.NextWrite(3), kNeverWritten);
  EXPECT_EQ(f.NextWrite(4), kNeverWritten);
  EXPECT_EQ(f.NextWrite(5), kNeverWritten);
  EXPECT_EQ(f.NextWrite(99), kNeverWritten);
}

}  // namespace
}  // namespace flashscope::zns
