#include "api/snapshot_meta.h"

#include <algorithm>

#include "report/buffer_json.h"
#include "report/burst_json.h"
#include "report/classic_json.h"
#include "report/event_json.h"
#include "report/nand_json.h"
#include "report/waf_model.h"
#include "report/zns_json.h"

namespace flashscope {

namespace {

double Us(uint64_t ns) { return static_cast<double>(ns) / 1000.0; }

void WriteSummary(json::Writer& out, const LatencyHistogram& h) {
  const LatencySummary s = h.Summary();
  out.BeginObject();
  out.FieldUint("count", s.count);
  out.Field("mean", s.count ? s.mean_ns / 1000.0 : 0);
  out.Field("p50", Us(s.p50_ns));
  out.Field("p90", Us(s.p90_ns));
  out.Field("p99", Us(s.p99_ns));
  out.Field("p999", Us(s.p99_9_ns));
  out.Field("max", Us(s.max_ns));
  out.EndObject();
}

void WriteCdf(json::Writer& out, const std::vector<std::pair<double, double>>& cdf) {
  out.BeginArray();
  for (const auto& [latency_us, fraction] : cdf) {
    out.BeginArray().Number(latency_us).Number(fraction).EndArray();
  }
  out.EndArray();
}

// A frame carries at most this many new series points and events, however
// much simulated time it covers: at full speed one frame can cover a minute
// of simulated time (thousands of 10 ms points, tens of thousands of GC
// events), more than a frame's budget to encode or a chart to show.
constexpr size_t kMaxPointsPerFrame = 256;
constexpr size_t kMaxEventsPerFrame = 256;

// The SLC funnel now (null without a cache): capacities, what is in it, and
// the inflow/outflow rates of the latest series interval.
void WriteSlcNow(json::Writer& out, const Simulator& sim) {
  if (!sim.drive().has_slc_cache()) {
    out.Null();
    return;
  }
  const SlcFigures cache = sim.drive().slc_now();
  const SlcStats& slc = cache.stats;
  const FtlState& ftl = sim.ftl();
  const uint64_t unit = sim.layout().unit_bytes;
  const TimeSeries& series = sim.series();
  out.BeginObject();
  out.FieldUint("capacity_bytes", cache.static_capacity_bytes + cache.dynamic_capacity_bytes);
  out.FieldUint("static_capacity_bytes", cache.static_capacity_bytes);
  out.FieldUint("dynamic_capacity_bytes", cache.dynamic_capacity_bytes);
  // The most the dynamic part can be on this drive (the card's "up to").
  out.FieldUint("dynamic_max_capacity_bytes", cache.dynamic_max_capacity_bytes);
  // The result JSON's slc figures of the same names: the allowance when the
  // host started, so the UI can say how far it shrank as user data filled
  // the drive (0 until the host starts).
  out.FieldUint("dynamic_capacity_bytes_at_start", slc.dynamic_bytes_at_start);
  out.FieldUint("capacity_bytes_at_start",
                cache.static_capacity_bytes + slc.dynamic_bytes_at_start);
  out.FieldUint("static_used_bytes", ftl.static_slc_written_units() * unit);
  out.FieldUint("dynamic_used_bytes", ftl.dynamic_slc_written_units() * unit);
  out.FieldUint("persistent_bytes", cache.persistent_bytes);
  out.FieldUint("persistent_capacity_bytes", cache.persistent_capacity_bytes);
  out.Field("inflow_mbps", series.size() ? series.slc_inflow_mbps.back() : 0);
  out.Field("outflow_mbps", series.size() ? series.slc_outflow_mbps.back() : 0);
  out.FieldUint("migration_bytes", slc.migrated_units * unit);
  // pSLC blocks migration emptied, the result's slc.migrations.
  out.FieldUint("migrations", slc.migrations);
  out.FieldBool("exhausted", slc.exhausted);
  // The result JSON's slc.cliff and slc.bursts as they stand (one
  // function computes both, report/burst_json.h): before as soon as the
  // cache runs out, after once the host has written enough past the cliff
  // for it to be a rate (Burst::after_measured; the rate so far, as a live
  // figure should be), with after_settled once the burst has ended (a
  // second with nothing outstanding) or the host is done: from then on it
  // is the figure the result JSON reports.
  out.Key("first_cliff");
  if (const std::optional<BurstFigures> cliff = FirstCliffFigures(sim)) {
    out.BeginObject();
    out.Field("t_ms", cliff->burst->cliff_ns / 1e6);
    out.FieldUint("host_written_bytes", cliff->burst->written_at_cliff);
    WriteOptional(out, "before_mbps", cliff->mbps_before);
    WriteOptional(out, "after_mbps", cliff->mbps_after);
    out.FieldBool("after_settled", cliff->ended);
    WriteOptional(out, "depth", cliff->depth);
    out.EndObject();
  } else {
    out.Null();
  }
  WriteBurstFields(out, sim);
  out.EndObject();
}

// Points after t_ms `after_ms`: the series may have merged its points in
// pairs since the last call (TimeSeries::MergePairs), which moves indices
// but never times, so the cursor is a time. A merged point that ends after
// the cursor is sent even though half of it was sent before (its rates are
// the mean over both halves).
size_t FirstPointAfter(const TimeSeries& s, double after_ms) {
  return static_cast<size_t>(std::upper_bound(s.t_ms.begin(), s.t_ms.end(), after_ms) -
                             s.t_ms.begin());
}

// New points since `from`; when there are more than kMaxPointsPerFrame,
// runs of k consecutive points are merged into one: rates are averaged,
// the mean and p50 latency averaged over the points' I/Os, p99 takes the
// worst, GC work is summed, levels and cumulative figures take the last
// value.
void WriteSeriesSince(json::Writer& out, const TimeSeries& s, size_t from,
                      size_t max_points = kMaxPointsPerFrame) {
  // kByIos: the mean over the points' I/Os, as TimeSeries::MergePairs
  // merges latencies: a point without I/O (latency 0: no sample) adds
  // nothing, and a merged point is 0 only when none of its points had I/O.
  enum class Merge { kLast, kMean, kMax, kSum, kByIos };
  const struct {
    const char* name;
    const std::vector<double>* values;
    Merge merge;
  } columns[] = {
      {"t_ms", &s.t_ms, Merge::kLast},
      {"iops", &s.iops, Merge::kMean},
      {"read_mbps", &s.read_mbps, Merge::kMean},
      {"write_mbps", &s.write_mbps, Merge::kMean},
      {"lat_mean_us", &s.lat_mean_us, Merge::kByIos},
      {"lat_p50_us", &s.lat_p50_us, Merge::kByIos},
      {"lat_p99_us", &s.lat_p99_us, Merge::kMax},
      {"free_blocks", &s.free_blocks, Merge::kLast},
      {"gc_page_programs", &s.gc_page_programs, Merge::kSum},
      {"host_write_bytes", &s.host_write_bytes, Merge::kLast},
      {"nand_write_bytes", &s.nand_write_bytes, Merge::kLast},
      {"waf", &s.waf, Merge::kLast},
      {"slc_capacity_bytes", &s.slc_capacity_bytes, Merge::kLast},
      {"slc_static_bytes", &s.slc_static_bytes, Merge::kLast},
      {"slc_dynamic_bytes", &s.slc_dynamic_bytes, Merge::kLast},
      {"slc_persistent_bytes", &s.slc_persistent_bytes, Merge::kLast},
      {"migration_bytes", &s.migration_bytes, Merge::kLast},
      {"slc_inflow_mbps", &s.slc_inflow_mbps, Merge::kMean},
      {"slc_outflow_mbps", &s.slc_outflow_mbps, Merge::kMean},
  };
  const size_t count = s.size() - from;
  const size_t run = (count + max_points - 1) / max_points;
  out.BeginObject();
  for (const auto& column : columns) {
    const std::vector<double>& v = *column.values;
    out.Key(column.name).BeginArray();
    for (size_t first = from; first < s.size(); first += run) {
      const size_t end = std::min(first + run, s.size());
      double merged = column.merge == Merge::kLast ? v[end - 1] : 0;
      if (column.merge == Merge::kByIos) {
        double ios = 0;
        for (size_t i = first; i < end; ++i) {
          const double point_ios = s.iops[i] * (s.t_ms[i] - (i > 0 ? s.t_ms[i - 1] : 0));
          merged += v[i] * point_ios;
          ios += point_ios;
        }
        merged = ios > 0 ? merged / ios : 0;
      } else if (column.merge != Merge::kLast) {
        for (size_t i = first; i < end; ++i) {
          merged = column.merge == Merge::kMax ? std::max(merged, v[i]) : merged + v[i];
        }
        if (column.merge == Merge::kMean) merged /= static_cast<double>(end - first);
      }
      out.Number(merged);
    }
    out.EndArray();
  }
  if (s.zoned) WriteZnsSeriesColumns(out, s, from, s.size(), run);
  out.EndObject();
}

// The newest kMaxEventsPerFrame events numbered `from` on; returns how many
// of those were left out (too many for a frame, or already overwritten in
// the log's ring).
size_t WriteEventsSince(json::Writer& out, const SimEventLog& log, uint64_t from) {
  const uint64_t first =
      std::max({from, log.oldest(),
                log.total() > kMaxEventsPerFrame ? log.total() - kMaxEventsPerFrame : uint64_t{0}});
  out.BeginArray();
  for (uint64_t i = first; i < log.total(); ++i) WriteEvent(out, log.At(i));
  out.EndArray();
  return static_cast<size_t>(first > from ? first - from : 0);
}

// Blocks per erase count, binned as the result JSON's wear histogram: one
// bin per count up to 64 bins, wider bins of equal width beyond.
void WriteEraseHistogram(json::Writer& out, const Simulator& sim) {
  const DeviceLayout& layout = sim.layout();
  uint32_t min = UINT32_MAX, max = 0;
  for (uint32_t b = 0; b < layout.blocks; ++b) {
    min = std::min(min, sim.EraseCount(b));
    max = std::max(max, sim.EraseCount(b));
  }
  const uint32_t bins = std::min<uint32_t>(64, max + 1);
  const uint32_t width = (max + bins) / bins;
  std::array<uint64_t, 64> histogram{};
  for (uint32_t b = 0; b < layout.blocks; ++b)
    ++histogram[std::min(bins - 1, sim.EraseCount(b) / width)];
  out.Key("erase_histogram").BeginArray();
  for (uint32_t i = 0; i < bins; ++i) out.Uint(histogram[i]);
  out.EndArray();
  out.FieldUint("erase_bin_width", width);
  // The least- and most-erased block, as the result's wear has them.
  out.Key("wear").BeginObject();
  out.FieldUint("min_erases", min);
  out.FieldUint("max_erases", max);
  out.EndObject();
}

// The GC engine's moves that are no GC runs, counted as the result counts
// them (read_disturb.refreshes, static_wear_leveling.moves); null where the
// drive does not make that kind of move, so the UI shows no count of zero
// for a refresh that is switched off.
void WriteRelocations(json::Writer& out, const Simulator& sim) {
  const ReliabilityStats reliability = sim.drive().reliability();
  out.Key("read_disturb");
  if (sim.config().read_disturb.enabled) {
    out.BeginObject().FieldUint("refreshes", reliability.refreshes).EndObject();
  } else {
    out.Null();
  }
  out.Key("static_wear_leveling");
  if (sim.config().wear_leveling.static_enabled) {
    out.BeginObject().FieldUint("moves", reliability.static_wl_moves).EndObject();
  } else {
    out.Null();
  }
}

}  // namespace

std::vector<std::pair<double, double>> LatencyCdf(const LatencyHistogram& histogram) {
  std::vector<std::pair<double, double>> points;
  const uint64_t count = histogram.count();
  if (count == 0) return points;
  // The summary's percentiles, as latency_us reports them: their buckets are
  // kept, so a mark drawn at one sits where the curve crosses its fraction.
  const LatencySummary summary = histogram.Summary();
  const std::array<uint64_t, 4> percentiles = {summary.p50_ns, summary.p90_ns, summary.p99_ns,
                                               summary.p99_9_ns};
  const double total = static_cast<double>(count);
  uint64_t cumulative = 0;
  uint64_t kept = 0;  // cumulative count at the last kept point
  bool first = true;
  for (size_t i = histogram.occupied_begin(); i < histogram.occupied_end(); ++i) {
    const uint64_t samples = histogram.bucket_samples(i);
    if (samples == 0) continue;
    cumulative += samples;
    // A bucket's value as the percentiles give it: never above the maximum.
    const uint64_t value_ns = std::min(LatencyHistogram::BucketValueNs(i), histogram.max_ns());
    const bool last = cumulative == count;
    const bool step = (cumulative - kept) * 100 >= count;
    // Tail shrank by 1.25x: (count - kept) >= 1.25 (count - cumulative).
    const bool tail = 4 * (count - kept) >= 5 * (count - cumulative);
    const bool percentile =
        std::find(percentiles.begin(), percentiles.end(), value_ns) != percentiles.end();
    if (first || last || step || tail || percentile) {
      points.emplace_back(Us(value_ns), cumulative / total);
      kept = cumulative;
      first = false;
    }
  }
  // The curve ends at the maximum latency_us gives (the last bucket's value
  // can lie below it): a flat step at fraction 1.
  if (Us(histogram.max_ns()) > points.back().first)
    points.emplace_back(Us(histogram.max_ns()), 1.0);
  return points;
}

std::string SnapshotMetaWriter::Write(const Simulator& sim, uint32_t frame,
                                      const TraceSource* trace) {
  const Host& host = sim.host();
  const DeviceLayout& layout = sim.layout();

  for (LatencyHistogram& h : by_op_) h.Reset();
  all_.Reset();
  uint64_t requests = 0, read_requests = 0, read_bytes = 0, write_bytes = 0;
  for (uint32_t j = 0; j < host.job_count(); ++j) {
    const JobMetrics& m = host.metrics(j);
    for (uint32_t op = 0; op < kHostOpKinds; ++op) requests += m.requests[op];
    read_requests += m.requests[0];
    read_bytes += m.bytes[0];
    write_bytes += m.bytes[1];
    by_op_[0].Merge(m.latency[0]);
    by_op_[1].Merge(m.latency[1]);
  }
  all_.Merge(by_op_[0]);
  all_.Merge(by_op_[1]);

  const uint64_t now_ns = sim.now_ns();
  // Throughput over the host's I/O, the result's span (Host::IoSpanNs: from
  // the first job's start, not from 0 s); a finished run's drain tail is not
  // in it.
  const double seconds = host.IoSpanNs(now_ns) / 1e9;
  const uint64_t host_write_bytes = host.host_write_bytes();
  const uint64_t nand_write_bytes = sim.counters().TotalPrograms() * uint64_t{layout.page_bytes};

  json::Writer out;
  out.BeginObject();
  out.FieldUint("frame", frame);
  out.FieldUint("sim_time_ns", now_ns);
  out.FieldBool("finished", sim.finished());
  out.Key("waf");
  if (host_write_bytes == 0 || nand_write_bytes == 0)  // nothing to amplify
    out.Null();
  else
    out.Number(static_cast<double>(nand_write_bytes) / static_cast<double>(host_write_bytes));
  // The device's analytic WAF is fixed for the session: computed once (the
  // random victim's model takes milliseconds for large blocks).
  if (!waf_model_computed_) {
    waf_model_ = SteadyStateWafModel(sim.config(), sim.layout());
    waf_model_computed_ = true;
  }
  out.Key("waf_model");
  WriteWafModel(out, waf_model_);
  out.FieldUint("free_blocks", sim.FreeBlocks());
  out.FieldUint("host_write_bytes", host_write_bytes);
  out.FieldUint("nand_write_bytes", nand_write_bytes);
  out.Key("programs_by_cause");
  WriteByCause(out, sim.counters().page_programs);
  out.Key("write_buffer");
  WriteWriteBuffer(out, sim);
  out.Key("end_of_run");
  if (sim.finished()) {
    WriteEndOfRun(out, sim);
  } else {
    out.Null();
  }
  out.FieldUint("gc_runs", sim.front_end().gc_runs());
  // What gc_runs counts, so the UI can name it: a classic FTL's (issue 7)
  // are merges and block rewrites (C-lash: each rewrite of a block with data
  // is one erase), which it does inline, without the GC events the GC
  // timeline draws; every other drive's are GC runs the timeline shows.
  out.FieldString("gc_runs_kind", sim.drive().classic() ? "merges" : "gc");
  // Every stall so far, as the result counts them (the events a frame
  // carries are capped and can be dropped, so the UI cannot count them).
  out.Key("stalls");
  WriteStalls(out, sim.event_log());
  out.Field("iops", seconds > 0 ? requests / seconds : 0);
  out.Field("read_iops", seconds > 0 ? read_requests / seconds : 0);
  out.Field("read_mbps", seconds > 0 ? read_bytes / seconds / 1e6 : 0);
  out.Field("write_mbps", seconds > 0 ? write_bytes / seconds / 1e6 : 0);
  out.Key("latency_us").BeginObject();
  out.Key("read");
  WriteSummary(out, by_op_[0]);
  out.Key("write");
  WriteSummary(out, by_op_[1]);
  out.EndObject();
  out.Key("mean_response_us");
  WriteMeanResponse(out, by_op_[0], by_op_[1]);
  out.Key("latency_cdf");
  WriteCdf(out, LatencyCdf(all_));
  // Each op's own, so the UI draws reads and writes with their own p50 and
  // p99 (latency_us), not percentiles read off the two mixed.
  out.Key("latency_cdf_by_op").BeginObject();
  out.Key("read");
  WriteCdf(out, LatencyCdf(by_op_[0]));
  out.Key("write");
  WriteCdf(out, LatencyCdf(by_op_[1]));
  out.EndObject();
  WriteEraseHistogram(out, sim);
  WriteRelocations(out, sim);
  out.Key("slc");
  WriteSlcNow(out, sim);
  // After the core coarsened its series (a long run keeps at most
  // kSeriesMaxPoints), the whole series goes out once, unmerged, and
  // replaces the view's: the view then holds what the core holds, not every
  // resolution the run passed through.
  const bool series_reset = sim.series().merges != series_merges_;
  out.Key("series");
  if (series_reset) {
    WriteSeriesSince(out, sim.series(), 0, std::max<size_t>(sim.series().size(), 1));
  } else {
    WriteSeriesSince(out, sim.series(), FirstPointAfter(sim.series(), series_cursor_ms_));
  }
  out.Key("events");
  const size_t dropped = WriteEventsSince(out, sim.event_log(), event_cursor_);
  out.FieldUint("events_dropped", dropped);
  out.Key("trace");
  if (trace != nullptr) {
    out.BeginObject();
    out.FieldUint("bytes_read", trace->bytes_read());
    out.FieldUint("size_bytes", trace->size_bytes());
    out.FieldUint("requests", trace->requests());
    out.EndObject();
  } else {
    out.Null();
  }
  out.Key("zns");
  WriteZnsMeta(out, sim, zns_cursor_);
  out.Key("classic");
  WriteClassicMeta(out, sim);
  out.FieldBool("series_reset", series_reset);
  // The series' interval now (the result JSON's series_interval_ms): it
  // doubles each time a long run's series merges its points in pairs.
  out.Field("series_interval_ms", sim.series_interval_ns() / 1e6);
  out.EndObject();

  if (sim.series().size() > 0) series_cursor_ms_ = sim.series().t_ms.back();
  series_merges_ = sim.series().merges;
  event_cursor_ = sim.event_log().total();
  return out.Take();
}

}  // namespace flashscope
