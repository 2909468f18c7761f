// SyntheticGenerator: DiskSim's synthetic I/O generator (DiskSim 3.0 / 4.0
// disksim_synthio.c, "disksim_synthgen" block; Bucy et al., CMU-PDL-08-101
// §3.7), the generator seed 002 §4.3 used for its synthetic traces ("produites
// par le simulateur synthétique de DiskSim"). Each request is, on one uniform
// draw u:
//   - sequential when u < sequential_prob: it starts where the previous one
//     ended and keeps its size and its direction (DiskSim copies both);
//   - local when sequential_prob <= u < sequential_prob + local_prob: it starts
//     local_distance_sectors away from the previous request's start, with a
//     new size and direction;
//   - random otherwise: uniform start over the address space, new size and
//     direction.
// A sequential draw whose request would run past the end becomes random, as
// in DiskSim. Sizes are in sectors of 512 bytes, rounded up to whole blocks of
// blocking_factor sectors (every start and size is a multiple of it); a size
// below one sector or a request outside the space is redrawn (DiskSim's
// rejection loops). Times are in milliseconds, as in DiskSim; a negative
// inter-arrival time is redrawn.
//
// Parameter                    DiskSim synthgen / synthio name        Seed 002 Table 1
//   capacity_sectors           Storage capacity per device            flash size, §4.4
//                                                                     (100 MB - 2 GB)
//   blocking_factor            Blocking factor                        2 KB pages, §4.4
//   num_requests               Number of I/O requests to generate     -
//   max_time_ms                Maximum time of trace generated        -
//   sequential_prob            Probability of sequential access       "Taux de séquentialité":
//                                                                     default 80 %, others
//                                                                     50 %, 65 %
//   local_prob                 Probability of local access            "Taux de localité
//                                                                     spatiale": default
//                                                                     40 %, others 30 %, 10 %
//   write_prob                 1 - Probability of read access         "Taux d'écriture": not
//                                                                     in Table 1; §5 quotes
//                                                                     80 % (Fig. 4, left)
//   interarrival_ms            General inter-arrival times            -
//   sequential_interarrival_ms Sequential inter-arrival times         -
//   local_interarrival_ms      Local inter-arrival times              -
//   local_distance_sectors     Local distances                        "adresses voisines", §5
//   size_sectors               Sizes                                  "requêtes de petites
//                                                                     tailles", §5
// Not modelled: "devices" (one device), time-critical / time-limited
// requests and the process-flow think times (a closed loop is the host's
// iodepth > 0 instead).
//
// Table 1's two synthetic columns with DiskSim's meaning: DiskSim checks each
// probability against [0, 1] but not their sum (3.0 / 4.0 synthgen.modspec;
// 2.0 refused a sum above 1), and the local band of u is simply cut at 1. So the default column, 80
// % sequential and 40 % local, means 80 % sequential, 20 % local, 0 % random; 30 % local gives the
// same stream as 40 %, and 10 % leaves 10 % random. ExpectedShares gives these effective shares;
// kSyntheticPresets lists the columns.
//
// Defaults are the seed's default column (Table 1) on its flash (§4.4).
// Values the seed does not give are chosen and say so below.
//
// Determinism: the injected Rng is the only randomness; the distributions use
// std::log / std::exp, as CloudBlockGenerator uses std::pow: glibc and
// Emscripten's musl take them from the same implementation (ARM
// optimized-routines), so native and wasm streams agree.
// Cost: Next does O(1) expected work (rejection loops are bounded, see
// redraw_limit_hits) and never allocates.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "util/rng.h"
#include "workload/request_source.h"

