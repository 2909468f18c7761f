// The figures the SLC scenarios' descriptions (public/scenarios/slc-*.json)
// quote are what the simulator gives: each scenario runs as
// `flashscope run --scenario FILE --json`, and each quoted figure is checked
// against the result with a stated tolerance. Each check also asserts that
// the description still quotes the figure, so a text edit cannot drift from
// the numbers unnoticed (issue 19: "the 75 %-full scenario's text says
// ~100 MB/s while its chart shows 212"). The cliff's speed after is the
// core's slc.cliff.write_mbps_after, the figure the app's annotation shows:
// exact, from the burst tracker (metrics/burst_tracker.h).
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "scenario/cli_json_for_test.h"
#include "util/json.h"

namespace flashscope {
namespace {

std::string ScenarioPath(const std::string& name) {
  return std::string(FLASHSCOPE_REPO_ROOT) + "/public/scenarios/" + name + ".json";
}

std::string Description(const std::string& name) {
  std::ifstream in(ScenarioPath(name));
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  return json::Parse(text, ScenarioPath(name)).Find("description")->as_string();
}

json::Value RunScenario(const std::string& name) {
  const std::string root = FLASHSCOPE_REPO_ROOT;
  return testing::RunCliJson(
      "run --scenario " + ScenarioPath(name) + " --presets " + root + "/public/presets/devices",
      name);
}

double SlcFigure(const json::Value& result, const char* key) {
  return result.Find("slc")->Find(key)->as_number();
}

double CliffFigure(const json::Value& result, const char* key) {
  const json::Value* cliff = result.Find("slc")->Find("cliff");
  if (cliff == nullptr || !cliff->is_object()) {
    ADD_FAILURE() << "no slc.cliff";
    return 0;
  }
  return cliff->Find(key)->as_number();
}

enum class Figure {
  kCliffBefore,
  kCliffAfter,
  kCliffAtBytes,
  kCacheAtStartBytes,
  kBurst2CacheBytes,  // slc.bursts[1].cache_bytes: the cache the second burst found
  kBurst3CacheBytes,
};

double BurstCacheBytes(const json::Value& result, size_t index) {
  const json::Value* bursts = result.Find("slc")->Find("bursts");
  if (bursts == nullptr || bursts->items().size() <= index) {
    ADD_FAILURE() << "no slc.bursts[" << index << "]";
    return 0;
  }
  return bursts->items()[index].Find("cache_bytes")->as_number();
}

struct Claim {
  std::string quote;  // as the description words it
  Figure figure;
  double quoted;     // the figure the quote states, in MB/s or bytes
  double tolerance;  // relative
};

double Measured(const json::Value& result, Figure figure) {
  switch (figure) {
    case Figure::kCliffBefore:
      return CliffFigure(result, "write_mbps_before");
    case Figure::kCliffAfter:
      return CliffFigure(result, "write_mbps_after");
    case Figure::kCliffAtBytes:
      return CliffFigure(result, "host_written_bytes");
    case Figure::kCacheAtStartBytes:
      return SlcFigure(result, "capacity_bytes_at_start");
    case Figure::kBurst2CacheBytes:
      return BurstCacheBytes(result, 1);
    case Figure::kBurst3CacheBytes:
      return BurstCacheBytes(result, 2);
  }
  return 0;
}

void CheckClaims(const std::string& name, const std::vector<Claim>& claims) {
  const std::string description = Description(name);
  const json::Value result = RunScenario(name);
  for (const Claim& claim : claims) {
    EXPECT_NE(description.find(claim.quote), std::string::npos)
        << name << ": the description no longer quotes \"" << claim.quote << "\"";
    const double measured = Measured(result, claim.figure);
    EXPECT_NEAR(measured, claim.quoted, claim.tolerance * claim.quoted)
        << name << ": \"" << claim.quote << "\" but the run gives " << measured;
  }
}

constexpr double kGB = 1e9;

// 1 MiB sequential writes at QD64 on the 665p-like QLC drive: pSLC speed,
// where the cliff comes (the cache shrinks with the fill) and the speed after.
TEST(ScenarioTextClaims, SlcCliffFill25) {
  CheckClaims("slc-cliff-fill25", {{"pSLC speed (~1.8 GB/s)", Figure::kCliffBefore, 1800, 0.05},
                                   {"drop to ~100 MB/s", Figure::kCliffAfter, 100, 0.08},
                                   {"~110 GB at 25 %", Figure::kCliffAtBytes, 110 * kGB, 0.05}});
}

TEST(ScenarioTextClaims, SlcCliffFill50) {
  CheckClaims("slc-cliff-fill50", {{"pSLC speed (~1.8 GB/s)", Figure::kCliffBefore, 1800, 0.05},
                                   {"drop to ~100 MB/s", Figure::kCliffAfter, 100, 0.08},
                                   {"~60 GB at 50 %", Figure::kCliffAtBytes, 60 * kGB, 0.05}});
}

TEST(ScenarioTextClaims, SlcCliffFill75) {
  CheckClaims("slc-cliff-fill75",
              {{"pSLC speed (~1.8 GB/s)", Figure::kCliffBefore, 1800, 0.05},
               {"drop to ~100 MB/s", Figure::kCliffAfter, 100, 0.08},
               {"~12 GB (the static part) at 75 %", Figure::kCliffAtBytes, 12 * kGB, 0.05}});
}

// The 970 EVO-like drive's 22 GB TurboWrite, its first burst's cliff, and
// the cache the later bursts find after 5 s and 30 s idle.
TEST(ScenarioTextClaims, SlcBurstIdleRecovery) {
  CheckClaims("slc-burst-idle-recovery",
              {{"(22 GB TurboWrite)", Figure::kCacheAtStartBytes, 22 * kGB, 0.03},
               {"(~2.3 GB/s to", Figure::kCliffBefore, 2300, 0.05},
               {"to ~600 MB/s)", Figure::kCliffAfter, 600, 0.08},
               {"finds ~2.7 GB of cache", Figure::kBurst2CacheBytes, 2.7 * kGB, 0.05},
               {"the third finds ~16 GB", Figure::kBurst3CacheBytes, 16 * kGB, 0.05}});
}

// Half-full qlc-128g-slc under 4 KiB random writes: the cache left at this
// fill, how far it shrinks before the first cliff, and the speed before.
TEST(ScenarioTextClaims, SlcRandom4kFluctuation) {
  CheckClaims("slc-random-4k-fluctuation",
              {{"(~9.5 GB, shrinking", Figure::kCacheAtStartBytes, 9.5 * kGB, 0.03},
               {"shrinking to ~7.6 GB", Figure::kCliffAtBytes, 7.6 * kGB, 0.03},
               {"the steady 1.8 GB/s before", Figure::kCliffBefore, 1800, 0.05}});
}

}  // namespace
}  // namespace flashscope
