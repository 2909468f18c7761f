// FioIoGenerator: the I/O stream of one fio job, in issue order.
//
// Follows fio's offset, size and direction logic (fio io_u.c, lib/zipf.c,
// lib/gauss.c) so a pasted job file produces the access pattern fio would:
//   - region [offset, offset+size) of the logical device; a percentage
//     offset (or offset_increment) is aligned up to the job's smallest
//     block size (fio HOWTO `offset`);
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
//   - fsync=N inserts a kFlush after every N writes;
//   - bsrange: fio get_next_buflen's draw, min + U[0, max), rounded down to
//     a multiple of min (unless bs_unaligned) and capped at max, drawn again
//     until it fits before the file's end (bsrange=4k-16k: 4k, 8k, 12k and
//     16k a quarter each, as fio with norandommap). One difference: fio's
//     bitmap shortens an I/O that would overlap blocks already done in the
//     pass (fio 3.33, bsrange=4k-16k with its map: 31/26/23/20 %); the
//     permutation has no bitmap to check, so sizes keep their shares and a
//     large I/O may overlap blocks the pass visits again (as with bssplit);
//   - blockalign: random offsets are multiples of it; the block count is
//     fio's last_block(): (file - (min bs - align)) / align;
//   - files (nrfiles, filesize, openfiles, file_service_type): laid out one
//     after another from the job's start (fio_file_set.h); each file keeps
//     its own sequential positions and random map; `openfiles` files are in
//     rotation at once, a finished file making room for the next (fio 3.33
//     with nrfiles=4 openfiles=2 writes files 0 and 1 in turn, then 2 and
//     3); the rotation is fio's: roundrobin or random switching every
//     file_service_nr I/Os, or sequential (one file until it is done). A
//     random job's file is done when its random map has covered it; a
//     sequential one at its end. The write of a trimwrite pair stays on
//     the trim's file. zipf/pareto/normal need files of one size (their
//     tables are built once);
//   - offset_increment: clone k starts at offset + k * increment;
//   - rw=read:8k / rw=read:-8k: sequential I/O skips (or goes back) that
//     many bytes after each I/O, wrapping as fio's get_next_seq_offset;
//     rw=randread:N: a random offset, then N-1 sequential I/O after it;
//   - zonemode=strided: the job stays in a zonerange-sized zone (random
//     offsets drawn inside it, sequential ones wrapping back to its start)
//     until zonesize bytes are done, then moves zonerange + zoneskip on,
//     back to the job's start past the end (fio setup_strided_zone_mode);
//   - random_distribution=sequence:2,0,1: the n-th random I/O of a
//     direction takes block seq[n % count] (+ count * (n / count) with
//     random_sequence_stride); a block past the file ends the job;
//   - num_range=N: a trim command carries N ranges, each drawn as a trim
//     of its own would be (fio fill_multi_range_io_u); IoRequest::ranges;
//   - sprandom: writes in fio's SPRandom order (fio_sprandom.h), new
//     blocks from the permutation; io_size becomes the physical size;
//   - trimwrite / randtrimwrite: a trim, then a write of the same block
//     (randtrimwrite: exactly the trimmed offset and length); only the
//     writes count towards size/io_size, as in fio.
// Amount: io_size (default: size) bytes per loop, `loops` times; number_ios
// caps the number of read/write/trim I/Os; time_based jobs never run out
// (Next() keeps returning I/O, wrapping around the region) unless capped by
// number_ios. Timing (runtime, thinktime, rate_iops, startdelay, iodepth,
// ramp_time) is the host's business: the generator only says what comes
// next.
//
// Next() does not allocate: every table is built in the constructor
// (fio_generator_setup.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "util/rng.h"
#include "workload/fio_block_permutation.h"
#include "workload/fio_file_set.h"  // FioJobEndBytes, for callers that check a drive
#include "workload/fio_job.h"
#include "workload/fio_rank_sampler.h"
#include "workload/fio_sprandom.h"

namespace flashscope {

class FioIoGenerator {
 public:
  // Throws InputError(file, job.line, ...) when the job's region is empty,
  // starts or ends beyond logical_capacity_bytes (naming the bytes the job
  // needs and the drive's capacity), a file is smaller than a block, or a
  // size is still in zone units (the consumer converts `8z` to bytes). If
  // the job sets `randseed`, the stream is seeded from it (fio semantics)
  // and `rng` is not used; otherwise `rng` is the only source of
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

  // The job's region: from its first file's start over all its files.
  uint64_t region_offset_bytes() const { return files_.front().start_bytes; }
  uint64_t region_bytes() const { return total_file_bytes_; }
  uint64_t bytes_per_loop() const { return loop_target_bytes_; }
  // The files on the drive (one for a job without nrfiles).
  size_t file_count() const { return files_.size(); }
  uint64_t file_offset_bytes(size_t index) const { return files_[index].start_bytes; }
  uint64_t file_bytes(size_t index) const {
    return files_[index].end_bytes - files_[index].start_bytes;
  }

