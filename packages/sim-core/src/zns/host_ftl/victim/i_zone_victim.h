// IZoneVictim: which zone the host FTL's garbage collection reclaims next
// (seed 004 §3.4). Policies: greedy, cost_benefit, cbe (victim/impl/).
//
// Contract: Pick looks only at full (sealed) zones that hold garbage and
// returns one of them, or kNoZone when it finds none it wants; it must not
// change anything. The host FTL falls back to greedy when a policy declines
// but space must be freed. `now` is the logical clock; `gc_threshold` the
// garbage proportion that triggers GC.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "config/plugin_table.h"
#include "config/setting.h"
#include "zns/host_ftl/zone_info.h"

namespace flashscope::zns {

class IZoneVictim {
 public:
  virtual ~IZoneVictim() = default;
  virtual uint32_t Pick(std::span<const ZoneInfo> zones, uint64_t now, double gc_threshold) = 0;
};

// A registry entry: the policy's name, label, description and parameters,
// and how to build it.
using ZoneVictimEntry = PluginEntry<std::unique_ptr<IZoneVictim> (*)()>;

// The registry (victim/zone_victim_registry.cpp): every policy, in the
// order the UI offers them.
const std::vector<ZoneVictimEntry>& ZoneVictimTable();

// The policy named `name` (one of ZoneVictimNames()), or nullptr.
std::unique_ptr<IZoneVictim> MakeZoneVictim(std::string_view name);

// The table's infos and names, in table order.
std::vector<PolicyInfo> ZoneVictimInfos();
const std::vector<std::string_view>& ZoneVictimNames();

}  // namespace flashscope::zns
