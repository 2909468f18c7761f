// ParseFioJobs: fio's INI job-file format into FioJob records.
//
// Follows fio's HOWTO ("Job file format", "Job file parameters") and the
// code it documents (fio's parse.c, options.c, init.c): [global] options are
// copied into every job that follows them (a later [global] changes only the
// jobs after it, as fio's def_thread does); `include FILE` reads another
// file in place; `${VAR}` is replaced by the environment variable and
// $pagesize, $mb_memory and $ncpus by a simulated host's figures (below),
// with fio's arithmetic; `numjobs=N` expands a job into N clones and jobs
// get fio's reporting groups (init.c add_job).
//
// Every option fio knows is in fio_option_table.cpp, marked honoured (it
// sets a FioJob field: the table below), ignored (it means nothing for a
// simulated drive, listed in FioJob::ignored) or refused (it would change
// the workload in a way FlashScope does not model; its default value is
// still accepted). Anything else is a typo, answered with a did-you-mean.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "util/input_error.h"
#include "workload/fio_job.h"
#include "workload/fio_job_file.h"
#include "workload/fio_option_table.h"
#include "workload/fio_values.h"

namespace flashscope {
namespace {

using namespace fio_values;  // NOLINT: this file is the only user

// fio's keywords (options.c fio_keywords) describe the machine running fio;
// FlashScope's simulated host is fixed so that a job file means the same
// everywhere: a 4 KiB page, 16 GiB of memory, 8 CPUs.
constexpr std::string_view kPageSizeValue = "4096";
constexpr std::string_view kMbMemoryValue = "16384";
constexpr std::string_view kNcpusValue = "8";
struct Keyword {
  std::string_view word;
  std::string_view replacement;
};
constexpr Keyword kKeywords[] = {
    {"$pagesize", kPageSizeValue}, {"$mb_memory", kMbMemoryValue}, {"$ncpus", kNcpusValue}};

// How deep `include` may nest (an include cycle ends here, with an error).
constexpr int kMaxIncludeDepth = 16;

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

void ParseBsSplit(FioJob& job, const ValueContext& ctx, std::string_view text) {
  const PerDirection items = PerDirectionItems(ctx, text);
  // Error messages name the option as fio's users know it.
  const ValueContext split_ctx{ctx.file, ctx.line, "bssplit", ctx.kb_base};
  for (int dir = 0; dir < 3; ++dir) {
    std::vector<BlockSizeShare> shares = ParseBsSplitDirection(split_ctx, items.item[dir]);
    if (!shares.empty()) job.block_sizes[dir] = std::move(shares);
  }
}

bool IsRandom(RwPattern rw) {
  return rw == RwPattern::kRandRead || rw == RwPattern::kRandWrite || rw == RwPattern::kRandRw ||
         rw == RwPattern::kRandTrim || rw == RwPattern::kRandTrimWrite;
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
  if (IsRandom(job.rw)) {
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

// fio init.c fixup_options for zonemode=strided: zonesize is required,
// zonerange defaults to it, and the mode "only really works with 1 file"
// (more than one open file turns it off).
void FinishStridedZones(FioJob& job, const std::string& file) {
  if (!job.zone_strided) return;
  if (!job.zonesize.set || job.zonesize.in_zones) {
    Fail(file, job.line,
         "job '" + job.name + "': zonemode=strided needs zonesize (the bytes of I/O in each zone)");
  }
  if (!job.zonerange.set) job.zonerange = job.zonesize;
  if (job.nrfiles > 1 && job.openfiles != 1) job.zone_strided = false;
}

// fio init.c fixup_options: "sprandom requires random write,
// random_generator=lfsr, norandommap=1"; fio sets the last two itself
// (FlashScope has one generator, so random_generator is not checked).
void FinishSpRandom(FioJob& job, const std::string& file) {
  if (!job.sprandom) return;
  if (job.rw != RwPattern::kRandWrite && job.rw != RwPattern::kRandRw) {
    Fail(file, job.line,
         "job '" + job.name + "': sprandom requires random writes (rw=randwrite or randrw)");
  }
  if (job.nrfiles > 1) {
    Fail(file, job.line, "job '" + job.name + "': sprandom needs a single file (nrfiles=1)");
  }
  job.norandommap = true;
}

// ---------------------------------------------------------------------------
// Honoured options, by fio's canonical name (aliases reach them through
// fio_option_table.cpp).

// The job being filled plus parse state that fio keeps in its options too.
struct JobDraft {
  FioJob job;
  uint32_t kb_base = 1024;
  uint32_t wait_for_line = 0;  // where wait_for was given, for its error
};

struct OptionValue {
  std::string_view text;  // after '=' (trimmed); empty when absent
  bool present;           // false for a bare flag like `norandommap`
};

using Apply = void (*)(JobDraft& draft, const ValueContext& ctx, const OptionValue& value);

struct HonouredOption {
  std::string_view canonical;
  Apply apply;
};

void AddIgnored(FioJob& job, std::string_view name) {
  if (std::find(job.ignored.begin(), job.ignored.end(), name) == job.ignored.end()) {
    job.ignored.emplace_back(name);
  }
}

std::string_view RequireValue(const ValueContext& ctx, const OptionValue& value) {
  if (!value.present || value.text.empty()) FailValue(ctx, "needs a value");
  return value.text;
}

uint32_t ParsePercent(const ValueContext& ctx, std::string_view text) {
  return static_cast<uint32_t>(ParseCount(ctx, text, 0, 100));
}

const HonouredOption kHonouredOptions[] = {
    {"name", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.name = std::string(RequireValue(c, v));
     }},
    {"description", [](JobDraft& d, const ValueContext&, const OptionValue& v) {
       d.job.description = std::string(v.text);
     }},
    {"wait_for", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.wait_for = std::string(Trim(RequireValue(c, v)));
       d.wait_for_line = c.line;
     }},
    {"rw", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       ParseRw(d.job, c, RequireValue(c, v));
     }},
    {"bs", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       ParseBs(d.job, c, RequireValue(c, v));
     }},
    {"bsrange", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       ParseBsRange(d.job, c, RequireValue(c, v));
     }},
    {"bssplit", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       ParseBsSplit(d.job, c, RequireValue(c, v));
       for (BlockSizeRange& range : d.job.bs_range) range = BlockSizeRange{};
     }},
    {"ba", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       ParseBlockAlign(d.job, c, RequireValue(c, v));
     }},
    {"bs_unaligned", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.bs_unaligned = ParseBool(c, v.text, v.present);
     }},
    {"size", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.size = ParseSizeSpec(c, RequireValue(c, v), false, true);
       // size=0 is fio's default: the whole device (from the offset on).
       if (!d.job.size.is_percent && !d.job.size.in_zones && d.job.size.bytes == 0) {
         d.job.size = SizeSpec{};
       }
     }},
    {"offset", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.offset = ParseSizeSpec(c, RequireValue(c, v), true, true);
     }},
    {"io_size", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.io_size = ParseSizeSpec(c, RequireValue(c, v), false, true);
     }},
    {"offset_increment", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.offset_increment = ParseSizeSpec(c, RequireValue(c, v), true, true);
     }},
    {"filesize", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       ParseFileSize(d.job, c, RequireValue(c, v));
     }},
    {"nrfiles", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.nrfiles = static_cast<uint32_t>(ParseCount(c, RequireValue(c, v), 1, 1u << 20));
     }},
    {"openfiles", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.openfiles = static_cast<uint32_t>(ParseCount(c, RequireValue(c, v), 0, 1u << 20));
     }},
    {"file_service_type", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       ParseFileService(d.job, c, RequireValue(c, v));
     }},
    {"fill_device", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.fill_device = ParseBool(c, v.text, v.present);
     }},
    {"number_ios", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.number_ios = ParseCount(c, RequireValue(c, v), 0, UINT64_MAX);
     }},
    {"loops", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       // fio init.c: loops=0 runs once, as loops=1.
       d.job.loops = std::max<uint32_t>(
           1, static_cast<uint32_t>(ParseCount(c, RequireValue(c, v), 0, 1u << 30)));
     }},
    {"iodepth", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.iodepth = static_cast<uint32_t>(ParseCount(c, RequireValue(c, v), 1, 65536));
     }},
    {"rwmixread", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.rwmixread = ParsePercent(c, RequireValue(c, v));
     }},
    // fio: "If both rwmixread and rwmixwrite are given and the values do not
    // add up to 100%, the latter of the two will be used".
    {"rwmixwrite", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.rwmixread = 100 - ParsePercent(c, RequireValue(c, v));
     }},
    {"percentage_random", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       // Per direction in fio; FlashScope has one share for the job, so a
       // list is accepted when every direction gets the same share.
       const PerDirection items = PerDirectionItems(c, RequireValue(c, v));
       const uint32_t percent = ParsePercent(c, items.item[0]);
       for (const std::string_view item : items.item) {
         if (ParsePercent(c, item) != percent) {
           FailValue(c, "different percentages per direction are not supported (give one "
                        "percentage)");
         }
       }
       d.job.percentage_random = percent;
     }},
    {"random_distribution", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       ParseRandomDistribution(d.job, c, RequireValue(c, v));
     }},
    {"norandommap", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.norandommap = ParseBool(c, v.text, v.present);
     }},
    {"runtime", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.runtime_ns = ParseTime(c, RequireValue(c, v), kNsPerSecond);
     }},
    {"time_based", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.time_based = ParseBool(c, v.text, v.present);
     }},
    // fio's thinktime is in microseconds when no unit is given.
    {"thinktime", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.thinktime_ns = ParseTime(c, RequireValue(c, v), kNsPerUs);
     }},
    {"thinktime_blocks", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.thinktime_blocks =
           static_cast<uint32_t>(ParseCount(c, RequireValue(c, v), 1, 1u << 30));
     }},
    {"startdelay", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       const std::string_view text = RequireValue(c, v);
       if (text.find('-') != std::string_view::npos || text.find(':') != std::string_view::npos) {
         FailValue(c, "random start delays (ranges) are not supported");
       }
       d.job.startdelay_ns = ParseTime(c, text, kNsPerSecond);
     }},
    {"ramp_time", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.ramp_time_ns = ParseTime(c, RequireValue(c, v), kNsPerSecond);
     }},
    // rate_iops: one value for every direction stays in FioJob::rate_iops
    // (the job's whole rate, as before); per-direction values go to
    // rate_iops_dir and rate_iops is 0.
    {"rate_iops", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       const std::string_view text = RequireValue(c, v);
       d.job.rate_iops = 0;
       for (uint64_t& rate : d.job.rate_iops_dir) rate = 0;
       if (text.find(',') == std::string_view::npos) {
         d.job.rate_iops = ParseCount(c, text, 0, UINT64_MAX);
       } else {
         ParseRatePerDirection(d.job.rate_iops_dir, c, text, false);
       }
     }},
    {"rate_iops_min", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       ParseRatePerDirection(d.job.rate_iops_min, c, RequireValue(c, v), false);
     }},
    {"rate", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       ParseRatePerDirection(d.job.rate_bytes, c, RequireValue(c, v), true);
     }},
    {"rate_min", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       ParseRatePerDirection(d.job.rate_min_bytes, c, RequireValue(c, v), true);
     }},
    // fio's ratecycle is in milliseconds.
    {"rate_cycle", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.rate_cycle_ns = ParseCount(c, RequireValue(c, v), 1, UINT32_MAX) * kNsPerMs;
     }},
    {"rate_process", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       const std::string text = Lower(Trim(RequireValue(c, v)));
       if (text == "linear") {
         d.job.rate_process = RateProcess::kLinear;
       } else if (text == "poisson") {
         d.job.rate_process = RateProcess::kPoisson;
       } else {
         FailValue(c, "unknown value '" + text + "' (allowed: linear, poisson)");
       }
     }},
    {"stonewall", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.stonewall = ParseBool(c, v.text, v.present);
     }},
    {"new_group", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.new_group = ParseBool(c, v.text, v.present);
     }},
    {"group_reporting", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.group_reporting = ParseBool(c, v.text, v.present);
     }},
    // none|0: split; mixed|1: one "mixed" direction; both|2 (split and
    // mixed) is reported as mixed.
    {"unified_rw_reporting", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       const std::string text = Lower(Trim(v.present ? v.text : std::string_view("1")));
       if (text == "none" || text == "0") {
         d.job.unified_rw_reporting = false;
       } else if (text == "mixed" || text == "1" || text == "both" || text == "2") {
         d.job.unified_rw_reporting = true;
       } else {
         FailValue(c, "unknown value '" + text + "' (allowed: none, mixed, both, 0, 1, 2)");
       }
     }},
    {"randseed", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.randseed = ParseCount(c, RequireValue(c, v), 0, UINT64_MAX);
       d.job.has_randseed = true;
     }},
    // fio's own limit is its thread table; 4096 clones is plenty.
    {"numjobs", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.numjobs = static_cast<uint32_t>(ParseCount(c, RequireValue(c, v), 1, 4096));
     }},
    // fsync=N / fdatasync=N: a flush after every N writes (fio io_u.c
    // get_rw_ddir). 0 turns it off, as in fio.
    {"fsync", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.fsync_blocks = static_cast<uint32_t>(ParseCount(c, RequireValue(c, v), 0, UINT32_MAX));
     }},
    {"fdatasync", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.fsync_blocks = static_cast<uint32_t>(ParseCount(c, RequireValue(c, v), 0, UINT32_MAX));
     }},
    // sync=1|sync|dsync (O_SYNC/O_DSYNC): each write waits for a flush;
    // sync=0|none: off (options.c "sync" posval).
    {"sync", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       const std::string text = Lower(Trim(v.present ? v.text : std::string_view("1")));
       if (text == "0" || text == "none") {
         d.job.sync_writes = false;
       } else if (text == "1" || text == "sync" || text == "dsync") {
         d.job.sync_writes = true;
       } else {
         FailValue(c, "unknown value '" + text + "' (allowed: none, 0, sync, 1, dsync)");
       }
     }},
    // end_syncfs and fsync_on_close also end the job with its data flushed
    // (a simulated drive has no file system or file to close).
    {"end_fsync", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.end_fsync = ParseBool(c, v.text, v.present);
     }},
    {"end_syncfs", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.end_fsync = ParseBool(c, v.text, v.present);
     }},
    {"fsync_on_close", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.end_fsync = ParseBool(c, v.text, v.present);
     }},
    {"exitall", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.exitall = ParseBool(c, v.text, v.present);
     }},
    {"read_iolog", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.read_iolog = std::string(Trim(RequireValue(c, v)));
     }},
    {"flow", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       std::string_view text = Trim(RequireValue(c, v));
       const bool negative = !text.empty() && text.front() == '-';
       const uint64_t magnitude = ParseCount(c, negative ? text.substr(1) : text, 0, INT32_MAX);
       d.job.flow = negative ? -static_cast<int32_t>(magnitude) : static_cast<int32_t>(magnitude);
     }},
    {"flow_id", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.flow_id = static_cast<uint32_t>(ParseCount(c, RequireValue(c, v), 0, UINT32_MAX));
     }},
    // fio's flow_sleep is in microseconds.
    {"flow_sleep", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.flow_sleep_ns = ParseTime(c, RequireValue(c, v), kNsPerUs);
     }},
    {"steadystate", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       ParseSteadyState(d.job, c, RequireValue(c, v));
     }},
    {"steadystate_duration", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.ss_dur_ns = ParseTime(c, RequireValue(c, v), kNsPerSecond);
     }},
    {"steadystate_ramp_time", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.ss_ramp_ns = ParseTime(c, RequireValue(c, v), kNsPerSecond);
     }},
    // fio init.c: "ss_check_interval must be at least 1s".
    {"steadystate_check_interval", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.ss_interval_ns = ParseTime(c, RequireValue(c, v), kNsPerSecond);
       if (d.job.ss_interval_ns < kNsPerSecond) FailValue(c, "must be at least 1s (as in fio)");
     }},
    // fio io_u.c lat_target_*: the queue-depth search (host/latency_target.h).
    // Times are microseconds without a unit.
    {"latency_target", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.latency_target_ns = ParseTime(c, RequireValue(c, v), kNsPerUs);
     }},
    {"latency_window", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.latency_window_ns = ParseTime(c, RequireValue(c, v), kNsPerUs);
     }},
    {"latency_percentile", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       const double percent = ParseNumber(c, RequireValue(c, v), "percentage");
       if (percent < 0 || percent > 100) FailValue(c, "must be from 0 to 100");
       d.job.latency_percentile = percent;
     }},
    {"latency_run", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.latency_run = ParseBool(c, v.text, v.present);
     }},
    // Zoned block devices (fio HOWTO "zonemode" and options.c): only the
    // zbd mode, which the zoned device serves (zns/zbd_adapter.h).
    {"zonemode", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       const std::string mode = Lower(Trim(RequireValue(c, v)));
       if (mode == "none") {
         d.job.zbd = false;
       } else if (mode == "zbd") {
         d.job.zbd = true;
       } else if (mode == "strided") {
         d.job.zbd = false;
         d.job.zone_strided = true;
         return;
       } else {
         FailValue(c, "unknown zone mode '" + mode + "' (allowed: none, strided, zbd)");
       }
       d.job.zone_strided = false;
     }},
    {"zonesize", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.zonesize = ParseSizeSpec(c, RequireValue(c, v), false, false);
     }},
    // zonemode=strided's zone and the bytes skipped after it.
    {"zonerange", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.zonerange = ParseSizeSpec(c, RequireValue(c, v), false, false);
     }},
    {"zoneskip", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.zoneskip = ParseSizeSpec(c, RequireValue(c, v), false, false);
     }},
    {"random_sequence_stride", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.random_sequence_stride = ParseBool(c, v.text, v.present);
     }},
    // fio sprandom.c (SanDisk's SPRandom preconditioning order).
    {"sprandom", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.sprandom = ParseBool(c, v.text, v.present);
     }},
    {"spr_num_regions", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.spr_num_regions =
           static_cast<uint32_t>(ParseCount(c, RequireValue(c, v), 1, 1u << 24));
     }},
    {"spr_op", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       const double op = ParseNumber(c, RequireValue(c, v), "over-provisioning ratio");
       if (!(op > 0 && op < 1)) FailValue(c, "over-provisioning ratio must be in (0, 1)");
       d.job.spr_op = op;
     }},
    {"spr_cs", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.spr_cs_bytes = ParseBytes(c, RequireValue(c, v));
     }},
    // fio caps it at MAX_TRIM_RANGE (256).
    {"num_range", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.num_range = static_cast<uint32_t>(ParseCount(c, RequireValue(c, v), 1, 256));
     }},
    // fio caps it at ZBD_MAX_OPEN_ZONES (4096). job_max_open_zones is the
    // same limit for this job alone, which is what max_open_zones means here.
    {"max_open_zones", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.max_open_zones = static_cast<uint32_t>(ParseCount(c, RequireValue(c, v), 0, 4096));
     }},
    {"job_max_open_zones", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.max_open_zones = static_cast<uint32_t>(ParseCount(c, RequireValue(c, v), 0, 4096));
     }},
    {"zone_reset_threshold", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.zone_reset_threshold = ParseFraction(c, RequireValue(c, v));
     }},
    {"zone_reset_frequency", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.zone_reset_frequency = ParseFraction(c, RequireValue(c, v));
     }},
    {"read_beyond_wp", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       d.job.read_beyond_wp = ParseBool(c, v.text, v.present);
     }},
    {"percentile_list", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       ParsePercentileList(d.job, c, RequireValue(c, v));
     }},
    {"kb_base", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       const std::string_view text = Trim(RequireValue(c, v));
       if (text == "1024") {
         d.kb_base = 1024;
       } else if (text == "1000") {
         d.kb_base = 1000;
       } else {
         FailValue(c, "must be 1024 or 1000");
       }
     }},
    // Determinism is always on in FlashScope: the same seed gives the same
    // stream. lfsr visits every block once per pass, as FlashScope's random
    // map already does; both generators are accepted and listed as ignored.
    {"random_generator", [](JobDraft& d, const ValueContext& c, const OptionValue& v) {
       const std::string text = Lower(Trim(RequireValue(c, v)));
       if (text != "tausworthe" && text != "tausworthe64" && text != "lfsr") {
         FailValue(c, "unknown generator '" + text + "' (allowed: tausworthe, lfsr, tausworthe64)");
       }
       AddIgnored(d.job, "random_generator");
     }},
};

