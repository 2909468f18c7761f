// The GC victim policy names the CLI, device JSON and UI offer. The registry
// (victim_registry.cpp) must construct every one of them; a test checks it.
#pragma once

#include <array>
#include <string_view>

namespace flashscope {

inline constexpr std::array<std::string_view, 5> kVictimPolicyNames = {
    "greedy", "cost_benefit", "fifo", "random", "d_choices"};

inline constexpr std::array<std::string_view, 2> kSchedulerNames = {"fifo", "read_priority"};

}  // namespace flashscope
