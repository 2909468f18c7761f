// The one explicit list of placement policies. Adding one: a file in
// impl/, a line here and its name in placement_names.h.
#include "zns/host_ftl/placement/i_placement.h"
#include "zns/host_ftl/placement/impl/placements.h"

namespace flashscope::zns {

std::unique_ptr<IPlacementPolicy> MakePlacement(std::string_view name,
                                                const PlacementSetup& setup) {
  if (name == "normal") return std::make_unique<NormalPlacement>(setup);
  if (name == "warcip") return std::make_unique<WarcipPlacement>(setup);
  if (name == "sepbit") return std::make_unique<SepBitPlacement>(setup);
  if (name == "bhbdp_pre") return std::make_unique<BhbDpPlacement>(setup, false);
  if (name == "bhbdp") return std::make_unique<BhbDpPlacement>(setup, true);
  if (name == "fk") return std::make_unique<FutureKnowledgePlacement>(setup, false);
  if (name == "zbopt") return std::make_unique<FutureKnowledgePlacement>(setup, true);
  return nullptr;
}

std::vector<PolicyInfo> PlacementInfos() {
  return {
      {"normal", "Normal (no separation)", "Every write appends to one open zone", {}},
      {"warcip", "WARCIP (rewrite intervals)", "Classes by the interval between rewrites", {}},
      {"sepbit",
       "SepBIT (last lifetime)",
       "Classes by the block's last lifetime (Wang et al.)",
       {}},
      {"bhbdp_pre",
       "BHB-DP_pre (write frequencies)",
       "Classes by write frequencies (seed 004)",
       {}},
      {"bhbdp", "BHB-DP (block heat)", "Classes by block heat (seed 004)", {}},
      {"fk", "FK (future, equal bands)", "Oracle: classes by the next write time, equal bands", {}},
      {"zbopt",
       "ZB-OPT (future, exponential bands)",
       "Oracle: classes by the next write time, exponential bands",
       {}},
  };
}

}  // namespace flashscope::zns
