#include "report/fio_text.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <vector>

#include "report/fio_group.h"

namespace flashscope {

namespace {

constexpr const char* kEpoch = "Thu Jan  1 00:00:00 1970";
const char* kDirectionNames[kHostOpKinds] = {"read", "write", "trim"};

// printf into the output.
void Print(std::string& out, const char* format, ...) __attribute__((format(printf, 2, 3)));
void Print(std::string& out, const char* format, ...) {
  char line[1024];
  va_list args;
  va_start(args, format);
  const int n = std::vsnprintf(line, sizeof line, format, args);
  va_end(args);
  if (n > 0) out.append(line, std::min<size_t>(static_cast<size_t>(n), sizeof line - 1));
}

using ull = unsigned long long;

// fio display_lat: min/max/avg/stdev in ns, or in us / ms when the values
// are large enough (fio stat.h nsec_to_usec, nsec_to_msec).
void DisplayLatency(std::string& out, const char* name, const LatencyHistogram& h) {
  uint64_t min = h.min_ns(), max = h.max_ns();
  double mean = h.mean_ns(), dev = HistogramStddevNs(h);
  const char* base = "(nsec)";
  if (min > 2'000'000 && max > 99'999'999ULL && dev > 1e6) {
    min /= 1'000'000;
    max /= 1'000'000;
    mean /= 1e6;
    dev /= 1e6;
    base = "(msec)";
  } else if (min > 2000 && max > 99'999 && dev > 1000.0) {
    min /= 1000;
    max /= 1000;
    mean /= 1000.0;
    dev /= 1000.0;
    base = "(usec)";
  }
  Print(out, "    %s %s: min=%s, max=%s, avg=%5.02f, stdev=%5.02f\n", name, base,
        FioNum2Str(min, 6, false, "").c_str(), FioNum2Str(max, 6, false, "").c_str(), mean, dev);
}

// fio show_clat_percentiles with percentile_precision 2.
void ShowPercentiles(std::string& out, const char* name, const LatencyHistogram& h,
                     const std::vector<double>& percentiles) {
  if (h.count() == 0 || percentiles.empty()) return;
  std::vector<uint64_t> values;
  for (double p : percentiles) values.push_back(h.Percentile(p));
  const uint64_t minv = *std::min_element(values.begin(), values.end());
  const uint64_t maxv = *std::max_element(values.begin(), values.end());
  int scale_down = 0;
  uint64_t divisor = 1;
  const char* unit = "nsec";
  if (minv > 2'000'000 && maxv > 99'999'999ULL) {
    scale_down = 2;
    divisor = 1'000'000;
    unit = "msec";
  } else if (minv > 2000 && maxv > 99'999) {
    scale_down = 1;
    divisor = 1000;
    unit = "usec";
  }
  Print(out, "    %s percentiles (%s):\n     |", name, unit);
  const uint64_t scaled_max = maxv / divisor;
  const int time_width =
      std::max(5, scaled_max > 0 ? static_cast<int>(std::log10(scaled_max) + 1) : 0);
  const size_t per_line = (80 - 7) / (2 + 10 + time_width);
  for (size_t j = 0; j < values.size(); ++j) {
    if (j != 0 && j % per_line == 0) out += "     |";
    const bool last = j == values.size() - 1;
    uint64_t v = values[j];
    for (int i = 0; i < scale_down; ++i) v = (v + 999) / 1000;
    Print(out, " %5.2fth=[%*llu]%c", percentiles[j], time_width, static_cast<ull>(v),
          last ? '\n' : ',');
    if (last) break;
    if (j % per_line == per_line - 1) out += "\n";
  }
}

void ShowDirection(std::string& out, const char* name, const FioDirectionStats& d,
                   const FioRunGroup* group, uint32_t dir, const std::vector<double>& percentiles) {
  if (d.runtime_ns == 0 || d.io_bytes == 0) return;
  const uint64_t bw = static_cast<uint64_t>(d.bw_bytes_per_s());
  Print(out, "  %s: IOPS=%s, BW=%s (%s)(%s/%llumsec)\n", name,
        FioNum2Str(static_cast<uint64_t>(d.iops()), 4, false, "").c_str(),
        FioNum2Str(bw, 4, true, "B/s").c_str(), FioNum2Str(bw, 4, false, "B/s").c_str(),
        FioNum2Str(d.io_bytes, 4, true, "B").c_str(), static_cast<ull>(d.runtime_ms()));
  if (d.latency.count() > 0) {
    DisplayLatency(out, "clat", d.latency);
    DisplayLatency(out, " lat", d.latency);
    ShowPercentiles(out, "clat", d.latency, percentiles);
  }
  const FioSampleStats bw_stats = SampleStats(d.bw_kib_samples);
  if (bw_stats.samples > 0) {
    double min = bw_stats.min, max = bw_stats.max, mean = bw_stats.mean, dev = bw_stats.stddev;
    const double per = PercentOfAggregate(group, dir, mean);
    const char* unit = "KiB";
    if (mean > 1024.0 * 1024.0) {
      min /= 1024;
      max /= 1024;
      mean /= 1024;
      dev /= 1024;
      unit = "MiB";
    }
    Print(out,
          "   bw (%5s/s): min=%5llu, max=%5llu, per=%3.2f%%, avg=%5.02f, stdev=%5.02f, "
          "samples=%llu\n",
          unit, static_cast<ull>(min), static_cast<ull>(max), per, mean, dev,
          static_cast<ull>(bw_stats.samples));
  }
  const FioSampleStats iops = SampleStats(d.iops_samples);
  if (iops.samples > 0) {
    Print(out, "   iops        : min=%5llu, max=%5llu, avg=%5.02f, stdev=%5.02f, samples=%llu\n",
          static_cast<ull>(iops.min), static_cast<ull>(iops.max), iops.mean, iops.stddev,
          static_cast<ull>(iops.samples));
  }
}

// fio show_lat: the non-empty ranges, five per line.
void ShowShares(std::string& out, const char* unit, const double* shares, size_t n) {
  static const char* kNames[] = {
      "2=", "4=", "10=", "20=", "50=", "100=", "250=", "500=", "750=", "1000=", "2000=", ">=2000="};
  int on_line = 0;
  bool shown = false;
  for (size_t i = 0; i < n; ++i) {
    if (shares[i] <= 0) continue;
    if (on_line == 0) {
      if (shown) out += "\n";
      Print(out, "  lat (%s)   : ", unit);
    } else {
      out += ", ";
    }
    shown = true;
    Print(out, "%s%3.2f%%", kNames[i], shares[i]);
    if (++on_line == 5) on_line = 0;
  }
  if (shown) out += "\n";
}

void ShowEntry(std::string& out, const Simulator& sim, const FioReportEntry& e,
               const FioRunGroup* group) {
  uint64_t bytes = 0;
  for (const FioDirectionStats& d : e.dirs) bytes += d.io_bytes;
  if (bytes == 0 && e.total_ios() == 0) return;  // fio prints nothing for such a job
  const std::vector<double>& percentiles = e.job != nullptr && !e.job->percentile_list.empty()
                                               ? e.job->percentile_list
                                               : FioDefaultPercentiles();
  Print(out, "%s: (groupid=%u, jobs=%u): err=%2d: pid=0: %s\n", e.name.c_str(), e.groupid,
        e.members, FioErrorOf(sim, e), kEpoch);
  if (e.job != nullptr && !e.job->description.empty()) {
    Print(out, "  Description  : [%s]\n", e.job->description.c_str());
  }
  if (e.unified) {
    ShowDirection(out, "mixed", e.dirs[0], group, 0, percentiles);
  } else {
    for (uint32_t dir = 0; dir < kHostOpKinds; ++dir) {
      ShowDirection(out, kDirectionNames[dir], e.dirs[dir], group, dir, percentiles);
    }
  }
  LatencyHistogram all;
  for (const FioDirectionStats& d : e.dirs) all.Merge(d.latency);
  const FioLatencyShares shares = LatencySharesOf(all, e.total_ios());
  ShowShares(out, "nsec", shares.ns.data(), shares.ns.size());
  ShowShares(out, "usec", shares.us.data(), shares.us.size());
  ShowShares(out, "msec", shares.ms.data(), shares.ms.size());
  if (!e.unified) {
    const FioSyncStats sync = SyncStatsOf(sim, e);
    if (sync.latency.count() > 0) {
      out += "  fsync/fdatasync/sync_file_range/syncfs:\n";
      DisplayLatency(out, "sync", sync.latency);
      ShowPercentiles(out, "sync", sync.latency, percentiles);
    }
  }
  out += "  cpu          : usr=0.00%, sys=0.00%, ctx=0, majf=0, minf=0\n";
  const int level = DepthLevelOf(e);
  out += "  IO depths    :";
  const char* depth_names[] = {"1", "2", "4", "8", "16", "32", ">=64"};
  for (int k = 0; k < 7; ++k) {
    Print(out, " %s=%3.1f%%%s", depth_names[k], k == level ? 100.0 : 0.0, k < 6 ? "," : "\n");
  }
  out +=
      "     submit    : 0=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%\n"
      "     complete  : 0=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%\n";
  const uint64_t syncs = e.unified ? 0 : SyncStatsOf(sim, e).total_ios;
  Print(out, "     issued rwts: total=%llu,%llu,%llu,%llu short=0,0,0,0 dropped=0,0,0,0\n",
        static_cast<ull>(e.dirs[0].total_ios), static_cast<ull>(e.dirs[1].total_ios),
        static_cast<ull>(e.dirs[2].total_ios), static_cast<ull>(syncs));
  if (e.job != nullptr && e.job->latency_target_ns > 0 && !e.job_indices.empty()) {
    // fio stat.c with latency_target: times scaled as its scale_down_ns
    // does, and the depth the search settled on.
    const auto scaled = [](uint64_t ns, const char** unit) -> double {
      if (ns >= 2'000'000'000) {
        *unit = "s";
        return ns / 1e9;
      }
      if (ns >= 2'000'000) {
        *unit = "ms";
        return ns / 1e6;
      }
      if (ns >= 2'000) {
        *unit = "us";
        return ns / 1e3;
      }
      *unit = "ns";
      return static_cast<double>(ns);
    };
    const char* target_unit = "";
    const char* window_unit = "";
    const double target = scaled(e.job->latency_target_ns, &target_unit);
    const double window = scaled(e.job->latency_window_ns, &window_unit);
    Print(out, "     latency   : target=%.2f%s, window=%.2f%s, percentile=%.2f%%, depth=%u\n",
          target, target_unit, window, window_unit, e.job->latency_percentile,
          sim.host().metrics(e.job_indices[0]).latency_depth);
  } else {
    Print(out, "     latency   : target=0, window=0, percentile=100.00%%, depth=%u\n",
          e.job != nullptr ? e.job->iodepth : 1);
  }
  // Where fio prints the host's disk statistics: the drive's own work.
  const uint64_t nand_write_bytes = e.nand.TotalPrograms() * sim.layout().page_bytes;
  const uint64_t host_write_bytes = e.unified ? 0 : e.dirs[1].io_bytes;
  char waf[32] = "-";
  if (nand_write_bytes > 0 && host_write_bytes > 0) {
    std::snprintf(waf, sizeof waf, "%.3f",
                  static_cast<double>(nand_write_bytes) / static_cast<double>(host_write_bytes));
  }
  Print(out,
        "  flashscope   : nand reads=%llu, programs=%llu, erases=%llu pages/blocks, "
        "WAF=%s, gc runs=%llu\n",
        static_cast<ull>(e.nand.TotalReads()), static_cast<ull>(e.nand.TotalPrograms()),
        static_cast<ull>(e.nand.TotalErases()), waf, static_cast<ull>(e.gc_runs));
}

void ShowGroup(std::string& out, const FioRunGroup& g) {
  static const char* kNames[] = {"   READ", "  WRITE", "   TRIM"};
  Print(out, "\nRun status group %u (all jobs):\n", g.groupid);
  for (uint32_t dir = 0; dir < kHostOpKinds; ++dir) {
    if (g.max_run_ms[dir] == 0) continue;
    const uint64_t agg = static_cast<uint64_t>(g.agg_bw_bytes[dir]);
    const uint64_t min = static_cast<uint64_t>(g.min_bw_bytes[dir]);
    const uint64_t max = static_cast<uint64_t>(g.max_bw_bytes[dir]);
    Print(out, "%s: bw=%s (%s), %s-%s (%s-%s), io=%s (%s), run=%llu-%llumsec\n",
          g.unified ? "  MIXED" : kNames[dir], FioNum2Str(agg, 4, true, "B/s").c_str(),
          FioNum2Str(agg, 4, false, "B/s").c_str(), FioNum2Str(min, 4, true, "B/s").c_str(),
          FioNum2Str(max, 4, true, "B/s").c_str(), FioNum2Str(min, 4, false, "B/s").c_str(),
          FioNum2Str(max, 4, false, "B/s").c_str(),
          FioNum2Str(g.io_bytes[dir], 4, true, "B").c_str(),
          FioNum2Str(g.io_bytes[dir], 4, false, "B").c_str(), static_cast<ull>(g.min_run_ms[dir]),
          static_cast<ull>(g.max_run_ms[dir]));
  }
}

}  // namespace

std::string FioNum2Str(uint64_t num, int max_digits, bool pow2, const char* units) {
  static const char* kSi[] = {"", "k", "M", "G", "T", "P", "E"};
  static const char* kIec[] = {"", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei"};
  const char** prefix = pow2 ? kIec : kSi;
  const unsigned thousand = pow2 ? 1024 : 1000;
  unsigned modulo = UINT_MAX;
  bool carry = false;
  int post = 0;
  while (post < 7) {
    if (static_cast<int>(std::to_string(num).size()) <= max_digits) break;
    modulo = static_cast<unsigned>(num % thousand);
    num /= thousand;
    carry = modulo >= thousand / 2;
    ++post;
  }
  if (post >= 7) post = 0;
  if (modulo == UINT_MAX) return std::to_string(num) + prefix[post] + units;
  const int digits = static_cast<int>(std::to_string(num).size());
  if (max_digits - digits <= 1) {
    if (carry) ++num;
    return std::to_string(num) + prefix[post] + units;
  }
  char fraction[32];
  std::snprintf(fraction, sizeof fraction, "%.*f", max_digits - digits - 1,
                static_cast<double>(modulo) / thousand);
  if (fraction[0] == '1') ++num;
  return std::to_string(num) + "." + (fraction + 2) + prefix[post] + units;
}

std::string FioTextOutput(const Simulator& sim, const FioJobFile* jobs) {
  const std::vector<FioReportEntry> entries = FioReportEntries(sim, jobs);
  const std::vector<FioRunGroup> groups = FioRunGroups(entries);
  std::string out = "\n";
  for (const FioReportEntry& e : entries) {
    const auto group = std::find_if(groups.begin(), groups.end(),
                                    [&](const FioRunGroup& g) { return g.groupid == e.groupid; });
    ShowEntry(out, sim, e, group == groups.end() ? nullptr : &*group);
  }
  for (const FioRunGroup& g : groups) ShowGroup(out, g);
  return out;
}

}  // namespace flashscope
