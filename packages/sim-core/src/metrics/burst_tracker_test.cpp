// The burst tracker from hand-made events: where bursts split, what a stall
// with I/O queued counts as, the figures either side of a cliff, and a
// fixed memory however many bursts a run has.
#include "metrics/burst_tracker.h"

#include <gtest/gtest.h>

namespace flashscope {
namespace {

constexpr uint64_t kMs = 1'000'000;
constexpr uint64_t kMiB = 1 << 20;

// One write of `bytes` issued at `at_ns`, completed `took_ns` later.
void Write(BurstTracker& t, uint64_t at_ns, uint64_t took_ns, uint64_t bytes) {
  t.OnIoIssued(at_ns);
  t.OnIoCompleted(at_ns + took_ns, bytes);
}

TEST(BurstTracker, AGapOfExactlyOneSecondWithNothingOutstandingSplitsBursts) {
  BurstTracker t;
  Write(t, 0, 10 * kMs, kMiB);           // idle from 10 ms
  Write(t, 1010 * kMs, 10 * kMs, kMiB);  // exactly 1 s later: a new burst
  Write(t, 2019 * kMs, 10 * kMs, kMiB);  // 999 ms later: the same burst
  ASSERT_EQ(t.bursts_total(), 2u);
  const Burst& first = t.bursts()[0];
  const Burst& second = t.bursts()[1];
  EXPECT_FALSE(first.idle_before_ns.has_value());
  EXPECT_EQ(first.end_ns, 10 * kMs);
  EXPECT_EQ(first.host_written_bytes(), kMiB);
  ASSERT_TRUE(second.idle_before_ns.has_value());
  EXPECT_EQ(*second.idle_before_ns, 1000 * kMs);
  EXPECT_EQ(second.start_ns, 1010 * kMs);
  EXPECT_EQ(second.end_ns, 2029 * kMs);
  EXPECT_EQ(second.host_written_bytes(), 2 * kMiB);
  EXPECT_TRUE(t.Ended(0, 2029 * kMs));
  EXPECT_FALSE(t.Ended(1, 2029 * kMs + 999 * kMs));
  EXPECT_TRUE(t.Ended(1, 2029 * kMs + 1000 * kMs));
}

// A fold-then-write stall: the host's requests wait 5 s for the drive, but
// they are outstanding all along, so the host is not idle.
TEST(BurstTracker, AStallWithIoOutstandingIsNotAGap) {
  BurstTracker t;
  t.OnIoIssued(0);
  t.OnIoIssued(0);
  t.OnIoCompleted(1 * kMs, kMiB);
  t.OnIoCompleted(5001 * kMs, kMiB);  // one request waited 5 s
  t.OnIoIssued(5001 * kMs);
  t.OnIoCompleted(5002 * kMs, kMiB);
  EXPECT_EQ(t.bursts_total(), 1u);
  EXPECT_EQ(t.bursts()[0].host_written_bytes(), 3 * kMiB);
  EXPECT_FALSE(t.Ended(0, 5002 * kMs + 999 * kMs));
}

// 1 GB/s until the cache runs out at 1 s, then 0.25 GB/s for 2 s; a read
// completes after the last write and does not stretch the burst's end.
TEST(BurstTracker, FiguresEitherSideOfTheCliffFromExactBytes) {
  BurstTracker t;
  constexpr uint64_t kChunk = 1'000'000;  // 1 MB per ms: 1000 MB/s
  for (uint64_t ms = 0; ms < 1000; ++ms) Write(t, ms * kMs, kMs, kChunk);
  t.OnCacheExhausted(1000 * kMs);
  for (uint64_t ms = 1000; ms < 3000; ms += 4) Write(t, ms * kMs, 4 * kMs, kChunk);
  Write(t, 3000 * kMs, 5 * kMs, 0);  // a read
  ASSERT_EQ(t.bursts_total(), 1u);
  const Burst& b = t.bursts()[0];
  EXPECT_TRUE(b.cache_exhausted);
  EXPECT_EQ(b.cliff_ns, 1000 * kMs);
  EXPECT_EQ(b.cache_bytes(), 1000 * kChunk);
  EXPECT_EQ(b.end_ns, 3000 * kMs);
  ASSERT_TRUE(b.mbps_before() && b.mbps_after());
  EXPECT_DOUBLE_EQ(*b.mbps_before(), 1000);
  EXPECT_DOUBLE_EQ(*b.mbps_after(), 250);
  // A second exhaustion in the same burst does not move its cliff.
  t.OnIoIssued(3010 * kMs);
  t.OnCacheRecovered();
  t.OnCacheExhausted(3020 * kMs);
  t.OnIoCompleted(3030 * kMs, kChunk);
  EXPECT_EQ(t.bursts()[0].cliff_ns, 1000 * kMs);
  ASSERT_NE(t.FirstCliffBurst(), nullptr);
  EXPECT_EQ(t.FirstCliffBurst()->cliff_ns, 1000 * kMs);
}

// The SLC-cliff lesson's shape: 1 MiB writes at 272 MB/s until the cliff,
// then one every 20 ms (52 MB/s), the first of them 0.8 ms past the cliff
// because the buffer had taken most of it in before. The after figure is
// withheld until 10 MiB (10 x the largest write) are written past the
// cliff, and is then at most 10 / 9 of the rate the writes after it keep.
TEST(BurstTracker, TheAfterFigureIsMeasuredOnlyOnceTenLargestWritesArePastTheCliff) {
  BurstTracker t;
  constexpr uint64_t kSlcWriteNs = 3'850'000;  // 1 MiB at 272 MB/s
  uint64_t now = 0;
  t.OnIoIssued(0);
  for (int i = 0; i < 64; ++i) t.OnIoCompleted(now += kSlcWriteNs, kMiB), t.OnIoIssued(now);
  t.OnCacheExhausted(now);
  const uint64_t cliff = now;
  t.OnIoCompleted(now += 800'000, kMiB);  // the write under way at the cliff
  t.OnIoIssued(now);
  const Burst& b = t.bursts()[0];
  ASSERT_TRUE(b.mbps_after().has_value());
  EXPECT_GT(*b.mbps_after(), 1300);  // "1.34 GB/s", after one write
  EXPECT_FALSE(b.after_measured());
  for (int written = 2; written <= 10; ++written) {
    t.OnIoCompleted(now += 20 * kMs, kMiB);
    t.OnIoIssued(now);
    EXPECT_EQ(b.after_measured(), written == 10) << written << " MiB past the cliff";
  }
  const double rate = kMiB * 1e3 / (20 * kMs);  // 52.4 MB/s
  EXPECT_GT(*b.mbps_after(), rate);
  EXPECT_LE(*b.mbps_after(), rate * 10 / 9);
  EXPECT_EQ(b.cliff_ns, cliff);
}

// The cache still exhausted when a burst starts (too little idle time for
// migration): that burst found no cache, its cliff is its start.
TEST(BurstTracker, ABurstStartingWithTheCacheExhaustedFoundNoCache) {
  BurstTracker t;
  Write(t, 0, kMs, kMiB);
  t.OnIoIssued(2 * kMs);
  t.OnCacheExhausted(2 * kMs);
  t.OnIoCompleted(3 * kMs, kMiB);
  Write(t, 2000 * kMs, kMs, kMiB);
  ASSERT_EQ(t.bursts_total(), 2u);
  const Burst& second = t.bursts()[1];
  EXPECT_TRUE(second.cache_exhausted);
  EXPECT_EQ(second.cliff_ns, 2000 * kMs);
  EXPECT_EQ(second.cache_bytes(), 0u);
  EXPECT_FALSE(second.mbps_before().has_value());
  ASSERT_TRUE(second.mbps_after().has_value());
  EXPECT_DOUBLE_EQ(*second.mbps_after(), kMiB * 1e3 / kMs);
}

// The burst / idle / burst shape: 2 s of writes, 5 s idle, a burst of reads
// and writes, 30 s idle, a third burst. Active time is the bursts' spans
// (reads count: a read completing last ends the span), idle the 35 s
// between; a gap under a second inside a burst is active time.
TEST(BurstTracker, ActiveTimeIsTheBurstsSpansAndIdleTheGapsBetweenThem) {
  BurstTracker t;
  EXPECT_EQ(t.ActiveNs(0), 0u);
  Write(t, 0, 2000 * kMs, kMiB);  // burst 1: 0 .. 2 s
  EXPECT_EQ(t.ActiveNs(5000 * kMs), 2000 * kMs);
  t.OnIoIssued(7000 * kMs);  // burst 2 after 5 s idle: a read ...
  t.OnIoCompleted(7500 * kMs, 0);
  t.OnIoIssued(7600 * kMs);  // ... 100 ms later a write to 9 s ...
  t.OnIoIssued(8000 * kMs);  // ... and a read completing last
  t.OnIoCompleted(9000 * kMs, kMiB);
  t.OnIoCompleted(9500 * kMs, 0);
  EXPECT_EQ(t.ActiveNs(20000 * kMs), 2000 * kMs + 2500 * kMs);
  EXPECT_EQ(t.IdleNs(), 5000 * kMs);
  t.OnIoIssued(39500 * kMs);  // burst 3 after 30 s idle, still going on at 40 s
  EXPECT_EQ(t.ActiveNs(40000 * kMs), 4500 * kMs + 500 * kMs);
  t.OnIoCompleted(40500 * kMs, kMiB);
  EXPECT_EQ(t.ActiveNs(90000 * kMs), 4500 * kMs + 1000 * kMs);
  EXPECT_EQ(t.IdleNs(), 35000 * kMs);
  ASSERT_EQ(t.bursts_total(), 3u);
  // Together they span the host's first arrival to its last completion.
  EXPECT_EQ(t.ActiveNs(90000 * kMs) + t.IdleNs(), 40500 * kMs);
}

TEST(BurstTracker, MoreBurstsThanTheBudgetKeepsTheCountAndAFixedMemory) {
  BurstTracker t;
  Write(t, 0, kMs, kMiB);
  const size_t capacity = t.bursts().capacity();
  const Burst* storage = t.bursts().data();
  constexpr uint64_t kBursts = 3 * BurstTracker::kMaxBursts + 5;
  for (uint64_t i = 1; i < kBursts; ++i) Write(t, i * 2000 * kMs, kMs, kMiB);
  EXPECT_EQ(t.bursts_total(), kBursts);
  EXPECT_EQ(t.bursts().size(), BurstTracker::kMaxBursts);
  EXPECT_EQ(t.bursts().capacity(), capacity);
  EXPECT_EQ(t.bursts().data(), storage);  // never reallocated
  EXPECT_EQ(t.bursts().back().start_ns, (BurstTracker::kMaxBursts - 1) * 2000 * kMs);
  // The burst going on past the budget is still tracked: it ends too.
  EXPECT_FALSE(t.Ended(kBursts - 1, (kBursts - 1) * 2000 * kMs + kMs));
  EXPECT_TRUE(t.Ended(kBursts - 1, (kBursts - 1) * 2000 * kMs + 1001 * kMs));
  // Active and idle time count every burst, kept or not: 1 ms each, the
  // rest of each 2 s idle.
  EXPECT_EQ(t.ActiveNs(kBursts * 2000 * kMs), kBursts * kMs);
  EXPECT_EQ(t.IdleNs(), (kBursts - 1) * 1999 * kMs);
}

}  // namespace
}  // namespace flashscope
