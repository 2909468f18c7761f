// Stability statistics of seed 001 (enterprise SSD performance stability):
// the SNIA steady-state detector over per-round values, the coefficient of
// variation, Intel's consistency metric and a QoS verdict. Pure functions of
// their inputs; stability_flow.h produces the series they read.
//
// Steady state: SNIA Solid State Storage Performance Test Specification
// (SSS PTS) v2.0.2, definition 2.1.24: for the tracked variable y in the
// Measurement Window,
//   a) Max(y) - Min(y) is no more than 20 % of Ave(y), and
//   b) Max(y) - Min(y) of the best linear (least-squares) fit of y over the
//      window is within 10 % of Ave(y);
// with the IOPS test's window of 5 Rounds and its "test loop until Steady
// State is reached, or maximum of 25 Rounds" (PTS 2.0.2 IOPS test, 3.2).
// With rounds x = 1, 2, ... the fitted line's max - min over the window is
// |slope| * (window rounds - 1). "No more than" and "within" are read as <=.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "metrics/latency_histogram.h"

namespace flashscope::stability {

struct SteadyStateRule {
  uint32_t window_rounds = 5;
  uint32_t max_rounds = 25;                    // rounds after this are not looked at
  double max_range_fraction = 0.20;            // rule a: (max - min) / mean
  double max_slope_excursion_fraction = 0.10;  // rule b: |slope| * (n - 1) / mean
};

// One Measurement Window: rounds [first_round, last_round], 1-based.
struct WindowFit {
  uint32_t first_round = 0;
  uint32_t last_round = 0;
  double mean = 0;
  double range = 0;            // max - min of the values
  double slope = 0;            // least-squares slope, per round
  double slope_excursion = 0;  // |slope| * (rounds - 1)
  bool range_ok = false;       // rule a
  bool slope_ok = false;       // rule b
  bool ok() const { return range_ok && slope_ok; }
};

// Fits rounds [first_round, last_round] of `values` (values[0] is round 1).
// A window whose mean is not positive meets neither rule.
WindowFit FitWindow(const std::vector<double>& values, uint32_t first_round, uint32_t last_round,
                    const SteadyStateRule& rule);

struct SteadyState {
  bool reached = false;
  // The first round at which the rule is met: the last round of the first
  // window that meets it; 0 when not reached.
  uint32_t round = 0;
  // Reached: that window. Not reached: the last window_rounds rounds looked
  // at (fewer when fewer were run; first_round 0 when none), which the PTS
  // reports as the window when steady state was not reached.
  WindowFit window;
};

// Slides the window over rounds 1..min(values.size(), rule.max_rounds) and
// stops at the first window that meets both rules.
SteadyState DetectSteadyState(const std::vector<double>& values, const SteadyStateRule& rule = {});

// Coefficient of variation (seed 001 section 2.1: standard deviation / mean).
// The standard deviation is the sample one (n - 1): the window's intervals
// are a sample of the drive's steady-state behaviour, and it is what the
// seed's tooling computes (nmon analyser into Excel, whose STDEV is the
// sample deviation) and what the run result's "stability" object reports.
struct Dispersion {
  size_t samples = 0;
  double mean = 0;
  double stddev = 0;
  std::optional<double> cv;  // none with fewer than 2 samples or a mean <= 0
};
Dispersion CoefficientOfVariation(const std::vector<double>& samples);

// Intel's performance consistency (seed 001 section 2.1): drop the lowest
// 0.01 % of the per-interval IOPS samples, take the smallest of the rest and
// divide it by the mean of all samples. Exactly: with n samples sorted
// ascending, dropped = floor(n * drop_fraction) (0 below 10 000 samples),
// value = sorted[dropped] / mean(samples). Intel's samples are per second;
// ours are the flow's per-interval IOPS (stability_flow.h says which).
struct Consistency {
  size_t samples = 0;
  size_t dropped = 0;
  double min_kept = 0;  // sorted[dropped]
  double mean = 0;
  std::optional<double> value;  // none without samples or with a mean <= 0
};
inline constexpr double kIntelDropFraction = 0.0001;  // 0.01 %
Consistency IntelConsistency(std::vector<double> samples,
                             double drop_fraction = kIntelDropFraction);

// QoS limits (seed 001 section 2.4: 4 KiB 70/30 random mix, read latency
// <= 1000 us, write latency <= 200 us). The seed checks fio's mean
// completion latency (section 2.5 step 5: "clat average latency ... within
// the limits"), so the statistic is the mean unless a percentile is given.
struct QosLimits {
  double read_limit_us = 1000;
  double write_limit_us = 200;
  std::optional<double> percentile;  // none: the mean
};

struct QosVerdict {
  QosLimits limits;
  // The statistic of each direction; none when it had no I/O, which passes
  // (a write-only workload has no read latency to exceed).
  std::optional<double> read_us;
  std::optional<double> write_us;
  bool read_pass = true;
  bool write_pass = true;
  bool pass = true;
};
QosVerdict CheckQos(const LatencyHistogram& read, const LatencyHistogram& write,
                    const QosLimits& limits);

}  // namespace flashscope::stability
