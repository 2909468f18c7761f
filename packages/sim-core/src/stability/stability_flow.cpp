#include "stability/stability_flow.h"

#include <algorithm>
#include <cstdio>
#include <memory>

#include "nand/layout.h"
#include "sim/fio_jobs.h"
#include "sim/simulator.h"
#include "util/input_error.h"
#include "util/json.h"

namespace flashscope::stability {

const char* const kDefaultMeasureFio =
    "; seed 001 section 2.4: 4 KiB blocks, 70 % random reads and 30 % random\n"
    "; writes, fio --norandommap as in the seed; one round moves 1/8 of the\n"
    "; user capacity.\n"
    "[global]\n"
    "rw=randrw\n"
    "rwmixread=70\n"
    "bs=4k\n"
    "iodepth=32\n"
    "norandommap\n"
    "io_size=12.5%\n"
    "\n"
    "[randrw_4k]\n";

namespace {

// PTS WIPC: 2x the user capacity of 128 KiB sequential writes (seed 001's
// init_seq job: rw=write bs=128k iodepth=64 loops=2).
constexpr const char* kWipcFio =
    "[wipc]\n"
    "rw=write\n"
    "bs=128k\n"
    "iodepth=64\n"
    "loops=2\n";

// Step 2b (seed 001's "4K random write" preconditioning): 4 KiB uniform
// random writes at QD32; io_size is set from the option.
constexpr const char* kRandomPreconditionFio =
    "[random_precondition]\n"
    "rw=randwrite\n"
    "bs=4k\n"
    "iodepth=32\n"
    "norandommap\n";

bool SetsItsOwnLength(const FioJob& job) {
  return job.number_ios != 0 || job.io_size.set || job.size.set || job.runtime_ns != 0;
}

double PerSecond(uint64_t count, uint64_t ns) {
  return ns > 0 ? static_cast<double>(count) * 1e9 / static_cast<double>(ns) : 0;
}

double Ms(uint64_t ns) { return static_cast<double>(ns) / 1e6; }

}  // namespace

FioJobFile DefaultMeasureJobs() { return ParseFioJobs(kDefaultMeasureFio, "stability:default"); }

struct StabilityRun::State {
  StabilityOptions options;
  DeviceLayout layout;
  std::vector<uint64_t> ramp_time_ns;  // of each job of one round
  uint32_t rounds_max = 0;
  uint32_t per_round = 0;
  uint32_t first_round_job = 1;  // 2 with the random preconditioning
  uint64_t random_precondition_bytes = 0;
  std::unique_ptr<Simulator> sim;
  std::vector<RoundResult> rounds;
  std::vector<double> round_iops;
  SteadyState steady_state;
  bool done = false;
  std::string device_name;
  std::string workload;

