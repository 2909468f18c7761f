// The classic FTLs' drive (issue 7) seen through the session the UI uses:
// the snapshot's block arrays read the mapping scheme (or C-lash's direct
// translation) rather than the conventional FTL's empty state, the result's
// wear and the meta's free blocks and erase histogram count the same
// erases, and the meta's "classic" object carries what the cache view draws.
#include <gtest/gtest.h>

#include <cstring>
#include <string>

#include "api/session.h"
#include "api/snapshot.h"
#include "util/json.h"

namespace flashscope {
namespace {

// Seed 002's flash in small: SLC, 2 KiB pages mapped whole, 64-page blocks,
// two planes (so the scheme's blocks are striped: the snapshot must undo it).
constexpr const char* kClassicDevice = R"({
  "name": "classic-small",
  "cell": "slc",
  "geometry": { "channels": 1, "dies_per_channel": 1, "planes_per_die": 2,
                "blocks_per_plane": 64, "pages_per_block": 64, "page_bytes": 2048 },
  "timing_us": { "slc": { "read": 130.9, "program": 405.9, "erase": 2000 } },
  "overprovision": 0.1,
  "write_buffer_bytes": 0,
  "mapping_unit_bytes": 2048,
  "precondition": { "fill": 1, "random_writes": 1 }
})";

// 60 % writes of 2 KiB over the whole (preconditioned) space, each page
// once: merges, mapping-cache misses and cache evictions all happen.
constexpr const char* kMixedWrites =
    "[mix]\nrw=randrw\nrwmixwrite=60\nbs=2k\niodepth=4\nrandseed=3\n";

uint32_t U32At(const uint8_t* buffer, uint32_t offset) {
  uint32_t value;
  std::memcpy(&value, buffer + offset, sizeof value);
  return value;
}

struct ClassicRun {
  json::Value meta;
  json::Value result;
  uint64_t snapshot_valid = 0;    // sum of the valid-units array
  uint64_t snapshot_erases = 0;   // sum of the erase-count array
  uint64_t page_state_valid = 0;  // valid units in the page-state section
  uint64_t page_state_mismatches = 0;
  uint64_t free_blocks = 0;  // blocks the snapshot calls free
};