namespace flashscope {

enum class SyntheticDistributionType : uint8_t {
  kUniform,
  kNormal,
  kExponential,
  kPoisson,
  kTwoValue,
};

// DiskSim's names, in SyntheticDistributionType order.
inline constexpr std::array<std::string_view, 5> kSyntheticDistributionNames = {
    "uniform", "normal", "exponential", "poisson", "twovalue"};

// A DiskSim random variable, its list "[type, a, b(, c)]" field by field:
//   uniform      a = minimum, b = maximum              a + (b - a) * U[0, 1)
//   normal       a = mean, b = standard deviation      (see below)
//   exponential  a = base, b = mean                    a + Exp(mean b)
//   poisson      a = base, b = mean                    a + Poisson(b)
//   twovalue     a = default value, b = second value,  b with probability c,
//                c = probability of the second value   else a
// DiskSim's manual calls normal's second number the variance, but its loader
// (loaddistn) stores it unchanged and synthio_get_normal multiplies the unit
// normal by it, so it acts as the standard deviation; it is named so here.
struct SyntheticDistribution {
  SyntheticDistributionType type = SyntheticDistributionType::kExponential;
  double a = 0.0;
  double b = 0.0;
  double c = 0.0;

  static constexpr SyntheticDistribution Uniform(double min, double max) {
    return {SyntheticDistributionType::kUniform, min, max, 0.0};
  }
  static constexpr SyntheticDistribution Normal(double mean, double stddev) {
    return {SyntheticDistributionType::kNormal, mean, stddev, 0.0};
  }
  static constexpr SyntheticDistribution Exponential(double base, double mean) {
    return {SyntheticDistributionType::kExponential, base, mean, 0.0};
  }
  static constexpr SyntheticDistribution Poisson(double base, double mean) {
    return {SyntheticDistributionType::kPoisson, base, mean, 0.0};
  }
  static constexpr SyntheticDistribution TwoValue(double value, double second, double second_prob) {
    return {SyntheticDistributionType::kTwoValue, value, second, second_prob};
  }
};

struct SyntheticWorkloadParams {
  static constexpr uint32_t kSectorBytes = 512;  // DiskSim's unit of access
  // Poisson draws cost O(mean) and exp(-mean) must not underflow.
  static constexpr double kMaxPoissonMean = 500.0;

  uint64_t capacity_sectors = uint64_t{1} << 21;  // 1 GiB; §4.4: 100 MB - 2 GB
  uint32_t blocking_factor = 4;                   // 2 KB: §4.4's flash page
  uint64_t num_requests = 100000;                 // chosen; not in the seed
  double max_time_ms = 0.0;                       // 0: no limit

  double sequential_prob = 0.80;  // Table 1, default column
  double local_prob = 0.40;       // Table 1, default column
  double write_prob = 0.80;       // §5 (Fig. 4): "pour un taux d'écritures de 80 %"

  // Chosen (the seed gives no arrival rate): 100 requests/s in every case, a
  // light open-loop load, so response times show the FTL rather than a queue.
  SyntheticDistribution interarrival_ms = SyntheticDistribution::Exponential(0.0, 10.0);
  SyntheticDistribution sequential_interarrival_ms = SyntheticDistribution::Exponential(0.0, 10.0);
  SyntheticDistribution local_interarrival_ms = SyntheticDistribution::Exponential(0.0, 10.0);
  // Chosen: one 128 KB erase block of §4.4 (256 sectors) as the standard
  // deviation, so a local request lands in the same or a neighbouring block
  // ("adresses voisines"). DiskSim's sample files use normal(0, 40000).
  SyntheticDistribution local_distance_sectors = SyntheticDistribution::Normal(0.0, 256.0);
  // DiskSim's sample "Sizes = [exponential, 0.0, 8.0]": 4 KB on average
  // before rounding up to blocks ("petites tailles", §5).
  SyntheticDistribution size_sectors = SyntheticDistribution::Exponential(0.0, 8.0);
};

// One column value of seed 002 Table 1 (synthetic traces); the other
// parameters keep their defaults (the default column). ParamsForPreset builds
// the parameters.
struct SyntheticPreset {
  std::string_view name;
  std::string_view table1;  // which cell of Table 1
  double sequential_prob;
  double local_prob;
};

inline constexpr std::array<SyntheticPreset, 5> kSyntheticPresets = {{
    {"clash_default", "default column: sequentiality 80 %, spatial locality 40 %", 0.80, 0.40},
    {"clash_seq_65", "sequentiality, other value 65 %", 0.65, 0.40},
    {"clash_seq_50", "sequentiality, other value 50 %", 0.50, 0.40},
    {"clash_local_30", "spatial locality, other value 30 %", 0.80, 0.30},
    {"clash_local_10", "spatial locality, other value 10 %", 0.80, 0.10},
}};

// The preset named `name`, or nullptr.
const SyntheticPreset* FindSyntheticPreset(std::string_view name);
SyntheticWorkloadParams ParamsForPreset(const SyntheticPreset& preset);

// The shares of sequential, local and random requests the probabilities give
// (DiskSim's bands on one draw, the local band cut at 1). Sequential draws
// that would run past the end turn random, so on a small space the measured
// sequential share is a little lower.
struct SyntheticShares {
  double sequential = 0.0;
  double local = 0.0;
  double random = 0.0;
};
SyntheticShares ExpectedShares(const SyntheticWorkloadParams& params);

class SyntheticGenerator : public IRequestSource {
 public:
  enum class Kind : uint8_t { kRandom, kSequential, kLocal };