const HonouredOption* FindHonoured(std::string_view canonical) {
  for (const HonouredOption& option : kHonouredOptions) {
    if (option.canonical == canonical) return &option;
  }
  return nullptr;
}

// Optimal-string-alignment distance: a swapped pair ("iodepht") counts 1.
size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> d((a.size() + 1) * (b.size() + 1));
  const size_t w = b.size() + 1;
  for (size_t i = 0; i <= a.size(); ++i) d[i * w] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i * w + j] =
          std::min({d[(i - 1) * w + j] + 1, d[i * w + j - 1] + 1, d[(i - 1) * w + j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        d[i * w + j] = std::min(d[i * w + j], d[(i - 2) * w + j - 2] + 1);
      }
    }
  }
  return d[a.size() * w + b.size()];
}

std::string Suggestion(std::string_view name) {
  std::string_view best;
  size_t best_distance = SIZE_MAX;
  for (const FioOptionInfo* it = FioOptionsBegin(); it != FioOptionsEnd(); ++it) {
    const size_t distance = EditDistance(name, it->name);
    if (distance < best_distance) {
      best_distance = distance;
      best = it->name;
    }
  }
  const size_t limit = name.size() <= 4 ? 1 : 2;
  if (best_distance > limit) return std::string();
  return " (did you mean '" + std::string(best) + "'?)";
}

