// The fio options with a value syntax of their own: see
// fio_compound_options.h. Sources: fio's options.c (str_rw_cb,
// str_fst_cb, str_steadystate_cb, zone_split_ddir, str_random_distribution_cb)
// and parse.c (FIO_OPT_RANGE, FIO_OPT_FLOAT_LIST).
#include "workload/fio_compound_options.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "util/input_error.h"
#include "workload/fio_rw_pattern.h"

namespace flashscope::fio_values {

void ParseBs(FioJob& job, const ValueContext& ctx, std::string_view text) {
  const PerDirection items = PerDirectionItems(ctx, text);
  for (int dir = 0; dir < 3; ++dir) {
    const std::string_view item = items.item[dir];
    if (item.empty()) continue;  // fio: keep the default for this direction
    if (item.find('-') != std::string_view::npos || item.find(':') != std::string_view::npos) {
      // fio reads "bs=4k-16k" as 4k and drops the rest without a word.
      FailValue(ctx, "'" + std::string(item) +
                         "' is a range; fio would silently use its first value. Write "
                         "bsrange=" +
                         std::string(item) + " for a range, or one size");
    }
    job.block_sizes[dir] = {BlockSizeShare{ParseBlockSize(ctx, item), 100}};
    job.bs_range[dir] = BlockSizeRange{};
  }
}

// bsrange=1k-4k,2k-8k (fio FIO_OPT_RANGE, '-' or ':' between the bounds;
// fio swaps reversed bounds).
void ParseBsRange(FioJob& job, const ValueContext& ctx, std::string_view text) {
  const PerDirection items = PerDirectionItems(ctx, text);
  for (int dir = 0; dir < 3; ++dir) {
    const std::string_view item = items.item[dir];
    if (item.empty()) continue;
    size_t dash = item.find('-');
    if (dash == std::string_view::npos) dash = item.find(':');
    if (dash == std::string_view::npos) {
      FailValue(ctx, "'" + std::string(item) + "' is not a range (write min-max, as 4k-64k)");
    }
    uint32_t low = ParseBlockSize(ctx, item.substr(0, dash));
    uint32_t high = ParseBlockSize(ctx, item.substr(dash + 1));
    if (low > high) std::swap(low, high);
    job.bs_range[dir] = BlockSizeRange{low, high};
  }
}

// ba=4k or ba=4k,8k: per-direction alignment of random offsets.
void ParseBlockAlign(FioJob& job, const ValueContext& ctx, std::string_view text) {
  const PerDirection items = PerDirectionItems(ctx, text);
  for (int dir = 0; dir < 3; ++dir) {
    if (items.item[dir].empty()) continue;
    const uint64_t bytes = ParseBytes(ctx, items.item[dir]);
    if (bytes != 0 && (bytes % 512 != 0 || bytes > (1u << 30))) {
      FailValue(ctx, "alignment " + std::to_string(bytes) +
                         " bytes is not a multiple of 512 up to 1 GiB");
    }
    job.block_align[dir] = static_cast<uint32_t>(bytes);
  }
}

// rate=1m,2m / ratemin / rate_iops / rate_iops_min: one value per direction.
void ParseRatePerDirection(uint64_t (&out)[3], const ValueContext& ctx, std::string_view text,
                           bool bytes) {
  const PerDirection items = PerDirectionItems(ctx, text);
  for (int dir = 0; dir < 3; ++dir) {
    if (items.item[dir].empty()) continue;
    out[dir] =
        bytes ? ParseBytes(ctx, items.item[dir]) : ParseCount(ctx, items.item[dir], 0, UINT64_MAX);
  }
}

namespace {

// One direction of bssplit, "4k/50:64k/:1m/10". fio's split_parse_ddir:
// an entry without a percentage, or with 0, is "blank"; blanks share what is
// left of 100 evenly. fio rounds each share down; FlashScope gives the
// rounding remainder to the last blank so the shares add up to exactly 100.
std::vector<BlockSizeShare> ParseBsSplitDirection(const ValueContext& ctx, std::string_view text) {
  std::vector<BlockSizeShare> shares;
  std::vector<bool> blank;
  uint64_t given = 0;
  const size_t entry_count = CountItems(text, ':');
  for (size_t e = 0; e < entry_count; ++e) {
    const std::string_view entry = Trim(Item(text, ':', e));
    if (entry.empty()) break;  // fio stops at an empty entry
    const size_t slash = entry.find('/');
    BlockSizeShare share;
    share.bytes = ParseBlockSize(ctx, entry.substr(0, slash));
    bool is_blank = true;
    if (slash != std::string_view::npos) {
      const std::string_view percent_text = Trim(entry.substr(slash + 1));
      if (!percent_text.empty()) {
        uint64_t percent;
        if (!ParseDigits(percent_text, percent) || percent > 100) {
          FailValue(ctx, "invalid percentage '" + std::string(percent_text) + "' in '" +
                             std::string(entry) + "'");
        }
        if (percent > 0) {
          share.percent = static_cast<uint32_t>(percent);
          given += percent;
          is_blank = false;
        }
      }
    }
    shares.push_back(share);
    blank.push_back(is_blank);
    if (shares.size() > 64) FailValue(ctx, "at most 64 block sizes");
  }
  if (shares.empty()) return shares;
  const uint64_t blanks = static_cast<uint64_t>(std::count(blank.begin(), blank.end(), true));
  if (given > 100 || (blanks == 0 && given != 100)) {
    Fail(ctx.file, ctx.line,
         "bssplit percentages add up to " + std::to_string(given) + ", not 100");
  }
  if (blanks > 0) {
    const uint64_t each = (100 - given) / blanks;
    uint64_t remainder = (100 - given) % blanks;
    for (size_t i = shares.size(); i-- > 0;) {
      if (!blank[i]) continue;
      shares[i].percent = static_cast<uint32_t>(each + remainder);
      remainder = 0;
    }
  }
  return shares;
}

}  // namespace

void ParseBsSplit(FioJob& job, const ValueContext& ctx, std::string_view text) {
  const PerDirection items = PerDirectionItems(ctx, text);
  // Error messages name the option as fio's users know it.
  const ValueContext split_ctx{ctx.file, ctx.line, "bssplit", ctx.kb_base};
  for (int dir = 0; dir < 3; ++dir) {
    std::vector<BlockSizeShare> shares = ParseBsSplitDirection(split_ctx, items.item[dir]);
    if (!shares.empty()) job.block_sizes[dir] = std::move(shares);
  }
}

// rw=randread, with fio's postfix (options.c str_rw_cb): a random pattern
// takes `:N` (N sequential I/Os per random offset, rw_seq_nr), a sequential
// one `:size` (a gap after every I/O, negative to go backwards).
void ParseRw(FioJob& job, const ValueContext& ctx, std::string_view text) {
  text = Trim(text);
  const size_t colon = text.find(':');
  const std::string_view pattern = Trim(text.substr(0, colon));
  struct Name {
    std::string_view name;
    RwPattern pattern;
  };
  static constexpr Name kNames[] = {
      {"read", RwPattern::kRead},
      {"write", RwPattern::kWrite},
      {"trim", RwPattern::kTrim},
      {"randread", RwPattern::kRandRead},
      {"randwrite", RwPattern::kRandWrite},
      {"randtrim", RwPattern::kRandTrim},
      {"rw", RwPattern::kReadWrite},
      {"readwrite", RwPattern::kReadWrite},
      {"randrw", RwPattern::kRandRw},
      {"trimwrite", RwPattern::kTrimWrite},
      {"randtrimwrite", RwPattern::kRandTrimWrite},
  };
  const Name* found = nullptr;
  for (const Name& name : kNames) {
    if (pattern == name.name) found = &name;
  }
  if (found == nullptr) {
    FailValue(ctx, "unknown value '" + std::string(pattern) +
                       "' (allowed: read, write, trim, randread, randwrite, randtrim, rw, "
                       "readwrite, randrw, trimwrite, randtrimwrite)");
  }
  job.rw = found->pattern;
  job.rw_seq_nr = 0;
  job.rw_seq_add_bytes = 0;
  const std::string_view postfix =
      colon == std::string_view::npos ? std::string_view() : Trim(text.substr(colon + 1));
  if (postfix.empty()) return;  // "rw=randrw:" is plain randrw in fio
  if (IsRandomPattern(job.rw)) {
    job.rw_seq_nr = static_cast<uint32_t>(ParseCount(ctx, postfix, 1, UINT32_MAX));
  } else {
    job.rw_seq_add_bytes = ParseSignedBytes(ctx, postfix);
  }
}

// filesize=1m or filesize=1m-4m (fio draws each file's size in the range).
void ParseFileSize(FioJob& job, const ValueContext& ctx, std::string_view text) {
  text = Trim(text);
  const size_t dash = text.find('-');
  job.filesize_min = ParseSizeSpec(ctx, text.substr(0, dash), false, false);
  job.filesize_max = dash == std::string_view::npos
                         ? job.filesize_min
                         : ParseSizeSpec(ctx, text.substr(dash + 1), false, false);
  if (job.filesize_min.is_percent || job.filesize_max.is_percent) {
    FailValue(ctx, "file sizes are in bytes, not percentages");
  }
  if (job.filesize_min.bytes > job.filesize_max.bytes)
    std::swap(job.filesize_min, job.filesize_max);
  if (job.filesize_max.bytes == 0) FailValue(ctx, "file size must be greater than 0");
}

// file_service_type=roundrobin|sequential|random[:N] (options.c str_fst_cb).
void ParseFileService(FioJob& job, const ValueContext& ctx, std::string_view text) {
  text = Trim(text);
  const size_t colon = text.find(':');
  const std::string kind = Lower(Trim(text.substr(0, colon)));
  if (kind == "roundrobin") {
    job.file_service = FileService::kRoundRobin;
  } else if (kind == "sequential") {
    job.file_service = FileService::kSequential;
  } else if (kind == "random") {
    job.file_service = FileService::kRandom;
  } else if (kind == "zipf" || kind == "pareto" || kind == "normal" || kind == "gauss") {
    FailValue(ctx, "'" + kind +
                       "' (a skewed choice of file) is not supported; use random, roundrobin "
                       "or sequential, or random_distribution for skew within the region");
  } else {
    FailValue(ctx, "unknown value '" + kind + "' (allowed: random, roundrobin, sequential)");
  }
  job.file_service_nr = 1;
  if (colon != std::string_view::npos) {
    job.file_service_nr =
        static_cast<uint32_t>(ParseCount(ctx, text.substr(colon + 1), 1, UINT32_MAX));
  }
}

// ss=iops:10% / iops_slope:0.1% / bw:10% / bw:50m / bw_slope:... / lat:5% /
// lat_slope:... (options.c str_steadystate_cb). A limit in % is relative to
// the mean; otherwise IOPS (a decimal), bytes per second or a latency.
void ParseSteadyState(FioJob& job, const ValueContext& ctx, std::string_view text) {
  text = Trim(text);
  const size_t colon = text.find(':');
  const std::string kind = Lower(Trim(text.substr(0, colon)));
  if (kind == "iops") {
    job.ss_metric = SteadyStateMetric::kIops;
  } else if (kind == "iops_slope") {
    job.ss_metric = SteadyStateMetric::kIopsSlope;
  } else if (kind == "bw") {
    job.ss_metric = SteadyStateMetric::kBw;
  } else if (kind == "bw_slope") {
    job.ss_metric = SteadyStateMetric::kBwSlope;
  } else if (kind == "lat") {
    job.ss_metric = SteadyStateMetric::kLat;
  } else if (kind == "lat_slope") {
    job.ss_metric = SteadyStateMetric::kLatSlope;
  } else {
    FailValue(ctx, "unknown criterion '" + kind +
                       "' (allowed: iops, iops_slope, bw, bw_slope, lat, lat_slope)");
  }
  if (colon == std::string_view::npos) {
    FailValue(ctx, "needs a threshold after the criterion, as in iops:10% (fio requires it)");
  }
  std::string_view limit = Trim(text.substr(colon + 1));
  job.ss_limit_percent = !limit.empty() && limit.back() == '%';
  if (job.ss_limit_percent) {
    job.ss_limit = ParseNumber(ctx, Trim(limit.substr(0, limit.size() - 1)), "percentage");
  } else if (job.ss_metric == SteadyStateMetric::kIops ||
             job.ss_metric == SteadyStateMetric::kIopsSlope) {
    job.ss_limit = ParseNumber(ctx, limit, "threshold");
  } else if (job.ss_metric == SteadyStateMetric::kLat ||
             job.ss_metric == SteadyStateMetric::kLatSlope) {
    // A time, microseconds without a unit (fio check_str_time); the monitor
    // compares it with latencies in ns.
    job.ss_limit = static_cast<double>(ParseTime(ctx, limit, kNsPerUs));
  } else {
    job.ss_limit = static_cast<double>(ParseBytes(ctx, limit));
  }
}

// percentile_list=99.5:99.9 (fio FIO_OPT_FLOAT_LIST, at most 20 values from
// 0 to 100; fio sorts them for the report).
void ParsePercentileList(FioJob& job, const ValueContext& ctx, std::string_view text) {
  const size_t count = CountItems(text, ':');
  if (count > 20) FailValue(ctx, "at most 20 percentiles (fio's FIO_IO_U_LIST_MAX_LEN)");
  job.percentile_list.clear();
  for (size_t i = 0; i < count; ++i) {
    const std::string_view item = Trim(Item(text, ':', i));
    if (item.empty()) continue;
    const double value = ParseNumber(ctx, item, "percentile");
    if (value > 100) FailValue(ctx, "percentile " + std::string(item) + " is above 100");
    job.percentile_list.push_back(value);
  }
  std::sort(job.percentile_list.begin(), job.percentile_list.end());
}

// zoned:60/10:30/20:8/30:2/40 (fio options.c zone_split_ddir): access
// percentages must add up to 100; size percentages to at most 100, blanks
// (or 0) sharing the rest evenly.
void ParseZones(FioJob& job, const ValueContext& ctx, std::string_view text) {
  if (text.find(',') != std::string_view::npos) {
    FailValue(ctx,
              "per-direction zoned distributions are not supported (give "
              "one zone list for all directions)");
  }
  std::vector<DistributionZone> zones;
  std::vector<bool> blank_size;
  uint64_t access_total = 0;
  uint64_t size_total = 0;
  const size_t entry_count = CountItems(text, ':');
  for (size_t e = 0; e < entry_count; ++e) {
    const std::string_view entry = Trim(Item(text, ':', e));
    if (entry.empty()) break;
    const size_t slash = entry.find('/');
    uint64_t access;
    if (!ParseDigits(Trim(entry.substr(0, slash)), access) || access > 100) {
      FailValue(ctx, "invalid zone '" + std::string(entry) +
                         "' (expected access%/size% with whole numbers)");
    }
    uint64_t size = 0;
    if (slash != std::string_view::npos) {
      const std::string_view size_text = Trim(entry.substr(slash + 1));
      if (!size_text.empty() && (!ParseDigits(size_text, size) || size > 100)) {
        FailValue(ctx, "invalid zone '" + std::string(entry) +
                           "' (expected access%/size% with whole numbers)");
      }
    }
    DistributionZone zone;
    zone.access_percent = static_cast<double>(access);
    zone.size_percent = static_cast<double>(size);
    zones.push_back(zone);
    blank_size.push_back(size == 0);
    access_total += access;
    size_total += size;
    if (zones.size() > 256) FailValue(ctx, "at most 256 zones");
  }
  if (zones.empty()) FailValue(ctx, "zoned needs at least one zone");
  if (access_total != 100) {
    FailValue(ctx,
              "zoned access percentages add up to " + std::to_string(access_total) + ", not 100");
  }
  if (size_total > 100) {
    FailValue(ctx,
              "zoned size percentages add up to " + std::to_string(size_total) + ", more than 100");
  }
  const uint64_t blanks =
      static_cast<uint64_t>(std::count(blank_size.begin(), blank_size.end(), true));
  for (size_t i = 0; i < zones.size(); ++i) {
    if (blank_size[i]) {
      zones[i].size_percent = static_cast<double>((100 - size_total) / blanks);
    }
  }
  job.zones = std::move(zones);
}

void ParseRandomDistribution(FioJob& job, const ValueContext& ctx, std::string_view text) {
  text = Trim(text);
  const size_t colon = text.find(':');
  const std::string_view kind = text.substr(0, colon);
  const std::string_view rest =
      colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
  job.zones.clear();
  job.distribution_center = -1;
  if (kind == "random") {
    if (!rest.empty()) FailValue(ctx, "'random' takes no parameter");
    job.distribution = Distribution::kUniform;
    job.distribution_param = 0;
    return;
  }
  if (kind == "zoned") {
    job.distribution = Distribution::kZoned;
    job.distribution_param = 0;
    ParseZones(job, ctx, rest);
    return;
  }
  if (kind == "sequence") {
    // fio options.c parse_sequence_distribution: comma-separated block
    // indices, at most FIO_SEQ_MAX (64), each a non-negative integer.
    if (rest.empty()) FailValue(ctx, "missing pattern in sequence distribution");
    const size_t count = CountItems(rest, ',');
    if (count > 64) {
      FailValue(ctx, "sequence distribution supports up to 64 elements (got " +
                         std::to_string(count) + ")");
    }
    job.distribution = Distribution::kSequence;
    job.distribution_param = 0;
    job.random_sequence.clear();
    for (size_t i = 0; i < count; ++i) {
      job.random_sequence.push_back(
          static_cast<uint32_t>(ParseCount(ctx, Item(rest, ',', i), 0, UINT32_MAX)));
    }
    return;
  }
  if (kind == "zoned_abs") {
    FailValue(ctx, "'zoned_abs' is not supported (use zoned with percentages)");
  }
  // zipf[:theta[:center]], pareto[:h[:center]], normal[:dev[:center]]; the
  // defaults are fio's FIO_DEF_ZIPF 1.1, FIO_DEF_PARETO 0.2 and deviation 0.
  double param;
  if (kind == "zipf") {
    job.distribution = Distribution::kZipf;
    param = 1.1;
  } else if (kind == "pareto") {
    job.distribution = Distribution::kPareto;
    param = 0.2;
  } else if (kind == "normal") {
    job.distribution = Distribution::kNormal;
    param = 0;
  } else {
    FailValue(ctx, "unknown distribution '" + std::string(kind) +
                       "' (allowed: random, zipf, pareto, normal, zoned)");
  }
  if (!rest.empty()) {
    const size_t value_count = CountItems(rest, ':');
    if (value_count > 2) {
      FailValue(ctx, "too many parameters in '" + std::string(text) + "'");
    }
    param = ParseNumber(ctx, Item(rest, ':', 0), "parameter");
    if (value_count == 2) {
      const double center = ParseNumber(ctx, Item(rest, ':', 1), "center");
      if (center > 1) FailValue(ctx, "center must be between 0 and 1");
      job.distribution_center = center;
    }
  }
  // The range checks are fio's (options.c str_random_distribution_cb), plus
  // theta > 0 (theta 0 would be the uniform distribution).
  if (job.distribution == Distribution::kZipf && (param <= 0 || param == 1)) {
    FailValue(ctx, "zipf theta must be greater than 0 and not 1");
  }
  if (job.distribution == Distribution::kPareto && (param <= 0 || param >= 1)) {
    FailValue(ctx, "pareto h must be between 0 and 1 (exclusive)");
  }
  if (job.distribution == Distribution::kNormal && param >= 100) {
    FailValue(ctx, "normal deviation must be between 0 and 100");
  }
  job.distribution_param = param;
}

}  // namespace flashscope::fio_values
