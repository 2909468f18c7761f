// Static wear levelling's rule, shared by the timed drive
// (conventional/static_wear_leveling_policy.h) and the untimed
// preconditioning (ftl/untimed_writer.h), so both level wear alike.
//
// Dynamic wear levelling (FtlState's least-worn-first allocation) only
// spreads erases over the blocks that get erased; a block holding cold data
// is never collected and keeps its low count. Static wear levelling moves
// that cold data: when a plane's erase-count spread (its most-worn native
// block minus its least-worn full native block) exceeds the threshold, the
// least-worn full block's data is moved into the most-worn free block
// (Stream::kWearLeveling), so cold data parks on worn blocks, and the young
// block returns to the pool for hot data. Source: the dual-pool algorithm
// of L.-P. Chang, "On efficient wear leveling for large-scale flash-memory
// storage systems", ACM SAC 2007 (cold data swapped onto the most-worn
// block when the erase-count difference exceeds a threshold).
#pragma once

#include <cstdint>

#include "ftl/ftl_state.h"

namespace flashscope {

// The block static wear levelling should empty on `plane` now, or kNoBlock:
// the spread is within `threshold`, or the blocks its data would reach (the
// open wear-levelling block while it has room, then the most-worn free
// block) are not all more worn than it, so a move would only shuffle data
// between young blocks.
// Static pSLC blocks wear on their own and are left out. Linear in the
// plane's blocks: called once per erase, not per page.
uint32_t StaticWearLevelingVictim(const FtlState& ftl, uint32_t plane, uint32_t threshold);

}  // namespace flashscope
