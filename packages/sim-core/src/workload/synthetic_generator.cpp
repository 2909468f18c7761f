// SyntheticGenerator: see the header for DiskSim's request model and how its
// parameters map to seed 002 Table 1. The samplers are DiskSim's
// (disksim_synthio.c): inverse transform for the exponential, Knuth's
// product of uniforms for the Poisson, and for the normal the rejection of
// two exponentials (accept y1 when y2 > (y1 - 1)^2 / 2, then a random sign),
// which needs only std::log.
#include "workload/synthetic_generator.h"

#include <cmath>
#include <limits>
#include <utility>

#include "util/input_error.h"
#include "util/json.h"

namespace flashscope {

namespace {

// Probe draws at construction: a distribution is refused when fewer than
// kProbeMinUsable of kProbeDraws are usable. The probe has its own Rng so it
// does not move the stream.
constexpr uint32_t kProbeDraws = 1000;
constexpr uint32_t kProbeMinUsable = 10;
constexpr uint64_t kProbeSeed = 0x5D15C5E7ull;

// Past this a double does not convert to int64 (and no space is that large).
constexpr double kMaxMagnitude = 4.0e18;
// Inter-arrival times and max_time_ms beyond this saturate (~31 years).
constexpr double kMaxTimeNs = 1.0e18;

bool IsProbability(double x) { return std::isfinite(x) && x >= 0.0 && x <= 1.0; }

double DrawFrom(Rng& rng, const SyntheticDistribution& d) {
  switch (d.type) {
    case SyntheticDistributionType::kUniform:
      return d.a + (d.b - d.a) * rng.Unit();
    case SyntheticDistributionType::kNormal: {
      double y1 = 0.0;
      double y = 0.0;
      while (y <= 0.0) {
        const double y2 = -std::log(1.0 - rng.Unit());
        y1 = -std::log(1.0 - rng.Unit());
        y = y2 - (y1 - 1.0) * (y1 - 1.0) / 2.0;
      }
      if (rng.Unit() < 0.5) y1 = -y1;
      return d.a + d.b * y1;
    }
    case SyntheticDistributionType::kExponential:
      return d.a - d.b * std::log(1.0 - rng.Unit());
    case SyntheticDistributionType::kPoisson: {
      const double stop = std::exp(-d.b);
      double product = 1.0;
      int64_t count = -1;
      while (product >= stop) {
        product *= rng.Unit();
        ++count;
      }
      return static_cast<double>(count) + d.a;
    }
    case SyntheticDistributionType::kTwoValue:
      return rng.Unit() < d.c ? d.b : d.a;
  }
  return d.a;
}

// DiskSim's size rule: the sector count truncated, rounded up to whole
// blocks; 0 when below one sector or above `max_blocks`.
uint64_t SizeBlocksOf(double sectors, uint32_t blocking_factor, uint64_t max_blocks) {
  if (!(sectors >= 1.0) || sectors >= kMaxMagnitude) return 0;
  const uint64_t whole = static_cast<uint64_t>(sectors);
  const uint64_t blocks = (whole + blocking_factor - 1) / blocking_factor;
  return blocks <= max_blocks ? blocks : 0;
}

uint64_t MsToNs(double ms) {
  const double ns = ms * 1.0e6;
  return ns >= kMaxTimeNs ? static_cast<uint64_t>(kMaxTimeNs)
                          : static_cast<uint64_t>(std::llround(ns));
}

}  // namespace

const SyntheticPreset* FindSyntheticPreset(std::string_view name) {
  for (const SyntheticPreset& preset : kSyntheticPresets) {
    if (preset.name == name) return &preset;
  }
  return nullptr;
}

SyntheticWorkloadParams ParamsForPreset(const SyntheticPreset& preset) {
  SyntheticWorkloadParams params;
  params.sequential_prob = preset.sequential_prob;
  params.local_prob = preset.local_prob;
  return params;
}

SyntheticShares ExpectedShares(const SyntheticWorkloadParams& params) {
  SyntheticShares shares;
  shares.sequential = params.sequential_prob;
  shares.local = std::fmax(0.0, std::fmin(params.local_prob, 1.0 - params.sequential_prob));
  shares.random = std::fmax(0.0, 1.0 - shares.sequential - shares.local);
  return shares;
}

SyntheticGenerator::SyntheticGenerator(const SyntheticWorkloadParams& params, Rng rng,
                                       const std::string& source)
    : params_(params), rng_(rng) {
  auto fail = [&](const std::string& problem) { throw InputError(source, 0, problem); };
  auto number = [](double x) { return json::FormatNumber(x); };

  if (params.capacity_sectors == 0 || params.capacity_sectors > (uint64_t{1} << 53)) {
    fail("capacity_sectors must be in [1, 2^53]");
  }
  if (params.blocking_factor == 0 || params.blocking_factor > params.capacity_sectors) {
    fail("blocking_factor (" + std::to_string(params.blocking_factor) +
         ") must be in [1, capacity_sectors = " + std::to_string(params.capacity_sectors) + "]");
  }
  block_bytes_ = uint64_t{params.blocking_factor} * SyntheticWorkloadParams::kSectorBytes;
  space_blocks_ = params.capacity_sectors / params.blocking_factor;
  max_request_blocks_ = std::numeric_limits<uint32_t>::max() / block_bytes_;
  if (max_request_blocks_ == 0) fail("blocking_factor must give blocks below 4 GiB");
  if (max_request_blocks_ > space_blocks_) max_request_blocks_ = space_blocks_;
  if (!std::isfinite(params.max_time_ms) || params.max_time_ms < 0.0) {
    fail("max_time_ms must be a finite number >= 0 (0: no limit)");
  }
  max_time_ns_ = MsToNs(params.max_time_ms);
  if (!IsProbability(params.sequential_prob)) fail("sequential_prob must be in [0, 1]");
  if (!IsProbability(params.local_prob)) fail("local_prob must be in [0, 1]");
  if (!IsProbability(params.write_prob)) fail("write_prob must be in [0, 1]");

  const std::pair<const char*, const SyntheticDistribution*> distributions[] = {
      {"interarrival_ms", &params.interarrival_ms},
      {"sequential_interarrival_ms", &params.sequential_interarrival_ms},
      {"local_interarrival_ms", &params.local_interarrival_ms},
      {"local_distance_sectors", &params.local_distance_sectors},
      {"size_sectors", &params.size_sectors},
  };
  for (const auto& [name, d] : distributions) {
    const std::string type(kSyntheticDistributionNames[static_cast<size_t>(d->type)]);
    const std::string what = std::string(name) + " (" + type + ")";
    if (!std::isfinite(d->a) || !std::isfinite(d->b) || !std::isfinite(d->c)) {
      fail(what + " has a non-finite parameter");
    }
    switch (d->type) {
      case SyntheticDistributionType::kUniform:
        if (d->b < d->a) {
          fail(what + ": max (" + number(d->b) + ") is below min (" + number(d->a) + ")");
        }
        break;
      case SyntheticDistributionType::kNormal:
        if (d->b < 0.0) fail(what + ": stddev must be >= 0; got " + number(d->b));
        break;
      case SyntheticDistributionType::kExponential:
        if (d->b < 0.0) fail(what + ": mean must be >= 0; got " + number(d->b));
        break;
      case SyntheticDistributionType::kPoisson:
        if (d->b < 0.0 || d->b > SyntheticWorkloadParams::kMaxPoissonMean) {
          fail(what + ": mean must be in [0, " + number(SyntheticWorkloadParams::kMaxPoissonMean) +
               "]; got " + number(d->b));
        }
        break;
      case SyntheticDistributionType::kTwoValue:
        if (!IsProbability(d->c)) {
          fail(what + ": second_prob must be in [0, 1]; got " + number(d->c));
        }
        break;
    }
  }

  // Distributions DiskSim would loop on forever (or nearly): too few usable
  // draws out of kProbeDraws.
  auto usable = [&](const SyntheticDistribution& d, auto accept) {
    Rng probe(kProbeSeed);
    uint32_t count = 0;
    for (uint32_t i = 0; i < kProbeDraws; ++i) count += accept(DrawFrom(probe, d)) ? 1 : 0;
    return count >= kProbeMinUsable;
  };
  const uint32_t bf = params.blocking_factor;
  const uint64_t max_blocks = max_request_blocks_;
  if (!usable(params.size_sectors, [&](double x) { return SizeBlocksOf(x, bf, max_blocks) > 0; })) {
    fail("size_sectors almost never gives a size of 1 to " +
         std::to_string(max_request_blocks_ * bf) + " sectors (fewer than 1 % of draws)");
  }
  for (size_t i = 0; i < 3; ++i) {
    if (!usable(*distributions[i].second, [](double x) { return x >= 0.0; })) {
      fail(std::string(distributions[i].first) +
           " is almost never >= 0 (fewer than 1 % of draws); negative times are redrawn");
    }
  }
  if (ExpectedShares(params).local > 0.0) {
    const double space = static_cast<double>(space_blocks_);
    if (!usable(params.local_distance_sectors, [&](double x) {
          return std::fabs(x) < kMaxMagnitude &&
                 std::fabs(static_cast<double>(static_cast<int64_t>(x) / int64_t{bf})) < space;
        })) {
      fail("local_distance_sectors almost never stays inside the " +
           std::to_string(params.capacity_sectors) +
           " sectors of capacity_sectors (fewer than 1 % of draws)");
    }
  }
}

double SyntheticGenerator::Draw(const SyntheticDistribution& distribution) {
  return DrawFrom(rng_, distribution);
}

double SyntheticGenerator::DrawTimeMs(const SyntheticDistribution& distribution) {
  // DiskSim redraws negative times; the probe guarantees >= 1 % are not.
  for (uint32_t i = 0; i < kMaxRedraws; ++i) {
    const double ms = Draw(distribution);
    if (ms >= 0.0) return ms;
  }
  ++redraw_limit_hits_;
  return 0.0;
}

uint64_t SyntheticGenerator::DrawSizeBlocks() {
  return SizeBlocksOf(Draw(params_.size_sectors), params_.blocking_factor, max_request_blocks_);
}

void SyntheticGenerator::MakeRandom() {
  for (uint32_t i = 0; i < kMaxRedraws; ++i) {
    const uint64_t start = rng_.Below(space_blocks_);
    const uint64_t size = DrawSizeBlocks();
    if (size > 0 && start + size <= space_blocks_) {
      start_block_ = start;
      size_blocks_ = size;
      return;
    }
  }
  ++redraw_limit_hits_;
  start_block_ = rng_.Below(space_blocks_);
  size_blocks_ = 1;
}

bool SyntheticGenerator::MakeLocal() {
  const int64_t bf = params_.blocking_factor;
  for (uint32_t i = 0; i < kMaxRedraws; ++i) {
    const double distance = Draw(params_.local_distance_sectors);
    const uint64_t size = DrawSizeBlocks();
    if (size == 0 || !(std::fabs(distance) < kMaxMagnitude)) continue;
    // DiskSim: (int) distance / blocking factor, both truncating toward 0.
    const int64_t start = static_cast<int64_t>(start_block_) + static_cast<int64_t>(distance) / bf;
    if (start < 0 || static_cast<uint64_t>(start) + size > space_blocks_) continue;
    start_block_ = static_cast<uint64_t>(start);
    size_blocks_ = size;
    return true;
  }
  ++redraw_limit_hits_;
  return false;
}

bool SyntheticGenerator::Next(HostIo& io) {
  if (done_ || issued_ >= params_.num_requests) return false;
  Kind kind = Kind::kRandom;
  if (issued_ > 0) {
    const double u = rng_.Unit();
    const double seq = params_.sequential_prob;
    if (u < seq && start_block_ + 2 * size_blocks_ <= space_blocks_) {
      kind = Kind::kSequential;
    } else if (u >= seq && u < seq + params_.local_prob) {
      kind = Kind::kLocal;
    }
  }
  double think_ms = 0.0;
  switch (kind) {
    case Kind::kSequential:
      // Same size, same direction (DiskSim keeps the READ flag).
      think_ms = DrawTimeMs(params_.sequential_interarrival_ms);
      start_block_ += size_blocks_;
      break;
    case Kind::kLocal:
      if (MakeLocal()) {
        think_ms = DrawTimeMs(params_.local_interarrival_ms);
        write_ = rng_.Unit() < params_.write_prob;
        break;
      }
      kind = Kind::kRandom;
      [[fallthrough]];
    case Kind::kRandom:
      think_ms = DrawTimeMs(params_.interarrival_ms);
      MakeRandom();
      write_ = rng_.Unit() < params_.write_prob;
      break;
  }
  const uint64_t step = MsToNs(think_ms);
  now_ns_ = now_ns_ > std::numeric_limits<uint64_t>::max() - step
                ? std::numeric_limits<uint64_t>::max()
                : now_ns_ + step;
  if (max_time_ns_ > 0 && now_ns_ > max_time_ns_) {
    done_ = true;
    return false;
  }
  io.op = write_ ? IoOp::kWrite : IoOp::kRead;
  io.offset_bytes = start_block_ * block_bytes_;
  io.length_bytes = static_cast<uint32_t>(size_blocks_ * block_bytes_);
  io.arrival_ns = now_ns_;
  last_kind_ = kind;
  if (kind == Kind::kSequential) ++sequential_;
  if (kind == Kind::kLocal) ++local_;
  ++issued_;
  return true;
}

}  // namespace flashscope
