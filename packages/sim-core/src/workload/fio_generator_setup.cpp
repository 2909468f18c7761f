// FioIoGenerator's constructor: the job's region, files, block sizes,
// random spaces and distribution tables, built once so that Next() never
// allocates (fio init.c and io_u.c's setup; see fio_generator.h).
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "util/input_error.h"
#include "workload/fio_file_set.h"
#include "workload/fio_generator.h"
#include "workload/fio_rw_pattern.h"

namespace flashscope {

FioIoGenerator::FioIoGenerator(const FioJob& job, uint64_t logical_capacity_bytes,
                               uint32_t mapping_unit_bytes, Rng rng, const std::string& file)
    : rw_(job.rw),
      percentage_random_(job.percentage_random),
      distribution_(job.distribution),
      distribution_center_(job.distribution_center),
      // fio init.c: "Using a non-uniform random distribution excludes usage
      // of a random map".
      random_map_(!job.norandommap && job.distribution == Distribution::kUniform),
      random_pattern_(IsRandomPattern(job.rw)),
      time_based_(job.time_based),
      number_ios_(job.number_ios),
      loops_(job.loops == 0 ? 1 : job.loops),
      fsync_blocks_(job.fsync_blocks),
      trimwrite_(IsTrimWritePattern(job.rw)),
      bs_unaligned_(job.bs_unaligned),
      seq_add_bytes_(job.rw_seq_add_bytes),
      rw_seq_nr_(job.rw_seq_nr),
      file_service_(job.file_service),
      file_service_nr_(job.file_service_nr == 0 ? 1 : job.file_service_nr),
      initial_rng_(job.has_randseed ? Rng(job.randseed) : rng) {
  const std::string where = "job '" + job.name + "': ";
  auto fail = [&](const std::string& problem) {
    throw InputError(file, job.line, where + problem);
  };
  if (mapping_unit_bytes == 0) fail("the device's mapping unit is 0 bytes");
  rwmix_[0] = job.rwmixread > 100 ? 100 : job.rwmixread;
  rwmix_[1] = 100 - rwmix_[0];

  // Zone units (`size=8z`) mean nothing until the zone size is known; the
  // job's consumer converts them (sim/fio_jobs.cpp) before this point.
  const std::pair<const char*, const SizeSpec*> sized[] = {
      {"size", &job.size},
      {"offset", &job.offset},
      {"io_size", &job.io_size},
      {"filesize", &job.filesize_min},
      {"filesize", &job.filesize_max},
      {"offset_increment", &job.offset_increment}};
  for (const auto& [name, spec] : sized) {
    if (spec->set && spec->in_zones) {
      fail(std::string(name) + "=" + std::to_string(spec->zones) +
           "z is in zones, which only mean something with zonemode=zbd on a zoned drive "
           "(they were not converted to bytes)");
    }
  }

  // Directions the job uses, and their block-size tables.
  bool used[3] = {false, false, false};
  if (IsMixedPattern(rw_)) {
    used[0] = used[1] = true;
  } else if (trimwrite_) {
    used[1] = used[2] = true;
  } else {
    used[FixedDirection(rw_)] = true;
  }
  uint32_t job_min_bytes = UINT32_MAX;
  for (int dir = 0; dir < 3; ++dir) {
    DirectionState& state = dirs_[dir];
    const BlockSizeRange& range = job.bs_range[dir];
    if (range.min_bytes != 0 || range.max_bytes != 0) {
      // bsrange replaces bs/bssplit for this direction.
      if (range.min_bytes == 0 || range.max_bytes < range.min_bytes) {
        fail("bsrange " + std::to_string(range.min_bytes) + "-" + std::to_string(range.max_bytes) +
             " is not a range of block sizes (min must be > 0 and <= max)");
      }
      state.sizes.push_back(range.min_bytes);
      state.cumulative_percent.push_back(100);
      state.min_bytes = range.min_bytes;
      state.range_max_bytes = range.max_bytes;
    } else {
      uint32_t cumulative = 0;
      for (const BlockSizeShare& share : job.block_sizes[dir]) {
        if (share.bytes == 0) fail("a block size is 0 bytes");
        cumulative += share.percent;
        state.sizes.push_back(share.bytes);
        state.cumulative_percent.push_back(cumulative);
        if (state.min_bytes == 0 || share.bytes < state.min_bytes) {
          state.min_bytes = share.bytes;
        }
      }
      if (state.sizes.empty()) {  // fio's default bs
        state.sizes.push_back(4096);
        state.cumulative_percent.push_back(100);
        state.min_bytes = 4096;
      }
      if (cumulative != 100 && state.sizes.size() > 1) {
        fail("block size shares add up to " + std::to_string(cumulative) + ", not 100");
      }
    }
    if (used[dir] && state.min_bytes < job_min_bytes) {
      job_min_bytes = state.min_bytes;
    }
  }

  // The region (fio HOWTO `offset`, `offset_increment`, `size`): its start,
  // and the files laid out from there (fio_file_set.h).
  const uint64_t start = FioJobStartBytes(job, logical_capacity_bytes, job_min_bytes);
  if (start >= logical_capacity_bytes) {
    fail("offset=" + HumanBytes(start) + " (" + std::to_string(start) +
         " bytes) starts at or beyond the end of the drive's " +
         HumanBytes(logical_capacity_bytes) + " logical capacity (" +
         std::to_string(logical_capacity_bytes) + " bytes)");
  }
  const uint64_t size =
      job.size.set ? job.size.Resolve(logical_capacity_bytes) : logical_capacity_bytes - start;
  if (size == 0 && !job.filesize_min.set) fail("the region (size) is empty");
  std::vector<uint64_t> file_sizes;
  {
    // A stream of its own (fio's file_size_state), so jobs without a
    // filesize range draw nothing from it and their offsets stay the same.
    Rng copy = initial_rng_;
    Rng file_size_rng = copy.Fork(8);
    FioFileSizes(job, logical_capacity_bytes, size, job_min_bytes, file_size_rng, file_sizes);
  }
  uint64_t total = 0;
  for (uint64_t bytes : file_sizes) total += bytes;
  if (total > logical_capacity_bytes - start) {
    std::string what;
    if (start != 0) what = "offset=" + HumanBytes(start) + " + ";
    if (job.filesize_min.set || file_sizes.size() > 1) {
      what += std::to_string(file_sizes.size()) + " files of " + HumanBytes(total) + " in all";
    } else {
      what += "size=" + HumanBytes(total);
    }
    const uint64_t end = start + total;
    fail(what + " ends at " + HumanBytes(end) + " (" + std::to_string(end) +
         " bytes), beyond the drive's " + HumanBytes(logical_capacity_bytes) +
         " logical capacity (" + std::to_string(logical_capacity_bytes) + " bytes)");
  }
  total_file_bytes_ = total;
  // fio setup_files: with filesize, `size` is the I/O amount, at most the
  // files' total; without, the files split `size`.
  const uint64_t job_size =
      job.filesize_min.set ? (job.size.set && size < total ? size : total) : size;
  loop_target_bytes_ = job.io_size.set ? job.io_size.Resolve(logical_capacity_bytes) : job_size;
  if (loop_target_bytes_ == 0) fail("io_size is 0 bytes");
  // fio get_next_seq_offset: time_based, and io_size > size, go round the
  // region again instead of ending the loop.
  wrap_around_ = time_based_ || loop_target_bytes_ > job_size;

  uint64_t file_start = start;
  files_.resize(file_sizes.size());
  for (size_t i = 0; i < file_sizes.size(); ++i) {
    files_[i].start_bytes = file_start;
    files_[i].end_bytes = file_start + file_sizes[i];
    file_start += file_sizes[i];
  }

  // Random spaces, one per distinct (alignment, smallest block) among the
  // used directions. fio's blockalign only applies to random jobs.
  for (int dir = 0; dir < 3; ++dir) {
    DirectionState& state = dirs_[dir];
    if (!used[dir]) continue;
    for (size_t i = 0; i < files_.size(); ++i) {
      const uint64_t file_bytes = files_[i].end_bytes - files_[i].start_bytes;
      if (state.min_bytes > file_bytes) {
        if (files_.size() == 1) {
          fail("the region (" + std::to_string(file_bytes) +
               " bytes) is smaller than the block size " + std::to_string(state.min_bytes));
        }
        fail("file " + std::to_string(i) + " of " + std::to_string(files_.size()) + " (" +
             std::to_string(file_bytes) + " bytes) is smaller than the block size " +
             std::to_string(state.min_bytes));
      }
    }
    const uint64_t align =
        random_pattern_ && job.block_align[dir] != 0 ? job.block_align[dir] : state.min_bytes;
    uint32_t index = 0;
    while (index < spaces_.size() &&
           (spaces_[index].align_bytes != align || spaces_[index].min_bytes != state.min_bytes)) {
      ++index;
    }
    if (index == spaces_.size()) {
      RandomSpace space;
      space.align_bytes = align;
      space.min_bytes = state.min_bytes;
      spaces_.push_back(std::move(space));
      for (FileState& file_state : files_) {
        // fio last_block(): blocks whose offset leaves room for the
        // smallest block before the file's end.
        uint64_t room = file_state.end_bytes - file_state.start_bytes;
        if (state.min_bytes > align) room -= state.min_bytes - align;
        file_state.blocks[index] = room / align;
        if (file_state.blocks[index] == 0) {
          fail("blockalign " + std::to_string(align) + " leaves no block in a file of " +
               std::to_string(file_state.end_bytes - file_state.start_bytes) + " bytes");
        }
      }
    }
    state.space = index;
  }
  for (uint32_t index = 0; index < spaces_.size(); ++index) {
    RandomSpace& space = spaces_[index];
    const uint64_t n = files_.front().blocks[index];
    if (distribution_ == Distribution::kZipf || distribution_ == Distribution::kPareto ||
        (distribution_ == Distribution::kNormal && job.distribution_param != 0)) {
      for (const FileState& file_state : files_) {
        if (file_state.blocks[index] != n) {
          fail(
              "random_distribution zipf/pareto/normal needs files of one size (a filesize "
              "range gives them different sizes)");
        }
      }
    }
    if (distribution_ == Distribution::kZipf) {
      space.ranks.BuildZipf(n, job.distribution_param);
    } else if (distribution_ == Distribution::kPareto) {
      space.ranks.BuildPareto(n, job.distribution_param);
    } else if (distribution_ == Distribution::kNormal && job.distribution_param != 0) {
      // fio gauss_init: stddev = ceil(n * dev / 100), at most n / 2.
      uint64_t stddev =
          static_cast<uint64_t>(std::ceil(static_cast<double>(n) * job.distribution_param / 100.0));
      if (stddev > n / 2) stddev = n / 2;
      space.gauss_stddev = stddev;
    }
  }

  // fio init.c __td_zone_gen_index: entry v-1 of a 100-entry table holds
  // the size range (percent of the region) of the zone that v falls in.
  for (int v = 0; v < 100; ++v) {
    zone_start_percent_[v] = 0;
    zone_end_percent_[v] = 100;
  }
  if (distribution_ == Distribution::kZoned) {
    uint32_t access_before = 0;
    uint32_t size_before = 0;
    for (const DistributionZone& zone : job.zones) {
      const uint32_t access = static_cast<uint32_t>(zone.access_percent);
      const uint32_t zone_size = static_cast<uint32_t>(zone.size_percent);
      for (uint32_t v = access_before; v < access_before + access && v < 100; ++v) {
        zone_start_percent_[v] = static_cast<uint8_t>(size_before);
        zone_end_percent_[v] = static_cast<uint8_t>(size_before + zone_size);
      }
      access_before += access;
      size_before += zone_size;
    }
    if (access_before != 100 || size_before > 100) {
      fail(
          "zoned distribution: access percentages must add up to 100 and "
          "sizes to at most 100");
    }
  }

  // zonemode=strided: random offsets are drawn inside one zone (fio
  // last_block() and init_random_map use zonerange as the file size).
  strided_ = job.zone_strided && files_.size() == 1;
  if (strided_) {
    zone_size_bytes_ = job.zonesize.Resolve(logical_capacity_bytes);
    zone_range_bytes_ =
        job.zonerange.set ? job.zonerange.Resolve(logical_capacity_bytes) : zone_size_bytes_;
    zone_skip_bytes_ = job.zoneskip.set ? job.zoneskip.Resolve(logical_capacity_bytes) : 0;
    if (zone_size_bytes_ == 0 || zone_range_bytes_ == 0) {
      fail("zonemode=strided: zonesize and zonerange must be more than 0 bytes");
    }
    for (uint32_t index = 0; index < spaces_.size(); ++index) {
      const RandomSpace& space = spaces_[index];
      uint64_t room = zone_range_bytes_;
      if (space.min_bytes > room) {
        fail("zonemode=strided: zonerange (" + std::to_string(zone_range_bytes_) +
             " bytes) is smaller than the block size " + std::to_string(space.min_bytes));
      }
      if (space.min_bytes > space.align_bytes) room -= space.min_bytes - space.align_bytes;
      files_.front().blocks[index] = room / space.align_bytes;
    }
  }

  // random_distribution=sequence: fio fails on a base index past the file
  // (io_u.c: "sequence access block N in base pattern out of bounds").
  sequence_ = job.random_sequence;
  sequence_stride_ = job.random_sequence_stride;
  if (distribution_ == Distribution::kSequence) {
    if (sequence_.empty()) fail("random_distribution=sequence has no block indices");
    for (int dir = 0; dir < 3; ++dir) {
      if (!used[dir]) continue;
      for (const FileState& file_state : files_) {
        const uint64_t max_blocks =
            (file_state.end_bytes - file_state.start_bytes) / dirs_[dir].min_bytes;
        for (uint32_t block : sequence_) {
          if (block >= max_blocks) {
            fail("random_distribution=sequence: block " + std::to_string(block) +
                 " is out of bounds (the file holds " + std::to_string(max_blocks) + " blocks of " +
                 std::to_string(dirs_[dir].min_bytes) + " bytes)");
          }
        }
      }
    }
  }

  // num_range (fio init.c: not with trimwrite; only trims carry ranges).
  num_range_ = job.num_range == 0 ? 1 : job.num_range;
  if (num_range_ > 1) {
    if (trimwrite_) fail("num_range: trimwrite cannot be used with multiple ranges (fio)");
    // zonemode=zbd trims are zone resets, one zone per command.
    if (job.zbd) fail("num_range > 1 with zonemode=zbd is not supported (a trim resets a zone)");
    uint64_t largest = dirs_[2].range_max_bytes;
    for (uint32_t bytes : dirs_[2].sizes) largest = std::max<uint64_t>(largest, bytes);
    if (largest * num_range_ > UINT32_MAX) {
      fail("num_range=" + std::to_string(num_range_) + " trims of up to " +
           std::to_string(largest) + " bytes exceed 4 GiB in one command");
    }
    ranges_.reserve(num_range_);
  }

  // sprandom (fio sprandom_init): the writes' order over the file's
  // blocks; fio sets io_size to the physical size, written once.
  sprandom_ = job.sprandom;
  if (sprandom_) {
    if (files_.size() != 1) fail("sprandom needs a single file (nrfiles=1)");
    if (!used[1]) fail("sprandom requires random writes (rw=randwrite or randrw)");
    const RandomSpace& space = spaces_[dirs_[1].space];
    const uint64_t logical = files_.front().end_bytes - files_.front().start_bytes;
    const std::string problem = sprandom_order_.Setup(
        logical, space.align_bytes, job.spr_num_regions, job.spr_op, job.spr_cs_bytes);
    if (!problem.empty()) fail(problem);
    loop_target_bytes_ = SpRandom::PhysicalBytes(job.spr_op, logical, space.align_bytes);
    wrap_around_ = true;
  }

  // fio `openfiles` (0: all of them).
  uint32_t open_limit = job.openfiles == 0 ? static_cast<uint32_t>(files_.size()) : job.openfiles;
  if (open_limit > files_.size()) open_limit = static_cast<uint32_t>(files_.size());
  open_files_.assign(open_limit, 0);

  Reset();
}

}  // namespace flashscope
