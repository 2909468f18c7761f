// IVictimPolicy: chooses which full block garbage collection empties next.
//
// Contract: PickVictim looks only at blocks of `plane` in state kFull and
// returns one of them, or kNoBlock when none holds garbage (every full block
// fully valid) — collecting such a block would free nothing. Only `random`
// may return a fully valid block while others hold garbage (a legal, wasteful
// pick: see impl/random_victim.cpp); callers loop until the reserve is back. It must not
// change FtlState; randomness comes only from the injected Rng, so a run is
// reproducible. A policy lives for one simulation and may keep state.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "config/plugin_table.h"
#include "config/setting.h"
#include "ftl/ftl_state.h"
#include "util/rng.h"

namespace flashscope {

class IVictimPolicy {
 public:
  virtual ~IVictimPolicy() = default;
  virtual uint32_t PickVictim(const FtlState& ftl, uint32_t plane, Rng& rng) = 0;
};

// A registry entry: the policy's name, label, description and parameters,
// and how to build it with its parameters from `params` (device JSON gc's
// plug-in keys).
using VictimPolicyEntry = PluginEntry<std::unique_ptr<IVictimPolicy> (*)(const ParamBag& params)>;

// The registry (victim_registry.cpp): every policy, in the order the UI
// offers them.
const std::vector<VictimPolicyEntry>& VictimPolicyTable();

// The policy named `name` (one of VictimPolicyNames()) with its parameters
// from `params`, or nullptr for an unknown name.
std::unique_ptr<IVictimPolicy> MakeVictimPolicy(std::string_view name, const ParamBag& params);

// The table's infos (name, label, description, parameters) and names, in
// table order.
std::vector<PolicyInfo> VictimPolicyInfos();
const std::vector<std::string_view>& VictimPolicyNames();

}  // namespace flashscope
