// Tests for the analytic WAF models (metrics/analytic_waf.h): they reproduce
// numbers printed in the literature, behave correctly at the limits, agree
// with each other, and agree with a tiny independent Monte Carlo FTL.
#include "metrics/analytic_waf.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "util/rng.h"

namespace flashscope {
namespace {

const double kSpares[] = {0.02, 0.05, 0.07, 0.1, 0.147, 0.2, 0.28, 0.3, 0.5, 0.75, 1.0, 2.0};
const uint32_t kBlockSizes[] = {1, 2, 4, 8, 16, 32, 64, 128, 256, 768, 1024, 3072};

// Principal branch of Lambert's W on [-1/e, 0), by Halley's iteration; used
// only to check FifoWaf against the closed form of [D12] eq. 4.
double LambertW0(double z) {
  double w = -0.5;  // W0 maps [-1/e, 0) onto [-1, 0)
  for (int i = 0; i < 100; ++i) {
    const double e = std::exp(w);
    const double f = w * e - z;
    const double next = w - f / (e * (w + 1) - (w + 2) * f / (2 * w + 2));
    if (std::fabs(next - w) < 1e-15) return next;
    w = next;
  }
  return w;
}

// --- Numbers printed in the papers ---------------------------------------

TEST(AnalyticWafTest, FifoReproducesXiangKurkoski) {
  // Xiang & Kurkoski, "An Improved Analytic Expression for Write
  // Amplification in NAND Flash", arXiv:1110.4245, abstract: "when the
  // overprovisioning factor is 0.3, the expression proposed by this paper
  // gives a write amplification of 2.36 whereas that of the previous work
  // gives 2.17, when the actual value is 2.35." Their expression is the
  // Lambert-W form of FifoWaf. The "previous work" is Agarwal & Marrow's
  // (1 + rho) / (2 rho), which gives 2.17 only if rho = (T - U)/U, so their
  // overprovisioning factor is our spare_factor. Printed to two decimals:
  // +-0.005 rounding, tolerance 0.006.
  EXPECT_NEAR((1 + 0.3) / (2 * 0.3), 2.17, 0.005);  // pins the definition
  EXPECT_NEAR(FifoWaf(0.3), 2.36, 0.006);
  // Their simulated 2.35 (greedy, block size not given in the abstract) lies
  // between greedy with large blocks and FIFO, as the models say it must.
  EXPECT_LT(GreedyWaf(0.3, 64), 2.35);
  EXPECT_GT(FifoWaf(0.3), 2.35);
}

TEST(AnalyticWafTest, FifoReproducesParkEtAl) {
  // C. Park, S. Lee, Y. Won, S. Ahn, "Practical Implication of Analytical
  // Models for SSD Write Amplification", ACM ICPE 2017, abstract: "When we
  // use 0.147 as the overprovisioning factor ... the write amplification of
  // Uniform Distribution, Expected Value, Markov model is 3.90, 4.08, and
  // 4.08". Uniform Distribution is Agarwal & Marrow's (1 + rho)/(2 rho) =
  // 3.90 at rho = 0.147, again fixing rho = spare_factor; the two refined
  // models give FifoWaf's value. Two decimals: tolerance 0.006.
  EXPECT_NEAR((1 + 0.147) / (2 * 0.147), 3.90, 0.005);  // pins the definition
  EXPECT_NEAR(FifoWaf(0.147), 4.08, 0.006);
}

TEST(AnalyticWafTest, FifoIsDesnoyersLambertWClosedForm) {
  // [D12] eq. 4: A = alpha / (alpha + W0(-alpha e^-alpha)), alpha = T/U.
  for (double spare : kSpares) {
    const double alpha = 1 + spare;
    const double closed = alpha / (alpha + LambertW0(-alpha * std::exp(-alpha)));
    EXPECT_NEAR(FifoWaf(spare), closed, 1e-9 * closed) << "spare " << spare;
    // And the fixed point it solves: X = exp(-alpha (1 - X)), WAF = 1/(1-X).
    const double x = 1 - 1 / FifoWaf(spare);
    EXPECT_NEAR(x, std::exp(-alpha * (1 - x)), 1e-12) << "spare " << spare;
  }
}

TEST(AnalyticWafTest, GreedyAgreesWithDesnoyersClosedForm) {
  // Two independently published greedy models: the [VH13] mean field
  // (GreedyWaf) and [D12] eq. 12 (DesnoyersGreedyWaf), whose inaccuracies
  // the TOS 2014 abstract calls "negligible for reasonable block sizes and
  // overprovisioning ratios". They agree to 0.6% over this grid.
  for (uint32_t b : {32u, 64u, 128u, 256u, 768u, 3072u}) {
    for (double spare : {0.05, 0.07, 0.1, 0.2, 0.28, 0.5, 1.0, 2.0}) {
      const double mean_field = GreedyWaf(spare, b);
      EXPECT_NEAR(DesnoyersGreedyWaf(spare, b), mean_field, 0.01 * mean_field)
          << "b " << b << " spare " << spare;
    }
  }
}

TEST(AnalyticWafTest, GreedyFixedPointHolds) {
  // Recompute (FP) from the returned WAF: s = b (1 - 1/WAF) is the mean
  // victim valid count and g(s) = 0 with g as documented in the header.
  for (uint32_t b : {4u, 32u, 64u, 768u, 3072u}) {
    for (double spare : {0.07, 0.2, 0.5}) {
      const double waf = GreedyWaf(spare, b);
      const double s = b * (1 - 1 / waf);
      const uint32_t k = static_cast<uint32_t>(s);
      const double q = s - k;
      double tail = 0;  // H_b - H_{k+1}
      for (uint32_t i = k + 2; i <= b; ++i) tail += 1.0 / i;
      const double g = (b - s) * (1 + spare) / b - (tail + (1 - q) / (k + 1));
      EXPECT_NEAR(g, 0, 1e-9) << "b " << b << " spare " << spare;
    }
  }
}

TEST(AnalyticWafTest, RandomCleaningIsExact) {
  // d = 1: the victim is a uniformly random block, whose mean valid count is
  // rho b, so WAF = 1 / (1 - rho) = (1 + spare) / spare for every b.
  for (uint32_t b : {1u, 8u, 64u, 1024u}) {
    for (double spare : {0.07, 0.28, 1.0}) {
      const double exact = (1 + spare) / spare;
      EXPECT_NEAR(DChoicesWaf(spare, b, 1), exact, 1e-9 * exact) << "b " << b << " spare " << spare;
    }
  }
}

// --- Limiting behaviour ----------------------------------------------------

TEST(AnalyticWafTest, GreedyNeverAboveFifo) {
  for (uint32_t b : kBlockSizes) {
    for (double spare : kSpares) {
      EXPECT_LE(GreedyWaf(spare, b), FifoWaf(spare)) << "b " << b << " spare " << spare;
    }
  }
}

TEST(AnalyticWafTest, GreedyApproachesFifoAsBlocksGrow) {
  for (double spare : kSpares) {
    double previous = 1.0;
    for (uint32_t b = 1; b <= (1u << 20); b *= 2) {
      const double waf = GreedyWaf(spare, b);
      EXPECT_GE(waf, previous) << "b " << b << " spare " << spare;
      previous = waf;
    }
    EXPECT_NEAR(previous, FifoWaf(spare), 1e-4 * FifoWaf(spare)) << "spare " << spare;
  }
  // At the default geometry (768-page TLC blocks of 16 KiB pages, 4 KiB
  // mapping units: b = 3072) greedy is within 1% of FIFO, and within 0.3%
  // from the default 7% spare up.
  for (double spare : kSpares) {
    const double tolerance = spare >= 0.07 ? 0.003 : 0.01;
    EXPECT_NEAR(GreedyWaf(spare, 3072), FifoWaf(spare), tolerance * FifoWaf(spare))
        << "spare " << spare;
  }
}

TEST(AnalyticWafTest, DChoicesBetweenRandomAndGreedy) {
  for (uint32_t b : {32u, 64u, 256u}) {
    for (double spare : {0.07, 0.2, 0.5}) {
      double previous = std::numeric_limits<double>::infinity();
      for (uint32_t d : {1u, 2u, 3u, 5u, 10u, 20u, 50u, 100u, 1000u}) {
        const double waf = DChoicesWaf(spare, b, d);
        EXPECT_LT(waf, previous) << "b " << b << " spare " << spare;
        EXPECT_GE(waf, GreedyWaf(spare, b) * (1 - 1e-9));
        previous = waf;
      }
      const double greedy = GreedyWaf(spare, b);
      EXPECT_NEAR(DChoicesWaf(spare, b, 100000), greedy, 1e-4 * greedy);
    }
  }
}

TEST(AnalyticWafTest, WafFallsToOneAsSpareGrows) {
  for (uint32_t b : {0u, 32u, 64u, 3072u}) {  // b = 0: FIFO
    double previous = std::numeric_limits<double>::infinity();
    for (double spare = 0.01; spare < 100; spare *= 1.5) {
      const double waf = b == 0 ? FifoWaf(spare) : GreedyWaf(spare, b);
      EXPECT_LE(waf, previous) << "b " << b << " spare " << spare;
      EXPECT_GE(waf, 1.0);
      previous = waf;
    }
  }
  EXPECT_LT(FifoWaf(30) - 1, 1e-12);
  EXPECT_EQ(FifoWaf(std::numeric_limits<double>::infinity()), 1.0);
  // Greedy reaches exactly 1 once 1 + spare >= H_b (H_64 = 4.74): the
  // mean-field drive then always holds a fully invalid block.
  EXPECT_EQ(GreedyWaf(4.0, 64), 1.0);
  EXPECT_GT(GreedyWaf(3.5, 64), 1.0);
  EXPECT_EQ(GreedyWaf(0.5, 1), 1.0);  // one-page blocks never need copies
}

TEST(AnalyticWafTest, WafGrowsWithoutBoundAsSpareVanishes) {
  // FIFO: WAF ~ 1/(2 spare), to first order (Agarwal & Marrow's formula is
  // this asymptote).
  for (double spare : {1e-2, 1e-3, 1e-4, 1e-6}) {
    EXPECT_NEAR(FifoWaf(spare) * 2 * spare, 1, 2 * spare) << spare;
  }
  EXPECT_GT(FifoWaf(1e-9), 4.9e8);
  // Greedy with b-page blocks is bounded by b (each GC frees at least one
  // page) and tends to b; the bound grows without limit with b.
  for (uint32_t b : {2u, 64u, 3072u, 1u << 16}) {
    EXPECT_NEAR(GreedyWaf(1e-12, b), b, 1e-6 * b) << b;
    EXPECT_LE(GreedyWaf(1e-3, b), b);
  }
  EXPECT_GT(GreedyWaf(1e-6, 1u << 16), 5e4);
  EXPECT_EQ(FifoWaf(0), std::numeric_limits<double>::infinity());
  EXPECT_EQ(GreedyWaf(0, 64), std::numeric_limits<double>::infinity());
  EXPECT_EQ(DChoicesWaf(0, 64, 10), std::numeric_limits<double>::infinity());
}

TEST(AnalyticWafTest, BadInputs) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(FifoWaf(-0.1), inf);
  EXPECT_EQ(GreedyWaf(-0.1, 64), inf);
  EXPECT_EQ(DesnoyersGreedyWaf(-0.1, 64), inf);
  EXPECT_TRUE(std::isnan(FifoWaf(nan)));
  EXPECT_TRUE(std::isnan(GreedyWaf(nan, 64)));
  EXPECT_TRUE(std::isnan(GreedyWaf(0.1, 0)));
  EXPECT_TRUE(std::isnan(DChoicesWaf(0.1, 0, 10)));
  EXPECT_TRUE(std::isnan(DChoicesWaf(0.1, 64, 0)));
  EXPECT_TRUE(std::isnan(DesnoyersGreedyWaf(0.1, 0)));
  EXPECT_NEAR(SpareFactor(107, 100), 0.07, 1e-15);
  EXPECT_NEAR(SpareFactor(90, 100), -0.1, 1e-15);
  EXPECT_EQ(SpareFactor(10, 0), inf);
  EXPECT_GE(DesnoyersGreedyWaf(4.0, 32), 1.0);  // clamped
}

TEST(AnalyticWafTest, Fast) {
  const auto start = std::chrono::steady_clock::now();
  double sum = 0;
  for (int i = 0; i < 100; ++i) sum += GreedyWaf(0.05 + 0.01 * i, 1024);
  const auto greedy_done = std::chrono::steady_clock::now();
  sum += DChoicesWaf(0.07, 1024, 10);
  const auto end = std::chrono::steady_clock::now();
  EXPECT_GT(sum, 0);
  EXPECT_LT(std::chrono::duration<double>(greedy_done - start).count(), 0.1);
  EXPECT_LT(std::chrono::duration<double>(end - greedy_done).count(), 0.1);
}

// --- Independent Monte Carlo -----------------------------------------------

enum class Victim { kGreedy, kFifo, kDChoices };

// A minimal page-mapped FTL: `blocks` blocks of `b` pages, one open block
// (write frontier), one block kept erased. When the frontier fills, the spare
// block becomes the new frontier and GC immediately cleans one closed block
// into it (copying its valid pages) and erases it as the new spare. So the
// data live in blocks - 1 blocks: P = (blocks - 1) b.
class TinyFtl {
 public:
  TinyFtl(uint32_t blocks, uint32_t b, uint32_t logical, Victim victim, uint32_t d, uint64_t seed)
      : b_(b),
        victim_(victim),
        d_(d),
        rng_(seed),
        l2p_(logical, kNone),
        p2l_(static_cast<size_t>(blocks) * b, kNone),
        valid_(blocks, 0),
        closed_seq_(blocks, 0),
        closed_pos_(blocks, kNone) {
    for (uint32_t i = blocks; i-- > 0;) free_.push_back(i);
    frontier_ = free_.back();
    free_.pop_back();
    for (uint32_t lpn = 0; lpn < logical; ++lpn) Program(lpn);
  }

