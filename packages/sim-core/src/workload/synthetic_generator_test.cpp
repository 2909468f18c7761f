// Tests for SyntheticGenerator (DiskSim's synthgen) over 200k requests: the
// stream's write ratio, sequential and local shares, size and local-distance
// distributions and per-kind inter-arrival times match the parameters; seed
// 002 Table 1's presets give DiskSim's effective shares; the stream is
// deterministic, stays in its space and stops at max_time_ms; bad parameters
// are named. Then the "disksim" generator as a scenario's workload: parsing,
// presets, errors with lines, the job it becomes and a CLI run.
#include "workload/synthetic_generator.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "scenario/cli_json_for_test.h"
#include "scenario/scenario.h"
#include "sim/generator_jobs.h"
#include "util/input_error.h"
#include "workload/generator_workload.h"

namespace flashscope {
namespace {

constexpr uint64_t kRequests = 200000;
constexpr uint64_t kSector = SyntheticWorkloadParams::kSectorBytes;

struct Request {
  HostIo io;
  SyntheticGenerator::Kind kind;
};

std::vector<Request> Stream(SyntheticGenerator& generator) {
  std::vector<Request> stream;
  HostIo io;
  while (generator.Next(io)) stream.push_back({io, generator.last_kind()});
  return stream;
}

std::vector<Request> Stream(const SyntheticWorkloadParams& params, uint64_t seed) {
  SyntheticGenerator generator(params, Rng(seed));
  std::vector<Request> stream = Stream(generator);
  EXPECT_EQ(generator.redraw_limit_hits(), 0u);
  return stream;
}

// A 32 GiB space: random requests almost never fall near the previous one,
// so sequential and local requests can be told apart from the stream alone.
SyntheticWorkloadParams MixedParams() {
  SyntheticWorkloadParams p;
  p.capacity_sectors = uint64_t{1} << 26;
  p.blocking_factor = 8;
  p.num_requests = kRequests;
  p.sequential_prob = 0.5;
  p.local_prob = 0.3;
  p.write_prob = 0.7;
  p.local_distance_sectors = SyntheticDistribution::Normal(0.0, 512.0);
  p.size_sectors = SyntheticDistribution::Exponential(0.0, 16.0);
  return p;
}

// Only fresh draws: every request is random.
SyntheticWorkloadParams RandomOnly(const SyntheticDistribution& sizes, uint32_t blocking_factor) {
  SyntheticWorkloadParams p;
  p.capacity_sectors = uint64_t{1} << 26;
  p.blocking_factor = blocking_factor;
  p.num_requests = kRequests;
  p.sequential_prob = 0.0;
  p.local_prob = 0.0;
  p.size_sectors = sizes;
  return p;
}

double Mean(const std::vector<double>& xs) {
  double sum = 0.0;
  for (double x : xs) sum += x;
  return sum / static_cast<double>(xs.size());
}

double Stddev(const std::vector<double>& xs) {
  const double mean = Mean(xs);
  double sum = 0.0;
  for (double x : xs) sum += (x - mean) * (x - mean);
  return std::sqrt(sum / static_cast<double>(xs.size() - 1));
}

std::vector<double> SizesSectors(const std::vector<Request>& stream) {
  std::vector<double> sizes;
  for (const Request& r : stream) sizes.push_back(static_cast<double>(r.io.length_bytes / kSector));
  return sizes;
}

TEST(SyntheticGenerator, StreamMatchesWriteSequentialAndLocalProbabilities) {
  const SyntheticWorkloadParams p = MixedParams();
  SyntheticGenerator generator(p, Rng(11));
  const std::vector<Request> stream = Stream(generator);
  ASSERT_EQ(stream.size(), kRequests);
  EXPECT_EQ(generator.redraw_limit_hits(), 0u);

  // Told from addresses only: sequential = starts where the previous ended;
  // local = otherwise within 6 standard deviations of the previous start.
  const double window_bytes = 6.0 * 512.0 * kSector;
  uint64_t writes = 0, sequential = 0, local = 0;
  std::vector<double> local_offsets;
  for (size_t i = 0; i < stream.size(); ++i) {
    const HostIo& io = stream[i].io;
    writes += io.op == IoOp::kWrite ? 1 : 0;
    if (i == 0) continue;
    const HostIo& prev = stream[i - 1].io;
    const double offset =
        static_cast<double>(io.offset_bytes) - static_cast<double>(prev.offset_bytes);
    if (stream[i].kind == SyntheticGenerator::Kind::kSequential) {
      // DiskSim: a sequential request keeps the previous one's size and
      // direction. (A local one may start at the previous end by chance.)
      ASSERT_EQ(io.offset_bytes, prev.offset_bytes + prev.length_bytes);
      ASSERT_EQ(io.length_bytes, prev.length_bytes);
      ASSERT_EQ(io.op, prev.op);
    }
    if (io.offset_bytes == prev.offset_bytes + prev.length_bytes) {
      ++sequential;
    } else if (std::fabs(offset) <= window_bytes) {
      ++local;
      local_offsets.push_back(offset / kSector);
    }
  }
  const double n = static_cast<double>(kRequests);
  EXPECT_NEAR(writes / n, 0.7, 0.01);
  EXPECT_NEAR(sequential / n, 0.5, 0.01);
  EXPECT_NEAR(local / n, 0.3, 0.01);
  // The generator's own count of each kind, as binomial draws.
  EXPECT_NEAR(generator.sequential_requests() / n, 0.5, 0.005);
  EXPECT_NEAR(generator.local_requests() / n, 0.3, 0.005);
  EXPECT_NEAR(generator.random_requests() / n, 0.2, 0.005);
  // Local distances: normal(0, 512 sectors), truncated to whole blocks.
  EXPECT_NEAR(Mean(local_offsets), 0.0, 10.0);
  EXPECT_NEAR(Stddev(local_offsets), 512.0, 512.0 * 0.03);
}

TEST(SyntheticGenerator, ExponentialSizesRoundUpToBlocksAsDiskSimDoes) {
  // Sizes exponential(0, 16) sectors, blocking factor 8: the truncated
  // sector count n >= 1 occurs with P(n) = e^(-n/16) - e^(-(n+1)/16), and a
  // request is ceil(n / 8) blocks. Sequential requests copy the previous
  // size, which leaves the marginal distribution unchanged.
  const std::vector<Request> stream = Stream(MixedParams(), 12);
  std::vector<double> counts(9, 0.0);
  double mean_blocks = 0.0;
  for (const Request& r : stream) {
    const uint64_t blocks = r.io.length_bytes / (8 * kSector);
    ASSERT_EQ(r.io.length_bytes % (8 * kSector), 0u);
    ASSERT_GE(blocks, 1u);
    if (blocks < counts.size()) counts[blocks] += 1.0;
    mean_blocks += static_cast<double>(blocks);
  }
  mean_blocks /= static_cast<double>(stream.size());
  const double at_least_one = std::exp(-1.0 / 16.0);
  double expected_mean = 0.0;
  for (uint64_t k = 1; k < 200; ++k) {
    const double pk =
        (std::exp(-(8.0 * (k - 1) + 1.0) / 16.0) - std::exp(-(8.0 * k + 1.0) / 16.0)) /
        at_least_one;
    expected_mean += static_cast<double>(k) * pk;
    if (k < counts.size()) {
      EXPECT_NEAR(counts[k] / static_cast<double>(stream.size()), pk, 0.01) << k << " blocks";
    }
  }
  EXPECT_NEAR(mean_blocks, expected_mean, expected_mean * 0.02);
}

TEST(SyntheticGenerator, UniformNormalTwoValueAndPoissonSizes) {
  {
    // Uniform [8, 64) sectors: n in 8..63, in blocks of 8: one n gives 1
    // block, eight give each of 2..7, seven give 8.
    const std::vector<Request> stream =
        Stream(RandomOnly(SyntheticDistribution::Uniform(8.0, 64.0), 8), 1);
    std::vector<double> counts(10, 0.0);
    for (const Request& r : stream) counts[r.io.length_bytes / (8 * kSector)] += 1.0;
    const double n = static_cast<double>(stream.size());
    EXPECT_NEAR(counts[1] / n, 1.0 / 56.0, 0.003);
    for (int k = 2; k <= 7; ++k) EXPECT_NEAR(counts[k] / n, 8.0 / 56.0, 0.005) << k;
    EXPECT_NEAR(counts[8] / n, 7.0 / 56.0, 0.005);
    EXPECT_EQ(counts[0] + counts[9], 0.0);
  }
  {
    // Normal(32, 8) sectors, blocks of one sector: truncation lowers the
    // mean by half a sector; the standard deviation is the parameter.
    const std::vector<double> sizes =
        SizesSectors(Stream(RandomOnly(SyntheticDistribution::Normal(32.0, 8.0), 1), 2));
    EXPECT_NEAR(Mean(sizes), 31.5, 0.1);
    EXPECT_NEAR(Stddev(sizes), 8.0, 8.0 * 0.02);
  }
  {
    // Two values: 8 sectors, or 128 with probability 0.25.
    const std::vector<double> sizes =
        SizesSectors(Stream(RandomOnly(SyntheticDistribution::TwoValue(8.0, 128.0, 0.25), 8), 3));
    double large = 0.0;
    for (double s : sizes) {
      ASSERT_TRUE(s == 8.0 || s == 128.0) << s;
      large += s == 128.0 ? 1.0 : 0.0;
    }
    EXPECT_NEAR(large / static_cast<double>(sizes.size()), 0.25, 0.005);
  }
  {
    // 1 + Poisson(10) sectors: mean 11, variance 10.
    const std::vector<double> sizes =
        SizesSectors(Stream(RandomOnly(SyntheticDistribution::Poisson(1.0, 10.0), 1), 4));
    EXPECT_NEAR(Mean(sizes), 11.0, 0.05);
    EXPECT_NEAR(Stddev(sizes) * Stddev(sizes), 10.0, 0.3);
  }
}

TEST(SyntheticGenerator, EachKindWaitsItsOwnInterArrivalTime) {
  SyntheticWorkloadParams p = MixedParams();
  p.interarrival_ms = SyntheticDistribution::Exponential(0.0, 20.0);
  p.sequential_interarrival_ms = SyntheticDistribution::Exponential(0.0, 1.0);
  p.local_interarrival_ms = SyntheticDistribution::Uniform(2.0, 6.0);
  const std::vector<Request> stream = Stream(p, 13);
  std::vector<double> gaps[3];
  for (size_t i = 1; i < stream.size(); ++i) {
    ASSERT_GE(stream[i].io.arrival_ns, stream[i - 1].io.arrival_ns);
    gaps[static_cast<int>(stream[i].kind)].push_back(
        static_cast<double>(stream[i].io.arrival_ns - stream[i - 1].io.arrival_ns) / 1e6);
  }
  EXPECT_NEAR(Mean(gaps[static_cast<int>(SyntheticGenerator::Kind::kRandom)]), 20.0, 0.4);
  EXPECT_NEAR(Mean(gaps[static_cast<int>(SyntheticGenerator::Kind::kSequential)]), 1.0, 0.02);
  EXPECT_NEAR(Mean(gaps[static_cast<int>(SyntheticGenerator::Kind::kLocal)]), 4.0, 0.03);
  // The first request waits a general inter-arrival time too, as in DiskSim.
  EXPECT_GT(stream[0].io.arrival_ns, 0u);
}

TEST(SyntheticGenerator, WriteProbabilityIsTheShareOfWrites) {
  for (const double write_prob : {0.0, 0.25, 1.0}) {
    SyntheticWorkloadParams p = RandomOnly(SyntheticDistribution::Exponential(0.0, 8.0), 8);
    p.write_prob = write_prob;
    const std::vector<Request> stream = Stream(p, 5);
    double writes = 0.0;
    for (const Request& r : stream) writes += r.io.op == IoOp::kWrite ? 1.0 : 0.0;
    EXPECT_NEAR(writes / static_cast<double>(stream.size()), write_prob, 0.005) << write_prob;
  }
}

TEST(SyntheticGenerator, Table1PresetsGiveDiskSimsEffectiveShares) {
  // Table 1's synthetic columns: sequentiality 80 % (50 %, 65 %), spatial
  // locality 40 % (30 %, 10 %).
  ASSERT_EQ(kSyntheticPresets.size(), 5u);
  const struct {
    const char* name;
    double sequential, local, random;
  } expected[] = {
      {"clash_default", 0.80, 0.20, 0.00},  {"clash_seq_65", 0.65, 0.35, 0.00},
      {"clash_seq_50", 0.50, 0.40, 0.10},   {"clash_local_30", 0.80, 0.20, 0.00},
      {"clash_local_10", 0.80, 0.10, 0.10},
  };
  for (const auto& e : expected) {
    const SyntheticPreset* preset = FindSyntheticPreset(e.name);
    ASSERT_NE(preset, nullptr) << e.name;
    SyntheticWorkloadParams p = ParamsForPreset(*preset);
    const SyntheticShares shares = ExpectedShares(p);
    EXPECT_NEAR(shares.sequential, e.sequential, 1e-12) << e.name;
    EXPECT_NEAR(shares.local, e.local, 1e-12) << e.name;
    EXPECT_NEAR(shares.random, e.random, 1e-12) << e.name;
    // Measured on the default 1 GiB space with its 2 KB blocks.
    p.num_requests = kRequests;
    SyntheticGenerator generator(p, Rng(21));
    HostIo io;
    while (generator.Next(io)) {
    }
    const double n = static_cast<double>(kRequests);
    EXPECT_NEAR(generator.sequential_requests() / n, e.sequential, 0.01) << e.name;
    EXPECT_NEAR(generator.local_requests() / n, e.local, 0.01) << e.name;
    EXPECT_NEAR(generator.random_requests() / n, e.random, 0.01) << e.name;
    EXPECT_EQ(generator.redraw_limit_hits(), 0u) << e.name;
  }
  EXPECT_EQ(FindSyntheticPreset("clash"), nullptr);

  // DiskSim cuts the local band at 1: 30 % local after 80 % sequential is
  // the same stream as 40 %.
  SyntheticWorkloadParams a = ParamsForPreset(*FindSyntheticPreset("clash_default"));
  SyntheticWorkloadParams b = ParamsForPreset(*FindSyntheticPreset("clash_local_30"));
  a.num_requests = b.num_requests = 20000;
  const std::vector<Request> sa = Stream(a, 3);
  const std::vector<Request> sb = Stream(b, 3);
  ASSERT_EQ(sa.size(), sb.size());
  for (size_t i = 0; i < sa.size(); ++i) {
    ASSERT_EQ(sa[i].io.offset_bytes, sb[i].io.offset_bytes) << i;
    ASSERT_EQ(sa[i].io.length_bytes, sb[i].io.length_bytes) << i;
  }
}

TEST(SyntheticGenerator, SameSeedSameStreamOtherSeedOtherStream) {
  SyntheticWorkloadParams p = MixedParams();
  p.num_requests = 20000;
  const std::vector<Request> a = Stream(p, 99);
  const std::vector<Request> b = Stream(p, 99);
  const std::vector<Request> c = Stream(p, 100);
  ASSERT_EQ(a.size(), b.size());
  size_t differ = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(a[i].io.offset_bytes, b[i].io.offset_bytes);
    ASSERT_EQ(a[i].io.length_bytes, b[i].io.length_bytes);
    ASSERT_EQ(a[i].io.op, b[i].io.op);
    ASSERT_EQ(a[i].io.arrival_ns, b[i].io.arrival_ns);
    differ += a[i].io.offset_bytes != c[i].io.offset_bytes ? 1 : 0;
  }
  EXPECT_GT(differ, a.size() / 2);
}

TEST(SyntheticGenerator, RequestsStayInsideASmallSpaceAlignedToBlocks) {
  // 512 blocks of 4 KiB and requests of 8 blocks on average: many draws
  // fall off the end and are redrawn, and sequential runs hit the end.
  SyntheticWorkloadParams p;
  p.capacity_sectors = 4096 + 5;  // a partial last block is not addressed
  p.blocking_factor = 8;
  p.num_requests = 50000;
  p.sequential_prob = 0.6;
  p.local_prob = 0.3;
  p.size_sectors = SyntheticDistribution::Exponential(0.0, 64.0);
  SyntheticGenerator generator(p, Rng(8));
  const std::vector<Request> stream = Stream(generator);
  ASSERT_EQ(stream.size(), 50000u);
  EXPECT_EQ(generator.redraw_limit_hits(), 0u);
  for (const Request& r : stream) {
    ASSERT_EQ(r.io.offset_bytes % 4096, 0u);
    ASSERT_EQ(r.io.length_bytes % 4096, 0u);
    ASSERT_GT(r.io.length_bytes, 0u);
    ASSERT_LE(r.io.offset_bytes + r.io.length_bytes, 4096u * kSector);
  }
  // Sequential draws that would run past the end turned random.
  const double sequential = generator.sequential_requests() / 50000.0;
  EXPECT_LT(sequential, 0.59);
  EXPECT_GT(sequential, 0.4);
}

TEST(SyntheticGenerator, MaxTimeEndsTheStream) {
  SyntheticWorkloadParams p = RandomOnly(SyntheticDistribution::Exponential(0.0, 8.0), 8);
  p.max_time_ms = 1000.0;  // ~100 requests at 10 ms
  SyntheticGenerator generator(p, Rng(4));
  const std::vector<Request> stream = Stream(generator);
  EXPECT_GT(stream.size(), 60u);
  EXPECT_LT(stream.size(), 140u);
  for (const Request& r : stream) EXPECT_LE(r.io.arrival_ns, 1000000000u);
  HostIo io;
  EXPECT_FALSE(generator.Next(io));
}

std::string ProblemOf(const SyntheticWorkloadParams& params) {
  try {
    SyntheticGenerator generator(params, Rng(1));
  } catch (const InputError& error) {
    return error.what();
  }
  return "(no error)";
}

TEST(SyntheticGenerator, BadParametersAreNamed) {
  using D = SyntheticDistribution;
  const SyntheticWorkloadParams ok;
  EXPECT_EQ(ProblemOf(ok), "(no error)");
  auto with = [&](auto change) {
    SyntheticWorkloadParams p = ok;
    change(p);
    return ProblemOf(p);
  };
  EXPECT_EQ(with([](auto& p) { p.capacity_sectors = 0; }),
            "disksim workload: capacity_sectors must be in [1, 2^53]");
  EXPECT_EQ(with([](auto& p) { p.blocking_factor = 0; }),
            "disksim workload: blocking_factor (0) must be in [1, capacity_sectors = 2097152]");
  EXPECT_EQ(with([](auto& p) { p.sequential_prob = 1.5; }),
            "disksim workload: sequential_prob must be in [0, 1]");
  EXPECT_EQ(with([](auto& p) { p.write_prob = std::nan(""); }),
            "disksim workload: write_prob must be in [0, 1]");
  EXPECT_EQ(with([](auto& p) { p.max_time_ms = -1; }),
            "disksim workload: max_time_ms must be a finite number >= 0 (0: no limit)");
  EXPECT_EQ(with([](auto& p) { p.size_sectors = D::Uniform(64, 8); }),
            "disksim workload: size_sectors (uniform): max (8) is below min (64)");
  EXPECT_EQ(with([](auto& p) { p.local_distance_sectors = D::Normal(0, -1); }),
            "disksim workload: local_distance_sectors (normal): stddev must be >= 0; got -1");
  EXPECT_EQ(with([](auto& p) { p.interarrival_ms = D::Exponential(0, -1); }),
            "disksim workload: interarrival_ms (exponential): mean must be >= 0; got -1");
  EXPECT_EQ(with([](auto& p) { p.size_sectors = D::Poisson(0, 600); }),
            "disksim workload: size_sectors (poisson): mean must be in [0, 500]; got 600");
  EXPECT_EQ(with([](auto& p) { p.size_sectors = D::TwoValue(8, 16, 2); }),
            "disksim workload: size_sectors (twovalue): second_prob must be in [0, 1]; got 2");
  EXPECT_EQ(with([](auto& p) { p.size_sectors = D::Exponential(0, INFINITY); }),
            "disksim workload: size_sectors (exponential) has a non-finite parameter");
  // Distributions DiskSim would loop on.
  EXPECT_EQ(with([](auto& p) { p.size_sectors = D::Uniform(0, 0.9); }),
            "disksim workload: size_sectors almost never gives a size of 1 to 2097152 sectors "
            "(fewer than 1 % of draws)");
  EXPECT_EQ(with([](auto& p) { p.sequential_interarrival_ms = D::Uniform(-5, -1); }),
            "disksim workload: sequential_interarrival_ms is almost never >= 0 (fewer than 1 % "
            "of draws); negative times are redrawn");
  EXPECT_EQ(with([](auto& p) { p.local_distance_sectors = D::Uniform(1e10, 2e10); }),
            "disksim workload: local_distance_sectors almost never stays inside the 2097152 "
            "sectors of capacity_sectors (fewer than 1 % of draws)");
  // ... which does not matter when no request is local.
  EXPECT_EQ(with([](auto& p) {
              p.local_distance_sectors = D::Uniform(1e10, 2e10);
              p.local_prob = 0;
            }),
            "(no error)");
}

// --- The "disksim" generator as a scenario's workload ----------------------

GeneratorWorkload Parse(const std::string& text) {
  return ParseGeneratorWorkload(json::Parse(text, "s.json"), "s.json");
}

std::string ParseError(const std::string& text) {
  try {
    Parse(text);
  } catch (const InputError& error) {
    return error.what();
  }
  return "(no error)";
}

TEST(DiskSimWorkload, ReadsEveryKeyAndBothDistributionForms) {
  const GeneratorWorkload w = Parse(R"({"generator": "disksim",
    "capacity_sectors": 200000, "blocking_factor": 8, "num_requests": 5000,
    "max_time_ms": 60000, "sequential_prob": 0.6, "local_prob": 0.2, "write_prob": 0.9,
    "interarrival_ms": {"type": "exponential", "mean": 3},
    "sequential_interarrival_ms": ["normal", 1, 0.5],
    "local_interarrival_ms": {"type": "uniform", "min": 1, "max": 2},
    "local_distance_sectors": {"type": "normal", "mean": 0, "stddev": 1024},
    "size_sectors": ["twovalue", 8, 64, 0.1],
    "iodepth": 4, "seed": 7})");
  EXPECT_EQ(w.generator, "disksim");
  const SyntheticWorkloadParams& s = w.synthetic;
  EXPECT_TRUE(w.capacity_sectors_set);
  EXPECT_EQ(w.capacity_sectors_line, 2u);
  EXPECT_EQ(s.capacity_sectors, 200000u);
  EXPECT_EQ(s.blocking_factor, 8u);
  EXPECT_EQ(s.num_requests, 5000u);
  EXPECT_EQ(s.max_time_ms, 60000.0);
  EXPECT_EQ(s.sequential_prob, 0.6);
  EXPECT_EQ(s.local_prob, 0.2);
  EXPECT_EQ(s.write_prob, 0.9);
  EXPECT_EQ(s.interarrival_ms.type, SyntheticDistributionType::kExponential);
  EXPECT_EQ(s.interarrival_ms.a, 0.0);  // base defaults to 0
  EXPECT_EQ(s.interarrival_ms.b, 3.0);
  EXPECT_EQ(s.sequential_interarrival_ms.type, SyntheticDistributionType::kNormal);
  EXPECT_EQ(s.sequential_interarrival_ms.b, 0.5);
  EXPECT_EQ(s.local_interarrival_ms.type, SyntheticDistributionType::kUniform);
  EXPECT_EQ(s.local_interarrival_ms.b, 2.0);
  EXPECT_EQ(s.local_distance_sectors.b, 1024.0);
  EXPECT_EQ(s.size_sectors.type, SyntheticDistributionType::kTwoValue);
  EXPECT_EQ(s.size_sectors.c, 0.1);
  EXPECT_EQ(w.iodepth, 4u);
  EXPECT_EQ(w.seed, 7u);

