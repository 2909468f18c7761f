// The honoured fio options and ApplyOption: see fio_honoured_options.h.
// Sources: fio's options.c (each option's callback) and parse.c (its value
// types, through fio_values.h and fio_compound_options.h).
#include "workload/fio_honoured_options.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "util/input_error.h"
#include "workload/fio_compound_options.h"
#include "workload/fio_option_table.h"
#include "workload/fio_values.h"

namespace flashscope {
namespace fio_values {
namespace {

using Apply = void (*)(JobDraft& draft, const ValueContext& ctx, const OptionValue& value);

struct HonouredOption {
  std::string_view canonical;
  Apply apply;
};

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

}  // namespace

void AddIgnored(FioJob& job, std::string_view name) {
  if (std::find(job.ignored.begin(), job.ignored.end(), name) == job.ignored.end()) {
    job.ignored.emplace_back(name);
  }
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

}  // namespace fio_values

std::vector<std::string_view> FioHonouredOptionsWithoutHandler() {
  std::vector<std::string_view> missing;
  for (const FioOptionInfo* it = FioOptionsBegin(); it != FioOptionsEnd(); ++it) {
    if (it->use == FioOptionUse::kHonoured && fio_values::FindHonoured(it->canonical) == nullptr) {
      missing.push_back(it->name);
    }
  }
  return missing;
}

}  // namespace flashscope
