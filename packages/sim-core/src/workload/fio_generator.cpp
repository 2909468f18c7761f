// FioIoGenerator's stream: see fio_generator.h (its setup is in
// fio_generator_setup.cpp). Sources: fio io_u.c (offsets, block sizes,
// rwmix, percentage_random, fsync), lib/zipf.c and lib/gauss.c (the skewed
// distributions and their hash scatter).
#include "workload/fio_generator.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "util/input_error.h"
#include "workload/fio_file_set.h"
#include "workload/fio_rw_pattern.h"

namespace flashscope {
namespace {

// fio hash.h GR_PRIME_64: __hash_u64(v) = v * GR_PRIME_64, the hash fio's
// zipf_next, pareto_next and gauss_next use to scatter ranks over the file.
constexpr uint64_t kGoldenRatioPrime64 = 0x9e37fffffffc0001ull;
constexpr IoOp kDirectionOp[3] = {IoOp::kRead, IoOp::kWrite, IoOp::kTrim};

}  // namespace

void FioIoGenerator::Reset() {
  Rng base = initial_rng_;
  direction_rng_ = base.Fork(1);
  size_rng_ = base.Fork(2);
  offset_rng_ = base.Fork(3);
  sequential_mix_rng_ = base.Fork(4);
  zone_rng_ = base.Fork(5);
  Rng setup_rng = base.Fork(6);
  file_rng_ = base.Fork(7);  // after the others: their streams are unchanged

  for (uint32_t index = 0; index < spaces_.size(); ++index) {
    RandomSpace& space = spaces_[index];
    const uint64_t n = files_.front().blocks[index];
    // fio lib/zipf.c shared_rand_init: a random rand_off, or n * center;
    // lib/gauss.c: 0, or n * (center - 0.5) (taken modulo n here).
    if (distribution_ == Distribution::kNormal) {
      space.scatter_offset = 0;
      if (distribution_center_ >= 0) {
        const int64_t shift =
            static_cast<int64_t>(static_cast<double>(n) * (distribution_center_ - 0.5));
        const int64_t signed_n = static_cast<int64_t>(n);
        space.scatter_offset = static_cast<uint64_t>(((shift % signed_n) + signed_n) % signed_n);
      }
    } else if (distribution_center_ >= 0) {
      space.scatter_offset =
          static_cast<uint64_t>(static_cast<double>(n) * distribution_center_) % n;
    } else {
      space.scatter_offset = setup_rng.Below(n);
    }
  }
  // Strided zones start at the region's start (one file: fio turns strided
  // mode off with more); then every file opens fresh.
  zone_start_ = files_.front().start_bytes;
  ReopenFiles();

  issued_ = 0;
  data_ios_ = 0;
  loop_bytes_ = 0;
  loops_done_ = 0;
  for (uint64_t& count : io_issues_) count = 0;
  rwmix_dir_ = 0;
  rwmix_issues_ = 0;
  last_op_ = IoOp::kRead;
  finished_ = false;
  rw_seq_left_ = 1;  // fio init.c: the first I/O of rw=randread:N is random
  trim_offset_ = 0;
  trim_length_ = 0;
  zone_bytes_ = 0;
  offsets_done_ = false;
  if (sprandom_) sprandom_order_.Reset(base.Fork(9));
}

void FioIoGenerator::Restart() { Reset(); }

void FioIoGenerator::EnterStridedZone(int dir, FileState& file) {
  // fio io_u.c setup_strided_zone_mode, before each read, write or trim.
  if (zone_bytes_ >= zone_size_bytes_) {
    zone_bytes_ = 0;
    zone_start_ += zone_range_bytes_ + zone_skip_bytes_;
    if (zone_start_ >= file.end_bytes) zone_start_ = file.start_bytes;
    file.next_sequential[dir] = zone_start_;
  }
  // zonesize > zonerange: the same zone again until zonesize is done.
  if (file.next_sequential[dir] >= zone_start_ + zone_range_bytes_) {
    file.next_sequential[dir] = zone_start_;
  }
  // fio_file_reset at each zonerange done: positions back to the zone's
  // start and a fresh random map.
  if (zone_bytes_ % zone_range_bytes_ == 0) {
    for (uint64_t& position : file.next_sequential) position = zone_start_;
    for (uint32_t index = 0; index < spaces_.size(); ++index) NewPass(file, index);
  }
}

void FioIoGenerator::NewPass(FileState& file, uint32_t space) {
  file.permutation[space].Reset(file.blocks[space], offset_rng_);
  file.pass_position[space] = 0;
}

void FioIoGenerator::ReopenFiles() {
  // fio clears a file's state when it is opened again: sequential I/O
  // starts over and the random map is empty. Spaces outer, files inner: a
  // single file draws its keys in the order it always has.
  for (uint32_t index = 0; index < spaces_.size(); ++index) {
    for (FileState& file : files_) NewPass(file, index);
  }
  for (FileState& file : files_) {
    // zonemode=strided: fio's fio_file_reset goes back to the current zone.
    const uint64_t start = strided_ ? zone_start_ : file.start_bytes;
    for (uint64_t& position : file.next_sequential) position = start;
  }
  next_unopened_ = 0;
  open_count_ = 0;
  while (open_count_ < open_files_.size()) open_files_[open_count_++] = next_unopened_++;
  current_slot_ = 0;
  round_robin_slot_ = 0;
  service_left_ = 0;
  force_switch_ = true;
  write_after_trim_ = false;
}

bool FioIoGenerator::StartNextLoop() {
  ++loops_done_;
  if (!time_based_ && loops_done_ >= loops_) return false;
  loop_bytes_ = 0;
  rwmix_issues_ = 0;
  ReopenFiles();
  return true;
}

void FioIoGenerator::SelectFile() {
  if (files_.size() == 1) return;
  // fio io_u.c __get_next_file: stay on the file for file_service_nr I/Os
  // (sequential: until it is done), then move on.
  if (file_service_ == FileService::kSequential) {
    current_slot_ = 0;  // the open files are in file order
    return;
  }
  if (service_left_ > 0 && !force_switch_) {
    --service_left_;
    return;
  }
  if (file_service_ == FileService::kRandom) {
    // fio picks among all files, skipping finished ones and failing with
    // EBUSY on closed ones when openfiles are open: a uniform pick among
    // the open files.
    current_slot_ = static_cast<uint32_t>(file_rng_.Below(open_count_));
  } else {
    if (round_robin_slot_ >= open_count_) round_robin_slot_ = 0;
    current_slot_ = round_robin_slot_;
    round_robin_slot_ = (round_robin_slot_ + 1) % open_count_;
  }
  service_left_ = file_service_nr_ - 1;
  force_switch_ = false;
}

bool FioIoGenerator::CloseFile() {
  if (files_.size() > 1) {
    // The file is done for this loop: it leaves the rotation (order kept)
    // and the next file not yet opened takes its place at the end.
    for (uint32_t slot = current_slot_; slot + 1 < open_count_; ++slot) {
      open_files_[slot] = open_files_[slot + 1];
    }
    --open_count_;
    if (round_robin_slot_ > current_slot_) --round_robin_slot_;
    if (next_unopened_ < files_.size()) open_files_[open_count_++] = next_unopened_++;
    force_switch_ = true;
    if (open_count_ > 0) {
      SelectFile();
      return true;
    }
    // Every file is done. Time-based jobs and io_size > size go round
    // again within the loop, as fio does when it resets a file.
    if (wrap_around_) {
      if (loop_bytes_ < loop_target_bytes_ || time_based_) {
        ReopenFiles();
        SelectFile();
        return true;
      }
    }
  }
  if (!StartNextLoop()) return false;
  SelectFile();
  return true;
}

int FioIoGenerator::NextDirection() {
  if (trimwrite_) {
    // fio io_u.c set_rw_ddir: a trim, then a write of it, then a trim...
    return write_after_trim_ ? 1 : 2;
  }
  if (!IsMixedPattern(rw_)) return FixedDirection(rw_);
  // fio io_u.c get_rw_ddir / set_rwmix_bytes: draw 1..100 against
  // rwmixread whenever the current direction has caught up with its quota;
  // on a switch the new direction's quota becomes
  // issues[old] * rwmix[new] / 100. In steady state the quota is always
  // met, so this is a fresh draw per I/O; it only holds a direction that
  // has fallen far behind.
  if (io_issues_[rwmix_dir_] >= rwmix_issues_) {
    const uint64_t v = direction_rng_.Below(100) + 1;
    const int dir = v <= rwmix_[0] ? 0 : 1;
    if (dir != rwmix_dir_) {
      rwmix_issues_ = io_issues_[rwmix_dir_] * rwmix_[dir] / 100;
    }
    rwmix_dir_ = dir;
  }
  return rwmix_dir_;
}

bool FioIoGenerator::WantSequential() {
  if (!random_pattern_) return true;
  // fio io_u.c get_next_offset: with rw=randread:N only every N-th I/O
  // (counting from the first) asks for a random offset.
  if (rw_seq_nr_ > 1) {
    if (--rw_seq_left_ != 0) return true;
    rw_seq_left_ = rw_seq_nr_;
  }
  // fio io_u.c should_do_random: 1..100 <= percentage_random is random.
  if (percentage_random_ < 100) {
    return sequential_mix_rng_.Below(100) + 1 > percentage_random_;
  }
  return false;
}

uint64_t FioIoGenerator::ScatterRank(const RandomSpace& space, uint64_t n, uint64_t rank) const {
  // fio: (__hash_u64(rank) + rand_off) % nranges. Summing the residues
  // avoids the 64-bit wrap of fio's sum; for a power-of-two block count the
  // result is identical, and the map is then a bijection.
  return ((rank * kGoldenRatioPrime64) % n + space.scatter_offset % n) % n;
}

bool FioIoGenerator::RandomOffset(int dir, FileState& file, uint64_t& offset) {
  const uint32_t space_index = dirs_[dir].space;
  const RandomSpace& space = spaces_[space_index];
  const uint64_t n = file.blocks[space_index];
  uint64_t block = 0;
  if (sprandom_ && dir == 1) {
    // fio get_next_rand_offset: sprandom decides every write; new blocks
    // come from the permutation (fio's LFSR), each once.
    const bool more = sprandom_order_.Next(block, [&](uint64_t& fresh) {
      if (file.pass_position[space_index] >= n) return false;
      fresh = file.permutation[space_index].At(file.pass_position[space_index]++);
      return true;
    });
    if (!more) {
      offsets_done_ = true;
      return false;
    }
    offset = file.start_bytes + block * space.align_bytes;
    return true;
  }
  switch (distribution_) {
    case Distribution::kUniform:
      if (random_map_) {
        // A pass that has used every block starts a new one (more I/O than
        // the region holds: io_size > size, or time_based). With several
        // files, the file is done instead and the others take over.
        if (file.pass_position[space_index] >= n) {
          if (files_.size() > 1) return false;
          NewPass(file, space_index);
        }
        block = file.permutation[space_index].At(file.pass_position[space_index]++);
      } else {
        block = offset_rng_.Below(n);
      }
      break;
    case Distribution::kZipf:
    case Distribution::kPareto:
      block = ScatterRank(space, n, space.ranks.Sample(offset_rng_));
      break;
    case Distribution::kNormal: {
      // fio lib/gauss.c gauss_next: the mean of 12 uniform draws on [0, n]
      // (rounded up), plus a uniform deviation of width stddev that is
      // halved until the sum stays inside the range, then scattered.
      uint64_t sum = 0;
      for (int i = 0; i < 12; ++i) sum += offset_rng_.Below(n + 1);
      sum = (sum + 11) / 12;
      if (space.gauss_stddev != 0) {
        int64_t deviation = static_cast<int64_t>(offset_rng_.Below(space.gauss_stddev)) -
                            static_cast<int64_t>(space.gauss_stddev / 2);
        const int64_t signed_sum = static_cast<int64_t>(sum);
        while (signed_sum + deviation >= static_cast<int64_t>(n) || signed_sum + deviation < 0) {
          deviation /= 2;
        }
        sum = static_cast<uint64_t>(signed_sum + deviation);
      }
      block = ScatterRank(space, n, sum);
      break;
    }
    case Distribution::kZoned: {
      // fio io_u.c __get_next_rand_offset_zoned: v in 1..100 picks the
      // zone; a uniform block inside its share of the region.
      const uint64_t v = zone_rng_.Below(100);
      const uint64_t start_percent = zone_start_percent_[v];
      const uint64_t end_percent = zone_end_percent_[v];
      const uint64_t first = start_percent * n / 100;
      const uint64_t count = n * (end_percent - start_percent) / 100;
      block = first + (count > 0 ? offset_rng_.Below(count) : 0);
      break;
    }
    case Distribution::kSequence: {
      // fio io_u.c __get_next_rand_offset_sequence: by the direction's
      // issue count; a block past the file (f->io_size / min bs) ends it.
      const uint64_t count = sequence_.size();
      const uint64_t issues = io_issues_[dir];
      block = sequence_[issues % count];
      if (sequence_stride_) block += issues / count * count;
      if (block >= (file.end_bytes - file.start_bytes) / dirs_[dir].min_bytes) {
        offsets_done_ = true;
        return false;
      }
      break;
    }
  }
  offset = (strided_ ? zone_start_ : file.start_bytes) + block * space.align_bytes;
  // A strided zone at the end of the drive: fio's fill_io_u refuses an I/O
  // past the file's end, which ends the job.
  if (strided_ && offset + space.min_bytes > file.end_bytes) return false;
  return true;
}

uint64_t FioIoGenerator::SequentialCandidate(const FileState& file, uint64_t last_end) const {
  // fio io_u.c get_next_seq_offset with rw=read:N: after the first I/O of
  // the file, skip N bytes (N < 0: go back); a position outside the file
  // wraps to its start (N > 0) or to its end minus |N| (N < 0), so
  // rw=read:-8k with bs=4k reads 0, end-8k, end-12k, ... as fio's
  // backwards-read.fio.
  if (seq_add_bytes_ == 0 || last_end == file.start_bytes || last_end >= file.end_bytes) {
    return last_end;
  }
  const int64_t file_bytes = static_cast<int64_t>(file.end_bytes - file.start_bytes);
  int64_t position = static_cast<int64_t>(last_end - file.start_bytes) + seq_add_bytes_;
  if (position < 0 || position >= file_bytes) {
    position = seq_add_bytes_ > 0 ? 0 : file_bytes + seq_add_bytes_;
    if (position < 0) position = 0;
  }
  return file.start_bytes + static_cast<uint64_t>(position);
}

bool FioIoGenerator::NextOffset(int dir, FileState& file, bool sequential, uint64_t& offset) {
  DirectionState& state = dirs_[dir];
  if (!sequential) return RandomOffset(dir, file, offset);
  const uint64_t candidate = SequentialCandidate(file, file.next_sequential[dir]);
  if (candidate + state.min_bytes <= file.end_bytes) {
    offset = candidate;
    return true;
  }
  if (random_pattern_) {
    // fio get_next_block: a sequential stretch that hits the end of the
    // region continues from a random block.
    return RandomOffset(dir, file, offset);
  }
  if (wrap_around_) {
    // fio get_next_seq_offset: time_based and io_size > size wrap around,
    // to fio's f->file_offset (a strided job's current zone).
    const uint64_t start = strided_ ? zone_start_ : file.start_bytes;
    file.next_sequential[dir] = start;
    offset = start;
    return true;
  }
  return false;  // the file is done: this loop is over for it
}

uint32_t FioIoGenerator::ChooseSize(int dir, const FileState& file, uint64_t offset) {
  const DirectionState& state = dirs_[dir];
  if (state.range_max_bytes != 0) {
    // fio io_u.c get_next_buflen with bsrange: min + max * r / (2^64),
    // rounded down to a multiple of min unless bs_unaligned, capped at
    // max; drawn again until it fits before the end of the file. For
    // bsrange=4k-16k this gives 4k, 8k, 12k and 16k a quarter each.
    const uint64_t min = state.min_bytes;
    const uint64_t max = state.range_max_bytes;
    if (min == max) return state.min_bytes;
    for (int attempt = 0; attempt < 64; ++attempt) {
      uint64_t length = min + size_rng_.Below(max);
      if (!bs_unaligned_) {
        if ((min & (min - 1)) == 0) {
          length &= ~(min - 1);
        } else {
          length -= length % min;
        }
      }
      if (length > max) length = max;
      if (offset + length <= file.end_bytes) return static_cast<uint32_t>(length);
    }
    return state.min_bytes;
  }
  const size_t count = state.sizes.size();
  if (count == 1) return state.sizes[0];
  // fio io_u.c get_next_buflen: draw a share; take the first size at or
  // after it that fits before the file's end; if none fits, draw again.
  // The smallest size always fits (offsets are chosen so), which bounds
  // the retries; after 64 misses it is taken directly.
  for (int attempt = 0; attempt < 64; ++attempt) {
    const uint64_t r = size_rng_.Below(100);
    uint32_t previous = 0;
    for (size_t i = 0; i < count; ++i) {
      const uint32_t cumulative = state.cumulative_percent[i];
      const bool has_share = cumulative > previous;
      previous = cumulative;
      if (!has_share || r >= cumulative) continue;
      if (offset + state.sizes[i] <= file.end_bytes) return state.sizes[i];
    }
  }
  return state.min_bytes;
}

bool FioIoGenerator::Next(IoRequest& out) {
  if (finished_) return false;
  if (number_ios_ != 0 && data_ios_ >= number_ios_) {
    finished_ = true;
    return false;
  }
  if (loop_bytes_ >= loop_target_bytes_ && !write_after_trim_ && !StartNextLoop()) {
    finished_ = true;
    return false;
  }
  // fio get_rw_ddir: a sync comes first when the last I/O was a write and
  // the write count is a multiple of fsync=N.
  if (fsync_blocks_ != 0 && last_op_ == IoOp::kWrite && io_issues_[1] % fsync_blocks_ == 0) {
    out = IoRequest{IoOp::kFlush, 0, 0};
    last_op_ = IoOp::kFlush;
    ++issued_;
    return true;
  }
  const int dir = NextDirection();
  uint64_t offset = 0;
  uint32_t length = 0;
  if (write_after_trim_ && rw_ == RwPattern::kRandTrimWrite) {
    // fio get_next_block / get_next_buflen for randtrimwrite: the write
    // takes the trim's offset and length, outside the random map.
    offset = trim_offset_;
    length = trim_length_;
  } else {
    // The write half of a sequential trimwrite stays on the trim's file.
    if (!write_after_trim_) SelectFile();
    if (strided_) EnterStridedZone(dir, files_.front());
    const bool sequential = WantSequential();
    for (;;) {
      if (NextOffset(dir, files_[open_files_[current_slot_]], sequential, offset)) break;
      if (offsets_done_) {
        finished_ = true;
        return false;
      }
      // The file (or, with one file, the region) is done: the next file, or
      // the next loop from the region start (which fits: every file holds
      // at least one block).
      if (!CloseFile()) {
        finished_ = true;
        return false;
      }
    }
    FileState& file = files_[open_files_[current_slot_]];
    length = ChooseSize(dir, file, offset);
    file.next_sequential[dir] = offset + length;
  }
  out = IoRequest{kDirectionOp[dir], offset, length};
  if (dir == 2 && num_range_ > 1) {
    // fio io_u.c fill_multi_range_io_u: the command's ranges are drawn one
    // after another as single trims would be, on the same file; a range
    // that cannot be drawn ends the list early. The command's length is
    // their sum (fio's buflen).
    ranges_.clear();
    ranges_.push_back(IoRange{offset, length});
    FileState& file = files_[open_files_[current_slot_]];
    while (ranges_.size() < num_range_) {
      uint64_t range_offset = 0;
      if (!NextOffset(dir, file, WantSequential(), range_offset)) break;
      const uint32_t range_length = ChooseSize(dir, file, range_offset);
      file.next_sequential[dir] = range_offset + range_length;
      ranges_.push_back(IoRange{range_offset, range_length});
      length += range_length;
    }
    offsets_done_ = false;  // a later command finds out again
    out.length_bytes = length;
    out.ranges = ranges_.data();
    out.range_count = static_cast<uint32_t>(ranges_.size());
  }
  if (trimwrite_) {
    write_after_trim_ = dir == 2;
    trim_offset_ = offset;
    trim_length_ = length;
  }
  ++io_issues_[dir];
  // trimwrite: only the writes count towards size/io_size (fio's
  // io_bytes_exceeded counts a trimwrite job's write bytes).
  if (!trimwrite_ || dir == 1) loop_bytes_ += length;
  zone_bytes_ += length;
  ++data_ios_;
  ++issued_;
  last_op_ = out.op;
  return true;
}

}  // namespace flashscope
