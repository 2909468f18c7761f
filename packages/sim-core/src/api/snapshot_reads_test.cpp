// The snapshot's read counters (layout 3): per block, the host page reads
// since its erase, and the refresh threshold in the header, which the
// device view's "reads" colour mode draws as a fraction.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "api/session.h"
#include "api/snapshot.h"
#include "util/json.h"

namespace flashscope {
namespace {

uint32_t U32At(const uint8_t* buffer, uint32_t offset) {
  uint32_t value;
  std::memcpy(&value, buffer + offset, sizeof value);
  return value;
}

// 128 TLC blocks of 48 pages, full, read disturb on with a TLC limit of 400
// reads: the reads below refresh some blocks within the run.
constexpr const char* kReadDisturbDevice = R"({
  "cell": "tlc",
  "geometry": { "channels": 2, "dies_per_channel": 1, "planes_per_die": 2,
                "blocks_per_plane": 32, "pages_per_block": 48, "page_bytes": 16384 },
  "overprovision": 0.2,
  "write_buffer_bytes": 1048576,
  "precondition": { "fill": 1 },
  "read_disturb": { "enabled": true, "threshold_reads": { "tlc": 400 } }
})";

// 90 % of 4 KiB reads to 2 % of the space: a few hot blocks.
constexpr const char* kHotReads =
    "[global]\nioengine=libaio\ndirect=1\n\n"
    "[hot]\nrw=randread\nbs=4k\niodepth=16\nrandom_distribution=zoned:90/2:10/98\n"
    "number_ios=20000\n";

TEST(SnapshotReads, CountersAreTheDrivesAndTheHeaderCarriesTheThreshold) {
  Session session(kReadDisturbDevice, kHotReads, SessionOptions{});
  session.Precondition();
  uint32_t hottest_seen = 0;
  uint32_t frames_with_reads = 0;
  for (uint64_t until = 20'000'000; until <= 200'000'000; until += 20'000'000) {
    session.Advance(until, UINT64_MAX);
    const std::vector<uint8_t>& buffer = session.Snapshot();
    const uint8_t* b = buffer.data();
    using namespace snapshot;
    ASSERT_EQ(U32At(b, kWordVersion * 4), 3u);
    EXPECT_EQ(U32At(b, kWordRefreshThreshold * 4), 400u);
    const uint32_t reads = U32At(b, kWordReadsOffset * 4);
    ASSERT_EQ(reads % 8, 0u);
    ASSERT_EQ(reads + 128 * 4, buffer.size());
    const IDrive& drive = session.sim().drive();
    uint32_t hottest = 0, read_blocks = 0;
    for (uint32_t block = 0; block < 128; ++block) {
      const uint32_t count = U32At(b, reads + block * 4);
      EXPECT_EQ(count, drive.HostReadsSinceErase(block)) << block;
      hottest = std::max(hottest, count);
      read_blocks += count > 0 ? 1 : 0;
    }
    // Reads reach most blocks (10 % go everywhere), and a block that passed
    // its limit is refreshed soon after (its counter restarts at 0): no
    // counter runs far past the threshold.
    if (hottest > 0) ++frames_with_reads;
    EXPECT_LT(hottest, 2 * 400u);
    hottest_seen = std::max(hottest_seen, hottest);
    if (until == 200'000'000) {
      EXPECT_GT(read_blocks, 64u);
    }
  }
  EXPECT_EQ(frames_with_reads, 10u);
  EXPECT_GE(hottest_seen, 300u);  // the hot blocks come close to the limit
  EXPECT_GT(session.sim().drive().reliability().refreshes, 0u);
}

// The frames' meta counts the refreshes as the result does (blocks
// refreshed and erased), and each refresh's gc_start and gc_end events say so ("cause": "refresh"):
// they are the GC engine's moves, not GC runs, which gc_runs and the app's GC timeline count (here
// none: the run only reads).
TEST(SnapshotReads, MetaCountsRefreshesAndTheirEventsSayWhatTheyAre) {
  Session session(kReadDisturbDevice, kHotReads, SessionOptions{});
  session.Precondition();
  uint32_t refresh_starts = 0, refresh_ends = 0, other_relocations = 0;
  json::Value meta;
  for (uint64_t until = 20'000'000;; until += 20'000'000) {
    const bool done = session.Advance(until, UINT64_MAX) == StopReason::kFinished;
    meta = json::Parse(session.SnapshotMeta(), "meta");
    for (const json::Value& event : meta.Find("events")->items()) {
      const std::string kind = event.Find("kind")->as_string();
      if (kind != "gc_start" && kind != "gc_end") continue;
      const json::Value* cause = event.Find("cause");
      if (cause == nullptr || cause->as_string() != "refresh")
        ++other_relocations;
      else if (kind == "gc_start")
        ++refresh_starts;
      else
        ++refresh_ends;
    }
    if (done) break;
  }
  const json::Value result = json::Parse(session.ResultJson(), "result");
  const double refreshes = result.Find("read_disturb")->Find("refreshes")->as_number();
  EXPECT_GT(refreshes, 0);
  EXPECT_EQ(meta.Find("read_disturb")->Find("refreshes")->as_number(), refreshes);
  // A refresh counts once its block is erased: one still under way when the
  // reads end has started only.
  EXPECT_EQ(refresh_ends, refreshes);
  EXPECT_GE(refresh_starts, refresh_ends);
  EXPECT_LE(refresh_starts, refresh_ends + 4);
  EXPECT_EQ(other_relocations, 0u);
  EXPECT_EQ(meta.Find("gc_runs")->as_number(), 0);
  EXPECT_EQ(result.Find("gc")->Find("runs")->as_number(), 0);
  EXPECT_TRUE(meta.Find("static_wear_leveling")->is_null());  // off on this drive
}

}  // namespace
}  // namespace flashscope
