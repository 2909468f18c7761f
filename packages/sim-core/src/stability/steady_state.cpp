#include "stability/steady_state.h"

#include <algorithm>
#include <cmath>

namespace flashscope::stability {

WindowFit FitWindow(const std::vector<double>& values, uint32_t first_round, uint32_t last_round,
                    const SteadyStateRule& rule) {
  WindowFit fit;
  fit.first_round = first_round;
  fit.last_round = last_round;
  if (first_round == 0 || last_round < first_round || last_round > values.size()) return fit;
  const uint32_t n = last_round - first_round + 1;
  double sum = 0;
  double lo = values[first_round - 1];
  double hi = lo;
  for (uint32_t r = first_round; r <= last_round; ++r) {
    const double y = values[r - 1];
    sum += y;
    lo = std::min(lo, y);
    hi = std::max(hi, y);
  }
  fit.mean = sum / n;
  fit.range = hi - lo;
  // Least squares over x = round numbers: slope = Sxy / Sxx about the means.
  const double x_mean = (first_round + last_round) / 2.0;
  double sxy = 0;
  double sxx = 0;
  for (uint32_t r = first_round; r <= last_round; ++r) {
    const double dx = r - x_mean;
    sxy += dx * (values[r - 1] - fit.mean);
    sxx += dx * dx;
  }
  fit.slope = sxx > 0 ? sxy / sxx : 0;
  fit.slope_excursion = std::fabs(fit.slope) * (n - 1);
  if (fit.mean > 0) {
    fit.range_ok = fit.range <= rule.max_range_fraction * fit.mean;
    fit.slope_ok = fit.slope_excursion <= rule.max_slope_excursion_fraction * fit.mean;
  }
  return fit;
}

SteadyState DetectSteadyState(const std::vector<double>& values, const SteadyStateRule& rule) {
  SteadyState state;
  const uint32_t rounds = static_cast<uint32_t>(std::min<size_t>(values.size(), rule.max_rounds));
  const uint32_t window = std::max<uint32_t>(rule.window_rounds, 1);
  for (uint32_t last = window; last <= rounds; ++last) {
    const WindowFit fit = FitWindow(values, last - window + 1, last, rule);
    if (fit.ok()) {
      state.reached = true;
      state.round = last;
      state.window = fit;
      return state;
    }
  }
  if (rounds > 0) {
    state.window = FitWindow(values, rounds > window ? rounds - window + 1 : 1, rounds, rule);
  }
  return state;
}

Dispersion CoefficientOfVariation(const std::vector<double>& samples) {
  Dispersion d;
  d.samples = samples.size();
  if (samples.empty()) return d;
  double sum = 0;
  for (double v : samples) sum += v;
  d.mean = sum / samples.size();
  if (samples.size() < 2) return d;
  double squares = 0;
  for (double v : samples) squares += (v - d.mean) * (v - d.mean);
  d.stddev = std::sqrt(squares / (samples.size() - 1));
  if (d.mean > 0) d.cv = d.stddev / d.mean;
  return d;
}

Consistency IntelConsistency(std::vector<double> samples, double drop_fraction) {
  Consistency c;
  c.samples = samples.size();
  if (samples.empty()) return c;
  std::sort(samples.begin(), samples.end());
  double sum = 0;
  for (double v : samples) sum += v;
  c.mean = sum / samples.size();
  c.dropped = static_cast<size_t>(std::floor(samples.size() * drop_fraction));
  c.dropped = std::min(c.dropped, samples.size() - 1);
  c.min_kept = samples[c.dropped];
  if (c.mean > 0) c.value = c.min_kept / c.mean;
  return c;
}

QosVerdict CheckQos(const LatencyHistogram& read, const LatencyHistogram& write,
                    const QosLimits& limits) {
  QosVerdict v;
  v.limits = limits;
  const auto statistic_us = [&](const LatencyHistogram& h) -> std::optional<double> {
    if (h.count() == 0) return std::nullopt;
    const double ns =
        limits.percentile ? static_cast<double>(h.Percentile(*limits.percentile)) : h.mean_ns();
    return ns / 1000.0;
  };
  v.read_us = statistic_us(read);
  v.write_us = statistic_us(write);
  v.read_pass = !v.read_us || *v.read_us <= limits.read_limit_us;
  v.write_pass = !v.write_us || *v.write_us <= limits.write_limit_us;
  v.pass = v.read_pass && v.write_pass;
  return v;
}

}  // namespace flashscope::stability
