#include "report/fio_parse_only.h"

#include <algorithm>
#include <cstdio>

#include "nand/layout.h"
#include "sim/fill_overwrite.h"
#include "sim/fio_jobs.h"
#include "util/json.h"
#include "util/rng.h"
#include "workload/fio_generator.h"

namespace flashscope {

namespace {

const char* RwName(RwPattern rw) {
  switch (rw) {
    case RwPattern::kRead:
      return "read";
    case RwPattern::kWrite:
      return "write";
    case RwPattern::kRandRead:
      return "randread";
    case RwPattern::kRandWrite:
      return "randwrite";
    case RwPattern::kReadWrite:
      return "readwrite";
    case RwPattern::kRandRw:
      return "randrw";
    case RwPattern::kTrim:
      return "trim";
    case RwPattern::kRandTrim:
      return "randtrim";
    case RwPattern::kTrimWrite:
      return "trimwrite";
    case RwPattern::kRandTrimWrite:
      return "randtrimwrite";
  }
  return "?";
}

// "4096" or "4096/50:65536/50" (bssplit) or "4096-131072" (bsrange).
std::string BlockSizesText(const FioJob& job, int dir) {
  if (job.bs_range[dir].max_bytes > 0) {
    return std::to_string(job.bs_range[dir].min_bytes) + "-" +
           std::to_string(job.bs_range[dir].max_bytes);
  }
  const std::vector<BlockSizeShare>& sizes = job.block_sizes[dir];
  if (sizes.size() == 1) return std::to_string(sizes[0].bytes);
  std::string text;
  for (const BlockSizeShare& share : sizes) {
    text += (text.empty() ? "" : ":") + std::to_string(share.bytes) + "/" +
            std::to_string(share.percent);
  }
  return text.empty() ? "-" : text;
}

std::string Seconds(uint64_t ns) {
  char text[32];
  std::snprintf(text, sizeof text, "%g s", ns / 1e9);
  return text;
}

// The options that change where the I/O goes beyond the region: strided
// zones, the sequence distribution, multi-range trims and sprandom.
std::string OffsetOrderText(const FioJob& job) {
  std::string out;
  if (job.zone_strided) {
    // Sizes as given: bytes, or a percentage of the drive.
    auto size = [](const SizeSpec& spec) {
      if (!spec.is_percent) return std::to_string(spec.bytes);
      char text[32];
      std::snprintf(text, sizeof text, "%g%%", spec.percent);
      return std::string(text);
    };
    out += "  zonemode=strided: zonesize " + size(job.zonesize) + ", zonerange " +
           size(job.zonerange) + ", zoneskip " + size(job.zoneskip) + " bytes\n";
  }
  if (job.distribution == Distribution::kSequence) {
    out += "  random_distribution=sequence:";
    for (size_t i = 0; i < job.random_sequence.size(); ++i) {
      out += (i == 0 ? "" : ",") + std::to_string(job.random_sequence[i]);
    }
    out += job.random_sequence_stride ? " (strided)\n" : "\n";
  }
  if (job.num_range > 1) {
    out += "  num_range " + std::to_string(job.num_range) + " ranges per trim command\n";
  }
  if (job.sprandom) {
    char text[160];
    std::snprintf(text, sizeof text, "  sprandom: %u regions, spr_op %.4g", job.spr_num_regions,
                  job.spr_op);
    out += text;
    if (job.spr_cs_bytes > 0) out += ", spr_cs " + std::to_string(job.spr_cs_bytes) + " bytes";
    out += "\n";
  }
  return out;
}

}  // namespace

std::string FioResolvedJobsText(const FioJobFile& file, const DeviceConfig& device) {
  const DeviceLayout layout = DeviceLayout::From(device);
  // Builds every job as a run would: the same checks, the same errors.
  const std::vector<JobSpec> built = JobsFromFio(file, device, layout);
  std::string out;
  char line[512];
  std::snprintf(line, sizeof line,
                "%s: %zu job(s) valid on device %s (%llu bytes logical capacity)\n",
                file.file.c_str(), file.jobs.size(), device.name.c_str(),
                static_cast<unsigned long long>(layout.logical_bytes));
  out += line;
  for (const FioJob& job : file.jobs) {
    out += "job '" + job.name + "'";
    if (job.numjobs > 1) {
      out +=
          " (clone " + std::to_string(job.clone_index) + " of " + std::to_string(job.numjobs) + ")";
    }
    out += " line " + std::to_string(job.line) + ", group " + std::to_string(job.report_group) +
           ": rw=" + RwName(job.rw);
    if (job.rw == RwPattern::kReadWrite || job.rw == RwPattern::kRandRw) {
      out += " rwmixread=" + std::to_string(job.rwmixread);
    }
    out += ", bs=" + BlockSizesText(job, 0) + "," + BlockSizesText(job, 1) + "," +
           BlockSizesText(job, 2) + "\n";
    if (job.zbd) {
      out += "  zonemode=zbd: region in the zoned namespace\n";
    } else {
      // The generator resolves the region the same way the run's does.
      const FioIoGenerator generator(job, layout.logical_bytes, layout.unit_bytes, Rng(1),
                                     file.file);
      const uint64_t start = generator.region_offset_bytes();
      std::snprintf(line, sizeof line,
                    "  region %llu..%llu (%llu bytes), io %llu bytes per loop x %u loop(s)",
                    static_cast<unsigned long long>(start),
                    static_cast<unsigned long long>(start + generator.region_bytes()),
                    static_cast<unsigned long long>(generator.region_bytes()),
                    static_cast<unsigned long long>(generator.bytes_per_loop()), job.loops);
      out += line;
      if (job.number_ios > 0) out += ", number_ios " + std::to_string(job.number_ios);
      out += "\n";
    }
    out += OffsetOrderText(job);
    out += "  iodepth " + std::to_string(job.iodepth);
    if (job.runtime_ns > 0) {
      out += ", runtime " + Seconds(job.runtime_ns) + (job.time_based ? " time_based" : "");
    }
    if (job.ramp_time_ns > 0) out += ", ramp_time " + Seconds(job.ramp_time_ns);
    if (job.startdelay_ns > 0) out += ", startdelay " + Seconds(job.startdelay_ns);
    if (job.rate_iops > 0) out += ", rate_iops " + std::to_string(job.rate_iops);
    if (job.stonewall) out += ", stonewall";
    out += "\n";
    if (job.latency_target_ns > 0) {
      char line[160];
      std::snprintf(line, sizeof line,
                    "  latency_target %g us for %g %% of the I/O per %s window: queue depth "
                    "searched from 1 to %u%s\n",
                    job.latency_target_ns / 1e3, job.latency_percentile,
                    Seconds(job.latency_window_ns).c_str(), job.iodepth,
                    job.latency_run ? ", adjusted for the whole run" : "");
      out += line;
    }
    if (job.ss_metric != SteadyStateMetric::kNone) {
      static const char* const kMetric[] = {"",         "iops", "iops_slope", "bw",
                                            "bw_slope", "lat",  "lat_slope"};
      char line[160];
      // An absolute latency limit is held in ns; fio writes it in us.
      const bool latency =
          job.ss_metric == SteadyStateMetric::kLat || job.ss_metric == SteadyStateMetric::kLatSlope;
      const bool in_us = latency && !job.ss_limit_percent;
      std::snprintf(line, sizeof line, "  steadystate %s:%g%s over %s, sampled every %s",
                    kMetric[static_cast<int>(job.ss_metric)],
                    in_us ? job.ss_limit / 1e3 : job.ss_limit,
                    job.ss_limit_percent ? "%"
                    : in_us              ? "us"
                                         : "",
                    Seconds(job.ss_dur_ns).c_str(), Seconds(job.ss_interval_ns).c_str());
      out += line;
      if (job.ss_ramp_ns > 0) out += ", after " + Seconds(job.ss_ramp_ns);
      out += "\n";
    }
    if (!job.ignored.empty()) {
      out += "  ignored:";
      for (const std::string& name : job.ignored) out += " " + name;
      out += "\n";
    }
  }
  // A sequential job writing into data the fill level already put there.
  for (const FillOverwrite& overwrite : FillOverwrites(file, device)) {
    out += "warning: " + overwrite.message + "\n";
  }
  (void)built;
  return out;
}

namespace {

// fio's min_bs of one direction: the smallest block size it may issue.
uint64_t SmallestBlockBytes(const FioJob& job, int dir) {
  if (job.bs_range[dir].max_bytes > 0) return job.bs_range[dir].min_bytes;
  uint64_t smallest = 0;
  for (const BlockSizeShare& share : job.block_sizes[dir]) {
    if (smallest == 0 || share.bytes < smallest) smallest = share.bytes;
  }
  return smallest;
}

void PerDirection(json::Writer& out, const char* key, const uint64_t (&values)[3]) {
  out.Key(key).BeginObject();
  out.FieldUint("read", values[0]).FieldUint("write", values[1]).FieldUint("trim", values[2]);
  out.EndObject();
}

bool IsClosedLoop(const JobSpec& spec) {
  if (spec.iodepth == 0 || spec.rate_iops > 0 || spec.thinktime_ns > 0) return false;
  for (uint32_t dir = 0; dir < kIoDirections; ++dir) {
    if (spec.rate_bytes[dir] > 0 || spec.rate_iops_dir[dir] > 0) return false;
  }
  return true;
}

}  // namespace

std::string FioResolvedJobsJson(const FioJobFile& file, const DeviceConfig& device) {
  const DeviceLayout layout = DeviceLayout::From(device);
  // Builds every job as a run would: the same checks, the same errors.
  const std::vector<JobSpec> built = JobsFromFio(file, device, layout);
  const uint32_t first = FirstTimedFioJob(file, device);
  json::Writer out;
  out.BeginObject().Key("jobs").BeginArray();
  bool closed_loop = true;
  uint64_t longest_runtime_ns = 0;
  for (size_t j = 0; j < built.size(); ++j) {
    const JobSpec& spec = built[j];
    const FioJob& job = file.jobs[first + j];
    out.BeginObject();
    out.FieldString("name", job.name).FieldString("rw", RwName(job.rw));
    out.FieldUint("numjobs", job.numjobs).FieldUint("iodepth", spec.iodepth);
    const uint64_t bs[3] = {SmallestBlockBytes(job, 0), SmallestBlockBytes(job, 1),
                            SmallestBlockBytes(job, 2)};
    PerDirection(out, "bs_bytes", bs);
    if (job.zbd || !job.read_iolog.empty()) {
      out.Key("offset_bytes").Null().Key("size_bytes").Null().Key("io_bytes").Null();
    } else {
      // The generator resolves the region the same way the run's does.
      const FioIoGenerator generator(job, layout.logical_bytes, layout.unit_bytes, Rng(1),
                                     file.file);
      out.FieldUint("offset_bytes", generator.region_offset_bytes());
      out.FieldUint("size_bytes", generator.region_bytes());
      out.FieldUint("io_bytes", generator.bytes_per_loop() * job.loops);
    }
    out.Key("runtime_s");
    if (spec.runtime_ns > 0) {
      out.Number(spec.runtime_ns / 1e9);
    } else {
      out.Null();
    }
    out.FieldBool("time_based", job.time_based);
    out.Field("ramp_time_s", spec.ramp_ns / 1e9);
    out.FieldBool("stonewall", spec.stonewall);
    // rate_iops=N (one value) paces every direction; per-direction values
    // replace it.
    uint64_t rate_iops[3];
    for (uint32_t dir = 0; dir < kIoDirections; ++dir) {
      rate_iops[dir] = spec.rate_iops_dir[dir] > 0 ? spec.rate_iops_dir[dir] : spec.rate_iops;
    }
    PerDirection(out, "rate_iops", rate_iops);
    PerDirection(out, "rate_bytes_per_s", spec.rate_bytes);
    out.Field("thinktime_us", spec.thinktime_ns / 1e3);
    const bool job_closed_loop = IsClosedLoop(spec);
    out.FieldBool("closed_loop", job_closed_loop);
    out.Key("ignored").BeginArray();
    for (const std::string& name : job.ignored) out.String(name);
    out.EndArray();
    out.EndObject();
    closed_loop = closed_loop && job_closed_loop;
    longest_runtime_ns = std::max(longest_runtime_ns, spec.runtime_ns);
  }
  out.EndArray();
  out.FieldBool("closed_loop", closed_loop);
  out.Key("longest_runtime_s");
  if (longest_runtime_ns > 0) {
    out.Number(longest_runtime_ns / 1e9);
  } else {
    out.Null();
  }
  WriteFillOverwrites(out, FillOverwrites(file, device));
  out.EndObject();
  return out.Take();
}

}  // namespace flashscope
