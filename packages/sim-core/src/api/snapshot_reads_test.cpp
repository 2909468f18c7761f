// The snapshot's read counters (layout 3): per block, the host page reads
// since its erase, and the refresh threshold in the header, which the
// device view's "reads" colour mode draws as a fraction.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "api/read_disturb_fixture_for_test.h"
#include "api/session.h"
#include "api/snapshot.h"
#include "util/json.h"

namespace flashscope {
namespace {

using testing::kHotReads;
using testing::kReadDisturbDevice;

uint32_t U32At(const uint8_t* buffer, uint32_t offset) {
  uint32_t value;
  std::memcpy(&value, buffer + offset, sizeof value);
  return value;
}

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
    ASSERT_EQ(U32At(b, kWordVersion * 4), 4u);
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
