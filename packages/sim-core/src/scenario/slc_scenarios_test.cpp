// The SLC-cache scenarios in public/scenarios (slc-*.json) reproduce the
// seeds' experiments: each runs as `flashscope run --scenario FILE --json`
// and shows its effect in numbers — the cliff earlier on a fuller drive
// (seed 000 Fig. 4), random-write throughput swinging once the cache is full
// (Fig. 5), fresh data read from SLC faster than aged data from QLC (Fig. 7),
// IOPS rising then falling as seed 003's persistent cache builds and the SLC
// fills, and a cache that recovers more the longer the drive idles.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "scenario/cli_json_for_test.h"
#include "util/json.h"

namespace flashscope {
namespace {

constexpr double kGiB = 1073741824.0;

// Runs a scenario of the repository with its presets and returns the result.
json::Value RunScenario(const std::string& name, const std::string& extra_args = "") {
  const std::string root = FLASHSCOPE_REPO_ROOT;
  return testing::RunCliJson("run --scenario " + root + "/public/scenarios/" + name +
                                 ".json --presets " + root + "/public/presets/devices " +
                                 extra_args,
                             name);
}

std::vector<double> Column(const json::Value& series, const char* name) {
  std::vector<double> values;
  const json::Value* column = series.Find(name);
  if (column == nullptr) {
    ADD_FAILURE() << "series has no column " << name;
    return values;
  }
  for (const json::Value& v : column->items()) values.push_back(v.as_number());
  return values;
}

double Mean(const std::vector<double>& v, size_t from, size_t to) {
  to = std::min(to, v.size());
  if (from >= to) return 0;
  double sum = 0;
  for (size_t i = from; i < to; ++i) sum += v[i];
  return sum / static_cast<double>(to - from);
}

const json::Value& Job(const json::Value& result, size_t index) {
  return result.Find("jobs")->items().at(index);
}

// Seed 000 Fig. 4: the fuller the QLC drive, the sooner sequential writes
// fall off the SLC cliff. The 665p-like drive's dynamic cache shrinks from
// 25 % to 75 % full (and with the data this very write adds): the cache is
// 140 GB - 0.256 x written at 25 % (cliff at ~111 GB), 76 GB - 0.256 x at
// 50 % (~60 GB), and the 12 GB static part alone at 75 %.
TEST(SlcScenarios, CliffComesEarlierOnAFullerDrive) {
  double cliff_bytes[3];
  const int fills[3] = {25, 50, 75};
  const double expected_cliff_bytes[3] = {111.5e9, 60.5e9, 12e9};
  for (int i = 0; i < 3; ++i) {
    const std::string name = "slc-cliff-fill" + std::to_string(fills[i]);
    const json::Value result = RunScenario(name);
    const json::Value* cliff = result.Find("slc")->Find("cliff");
    ASSERT_TRUE(cliff != nullptr && cliff->is_object()) << name << ": no cliff";
    cliff_bytes[i] = cliff->Find("host_written_bytes")->as_number();
    EXPECT_NEAR(cliff_bytes[i], expected_cliff_bytes[i], 0.15 * expected_cliff_bytes[i]) << name;
    const double before = cliff->Find("write_mbps_before")->as_number();
    // Host MB/s from the cliff to the end of the job (fold-then-write stalls
    // whole 100 ms intervals, so the series' own after-cliff mean is not used).
    const double after =
        (result.Find("host")->Find("write_bytes")->as_number() -
         cliff->Find("host_written_bytes")->as_number()) /
        ((Job(result, 0).Find("end_ms")->as_number() - cliff->Find("t_ms")->as_number()) / 1e3) /
        1e6;
    EXPECT_NEAR(before, 1800, 270) << name;  // pSLC speed
    EXPECT_NEAR(after, 100, 30) << name;     // folding into QLC: the collapse
  }
  EXPECT_GT(cliff_bytes[0], 1.5 * cliff_bytes[1]);
  EXPECT_GT(cliff_bytes[1], 3 * cliff_bytes[2]);
}

// Seed 000 Fig. 5: 4 KiB random writes on a half-full QLC drive. In the
// cache they run at a steady pSLC rate; once the cache is full, the folding
// that frees SLC blocks holding more or less valid data makes the per-100 ms
// throughput swing.
TEST(SlcScenarios, RandomWritesFluctuateOnceTheCacheIsFull) {
  const json::Value result = RunScenario("slc-random-4k-fluctuation");
  const json::Value* cliff = result.Find("slc")->Find("cliff");
  ASSERT_TRUE(cliff != nullptr && cliff->is_object()) << "the random writes never filled the cache";
  const double cliff_ms = cliff->Find("t_ms")->as_number();
  const json::Value& series = *result.Find("series");
  const std::vector<double> t_ms = Column(series, "t_ms");
  const std::vector<double> mbps = Column(series, "write_mbps");
  std::vector<double> before, after;
  for (size_t i = 0; i + 1 < t_ms.size(); ++i) {  // the last interval is partial
    (t_ms[i] < cliff_ms ? before : after).push_back(mbps[i]);
  }
  ASSERT_GE(before.size(), 5u);
  ASSERT_GE(after.size(), 20u);
  const auto cv = [](const std::vector<double>& v) {
    const double mean = Mean(v, 0, v.size());
    double square = 0;
    for (double x : v) square += (x - mean) * (x - mean);
    return std::sqrt(square / static_cast<double>(v.size())) / mean;
  };
  // Steady in the cache; after it, stalls while pSLC blocks with valid data
  // fold, ~45 MB/s stretches and short pSLC-speed bursts.
  EXPECT_LT(cv(before), 0.15);
  EXPECT_GT(cv(after), 0.5);
  EXPECT_LT(Mean(after, 0, after.size()), 0.2 * Mean(before, 0, before.size()));
  EXPECT_GT(*std::max_element(after.begin(), after.end()), 0.5 * Mean(before, 0, before.size()));
}

// Seed 000 Fig. 7: reading just-written data (still in pSLC) is faster than
// reading aged data (already folded into QLC): p50 58 us vs 128 us there.
TEST(SlcScenarios, FreshDataReadsFasterThanAgedData) {
  const json::Value result = RunScenario("slc-read-fresh-vs-aged");
  const double fresh_p50 =
      Job(result, 1).Find("latency_us")->Find("read")->Find("p50")->as_number();
  const double aged_p50 = Job(result, 2).Find("latency_us")->Find("read")->Find("p50")->as_number();
  EXPECT_NEAR(fresh_p50, 58, 0.15 * 58);
  EXPECT_NEAR(aged_p50, 128, 0.15 * 128);
  const json::Value& by_mode = *result.Find("slc")->Find("read_latency_us");
  EXPECT_LT(by_mode.Find("slc")->Find("p50")->as_number(),
            0.6 * by_mode.Find("native")->Find("p50")->as_number());
  EXPECT_GT(by_mode.Find("slc")->Find("count")->as_number(), 10000);
  EXPECT_GT(by_mode.Find("native")->Find("count")->as_number(), 10000);
}

// Seed 003: after the SLC cache was filled once and the drive idled 10
// minutes, a 4 KiB QD1 70/30 mix on a 1 GB file starts with the file in TLC;
// IOPS rise as rewritten parts of it sit in SLC, then fall once the SLC is
// full and writes go straight to TLC.
TEST(SlcScenarios, PersistentCacheIopsRiseThenFall) {
  // 10 s windows of 100 ms points over a run of more than 4096 points: the
  // interval is forced so the series is not coarsened.
  const json::Value result =
      RunScenario("slc-persistent-cache", "--events --series-interval-ms 100");
  const json::Value& slc = *result.Find("slc");
  EXPECT_GE(slc.Find("persistent_flushes")->as_number(), 1);
  const json::Value& mix = Job(result, 2);
  // Ten minutes of idle emptied the cache, persistent part included.
  EXPECT_LT(Column(*mix.Find("series"), "slc_static_bytes").front(), 0.1e9);
  const std::vector<double> iops = Column(*mix.Find("series"), "iops");
  ASSERT_GE(iops.size(), 3000u);  // 400 s in 100 ms intervals
  // 10 s windows: the first, the best, and the last.
  const size_t window = 100;
  const double first = Mean(iops, 0, window);
  double best = 0;
  size_t best_at = 0;
  for (size_t i = 0; i + window <= iops.size(); i += window / 2) {
    const double m = Mean(iops, i, i + window);
    if (m > best) best = m, best_at = i;
  }
  const double last = Mean(iops, iops.size() - 1 - window, iops.size() - 1);
  EXPECT_GT(best, 1.3 * first) << "IOPS should rise as the file's data moves into SLC";
  EXPECT_LT(last, 0.9 * best) << "IOPS should fall once the SLC cache is full";
  EXPECT_GT(best_at, window) << "the peak comes after the start";
  EXPECT_LT(best_at + window, iops.size() - window) << "the peak comes before the end";
  // The first cliff of the run is the 8 GB fill; the mix fills the cache again.
  int exhausted = 0;
  for (const json::Value& e : result.Find("events")->items()) {
    exhausted += e.Find("kind")->as_string() == "cache_exhausted";
  }
  EXPECT_GE(exhausted, 2);
}

// Burst, idle, burst: the longer the idle, the more of the cache idle
// migration has folded away, and the more the next burst writes at pSLC
// speed before its cliff.
TEST(SlcScenarios, CacheRecoversMoreAfterLongerIdle) {
  const json::Value result = RunScenario("slc-burst-idle-recovery", "--events");
  const double burst_bytes = 26 * kGiB;
  std::vector<double> cache_per_burst(3, -1);
  for (const json::Value& e : result.Find("events")->items()) {
    if (e.Find("kind")->as_string() != "cache_exhausted") continue;
    const double written = e.Find("host_written_bytes")->as_number();
    const size_t burst = static_cast<size_t>(written / burst_bytes);
    if (burst < 3 && cache_per_burst[burst] < 0) {
      cache_per_burst[burst] = written - burst * burst_bytes;
    }
  }
  EXPECT_NEAR(cache_per_burst[0], 22e9, 0.15 * 22e9);     // the whole TurboWrite cache
  EXPECT_GT(cache_per_burst[1], 0);                       // 5 s idle freed some of it...
  EXPECT_GT(cache_per_burst[2], 2 * cache_per_burst[1]);  // ... 30 s idle much more
}

}  // namespace
}  // namespace flashscope
