// IMappingScheme: one address-mapping FTL (page, block, BAST, FAST, DFTL) as
// an untimed model over a flash of `physical_blocks` erase blocks of
// `pages_per_block` pages, serving a logical space of `logical_pages` pages
// (fewer: the spare blocks hold log blocks, GC room and translation pages).
//
// Contract: Write(lpn) and Read(lpn) change the model at once and tell the
// listener, in an order the media can execute (a copy's read before its
// program, a block's erase after its valid pages moved), every flash
// operation the step needs — page read, page program, block erase — each
// tagged with its cause: Cause::kHost (the request's own data), Cause::kGc
// (merges and garbage collection: copies and erases) or Cause::kMapping
// (DFTL's translation pages read on a mapping-cache miss or written back).
// A timed device turns those calls into flash commands (as zns_device.cpp
// does for the ZNS host FTL); the figures here do not depend on timing.
// The media rules are enforced: a page is programmed only when erased, only
// valid pages are read or copied, a block is erased only once nothing valid
// is left in it (a violation throws std::logic_error: a bug, not bad input).
// Pages of a block may be programmed in any order, as on the small-block
// NAND the block-mapped FTLs were designed for (data blocks keep each page at
// its logical offset); log blocks, page-mapped and DFTL blocks are filled in
// order anyway.
//
// Lifecycle: built by MakeMappingScheme (mapping_registry.cpp) for one run;
// the flash starts erased and the logical space unwritten (DFTL's
// translation pages start formatted in flash, see impl/dftl.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "config/plugin_table.h"
#include "config/setting.h"
#include "metrics/nand_counters.h"

namespace flashscope::mapping {

inline constexpr uint32_t kNoBlock = UINT32_MAX;

// What a merge did (hybrid log-block FTLs and block mapping).
//   switch:  a log block written in order 0..P-1 becomes the data block; the
//            old data block is erased (1 erase, no copy).
//   partial: a log block written in order 0..k-1 gets offsets k..P-1 copied
//            in and becomes the data block (P-k copies at most, 1 erase).
//   full:    the newest copy of every page of one logical block is copied to
//            a fresh block; the data block (and BAST's log block) erased.
//   copy:    block mapping's copy-on-write of a whole block on an update.
enum class MergeKind : uint8_t { kSwitch = 0, kPartial, kFull, kCopy };
inline constexpr uint32_t kMergeKindCount = 4;
const char* MergeKindName(MergeKind kind);  // "switch", "partial", "full", "copy"

// The media work of each step (the timed device's hooks).
class IMappingListener {
 public:
  virtual ~IMappingListener() = default;
  virtual void OnPageRead(uint32_t block, uint32_t page, Cause cause) = 0;
  virtual void OnPageProgram(uint32_t block, uint32_t page, Cause cause) = 0;
  virtual void OnBlockErase(uint32_t block, Cause cause) = 0;
  // A merge of logical block `logical_block` is about to issue its copies and
  // erases (for views and event logs; no media work of its own).
  virtual void OnMerge(MergeKind kind, uint64_t logical_block) {}
};

struct MappingConfig {
  uint32_t physical_blocks = 0;
  uint32_t pages_per_block = 64;
  uint64_t logical_pages = 0;
  // bast, fast: log blocks (FAST: one sequential + the rest random); 0 means
  // every spare block except the one a merge needs.
  uint32_t log_blocks = 0;
  // dftl: entries of the cached mapping table, and mapping entries per
  // translation page (page bytes / 4-byte entry: 512 for 2 KiB pages).
  uint32_t cmt_entries = 4096;
  uint32_t entries_per_translation_page = 512;
};

// DFTL's cached mapping table.
struct CmtCounts {
  uint64_t hits = 0;
  uint64_t misses = 0;                // each reads one translation page
  uint64_t dirty_evictions = 0;       // each writes its translation page back
  uint64_t clean_evictions = 0;       // dropped without flash work
  uint64_t entries_written_back = 0;  // dirty entries made clean by write-backs
};

struct MappingStats {
  uint64_t host_writes = 0;
  uint64_t host_reads = 0;
  uint64_t unmapped_reads = 0;  // reads of never-written pages: no data read
  NandCounters nand;            // one page = one mapping unit here
  std::array<uint64_t, kMergeKindCount> merges{};
  CmtCounts cmt;
  uint64_t gc_data_blocks = 0;         // page, dftl: data blocks collected
  uint64_t gc_translation_blocks = 0;  // dftl: translation blocks collected

