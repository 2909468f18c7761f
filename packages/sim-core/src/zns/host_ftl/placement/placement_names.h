// The placement policy names of a zoned device's host FTL (device JSON
// zns.placement, --placements), in the thesis's table order (Table 4.3).
#pragma once

#include <array>
#include <string_view>

namespace flashscope::zns {

inline constexpr std::array<std::string_view, 7> kPlacementNames = {
    "normal", "warcip", "sepbit", "bhbdp_pre", "bhbdp", "fk", "zbopt"};

}  // namespace flashscope::zns