// A refused option given its default asks for nothing and is accepted.
bool IsDefaultValue(const FioOptionInfo& info, const OptionValue& value) {
  if (!value.present) return false;  // a bare flag means 1
  const std::string text = Lower(Trim(value.text));
  if (text == info.default_value) return true;
  if (info.default_value == "0") return text == "false" || text == "no" || text == "off";
  return false;
}

void ApplyOption(JobDraft& draft, const std::string& file, uint32_t line, std::string_view name,
                 const OptionValue& value) {
  const ValueContext ctx{file, line, name, draft.kb_base};
  const FioOptionInfo* info = FindFioOption(name);
  if (info == nullptr) {
    // fio's command-line options are not job options (fio refuses them in a
    // job file too); say where they belong.
    for (std::string_view command_line : {"output-format", "output", "minimal", "parse-only"}) {
      if (name == command_line) {
        Fail(file, line,
             "unknown option '" + std::string(name) +
                 "' (a command-line option of fio, not a job option; give it on "
                 "the command line)");
      }
    }
    Fail(file, line, "unknown option '" + std::string(name) + "'" + Suggestion(name));
  }
  switch (info->use) {
    case FioOptionUse::kHonoured: {
      const HonouredOption* honoured = FindHonoured(info->canonical);
      if (honoured == nullptr) {
        Fail(file, line, "internal error: no handler for fio option '" + std::string(name) + "'");
      }
      honoured->apply(draft, ctx, value);
      return;
    }
    case FioOptionUse::kIgnored:
      AddIgnored(draft.job, name);
      return;
    case FioOptionUse::kRefused:
      if (IsDefaultValue(*info, value)) {
        AddIgnored(draft.job, name);
        return;
      }
      FailValue(ctx, "not supported: " + std::string(info->why));
  }
}

