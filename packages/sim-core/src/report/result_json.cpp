#include "report/result_json.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "report/buffer_json.h"
#include "report/burst_json.h"
#include "report/classic_json.h"
#include "report/event_json.h"
#include "report/nand_json.h"
#include "report/waf_model.h"
#include "report/zns_json.h"
#include "schema/device_schema.h"
#include "sim/trace_jobs.h"
#include "util/byte_text.h"
#include "util/json.h"

namespace flashscope {

namespace {

const char* kOpNames[kHostOpKinds] = {"read", "write", "trim"};

double Us(uint64_t ns) { return static_cast<double>(ns) / 1000.0; }

void WriteLatency(json::Writer& out, const LatencyHistogram& h) {
  out.BeginObject();
  out.FieldUint("count", h.count());
  out.Field("mean", h.count() ? h.mean_ns() / 1000.0 : 0);
  out.Field("min", Us(h.min_ns()));
  out.Field("p50", Us(h.Percentile(50)));
  out.Field("p90", Us(h.Percentile(90)));
  out.Field("p99", Us(h.Percentile(99)));
  out.Field("p999", Us(h.Percentile(99.9)));
  out.Field("p9999", Us(h.Percentile(99.99)));
  out.Field("max", Us(h.max_ns()));
  out.EndObject();
}

// WAF = NAND bytes programmed / host bytes written; null when either is
// zero (a read-only run, or one that programmed nothing): there is no
// amplification to report, and 0 or NaN would read as a figure.
bool HasWaf(uint64_t nand_bytes, uint64_t host_bytes) { return nand_bytes > 0 && host_bytes > 0; }

// Writes that cover part of a mapping unit. The WAF stays NAND bytes over
// the bytes the host wrote (as fio and the literature count it), so it
// includes rounding such writes up to whole units; rounding_waf is that
// part alone: the bytes of the whole units the writes covered over the host
// bytes (1 when every write is unit-aligned; null without writes). A WAF
// above 1 with no GC that equals rounding_waf (times the padding of partial
// wordlines) comes from rounding only. rmw_reads: old units read first
// (read_modify_write; nand.reads_by_cause.rmw).
void WritePartialWrites(json::Writer& out, const Host& host, const NandCounters& nand) {
  out.BeginObject();
  out.FieldUint("writes", host.partial_writes());
  out.FieldUint("units", host.partial_write_units());
  out.FieldUint("unit_bytes", host.host_write_unit_bytes());
  out.Key("rounding_waf");
  if (host.host_write_bytes() == 0) {
    out.Null();
  } else {
    out.Number(static_cast<double>(host.host_write_unit_bytes()) /
               static_cast<double>(host.host_write_bytes()));
  }
  out.FieldUint("rmw_reads", nand.page_reads[static_cast<uint32_t>(Cause::kReadModifyWrite)]);
  out.EndObject();
}

// ": 120 host, 3000 gc, 9 padding": the causes with programs, or nothing.
std::string ProgramsByCauseText(const NandCounters& nand) {
  std::string text;
  for (uint32_t c = 0; c < kCauseCount; ++c) {
    if (nand.page_programs[c] == 0) continue;
    text += text.empty() ? ": " : ", ";
    text += std::to_string(nand.page_programs[c]) + " " + CauseName(static_cast<Cause>(c));
  }
  return text;
}

// The text output's WAF: three decimals, or an em dash when there is none.
std::string WafText(uint64_t nand_bytes, uint64_t host_bytes) {
  if (!HasWaf(nand_bytes, host_bytes)) return "\u2014";
  char text[32];
  std::snprintf(text, sizeof text, "%.3f",
                static_cast<double>(nand_bytes) / static_cast<double>(host_bytes));
  return text;
}

void WriteWaf(json::Writer& out, uint64_t nand_bytes, uint64_t host_bytes) {
  out.Key("waf");
  if (!HasWaf(nand_bytes, host_bytes)) {
    out.Null();
  } else {
    out.Number(static_cast<double>(nand_bytes) / static_cast<double>(host_bytes));
  }
}

void WriteSeries(json::Writer& out, const TimeSeries& s) {
  const std::pair<const char*, const std::vector<double>*> columns[] = {
      {"t_ms", &s.t_ms},
      {"iops", &s.iops},
      {"read_mbps", &s.read_mbps},
      {"write_mbps", &s.write_mbps},
      {"lat_mean_us", &s.lat_mean_us},
      {"lat_p50_us", &s.lat_p50_us},
      {"lat_p99_us", &s.lat_p99_us},
      {"free_blocks", &s.free_blocks},
      {"gc_page_programs", &s.gc_page_programs},
      {"host_write_bytes", &s.host_write_bytes},
      {"nand_write_bytes", &s.nand_write_bytes},
      {"waf", &s.waf},
      {"slc_capacity_bytes", &s.slc_capacity_bytes},
      {"slc_static_bytes", &s.slc_static_bytes},
      {"slc_dynamic_bytes", &s.slc_dynamic_bytes},
      {"slc_persistent_bytes", &s.slc_persistent_bytes},
      {"migration_bytes", &s.migration_bytes},
      {"slc_inflow_mbps", &s.slc_inflow_mbps},
      {"slc_outflow_mbps", &s.slc_outflow_mbps},
  };
  out.BeginObject();
  for (const auto& [name, values] : columns) {
    out.Key(name).BeginArray();
    for (double v : *values) out.Number(v);
    out.EndArray();
  }
  if (s.zoned) WriteZnsSeriesColumns(out, s, 0, s.size(), 1);
  out.EndObject();
}

// Coefficient of variation of IOPS over the series' full-length intervals
// (seed 001's stability metric; the steady-state procedure is a later issue).
// The points of the run's series that cover the host's I/O: a finished
// run's last point may be its end-of-run drain (Simulator::DrainSample),
// with no host I/O in it, after end_of_run.host_end_ms.
size_t HostPoints(const Simulator& sim) {
  const TimeSeries& s = sim.series();
  size_t n = s.size();
  if (!sim.finished()) return n;
  const double host_end_ms = sim.end_of_run().host_end_ns / 1e6;
  while (n > 0 && s.t_ms[n - 1] > host_end_ms) --n;
  return n;
}

// IOPS stability over the host's points (`points` of them), the last of
// which may be partial (the host's last completion).
void WriteStability(json::Writer& out, const TimeSeries& s, size_t points) {
  const size_t n = points > 1 ? points - 1 : points;  // last may be partial
  double mean = 0;
  for (size_t i = 0; i < n; ++i) mean += s.iops[i];
  mean = n ? mean / n : 0;
  double var = 0;
  for (size_t i = 0; i < n; ++i) var += (s.iops[i] - mean) * (s.iops[i] - mean);
  const double stddev = n > 1 ? std::sqrt(var / (n - 1)) : 0;
  out.BeginObject();
  out.FieldUint("intervals", n);
  out.Field("iops_mean", mean);
  out.Field("iops_stddev", stddev);
  out.Key("iops_cv");
  if (mean > 0)
    out.Number(stddev / mean);
  else
    out.Null();
  out.EndObject();
}

void WriteWear(json::Writer& out, const Simulator& sim) {
  const DeviceLayout& layout = sim.layout();
  uint32_t min = UINT32_MAX, max = 0;
  double sum = 0, sum_sq = 0;
  for (uint32_t b = 0; b < layout.blocks; ++b) {
    const uint32_t e = sim.EraseCount(b);
    min = std::min(min, e);
    max = std::max(max, e);
    sum += e;
    sum_sq += static_cast<double>(e) * e;
  }
  const double mean = sum / layout.blocks;
  out.BeginObject();
  out.FieldUint("min_erases", min);
  out.FieldUint("max_erases", max);
  out.Field("mean_erases", mean);
  out.Field("stddev_erases", std::sqrt(std::max(0.0, sum_sq / layout.blocks - mean * mean)));
  // Blocks per erase count, from 0 to max (one bin per count up to 64 bins;
  // wider bins of equal width beyond).
  const uint32_t bins = std::min<uint32_t>(64, max + 1);
  const uint32_t width = (max + bins) / bins;
  std::vector<uint64_t> histogram(bins, 0);
  for (uint32_t b = 0; b < layout.blocks; ++b)
    ++histogram[std::min(bins - 1, sim.EraseCount(b) / width)];
  out.FieldUint("histogram_bin_width", width);
  out.Key("histogram").BeginArray();
  for (uint64_t count : histogram) out.Uint(count);
  out.EndArray();
  out.EndObject();
}

struct HostTotals {
  std::array<uint64_t, kHostOpKinds> requests{};
  std::array<uint64_t, kHostOpKinds> bytes{};
  std::array<LatencyHistogram, kHostOpKinds> latency;
};

void WriteHost(json::Writer& out, const std::array<uint64_t, kHostOpKinds>& requests,
               const std::array<uint64_t, kHostOpKinds>& bytes) {
  out.BeginObject();
  out.FieldUint("read_requests", requests[0]);
  out.FieldUint("write_requests", requests[1]);
  out.FieldUint("trim_requests", requests[2]);
  out.FieldUint("read_bytes", bytes[0]);
  out.FieldUint("write_bytes", bytes[1]);
  out.FieldUint("trim_bytes", bytes[2]);
  out.EndObject();
}

// The host's active and idle time (metrics/burst_tracker.h), for the run's
// totals: the jobs' span includes the idle between bursts (a burst / idle /
// burst job's startdelays), throughput over the active time leaves it out.
struct HostActivity {
  uint64_t active_ns = 0;
  uint64_t idle_ns = 0;
};

void WriteThroughput(json::Writer& out, const std::array<uint64_t, kHostOpKinds>& requests,
                     const std::array<uint64_t, kHostOpKinds>& bytes, uint64_t duration_ns,
                     const HostActivity* activity = nullptr) {
  const double s = duration_ns > 0 ? duration_ns / 1e9 : 0;
  const uint64_t all_requests = requests[0] + requests[1] + requests[2];
  out.BeginObject();
  out.Field("iops", s > 0 ? all_requests / s : 0);
  out.Field("read_iops", s > 0 ? requests[0] / s : 0);
  out.Field("write_iops", s > 0 ? requests[1] / s : 0);
  out.Field("read_mbps", s > 0 ? bytes[0] / s / 1e6 : 0);
  out.Field("write_mbps", s > 0 ? bytes[1] / s / 1e6 : 0);
  if (activity != nullptr) {
    const double active_s = activity->active_ns / 1e9;
    out.Field("active_ms", activity->active_ns / 1e6);
    out.Field("idle_ms", activity->idle_ns / 1e6);
    out.Field("active_iops", active_s > 0 ? all_requests / active_s : 0);
    out.Field("active_read_mbps", active_s > 0 ? bytes[0] / active_s / 1e6 : 0);
    out.Field("active_write_mbps", active_s > 0 ? bytes[1] / active_s / 1e6 : 0);
  }
  out.EndObject();
}

void WriteLatencies(json::Writer& out, const std::array<LatencyHistogram, kHostOpKinds>& h) {
  out.BeginObject();
  for (uint32_t op = 0; op < kHostOpKinds; ++op) {
    out.Key(kOpNames[op]);
    WriteLatency(out, h[op]);
  }
  out.EndObject();
}

// The SLC cache's summary: capacities, migration, where host data went, the
// first cliff with the write throughput on either side of it, each burst's
// cache and cliff (report/burst_json.h), and read
// latency by where the data was (seed 000 Fig. 7).
void WriteSlc(json::Writer& out, const Simulator& sim) {
  const SlcFigures cache = sim.drive().slc_now();
  const SlcStats& slc = cache.stats;
  const uint64_t unit = sim.layout().unit_bytes;
  out.BeginObject();
  out.FieldUint("static_capacity_bytes", cache.static_capacity_bytes);
  out.FieldUint("dynamic_capacity_bytes_at_start", slc.dynamic_bytes_at_start);
  out.FieldUint("capacity_bytes_at_start",
                cache.static_capacity_bytes + slc.dynamic_bytes_at_start);
  out.FieldUint("persistent_capacity_bytes", cache.persistent_capacity_bytes);
  out.FieldUint("migration_bytes", slc.migrated_units * unit);
  out.FieldUint("migrations", slc.migrations);
  out.FieldUint("host_bytes_to_slc", slc.host_units_to_slc * unit);
  out.FieldUint("host_bytes_to_native", slc.host_units_to_native * unit);
  out.FieldUint("promoted_bytes", slc.promoted_units * unit);
  out.FieldUint("persistent_flushes", slc.persistent_flushes);
  const uint64_t before = slc.first_cliff_host_units * unit;
  out.Key("bytes_before_first_cliff");
  if (slc.cliff_seen)
    out.Uint(before);
  else
    out.Null();
  // The first cliff and every burst's, from exact events (report/burst_json.h).
  out.Key("cliff");
  if (const std::optional<BurstFigures> cliff = FirstCliffFigures(sim)) {
    out.BeginObject();
    out.FieldUint("host_written_bytes", cliff->burst->written_at_cliff);
    out.Field("t_ms", cliff->burst->cliff_ns / 1e6);
    WriteOptional(out, "write_mbps_before", cliff->mbps_before);
    WriteOptional(out, "write_mbps_after", cliff->mbps_after);
    WriteOptional(out, "depth", cliff->depth);
    out.EndObject();
  } else {
    out.Null();
  }
  WriteBurstFields(out, sim);
  LatencyHistogram from_slc, from_native;
  for (uint32_t j = 0; j < sim.host().job_count(); ++j) {
    from_slc.Merge(sim.host().metrics(j).read_slc);
    from_native.Merge(sim.host().metrics(j).read_native);
  }
  out.Key("read_latency_us").BeginObject();
  out.Key("slc");
  WriteLatency(out, from_slc);
  out.Key("native");
  WriteLatency(out, from_native);
  out.EndObject();
  out.EndObject();
}

// The events the log still holds (the newest kRetainedEvents); the CLI's
// --events streams all of them instead (cli/event_stream.h).
void WriteEvents(json::Writer& out, const SimEventLog& log) {
  out.BeginArray();
  for (uint64_t i = log.oldest(); i < log.total(); ++i) WriteEvent(out, log.At(i));
  out.EndArray();
}

}  // namespace

RunInfo RunInfoFor(const FioJobFile& jobs, const std::string& workload_name, bool include_events) {
  RunInfo info;
  info.workload = workload_name;
  info.include_events = include_events;
  for (const FioJob& job : jobs.jobs) {
    for (const std::string& name : job.ignored) {
      bool seen = false;
      for (const std::string& known : info.ignored_options) seen |= known == name;
      if (!seen) info.ignored_options.push_back(name);
    }
  }
  return info;
}

RunInfo RunInfoForTrace(const std::string& workload_name, const TraceSource& source,
                        bool include_events) {
  RunInfo info;
  info.workload = workload_name;
  info.include_events = include_events;
  info.trace = &source;
  return info;
}

std::string RunResultJson(const Simulator& sim, const RunInfo& info, bool pretty) {
  const DeviceLayout& layout = sim.layout();
  const Host& host = sim.host();
  json::Writer out(pretty);
  out.BeginObject();
  out.FieldUint("seed", sim.config().seed);
  out.FieldString("workload", info.workload);
  out.Key("device");
  WriteDevice(out, sim.config());
  out.Key("capacity").BeginObject();
  out.FieldUint("logical_bytes", layout.logical_bytes);
  out.FieldUint("physical_bytes", layout.physical_units * layout.unit_bytes);
  out.FieldUint("blocks", layout.blocks);
  out.FieldUint("mapping_units_per_block", layout.units_per_block);
  out.EndObject();

  const PreconditionStats& pre = sim.precondition_stats();
  out.Key("precondition").BeginObject();
  out.FieldUint("fill_bytes", pre.fill_units * layout.unit_bytes);
  out.FieldUint("random_write_bytes", pre.random_units * layout.unit_bytes);
  out.FieldUint("gc_runs", pre.gc_runs);
  out.Key("waf");
  if (pre.random_units)
    out.Number(pre.waf);
  else
    out.Null();
  out.EndObject();

  out.Key("ignored_options").BeginArray();
  for (const std::string& name : info.ignored_options) out.String(name);
  out.EndArray();
  if (info.trace != nullptr) {
    out.Key("trace");
    WriteTraceReplay(out, *info.trace);
  }

  // Totals over every job.
  HostTotals totals;
  for (uint32_t j = 0; j < host.job_count(); ++j) {
    const JobMetrics& m = host.metrics(j);
    for (uint32_t op = 0; op < kHostOpKinds; ++op) {
      totals.requests[op] += m.requests[op];
      totals.bytes[op] += m.bytes[op];
      totals.latency[op].Merge(m.latency[op]);
    }
  }
  const NandCounters& nand = sim.counters();
  out.Field("sim_time_ms", sim.now_ns() / 1e6);
  out.Key("host");
  WriteHost(out, totals.requests, totals.bytes);
  out.Key("nand");
  WriteNand(out, nand, layout.page_bytes);
  WriteWaf(out, nand.TotalPrograms() * layout.page_bytes, host.host_write_bytes());
  // What the analytic model of the drive's GC predicts for uniform random
  // writes (null where none applies), to read the measured "waf" against.
  out.Key("waf_model");
  WriteWafModel(out, SteadyStateWafModel(sim.config(), layout));
  out.Key("partial_writes");
  WritePartialWrites(out, host, nand);
  out.Key("latency_us");
  WriteLatencies(out, totals.latency);
  // Reads and writes together (the frame meta's, the cache view's figure).
  out.Key("mean_response_us");
  WriteMeanResponse(out, totals.latency[static_cast<uint32_t>(IoOp::kRead)],
                    totals.latency[static_cast<uint32_t>(IoOp::kWrite)]);
  // Over the jobs' I/O (first start to last completion, or to now in a run
  // stopped midway: Host::IoSpanNs, the frame meta's too), not the end of
  // run's drain after it; and over the host's active time only.
  const HostActivity activity{sim.bursts().ActiveNs(sim.now_ns()), sim.bursts().IdleNs()};
  out.Key("throughput");
  WriteThroughput(out, totals.requests, totals.bytes, host.IoSpanNs(sim.now_ns()), &activity);
  out.Key("end_of_run");
  WriteEndOfRun(out, sim);
  out.Key("write_buffer");
  WriteWriteBuffer(out, sim);
  out.Key("gc").BeginObject();
  out.FieldUint("runs", sim.front_end().gc_runs());
  out.FieldUint("units_moved", sim.front_end().gc_units_moved());
  // The same in bytes: every drive's GC moves whole mapping units (a
  // classic FTL maps whole pages, unit = page; a zoned drive's host FTL
  // moves 4 KiB blocks, unit = 4 KiB: schema/device_validate.cpp), so
  // Compare need not guess a unit size.
  out.FieldUint("bytes_moved", sim.front_end().gc_units_moved() * layout.unit_bytes);
  out.EndObject();
  out.Key("stalls");
  WriteStalls(out, sim.event_log());
  // Reads of data never written complete without touching flash: a trace
  // replayed on an empty drive shows read latencies no drive has.
  out.FieldUint("unwritten_read_bytes", sim.front_end().unwritten_read_units() * layout.unit_bytes);
  if (sim.drive().has_slc_cache()) {
    out.Key("slc");
    WriteSlc(out, sim);
  }
  out.Key("zns");
  WriteZnsResult(out, sim);
  out.Key("ftl");
  WriteFtlResult(out, sim);
  out.Key("cache");
  WriteCacheResult(out, sim);
  out.Key("series");
  WriteSeries(out, sim.series());
  // The series' interval at the end of the run: the first one, doubled
  // each time the series reached its point cap (sim/simulator.h).
  out.Field("series_interval_ms", sim.series_interval_ns() / 1e6);
  out.Key("stability");
  WriteStability(out, sim.series(), HostPoints(sim));
  out.Key("wear");
  WriteWear(out, sim);
  // Read/write conflict controls (device keys suspend, read_disturb,
  // wear_leveling.static): zeros when off.
  out.Key("suspend").BeginObject();
  out.FieldUint("program_suspensions", sim.flash().program_suspensions());
  out.FieldUint("erase_suspensions", sim.flash().erase_suspensions());
  out.EndObject();
  const ReliabilityStats reliability = sim.drive().reliability();
  out.Key("read_disturb").BeginObject();
  out.FieldUint("refreshes", reliability.refreshes);
  out.FieldUint("refreshed_units", reliability.refreshed_units);
  out.EndObject();
  out.Key("static_wear_leveling").BeginObject();
  out.FieldUint("moves", reliability.static_wl_moves);
  out.FieldUint("moved_units", reliability.static_wl_units);
  out.EndObject();

  out.Key("jobs").BeginArray();
  for (uint32_t j = 0; j < host.job_count(); ++j) {
    const JobMetrics& m = host.metrics(j);
    const NandCounters job_nand = m.nand_at_end - m.nand_at_start;
    out.BeginObject();
    out.FieldString("name", m.name);
    out.FieldUint("group", m.group);
    out.Field("start_ms", m.start_ns / 1e6);
    out.Field("end_ms", m.end_ns / 1e6);
    // fio ratemin / rate_iops_min: the job stopped below its minimum rate.
    if (!m.failure.empty()) out.FieldString("failure", m.failure);
    out.Key("host");
    WriteHost(out, m.requests, m.bytes);
    out.Key("nand");
    WriteNand(out, job_nand, layout.page_bytes);
    WriteWaf(out, job_nand.TotalPrograms() * layout.page_bytes, m.bytes[1]);
    out.Key("latency_us");
    WriteLatencies(out, m.latency);
    out.Field("mean_response_us", MeanResponseUs(m.latency));
    out.Key("throughput");
    // fio measures after ramp_time: the ramp is not in the divisor.
    WriteThroughput(out, m.requests, m.bytes, host.JobMeasuredNs(j, sim.now_ns()));
    out.Key("gc").BeginObject();
    out.FieldUint("runs", m.gc_runs_at_end - m.gc_runs_at_start);
    out.EndObject();
    out.Key("series");
    WriteSeries(out, m.series);
    out.EndObject();
  }
  out.EndArray();
  if (info.include_events) {
    out.Key("events");
    WriteEvents(out, sim.event_log());
    // How many happened: more than "events" holds when the log's ring
    // dropped the oldest.
    out.FieldUint("events_total", sim.event_log().total());
  }
  out.EndObject();
  std::string text = out.Take();
  text += '\n';
  return text;
}

std::string RunResultText(const Simulator& sim, const RunInfo& info) {
  const DeviceLayout& layout = sim.layout();
  const Host& host = sim.host();
  // A repair of the trace's clock that decides the figures comes first.
  std::string text = info.trace != nullptr ? RepairWarningsText(info.trace->scanner()) : "";
  char line[512];
  std::snprintf(line, sizeof line, "device %s: %s, %.1f GiB logical (%.1f GiB raw), %u blocks\n",
                sim.config().name.c_str(), CellModeName(layout.native_mode),
                layout.logical_bytes / 1073741824.0,
                layout.physical_units * layout.unit_bytes / 1073741824.0, layout.blocks);
  text += line;
  const PreconditionStats& pre = sim.precondition_stats();
  if (pre.fill_units || pre.random_units) {
    char waf[32] = "\u2014";  // no random phase: no WAF
    if (pre.random_units) std::snprintf(waf, sizeof waf, "%.3f", pre.waf);
    std::snprintf(line, sizeof line,
                  "precondition: filled %.1f GiB, %.1f GiB random writes, WAF %s\n",
                  pre.fill_units * layout.unit_bytes / 1073741824.0,
                  pre.random_units * layout.unit_bytes / 1073741824.0, waf);
    text += line;
  }
  if (info.trace != nullptr) {
    const TraceSource& trace = *info.trace;
    std::snprintf(
        line, sizeof line,
        "trace %s (%s): %llu requests replayed (%llu reads, %llu writes, %llu trims), "
        "%llu bad lines skipped, %llu lines without I/O, %llu records filtered out\n",
        trace.name().c_str(), trace.format().c_str(), (unsigned long long)trace.requests(),
        (unsigned long long)trace.requests(IoOp::kRead),
        (unsigned long long)trace.requests(IoOp::kWrite),
        (unsigned long long)trace.requests(IoOp::kTrim), (unsigned long long)trace.bad_lines(),
        (unsigned long long)trace.skipped_lines(), (unsigned long long)trace.filtered_records());
    text += line;
    if (trace.flushes() > 0 || trace.fua_writes() > 0) {
      std::snprintf(line, sizeof line,
                    "trace flushes: %llu flush requests, %llu writes with FUA (each waits for "
                    "flash unless the drive has power-loss protection)\n",
                    (unsigned long long)trace.flushes(), (unsigned long long)trace.fua_writes());
      text += line;
    }
    // A trace bigger than the drive was wrapped onto it: say what holds it.
    const TraceFit fit =
        FitTraceToDrive(ReplayFootprint(trace), trace.capacity_bytes(), info.presets);
    if (!fit.note.empty()) text += "note: " + fit.note + "\n";
    // How the clock was read and the volumes placed (trace_source.h).
    for (const std::string& note : trace.Notes()) text += "note: " + note + "\n";
  }
  text += ZnsResultText(sim);
  const uint64_t unwritten_read_units = sim.front_end().unwritten_read_units();
  if (unwritten_read_units > 0) {
    std::snprintf(line, sizeof line,
                  "note: %.1f MiB of the data read was never written, so the drive answered "
                  "without a flash read; fill it first (--precondition fill=100%%) to read "
                  "from NAND\n",
                  unwritten_read_units * layout.unit_bytes / 1048576.0);
    text += line;
  }
  if (host.partial_writes() > 0) {
    std::snprintf(line, sizeof line,
                  "note: %llu writes covered part of a %u-byte mapping unit (%llu units); "
                  "rounded up to whole units they are %.3f times the bytes written (in the "
                  "WAF), and %llu old units were read first (read-modify-write)\n",
                  (unsigned long long)host.partial_writes(), layout.unit_bytes,
                  (unsigned long long)host.partial_write_units(),
                  static_cast<double>(host.host_write_unit_bytes()) /
                      static_cast<double>(host.host_write_bytes()),
                  (unsigned long long)sim.counters()
                      .page_reads[static_cast<uint32_t>(Cause::kReadModifyWrite)]);
    text += line;
  }
  if (!info.ignored_options.empty()) {
    text += "ignored fio options:";
    for (const std::string& name : info.ignored_options) text += " " + name;
    text += "\n";
  }
  for (uint32_t j = 0; j < host.job_count(); ++j) {
    const JobMetrics& m = host.metrics(j);
    const double s = (m.end_ns - m.measure_start_ns) / 1e9;  // after ramp_time
    std::snprintf(line, sizeof line, "%s: %.3f s simulated\n", m.name.c_str(), s);
    text += line;
    if (!m.failure.empty()) text += "  stopped: " + m.failure + "\n";
    for (uint32_t op = 0; op < kHostOpKinds; ++op) {
      const LatencyHistogram& h = m.latency[op];
      if (h.count() == 0) continue;
      // A trim moves no data: its bytes over the job's time are no
      // bandwidth (a 2 GiB trim done in microseconds read as 130,936,141
      // MB/s); it says how much it trimmed.
      char amount[64];
      if (op == static_cast<uint32_t>(IoOp::kTrim)) {
        std::snprintf(amount, sizeof amount, "%s trimmed",
                      BinaryByteText(static_cast<double>(m.bytes[op])).c_str());
      } else {
        std::snprintf(amount, sizeof amount, "BW=%.1f MB/s", s > 0 ? m.bytes[op] / s / 1e6 : 0);
      }
      std::snprintf(line, sizeof line,
                    "  %-5s: IOPS=%.0f, %s, lat (us) mean=%.1f p50=%.1f p99=%.1f "
                    "p99.9=%.1f max=%.1f\n",
                    kOpNames[op], s > 0 ? m.requests[op] / s : 0, amount, h.mean_ns() / 1e3,
                    Us(h.Percentile(50)), Us(h.Percentile(99)), Us(h.Percentile(99.9)),
                    Us(h.max_ns()));
      text += line;
    }
    const NandCounters nand = m.nand_at_end - m.nand_at_start;
    std::snprintf(line, sizeof line,
                  "  nand : %llu page reads, %llu page programs (%llu GC), %llu erases, WAF %s, "
                  "%llu GC runs\n",
                  (unsigned long long)nand.TotalReads(), (unsigned long long)nand.TotalPrograms(),
                  (unsigned long long)nand.page_programs[static_cast<uint32_t>(Cause::kGc)],
                  (unsigned long long)nand.TotalErases(),
                  WafText(nand.TotalPrograms() * layout.page_bytes, m.bytes[1]).c_str(),
                  (unsigned long long)(m.gc_runs_at_end - m.gc_runs_at_start));
    text += line;
  }
  const EndOfRunStats& end = sim.end_of_run();
  if (end.buffered_bytes > 0 || end.held_bytes > 0) {
    std::snprintf(line, sizeof line,
                  "end of run: %.1f KiB left the write buffer for flash in %.3f ms after the "
                  "last request (%llu page programs%s, in the figures above; not in throughput)",
                  (end.buffered_bytes - std::min(end.buffered_bytes, end.held_bytes)) / 1024.0,
                  (end.end_ns - end.host_end_ns) / 1e6,
                  (unsigned long long)end.nand.TotalPrograms(),
                  ProgramsByCauseText(end.nand).c_str());
    text += line;
    if (end.held_bytes > 0) {
      std::snprintf(line, sizeof line, "; %.1f KiB stay buffered (partial zone wordlines)",
                    end.held_bytes / 1024.0);
      text += line;
    }
    text += "\n";
  }
  const NandCounters& nand = sim.counters();
  const uint64_t padding = nand.page_programs[static_cast<uint32_t>(Cause::kPadding)];
  if (padding > 0) {
    std::snprintf(line, sizeof line,
                  "padding: %llu of the %llu page programs (%.1f %%) were dummy data closing "
                  "partial wordlines that left before they were full (idle flush, host flush "
                  "or end of run)\n",
                  (unsigned long long)padding, (unsigned long long)nand.TotalPrograms(),
                  100.0 * static_cast<double>(padding) / static_cast<double>(nand.TotalPrograms()));
    text += line;
  }
  return text;
}

}  // namespace flashscope