  void Write(uint32_t lpn) {
    const uint32_t old = l2p_[lpn];
    p2l_[old] = kNone;
    --valid_[old / b_];
    Program(lpn);
    ++user_writes_;
  }

  void ResetCounters() { user_writes_ = copies_ = 0; }
  double Waf() const { return static_cast<double>(user_writes_ + copies_) / user_writes_; }

 private:
  static constexpr uint32_t kNone = 0xFFFFFFFFu;

  void Program(uint32_t lpn) {
    // A loop, not an if: a FIFO victim may be fully valid and refill the
    // new frontier on its own.
    while (used_ == b_) {
      Close();
      Open();
    }
    const uint32_t ppn = frontier_ * b_ + used_++;
    l2p_[lpn] = ppn;
    p2l_[ppn] = lpn;
    ++valid_[frontier_];
  }

  void Close() {
    closed_pos_[frontier_] = static_cast<uint32_t>(closed_.size());
    closed_.push_back(frontier_);
    closed_seq_[frontier_] = ++seq_;
  }

  void Open() {
    frontier_ = free_.back();
    free_.pop_back();
    used_ = 0;
    while (free_.empty()) Collect();
  }

  uint32_t PickVictim() {
    uint32_t best = closed_[0];
    switch (victim_) {
      case Victim::kGreedy:
        for (uint32_t c : closed_) {
          if (valid_[c] < valid_[best]) best = c;
        }
        break;
      case Victim::kFifo:
        for (uint32_t c : closed_) {
          if (closed_seq_[c] < closed_seq_[best]) best = c;
        }
        break;
      case Victim::kDChoices:
        best = closed_[rng_.Below(closed_.size())];
        for (uint32_t i = 1; i < d_; ++i) {
          const uint32_t c = closed_[rng_.Below(closed_.size())];
          if (valid_[c] < valid_[best]) best = c;
        }
        break;
    }
    return best;
  }

