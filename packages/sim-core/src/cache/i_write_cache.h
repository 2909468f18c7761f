// IWriteCache: a write cache in front of the FTL (docs/conventions.md "Write buffer"),
// as an untimed model. It decides hits, misses and evictions at once and
// tells a listener what the flash must do for them; a timed device pays for
// that work later, as zns/zns_device.cpp does for the ZNS host FTL.
//
// Units. The cache holds pages of `page_bytes` (normally the FTL's mapping
// unit), grouped in erase blocks of `pages_per_block`: logical page `lpn`
// belongs to logical block lpn / pages_per_block at offset
// lpn % pages_per_block. Every call handles one page; a request of several
// pages is several calls, in address order.
//
// Contract and lifecycle. A cache lives for one simulation. Write and Read
// return whether the page was in the cache (a hit) and may first evict, each
// eviction reported to the listener before the call returns; Read misses are
// passed to the listener (the flash read the host waits for). FlushAll writes
// every dirty page back (a host flush, or the end of a run). Nothing depends
// on time or randomness: the same calls give the same events and counters.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "config/device_config.h"
#include "config/plugin_table.h"
#include "config/setting.h"

namespace flashscope::cache {

enum class FlushKind : uint8_t {
  // One dirty page written back on its own (none, lru, cflru).
  kPage,
  // BPLRU page padding: the victim block is written whole, in page order, so
  // the FTL behind the cache sees one sequential block (a switch merge rather
  // than a full merge). The fill pages are read from flash first, at
  // eviction time, and rewritten with the cached ones; the FTL chooses where
  // the block goes.
  kPaddedBlock,
  // C-lash block-space eviction: C-lash replaces the FTL, so the cache block
  // maps straight onto its flash block, which is erased and programmed whole
  // in place. Its "late merge" reads the fill pages that are still valid on
  // flash only now, when the block leaves the cache, not when its pages
  // moved from page space to block space (an "early merge", which the seed
  // leaves aside): pages written in between need no read, and a block swapped
  // back to page space never cost a read. The pages of the same logical block
  // that still sit in page space are written with it (they are in `pages`).
  kMergedBlock,
};

enum class FlushCause : uint8_t {
  kEviction,      // to make room
  kWriteThrough,  // none: every write goes straight to flash
  kFlushAll,      // FlushAll (host flush, end of run)
};

// What one flush asks of the flash. Both lists are logical page numbers of
// `logical_block`, ascending, and disjoint; views valid during the callback
// only.
struct CacheFlush {
  FlushKind kind = FlushKind::kPage;
  uint64_t logical_block = 0;
  std::span<const uint64_t> pages;  // written from the cache
  // kPaddedBlock, kMergedBlock: the rest of the block, which the cache does
  // not hold. The listener reads those that hold valid data on flash (the
  // cache does not know which: never-written or trimmed pages need no read)
  // and writes them back with `pages`. Empty for kPage.
  std::span<const uint64_t> fill_pages;
  FlushCause cause = FlushCause::kEviction;
};

// The flash work the cache asks for (the timed device's hooks).
class IWriteCacheListener {
 public:
  virtual ~IWriteCacheListener() = default;
  virtual void OnFlush(const CacheFlush& flush) = 0;
  // A read the cache cannot serve: the page is read from flash. lru and cflru
  // then keep it as a clean page; bplru and clash do not keep read data.
  virtual void OnReadMiss(uint64_t lpn) = 0;
};

// Counters for the result JSON. hits = read_hits + write_hits.
struct CacheCounters {
  uint64_t read_hits = 0;
  uint64_t read_misses = 0;
  uint64_t write_hits = 0;       // the page was cached: overwritten in place
  uint64_t write_misses = 0;     // a new page entered the cache (none: went to flash)
  uint64_t evicted_pages = 0;    // pages that left the cache to make room
  uint64_t evicted_blocks = 0;   // whole-block evictions (bplru, clash block space)
  uint64_t clean_evictions = 0;  // lru, cflru: clean pages dropped without a write
  uint64_t flushes = 0;          // OnFlush calls, every cause
  uint64_t flushed_pages = 0;    // pages those flushes wrote from the cache
  uint64_t fill_pages = 0;       // pages they asked the flash to supply
  uint64_t trimmed_pages = 0;    // cached pages dropped by Trim
  // C-lash page space → block space (seed 002 §3.2.1).
  uint64_t set_moves = 0;        // page sets moved to a block-space block
  uint64_t set_moved_pages = 0;  // pages in those sets
  uint64_t swaps = 0;            // a block-space block swapped back to page space
  uint64_t hits() const { return read_hits + write_hits; }
  uint64_t misses() const { return read_misses + write_misses; }
};

// Where a page is: kPage in a page-grained space (lru, cflru, C-lash page
// space), kBlock inside a cached block (bplru's block nodes, C-lash block
// space).
enum class Residence : uint8_t { kAbsent, kPage, kBlock };
struct PageState {
  Residence where = Residence::kAbsent;
  bool dirty = false;  // newer than flash
};

// How full the cache is, for the cache view. Page-grained policies report
// pages only; C-lash reports page space in `pages` and block space in
// `blocks` (with the valid pages they hold in `block_pages`).
struct CacheOccupancy {
  uint64_t pages = 0;
  uint64_t capacity_pages = 0;
  uint64_t blocks = 0;  // bplru: block nodes in use (no fixed capacity)
  uint64_t capacity_blocks = 0;
  uint64_t block_pages = 0;
};

// One logical block's pages in a block-grained space or a page set (the
// cache view).
struct CachedBlock {
  static constexpr uint64_t kFree = UINT64_MAX;
  uint64_t logical_block = kFree;  // kFree: an empty block-space slot
  uint32_t pages = 0;
};

class IWriteCache {
 public:
  virtual ~IWriteCache() = default;
  virtual void set_listener(IWriteCacheListener* listener) = 0;  // may be null

