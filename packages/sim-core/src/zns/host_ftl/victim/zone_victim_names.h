// The GC victim policy names of a zoned device's host FTL (device JSON
// zns.gc_victim), in the order the UI lists them.
#pragma once

#include <array>
#include <string_view>

namespace flashscope::zns {

inline constexpr std::array<std::string_view, 3> kZoneVictimNames = {"cbe", "greedy",
                                                                     "cost_benefit"};

}  // namespace flashscope::zns
