// The placement policies (one file each in this folder; seed 004 §4.2.1).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "zns/host_ftl/placement/i_placement.h"

namespace flashscope::zns {

// A FIFO of the last `kSize` lifetimes with their running sum (SepBIT's
// last 16 class-1 segments, BHB-DP's last M zones of a class).
class LifetimeWindow {
 public:
  static constexpr uint32_t kSize = 16;
  void Add(uint64_t lifetime);
  bool empty() const { return count_ == 0; }
  double mean() const { return count_ ? static_cast<double>(sum_) / count_ : 0.0; }

 private:
  std::array<uint64_t, kSize> values_{};
  uint32_t next_ = 0;
  uint32_t count_ = 0;
  uint64_t sum_ = 0;
};

class NormalPlacement final : public IPlacementPolicy {
 public:
  explicit NormalPlacement(const PlacementSetup& setup);
  uint32_t ClassFor(const PlacementInput& input) override;

 private:
  uint32_t classes_;
  uint32_t next_user_class_ = 0;
};

class SepBitPlacement final : public IPlacementPolicy {
 public:
  explicit SepBitPlacement(const PlacementSetup& setup);
  uint32_t ClassFor(const PlacementInput& input) override;
  void OnZoneReclaimed(uint32_t cls, uint64_t opened, uint64_t filled, uint64_t now) override;
  double threshold() const;  // l, infinity until a class-1 zone is reclaimed

 private:
  uint32_t classes_;
  LifetimeWindow class1_lifespans_;
};

class WarcipPlacement final : public IPlacementPolicy {
 public:
  explicit WarcipPlacement(const PlacementSetup& setup);
  uint32_t ClassFor(const PlacementInput& input) override;
  uint32_t clusters() const { return clusters_; }
  double center(uint32_t cluster) const { return centers_[cluster]; }

 private:
  static constexpr uint32_t kMaxClusters = 16;
  static constexpr uint32_t kSeedSamples = 4096;
  static constexpr uint32_t kWindowWrites = 65536;
  uint32_t Nearest(double x) const;
  void SeedCenters();
  void SplitAndMerge();

  uint32_t classes_;
  uint32_t clusters_;                    // user-write clusters: classes - 1 (the last is GC's)
  std::vector<uint64_t> last_write_ns_;  // per block; UINT64_MAX = never
  std::array<double, kMaxClusters> centers_{};    // log2 of the rewrite interval (ns)
  std::array<uint64_t, kMaxClusters> members_{};  // assigned so far
  std::array<uint64_t, kMaxClusters> window_count_{};
  std::array<double, kMaxClusters> window_sum_{};
  std::array<double, kMaxClusters> window_sq_{};
  std::vector<double> seed_samples_;
  bool seeded_ = false;
  uint64_t window_writes_ = 0;
};

struct BlockHeatParams {
  uint32_t default_heat = 5;   // C
  uint64_t refresh_after = 0;  // R1 (logical time)
  uint64_t coldest_after = 0;  // R2 > R1
};

class BhbDpPlacement final : public IPlacementPolicy {
 public:
  // `lifetime_check` false: BHB-DP_pre (write frequencies only).
  BhbDpPlacement(const PlacementSetup& setup, bool lifetime_check);
  uint32_t ClassFor(const PlacementInput& input) override;
  void OnZoneReclaimed(uint32_t cls, uint64_t opened, uint64_t filled, uint64_t now) override;
  const BlockHeatParams& params() const { return params_; }

 private:
  uint32_t classes_;
  bool lifetime_check_;
  BlockHeatParams params_;
  std::vector<uint16_t> user_writes_;           // freq_uw, saturating
  std::vector<uint16_t> gc_writes_;             // freq_gw, saturating
  std::vector<LifetimeWindow> zone_lifetimes_;  // per class: T_type of its last M zones
};

// FK (Wang et al., SepBIT's future-knowledge bound) and ZB-OPT (seed 004
// §2.3.2): classes by the block's known lifetime.
class FutureKnowledgePlacement final : public IPlacementPolicy {
 public:
  // exponential false: FK's equal-width lifetime classes; true: ZB-OPT's.
  FutureKnowledgePlacement(const PlacementSetup& setup, bool exponential);
  uint32_t ClassFor(const PlacementInput& input) override;
  bool NeedsFutureKnowledge() const override { return true; }

 private:
  uint32_t classes_;
  uint64_t zone_blocks_;
  bool exponential_;
};

}  // namespace flashscope::zns