// ---------------------------------------------------------------------------
// The job file: sections, includes, expansion, clones and groups.

FioJob DefaultJob() {
  FioJob job;
  for (auto& sizes : job.block_sizes) sizes = {BlockSizeShare{4096, 100}};
  return job;
}

class JobFileParser {
 public:
  JobFileParser(const FioParseOptions& options, FioJobFile& result)
      : options_(options), result_(result) {
    global_.job = DefaultJob();
  }

  void ParseText(std::string_view text, const std::string& file, int depth) {
    uint32_t line_number = 0;
    size_t position = 0;
    while (position <= text.size()) {
      size_t end = text.find('\n', position);
      if (end == std::string_view::npos) end = text.size();
      std::string_view line = text.substr(position, end - position);
      position = end + 1;
      ++line_number;
      ParseLine(Trim(line), file, line_number, depth);
    }
  }

  void Finish(const std::string& file) {
    FinishJob();
    if (result_.jobs.empty()) {
      Fail(file, 0,
           "no job section (a job file needs at least one [name] section besides [global])");
    }
  }

 private:
  enum class Section { kNone, kGlobal, kJob };

  void ParseLine(std::string_view line, const std::string& file, uint32_t line_number, int depth) {
    if (line.empty() || line.front() == ';' || line.front() == '#') return;
    // fio's strip_blank_end (parse.c): everything from the first ';' or '#'
    // is a comment, with or without a blank before it ("bs=4k;small").
    line = Trim(line.substr(0, line.find_first_of(";#")));
    if (line.front() == '[') {
      if (depth > 0) {
        // fio init.c: "No new sections in included files".
        Fail(file, line_number, "no new sections in included files (fio refuses them too)");
      }
      if (line.back() != ']') {
        Fail(file, line_number, "section header '" + std::string(line) + "' has no closing ']'");
      }
      const std::string_view name = Trim(line.substr(1, line.size() - 2));
      if (name.empty()) Fail(file, line_number, "empty section name");
      FinishJob();
      if (name == "global") {
        section_ = Section::kGlobal;
      } else {
        section_ = Section::kJob;
        current_ = global_;  // fio copies the [global] options into each job
        current_.job.name = std::string(name);
        current_.job.line = line_number;
        current_file_ = file;
      }
      return;
    }
    // fio init.c: "include FILE" reads FILE as if its lines stood here.
    if (line.rfind("include", 0) == 0 && (line.size() == 7 || line[7] == ' ' || line[7] == '\t')) {
      Include(Trim(line.substr(7)), file, line_number, depth);
      return;
    }
    if (section_ == Section::kNone) Fail(file, line_number, "option outside a section");

    const size_t equals = line.find('=');
    const std::string_view name = Trim(line.substr(0, equals));
    if (name.empty()) Fail(file, line_number, "option name missing");
    OptionValue value{std::string_view(), false};
    if (equals != std::string_view::npos) {
      // An ignored option's value means nothing here, so an unset variable
      // in it is what fio makes of it, an empty value (dfs.fio's
      // pool=${POOL}, http-s3.fio's keys), not an error.
      const FioOptionInfo* info = FindFioOption(name);
      const bool value_matters = info == nullptr || info->use != FioOptionUse::kIgnored;
      value.text = Expand(Trim(line.substr(equals + 1)), name, file, line_number, value_matters);
      value.present = true;
    }
    JobDraft& draft = section_ == Section::kGlobal ? global_ : current_;
    ApplyOption(draft, file, line_number, name, value);
    auto& written = section_ == Section::kGlobal ? result_.global_options : current_.job.options;
    written.emplace_back(std::string(name), std::string(value.text));
  }

