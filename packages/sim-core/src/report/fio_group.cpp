#include "report/fio_group.h"

#include <algorithm>
#include <cmath>

#include "sim/fio_jobs.h"

namespace flashscope {

namespace {

constexpr uint32_t kRead = 0, kWrite = 1;

// Adds `member` into `total` sample by sample (members of a reporting group
// ran side by side, so fio adds their bandwidths); the sum covers the
// samples both have.
void AddSamples(std::vector<double>& total, const std::vector<double>& member) {
  if (member.empty()) return;
  if (total.empty()) {
    total = member;
    return;
  }
  total.resize(std::min(total.size(), member.size()));
  for (size_t i = 0; i < total.size(); ++i) total[i] += member[i];
}

struct MemberSamples {
  std::array<std::vector<double>, kHostOpKinds> bw_kib;
  std::array<std::vector<double>, kHostOpKinds> iops;
};

// One job's bandwidth and IOPS samples per direction from its series. The
// series counts reads and writes only (trims and flushes take no interval
// figures), so trims get none. The last point may cover a shorter interval
// and points inside ramp_time hold no I/O: both are left out.
MemberSamples SamplesOf(const JobMetrics& m, uint64_t ramp_ns, bool unified) {
  MemberSamples out;
  const TimeSeries& s = m.series;
  const size_t end = s.size() > 1 ? s.size() - 1 : s.size();
  size_t begin = 0;
  while (begin < end && s.t_ms[begin] * 1e6 <= static_cast<double>(ramp_ns)) ++begin;
  const bool reads = m.requests[kRead] > 0, writes = m.requests[kWrite] > 0;
  constexpr double kKibPerMb = 1e6 / 1024;
  for (size_t i = begin; i < end; ++i) {
    if (unified) {
      out.bw_kib[kRead].push_back((s.read_mbps[i] + s.write_mbps[i]) * kKibPerMb);
      out.iops[kRead].push_back(s.iops[i]);
      continue;
    }
    if (reads) out.bw_kib[kRead].push_back(s.read_mbps[i] * kKibPerMb);
    if (writes) out.bw_kib[kWrite].push_back(s.write_mbps[i] * kKibPerMb);
    if (reads && writes) {
      // Each direction's I/Os from its bytes over its mean request size.
      const double read_bs = static_cast<double>(m.bytes[kRead]) / m.requests[kRead];
      const double write_bs = static_cast<double>(m.bytes[kWrite]) / m.requests[kWrite];
      out.iops[kRead].push_back(s.read_mbps[i] * 1e6 / read_bs);
      out.iops[kWrite].push_back(s.write_mbps[i] * 1e6 / write_bs);
    } else if (reads || writes) {
      out.iops[reads ? kRead : kWrite].push_back(s.iops[i]);
    }
  }
  return out;
}

}  // namespace

uint64_t FioDirectionStats::runtime_ms() const {
  if (runtime_ns == 0) return 0;
  return std::max<uint64_t>(1, (runtime_ns + 500'000) / 1'000'000);
}

// fio's arithmetic (stat.c add_ddir_status_json): bytes and I/Os over the
// runtime it reports, in whole ms, so iops x runtime is total_ios in every
// record (30 I/Os in 0.2 ms report 30,000 IOPS over 1 ms, not 146,520).
double FioDirectionStats::bw_bytes_per_s() const {
  const uint64_t ms = runtime_ms();
  return ms > 0 ? static_cast<double>(io_bytes * 1000 / ms) : 0;
}

double FioDirectionStats::iops() const {
  const uint64_t ms = runtime_ms();
  return ms > 0 ? 1000.0 * static_cast<double>(total_ios) / static_cast<double>(ms) : 0;
}

uint64_t FioReportEntry::total_ios() const {
  uint64_t total = 0;
  for (const FioDirectionStats& d : dirs) total += d.total_ios;
  return total;
}

FioSampleStats SampleStats(const std::vector<double>& values) {
  FioSampleStats stats;
  stats.samples = values.size();
  if (values.empty()) return stats;
  stats.min = *std::min_element(values.begin(), values.end());
  stats.max = *std::max_element(values.begin(), values.end());
  double sum = 0;
  for (double v : values) sum += v;
  stats.mean = sum / values.size();
  if (values.size() > 1) {
    double squares = 0;
    for (double v : values) squares += (v - stats.mean) * (v - stats.mean);
    stats.stddev = std::sqrt(squares / (values.size() - 1));
  }
  return stats;
}

double HistogramStddevNs(const LatencyHistogram& h) {
  if (h.count() < 2) return 0;
  const double mean = h.mean_ns();
  double squares = 0;
  for (size_t i = h.occupied_begin(); i < h.occupied_end(); ++i) {
    const uint64_t n = h.bucket_samples(i);
    if (n == 0) continue;
    const uint64_t value = std::clamp(LatencyHistogram::BucketValueNs(i), h.min_ns(), h.max_ns());
    const double delta = static_cast<double>(value) - mean;
    squares += static_cast<double>(n) * delta * delta;
  }
  return std::sqrt(squares / static_cast<double>(h.count() - 1));
}

const std::vector<double>& FioDefaultPercentiles() {
  // fio options.c, percentile_list's default.
  static const std::vector<double> kList = {1,  5,  10, 20, 30,   40,   50,    60,   70,
                                            80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99};
  return kList;
}

std::vector<FioReportEntry> FioReportEntries(const Simulator& sim, const FioJobFile* jobs) {
  const Host& host = sim.host();
  const uint32_t job_count = host.job_count();
  // Leading fill_device jobs ran as the untimed preconditioning: host job j
  // runs file job j + skipped (sim/fio_jobs.h).
  const uint32_t skipped = jobs != nullptr ? FirstTimedFioJob(*jobs, sim.config()) : 0;
  if (jobs != nullptr && jobs->jobs.size() != job_count + skipped) jobs = nullptr;
  std::vector<FioReportEntry> entries;
  uint32_t last_groupid = 0;
  for (uint32_t j = 0; j < job_count; ++j) {
    const JobMetrics& m = host.metrics(j);
    const FioJob* job = jobs != nullptr ? &jobs->jobs[j + skipped] : nullptr;
    const uint32_t groupid = job != nullptr ? job->report_group : m.group;
    // fio: a job joins the entry before it only if it has group_reporting
    // and the same groupid.
    const bool joins =
        !entries.empty() && job != nullptr && job->group_reporting && groupid == last_groupid;
    last_groupid = groupid;
    if (!joins) {
      FioReportEntry entry;
      entry.name = m.name;
      entry.groupid = groupid;
      entry.job = job;
      entry.unified = job != nullptr && job->unified_rw_reporting;
      entry.start_ns = m.start_ns;
      entry.end_ns = m.end_ns;
      entries.push_back(std::move(entry));
    }
    FioReportEntry& e = entries.back();
    ++e.members;
    e.job_indices.push_back(j);
    e.start_ns = std::min(e.start_ns, m.start_ns);
    e.end_ns = std::max(e.end_ns, m.end_ns);
    // fio's runtime leaves ramp_time out, as the counts do.
    const uint64_t runtime_ns = m.end_ns - m.measure_start_ns;
    for (uint32_t op = 0; op < kHostOpKinds; ++op) {
      FioDirectionStats& d = e.dirs[e.unified ? kRead : op];
      d.total_ios += m.requests[op];
      d.io_bytes += m.bytes[op];
      d.latency.Merge(m.latency[op]);
      if (m.requests[op] > 0) d.runtime_ns = std::max(d.runtime_ns, runtime_ns);
    }
    const MemberSamples samples = SamplesOf(m, job != nullptr ? job->ramp_time_ns : 0, e.unified);
    for (uint32_t op = 0; op < kHostOpKinds; ++op) {
      AddSamples(e.dirs[op].bw_kib_samples, samples.bw_kib[op]);
      AddSamples(e.dirs[op].iops_samples, samples.iops[op]);
    }
    const NandCounters nand = m.nand_at_end - m.nand_at_start;
    for (uint32_t c = 0; c < kCauseCount; ++c) {
      e.nand.page_reads[c] += nand.page_reads[c];
      e.nand.page_programs[c] += nand.page_programs[c];
      e.nand.block_erases[c] += nand.block_erases[c];
      e.nand.units_programmed[c] += nand.units_programmed[c];
    }
    e.gc_runs += m.gc_runs_at_end - m.gc_runs_at_start;
  }
  return entries;
}

FioSyncStats SyncStatsOf(const Simulator& sim, const FioReportEntry& entry) {
  FioSyncStats sync;
  // The host keeps flushes (fsync, fdatasync, sync=1, end_fsync) apart
  // from trims; like fio's other figures they count after ramp_time.
  for (uint32_t j : entry.job_indices) {
    const JobMetrics& m = sim.host().metrics(j);
    sync.total_ios += m.flush_latency.count();
    sync.latency.Merge(m.flush_latency);
  }
  return sync;
}

FioLatencyShares LatencySharesOf(const LatencyHistogram& h, uint64_t total_ios) {
  static constexpr uint64_t kEdges[] = {2, 4, 10, 20, 50, 100, 250, 500, 750};
  const auto slot = [](uint64_t value) {
    size_t k = 0;
    while (k < 9 && value >= kEdges[k]) ++k;
    return k;
  };
  std::array<uint64_t, 10> ns{}, us{};
  std::array<uint64_t, 12> ms{};
  for (size_t i = h.occupied_begin(); i < h.occupied_end(); ++i) {
    const uint64_t n = h.bucket_samples(i);
    if (n == 0) continue;
    const uint64_t lower = LatencyHistogram::BucketLowerNs(i);
    if (lower < 1000) {
      ns[slot(lower)] += n;
    } else if (lower < 1'000'000) {
      us[slot(lower / 1000)] += n;
    } else {
      const uint64_t msec = lower / 1'000'000;
      ms[msec >= 2000 ? 11 : msec >= 1000 ? 10 : slot(msec)] += n;
    }
  }
  const auto share = [&](uint64_t n) {
    if (total_ios == 0 || n == 0) return 0.0;
    return std::max(0.01, 100.0 * static_cast<double>(n) / static_cast<double>(total_ios));
  };
  FioLatencyShares shares;
  for (size_t k = 0; k < 10; ++k) {
    shares.ns[k] = share(ns[k]);
    shares.us[k] = share(us[k]);
  }
  for (size_t k = 0; k < 12; ++k) shares.ms[k] = share(ms[k]);
  return shares;
}

int DepthLevelOf(const FioReportEntry& e) {
  if (e.job == nullptr || e.total_ios() == 0 || e.job->iodepth == 0 || e.job->rate_iops > 0 ||
      e.job->thinktime_ns > 0) {
    return -1;
  }
  int level = 0;
  while (level < 6 && (uint64_t{2} << level) <= e.job->iodepth) ++level;
  return level;
}

std::vector<FioRunGroup> FioRunGroups(const std::vector<FioReportEntry>& entries) {
  std::vector<FioRunGroup> groups;
  for (const FioReportEntry& e : entries) {
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const FioRunGroup& g) { return g.groupid == e.groupid; });
    if (it == groups.end()) {
      groups.push_back(FioRunGroup{});
      groups.back().groupid = e.groupid;
      it = groups.end() - 1;
    }
    FioRunGroup& g = *it;
    g.unified |= e.unified;
    for (uint32_t op = 0; op < kHostOpKinds; ++op) {
      const FioDirectionStats& d = e.dirs[op];
      if (d.runtime_ns == 0) continue;
      const uint64_t run_ms = d.runtime_ms();
      const double bw = d.bw_bytes_per_s();
      const bool first = g.max_run_ms[op] == 0;
      g.min_run_ms[op] = first ? run_ms : std::min(g.min_run_ms[op], run_ms);
      g.max_run_ms[op] = std::max(g.max_run_ms[op], run_ms);
      g.min_bw_bytes[op] = first ? bw : std::min(g.min_bw_bytes[op], bw);
      g.max_bw_bytes[op] = std::max(g.max_bw_bytes[op], bw);
      g.io_bytes[op] += d.io_bytes;
    }
  }
  for (FioRunGroup& g : groups) {
    for (uint32_t op = 0; op < kHostOpKinds; ++op) {
      if (g.max_run_ms[op] > 0) {
        g.agg_bw_bytes[op] = static_cast<double>(g.io_bytes[op]) * 1000.0 / g.max_run_ms[op];
      }
    }
  }
  std::sort(groups.begin(), groups.end(),
            [](const FioRunGroup& a, const FioRunGroup& b) { return a.groupid < b.groupid; });
  return groups;
}

double PercentOfAggregate(const FioRunGroup* group, uint32_t dir, double mean_kib) {
  if (group == nullptr || group->agg_bw_bytes[dir] <= 1024) return 100.0;
  return std::min(100.0, mean_kib * 100.0 / (group->agg_bw_bytes[dir] / 1024.0));
}

int FioErrorOf(const Simulator& sim, const FioReportEntry& entry) {
  for (uint32_t job : entry.job_indices) {
    const JobMetrics& m = sim.host().metrics(job);
    if (m.latency_target_failed) return 110;  // ETIMEDOUT
    if (m.rate_min_failed) return 5;          // EIO
  }
  return 0;
}

}  // namespace flashscope