  // Redraws before a rejection loop gives up (see redraw_limit_hits).
  static constexpr uint32_t kMaxRedraws = 1000;

  // Throws InputError (file `source`, line 0) naming the parameter when one
  // is out of range: capacity_sectors 0, blocking_factor 0 or larger than the
  // space or than a 4 GiB request, a probability outside [0, 1], a
  // non-finite number, a uniform maximum below its minimum, a negative
  // standard deviation or mean, a Poisson mean above kMaxPoissonMean, or a
  // distribution whose draws are almost never usable (fewer than 1 % of 1000
  // probe draws: sizes of 1 sector to the space, times >= 0, local distances
  // inside the space).
  SyntheticGenerator(const SyntheticWorkloadParams& params, Rng rng,
                     const std::string& source = "disksim workload");

  // IRequestSource: a read or write of whole blocks, at the previous arrival
  // plus the inter-arrival time of its kind; false after num_requests
  // requests, or once a request would arrive after max_time_ms (if > 0).
  bool Next(HostIo& io) override;

  const SyntheticWorkloadParams& params() const { return params_; }
  uint64_t requests_issued() const { return issued_; }
  uint64_t sequential_requests() const { return sequential_; }
  uint64_t local_requests() const { return local_; }
  uint64_t random_requests() const { return issued_ - sequential_ - local_; }
  Kind last_kind() const { return last_kind_; }
  // Requests for which a rejection loop hit kMaxRedraws (DiskSim would loop
  // on): a local one is then made random, a random one becomes one block at
  // a uniform start, a time becomes 0. Zero for any sensible parameters.
  uint64_t redraw_limit_hits() const { return redraw_limit_hits_; }

 private:
  double Draw(const SyntheticDistribution& distribution);
  double DrawTimeMs(const SyntheticDistribution& distribution);
  // A drawn size in blocks, or 0 when it is not a usable size.
  uint64_t DrawSizeBlocks();
  void MakeRandom();
  bool MakeLocal();

  SyntheticWorkloadParams params_;
  Rng rng_;
  uint64_t space_blocks_ = 0;        // capacity_sectors / blocking_factor
  uint64_t max_request_blocks_ = 0;  // fits the space and a uint32 length
  uint64_t block_bytes_ = 0;
  uint64_t max_time_ns_ = 0;  // 0: none

  // The previous request, which sequential and local requests follow.
  uint64_t start_block_ = 0;
  uint64_t size_blocks_ = 0;
  bool write_ = false;

  uint64_t now_ns_ = 0;
  uint64_t issued_ = 0;
  uint64_t sequential_ = 0;
  uint64_t local_ = 0;
  uint64_t redraw_limit_hits_ = 0;
  Kind last_kind_ = Kind::kRandom;
  bool done_ = false;
};

}  // namespace flashscope
