// What the built-in GC victim policies share; each policy (its class, its
// parameters and its registry entry) is defined in its own file.
#pragma once

#include "ftl/gc/i_victim_policy.h"

namespace flashscope {

// A block d-choices may pick (and random after too many fully valid picks):
// full and holding some garbage.
inline bool IsCandidate(const FtlState& ftl, uint32_t block) {
  return ftl.IsCollectable(block) && ftl.valid_units(block) < ftl.layout().units_per_block;
}

// Blocks of `plane` that IsCandidate accepts, and the rank-th of them.
uint32_t CountCandidates(const FtlState& ftl, uint32_t plane);
uint32_t NthCandidate(const FtlState& ftl, uint32_t plane, uint64_t rank);

}  // namespace flashscope
