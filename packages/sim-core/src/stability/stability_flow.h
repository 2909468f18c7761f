// The stability test flow of seed 001 (section 2.5) in the shape of the SNIA
// SSS PTS v2.0.2 IOPS test, on one Simulator:
//
//  1. Purge. The Simulator's initial state is a fresh drive (every block
//     erased, nothing mapped), which is what a purge (secure erase / format)
//     leaves, so the flow starts from it; the device's untimed
//     precondition.* keys would skip the purge and are refused.
//  2. Workload-independent preconditioning (PTS WIPC): twice the user
//     capacity of 128 KiB sequential writes (fio rw=write bs=128k loops=2,
//     iodepth 64 as in the seed's init_seq job), run timed, as the first job
//     group. Timed, not the untimed Precondition(): the untimed path writes
//     at most one sequential pass (precondition.fill <= 1), while the timed
//     job writes both passes through the write buffer and GC exactly as the
//     rounds will, and costs little (2x capacity of large sequential writes
//     needs almost no GC copying: 0.01 s for the 80 MiB test drive).
//  2b. Workload-dependent preconditioning (the seed's second step: "执行两遍
//     全盘随机写, 将数据全部打乱", two full-drive passes of 4K random writes
//     to scatter the data; PTS WDPC): StabilityOptions::
//     random_precondition_capacity times the user capacity of 4 KiB uniform
//     random writes at QD32, timed, as job group 1; twice by default, as the
//     seed, 0 skips it. Without it the rounds start on a drive whose data
//     lies in order and whose over-provisioning is still free: on a drive
//     with generous spare space (the 25 % of teaching-slc-tiny) five rounds
//     of the 70/30 mix write less than that spare, GC never runs, IOPS stay
//     flat, and the detector finds a "steady state" at round 5 with window
//     WAF 1.00 that is fresh-out-of-box, not steady. A paced measurement is
//     worse still: at a fixed rate_iops every round has the same IOPS.
//  3. Rounds of the measurement workload (default: 4 KiB random 70/30
//     read/write mix at QD32, fio `norandommap` as in the seed), each round a
//     new stonewalled job group of the same Simulator, so the drive's state
//     (mapping, free blocks, GC) carries from round to round. A job that
//     limits itself by none of number_ios, io_size, size or runtime gets
//     io_size=12.5 %: each round moves 1/8 of the user capacity, so a round
//     ages any drive by the same share and the FOB -> transition -> steady
//     curve spans several rounds (a 25-round run on the 80 MiB test drive
//     takes 0.04 s natively).
//  4. After each round the per-round IOPS (all of the round's I/O over its
//     duration) go to the steady-state detector (steady_state.h); the flow
//     stops at steady state or after rounds_max rounds.
//
// Results come from the steady-state window (or, when not reached, the last
// window_rounds rounds): CV and Intel's consistency of the per-interval IOPS
// samples (the run's time series at series_interval_ns, 10 ms by default,
// counting only intervals wholly inside the window), the QoS verdict and
// latency percentiles of all I/O completed in the window's rounds.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "config/device_config.h"
#include "metrics/latency_histogram.h"
#include "stability/steady_state.h"
#include "util/json.h"
#include "workload/fio_job.h"

namespace flashscope::stability {

// The default measurement round (seed 001 section 2.4's data model).
extern const char* const kDefaultMeasureFio;
inline constexpr double kDefaultRoundCapacityPercent = 12.5;
inline constexpr uint64_t kDefaultSeriesIntervalNs = 10'000'000;  // 10 ms

// The default measurement round as a parsed job file.
FioJobFile DefaultMeasureJobs();

// Upper bound of StabilityOptions::random_precondition_capacity (the CLI's
// range): ten capacities of random writes is well past any drive's GC
// steady state.
inline constexpr double kMaxRandomPreconditionCapacity = 10;
// Seed 001 section 2.5 step 2: two full-drive passes of random writes.
inline constexpr double kDefaultRandomPreconditionCapacity = 2;
// Upper bound of SteadyStateRule::max_rounds as the CLI and the UI accept it.
inline constexpr uint32_t kMaxRoundsLimit = 100;

struct StabilityOptions {
  SteadyStateRule rule;  // rule.max_rounds: the rounds run at most
  QosLimits qos;
  uint64_t series_interval_ns = kDefaultSeriesIntervalNs;
  // Step 2b: multiples of the user capacity of 4 KiB random writes after
  // the sequential preconditioning (0 = none, as PTS WIPC alone).
  double random_precondition_capacity = kDefaultRandomPreconditionCapacity;
};

struct RoundResult {
  uint32_t round = 0;  // 1-based
  uint64_t start_ns = 0;
  uint64_t end_ns = 0;
  uint64_t reads = 0;
  uint64_t writes = 0;
  double iops = 0;  // all I/O (reads, writes, trims) / duration
  double read_iops = 0;
  double write_iops = 0;
  double waf = 0;  // NAND page bytes programmed / host bytes written in the round
  LatencySummary read;
  LatencySummary write;
};

struct StabilityResult {
  std::string device;    // the device's name
  std::string workload;  // the measurement job file's name
  uint64_t user_capacity_bytes = 0;
  // Workload-independent preconditioning (timed job group 0).
  uint64_t precondition_bytes = 0;
  uint64_t precondition_end_ns = 0;
  double precondition_waf = 0;
  // Step 2b, when asked for (bytes 0 otherwise).
  uint64_t random_precondition_bytes = 0;
  uint64_t random_precondition_end_ns = 0;
  double random_precondition_waf = 0;