  uint64_t merge_count(MergeKind kind) const { return merges[static_cast<uint32_t>(kind)]; }
  // Pages programmed per page the host wrote (translation writes included).
  double waf() const {
    return host_writes ? static_cast<double>(nand.TotalPrograms()) / host_writes : 0.0;
  }
};

enum class PageState : uint8_t { kFree = 0, kValid = 1, kInvalid = 2 };

// A valid page's owner: a logical page, or (DFTL) a translation page.
inline constexpr uint64_t kTranslationOwner = uint64_t{1} << 63;
inline constexpr uint64_t kNoOwner = UINT64_MAX;

struct PhysicalPage {
  uint32_t block = kNoBlock;  // kNoBlock: never written
  uint32_t page = 0;
};

class IMappingScheme {
 public:
  virtual ~IMappingScheme() = default;

  virtual std::string_view name() const = 0;
  virtual void set_listener(IMappingListener* listener) = 0;

  // One host page write / read of logical page `lpn` (< logical_pages;
  // std::out_of_range otherwise), with everything it triggers first
  // (mapping-cache traffic, merges, garbage collection).
  virtual void Write(uint64_t lpn) = 0;
  virtual void Read(uint64_t lpn) = 0;

  // Where `lpn`'s current data lives (no flash work, no counting).
  virtual PhysicalPage Lookup(uint64_t lpn) const = 0;

  virtual const MappingStats& stats() const = 0;
  virtual const MappingConfig& config() const = 0;

  // The media as the model sees it (views, tests).
  virtual PageState page_state(uint32_t block, uint32_t page) const = 0;
  virtual uint64_t page_owner(uint32_t block, uint32_t page) const = 0;  // kNoOwner if free
  virtual uint32_t erase_count(uint32_t block) const = 0;
  // Per-block counts kept by the model, O(1): valid pages, and pages
  // programmed since the block's last erase (valid or garbage).
  virtual uint32_t valid_pages(uint32_t block) const = 0;
  virtual uint32_t programmed_pages(uint32_t block) const = 0;
  virtual uint32_t free_blocks() const = 0;
};

// A registry entry: the scheme's name, label, description and parameters,
// and how to build it. The factory throws InputError (file `source`, line 0)
// for a geometry the scheme cannot run on, naming the largest logical space
// that fits.
using MappingSchemeEntry = PluginEntry<std::unique_ptr<IMappingScheme> (*)(
    const MappingConfig& config, const std::string& source)>;

// The registry (mapping_registry.cpp): every scheme, in the order the UI
// offers them.
const std::vector<MappingSchemeEntry>& MappingSchemeTable();

// The scheme named `name` (one of MappingSchemeNames()), or nullptr for an
// unknown name; throws as the entry's factory does.
std::unique_ptr<IMappingScheme> MakeMappingScheme(std::string_view name,
                                                  const MappingConfig& config,
                                                  const std::string& source = "device.json");

// Sets `config`'s scheme parameters (log_blocks, cmt_entries) from the
// device JSON ftl section's `params`, their defaults where absent.
void ApplyMappingParameters(const ParamBag& params, MappingConfig& config);

// The table's infos and names, in table order.
std::vector<PolicyInfo> MappingSchemeInfos();
const std::vector<std::string_view>& MappingSchemeNames();

}  // namespace flashscope::mapping
