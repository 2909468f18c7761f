// The one explicit list of GC victim policies (static self-registration is
// dropped by linkers). Adding a policy: one file in impl/ and one line here.
#include "ftl/gc/i_victim_policy.h"
#include "ftl/gc/impl/policies.h"

namespace flashscope {

std::unique_ptr<IVictimPolicy> MakeVictimPolicy(std::string_view name, const ParamBag& params) {
  if (name == "greedy") return std::make_unique<GreedyPolicy>();
  if (name == "cost_benefit") return std::make_unique<CostBenefitPolicy>();
  if (name == "fifo") return std::make_unique<FifoPolicy>();
  if (name == "random") return std::make_unique<RandomPolicy>();
  if (name == "d_choices") return std::make_unique<DChoicesPolicy>(DChoices(params));
  return nullptr;
}

std::vector<PolicyInfo> VictimPolicyInfos() {
  return {
      {"greedy", "Greedy (fewest valid pages)", "The full block with the fewest valid units", {}},
      {"cost_benefit",
       "Cost-benefit (age × free space)",
       "Most (1 - u) * age / 2u: old, mostly invalid blocks first (Rosenblum & Ousterhout)",
       {}},
      {"fifo", "FIFO (oldest written)", "The block written longest ago", {}},
      {"random", "Random", "A full block drawn uniformly", {}},
      {"d_choices", "d-choices (best of d random)",
       "The fewest valid of d blocks drawn at random (Van Houdt, SIGMETRICS 2013)",
       DChoicesParameters()},
  };
}

}  // namespace flashscope