// Runs to the end, or stops at simulated time until_ns.
ClassicRun RunClassic(const std::vector<std::string>& sets, uint64_t until_ns = UINT64_MAX) {
  SessionOptions options;
  options.sets = sets;
  Session session(kClassicDevice, kMixedWrites, options);
  session.Precondition();
  for (StopReason reason = StopReason::kEventBudget;
       reason == StopReason::kEventBudget ||
       (reason == StopReason::kTimeReached && until_ns == UINT64_MAX);) {
    reason = session.Advance(until_ns, 200'000);
  }
  ClassicRun run;
  const std::vector<uint8_t>& buffer = session.Snapshot();
  const uint8_t* b = buffer.data();
  using namespace snapshot;
  const uint32_t blocks = U32At(b, kWordBlocks * 4);
  const uint32_t units = U32At(b, kWordUnitsPerBlock * 4);
  const uint32_t state = U32At(b, kWordStateOffset * 4);
  const uint32_t valid = U32At(b, kWordValidUnitsOffset * 4);
  const uint32_t erases = U32At(b, kWordEraseCountOffset * 4);
  const uint32_t page_state = U32At(b, kWordPageStateOffset * 4);
  EXPECT_EQ(U32At(b, kWordPageStateUnits * 4), blocks * units);
  for (uint32_t block = 0; block < blocks; ++block) {
    const uint32_t block_valid = U32At(b, valid + block * 4);
    run.snapshot_valid += block_valid;
    run.snapshot_erases += U32At(b, erases + block * 4);
    run.free_blocks += b[state + block] == 0;
    uint32_t counted = 0;
    for (uint32_t u = 0; u < units; ++u) counted += b[page_state + block * units + u] == kUnitValid;
    run.page_state_valid += counted;
    run.page_state_mismatches += counted != block_valid;
  }
  run.meta = json::Parse(session.SnapshotMeta(), "meta");
  run.result = json::Parse(session.ResultJson(), "result");
  return run;
}

double Number(const json::Value& v, std::initializer_list<const char*> path) {
  const json::Value* at = &v;
  for (const char* key : path) {
    at = at->Find(key);
    if (at == nullptr) {
      ADD_FAILURE() << "missing " << key;
      return -1;
    }
  }
  return at->as_number();
}

TEST(ClassicSnapshot, DftlBlocksHoldEveryWrittenPageAndItsTranslationPages) {
  const ClassicRun run = RunClassic({"ftl.mapping=\"dftl\"", "ftl.cmt_entries=256"});
  const double erases = Number(run.result, {"nand", "block_erases"});
  ASSERT_GT(erases, 10);  // GC ran: the arrays are not all fresh
  // One valid page per logical page ever written plus DFTL's translation
  // pages (formatted in flash from the start, one per 512 entries).
  const double logical_pages = Number(run.result, {"capacity", "logical_bytes"}) / 2048;
  EXPECT_GT(run.snapshot_valid, 0.5 * logical_pages);
  EXPECT_LE(run.snapshot_valid, logical_pages + (logical_pages + 511) / 512);
  EXPECT_EQ(run.page_state_valid, run.snapshot_valid);
  EXPECT_EQ(run.page_state_mismatches, 0u);
  // Every erase sits on some block, in the snapshot and the wear alike
  // (both count the preconditioning's erases too, which the run's nand
  // figures leave out).
  EXPECT_NEAR(Number(run.result, {"wear", "mean_erases"}) * 128,
              static_cast<double>(run.snapshot_erases), 1e-3);
  EXPECT_GT(static_cast<double>(run.snapshot_erases), erases);
  EXPECT_EQ(Number(run.meta, {"free_blocks"}), static_cast<double>(run.free_blocks));

  const json::Value* classic = run.meta.Find("classic");
  ASSERT_NE(classic, nullptr);
  EXPECT_EQ(classic->Find("mapping")->as_string(), "dftl");
  EXPECT_EQ(Number(*classic, {"block_erases"}), erases);
  EXPECT_TRUE(classic->Find("cache")->is_null());
  const json::Value& cmt = *classic->Find("cmt");
  EXPECT_EQ(Number(cmt, {"capacity"}), 256);
  EXPECT_EQ(Number(cmt, {"cached"}), 256);  // full: far more pages than entries
  // The run's translation traffic alone, as the nand figures count it.
  EXPECT_EQ(Number(*classic, {"translation_reads"}),
            Number(run.result, {"nand", "reads_by_cause", "mapping"}));
  EXPECT_EQ(Number(*classic, {"translation_writes"}),
            Number(run.result, {"nand", "programs_by_cause", "mapping"}));
  // Every host page is translated once (GC's remapping adds more).
  const double host_pages =
      (Number(run.result, {"host", "read_bytes"}) + Number(run.result, {"host", "write_bytes"})) /
      2048;
  EXPECT_GE(Number(cmt, {"hits"}) + Number(cmt, {"misses"}), host_pages);
  EXPECT_GT(Number(cmt, {"dirty_evictions"}), 0);
}

TEST(ClassicSnapshot, ClashBlockSpaceAndPageSetsMatchTheCacheOccupancy) {
  const std::vector<std::string> device_sets = {"ftl.mapping=\"block\"", "cache.policy=\"clash\"",
                                                "cache.block_space_blocks=4",
                                                "cache.page_space_pages=96"};
  const ClassicRun run = RunClassic(device_sets);
  // The cache view as the last request is answered: at the end of the run
  // the cache is flushed (issue 14), its spaces then empty.
  const double host_end_ns = Number(run.result, {"end_of_run", "host_end_ms"}) * 1e6;
  const ClassicRun last_request = RunClassic(device_sets, static_cast<uint64_t>(host_end_ns) - 1);
  EXPECT_GT(Number(run.result, {"end_of_run", "buffered_bytes"}), 0);
  const json::Value* cache = last_request.meta.Find("classic")->Find("cache");
  ASSERT_NE(cache, nullptr);
  ASSERT_TRUE(cache->is_object());
  const json::Value& space = *cache->Find("block_space");
  ASSERT_EQ(space.items().size(), 4u);
  double held = 0, used = 0;
  for (const json::Value& slot : space.items()) {
    if (slot.is_null()) continue;
    ++used;
    held += Number(slot, {"pages"});
    EXPECT_LT(Number(slot, {"block"}), 128);
  }
  EXPECT_EQ(used, Number(*cache, {"occupancy", "blocks"}));
  EXPECT_EQ(held, Number(*cache, {"occupancy", "block_pages"}));
  EXPECT_GT(Number(*cache, {"set_moves"}), 0);
  // Page sets: largest first, no more pages than page space holds.
  const json::Value& sets = *cache->Find("page_sets");
  ASSERT_FALSE(sets.items().empty());
  EXPECT_LE(sets.items().size(), 8u);
  double previous = 1e9, in_sets = 0;
  for (const json::Value& set : sets.items()) {
    EXPECT_LE(Number(set, {"pages"}), previous);
    previous = Number(set, {"pages"});
    in_sets += previous;
  }
  EXPECT_LE(in_sets, Number(*cache, {"occupancy", "pages"}));
  // Direct translation: a block rewritten in place holds no garbage, so
  // every written page is valid, and each rewrite of a block with data is
  // one erase of it.
  EXPECT_EQ(run.page_state_mismatches, 0u);
  EXPECT_EQ(Number(run.result, {"ftl", "merges", "copy"}),
            Number(run.result, {"nand", "block_erases"}));
  EXPECT_GT(static_cast<double>(run.snapshot_erases), Number(run.result, {"nand", "block_erases"}));
  EXPECT_NEAR(Number(run.result, {"wear", "mean_erases"}) * 128,
              static_cast<double>(run.snapshot_erases), 1e-3);
}

// The meta's gc_runs on a classic drive counts merges and block rewrites
// (C-lash: one erase per rewrite), not GC runs the GC timeline shows (no GC
// events at all): gc_runs_kind says so, for the UI's label (issue 18).
TEST(ClassicSnapshot, GcRunsAreNamedMergesAndCountTheErases) {
  const ClassicRun run = RunClassic({"ftl.mapping=\"block\"", "cache.policy=\"clash\"",
                                     "cache.block_space_blocks=4", "cache.page_space_pages=96"});
  EXPECT_EQ(run.meta.Find("gc_runs_kind")->as_string(), "merges");
  const double erases = Number(run.result, {"nand", "block_erases"});
  ASSERT_GT(erases, 10);
  EXPECT_EQ(Number(run.meta, {"gc_runs"}), erases);
  // The GC timeline's events: the meta's first frame carries the newest
  // (up to 256) of the run's events, and none is a GC start.
  for (const json::Value& event : run.meta.Find("events")->items()) {
    EXPECT_NE(event.Find("kind")->as_string(), "gc_start");
  }
  const ClassicRun dftl = RunClassic({"ftl.mapping=\"dftl\"", "ftl.cmt_entries=256"});
  EXPECT_EQ(dftl.meta.Find("gc_runs_kind")->as_string(), "merges");
  EXPECT_GT(Number(dftl.meta, {"gc_runs"}), 0);
}

}  // namespace
}  // namespace flashscope
