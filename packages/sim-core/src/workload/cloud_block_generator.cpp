// CloudBlockGenerator: see the header for how seed 004 §2.1 maps to the
// parameters. Zipf sampling uses Vose's alias method (M. D. Vose, "A linear
// algorithm for generating random numbers with a given distribution", IEEE
// TSE 1991): O(M) to build, two draws per sample.
#include "workload/cloud_block_generator.h"

#include <cmath>
#include <utility>

#include "util/input_error.h"

namespace flashscope {

namespace {

bool IsShare(double x) { return std::isfinite(x) && x >= 0.0 && x <= 1.0; }

}  // namespace

CloudBlockGenerator::CloudBlockGenerator(const CloudBlockWorkloadParams& params, Rng rng,
                                         const std::string& source)
    : params_(params), rng_(rng) {
  auto fail = [&](const std::string& problem) { throw InputError(source, 0, problem); };
  if (params.num_blocks == 0 || params.num_blocks > (uint64_t{1} << 32)) {
    fail("num_blocks must be in [1, 2^32]");
  }
  if (!IsShare(params.write_once_share)) fail("write_once_share must be in [0, 1]");
  if (!IsShare(params.hot_set_share)) fail("hot_set_share must be in [0, 1]");
  if (!IsShare(params.hot_shift_fraction)) fail("hot_shift_fraction must be in [0, 1]");
  if (!std::isfinite(params.zipf_exponent) || params.zipf_exponent < 0.0) {
    fail("zipf_exponent must be a finite number >= 0");
  }
  if (params.write_iops == 0) fail("write_iops must be > 0");

  const uint64_t n = params.num_blocks;
  once_blocks_ =
      static_cast<uint64_t>(std::llround(params.write_once_share * static_cast<double>(n)));
  if (once_blocks_ > n) once_blocks_ = n;
  repeat_blocks_ = n - once_blocks_;
  if (params.num_writes < once_blocks_) {
    fail("num_writes (" + std::to_string(params.num_writes) + ") is smaller than the " +
         std::to_string(once_blocks_) + " write-once blocks");
  }
  if (repeat_blocks_ == 0 && params.num_writes > once_blocks_) {
    fail("write_once_share leaves no block to write more than once");
  }

  // One seeded permutation of the logical space: a prefix of write-once
  // blocks in emit order, then the blocks in Zipf rank order. Popularity is
  // therefore independent of the address.
  block_of_slot_.resize(n);
  for (uint64_t i = 0; i < n; ++i) block_of_slot_[i] = static_cast<uint32_t>(i);
  for (uint64_t i = n - 1; i > 0; --i) {
    const uint64_t j = rng_.Below(i + 1);
    std::swap(block_of_slot_[i], block_of_slot_[j]);
  }

  // Vose's alias table over ranks 0..M-1 with weight 1/(r+1)^s. Scaled
  // weights w*M/sum: entries below 1 keep their own rank with that
  // probability and give the rest to a large entry.
  const uint64_t m = repeat_blocks_;
  if (m > 0) {
    alias_keep_.resize(m);
    alias_other_.resize(m);
    std::vector<double> scaled(m);
    double sum = 0.0;
    for (uint64_t r = 0; r < m; ++r) {
      scaled[r] = std::pow(static_cast<double>(r + 1), -params.zipf_exponent);
      sum += scaled[r];
    }
    const double scale = static_cast<double>(m) / sum;
    std::vector<uint32_t> small;
    std::vector<uint32_t> large;
    small.reserve(m);
    large.reserve(m);
    for (uint64_t r = 0; r < m; ++r) {
      scaled[r] *= scale;
      (scaled[r] < 1.0 ? small : large).push_back(static_cast<uint32_t>(r));
    }
    while (!small.empty() && !large.empty()) {
      const uint32_t s = small.back();
      small.pop_back();
      const uint32_t l = large.back();
      alias_keep_[s] = scaled[s];
      alias_other_[s] = l;
      scaled[l] = (scaled[l] + scaled[s]) - 1.0;
      if (scaled[l] < 1.0) {
        large.pop_back();
        small.push_back(l);
      }
    }
    // Leftovers are 1 up to rounding.
    for (const std::vector<uint32_t>* rest : {&large, &small}) {
      for (uint32_t r : *rest) {
        alias_keep_[r] = 1.0;
        alias_other_[r] = r;
      }
    }
  }

  hot_ranks_ = static_cast<uint64_t>(std::llround(params.hot_set_share * static_cast<double>(n)));
  if (hot_ranks_ > m) hot_ranks_ = m;
  swaps_per_shift_ = static_cast<uint64_t>(
      std::llround(params.hot_shift_fraction * static_cast<double>(hot_ranks_)));
  // A shift needs a hot rank to move and a colder rank to trade with.
  if (params.hot_shifts > 0 && swaps_per_shift_ > 0 && hot_ranks_ < m) {
    shift_interval_writes_ = params.num_writes / (uint64_t{params.hot_shifts} + 1);
    if (shift_interval_writes_ == 0) shift_interval_writes_ = 1;
    next_shift_at_ = shift_interval_writes_;
  }
}

uint64_t CloudBlockGenerator::SampleRank() {
  const uint64_t column = rng_.Below(repeat_blocks_);
  return rng_.Unit() < alias_keep_[column] ? column : alias_other_[column];
}

void CloudBlockGenerator::ShiftHotSet() {
  // Each swap moves one hot rank onto a block that was cold and sends its
  // old block down to that cold rank: the frequency distribution over ranks
  // is unchanged, the set of hot blocks is not.
  const uint64_t cold_ranks = repeat_blocks_ - hot_ranks_;
  for (uint64_t i = 0; i < swaps_per_shift_; ++i) {
    const uint64_t hot = once_blocks_ + rng_.Below(hot_ranks_);
    const uint64_t cold = once_blocks_ + hot_ranks_ + rng_.Below(cold_ranks);
    std::swap(block_of_slot_[hot], block_of_slot_[cold]);
  }
}

bool CloudBlockGenerator::NextBlock(uint64_t& block) {
  if (issued_ >= params_.num_writes) return false;
  if (shift_interval_writes_ > 0 && issued_ == next_shift_at_ &&
      next_shift_at_ <= uint64_t{params_.hot_shifts} * shift_interval_writes_) {
    ShiftHotSet();
    next_shift_at_ += shift_interval_writes_;
  }
  // Sequential sampling: the next write is write-once with probability
  // (write-once blocks left) / (writes left), so exactly once_blocks_ of
  // them land, spread uniformly over the stream.
  const uint64_t writes_left = params_.num_writes - issued_;
  const uint64_t once_left = once_blocks_ - once_emitted_;
  if (once_left > 0 && rng_.Below(writes_left) < once_left) {
    block = block_of_slot_[once_emitted_++];
  } else {
    block = block_of_slot_[once_blocks_ + SampleRank()];
  }
  ++issued_;
  return true;
}

bool CloudBlockGenerator::Next(HostIo& io) {
  const uint64_t index = issued_;
  uint64_t block = 0;
  if (!NextBlock(block)) return false;
  io.op = IoOp::kWrite;
  io.offset_bytes = block * CloudBlockWorkloadParams::kBlockBytes;
  io.length_bytes = CloudBlockWorkloadParams::kBlockBytes;
  // Split to keep index * 1e9 from overflowing for long streams.
  const uint64_t iops = params_.write_iops;
  io.arrival_ns = (index / iops) * 1000000000ull + (index % iops) * 1000000000ull / iops;
  return true;
}

std::vector<uint64_t> CloudBlockGenerator::HottestBlocks(uint64_t count) const {
  if (count > repeat_blocks_) count = repeat_blocks_;
  std::vector<uint64_t> blocks(count);
  for (uint64_t r = 0; r < count; ++r) blocks[r] = block_of_slot_[once_blocks_ + r];
  return blocks;
}

}  // namespace flashscope
