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

}  // namespace flashscope::zns
