// FioIoGenerator: the I/O stream of one fio job, in issue order.
//
// Follows fio's offset, size and direction logic (fio io_u.c, lib/zipf.c,
// lib/gauss.c) so a pasted job file produces the access pattern fio would:
//   - region [offset, offset+size) of the logical device; a percentage
//     offset is aligned up to the job's smallest block size (fio HOWTO
//     `offset`);
//   - direction: fixed by `rw`, or fio's rwmix draw for rw/randrw;
//   - block size: `bs`, or a `bssplit` draw per I/O that, like fio, takes
//     the first share at or after the drawn one that still fits the region;
//   - sequential offsets continue where the last I/O of that direction
//     ended; a loop ends at the region's end unless io_size > size or the
//     job is time_based, in which case they wrap to the region start;
//   - random offsets are multiples of the direction's smallest block size
//     (fio's blockalign default). With fio's random map (the default) one
//     pass touches every block exactly once before any repeats; FlashScope
//     does it with a keyed Feistel permutation (O(1) memory) instead of
//     fio's bitmap. `norandommap` and the non-uniform distributions (which
//     fio runs without a map) draw independently;
//   - zipf / pareto / normal pick a popularity rank and scatter it over the
//     region as fio does: (rank * 0x9e37fffffffc0001 + rand_off) % blocks;
//   - zoned: fio's 100-entry table of (access %, size %) ranges;
//   - percentage_random < 100 mixes in sequential I/O as fio does;
//   - fsync=N inserts a kFlush after every N writes.
// Amount: io_size (default: size) bytes per loop, `loops` times; number_ios
// caps the number of read/write/trim I/Os; time_based jobs never run out
// (Next() keeps returning I/O, wrapping around the region) unless capped by
// number_ios. Timing (runtime, thinktime, rate_iops, startdelay, iodepth,
// ramp_time) is the host's business: the generator only says what comes
// next.
//
// Next() does not allocate: every table is built in the constructor.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "util/rng.h"
#include "workload/fio_job.h"

namespace flashscope {

class FioIoGenerator {
 public:
  // Throws InputError(file, job.line, ...) when the job's region is empty,
  // starts or ends beyond logical_capacity_bytes, or is smaller than a
  // block. If the job sets `randseed`, the stream is seeded from it (fio
  // semantics) and `rng` is not used; otherwise `rng` is the only source of
  // randomness. mapping_unit_bytes is the device's logical page: checked to
  // be non-zero; offsets follow fio's alignment (block sizes), not the page.
  FioIoGenerator(const FioJob& job, uint64_t logical_capacity_bytes, uint32_t mapping_unit_bytes,
                 Rng rng, const std::string& file = std::string());

  // The next I/O; false once the job has issued everything it will.
  bool Next(IoRequest& out);

  // Requests returned by Next() so far (including kFlush).
  uint64_t issued() const { return issued_; }

  // Back to the first I/O: the same sequence again.
  void Restart();

  uint64_t region_offset_bytes() const { return region_start_; }
  uint64_t region_bytes() const { return region_end_ - region_start_; }
  uint64_t bytes_per_loop() const { return loop_target_bytes_; }

 private:
  // A bijection on [0, n): a 4-round balanced Feistel network over the next
  // even power of two >= n, keyed per pass, with cycle walking (values >= n
  // are encrypted again). Expected < 4 encryptions per value.
  class BlockPermutation {
   public:
    void Reset(uint64_t n, Rng& rng);
    uint64_t At(uint64_t index) const;

   private:
    uint64_t Encrypt(uint64_t value) const;
    uint64_t n_ = 1;
    uint32_t half_bits_ = 1;
    uint64_t half_mask_ = 1;
    uint64_t keys_[4] = {0, 0, 0, 0};
  };

  // Popularity ranks for zipf and pareto, sampled in O(1) with Walker's
  // alias method over categories: the hottest ranks one by one, then
  // geometric buckets of ranks (uniform inside a bucket).
  class RankSampler {
   public:
    void BuildZipf(uint64_t n, double theta);
    void BuildPareto(uint64_t n, double h);
    uint64_t Sample(Rng& rng) const;

   private:
    // Calls weight(first, end) for each category [first, end) of ranks.
    template <typename WeightFn>
    void Build(uint64_t n, WeightFn weight);
    std::vector<uint64_t> first_rank_;
    std::vector<uint64_t> rank_count_;
    std::vector<uint64_t> keep_below_;  // keep the category if u53 < this
    std::vector<uint32_t> alias_;
  };

  // Random offsets of the directions whose alignment is align_bytes (reads
  // and writes share one space, as they share fio's per-file random map and
  // zipf state, when their smallest block sizes are equal).
  struct RandomSpace {
    uint64_t align_bytes = 0;
    uint64_t blocks = 0;  // fio's last_block(): random block indices < this
    BlockPermutation permutation;
    uint64_t pass_position = 0;   // next index into the permutation
    RankSampler ranks;            // zipf, pareto
    uint64_t scatter_offset = 0;  // fio's rand_off
    uint64_t gauss_stddev = 0;    // fio's gauss_state.stddev
  };

  struct DirectionState {
    std::vector<uint32_t> sizes;
    std::vector<uint32_t> cumulative_percent;
    uint32_t min_bytes = 0;
    uint32_t space = 0;            // index into spaces_
    uint64_t next_sequential = 0;  // fio's last_pos[ddir]
  };

  int NextDirection();
  bool NextOffset(int dir, uint64_t& offset);  // false: the loop is over
  uint64_t RandomOffset(int dir);
  uint64_t ScatterRank(const RandomSpace& space, uint64_t rank) const;
  uint32_t ChooseSize(int dir, uint64_t offset);
  bool StartNextLoop();
  void NewPass(RandomSpace& space);
  void Reset();

  // The job, as the generator uses it.
  RwPattern rw_;
  uint32_t rwmix_[2];  // fio's rwmix[DDIR_READ], rwmix[DDIR_WRITE]
  uint32_t percentage_random_;
  Distribution distribution_;
  double distribution_center_;
  bool random_map_;
  bool random_pattern_;
  bool time_based_;
  uint64_t number_ios_;
  uint32_t loops_;
  uint32_t fsync_blocks_;
  uint8_t zone_start_percent_[100];  // fio's zone_state_index, by v - 1
  uint8_t zone_end_percent_[100];

  uint64_t region_start_ = 0;
  uint64_t region_end_ = 0;
  uint64_t loop_target_bytes_ = 0;
  DirectionState dirs_[3];
  std::vector<RandomSpace> spaces_;
  Rng initial_rng_;

  // Independent streams, so e.g. changing bssplit leaves the offsets alone
  // (fio also keeps one random state per purpose).
  Rng direction_rng_;
  Rng size_rng_;
  Rng offset_rng_;
  Rng sequential_mix_rng_;
  Rng zone_rng_;

  uint64_t issued_ = 0;
  uint64_t data_ios_ = 0;
  uint64_t loop_bytes_ = 0;
  uint32_t loops_done_ = 0;
  uint64_t io_issues_[3] = {0, 0, 0};
  int rwmix_dir_ = 0;
  uint64_t rwmix_issues_ = 0;
  IoOp last_op_ = IoOp::kRead;
  bool finished_ = false;
};

}  // namespace flashscope
