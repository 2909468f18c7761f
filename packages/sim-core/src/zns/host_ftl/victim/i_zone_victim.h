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

#include "config/setting.h"
#include "zns/host_ftl/zone_info.h"

namespace flashscope::zns {

class IZoneVictim {
 public:
  virtual ~IZoneVictim() = default;
  virtual uint32_t Pick(std::span<const ZoneInfo> zones, uint64_t now, double gc_threshold) = 0;
};

// Registry (victim/zone_victim_registry.cpp): nullptr for an unknown name.
std::unique_ptr<IZoneVictim> MakeZoneVictim(std::string_view name);

// The registry's entries in the order the UI offers them: name, label,
// one-line description and the parameters each declares (config/setting.h).
std::vector<PolicyInfo> ZoneVictimInfos();

}  // namespace flashscope::zns
