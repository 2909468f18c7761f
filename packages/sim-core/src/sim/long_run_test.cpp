// Runs of any length keep what they hold bounded (issue 14): a week of
// sparse I/O gives at most kSeriesMaxPoints series points that still add up
// to every request, and a run with more events than the log's ring reports
// the same stall totals as the full event stream.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "api/snapshot_meta.h"
#include "sim/simulator.h"
#include "sim/test_devices.h"
#include "util/json.h"
#include "util/rng.h"

namespace flashscope {
namespace {

using testing::ClosedLoop;
using testing::Io;
using testing::OpenLoop;
using testing::TinySlcDevice;

constexpr uint64_t kDayNs = 86'400'000'000'000;

// 2,000 4 KiB writes and reads at random instants over 7 days, like an MSR
// Cambridge volume (wdev_1: 1,055 requests over 6.9 days).
std::vector<HostIo> SparseWeek(uint32_t requests, uint64_t logical_units) {
  Rng rng(14);
  std::vector<uint64_t> arrivals(requests);
  for (uint64_t& t : arrivals) t = rng.Below(7 * kDayNs);
  std::sort(arrivals.begin(), arrivals.end());
  std::vector<HostIo> ios;
  for (uint32_t i = 0; i < requests; ++i) {
    ios.push_back(
        Io(i % 3 == 0 ? IoOp::kRead : IoOp::kWrite, rng.Below(logical_units), 1, arrivals[i]));
  }
  return ios;
}

TEST(LongRun, AWeekOfSparseIoKeepsAtMost4096PointsThatAddUpToEveryRequest) {
  const DeviceConfig device = TinySlcDevice(64, 64);
  const DeviceLayout layout = DeviceLayout::From(device);
  Simulator sim(device, OpenLoop(SparseWeek(2000, layout.logical_units)));
  sim.RunToCompletion();
  const TimeSeries& s = sim.series();
  // 7 days at 100 ms would be 6 million points; doubling the interval 11
  // times (100 ms x 2^11 = 204.8 s) keeps it between 2048 and 4096.
  EXPECT_LE(s.size(), kSeriesMaxPoints);
  EXPECT_GT(s.size(), kSeriesMaxPoints / 2);
  EXPECT_EQ(sim.series_interval_ns(), 100'000'000ull << 11);
  // The last point is the run's end, within a few days of simulated time.
  EXPECT_NEAR(s.t_ms.back() / 1e3 / 86400, 7.0, 0.01);
  EXPECT_EQ(s.t_ms.back(), sim.host().finished_at_ns() / 1e6);
  // Rates merged by duration still stand for every request: sum of
  // iops x duration is the 2,000 requests.
  double ios = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    ios += s.iops[i] * (s.t_ms[i] - (i == 0 ? 0 : s.t_ms[i - 1])) / 1e3;
  }
  EXPECT_NEAR(ios, 2000, 1e-6);
  EXPECT_EQ(s.host_write_bytes.back(), sim.host().host_write_bytes());
  // Points are strictly increasing in time.
  for (size_t i = 1; i < s.size(); ++i) ASSERT_LT(s.t_ms[i - 1], s.t_ms[i]) << i;
  // The job's own series is bounded the same way.
  EXPECT_LE(sim.host().metrics(0).series.size(), kSeriesMaxPoints);
}

// The live view follows the core through the frame meta: a frame after the
// core coarsened its series says series_reset and carries the whole series,
// so a view that replaces its points then holds what the core holds — never
// every resolution a week-long run passed through.
TEST(LongRun, FramesReplaceTheViewsSeriesWhenTheCoreCoarsensIt) {
  const DeviceConfig device = TinySlcDevice(64, 64);
  const DeviceLayout layout = DeviceLayout::From(device);
  Simulator sim(device, OpenLoop(SparseWeek(2000, layout.logical_units)));
  SnapshotMetaWriter writer;
  std::vector<double> view_t_ms;  // what the web's SeriesBuffer would hold
  uint32_t resets = 0;
  size_t longest_view = 0;
  double last_interval_ms = 0;
  for (uint32_t frame = 0; !sim.finished(); ++frame) {
    // Slices of six simulated hours, as the worker's time slices cover at full speed.
    sim.Advance(sim.now_ns() + 6 * 3'600'000'000'000, UINT64_MAX);
    const json::Value meta = json::Parse(writer.Write(sim, frame), "meta");
    if (meta.Find("series_reset")->as_bool()) {
      ++resets;
      view_t_ms.clear();
    }
    for (const json::Value& t : meta.Find("series")->Find("t_ms")->items()) {
      ASSERT_TRUE(view_t_ms.empty() || t.as_number() > view_t_ms.back());
      view_t_ms.push_back(t.as_number());
    }
    longest_view = std::max(longest_view, view_t_ms.size());
    last_interval_ms = meta.Find("series_interval_ms")->as_number();
  }
  // 11 doublings of the interval; those within one six-hour frame (the
  // first ones come minutes apart) share one re-send: 6 frames reset.
  EXPECT_EQ(sim.series().merges, 11u);
  EXPECT_EQ(resets, 6u);
  EXPECT_LE(longest_view, kSeriesMaxPoints);
  // The frames say the interval the core's points have now: 204.8 s at the end.
  EXPECT_EQ(last_interval_ms, 204'800);
  // The view ends on the run's last point and spans the week.
  ASSERT_FALSE(view_t_ms.empty());
  EXPECT_EQ(view_t_ms.back(), sim.series().t_ms.back());
  EXPECT_LE(view_t_ms.front(), 2 * 204.8e3);
}

TEST(LongRun, AForcedIntervalIsKept) {
  const DeviceConfig device = TinySlcDevice(64, 64);
  const DeviceLayout layout = DeviceLayout::From(device);
  SimOptions options;
  options.series_interval_ns = 60'000'000'000;  // a minute
  options.series_max_points = 0;
  Simulator sim(device, OpenLoop(SparseWeek(200, layout.logical_units)), options);
  sim.RunToCompletion();
  // 7 days of minutes: 10,080 points (the last one the run's end).
  EXPECT_NEAR(static_cast<double>(sim.series().size()), 10080, 1);
  EXPECT_EQ(sim.series_interval_ns(), 60'000'000'000u);
}

// A frame that covers more points than it may carry merges them (the
// worker's slices at full speed); a week of sparse I/O has few points with
// any. The merged mean latency is the mean over the merged points' I/Os,
// as the core merges its own points: the I/O-weighted latency of every
// frame adds up to the series', and a merged point has a latency exactly
// when one of its points had I/O (an average with the empty points' 0
// halved it, and the chart drew that).
TEST(LongRun, FramesMergeLatencyOverTheirIos) {
  const DeviceConfig device = TinySlcDevice(64, 64);
  const DeviceLayout layout = DeviceLayout::From(device);
  SimOptions options;
  options.series_interval_ns = 60'000'000'000;  // a minute
  options.series_max_points = 0;
  Simulator sim(device, OpenLoop(SparseWeek(200, layout.logical_units)), options);
  SnapshotMetaWriter writer;
  double frame_latency_ios = 0, frames_merged = 0, previous_ms = 0;
  for (uint32_t frame = 0; !sim.finished(); ++frame) {
    // Twelve hours a frame: 720 one-minute points, sent merged in threes.
    sim.Advance(sim.now_ns() + 12 * 3'600'000'000'000, UINT64_MAX);
    const json::Value meta = json::Parse(writer.Write(sim, frame), "meta");
    const json::Value& series = *meta.Find("series");
    const std::vector<json::Value>& t = series.Find("t_ms")->items();
    const std::vector<json::Value>& iops = series.Find("iops")->items();
    const std::vector<json::Value>& latency = series.Find("lat_mean_us")->items();
    frames_merged += t.size() < 720 && t.size() > 1;
    for (size_t i = 0; i < t.size(); ++i) {
      const double ios = iops[i].as_number() * (t[i].as_number() - previous_ms) / 1e3;
      previous_ms = t[i].as_number();
      EXPECT_EQ(ios > 1e-9, latency[i].as_number() > 0) << previous_ms;
      frame_latency_ios += latency[i].as_number() * ios;
    }
  }
  EXPECT_GT(frames_merged, 10);
  const TimeSeries& s = sim.series();
  double series_latency_ios = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    series_latency_ios +=
        s.lat_mean_us[i] * s.iops[i] * (s.t_ms[i] - (i ? s.t_ms[i - 1] : 0)) / 1e3;
  }
  EXPECT_GT(series_latency_ios, 0);
  EXPECT_NEAR(frame_latency_ios, series_latency_ios, series_latency_ios * 0.01);
}

// Buffer-full stalls on a drive kept busy by random writes: far more events
// than the ring keeps, yet the stall totals equal those summed over every
// event, as the report once did.
TEST(LongRun, StallTotalsEqualTheFullEventStream) {
  DeviceConfig device = TinySlcDevice(128, 64);
  device.write_buffer_bytes = 16 * 4096;
  device.precondition.fill = 1;
  const DeviceLayout layout = DeviceLayout::From(device);
  Rng rng(5);
  std::vector<HostIo> ios;
  for (uint32_t i = 0; i < 40'000; ++i)
    ios.push_back(Io(IoOp::kWrite, rng.Below(layout.logical_units)));
  std::vector<SimEvent> all;
  SimOptions options;
  options.on_event = [&all](const SimEvent& e) { all.push_back(e); };
  Simulator sim(device, ClosedLoop(ios, 32), options);
  sim.Precondition();
  sim.RunToCompletion();
  StallTotals expected;
  for (const SimEvent& e : all) {
    if (e.kind != SimEventKind::kStall) continue;
    const double ms = e.duration_ns / 1e6;
    ++expected.count;
    expected.wait_ms += ms;
    if (e.flag & 1) expected.gc_wait_ms += ms;
    if (e.flag & 2) expected.migration_wait_ms += ms;
  }
  const SimEventLog& log = sim.event_log();
  ASSERT_GT(all.size(), kRetainedEvents);
  EXPECT_EQ(log.total(), all.size());
  EXPECT_EQ(log.retained(), kRetainedEvents);
  EXPECT_GT(expected.count, 1000u);
  EXPECT_EQ(log.stalls().count, expected.count);
  EXPECT_EQ(log.stalls().wait_ms, expected.wait_ms);
  EXPECT_EQ(log.stalls().gc_wait_ms, expected.gc_wait_ms);
  EXPECT_EQ(log.count(SimEventKind::kStall), expected.count);
  // The ring holds the newest events, in order.
  EXPECT_EQ(log.At(log.total() - 1).time_ns, all.back().time_ns);
  EXPECT_EQ(log.At(log.oldest()).time_ns, all[all.size() - kRetainedEvents].time_ns);
  EXPECT_THROW(log.At(log.oldest() - 1), std::out_of_range);
}

}  // namespace
}  // namespace flashscope