  virtual bool Write(uint64_t lpn) = 0;  // true: hit
  virtual bool Read(uint64_t lpn) = 0;   // true: hit; a miss is reported
  virtual void Trim(uint64_t lpn) = 0;   // drops the page, unwritten
  virtual void FlushAll() = 0;

  virtual PageState Lookup(uint64_t lpn) const = 0;
  virtual CacheOccupancy occupancy() const = 0;
  virtual const CacheCounters& counters() const = 0;
  virtual uint64_t capacity_bytes() const = 0;

  // For the cache view (C-lash; the other policies write nothing): its
  // block-space slots in slot order, a slot keeping its place while its
  // block stays; and the largest page-space sets, largest first (ties: the
  // lower block first, the order C-lash moves them to block space). Each
  // fills at most out.size() entries and returns how many it wrote; neither
  // allocates.
  virtual size_t BlockSpace(std::span<CachedBlock> out) const { return 0; }
  virtual size_t LargestPageSets(std::span<CachedBlock> out) const { return 0; }
};

// A cache's settings, filled from the device JSON `cache` section (its
// policy and the parameters the caches declare: WriteCacheConfigFrom; names:
// WriteCacheNames()). The initialisers are the parameters' defaults.
struct WriteCacheConfig {
  std::string policy = "none";
  uint64_t bytes = 0;  // lru, cflru, bplru: capacity, whole pages
  // clash (seed 002 §4.1: 2 blocks + 128 pages, 512 KB with 2 KB pages).
  uint32_t block_space_blocks = 2;
  uint32_t page_space_pages = 128;
  // cflru: the clean-first region, the w pages at the LRU end of the list
  // (Park et al.'s window w); 0 = half the cache.
  uint64_t cflru_window_pages = 0;
};

// The cache settings of the device JSON's cache section: its policy, and the
// values its parameter bag gives (defaults for the rest).
WriteCacheConfig WriteCacheConfigFrom(const CacheConfig& section);

struct CacheGeometry {
  uint32_t page_bytes = 4096;
  uint32_t pages_per_block = 64;
};

// What is wrong with `config` for its policy and `geometry` ("" when
// nothing), so a config reader can report it at its own file and line.
std::string CacheConfigProblem(const WriteCacheConfig& config, const CacheGeometry& geometry);

// A registry entry: the cache's name, label, description and parameters,
// and how to build it for a config CacheConfigProblem accepts.
using WriteCacheEntry = PluginEntry<std::unique_ptr<IWriteCache> (*)(
    const WriteCacheConfig& config, const CacheGeometry& geometry)>;

// The registry (cache_registry.cpp): every cache, in the order the UI
// offers them.
const std::vector<WriteCacheEntry>& WriteCacheTable();

// The cache named config.policy (one of WriteCacheNames()), or nullptr for
// an unknown name. Throws InputError (file `source`, line 0) when
// CacheConfigProblem finds a problem.
std::unique_ptr<IWriteCache> MakeWriteCache(const WriteCacheConfig& config,
                                            const CacheGeometry& geometry,
                                            const std::string& source = "device.json");

// The table's infos and names, in table order.
std::vector<PolicyInfo> WriteCacheInfos();
const std::vector<std::string_view>& WriteCacheNames();

}  // namespace flashscope::cache
