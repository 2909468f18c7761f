// The classic FTLs' and write caches' JSON (issue 7): the result's "ftl" and
// "cache" objects, and a job's mean response time as seed 002 measures it.
#pragma once

#include <array>

#include "host/host.h"
#include "sim/simulator.h"
#include "util/json.h"

namespace flashscope {

// The result JSON's "ftl" value: {"mapping": "page"} for the conventional
// controller (and zoned drives); on the classic device
//   { mapping, merges {switch, partial, full, copy}, translation_reads,
//     translation_writes, and for dftl cmt {hits, misses, dirty_evictions,
//     clean_evictions} }
// (C-lash's direct translation counts its in-place block rewrites of blocks
// that held data as "copy" merges).
void WriteFtlResult(json::Writer& out, const Simulator& sim);

// The result JSON's "cache" value: null without a write cache, else
//   { policy, capacity_bytes, hits, misses, read_hits, read_misses,
//     write_hits, write_misses, evicted_pages, evicted_blocks,
//     clean_evictions, flushes, flushed_pages, fill_pages, set_moves,
//     swaps, occupancy {pages, capacity_pages, blocks, capacity_blocks,
//     block_pages} }
void WriteCacheResult(json::Writer& out, const Simulator& sim);

// The snapshot meta's "classic" value (api/snapshot_meta.h): null unless the
// classic drive runs, else
//   { mapping, pages_per_block, block_erases (the run's, as the result's
//     nand.block_erases), merges {...}, translation_reads,
//     translation_writes,
//     cmt: null | {capacity, cached, hits, misses, dirty_evictions,
//                  clean_evictions}            (dftl only),
//     cache: null | { the result's cache fields, plus
//       block_space: C-lash's slots in order, each null (free) or
//                    {block, pages} (at most kMetaCacheBlocks),
//       page_sets:   the largest page-space sets, largest first, {block,
//                    pages} (at most kMetaPageSets) } }
// Counters are cumulative: the view takes differences between frames.
inline constexpr size_t kMetaCacheBlocks = 64;
inline constexpr size_t kMetaPageSets = 8;
void WriteClassicMeta(json::Writer& out, const Simulator& sim);

// Mean response time of a job's reads and writes together, in µs (seed 002
// §4.2: mean response time per request); 0 without any.
double MeanResponseUs(const LatencyHistogram& reads, const LatencyHistogram& writes);
double MeanResponseUs(const std::array<LatencyHistogram, kHostOpKinds>& latency);

// The same over the whole run, as the result's "mean_response_us" and the
// frame meta's write it: null before a read or write completed, so no view
// shows a mean of nothing as 0 µs.
void WriteMeanResponse(json::Writer& out, const LatencyHistogram& reads,
                       const LatencyHistogram& writes);

}  // namespace flashscope