  void Collect() {
    const uint32_t v = PickVictim();
    const uint32_t last = closed_.back();
    closed_[closed_pos_[v]] = last;
    closed_pos_[last] = closed_pos_[v];
    closed_.pop_back();
    for (uint32_t slot = 0; slot < b_; ++slot) {
      const uint32_t lpn = p2l_[v * b_ + slot];
      if (lpn == kNone) continue;
      p2l_[v * b_ + slot] = kNone;
      --valid_[v];
      Program(lpn);
      ++copies_;
    }
    free_.push_back(v);
  }

  uint32_t b_;
  Victim victim_;
  uint32_t d_;
  Rng rng_;
  std::vector<uint32_t> l2p_;
  std::vector<uint32_t> p2l_;
  std::vector<uint32_t> valid_;
  std::vector<uint64_t> closed_seq_;
  std::vector<uint32_t> closed_pos_;
  std::vector<uint32_t> closed_;
  std::vector<uint32_t> free_;
  uint32_t frontier_ = 0;
  uint32_t used_ = 0;
  uint64_t seq_ = 0;
  uint64_t user_writes_ = 0;
  uint64_t copies_ = 0;
};

struct McRun {
  double spare;  // realised: (P - U) / U with integer U
  double waf;
};

// Sequential fill, 5 drive-writes of uniform random 1-page writes to reach
// steady state, then WAF over 20 drive-writes.
McRun RunTinyFtl(uint32_t blocks, uint32_t b, double spare, Victim victim, uint32_t d,
                 uint64_t seed) {
  const uint64_t physical = static_cast<uint64_t>(blocks - 1) * b;
  const uint32_t logical = static_cast<uint32_t>(std::llround(physical / (1 + spare)));
  TinyFtl ftl(blocks, b, logical, victim, d, seed);
  Rng rng(seed ^ 0x5DEECE66Dull);
  for (uint64_t i = 0; i < 5ull * logical; ++i) ftl.Write(rng.Below(logical));
  ftl.ResetCounters();
  for (uint64_t i = 0; i < 20ull * logical; ++i) ftl.Write(rng.Below(logical));
  return {SpareFactor(physical, logical), ftl.Waf()};
}

// 256 blocks (255 hold data). The mean-field models are N -> infinity limits;
// at this size the simulated WAF is observed 0.1-0.6% above them (0.1% at
// 1024 blocks), so 3% leaves room for seeds and platforms.
constexpr uint32_t kMcBlocks = 256;
constexpr double kMcTolerance = 0.03;

TEST(AnalyticWafMonteCarloTest, GreedyModelMatchesSimulation) {
  uint64_t seed = 1;
  for (uint32_t b : {32u, 64u}) {
    for (double spare : {0.1, 0.2, 0.3, 0.5}) {
      const McRun run = RunTinyFtl(kMcBlocks, b, spare, Victim::kGreedy, 0, seed++);
      const double model = GreedyWaf(run.spare, b);
      EXPECT_NEAR(run.waf, model, kMcTolerance * model) << "b " << b << " spare " << run.spare;
    }
  }
}

TEST(AnalyticWafMonteCarloTest, FifoModelMatchesSimulation) {
  uint64_t seed = 101;
  for (uint32_t b : {32u, 64u}) {
    for (double spare : {0.1, 0.2, 0.3, 0.5}) {
      const McRun run = RunTinyFtl(kMcBlocks, b, spare, Victim::kFifo, 0, seed++);
      const double model = FifoWaf(run.spare);
      EXPECT_NEAR(run.waf, model, kMcTolerance * model) << "b " << b << " spare " << run.spare;
    }
  }
}

TEST(AnalyticWafMonteCarloTest, DChoicesModelMatchesSimulation) {
  uint64_t seed = 201;
  for (double spare : {0.1, 0.2, 0.3, 0.5}) {
    const McRun run = RunTinyFtl(kMcBlocks, 64, spare, Victim::kDChoices, 10, seed++);
    const double model = DChoicesWaf(run.spare, 64, 10);
    EXPECT_NEAR(run.waf, model, kMcTolerance * model) << "spare " << run.spare;
  }
}

}  // namespace
}  // namespace flashscope