  void Include(std::string_view path, const std::string& file, uint32_t line_number, int depth) {
    if (path.empty()) Fail(file, line_number, "include: needs a file name");
    const std::string included(path);
    if (!options_.read_include) {
      Fail(file, line_number,
           "include: cannot read '" + included +
               "' (includes are not available here; paste its options)");
    }
    if (depth >= kMaxIncludeDepth) {
      Fail(file, line_number,
           "include: '" + included + "' nests more than " + std::to_string(kMaxIncludeDepth) +
               " deep (an include cycle?)");
    }
    const std::string text = options_.read_include(included, file);
    // Named as fio finds it (beside the including file), for its messages
    // and for the includes it makes in turn.
    ParseText(text, ResolveFioInclude(included, file), depth + 1);
  }

  // fio's substitutions in an option value (options.c fio_option_dup_subs
  // and fio_keyword_replace): ${VAR} from the environment, then the
  // keywords; a value with a keyword and + - * / is computed as fio's bc
  // call would (integers). Returns `value` itself when there is no '$'.
  std::string_view Expand(std::string_view value, std::string_view name, const std::string& file,
                          uint32_t line, bool value_matters) {
    if (value.find('$') == std::string_view::npos) return value;
    const ValueContext ctx{file, line, name, 1024};
    std::string& out = expanded_[expanded_index_++ % 2];
    out.clear();
    bool keyword = false;
    for (size_t i = 0; i < value.size();) {
      if (value.compare(i, 2, "${") == 0) {
        const size_t close = value.find('}', i + 2);
        if (close == std::string_view::npos || close == i + 2) {
          FailValue(ctx, "unterminated '${' (write ${NAME})");
        }
        const std::string variable(value.substr(i + 2, close - i - 2));
        std::optional<std::string> content;
        if (options_.environment) {
          content = options_.environment(variable);
        } else if (const char* env = std::getenv(variable.c_str())) {
          content = std::string(env);
        }
        if (!content && !value_matters) content = std::string();
        if (!content) {
          FailValue(ctx, "environment variable '" + variable +
                             "' is not set (fio would use "
                             "an empty value; set it or write the value itself)");
        }
        out += *content;
        i = close + 1;
        continue;
      }
      bool replaced = false;
      for (const Keyword& k : kKeywords) {
        if (value.compare(i, k.word.size(), k.word) == 0) {
          out += k.replacement;
          i += k.word.size();
          replaced = keyword = true;
          break;
        }
      }
      if (!replaced) out += value[i++];
    }
    if (keyword && out.find_first_of("+-*/") != std::string::npos &&
        out.find('\'') == std::string::npos) {
      int64_t result;
      std::string problem;
      if (!EvaluateArithmetic(out, 1024, result, problem)) {
        FailValue(ctx, "cannot compute '" + out + "': " + problem);
      }
      out = std::to_string(result);
    }
    return out;
  }