 private:
  // Random offsets of the directions with the same alignment and smallest
  // block size (reads and writes share one space, as they share fio's
  // per-file random map and zipf state, when these are equal). What depends
  // on a file's size (block count, random map) is in FileState.
  struct RandomSpace {
    uint64_t align_bytes = 0;
    uint32_t min_bytes = 0;
    FioRankSampler ranks;         // zipf, pareto
    uint64_t scatter_offset = 0;  // fio's rand_off
    uint64_t gauss_stddev = 0;    // fio's gauss_state.stddev
  };

  struct DirectionState {
    std::vector<uint32_t> sizes;
    std::vector<uint32_t> cumulative_percent;
    uint32_t min_bytes = 0;
    uint32_t range_max_bytes = 0;  // bsrange: sizes drawn in [min_bytes, this]
    uint32_t space = 0;            // index into spaces_
  };

  // One of the job's files: an extent of the drive with its own positions
  // and random map (fio's struct fio_file). O(1) memory per file.
  struct FileState {
    uint64_t start_bytes = 0;
    uint64_t end_bytes = 0;
    uint64_t next_sequential[3] = {0, 0, 0};  // fio's last_pos[ddir]
    uint64_t blocks[3] = {0, 0, 0};           // per space: fio's last_block()
    uint64_t pass_position[3] = {0, 0, 0};    // next index into the permutation
    FioBlockPermutation permutation[3];
  };

  int NextDirection();
  bool WantSequential();
  // false: the file has nothing left in this pass (the loop is over for it)
  bool NextOffset(int dir, FileState& file, bool sequential, uint64_t& offset);
  bool RandomOffset(int dir, FileState& file, uint64_t& offset);
  uint64_t SequentialCandidate(const FileState& file, uint64_t last_end) const;
  uint64_t ScatterRank(const RandomSpace& space, uint64_t n, uint64_t rank) const;
  uint32_t ChooseSize(int dir, const FileState& file, uint64_t offset);
  void SelectFile();
  bool CloseFile();  // false: the job is over
  bool StartNextLoop();
  void ReopenFiles();
  void NewPass(FileState& file, uint32_t space);
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
  bool trimwrite_;  // trimwrite or randtrimwrite
  bool bs_unaligned_;
  int64_t seq_add_bytes_;  // rw=read:8k
  uint32_t rw_seq_nr_;     // rw=randread:8
  FileService file_service_;
  uint32_t file_service_nr_;
  uint8_t zone_start_percent_[100];  // fio's zone_state_index, by v - 1
  uint8_t zone_end_percent_[100];

  uint64_t total_file_bytes_ = 0;
  bool wrap_around_ = false;  // time_based, or io_size > size
  uint64_t loop_target_bytes_ = 0;
  DirectionState dirs_[3];
  std::vector<RandomSpace> spaces_;
  std::vector<FileState> files_;
  // Files in rotation (fio's open files), in file order; open_count_ of
  // them valid, at most `openfiles`.
  std::vector<uint32_t> open_files_;
  uint32_t open_count_ = 0;
  uint32_t next_unopened_ = 0;
  uint32_t current_slot_ = 0;
  uint32_t round_robin_slot_ = 0;
  uint32_t service_left_ = 0;
  bool force_switch_ = true;
  Rng initial_rng_;

  // Independent streams, so e.g. changing bssplit leaves the offsets alone
  // (fio also keeps one random state per purpose).
  Rng direction_rng_;
  Rng size_rng_;
  Rng offset_rng_;
  Rng sequential_mix_rng_;
  Rng zone_rng_;
  Rng file_rng_;  // file_service_type=random

  uint64_t issued_ = 0;
  uint64_t data_ios_ = 0;
  uint64_t loop_bytes_ = 0;
  uint32_t loops_done_ = 0;
  uint64_t io_issues_[3] = {0, 0, 0};
  int rwmix_dir_ = 0;
  uint64_t rwmix_issues_ = 0;
  IoOp last_op_ = IoOp::kRead;
  bool finished_ = false;
  uint32_t rw_seq_left_ = 1;  // fio's td->ddir_seq_nr
  // trimwrite: the next data I/O writes what the last trim covered.
  bool write_after_trim_ = false;
  uint64_t trim_offset_ = 0;
  uint32_t trim_length_ = 0;

  // zonemode=strided (fio io_u.c setup_strided_zone_mode), one file only.
  void EnterStridedZone(int dir, FileState& file);
  bool strided_ = false;
  uint64_t zone_size_bytes_ = 0;   // fio zonesize: bytes of I/O per zone
  uint64_t zone_range_bytes_ = 0;  // fio zonerange: the zone's extent
  uint64_t zone_skip_bytes_ = 0;   // fio zoneskip
  uint64_t zone_start_ = 0;        // fio's f->file_offset
  uint64_t zone_bytes_ = 0;        // fio's td->zone_bytes
  // random_distribution=sequence (fio io_u.c __get_next_rand_offset_sequence).
  std::vector<uint32_t> sequence_;
  bool sequence_stride_ = false;
  // The sequence's stride left the file, or sprandom is done: the job ends.
  bool offsets_done_ = false;
  // num_range > 1: each trim command's ranges (capacity reserved up front).
  uint32_t num_range_ = 1;
  std::vector<IoRange> ranges_;
  // sprandom: the writes' order (fio sprandom.c).
  bool sprandom_ = false;
  SpRandom sprandom_order_;
};

}  // namespace flashscope
