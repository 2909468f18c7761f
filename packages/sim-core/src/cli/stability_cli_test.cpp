// `flashscope stability` as a user meets it: the JSON keys of issue 7 with
// a greedy-GC drive reaching SNIA steady state, the text table, the
// measurement file and QoS flags, and clear errors for garbage flags
// (exit status 2, one message naming the flag or the file and line).
#include <gtest/gtest.h>

#include <string>

#include "scenario/cli_json_for_test.h"
#include "util/json.h"

namespace flashscope {
namespace {

using Output = testing::CliOutput;
using testing::kSmallDevice;
using StabilityCli = testing::CliTest;

TEST_F(StabilityCli, GreedyDriveReachesSteadyStateWithANumericCv) {
  const json::Value r = Json(Run("stability --device " + Write("d.json", kSmallDevice) +
                                 " --set gc.victim=greedy --json"));
  for (const char* key : {"rounds", "steady_state", "cv", "consistency", "qos", "latency_us",
                          "series", "precondition", "iops_intervals"}) {
    EXPECT_NE(r.Find(key), nullptr) << key;
  }
  const json::Value& ss = *r.Find("steady_state");
  ASSERT_TRUE(ss.Find("reached")->as_bool());
  const double round = ss.Find("round")->as_number();
  EXPECT_GE(round, 5);
  EXPECT_LE(round, 25);
  const json::Value& window = *ss.Find("window");
  ASSERT_EQ(window.items().size(), 2u);
  EXPECT_EQ(window.items()[0].as_number(), round - 4);
  EXPECT_EQ(window.items()[1].as_number(), round);
  EXPECT_LE(ss.Find("range_fraction")->as_number(), 0.20);
  EXPECT_LE(ss.Find("slope_excursion_fraction")->as_number(), 0.10);

  const json::Value& rounds = *r.Find("rounds");
  ASSERT_EQ(rounds.items().size(), static_cast<size_t>(round));
  for (const json::Value& entry : rounds.items()) {
    for (const char* key : {"round", "iops", "read_iops", "write_iops", "read_p99_us",
                            "read_p999_us", "write_p99_us", "write_p999_us", "waf"}) {
      EXPECT_TRUE(entry.Find(key) != nullptr && entry.Find(key)->is_number()) << key;
    }
  }
  // The seed's two passes of random writes before the rounds: the drive is
  // in GC from the first round (a fresh one would write with WAF ~1).
  const json::Value& pre = *r.Find("precondition");
  ASSERT_TRUE(pre.Find("random")->is_object());
  EXPECT_EQ(pre.Find("random")->Find("bytes")->as_number(), 2 * (80 << 20));
  EXPECT_GT(rounds.items()[0].Find("waf")->as_number(), 3);

  // The rule the run was judged by and the window's WAF, as the Stability
  // tab shows them (issue 28: it typed the limits and computed the WAF).
  EXPECT_EQ(ss.Find("window_rounds")->as_number(), 5);
  EXPECT_EQ(ss.Find("max_range_fraction")->as_number(), 0.20);
  EXPECT_EQ(ss.Find("max_slope_excursion_fraction")->as_number(), 0.10);
  double window_waf = 0;
  for (const json::Value& entry : rounds.items()) {
    if (entry.Find("in_window")->as_bool()) window_waf += entry.Find("waf")->as_number() / 5;
  }
  ASSERT_TRUE(r.Find("window_waf")->is_number());
  // (Each round's WAF is printed to 7 significant digits.)
  EXPECT_NEAR(r.Find("window_waf")->as_number(), window_waf, 1e-6 * window_waf);
  EXPECT_GT(window_waf, 3);

  ASSERT_TRUE(r.Find("cv")->is_number());
  EXPECT_GT(r.Find("cv")->as_number(), 0);
  EXPECT_LT(r.Find("cv")->as_number(), 1);
  ASSERT_TRUE(r.Find("consistency")->is_number());
  // It may be 0 (a 10 ms interval that completed nothing: keeping its GC
  // reserve, the tiny drive makes the host wait whole GC runs), never above 1.
  EXPECT_LE(r.Find("consistency")->as_number(), 1);

  const json::Value& qos = *r.Find("qos");
  EXPECT_EQ(qos.Find("read_limit_us")->as_number(), 1000);  // seed 001's limits
  EXPECT_EQ(qos.Find("write_limit_us")->as_number(), 200);
  EXPECT_TRUE(qos.Find("percentile")->is_null());  // the seed checks the mean
  EXPECT_EQ(qos.Find("statistic")->as_string(), "mean");
  EXPECT_TRUE(qos.Find("read_us")->is_number());
  EXPECT_TRUE(qos.Find("write_us")->is_number());
  EXPECT_EQ(qos.Find("pass")->as_bool(),
            qos.Find("read_us")->as_number() <= 1000 && qos.Find("write_us")->as_number() <= 200);

  for (const char* op : {"read", "write"}) {
    const json::Value& lat = *r.Find("latency_us")->Find(op);
    EXPECT_GT(lat.Find("count")->as_number(), 0) << op;
    EXPECT_LE(lat.Find("p50")->as_number(), lat.Find("p99")->as_number()) << op;
    EXPECT_LE(lat.Find("p99")->as_number(), lat.Find("p999")->as_number()) << op;
    EXPECT_LE(lat.Find("p999")->as_number(), lat.Find("p9999")->as_number()) << op;
  }

  const json::Value& series = *r.Find("series");
  const size_t points = series.Find("t_ms")->items().size();
  EXPECT_GT(points, 0u);
  EXPECT_EQ(series.Find("iops")->items().size(), points);
  EXPECT_EQ(series.Find("round")->items().size(), points);
  size_t in_window = 0;
  for (const json::Value& v : series.Find("in_window")->items()) in_window += v.as_bool();
  EXPECT_EQ(in_window, r.Find("iops_intervals")->Find("samples")->as_number());
}

TEST_F(StabilityCli, TextTableWithoutJson) {
  const Output out = Run("stability --device " + Write("d.json", kSmallDevice) + " --rounds-max 6");
  ASSERT_EQ(out.status, 0) << out.err;
  EXPECT_NE(out.out.find("round  end ms"), std::string::npos) << out.out;
  EXPECT_NE(out.out.find("steady state: "), std::string::npos) << out.out;
  EXPECT_NE(out.out.find("CV of IOPS: "), std::string::npos) << out.out;
  EXPECT_NE(out.out.find("QoS (mean): "), std::string::npos) << out.out;
}

TEST_F(StabilityCli, MeasureFileRoundsMaxAndQosFlags) {
  const std::string fio = Write("m.fio",
                                "[mix]\nrw=randrw\nrwmixread=50\nbs=4k\niodepth=16\n"
                                "number_ios=1500\n");
  const json::Value r =
      Json(Run("stability --device " + Write("d.json", kSmallDevice) + " --fio " + fio +
               " --rounds-max 4 --qos-read-us 1e6 --qos-write-us 1e6"
               " --qos-percentile 99.9 --series-interval-ms 5 --json"));
  EXPECT_EQ(r.Find("workload")->as_string(), fio);
  EXPECT_EQ(r.Find("rounds")->items().size(), 4u);  // fewer than a window: not reached
  EXPECT_FALSE(r.Find("steady_state")->Find("reached")->as_bool());
  EXPECT_TRUE(r.Find("steady_state")->Find("round")->is_null());
  const json::Value& qos = *r.Find("qos");
  EXPECT_EQ(qos.Find("percentile")->as_number(), 99.9);
  EXPECT_EQ(qos.Find("statistic")->as_string(), "p99.9");
  EXPECT_TRUE(qos.Find("pass")->as_bool());  // a one-second limit
  EXPECT_EQ(r.Find("series")->Find("interval_ms")->as_number(), 5);
}

TEST_F(StabilityCli, CompareRunsTheFiveVariantsSideBySideAsJson) {
  // A paced measurement on the small drive with 128 blocks per plane (so
  // background GC keeps more free blocks than foreground GC), after one
  // capacity of random preconditioning.
  const std::string fio = Write("paced.fio",
                                "[paced]\nrw=randrw\nrwmixread=70\nbs=4k\niodepth=32\nnorandommap\n"
                                "rate_iops=1000\n");
  const json::Value r = Json(Run("stability --device " + Write("d.json", kSmallDevice) +
                                 " --set geometry.blocks_per_plane=128"
                                 " --set geometry.page_bytes=4096 --fio " +
                                 fio + " --random-precondition 1 --compare --json"));
  const json::Value& variants = *r.Find("variants");
  ASSERT_EQ(variants.items().size(), 5u);
  const char* names[] = {"baseline", "cost_benefit", "no_background_gc", "suspend", "enterprise"};
  for (size_t i = 0; i < 5; ++i) {
    const json::Value& v = variants.items()[i];
    EXPECT_EQ(v.Find("name")->as_string(), names[i]);
    EXPECT_FALSE(v.Find("label")->as_string().empty());
    // Each variant states all four settings it compares (suspend as two).
    ASSERT_EQ(v.Find("overrides")->items().size(), 5u) << names[i];
    EXPECT_EQ(v.Find("workload")->as_string(), fio);
    // The keys of a single run, and the random preconditioning it did.
    for (const char* key : {"rounds", "steady_state", "cv", "consistency", "qos", "latency_us",
                            "series", "iops_intervals", "window_waf"}) {
      EXPECT_NE(v.Find(key), nullptr) << names[i] << " " << key;
    }
    const json::Value& random = *v.Find("precondition")->Find("random");
    EXPECT_EQ(random.Find("bytes")->as_number(), 80 << 20) << names[i];
    EXPECT_GT(v.Find("window_waf")->as_number(), 3) << names[i];  // not a fresh drive
  }
  EXPECT_EQ(variants.items()[2].Find("overrides")->items()[1].as_string(), "gc.background=false");
  EXPECT_EQ(variants.items()[0].Find("overrides")->items()[2].as_string(), "gc.pacing=none");
  EXPECT_EQ(variants.items()[4].Find("overrides")->items()[2].as_string(),
            "gc.pacing=proportional");
  const auto read_p999 = [&](size_t i) {
    return variants.items()[i].Find("latency_us")->Find("read")->Find("p999")->as_number();
  };
  const auto waf = [&](size_t i) { return variants.items()[i].Find("window_waf")->as_number(); };
  // Suspend: reads stop waiting out programs and erases (12.9 ms -> 0.36 ms
  // at seed 1); background GC's bigger reserve costs WAF (5.5 vs 3.9).
  EXPECT_LT(read_p999(3), 0.1 * read_p999(0));
  EXPECT_GT(waf(0), 1.2 * waf(2));
  // Paced, preconditioned, 128 blocks per plane: nothing to warn about.
  EXPECT_TRUE(r.Find("notes")->items().empty());
}

TEST_F(StabilityCli, CompareTableSaysWhenBackgroundGcCannotRun) {
  const Output out =
      Run("stability --device " + Write("d.json", kSmallDevice) + " --rounds-max 6 --compare");
  ASSERT_EQ(out.status, 0) << out.err;
  EXPECT_NE(out.out.find("variant               rounds  steady  mean IOPS  CV"), std::string::npos)
      << out.out;
  for (const char* label : {"greedy, bg GC", "cost-benefit GC", "no background GC", "P/E suspend",
                            "enterprise: paced GC", "gc.background=false", "suspend.erase=true",
                            "gc.pacing=proportional"}) {
    EXPECT_NE(out.out.find(label), std::string::npos) << label << "\n" << out.out;
  }
  // The default measurement is closed-loop, and 32 blocks per plane round
  // both GC reserves to 2 blocks.
  EXPECT_NE(out.out.find("note: the measurement is closed-loop"), std::string::npos) << out.out;
  EXPECT_NE(out.out.find("same 2 free blocks per plane"), std::string::npos) << out.out;
}

TEST_F(StabilityCli, GarbageFlagsGiveClearErrors) {
  const std::string device = Write("d.json", kSmallDevice);
  const std::string bad_fio = Write("bad.fio", "[mix]\nrw=randrw\nfrobnicate=3\n");
  const struct {
    std::string args;
    std::string message;
  } cases[] = {
      {"stability --json", "stability needs --device"},
      {"stability --device " + device + " --rounds-max 0", "--rounds-max needs a whole number"},
      {"stability --device " + device + " --rounds-max 2.5", "--rounds-max needs a whole number"},
      {"stability --device " + device + " --rounds-max lots", "--rounds-max needs a number"},
      {"stability --device " + device + " --qos-read-us -5", "--qos-read-us needs a positive"},
      {"stability --device " + device + " --qos-write-us", "--qos-write-us needs a value"},
      {"stability --device " + device + " --qos-percentile 101", "--qos-percentile needs 0 < P"},
      {"stability --device " + device + " --series-interval-ms 0", "--series-interval-ms needs"},
      {"stability --device " + device + " --frobnicate", "unknown option '--frobnicate'"},
      {"stability --device " + device + " --random-precondition 11", "--random-precondition needs"},
      {"stability --device " + device + " --random-precondition -1", "--random-precondition needs"},
      {"stability --device " + device + " --compare --fio /nonexistent/m.fio",
       "/nonexistent/m.fio"},
      {"stability --device " + device + " --fio " + bad_fio, "bad.fio:3:"},
      {"stability --device " + device + " --fio /nonexistent/m.fio", "/nonexistent/m.fio"},
      {"stability --device " + device + " --set precondition.fill=1", "precondition.fill"},
      {"stability --device " + device + " --set gc.victim=nonsense", "nonsense"},
  };
  for (const auto& c : cases) {
    const Output out = Run(c.args);
    EXPECT_EQ(out.status, 2) << c.args << "\n" << out.err;
    EXPECT_NE(out.err.find(c.message), std::string::npos) << c.args << "\n" << out.err;
    EXPECT_TRUE(out.out.empty()) << c.args;
  }
}

}  // namespace
}  // namespace flashscope