  uint32_t FirstJob(uint32_t round) const { return first_round_job + (round - 1) * per_round; }
  bool RoundFinished(uint32_t round) const;
  RoundResult MeasureRound(uint32_t round) const;
};

bool StabilityRun::State::RoundFinished(uint32_t round) const {
  const Host& host = sim->host();
  for (uint32_t job = FirstJob(round); job < FirstJob(round) + per_round; ++job) {
    if (host.JobActive(job) || host.metrics(job).end_ns == 0) return false;
  }
  return true;
}

RoundResult StabilityRun::State::MeasureRound(uint32_t number) const {
  const Host& host = sim->host();
  RoundResult round;
  round.round = number;
  round.start_ns = UINT64_MAX;
  auto read = std::make_unique<LatencyHistogram>();
  auto write = std::make_unique<LatencyHistogram>();
  uint64_t ios = 0;
  uint64_t write_bytes = 0;
  uint32_t first_started = FirstJob(number);
  uint32_t last_ended = first_started;
  for (uint32_t k = 0; k < per_round; ++k) {
    const uint32_t job = FirstJob(number) + k;
    const JobMetrics& m = host.metrics(job);
    // fio's ramp_time: I/O before it is not counted, so neither is its time.
    const uint64_t counted_from = m.start_ns + ramp_time_ns[k];
    if (counted_from < round.start_ns) {
      round.start_ns = counted_from;
      first_started = job;
    }
    if (m.end_ns >= round.end_ns) {
      round.end_ns = m.end_ns;
      last_ended = job;
    }
    round.reads += m.requests[0];
    round.writes += m.requests[1];
    for (uint64_t n : m.requests) ios += n;
    write_bytes += m.bytes[1];
    read->Merge(m.latency[0]);
    write->Merge(m.latency[1]);
  }
  const uint64_t duration = round.end_ns > round.start_ns ? round.end_ns - round.start_ns : 0;
  round.iops = PerSecond(ios, duration);
  round.read_iops = PerSecond(round.reads, duration);
  round.write_iops = PerSecond(round.writes, duration);
  const NandCounters nand =
      host.metrics(last_ended).nand_at_end - host.metrics(first_started).nand_at_start;
  round.waf = write_bytes > 0 ? static_cast<double>(nand.TotalPrograms()) * layout.page_bytes /
                                    static_cast<double>(write_bytes)
                              : 0;
  round.read = read->Summary();
  round.write = write->Summary();
  return round;
}

StabilityRun::StabilityRun(const DeviceConfig& device, const FioJobFile& measure,
                           const StabilityOptions& options)
    : state_(std::make_unique<State>()) {
  if (device.precondition.fill > 0 || device.precondition.random_writes > 0) {
    throw InputError(device.file, 0,
                     "stability: the flow purges the drive and preconditions it itself (2x user "
                     "capacity of 128 KiB sequential writes); remove precondition.fill / "
                     "precondition.random_writes");
  }
  if (measure.jobs.empty())
    throw InputError(measure.file, 0, "stability: the job file has no jobs");
  if (options.rule.max_rounds == 0) {
    throw InputError("stability", 0, "stability: at least one round is needed");
  }
  if (!(options.random_precondition_capacity >= 0 &&
        options.random_precondition_capacity <= kMaxRandomPreconditionCapacity)) {
    throw InputError("stability", 0,
                     "stability: the random preconditioning needs 0 to 10 times the capacity");
  }
  State& s = *state_;
  s.options = options;
  s.layout = DeviceLayout::From(device);
  s.rounds_max = options.rule.max_rounds;
  s.per_round = static_cast<uint32_t>(measure.jobs.size());
  for (const FioJob& job : measure.jobs) s.ramp_time_ns.push_back(job.ramp_time_ns);
  s.device_name = device.name;
  s.workload = measure.file;

  // Job 0: WIPC; job 1: the random preconditioning, if any; then round r's
  // jobs from FirstJob(r), each round a stonewalled group (a job file with
  // stonewalls of its own makes a round of several groups).
  FioJobFile combined;
  combined.file = measure.file;
  combined.jobs.push_back(ParseFioJobs(kWipcFio, "stability:wipc").jobs[0]);
  const uint64_t block_bytes = 4096;  // the job's bs: whole I/Os only
  const uint64_t random_bytes =
      static_cast<uint64_t>(options.random_precondition_capacity *
                            static_cast<double>(s.layout.logical_bytes) / block_bytes) *
      block_bytes;
  // The last preconditioning job ends with a flush (fio's end_fsync): what
  // it left in the write buffer reaches flash before round 1, which
  // otherwise paid for it (on tlc-8g its first 4 s ran 11 % slow, at a
  // round WAF of 12.8 against 11.6).
  if (random_bytes == 0) combined.jobs[0].end_fsync = true;
  if (random_bytes > 0) {
    FioJob job = ParseFioJobs(kRandomPreconditionFio, "stability:random_precondition").jobs[0];
    job.end_fsync = true;
    job.stonewall = true;
    job.io_size.set = true;
    job.io_size.bytes = random_bytes;
    combined.jobs.push_back(std::move(job));
    s.first_round_job = 2;
    s.random_precondition_bytes = random_bytes;
  }
  for (uint32_t r = 1; r <= s.rounds_max; ++r) {
    for (uint32_t k = 0; k < s.per_round; ++k) {
      FioJob job = measure.jobs[k];
      job.name = "round" + std::to_string(r) + ":" + job.name;
      if (k == 0) job.stonewall = true;
      if (!SetsItsOwnLength(job)) {
        job.io_size.set = true;
        job.io_size.is_percent = true;
        job.io_size.percent = kDefaultRoundCapacityPercent;
      }
      combined.jobs.push_back(std::move(job));
    }
  }
  SimOptions sim_options;
  sim_options.series_interval_ns = options.series_interval_ns;
  // Result() reads point k as the interval (k I, (k + 1) I]: a fixed
  // interval, never coarsened. The flow is bounded by its rounds.
  sim_options.series_max_points = 0;
  sim_options.jobs_again = [combined, device, layout = s.layout] {
    return JobsFromFio(combined, device, layout);
  };
  // No Precondition(): the fresh simulator is the purged drive.
  s.sim = std::make_unique<Simulator>(device, JobsFromFio(combined, device, s.layout), sim_options);
}

StabilityRun::~StabilityRun() = default;

bool StabilityRun::Advance() {
  State& s = *state_;
  if (s.done) return true;
  const StopReason reason = s.sim->Advance(UINT64_MAX, kStabilityEventSlice);
  while (s.rounds.size() < s.rounds_max &&
         s.RoundFinished(static_cast<uint32_t>(s.rounds.size() + 1))) {
    s.rounds.push_back(s.MeasureRound(static_cast<uint32_t>(s.rounds.size() + 1)));
    s.round_iops.push_back(s.rounds.back().iops);
    s.steady_state = DetectSteadyState(s.round_iops, s.options.rule);
    if (s.steady_state.reached) {
      s.done = true;
      break;
    }
  }
  if (s.rounds.size() == s.rounds_max || reason == StopReason::kFinished) s.done = true;
  return s.done;
}

bool StabilityRun::done() const { return state_->done; }
const std::vector<RoundResult>& StabilityRun::rounds() const { return state_->rounds; }
const SteadyState& StabilityRun::steady_state() const { return state_->steady_state; }
uint32_t StabilityRun::rounds_max() const { return state_->rounds_max; }
uint64_t StabilityRun::now_ns() const { return state_->sim->now_ns(); }
uint64_t StabilityRun::user_capacity_bytes() const { return state_->layout.logical_bytes; }
uint64_t StabilityRun::host_write_bytes() const { return state_->sim->host().host_write_bytes(); }
uint64_t StabilityRun::precondition_bytes_total() const {
  return 2 * state_->layout.logical_bytes + state_->random_precondition_bytes;
}

StabilityResult StabilityRun::Result() const {
  const State& s = *state_;
  if (!s.done) throw std::logic_error("stability: Result() before the flow ended");
  if (s.rounds.empty()) throw std::logic_error("stability: the simulator ran no round");
  const Host& host = s.sim->host();
  StabilityResult result;
  result.device = s.device_name;
  result.workload = s.workload;
  result.user_capacity_bytes = s.layout.logical_bytes;
  result.series_interval_ns = s.options.series_interval_ns;
  result.rounds = s.rounds;
  result.rule = s.options.rule;
  result.steady_state = s.steady_state;

  const auto job_waf = [&](const JobMetrics& m) {
    return m.bytes[1] > 0 ? static_cast<double>((m.nand_at_end - m.nand_at_start).TotalPrograms()) *
                                s.layout.page_bytes / static_cast<double>(m.bytes[1])
                          : 0;
  };
  const JobMetrics& wipc = host.metrics(0);
  result.precondition_bytes = wipc.bytes[1];
  result.precondition_end_ns = wipc.end_ns;
  result.precondition_waf = job_waf(wipc);
  if (s.first_round_job == 2) {
    const JobMetrics& random = host.metrics(1);
    result.random_precondition_bytes = random.bytes[1];
    result.random_precondition_end_ns = random.end_ns;
    result.random_precondition_waf = job_waf(random);
  }

  const WindowFit& window = result.steady_state.window;
  result.window_start_ns = result.rounds[window.first_round - 1].start_ns;
  result.window_end_ns = result.rounds[window.last_round - 1].end_ns;

  // Per-interval IOPS: point k of the run's series covers (k I, (k + 1) I]
  // (a run that finished also has a shorter last point, left out here).
  const TimeSeries& series = s.sim->series();
  const uint64_t interval = s.options.series_interval_ns;
  const uint64_t rounds_start = host.metrics(s.FirstJob(1)).start_ns;
  const uint64_t rounds_end = result.rounds.back().end_ns;
  std::vector<double> window_samples;
  uint32_t round_at = 0;
  for (uint64_t k = (rounds_start + interval - 1) / interval;
       k < series.size() && (k + 1) * interval <= rounds_end; ++k) {
    const uint64_t from = k * interval;
    const uint64_t to = from + interval;
    while (round_at < result.rounds.size() && result.rounds[round_at].end_ns < to) ++round_at;
    const bool inside = from >= result.window_start_ns && to <= result.window_end_ns;
    result.t_ms.push_back(Ms(to));
    result.iops.push_back(series.iops[k]);
    result.series_round.push_back(round_at + 1);
    result.in_window.push_back(inside);
    if (inside) window_samples.push_back(series.iops[k]);
  }
  result.cv = CoefficientOfVariation(window_samples);
  result.consistency = IntelConsistency(window_samples);

  auto read = std::make_unique<LatencyHistogram>();
  auto write = std::make_unique<LatencyHistogram>();
  for (uint32_t r = window.first_round; r <= window.last_round; ++r) {
    for (uint32_t job = s.FirstJob(r); job < s.FirstJob(r) + s.per_round; ++job) {
      read->Merge(host.metrics(job).latency[0]);
      write->Merge(host.metrics(job).latency[1]);
    }
  }
  result.qos = CheckQos(*read, *write, s.options.qos);
  result.read = read->Summary();
  result.write = write->Summary();
  return result;
}

StabilityResult RunStability(const DeviceConfig& device, const FioJobFile& measure,
                             const StabilityOptions& options) {
  // On the heap: the simulator and its histograms are too big for a
  // WebAssembly stack frame.
  const auto run = std::make_unique<StabilityRun>(device, measure, options);
  while (!run->Advance()) {
  }
  return run->Result();
}

namespace {

double Us(uint64_t ns) { return static_cast<double>(ns) / 1000.0; }

void OptionalNumber(json::Writer& out, std::string_view key, const std::optional<double>& v) {
  out.Key(key);
  if (v)
    out.Number(*v);
  else
    out.Null();
}

void WriteLatency(json::Writer& out, const LatencySummary& s) {
  out.BeginObject();
  out.FieldUint("count", s.count);
  out.Field("mean", s.mean_ns / 1000.0);
  out.Field("p50", Us(s.p50_ns));
  out.Field("p99", Us(s.p99_ns));
  out.Field("p999", Us(s.p99_9_ns));
  out.Field("p9999", Us(s.p99_99_ns));
  out.Field("max", Us(s.max_ns));
  out.EndObject();
}

std::string QosStatisticName(const QosLimits& limits) {
  return limits.percentile ? "p" + json::FormatNumber(*limits.percentile) : "mean";
}

}  // namespace

double WindowWaf(const StabilityResult& result) {
  const WindowFit& window = result.steady_state.window;
  double sum = 0;
  uint32_t count = 0;
  for (const RoundResult& round : result.rounds) {
    if (round.round < window.first_round || round.round > window.last_round) continue;
    sum += round.waf;
    ++count;
  }
  return count > 0 ? sum / count : 0;
}

std::string StabilityJson(const StabilityResult& r, bool pretty) {
  json::Writer out(pretty);
  out.BeginObject();
  WriteStabilityFields(out, r);
  out.EndObject();
  return out.Take() + "\n";
}

void WriteStabilityFields(json::Writer& out, const StabilityResult& r) {
  out.FieldString("device", r.device);
  out.FieldString("workload", r.workload);
  out.FieldUint("user_capacity_bytes", r.user_capacity_bytes);
  out.Key("precondition").BeginObject();
  out.FieldString("pattern", "sequential write, 128 KiB, 2x user capacity");
  out.FieldUint("bytes", r.precondition_bytes);
  out.Field("end_ms", Ms(r.precondition_end_ns));
  out.Field("waf", r.precondition_waf);
  out.Key("random");
  if (r.random_precondition_bytes > 0) {
    out.BeginObject();
    out.FieldString("pattern", "random write, 4 KiB, QD32");
    out.FieldUint("bytes", r.random_precondition_bytes);
    out.Field("end_ms", Ms(r.random_precondition_end_ns));
    out.Field("waf", r.random_precondition_waf);
    out.EndObject();
  } else {
    out.Null();
  }
  out.EndObject();

  out.Key("rounds").BeginArray();
  for (const RoundResult& round : r.rounds) {
    out.BeginObject();
    out.FieldUint("round", round.round);
    out.Field("start_ms", Ms(round.start_ns));
    out.Field("end_ms", Ms(round.end_ns));
    out.Field("iops", round.iops);
    out.Field("read_iops", round.read_iops);
    out.Field("write_iops", round.write_iops);
    out.Field("read_p99_us", Us(round.read.p99_ns));
    out.Field("read_p999_us", Us(round.read.p99_9_ns));
    out.Field("write_p99_us", Us(round.write.p99_ns));
    out.Field("write_p999_us", Us(round.write.p99_9_ns));
    out.Key("waf");  // 0: the round wrote or programmed nothing, no WAF
    if (round.waf > 0)
      out.Number(round.waf);
    else
      out.Null();
    out.FieldBool("in_window", round.round >= r.steady_state.window.first_round &&
                                   round.round <= r.steady_state.window.last_round);
    out.EndObject();
  }
  out.EndArray();

  const WindowFit& w = r.steady_state.window;
  out.Key("steady_state").BeginObject();
  out.FieldBool("reached", r.steady_state.reached);
  out.Key("round");
  if (r.steady_state.reached)
    out.Uint(r.steady_state.round);
  else
    out.Null();
  out.Key("window").BeginArray().Uint(w.first_round).Uint(w.last_round).EndArray();
  out.Key("window_ms").BeginArray().Number(Ms(r.window_start_ns)).Number(Ms(r.window_end_ns));
  out.EndArray();
  out.Field("mean_iops", w.mean);
  out.Field("range_fraction", w.mean > 0 ? w.range / w.mean : 0);
  out.Field("slope_excursion_fraction", w.mean > 0 ? w.slope_excursion / w.mean : 0);
  out.FieldBool("range_ok", w.range_ok);
  out.FieldBool("slope_ok", w.slope_ok);
  out.FieldUint("window_rounds", r.rule.window_rounds);
  out.Field("max_range_fraction", r.rule.max_range_fraction);
  out.Field("max_slope_excursion_fraction", r.rule.max_slope_excursion_fraction);
  out.EndObject();
  out.Key("window_waf");  // null: the window wrote or programmed nothing
  if (WindowWaf(r) > 0)
    out.Number(WindowWaf(r));
  else
    out.Null();

  OptionalNumber(out, "cv", r.cv.cv);
  OptionalNumber(out, "consistency", r.consistency.value);
  out.Key("iops_intervals").BeginObject();
  out.Field("interval_ms", Ms(r.series_interval_ns));
  out.FieldUint("samples", r.cv.samples);
  out.Field("mean", r.cv.mean);
  out.Field("stddev", r.cv.stddev);
  out.FieldUint("consistency_dropped", r.consistency.dropped);
  out.Field("consistency_min", r.consistency.min_kept);
  out.EndObject();

  out.Key("qos").BeginObject();
  out.Field("read_limit_us", r.qos.limits.read_limit_us);
  out.Field("write_limit_us", r.qos.limits.write_limit_us);
  OptionalNumber(out, "percentile", r.qos.limits.percentile);
  out.FieldString("statistic", QosStatisticName(r.qos.limits));
  out.FieldBool("pass", r.qos.pass);
  OptionalNumber(out, "read_us", r.qos.read_us);
  OptionalNumber(out, "write_us", r.qos.write_us);
  out.FieldBool("read_pass", r.qos.read_pass);
  out.FieldBool("write_pass", r.qos.write_pass);
  out.EndObject();

  out.Key("latency_us").BeginObject();
  out.Key("read");
  WriteLatency(out, r.read);
  out.Key("write");
  WriteLatency(out, r.write);
  out.EndObject();

  out.Key("series").BeginObject();
  out.Field("interval_ms", Ms(r.series_interval_ns));
  out.Key("t_ms").BeginArray();
  for (double t : r.t_ms) out.Number(t);
  out.EndArray();
  out.Key("iops").BeginArray();
  for (double v : r.iops) out.Number(v);
  out.EndArray();
  out.Key("round").BeginArray();
  for (uint32_t v : r.series_round) out.Uint(v);
  out.EndArray();
  out.Key("in_window").BeginArray();
  for (bool v : r.in_window) out.Bool(v);
  out.EndArray();
  out.EndObject();
}

std::string StabilityText(const StabilityResult& r) {
  std::string text;
  char line[256];
  std::snprintf(
      line, sizeof line,
      "stability: %s, %s (user capacity %.1f MiB)\n"
      "precondition: %.1f MiB of 128 KiB sequential writes, done at %.1f ms, WAF %.3f\n\n",
      r.device.c_str(), r.workload.c_str(), r.user_capacity_bytes / 1048576.0,
      r.precondition_bytes / 1048576.0, Ms(r.precondition_end_ns), r.precondition_waf);
  text += line;
  if (r.random_precondition_bytes > 0) {
    std::snprintf(line, sizeof line,
                  "random precondition: %.1f MiB of 4 KiB random writes, done at %.1f ms, WAF "
                  "%.3f\n\n",
                  r.random_precondition_bytes / 1048576.0, Ms(r.random_precondition_end_ns),
                  r.random_precondition_waf);
    text.pop_back();  // one blank line before the table, after both lines
    text += line;
  }
  text += "round  end ms      IOPS      read IOPS  write IOPS  rd p99.9 us  wr p99.9 us  WAF\n";
  const WindowFit& w = r.steady_state.window;
  for (const RoundResult& round : r.rounds) {
    const bool in = round.round >= w.first_round && round.round <= w.last_round;
    char waf[32] = "\u2014";  // the round wrote or programmed nothing
    if (round.waf > 0) std::snprintf(waf, sizeof waf, "%.3f", round.waf);
    std::snprintf(line, sizeof line,
                  "%c%-4u  %-10.1f  %-8.0f  %-9.0f  %-10.0f  %-11.1f  %-11.1f  %s\n",
                  in ? '*' : ' ', round.round, Ms(round.end_ns), round.iops, round.read_iops,
                  round.write_iops, Us(round.read.p99_9_ns), Us(round.write.p99_9_ns), waf);
    text += line;
  }
  if (r.steady_state.reached) {
    std::snprintf(line, sizeof line,
                  "\nsteady state: reached at round %u, window rounds %u-%u (* above): rounds' "
                  "mean %.0f IOPS, range %.1f %% (<= 20), slope excursion %.1f %% (<= 10)\n",
                  r.steady_state.round, w.first_round, w.last_round, w.mean, 100 * w.range / w.mean,
                  100 * w.slope_excursion / w.mean);
  } else {
    std::snprintf(line, sizeof line,
                  "\nsteady state: NOT reached in %zu rounds; last window rounds %u-%u: range "
                  "%.1f %%, slope excursion %.1f %%\n",
                  r.rounds.size(), w.first_round, w.last_round,
                  w.mean > 0 ? 100 * w.range / w.mean : 0,
                  w.mean > 0 ? 100 * w.slope_excursion / w.mean : 0);
  }
  text += line;
  const auto percent = [](const std::optional<double>& v) {
    char number[32] = "n/a";
    if (v) std::snprintf(number, sizeof number, "%.2f %%", 100 * *v);
    return std::string(number);
  };
  std::snprintf(line, sizeof line,
                "CV of IOPS: %s over %zu intervals of %.0f ms (interval mean %.0f IOPS, sample "
                "stddev %.0f)\n"
                "consistency (min after dropping the lowest 0.01 %% / mean): %s\n",
                percent(r.cv.cv).c_str(), r.cv.samples, Ms(r.series_interval_ns), r.cv.mean,
                r.cv.stddev, percent(r.consistency.value).c_str());
  text += line;
  const auto us = [](const std::optional<double>& v) {
    char number[32] = "no I/O";
    if (v) std::snprintf(number, sizeof number, "%.1f us", *v);
    return std::string(number);
  };
  const std::string statistic = QosStatisticName(r.qos.limits);
  std::snprintf(line, sizeof line, "QoS (%s): read %s <= %s us %s, write %s <= %s us %s -> %s\n",
                statistic.c_str(), us(r.qos.read_us).c_str(),
                json::FormatNumber(r.qos.limits.read_limit_us).c_str(),
                r.qos.read_pass ? "ok" : "FAIL", us(r.qos.write_us).c_str(),
                json::FormatNumber(r.qos.limits.write_limit_us).c_str(),
                r.qos.write_pass ? "ok" : "FAIL", r.qos.pass ? "PASS" : "FAIL");
  text += line;
  for (const auto& [name, s] :
       {std::pair<const char*, const LatencySummary*>{"read", &r.read}, {"write", &r.write}}) {
    std::snprintf(
        line, sizeof line,
        "%-5s latency (us): mean %.1f p50 %.1f p99 %.1f p99.9 %.1f p99.99 %.1f (%llu I/Os)\n", name,
        s->mean_ns / 1000.0, Us(s->p50_ns), Us(s->p99_ns), Us(s->p99_9_ns), Us(s->p99_99_ns),
        static_cast<unsigned long long>(s->count));
    text += line;
  }
  return text;
}

}  // namespace flashscope::stability