  // Checks that need the whole job, then its clones into the file with
  // fio's reporting groups (init.c add_job: a job with stonewall or
  // new_group after jobs of the current group starts a new group; clones
  // never carry stonewall or new_group).
  void FinishJob() {
    if (section_ != Section::kJob) return;
    section_ = Section::kNone;
    FioJob& job = current_.job;
    // fio init.c fixup_options: "time_based requires a runtime/timeout
    // setting", a warning after which fio runs the job without time_based.
    if (job.time_based && job.runtime_ns == 0) {
      job.time_based = false;
      AddIgnored(job, "time_based");
    }
    FinishStridedZones(job, current_file_);
    FinishSpRandom(job, current_file_);
    if (!job.wait_for.empty()) {
      const bool earlier =
          std::any_of(result_.jobs.begin(), result_.jobs.end(),
                      [&](const FioJob& other) { return other.name == job.wait_for; });
      if (!earlier) {
        Fail(current_file_, current_.wait_for_line,
             "wait_for: no job named '" + job.wait_for + "' before job '" + job.name +
                 "' (fio waits only for a job defined earlier in the file)");
      }
    }
    // fio's steady-state default criterion (options.c "steadystate" .def);
    // steady state is on only with a duration.
    if (job.ss_dur_ns > 0 && job.ss_metric == SteadyStateMetric::kNone) {
      job.ss_metric = SteadyStateMetric::kIopsSlope;
      job.ss_limit = 0.01;
      job.ss_limit_percent = true;
    }
    // fio init.c: the window holds a whole number of check intervals.
    if (job.ss_dur_ns > 0 && job.ss_dur_ns % job.ss_interval_ns != 0) {
      Fail(current_file_, job.line,
           "job '" + job.name + "': ss_dur (" + std::to_string(job.ss_dur_ns / kNsPerMs) +
               " ms) must be a multiple of ss_interval (" +
               std::to_string(job.ss_interval_ns / kNsPerMs) + " ms), as fio requires");
    }
    const uint32_t clones = job.numjobs;
    for (uint32_t index = 0; index < clones; ++index) {
      FioJob clone = index + 1 == clones ? std::move(job) : job;
      clone.clone_index = index;
      if (index > 0) {
        clone.stonewall = false;
        clone.new_group = false;
      }
      if ((clone.stonewall || clone.new_group) && jobs_in_group_ > 0) {
        ++group_id_;
        jobs_in_group_ = 0;
      }
      clone.report_group = group_id_;
      ++jobs_in_group_;
      result_.jobs.push_back(std::move(clone));
    }
  }

  const FioParseOptions& options_;
  FioJobFile& result_;
  JobDraft global_;  // what [global] sections have set so far
  JobDraft current_;
  std::string current_file_;  // the file of current_'s section header
  Section section_ = Section::kNone;
  uint32_t group_id_ = 0;
  uint32_t jobs_in_group_ = 0;
  // Expanded values live here until applied (two, so that a name and a
  // value could both be expanded without one overwriting the other).
  std::string expanded_[2];
  size_t expanded_index_ = 0;
};

}  // namespace

std::vector<std::string_view> FioHonouredOptionsWithoutHandler() {
  std::vector<std::string_view> missing;
  for (const FioOptionInfo* it = FioOptionsBegin(); it != FioOptionsEnd(); ++it) {
    if (it->use == FioOptionUse::kHonoured && FindHonoured(it->canonical) == nullptr) {
      missing.push_back(it->name);
    }
  }
  return missing;
}

FioJobFile ParseFioJobs(std::string_view text, const std::string& file_name,
                        const FioParseOptions& options) {
  FioJobFile result;
  result.file = file_name;
  JobFileParser parser(options, result);
  parser.ParseText(text, file_name, 0);
  parser.Finish(file_name);
  return result;
}

}  // namespace flashscope
