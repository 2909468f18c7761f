// SpRandom: fio's `sprandom` write order (fio sprandom.c, SanDisk), a
// preconditioning pattern that leaves a drive's blocks with the spread of
// invalid data they would have at random-write steady state.
//
// fio's model (Desnoyers 2012): with over-provisioning `op` the steady-state
// write amplification is about WA = 0.5 / op + 0.7, so the block greedy GC
// picks holds 1 - 1/WA valid data. The drive's physical capacity (logical
// bytes * (1 + op), aligned down to the block size) is written once, in
// `num_regions` equal regions of region_write_count blocks. Each region
// writes new logical blocks (fio's LFSR: every block once, in a random
// order) and, with probability invalid_pct[region] / 10000 per write, keeps
// the block to be written again in the next region; those rewrites come
// first in the next region (after its first new block) or, with a cache
// size (spr_cs), at its end, so the earlier copy is invalid in its region.
// The invalid percentages come from the curve i * f(i) = constant,
// resampled to equal-sized regions (sprandom.c compute_validity_dist).
//
// Next() does not allocate while the rewrite buffers stay under fio's
// 6-sigma estimate of their size (they grow past it; fio asserts instead).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "util/rng.h"

namespace flashscope {

class SpRandom {
 public:
  // fio sprandom_physical_size: logical + ceil(logical * op), aligned down.
  static uint64_t PhysicalBytes(double over_provisioning, uint64_t logical_bytes,
                                uint64_t align_bytes);
  // fio compute_validity_dist: the valid fraction of each region, first
  // region first (the region written first ends up the least valid).
  static std::vector<double> ValidityDistribution(uint32_t regions, double over_provisioning);

  // The job's region of logical_bytes in blocks of align_bytes. Returns ""
  // or what is wrong (fio's messages).
  std::string Setup(uint64_t logical_bytes, uint64_t align_bytes, uint32_t regions,
                    double over_provisioning, uint64_t cache_bytes);
  // Back to the first write; `rng` decides which writes are kept.
  void Reset(Rng rng);

  // The next block index to write: a kept block again, or the one
  // new_block() returns (false from it: the logical blocks are used up).
  // false: the pattern is done.
  template <typename NewBlock>
  bool Next(uint64_t& block, NewBlock new_block);

  uint64_t region_write_count() const { return region_write_count_; }
  uint32_t invalid_pct(uint32_t region) const { return invalid_pct_[region]; }

 private:
  bool Pop(uint64_t& block);
  void KeepWithProbability(uint64_t block, uint32_t phase);

  uint32_t regions_ = 0;
  uint64_t cache_bytes_ = 0;
  uint64_t region_write_count_ = 0;
  std::vector<uint32_t> invalid_pct_;  // per region, in 1/10000
  // fio's phase circular buffer: blocks kept in this region (staged) and
  // those of the previous region, to be written again (committed).
  std::vector<uint64_t> staged_;
  std::vector<uint64_t> committed_;
  size_t read_ = 0;
  uint64_t invalid_count_[2] = {0, 0};
  uint32_t phase_ = 0;
  uint32_t region_ = 0;
  uint64_t writes_remaining_ = 0;
  Rng rng_;
};

// fio sprandom.c sprandom_get_next_offset, step by step.
template <typename NewBlock>
bool SpRandom::Next(uint64_t& block, NewBlock new_block) {
  uint32_t phase = phase_;
  if (cache_bytes_ == 0 && Pop(block)) {
    // Rewrites of the previous region's kept blocks come first.
    KeepWithProbability(block, phase ^ 1);
    return true;
  }
  if (writes_remaining_ == 0) {
    if (cache_bytes_ != 0 && Pop(block)) {
      // With a cache, at the region's end instead.
      KeepWithProbability(block, phase ^ 1);
      return true;
    }
    if (region_ >= regions_) return false;
    invalid_count_[phase] = 0;
    ++region_;
    phase ^= 1;
    writes_remaining_ = region_write_count_ > invalid_count_[phase]
                            ? region_write_count_ - invalid_count_[phase]
                            : 0;
    phase_ = phase;
    // pcb_commit: this region's kept blocks become the next rewrites.
    committed_.erase(committed_.begin(), committed_.begin() + static_cast<std::ptrdiff_t>(read_));
    read_ = 0;
    committed_.insert(committed_.end(), staged_.begin(), staged_.end());
    staged_.clear();
  }
  if (!new_block(block)) {
    if (cache_bytes_ != 0 && Pop(block)) return true;
    return false;
  }
  if (writes_remaining_ > 0) --writes_remaining_;
  KeepWithProbability(block, phase ^ 1);
  return true;
}

}  // namespace flashscope
