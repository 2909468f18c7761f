// Static wear levelling in the timed drive, end to end through the CLI on
// the teaching drive (public/presets/devices/teaching-slc-tiny.json, 2
// planes x 128 blocks of 64 SLC pages of 4 KiB) 90 % full, under hot/cold
// writes (fio zoned: 90 % of writes to 10 % of the space): the erase spread
// with and without it, with and without dynamic wear levelling, the moves
// counted in the result JSON, and what they cost in WAF.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <string>

#include "scenario/cli_json_for_test.h"
#include "util/json.h"

namespace flashscope {
namespace {

constexpr uint32_t kThreshold = 8;

struct Result {
  double spread = 0;  // max - min erase count over the drive (result "wear")
  double moves = 0;   // static_wear_leveling.moves
  double moved_units = 0;
  double wl_programs = 0;  // nand.programs_by_cause.wear_leveling (SLC: a unit a page)
  double wl_erases = 0;
  double waf = 0;
};

class TimedStaticWearLeveling : public testing::CliTest {
 protected:
  // One run of 1 GiB of hot/cold 4 KiB writes at QD16: about 21 times the
  // drive's 48 MiB (~0.3 s).
  Result Run(bool dynamic, bool static_enabled) {
    const std::string job = Write("hotcold.fio",
                                  "[hotcold]\nrw=randwrite\nbs=4k\niodepth=16\n"
                                  "random_distribution=zoned:90/10:10/90\nio_size=1g\n");
    const std::string args =
        std::string("run --device preset:teaching-slc-tiny --presets ") + FLASHSCOPE_REPO_ROOT +
        "/public/presets/devices --fio " + job +
        " --set precondition.fill=0.9 --set wear_leveling.dynamic=" + (dynamic ? "true" : "false") +
        " --set wear_leveling.static_enabled=" + (static_enabled ? "true" : "false") +
        " --set wear_leveling.static_threshold=" + std::to_string(kThreshold);
    const json::Value root = testing::RunCliJson(args, "hot/cold run");
    Result r;
    r.spread = testing::NumberAt(root, {"wear", "max_erases"}) -
               testing::NumberAt(root, {"wear", "min_erases"});
    r.moves = testing::NumberAt(root, {"static_wear_leveling", "moves"});
    r.moved_units = testing::NumberAt(root, {"static_wear_leveling", "moved_units"});
    r.wl_programs = testing::NumberAt(root, {"nand", "programs_by_cause", "wear_leveling"});
    r.wl_erases = testing::NumberAt(root, {"nand", "erases_by_cause", "wear_leveling"});
    r.waf = testing::NumberAt(root, {"waf"});
    return r;
  }
};

TEST_F(TimedStaticWearLeveling, NarrowsTheEraseSpreadToTheThresholdAndCountsItsMoves) {
  const Result off = Run(true, false);
  const Result on = Run(true, true);
  const Result neither = Run(false, false);
  const Result static_only = Run(false, true);
  // The comparison the wear-levelling lesson can show (erase spread, WAF).
  std::printf(
      "teaching-slc-tiny, 90 %% full, hot/cold 90/10, 1 GiB, static threshold %u:\n"
      "  no wear levelling      spread %3.0f  WAF %.3f\n"
      "  dynamic only           spread %3.0f  WAF %.3f\n"
      "  static only            spread %3.0f  WAF %.3f  (%.0f moves, %.0f units)\n"
      "  dynamic + static       spread %3.0f  WAF %.3f  (%.0f moves, %.0f units)\n",
      kThreshold, neither.spread, neither.waf, off.spread, off.waf, static_only.spread,
      static_only.waf, static_only.moves, static_only.moved_units, on.spread, on.waf, on.moves,
      on.moved_units);

  // Without static wear levelling the cold blocks keep their counts.
  EXPECT_EQ(off.moves, 0);
  EXPECT_EQ(off.wl_programs, 0);
  EXPECT_GT(off.spread, 4 * kThreshold);        // measured 37
  EXPECT_GT(neither.spread, 1.5 * off.spread);  // measured 69: dynamic WL halves it
  // With it the spread stays at the threshold (the rule is per plane; the
  // two planes wear alike here).
  EXPECT_LE(on.spread, kThreshold + 2);  // measured 8
  EXPECT_LE(static_only.spread, kThreshold + 2);
  // Its moves are counted: in static_wear_leveling and by cause in nand.
  EXPECT_GT(on.moves, 100);
  EXPECT_GT(on.moved_units, 40 * on.moves);  // cold blocks: mostly valid data
  EXPECT_EQ(on.wl_erases, on.moves);
  EXPECT_GE(on.wl_programs, on.moved_units);         // a wordline whose unit was rewritten
  EXPECT_LE(on.wl_programs, on.moved_units * 1.01);  // meanwhile is still programmed
  // Its cost: the moves add on.moved_units of programs, yet the WAF falls
  // (cold data parked in blocks of its own stops riding along in GC's
  // victims): measured 2.477 -> 2.219.
  EXPECT_LT(on.waf, off.waf);
}

}  // namespace
}  // namespace flashscope
