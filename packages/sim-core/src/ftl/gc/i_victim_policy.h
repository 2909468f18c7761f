// IVictimPolicy: chooses which full block garbage collection empties next.
//
// Contract: PickVictim looks only at blocks of `plane` in state kFull and
// returns one of them, or kNoBlock when none holds garbage (every full block
// fully valid) — collecting such a block would free nothing. It must not
// change FtlState; randomness comes only from the injected Rng, so a run is
// reproducible. A policy lives for one simulation and may keep state.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "config/setting.h"
#include "ftl/ftl_state.h"
#include "util/rng.h"

namespace flashscope {

class IVictimPolicy {
 public:
  virtual ~IVictimPolicy() = default;
  virtual uint32_t PickVictim(const FtlState& ftl, uint32_t plane, Rng& rng) = 0;
};

// Registry (victim_registry.cpp): the policy named `name` (one of
// kVictimPolicyNames) with its parameters from `params` (device JSON gc's
// plug-in keys), or nullptr for an unknown name.
std::unique_ptr<IVictimPolicy> MakeVictimPolicy(std::string_view name, const ParamBag& params);

// The registry's entries in the order the UI offers them: name, label,
// one-line description and the parameters each declares (config/setting.h).
std::vector<PolicyInfo> VictimPolicyInfos();

}  // namespace flashscope