  // Defaults: Table 1's default column; the device gives the space.
  const GeneratorWorkload d = Parse(R"({"generator": "disksim"})");
  EXPECT_FALSE(d.capacity_sectors_set);
  EXPECT_EQ(d.synthetic.sequential_prob, 0.8);
  EXPECT_EQ(d.synthetic.local_prob, 0.4);
  EXPECT_EQ(d.iodepth, 0u);
}

TEST(DiskSimWorkload, PresetAppliesBeforeTheOtherKeysWhereverItStands) {
  const GeneratorWorkload w =
      Parse(R"({"write_prob": 0.5, "generator": "disksim", "preset": "clash_seq_50"})");
  EXPECT_EQ(w.preset, "clash_seq_50");
  EXPECT_EQ(w.synthetic.sequential_prob, 0.5);
  EXPECT_EQ(w.synthetic.local_prob, 0.4);
  EXPECT_EQ(w.synthetic.write_prob, 0.5);
  const GeneratorWorkload v =
      Parse(R"({"generator": "disksim", "local_prob": 0.1, "preset": "clash_seq_65"})");
  EXPECT_EQ(v.synthetic.sequential_prob, 0.65);
  EXPECT_EQ(v.synthetic.local_prob, 0.1);
}

TEST(DiskSimWorkload, ErrorsNameTheKeyAndLine) {
  EXPECT_EQ(ParseError("{\"generator\": \"disksim\",\n\"zipf_exponent\": 1}"),
            "s.json:2: unknown key \"workload.zipf_exponent\" (generator, preset, "
            "capacity_sectors, blocking_factor, num_requests, max_time_ms, sequential_prob, "
            "local_prob, write_prob, interarrival_ms, sequential_interarrival_ms, "
            "local_interarrival_ms, local_distance_sectors, size_sectors, iodepth, seed)");
  EXPECT_EQ(ParseError("{\"generator\": \"cloud_block\", \"write_prob\": 1}"),
            "s.json:1: unknown key \"workload.write_prob\" (generator, num_blocks, num_writes, "
            "zipf_exponent, write_once_share, hot_set_share, hot_shifts, hot_shift_fraction, "
            "write_iops, iodepth, seed)");
  EXPECT_EQ(ParseError(R"({"generator": "synth"})"),
            "s.json:1: workload.generator \"synth\" is unknown; allowed: cloud_block, disksim");
  EXPECT_EQ(ParseError("{\"generator\": \"disksim\",\n\"preset\": \"clash\"}"),
            "s.json:2: workload.preset \"clash\" is unknown; allowed: clash_default, "
            "clash_seq_65, clash_seq_50, clash_local_30, clash_local_10");
  EXPECT_EQ(ParseError("{\"generator\": \"disksim\",\n\"sequential_prob\": 1.2}"),
            "s.json:2: workload.sequential_prob must be in [0, 1]; got 1.2");
  EXPECT_EQ(ParseError(R"({"generator": "disksim", "size_sectors": 8})"),
            "s.json:1: workload.size_sectors must be a distribution: {\"type\": "
            "\"exponential\", \"mean\": 8} or [\"exponential\", 0, 8]");
  EXPECT_EQ(ParseError(R"({"generator": "disksim", "size_sectors": {"type": "gamma"}})"),
            "s.json:1: workload.size_sectors.type \"gamma\" is unknown; allowed: uniform, "
            "normal, exponential, poisson, twovalue");
  EXPECT_EQ(ParseError(R"({"generator": "disksim", "size_sectors": {"mean": 8}})"),
            "s.json:1: workload.size_sectors.type is missing (uniform, normal, exponential, "
            "poisson, twovalue)");
  EXPECT_EQ(
      ParseError(R"({"generator": "disksim", "size_sectors": {"type": "uniform", "min": 1}})"),
      "s.json:1: workload.size_sectors.max is missing (uniform: min, max)");
  EXPECT_EQ(ParseError("{\"generator\": \"disksim\", \"local_distance_sectors\":\n"
                       "{\"type\": \"normal\", \"mean\": 0,\n\"variance\": 4}}"),
            "s.json:3: unknown key \"workload.local_distance_sectors.variance\" (type, mean, "
            "stddev)");
  EXPECT_EQ(ParseError(R"({"generator": "disksim", "size_sectors": ["exponential", 8]})"),
            "s.json:1: workload.size_sectors [exponential, base, mean] needs 2 numbers after "
            "the type");
  EXPECT_EQ(ParseError("{\"generator\": \"disksim\", \"local_distance_sectors\":\n"
                       "{\"type\": \"normal\", \"mean\": 0,\n\"stddev\": -4}}"),
            "s.json:3: workload.local_distance_sectors.stddev must be >= 0; got -4");
  EXPECT_EQ(ParseError(R"({"generator": "disksim", "size_sectors": ["uniform", 9, "x"]})"),
            "s.json:1: workload.size_sectors.max must be a number");
  EXPECT_EQ(ParseError(R"({"generator": "disksim", "blocking_factor": 0})"),
            "s.json:1: workload.blocking_factor must be in [1, 8388607]; got 0");
}

