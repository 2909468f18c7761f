// FioIoGenerator: see fio_generator.h. Sources: fio io_u.c (offsets, block
// sizes, rwmix, percentage_random, fsync), lib/zipf.c and lib/gauss.c (the
// skewed distributions and their hash scatter), init.c (non-uniform
// distributions run without the random map; zoned tables).
#include "workload/fio_generator.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "util/input_error.h"
#include "workload/fio_file_set.h"

namespace flashscope {
namespace {

// fio hash.h GR_PRIME_64: __hash_u64(v) = v * GR_PRIME_64, the hash fio's
// zipf_next, pareto_next and gauss_next use to scatter ranks over the file.
constexpr uint64_t kGoldenRatioPrime64 = 0x9e37fffffffc0001ull;

// ---------------------------------------------------------------------------
// Deterministic elementary functions for setup code. The C library's log,
// exp and pow are not correctly rounded and differ between glibc and
// Emscripten's musl, so a table built with them could differ in the last
// bit natively and in WebAssembly. These use only +, -, *, / (correctly
// rounded everywhere), frexp/ldexp/floor (exact): accurate to a few ulps,
// and identical on every platform.

constexpr double kLn2Hi = 6.93147180369123816490e-01;  // fdlibm's split of ln 2
constexpr double kLn2Lo = 1.90821492927058770002e-10;

double DetLog(double x) {
  int exponent;
  double mantissa = std::frexp(x, &exponent);  // x = mantissa * 2^exponent
  if (mantissa < 0.70710678118654752440) {
    mantissa *= 2;
    --exponent;
  }
  // log(m) = 2 atanh(s), s = (m-1)/(m+1), |s| <= 0.172: 13 terms reach 1e-20.
  const double s = (mantissa - 1) / (mantissa + 1);
  const double s2 = s * s;
  double term = s;
  double series = 0;
  for (int k = 0; k < 13; ++k) {
    series += term / (2 * k + 1);
    term *= s2;
  }
  return exponent * kLn2Hi + (exponent * kLn2Lo + 2 * series);
}

double DetExp(double x) {
  if (x < -745) return 0;
  if (x > 709) return HUGE_VAL;
  const double k = std::floor(x / (kLn2Hi + kLn2Lo) + 0.5);
  const double r = (x - k * kLn2Hi) - k * kLn2Lo;  // |r| <= 0.35
  double term = 1;
  double sum = 1;
  for (int i = 1; i <= 20; ++i) {
    term *= r / i;
    sum += term;
  }
  return std::ldexp(sum, static_cast<int>(k));
}

double DetPow(double base, double exponent) {
  if (base == 0) return exponent > 0 ? 0 : HUGE_VAL;
  return DetExp(exponent * DetLog(base));
}

uint64_t Mix64(uint64_t z) {  // splitmix64's finaliser
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Rank categories: the hottest kExactRanks one by one, then kTailBuckets
// geometric buckets up to n. A bucket spans a ratio of at most
// (2^64 / 1024)^(1/4096) ~ 1.0075, so a Zipf weight varies by < 1 % inside
// it and picking uniformly within a bucket barely moves any hit share.
constexpr uint64_t kExactRanks = 1024;
constexpr uint64_t kTailBuckets = 4096;

bool IsRandomPattern(RwPattern rw) {
  return rw == RwPattern::kRandRead || rw == RwPattern::kRandWrite || rw == RwPattern::kRandRw ||
         rw == RwPattern::kRandTrim || rw == RwPattern::kRandTrimWrite;
}

bool IsTrimWritePattern(RwPattern rw) {
  return rw == RwPattern::kTrimWrite || rw == RwPattern::kRandTrimWrite;
}

bool IsMixedPattern(RwPattern rw) {
  return rw == RwPattern::kReadWrite || rw == RwPattern::kRandRw;
}

int FixedDirection(RwPattern rw) {
  switch (rw) {
    case RwPattern::kWrite:
    case RwPattern::kRandWrite:
      return 1;
    case RwPattern::kTrim:
    case RwPattern::kRandTrim:
    case RwPattern::kTrimWrite:  // starts with a trim
    case RwPattern::kRandTrimWrite:
      return 2;
    default:
      return 0;
  }
}

constexpr IoOp kDirectionOp[3] = {IoOp::kRead, IoOp::kWrite, IoOp::kTrim};

}  // namespace

// ---------------------------------------------------------------------------
// BlockPermutation

void FioIoGenerator::BlockPermutation::Reset(uint64_t n, Rng& rng) {
  n_ = n;
  uint32_t bits = 2;
  while (bits < 64 && (uint64_t{1} << bits) < n) ++bits;
  if (bits % 2 != 0) ++bits;
  half_bits_ = bits / 2;
  half_mask_ = (uint64_t{1} << half_bits_) - 1;
  for (uint64_t& key : keys_) key = rng.NextU64();
}

uint64_t FioIoGenerator::BlockPermutation::Encrypt(uint64_t value) const {
  uint64_t left = value >> half_bits_;
  uint64_t right = value & half_mask_;
  for (uint64_t key : keys_) {
    const uint64_t next_right = left ^ (Mix64(right ^ key) & half_mask_);
    left = right;
    right = next_right;
  }
  return (left << half_bits_) | right;
}

uint64_t FioIoGenerator::BlockPermutation::At(uint64_t index) const {
  // Cycle walking (Black & Rogaway 2002): the cycle through `index` returns
  // to [0, n) before it repeats, so this is a bijection on [0, n).
  uint64_t value = Encrypt(index);
  while (value >= n_) value = Encrypt(value);
  return value;
}

// ---------------------------------------------------------------------------
// RankSampler

template <typename WeightFn>
void FioIoGenerator::RankSampler::Build(uint64_t n, WeightFn weight) {
  first_rank_.clear();
  rank_count_.clear();
  const uint64_t exact = n <= kExactRanks + kTailBuckets ? n : kExactRanks;
  for (uint64_t rank = 0; rank < exact; ++rank) {
    first_rank_.push_back(rank);
    rank_count_.push_back(1);
  }
  if (exact < n) {
    const double exact_ranks = static_cast<double>(exact);
    const double log_span = DetLog(static_cast<double>(n) / exact_ranks);
    uint64_t start = exact;
    for (uint64_t i = 1; i <= kTailBuckets && start < n; ++i) {
      uint64_t end =
          i == kTailBuckets
              ? n
              : static_cast<uint64_t>(exact_ranks *
                                      DetExp(log_span * static_cast<double>(i) / kTailBuckets));
      if (end <= start) end = start + 1;
      if (end > n) end = n;
      first_rank_.push_back(start);
      rank_count_.push_back(end - start);
      start = end;
    }
  }

  // Walker's alias method, built with Vose's stable two-list procedure.
  const size_t count = first_rank_.size();
  std::vector<double> scaled(count);
  double total = 0;
  for (size_t i = 0; i < count; ++i) {
    scaled[i] = weight(first_rank_[i], first_rank_[i] + rank_count_[i]);
    total += scaled[i];
  }
  std::vector<uint32_t> small;
  std::vector<uint32_t> large;
  for (size_t i = 0; i < count; ++i) {
    scaled[i] = scaled[i] / total * static_cast<double>(count);
    (scaled[i] < 1 ? small : large).push_back(static_cast<uint32_t>(i));
  }
  constexpr double kOne53 = 9007199254740992.0;  // 2^53
  keep_below_.assign(count, uint64_t{1} << 53);
  alias_.resize(count);
  for (size_t i = 0; i < count; ++i) alias_[i] = static_cast<uint32_t>(i);
  while (!small.empty() && !large.empty()) {
    const uint32_t low = small.back();
    small.pop_back();
    const uint32_t high = large.back();
    keep_below_[low] = static_cast<uint64_t>(scaled[low] * kOne53);
    alias_[low] = high;
    scaled[high] = (scaled[high] + scaled[low]) - 1;
    if (scaled[high] < 1) {
      large.pop_back();
      small.push_back(high);
    }
  }
  // Whatever is left holds probability 1 up to rounding: keep_below_ 2^53.
}

void FioIoGenerator::RankSampler::BuildZipf(uint64_t n, double theta) {
  // Exact Zipf pmf over ranks 1..n: p(k) ~ k^-theta. fio's zipf_next uses
  // Gray et al.'s closed-form approximation and sums zeta(n) over at most
  // 10M terms (lib/zipf.c ZIPF_MAX_GEN); here the hottest 1024 ranks are
  // exact and each tail bucket gets the midpoint-rule integral
  //   sum_{k=a+1..b} k^-theta ~ integral_{a+1/2}^{b+1/2} x^-theta dx,
  // whose relative error is below 1e-7 beyond rank 1024. Setup is
  // O(5120) whatever n is (2^28 blocks cost the same as 2^16).
  Build(n, [theta](uint64_t first, uint64_t end) {
    if (end - first == 1) return DetPow(static_cast<double>(first + 1), -theta);
    const double upper = DetPow(static_cast<double>(end) + 0.5, 1 - theta);
    const double lower = DetPow(static_cast<double>(first) + 0.5, 1 - theta);
    return (upper - lower) / (1 - theta);
  });
}

void FioIoGenerator::RankSampler::BuildPareto(uint64_t n, double h) {
  // fio lib/zipf.c pareto_next: rank = (n - 1) * u^pareto_pow with
  // pareto_pow = log(h) / log(1 - h), so P(rank < x) = (x / (n-1))^(1/pow):
  // with h = 0.2, 80 % of the I/O goes to the first 20 % of the ranks.
  const double inverse_pow = DetLog(1 - h) / DetLog(h);
  const double last = static_cast<double>(n > 1 ? n - 1 : 1);
  auto cdf = [inverse_pow, last](uint64_t x) {
    if (x == 0) return 0.0;
    const double fraction = static_cast<double>(x) / last;
    return fraction >= 1 ? 1.0 : DetPow(fraction, inverse_pow);
  };
  Build(n, [cdf](uint64_t first, uint64_t end) { return cdf(end) - cdf(first); });
}

uint64_t FioIoGenerator::RankSampler::Sample(Rng& rng) const {
  uint64_t category = rng.Below(first_rank_.size());
  if ((rng.NextU64() >> 11) >= keep_below_[category]) {
    category = alias_[category];
  }
  const uint64_t count = rank_count_[category];
  return first_rank_[category] + (count > 1 ? rng.Below(count) : 0);
}

// ---------------------------------------------------------------------------
// FioIoGenerator

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
