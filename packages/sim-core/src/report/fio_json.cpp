#include "report/fio_json.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <string>

#include "report/fio_group.h"
#include "util/input_error.h"
#include "util/json.h"

namespace flashscope {

namespace {

const char* kDirectionNames[kHostOpKinds] = {"read", "write", "trim"};

// fio's key for a percentile: printf("%f").
std::string PercentileKey(double percent) {
  char key[64];
  std::snprintf(key, sizeof key, "%f", percent);
  return key;
}

uint64_t Whole(double value) { return value > 0 ? static_cast<uint64_t>(std::llround(value)) : 0; }

// fio's add_ddir_lat_json: min, max, mean, stddev, N, and with percentiles
// (only when there are samples) the percentile map and, for json+, the
// histogram's non-empty bins keyed by fio's bucket value. Bins follow fio's
// 1856 buckets: FlashScope's longer-range buckets (samples of 2^34 ns and
// more) go into fio's last bin, as fio clamps them.
void WriteLatency(json::Writer& out, const LatencyHistogram& h,
                  const std::vector<double>* percentiles, bool bins) {
  out.BeginObject();
  out.FieldUint("min", h.min_ns());
  out.FieldUint("max", h.max_ns());
  out.Field("mean", h.count() ? h.mean_ns() : 0);
  out.Field("stddev", HistogramStddevNs(h));
  out.FieldUint("N", h.count());
  if (percentiles != nullptr && h.count() > 0) {
    out.Key("percentile").BeginObject();
    for (double p : *percentiles) out.FieldUint(PercentileKey(p), h.Percentile(p));
    out.EndObject();
    if (bins) {
      constexpr size_t kLastFioBin = LatencyHistogram::kFioBucketCount - 1;
      out.Key("bins").BeginObject();
      uint64_t clamped = 0;
      for (size_t i = h.occupied_begin(); i < h.occupied_end(); ++i) {
        const uint64_t n = h.bucket_samples(i);
        if (i >= kLastFioBin) {
          clamped += n;
          continue;
        }
        if (n > 0) out.FieldUint(std::to_string(LatencyHistogram::BucketValueNs(i)), n);
      }
      if (clamped > 0) {
        out.FieldUint(std::to_string(LatencyHistogram::BucketValueNs(kLastFioBin)), clamped);
      }
      out.EndObject();
    }
  }
  out.EndObject();
}

void WriteDirection(json::Writer& out, const FioDirectionStats& d, const FioRunGroup* group,
                    uint32_t dir, const std::vector<double>& percentiles, bool json_plus) {
  const double bw_bytes = d.bw_bytes_per_s();
  out.BeginObject();
  out.FieldUint("io_bytes", d.io_bytes);
  out.FieldUint("io_kbytes", d.io_bytes >> 10);
  out.FieldUint("bw_bytes", static_cast<uint64_t>(bw_bytes));
  out.FieldUint("bw", static_cast<uint64_t>(bw_bytes) / 1024);
  out.Field("iops", d.iops());
  out.FieldUint("runtime", d.runtime_ms());
  out.FieldUint("total_ios", d.total_ios);
  out.FieldUint("short_ios", 0);
  out.FieldUint("drop_ios", 0);
  // The simulator submits instantly: no submission latency samples (fio
  // writes N=0 for synchronous engines the same way).
  out.Key("slat_ns");
  WriteLatency(out, LatencyHistogram(), nullptr, false);
  // fio's defaults: clat_percentiles=1, lat_percentiles=0.
  out.Key("clat_ns");
  WriteLatency(out, d.latency, &percentiles, json_plus);
  out.Key("lat_ns");
  WriteLatency(out, d.latency, nullptr, false);
  const FioSampleStats bw = SampleStats(d.bw_kib_samples);
  out.FieldUint("bw_min", Whole(bw.min));
  out.FieldUint("bw_max", Whole(bw.max));
  out.Field("bw_agg", bw.samples ? PercentOfAggregate(group, dir, bw.mean) : 0);
  out.Field("bw_mean", bw.mean);
  out.Field("bw_dev", bw.stddev);
  out.FieldUint("bw_samples", bw.samples);
  const FioSampleStats iops = SampleStats(d.iops_samples);
  out.FieldUint("iops_min", Whole(iops.min));
  out.FieldUint("iops_max", Whole(iops.max));
  out.Field("iops_mean", iops.mean);
  out.Field("iops_stddev", iops.stddev);
  out.FieldUint("iops_samples", iops.samples);
  out.EndObject();
}

void WriteOptions(json::Writer& out, const char* key,
                  const std::vector<std::pair<std::string, std::string>>& options) {
  if (options.empty()) return;  // fio leaves an empty list out
  out.Key(key).BeginObject();
  for (const auto& [name, value] : options) out.FieldString(name, value);
  out.EndObject();
}

// fio's iodepth_submit / iodepth_complete keys.
void WriteDepthBatches(json::Writer& out, const char* key) {
  out.Key(key).BeginObject();
  for (const char* name : {"0", "4", "8", "16", "32", "64", ">=64"}) out.Field(name, 0);
  out.EndObject();
}

void WriteShares(json::Writer& out, const char* key, const double* shares, size_t n) {
  static const char* kNames[] = {"2",   "4",   "10",  "20",   "50",   "100",
                                 "250", "500", "750", "1000", "2000", ">=2000"};
  out.Key(key).BeginObject();
  for (size_t k = 0; k < n; ++k) out.Field(kNames[k], shares[k]);
  out.EndObject();
}

void WriteDepthLevels(json::Writer& out, const FioReportEntry& e) {
  const int level = DepthLevelOf(e);
  out.Key("iodepth_level").BeginObject();
  const char* names[] = {"1", "2", "4", "8", "16", "32", ">=64"};
  for (int k = 0; k < 7; ++k) out.Field(names[k], k == level ? 100.0 : 0.0);
  out.EndObject();
}

// FlashScope's figures for one entry: the NAND work during its jobs' time,
// its WAF (NAND bytes programmed over its host bytes written) and GC runs.
// fio stat.c's "steadystate" object (a job with ss_dur), from the first
// member's monitor: the criterion as fio spells it, the window's samples
// oldest first (fio prints the whole window, zeros where it is not yet
// full) and their means; lat_mean / lat_ns for the latency criteria.
void WriteSteadyState(json::Writer& out, const SteadyStateResult& ss) {
  static const char* const kMetric[] = {"",         "iops", "iops_slope", "bw",
                                        "bw_slope", "lat",  "lat_slope"};
  const SteadyStateSpec& spec = ss.spec;
  const bool latency =
      spec.metric == SteadyStateMetric::kLat || spec.metric == SteadyStateMetric::kLatSlope;
  const char* percent = spec.limit_percent ? "%" : "";
  char text[96];
  std::snprintf(text, sizeof text, "%s:%f%s", kMetric[static_cast<int>(spec.metric)],
                static_cast<float>(spec.limit), percent);
  out.Key("steadystate").BeginObject();
  out.FieldString("ss", text);
  out.FieldUint("duration", spec.dur_ns / 1'000'000'000);
  out.FieldUint("attained", ss.attained ? 1 : 0);
  std::snprintf(text, sizeof text, "%f%s", static_cast<float>(ss.criterion), percent);
  out.FieldString("criterion", text);
  out.Field("max_deviation", ss.max_deviation);
  out.Field("slope", ss.slope);
  const size_t window = spec.interval_ns > 0 ? spec.dur_ns / spec.interval_ns : 0;
  const auto samples = [&](const char* key, const std::vector<uint64_t>& values) {
    out.Key(key).BeginArray();
    for (size_t i = 0; i < window; ++i) out.Uint(i < values.size() ? values[i] : 0);
    out.EndArray();
  };
  out.Key("data").BeginObject();
  out.FieldUint("bw_mean", ss.bw_mean);
  out.FieldUint("iops_mean", ss.iops_mean);
  if (latency) {
    out.FieldUint("lat_mean", ss.lat_mean_ns);
    samples("lat_ns", ss.lat_ns);
  }
  samples("iops", ss.iops);
  samples("bw", ss.bw);
  out.EndObject();
  out.EndObject();
}

void WriteEntryFigures(json::Writer& out, const Simulator& sim, const FioReportEntry& e) {
  const uint64_t page_bytes = sim.layout().page_bytes;
  const uint64_t nand_write_bytes = e.nand.TotalPrograms() * page_bytes;
  const uint64_t host_write_bytes = e.unified ? 0 : e.dirs[1].io_bytes;
  out.Key("flashscope").BeginObject();
  out.FieldUint("members", e.members);
  out.FieldUint("start_ns", e.start_ns);
  out.FieldUint("end_ns", e.end_ns);
  out.FieldUint("nand_page_reads", e.nand.TotalReads());
  out.FieldUint("nand_page_programs", e.nand.TotalPrograms());
  out.FieldUint("nand_block_erases", e.nand.TotalErases());
  out.FieldUint("nand_write_bytes", nand_write_bytes);
  out.Key("waf");
  if (nand_write_bytes > 0 && host_write_bytes > 0) {
    out.Number(static_cast<double>(nand_write_bytes) / static_cast<double>(host_write_bytes));
  } else {
    out.Null();
  }
  out.FieldUint("gc_runs", e.gc_runs);
  out.EndObject();
}

void WriteEntry(json::Writer& out, const Simulator& sim, const FioReportEntry& e,
                const FioRunGroup* group, bool json_plus) {
  const std::vector<double>& percentiles = e.job != nullptr && !e.job->percentile_list.empty()
                                               ? e.job->percentile_list
                                               : FioDefaultPercentiles();
  out.BeginObject();
  out.FieldString("jobname", e.name);
  out.FieldUint("groupid", e.groupid);
  out.FieldUint("job_start", e.start_ns / 1'000'000);  // simulated ms
  out.FieldUint("error", static_cast<uint64_t>(FioErrorOf(sim, e)));
  out.FieldUint("eta", 0);
  out.FieldUint("elapsed", (e.end_ns + 999'999'999) / 1'000'000'000);
  if (e.job != nullptr) WriteOptions(out, "job options", e.job->options);
  if (e.unified) {
    // fio's unified_rw_reporting=mixed: one "mixed" object and no "sync".
    out.Key("mixed");
    WriteDirection(out, e.dirs[0], group, 0, percentiles, json_plus);
  } else {
    for (uint32_t dir = 0; dir < kHostOpKinds; ++dir) {
      out.Key(kDirectionNames[dir]);
      WriteDirection(out, e.dirs[dir], group, dir, percentiles, json_plus);
    }
    const FioSyncStats sync = SyncStatsOf(sim, e);
    out.Key("sync").BeginObject();
    out.FieldUint("total_ios", sync.total_ios);
    out.Key("lat_ns");
    WriteLatency(out, sync.latency, &percentiles, json_plus);
    out.EndObject();
  }
  out.FieldUint("job_runtime", e.job_runtime_ns() / 1'000'000);
  out.Field("usr_cpu", 0);
  out.Field("sys_cpu", 0);
  out.FieldUint("ctx", 0);
  out.FieldUint("majf", 0);
  out.FieldUint("minf", 0);
  WriteDepthLevels(out, e);
  WriteDepthBatches(out, "iodepth_submit");
  WriteDepthBatches(out, "iodepth_complete");
  LatencyHistogram all;
  for (const FioDirectionStats& d : e.dirs) all.Merge(d.latency);
  const FioLatencyShares shares = LatencySharesOf(all, e.total_ios());
  WriteShares(out, "latency_ns", shares.ns.data(), shares.ns.size());
  WriteShares(out, "latency_us", shares.us.data(), shares.us.size());
  WriteShares(out, "latency_ms", shares.ms.data(), shares.ms.size());
  // fio stat.c: with latency_target, the depth the search settled on (the
  // first member's), the target in ns and the window in us; otherwise the
  // job's iodepth and zeros, as fio 3.33 prints them.
  const JobMetrics* first = e.job_indices.empty() ? nullptr : &sim.host().metrics(e.job_indices[0]);
  if (e.job != nullptr && e.job->latency_target_ns > 0 && first != nullptr) {
    out.FieldUint("latency_depth", first->latency_depth);
    out.FieldUint("latency_target", e.job->latency_target_ns);
    out.Field("latency_percentile", e.job->latency_percentile);
    out.FieldUint("latency_window", e.job->latency_window_ns / 1000);
  } else {
    out.FieldUint("latency_depth", e.job != nullptr ? e.job->iodepth : 1);
    out.FieldUint("latency_target", 0);
    out.Field("latency_percentile", 100);
    out.FieldUint("latency_window", 0);
  }
  if (e.job != nullptr && !e.job->description.empty()) {
    out.FieldString("desc", e.job->description);
  }
  if (first != nullptr && first->steady_state.enabled) WriteSteadyState(out, first->steady_state);
  WriteEntryFigures(out, sim, e);
  out.EndObject();
}

}  // namespace

FioOutputFormats ParseFioOutputFormats(std::string_view spec) {
  FioOutputFormats formats;
  size_t start = 0;
  while (true) {
    const size_t comma = spec.find(',', start);
    const std::string_view name = spec.substr(
        start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    if (name == "normal") {
      formats.normal = true;
    } else if (name == "json") {
      formats.json = true;
    } else if (name == "json+") {
      formats.json = formats.json_plus = true;
    } else if (name == "terse") {
      throw InputError("flashscope", 0,
                       "--output-format: terse is not written by FlashScope (normal, json, json+)");
    } else {
      throw InputError("flashscope", 0,
                       "--output-format: unknown format '" + std::string(name) +
                           "' (normal, json, json+, or several separated by commas)");
    }
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return formats;
}

std::string FioTime(uint64_t timestamp) {
  const std::time_t t = static_cast<std::time_t>(timestamp);
  std::tm utc{};
  gmtime_r(&t, &utc);
  char text[64];
  std::strftime(text, sizeof text, "%a %b %e %H:%M:%S %Y", &utc);
  return text;
}

std::string FioJsonOutput(const Simulator& sim, const FioJobFile* jobs, const RunInfo& info,
                          bool json_plus, uint64_t timestamp) {
  const std::vector<FioReportEntry> entries = FioReportEntries(sim, jobs);
  const std::vector<FioRunGroup> groups = FioRunGroups(entries);
  json::Writer out(true);
  out.BeginObject();
  // The fio release whose layout this is, as tools that check it expect;
  // FlashScope's own version is flashscope.version.
  out.FieldString("fio version", "fio-3.33");
  out.FieldUint("timestamp", timestamp);
  out.FieldUint("timestamp_ms", timestamp * 1000);
  out.FieldString("time", FioTime(timestamp));
  if (jobs != nullptr) WriteOptions(out, "global options", jobs->global_options);
  out.Key("jobs").BeginArray();
  for (const FioReportEntry& e : entries) {
    const auto group = std::find_if(groups.begin(), groups.end(),
                                    [&](const FioRunGroup& g) { return g.groupid == e.groupid; });
    WriteEntry(out, sim, e, group == groups.end() ? nullptr : &*group, json_plus);
  }
  out.EndArray();
  out.Key("disk_util").BeginArray().EndArray();
  // The drive's own figures: the `flashscope run --json` result as it is.
  // (The parsed result is held: its members are read from it.)
  const json::Value result = json::Parse(RunResultJson(sim, info, false), "result");
  out.Key("flashscope").BeginObject();
  out.FieldString("version", kFlashScopeVersion);
  for (const auto& [key, value] : result.members()) {
    out.Key(key);
    out.Raw(value);
  }
  out.EndObject();
  out.EndObject();
  std::string text = out.Take();
  text += '\n';
  return text;
}

}  // namespace flashscope
