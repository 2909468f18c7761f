// d-choices: sample d full blocks uniformly (with replacement) and take the
// one with the fewest valid units; d = 1 is random, large d approaches greedy.
// Source: Van Houdt, SIGMETRICS 2013 (see random_victim.cpp).
#include "config/device_config.h"
#include "ftl/gc/impl/policies.h"

namespace flashscope {

class DChoicesPolicy final : public IVictimPolicy {
 public:
  explicit DChoicesPolicy(uint32_t d) : d_(d < 1 ? 1 : d) {}
  uint32_t PickVictim(const FtlState& ftl, uint32_t plane, Rng& rng) override;

 private:
  uint32_t d_;
};

// gc.d_choices: its declaration, and its value in a bag.
std::vector<Setting> DChoicesParameters();
uint32_t DChoices(const ParamBag& params);

uint32_t DChoicesPolicy::PickVictim(const FtlState& ftl, uint32_t plane, Rng& rng) {
  // Sampling by rank among candidates keeps every draw useful; the counting
  // pass is cheap next to the copy work a GC does.
  const uint32_t candidates = CountCandidates(ftl, plane);
  if (candidates == 0) return kNoBlock;
  uint32_t best = kNoBlock;
  uint32_t best_valid = UINT32_MAX;
  for (uint32_t draw = 0; draw < d_; ++draw) {
    const uint32_t block = NthCandidate(ftl, plane, rng.Below(candidates));
    const uint32_t valid = ftl.valid_units(block);
    if (valid < best_valid || (valid == best_valid && block < best)) {
      best_valid = valid;
      best = block;
    }
  }
  return best;
}

namespace {
constexpr uint64_t kDefaultDChoices = 10;
}  // namespace

std::vector<Setting> DChoicesParameters() {
  return {InParamBag(
      IntegerSetting("d_choices", "Blocks sampled per victim choice (d_choices)", "blocks", 1,
                     kMaxU32Setting, nullptr),
      [](DeviceConfig& c) -> ParamBag& { return c.gc.params; }, kDefaultDChoices)};
}

uint32_t DChoices(const ParamBag& params) {
  return static_cast<uint32_t>(params.Uint("d_choices", kDefaultDChoices));
}

VictimPolicyEntry DChoicesVictimEntry() {
  return {{"d_choices", "d-choices (best of d random)",
           "The fewest valid of d blocks drawn at random (Van Houdt, SIGMETRICS 2013)",
           DChoicesParameters()},
          [](const ParamBag& params) -> std::unique_ptr<IVictimPolicy> {
            return std::make_unique<DChoicesPolicy>(DChoices(params));
          }};
}

}  // namespace flashscope
