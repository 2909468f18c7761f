// WARCIP (Yang, Pei, Yan et al., "WARCIP: Write Amplification Reduction by
// Clustering I/O Pages", SYSTOR 2019), in the setting of seed 004 §4.2.1 (2):
// user writes are clustered by their rewrite interval in physical time (the
// time since the block's previous write), k-means style, into classes
// 1..N-1; GC relocations all go to class N.
//   - A rewrite joins the cluster whose centre is nearest its interval
//     (on a log2 scale: intervals span many decades) and moves that centre
//     towards it (running mean over the last ~1024 members).
//   - A first write has no interval yet: it joins the coldest cluster.
//   - Centres start spread evenly over the log range of the first 4096
//     intervals seen (their quantiles), before that over 1 µs .. 1000 s.
//   - D-SAM (dynamic split-and-merge), every 65536 user writes: when the
//     cluster with the largest squared error over the window holds more
//     than four times the error merging the two closest centres would
//     add, those two merge and the large one splits at mean +- one
//     standard deviation — the cluster count stays N-1 while the clusters
//     follow the workload.
#include <algorithm>
#include <cmath>

#include "zns/host_ftl/placement/impl/placements.h"
#include "zns/host_ftl/zns_host_ftl.h"

namespace flashscope::zns {

namespace {
constexpr double kMinLog = 10;  // log2(1 µs in ns)
constexpr double kMaxLog = 50;  // log2(~1e15 ns)
constexpr double kCentreMemory = 1024;
}  // namespace

WarcipPlacement::WarcipPlacement(const PlacementSetup& setup)
    : classes_(setup.classes),
      clusters_(std::clamp<uint32_t>(setup.classes > 1 ? setup.classes - 1 : 1, 1, kMaxClusters)),
      last_write_ns_(setup.logical_blocks, UINT64_MAX) {
  for (uint32_t k = 0; k < clusters_; ++k) {
    centers_[k] = kMinLog + (kMaxLog - kMinLog) * (k + 0.5) / clusters_;
  }
  seed_samples_.reserve(kSeedSamples);
}

uint32_t WarcipPlacement::Nearest(double x) const {
  uint32_t best = 0;
  for (uint32_t k = 1; k < clusters_; ++k) {
    if (std::fabs(x - centers_[k]) < std::fabs(x - centers_[best])) best = k;
  }
  return best;
}

void WarcipPlacement::SeedCenters() {
  std::sort(seed_samples_.begin(), seed_samples_.end());
  for (uint32_t k = 0; k < clusters_; ++k) {
    const size_t at = (seed_samples_.size() * (2 * k + 1)) / (2 * clusters_);
    centers_[k] = seed_samples_[std::min(at, seed_samples_.size() - 1)];
  }
  // Equal quantiles can coincide (many equal intervals): nudge apart so
  // every cluster stays reachable.
  for (uint32_t k = 1; k < clusters_; ++k) {
    centers_[k] = std::max(centers_[k], centers_[k - 1] + 0.25);
  }
  seeded_ = true;
  seed_samples_.clear();
  seed_samples_.shrink_to_fit();
}

void WarcipPlacement::SplitAndMerge() {
  if (clusters_ < 3) return;
  // Keep clusters ordered by centre, hot (short intervals) first.
  std::array<uint32_t, kMaxClusters> order{};
  for (uint32_t k = 0; k < clusters_; ++k) order[k] = k;
  std::sort(order.begin(), order.begin() + clusters_,
            [this](uint32_t a, uint32_t b) { return centers_[a] < centers_[b]; });
  auto sse = [this](uint32_t k) {
    const double n = static_cast<double>(window_count_[k]);
    return n ? window_sq_[k] - window_sum_[k] * window_sum_[k] / n : 0.0;
  };
  uint32_t widest = 0;
  for (uint32_t k = 1; k < clusters_; ++k) {
    if (sse(k) > sse(widest)) widest = k;
  }
  // The adjacent pair whose merge adds the least error (Ward's criterion).
  double best_cost = -1;
  uint32_t merge_a = 0, merge_b = 0;
  for (uint32_t i = 0; i + 1 < clusters_; ++i) {
    const uint32_t a = order[i], b = order[i + 1];
    if (a == widest || b == widest) continue;
    const double na = static_cast<double>(window_count_[a]);
    const double nb = static_cast<double>(window_count_[b]);
    const double gap = centers_[a] - centers_[b];
    const double cost = na + nb > 0 ? na * nb / (na + nb) * gap * gap : 0.0;
    if (best_cost < 0 || cost < best_cost) {
      best_cost = cost;
      merge_a = a;
      merge_b = b;
    }
  }
  if (best_cost >= 0 && sse(widest) > 4 * best_cost && window_count_[widest] > 1) {
    const double na = static_cast<double>(window_count_[merge_a]);
    const double nb = static_cast<double>(window_count_[merge_b]);
    centers_[merge_a] = na + nb > 0 ? (na * centers_[merge_a] + nb * centers_[merge_b]) / (na + nb)
                                    : (centers_[merge_a] + centers_[merge_b]) / 2;
    members_[merge_a] += members_[merge_b];
    const double n = static_cast<double>(window_count_[widest]);
    const double mean = window_sum_[widest] / n;
    const double sd = std::sqrt(std::max(sse(widest) / n, 0.0));
    centers_[widest] = mean - sd;
    centers_[merge_b] = mean + sd;
    members_[merge_b] = members_[widest] / 2;
    members_[widest] -= members_[merge_b];
  }
  window_count_.fill(0);
  window_sum_.fill(0);
  window_sq_.fill(0);
}

uint32_t WarcipPlacement::ClassFor(const PlacementInput& input) {
  if (classes_ == 1) return 0;
  if (input.gc) return classes_ - 1;
  uint64_t& last = last_write_ns_[input.block];
  const uint64_t previous = last;
  last = input.now_ns;
  if (previous == UINT64_MAX) {
    // No interval yet: the coldest cluster.
    uint32_t coldest = 0;
    for (uint32_t k = 1; k < clusters_; ++k) {
      if (centers_[k] > centers_[coldest]) coldest = k;
    }
    return coldest;
  }
  const double x = std::log2(static_cast<double>(input.now_ns - previous) + 1);
  if (!seeded_) {
    seed_samples_.push_back(x);  // reserved: no allocation
    if (seed_samples_.size() == kSeedSamples) SeedCenters();
  }
  const uint32_t k = Nearest(x);
  ++members_[k];
  centers_[k] += (x - centers_[k]) / std::min(static_cast<double>(members_[k]), kCentreMemory);
  ++window_count_[k];
  window_sum_[k] += x;
  window_sq_[k] += x * x;
  if (++window_writes_ % kWindowWrites == 0) SplitAndMerge();
  return k;
}

PlacementEntry WarcipPlacementEntry() {
  return {{"warcip", "WARCIP (rewrite intervals)", "Classes by the interval between rewrites", {}},
          [](const PlacementSetup& setup) -> std::unique_ptr<IPlacementPolicy> {
            return std::make_unique<WarcipPlacement>(setup);
          }};
}

}  // namespace flashscope::zns
