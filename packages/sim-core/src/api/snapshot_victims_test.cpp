// The snapshot names why the GC engine is emptying a block (layout 4): a
// GC victim, a block refreshed after too many reads, a cold block moved by
// static wear levelling or a pSLC block folded into native ones by SLC
// migration each have their own state, which the device view's "Block
// state" colours, tooltip and legend show. Checked frame by frame against
// the events of the same frames: every block in a victim state has a
// relocation of that cause under way (a gc_start or migration_start without
// its end yet), and every relocation under way shows its cause's state.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "api/read_disturb_fixture_for_test.h"
#include "api/session.h"
#include "api/snapshot.h"
#include "ftl/ftl_state.h"
#include "scenario/scenario.h"
#include "util/json.h"

namespace flashscope {
namespace {

std::string DevicePreset(const std::string& name) {
  return ReadTextFile(std::string(FLASHSCOPE_REPO_ROOT) + "/public/presets/devices/" + name +
                      ".json");
}

// The victim state a relocation event stands for: migration_* events are
// SLC migration, gc_* events GC unless their "cause" says otherwise.
BlockState StateOfEvent(const json::Value& event) {
  if (event.Find("kind")->as_string().rfind("migration_", 0) == 0) {
    return BlockState::kMigrationVictim;
  }
  const json::Value* cause = event.Find("cause");
  if (cause == nullptr) return BlockState::kVictim;
  if (cause->as_string() == "refresh") return BlockState::kRefreshVictim;
  if (cause->as_string() == "wear_leveling") return BlockState::kWearLevelingVictim;
  ADD_FAILURE() << "unknown cause " << cause->as_string();
  return BlockState::kVictim;
}

bool IsVictimState(uint8_t state) { return state >= uint8_t(BlockState::kVictim); }

// Block-frames seen in each victim state (indexed by BlockState).
using VictimFrames = std::array<uint32_t, 7>;

// Runs the session in steps of `step_ns` and checks every frame's victim
// states against the relocations its events have under way.
VictimFrames CheckVictimStates(Session& session, uint64_t step_ns) {
  VictimFrames seen{};
  std::map<uint32_t, BlockState> under_way;  // victim block -> its relocation
  for (uint64_t until = step_ns;; until += step_ns) {
    const bool done = session.Advance(until, UINT64_MAX) == StopReason::kFinished;
    const json::Value meta = json::Parse(session.SnapshotMeta(), "meta");
    if (const json::Value* dropped = meta.Find("events_dropped")) {
      EXPECT_EQ(dropped->as_number(), 0) << "at " << until;
    }
    for (const json::Value& event : meta.Find("events")->items()) {
      const std::string kind = event.Find("kind")->as_string();
      const json::Value* block = event.Find("block");
      if (block == nullptr) continue;  // stalls, zone events
      const auto id = static_cast<uint32_t>(block->as_number());
      if (kind == "gc_start" || kind == "migration_start") under_way[id] = StateOfEvent(event);
      if (kind == "gc_end" || kind == "migration_end") under_way.erase(id);
    }
    const std::vector<uint8_t>& buffer = session.Snapshot();
    const uint32_t blocks = session.sim().layout().blocks;
    uint32_t state_offset = 0;
    std::memcpy(&state_offset, buffer.data() + snapshot::kWordStateOffset * 4, 4);
    const uint8_t* state = buffer.data() + state_offset;
    for (uint32_t b = 0; b < blocks; ++b) {
      if (!IsVictimState(state[b])) {
        EXPECT_EQ(under_way.count(b), 0u) << "block " << b << " at " << until;
        continue;
      }
      EXPECT_LT(state[b], seen.size()) << "block " << b;
      if (state[b] >= seen.size()) continue;
      ++seen[state[b]];
      const auto it = under_way.find(b);
      EXPECT_TRUE(it != under_way.end()) << "block " << b << " at " << until;
      if (it != under_way.end()) {
        EXPECT_EQ(int(state[b]), int(it->second)) << "block " << b << " at " << until;
      }
    }
    if (done) break;
  }
  return seen;
}

uint32_t Seen(const VictimFrames& seen, BlockState state) { return seen[uint8_t(state)]; }

void PrintSeen(const char* drive, const VictimFrames& seen) {
  std::printf("%s: block-frames as GC victim %u, refreshed %u, wear-levelling move %u, folded %u\n",
              drive, seen[3], seen[4], seen[5], seen[6]);
}

TEST(SnapshotVictims, ARefreshedBlockIsNoGcVictim) {
  Session session(testing::kReadDisturbDevice, testing::kHotReads, SessionOptions{});
  session.Precondition();
  const VictimFrames seen = CheckVictimStates(session, 200'000);  // 0.2 ms frames
  PrintSeen("read disturb", seen);
  std::printf("  refreshes %llu\n",
              static_cast<unsigned long long>(session.sim().drive().reliability().refreshes));
  // The run only reads: its victims are all refreshes (40 of them), caught
  // under way in many frames.
  EXPECT_GT(Seen(seen, BlockState::kRefreshVictim), 0u);
  EXPECT_EQ(Seen(seen, BlockState::kVictim), 0u);
  EXPECT_GT(session.sim().drive().reliability().refreshes, 0u);
}

TEST(SnapshotVictims, AWearLevellingMoveIsNoGcVictim) {
  // The teaching drive 90 % full under hot/cold writes (as in
  // static_wear_leveling_policy_test), static wear levelling at a spread of
  // 2 erases so that 64 MiB of writes make it move blocks (62 moves).
  SessionOptions options;
  options.sets = {"precondition.fill=0.9", "wear_leveling.static_enabled=true",
                  "wear_leveling.static_threshold=2"};
  Session session(DevicePreset("teaching-slc-tiny"),
                  "[hotcold]\nrw=randwrite\nbs=4k\niodepth=16\n"
                  "random_distribution=zoned:90/10:10/90\nio_size=64m\n",
                  options);
  session.Precondition();
  const VictimFrames seen = CheckVictimStates(session, 200'000);
  PrintSeen("static wear levelling", seen);
  std::printf("  moves %llu\n",
              static_cast<unsigned long long>(session.sim().drive().reliability().static_wl_moves));
  EXPECT_GT(Seen(seen, BlockState::kWearLevelingVictim), 0u);
  EXPECT_GT(Seen(seen, BlockState::kVictim), 0u);  // GC runs alongside
  EXPECT_GT(session.sim().drive().reliability().static_wl_moves, 0u);
}

TEST(SnapshotVictims, AnSlcMigrationSourceIsNoGcVictim) {
  // The QLC teaching drive's pSLC cache written in 8 MiB bursts with 50 ms
  // of idle between them: 20 ms of idle starts folding.
  Session session(DevicePreset("teaching-qlc-slc"),
                  "[bursts]\nrw=write\nbs=128k\niodepth=4\nsize=32m\n"
                  "thinktime=50ms\nthinktime_blocks=64\n",
                  SessionOptions{});
  session.Precondition();
  const VictimFrames seen = CheckVictimStates(session, 200'000);
  PrintSeen("SLC migration", seen);
  EXPECT_GT(Seen(seen, BlockState::kMigrationVictim), 0u);
  EXPECT_EQ(Seen(seen, BlockState::kRefreshVictim), 0u);
  EXPECT_EQ(Seen(seen, BlockState::kWearLevelingVictim), 0u);
}

}  // namespace
}  // namespace flashscope
