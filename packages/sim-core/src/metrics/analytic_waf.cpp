// Analytic WAF models; see analytic_waf.h for the definitions and sources.
#include "metrics/analytic_waf.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>

namespace flashscope {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// The common input checks. Returns true and sets *out when the answer does
// not need a model: NaN in -> NaN, no spare -> +inf, infinite spare -> 1.
bool TrivialWaf(double spare_factor, double* out) {
  if (std::isnan(spare_factor)) {
    *out = kNaN;
    return true;
  }
  if (!(spare_factor > 0)) {
    *out = kInf;
    return true;
  }
  if (std::isinf(spare_factor)) {
    *out = 1.0;
    return true;
  }
  return false;
}

// The y in [c, 1] with y - c - r (1 - y^d) = 0 (one level of the d-Choices
// recursion, r = R/j). The left side is increasing and convex in y, is <= 0 at
// y = c and >= 0 at y = 1, so Newton from y = 1 approaches the root from above
// monotonically; the bracket guards against rounding.
double SolveDChoicesLevel(double c, double r, double d) {
  double lo = c;
  double hi = 1.0;
  double y = 1.0;
  for (int iter = 0; iter < 200; ++iter) {
    const double y_pow_dm1 = std::pow(y, d - 1.0);
    const double phi = y - c - r * (1.0 - y_pow_dm1 * y);
    if (phi > 0) {
      hi = y;
    } else if (phi < 0) {
      lo = y;
    } else {
      return y;
    }
    const double slope = 1.0 + r * d * y_pow_dm1;
    double next = y - phi / slope;
    if (!(next > lo && next < hi)) next = lo + 0.5 * (hi - lo);
    if (std::fabs(next - y) <= 1e-15 * y || next == lo || next == hi) {
      return next;
    }
    y = next;
  }
  return y;
}

// sum_{j=1..b} y_j for the d-Choices fixed point with GC rate R.
double DChoicesValidPerBlock(double rate, uint32_t b, double d) {
  double y_next = 0.0;  // y_{b+1}
  double sum = 0.0;
  for (uint32_t j = b; j >= 1; --j) {
    const double y = SolveDChoicesLevel(y_next, rate / j, d);
    sum += y;
    y_next = y;
  }
  return sum;
}

}  // namespace

double SpareFactor(uint64_t physical_data_pages, uint64_t logical_pages) {
  if (logical_pages == 0) return kInf;
  const double logical = static_cast<double>(logical_pages);
  return (static_cast<double>(physical_data_pages) - logical) / logical;
}

double FifoWaf(double spare_factor) {
  double trivial;
  if (TrivialWaf(spare_factor, &trivial)) return trivial;
  const double alpha = 1.0 + spare_factor;
  // The invalid fraction u of a cleaned block solves F(u) = 0 with
  // F(u) = 1 - e^(-alpha u) - u. F(0) = 0 is the trivial root; F > 0 just
  // above 0 (F'(0) = alpha - 1 > 0) and F(1) = -e^-alpha < 0. Because
  // 1 - e^-t >= t - t^2/2, F(u) > 0 at u = (alpha - 1)/alpha^2, which
  // brackets the other root from below.
  auto f = [alpha](double u) { return -std::expm1(-alpha * u) - u; };
  double lo = spare_factor / (alpha * alpha);
  double hi = 1.0;
  if (!(f(hi) < 0)) return 1.0;  // e^-alpha underflowed: nothing survives.
  for (;;) {
    const double mid = lo + 0.5 * (hi - lo);
    if (!(mid > lo && mid < hi)) break;
    if (f(mid) > 0) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return 1.0 / (lo + 0.5 * (hi - lo));
}

double GreedyWaf(double spare_factor, uint32_t pages_per_block) {
  if (pages_per_block == 0) return kNaN;
  double trivial;
  if (TrivialWaf(spare_factor, &trivial)) return trivial;
  const double b = pages_per_block;
  const double inv_rho = 1.0 + spare_factor;
  // Walk k down from b, where g(b) = 0 and g(b-1) = spare_factor/b > 0. g is
  // unimodal on [0, b] (slope 1/(k+1) - 1/(rho b) on [k, k+1]), so the first
  // k with g(k) <= 0 brackets its only root s in (0, b) together with k+1.
  double tail_harmonic = 0.0;  // H_b - H_{k+1}, summed from small terms up
  double g_next = 0.0;         // g(k+1)
  for (uint32_t k = pages_per_block; k-- > 0;) {
    tail_harmonic += 1.0 / (static_cast<double>(k) + 1.0);  // now H_b - H_k
    const double g = (b - k) * inv_rho / b - tail_harmonic;
    if (g <= 0) {
      const double s = k + g / (g - g_next);
      return b / (b - s);
    }
    g_next = g;
  }
  return 1.0;  // g(0) > 0: victims are always fully invalid.
}

double DChoicesWaf(double spare_factor, uint32_t pages_per_block, uint32_t d) {
  if (pages_per_block == 0 || d == 0) return kNaN;
  double trivial;
  if (TrivialWaf(spare_factor, &trivial)) return trivial;
  const double target = static_cast<double>(pages_per_block) / (1.0 + spare_factor);  // rho b
  const double dd = d;
  // sum_j y_j(R) increases continuously from 0 (R = 0) towards b (R -> inf);
  // find R with sum = rho b. WAF = R / rho >= 1, so start the bracket there.
  double lo = 0.0;
  double hi = 1.0 / (1.0 + spare_factor);
  while (DChoicesValidPerBlock(hi, pages_per_block, dd) < target) {
    lo = hi;
    hi *= 2.0;
    if (std::isinf(hi)) return kInf;
  }
  // Illinois-modified regula falsi: bracketing like bisection, superlinear.
  double f_lo = DChoicesValidPerBlock(lo, pages_per_block, dd) - target;
  double f_hi = DChoicesValidPerBlock(hi, pages_per_block, dd) - target;
  int side = 0;
  for (int iter = 0; iter < 200 && hi - lo > 1e-13 * hi; ++iter) {
    double r = (lo * f_hi - hi * f_lo) / (f_hi - f_lo);
    if (!(r > lo && r < hi)) r = lo + 0.5 * (hi - lo);
    const double f = DChoicesValidPerBlock(r, pages_per_block, dd) - target;
    if (f == 0) {
      lo = hi = r;
      break;
    }
    if (f < 0) {
      lo = r;
      f_lo = f;
      if (side == -1) f_hi *= 0.5;
      side = -1;
    } else {
      hi = r;
      f_hi = f;
      if (side == 1) f_lo *= 0.5;
      side = 1;
    }
  }
  return (lo + 0.5 * (hi - lo)) * (1.0 + spare_factor);
}

double DesnoyersGreedyWaf(double spare_factor, uint32_t pages_per_block) {
  if (pages_per_block == 0) return kNaN;
  double trivial;
  if (TrivialWaf(spare_factor, &trivial)) return trivial;
  const double k = 1.0 + 1.0 / (2.0 * pages_per_block);
  const double alpha = 1.0 + spare_factor;
  // The correction overshoots below 1 for small blocks with very large spare
  // (e.g. 0.991 at b = 32, spare 4); a WAF is never below 1.
  return std::max(1.0, FifoWaf(k * alpha - 1.0) / k);
}

}  // namespace flashscope