class DiskSimScenario : public testing::CliTest {};

TEST_F(DiskSimScenario, AScenarioWithTheDiskSimGeneratorLoadsBuildsAndRuns) {
  const std::string device = Write("d.json", testing::kSmallDevice);
  const std::string scenario = Write("s.json", R"({"device": "d.json",
  "workload": {"generator": "disksim", "preset": "clash_default", "num_requests": 3000,
               "blocking_factor": 8, "iodepth": 4, "seed": 3}})");
  const Scenario s = LoadScenario(scenario, "", {});
  ASSERT_TRUE(s.workload.has_value());
  EXPECT_EQ(s.workload->generator, "disksim");
  EXPECT_EQ(s.workload->preset, "clash_default");

  // The job: named "disksim", over the device's 80 MiB logical space.
  const DeviceLayout layout = DeviceLayout::From(s.device);
  const SyntheticStream stream = ResolveSyntheticGenerator(*s.workload, s.device, layout);
  EXPECT_EQ(stream.params.capacity_sectors, layout.logical_bytes / kSector);
  EXPECT_EQ(stream.params.capacity_sectors, 163840u);
  JobSpec job = JobFromGenerator(*s.workload, s.device, layout);
  EXPECT_EQ(job.name, "disksim");
  EXPECT_EQ(job.iodepth, 4u);
  HostIo io;
  uint64_t requests = 0;
  while (job.source->Next(io)) {
    ASSERT_LE(io.offset_bytes + io.length_bytes, layout.logical_bytes);
    ++requests;
  }
  EXPECT_EQ(requests, 3000u);

  // A space larger than the drive is refused at its line.
  const std::string too_big = Write("big.json", R"({"device": "d.json",
  "workload": {"generator": "disksim",
               "capacity_sectors": 999999999}})");
  const Scenario b = LoadScenario(too_big, "", {});
  try {
    JobFromGenerator(*b.workload, b.device, DeviceLayout::From(b.device));
    ADD_FAILURE() << "no error";
  } catch (const InputError& error) {
    EXPECT_EQ(error.line(), 3u);
    EXPECT_EQ(error.problem(),
              "workload.capacity_sectors (999999999) is more than the device's 163840 logical "
              "sectors of 512 bytes");
  }

  // Through the CLI: one job of 3000 requests, 80 % writes.
  const json::Value result = testing::RunCliJson("run --scenario " + scenario, "cli");
  const json::Value& jobs = *result.Find("jobs");
  ASSERT_EQ(jobs.items().size(), 1u);
  EXPECT_EQ(jobs.items()[0].Find("name")->as_string(), "disksim");
  const json::Value& host = *result.Find("host");
  const double writes = host.Find("write_requests")->as_number();
  const double reads = host.Find("read_requests")->as_number();
  EXPECT_EQ(writes + reads, 3000.0);
  EXPECT_NEAR(writes / 3000.0, 0.8, 0.08);
}

}  // namespace
}  // namespace flashscope