  std::vector<RoundResult> rounds;  // rounds run, in order
  SteadyStateRule rule;             // the rule steady_state was judged by
  SteadyState steady_state;
  uint64_t window_start_ns = 0;  // of the window's first round
  uint64_t window_end_ns = 0;    // of its last round

  // Per-interval IOPS from the start of round 1 to the end of the last
  // round: point k covers (t_ms[k] - interval, t_ms[k]]; round[k] is the
  // round running at its end; in_window[k]: the interval lies wholly in the
  // window (the CV and consistency samples).
  uint64_t series_interval_ns = 0;
  std::vector<double> t_ms;
  std::vector<double> iops;
  std::vector<uint32_t> series_round;
  std::vector<bool> in_window;

  Dispersion cv;
  Consistency consistency;
  QosVerdict qos;
  LatencySummary read;  // I/O completed in the window's rounds
  LatencySummary write;
};

// Runs the flow on `device` with `measure` as one round. Throws InputError
// for a device whose precondition.* keys are set, or a job file the
// simulator refuses (named by its file and line).
StabilityResult RunStability(const DeviceConfig& device, const FioJobFile& measure,
                             const StabilityOptions& options);

// The same flow in slices, for a caller that must stay responsive (the
// worker behind the C API): each Advance() runs one slice of
// kStabilityEventSlice events, exactly the slices RunStability runs, so
// the result does not depend on how the caller spreads the slices.
//
// Lifecycle: construct (validates like RunStability, may throw) ->
// Advance() until it returns true -> Result(). rounds() and the other
// figures may be read at any point; Result() only once done().
// Events per slice between checks for a finished round: small enough that
// the flow stops within a few I/Os of the round that reaches steady state,
// large enough that the checks cost nothing (about a millisecond natively).
inline constexpr uint64_t kStabilityEventSlice = 1u << 14;

class StabilityRun {
 public:
  StabilityRun(const DeviceConfig& device, const FioJobFile& measure,
               const StabilityOptions& options);
  ~StabilityRun();
  StabilityRun(const StabilityRun&) = delete;
  StabilityRun& operator=(const StabilityRun&) = delete;

  // Runs one slice and records the rounds that ended in it; true once the
  // flow has stopped (steady state, rounds_max rounds, or the workload
  // finished). After that it returns true without running anything.
  bool Advance();
  bool done() const;

  const std::vector<RoundResult>& rounds() const;
  // The detector's verdict over the rounds so far.
  const SteadyState& steady_state() const;
  uint32_t rounds_max() const;
  uint64_t now_ns() const;
  uint64_t user_capacity_bytes() const;
  // Host bytes written so far: precondition_bytes_total() when the first
  // round starts.
  uint64_t host_write_bytes() const;
  // What the preconditioning writes: 2x the user capacity, plus the random
  // preconditioning's bytes.
  uint64_t precondition_bytes_total() const;

  // The flow's result; std::logic_error before done().
  StabilityResult Result() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// Mean of the per-round WAF over the steady-state window (or the last
// window when not reached); 0 when none of its rounds wrote (a round
// without writes counts as 0).
double WindowWaf(const StabilityResult& result);

// The result as JSON (`flashscope stability --json`), and as the text table
// the CLI prints without --json. JSON keys (times in ms, latencies in us):
//   device, workload, user_capacity_bytes,
//   precondition {pattern, bytes, end_ms, waf,
//                 random (null without step 2b, else {pattern, bytes, end_ms, waf})},
//   rounds [{round, start_ms, end_ms, iops, read_iops, write_iops,
//            read_p99_us, read_p999_us, write_p99_us, write_p999_us, waf,
//            in_window}],
//   steady_state {reached, round (null if not reached), window [first, last],
//                 window_ms [start, end], mean_iops, range_fraction,
//                 slope_excursion_fraction, range_ok, slope_ok,
//                 window_rounds, max_range_fraction,
//                 max_slope_excursion_fraction (the rule it was judged by)},
//   window_waf (WindowWaf; null when the window wrote or programmed nothing),
//   cv, consistency (numbers, or null without samples),
//   iops_intervals {interval_ms, samples, mean, stddev, consistency_dropped,
//                   consistency_min},
//   qos {read_limit_us, write_limit_us, percentile (null: the mean),
//        statistic ("mean" | "p99.9" ...), pass, read_us, write_us,
//        read_pass, write_pass},
//   latency_us {read, write: {count, mean, p50, p99, p999, p9999, max}},
//   series {interval_ms, t_ms [], iops [], round [], in_window []}.
std::string StabilityJson(const StabilityResult& result, bool pretty);
// The same keys written into an object `out` has open (the comparison's
// variants carry them beside their name).
void WriteStabilityFields(json::Writer& out, const StabilityResult& result);
std::string StabilityText(const StabilityResult& result);

}  // namespace flashscope::stability
