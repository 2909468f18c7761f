// What the mapping schemes share: the flash they run on (FlashArray), a base
// holding the per-page location of every logical page, the block-mapped base
// of block mapping, BAST and FAST, and the five schemes, each defined in its
// own file.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "mapping/i_mapping_scheme.h"

namespace flashscope::mapping {

// ftl.log_blocks (bast, fast: scheme_base.cpp) and ftl.cmt_entries (dftl.cpp).
std::vector<Setting> LogBlocksParameters();
std::vector<Setting> DftlParameters();
uint32_t LogBlocks(const ParamBag& params);
uint32_t CmtEntries(const ParamBag& params);

inline constexpr uint32_t kNoPage = UINT32_MAX;  // no physical page

// The flash as the schemes see it: page states and owners, per-block valid,
// programmed and erase counts, and the pool of erased blocks (FIFO: the block
// erased longest ago is handed out first, which spreads erases without a wear
// levelling policy). Every operation is counted in `stats.nand` and told to
// the listener; breaking a media rule throws std::logic_error.
class FlashArray {
 public:
  FlashArray(uint32_t blocks, uint32_t pages_per_block, MappingStats& stats);

  void set_listener(IMappingListener* listener) { listener_ = listener; }
  IMappingListener* listener() const { return listener_; }

  uint32_t blocks() const { return blocks_; }
  uint32_t pages_per_block() const { return pages_per_block_; }
  uint32_t Ppn(uint32_t block, uint32_t page) const { return block * pages_per_block_ + page; }
  uint32_t BlockOf(uint32_t ppn) const { return ppn / pages_per_block_; }
  uint32_t PageOf(uint32_t ppn) const { return ppn % pages_per_block_; }

  PageState state(uint32_t ppn) const { return state_[ppn]; }
  uint64_t owner(uint32_t ppn) const { return owner_[ppn]; }
  uint32_t valid_pages(uint32_t block) const { return valid_[block]; }
  // Pages programmed since the last erase; the next page of a block filled
  // in order.
  uint32_t programmed_pages(uint32_t block) const { return programmed_[block]; }
  uint32_t erase_count(uint32_t block) const { return erases_[block]; }
  bool in_pool(uint32_t block) const { return in_pool_[block] != 0; }
  uint32_t free_blocks() const { return static_cast<uint32_t>(pool_.size()); }

  // An erased block taken out of the pool (logic_error when none is left:
  // the schemes keep the reserve their merges and GC need).
  uint32_t AllocateBlock();

  void Read(uint32_t ppn, Cause cause);                     // page must be valid
  void Program(uint32_t ppn, uint64_t owner, Cause cause);  // page must be free
  void Invalidate(uint32_t ppn);                            // page must be valid
  void Erase(uint32_t block, Cause cause);                  // no valid page left
  // Programs a page without counting or telling anyone: DFTL's translation
  // pages written when the drive was formatted, before the run.
  void ProgramUncounted(uint32_t ppn, uint64_t owner);

  // Greedy victim (Rosenblum & Ousterhout, SOSP 1991): among fully
  // programmed blocks (open blocks are never candidates), one with the
  // fewest valid pages — of those, the one that has had that count longest.
  // Full blocks sit in buckets by valid count, so this costs O(P), not O(N).
  // logic_error when every candidate is fully valid (no garbage: the spare
  // space is too small).
  uint32_t GreedyVictim() const;

 private:
  void MarkProgrammed(uint32_t ppn, uint64_t owner);
  void BucketInsert(uint32_t block);  // full block, at the head of its count
  void BucketRemove(uint32_t block);

  uint32_t blocks_;
  uint32_t pages_per_block_;
  MappingStats& stats_;
  IMappingListener* listener_ = nullptr;
  std::vector<PageState> state_;
  std::vector<uint64_t> owner_;
  std::vector<uint32_t> valid_;
  std::vector<uint32_t> programmed_;
  std::vector<uint32_t> erases_;
  std::vector<uint8_t> in_pool_;
  std::deque<uint32_t> pool_;
  // Full blocks by valid count: doubly linked lists, newest at the head.
  std::vector<uint32_t> bucket_head_, bucket_tail_;  // per valid count
  std::vector<uint32_t> bucket_of_;                  // per block, kNoBlock if none
  std::vector<uint32_t> bucket_prev_, bucket_next_;  // per block
};

// The part every scheme shares: the configuration, the counters, the flash,
// and where each logical page's current copy lives (`where_`: the model's
// truth, which each scheme's own tables — block map, log maps, DFTL's CMT and
// translation pages — would give; keeping it flat makes reads and checks
// cheap without changing what the flash does).
class SchemeBase : public IMappingScheme {
 public:
  SchemeBase(const MappingConfig& config, const std::string& source);

  void set_listener(IMappingListener* listener) override { flash_.set_listener(listener); }
  PhysicalPage Lookup(uint64_t lpn) const override;
  const MappingStats& stats() const override { return stats_; }
  const MappingConfig& config() const override { return config_; }
  PageState page_state(uint32_t block, uint32_t page) const override;
  uint64_t page_owner(uint32_t block, uint32_t page) const override;
  uint32_t erase_count(uint32_t block) const override { return flash_.erase_count(block); }
  uint32_t valid_pages(uint32_t block) const override { return flash_.valid_pages(block); }
  uint32_t programmed_pages(uint32_t block) const override {
    return flash_.programmed_pages(block);
  }
  uint32_t free_blocks() const override { return flash_.free_blocks(); }

 protected:
  void CheckLpn(uint64_t lpn) const;
  // Programs `lpn`'s new copy at `ppn` and invalidates the old one.
  void Place(uint64_t lpn, uint32_t ppn, Cause cause);
  // Copies `lpn`'s current page to `ppn` (a merge or GC copy: read, program).
  void Move(uint64_t lpn, uint32_t ppn);
  // The host read of `lpn`'s page (nothing when it was never written).
  void ReadData(uint64_t lpn);
  void NoteMerge(MergeKind kind, uint64_t logical_block);
  // Throws InputError naming the scheme, what it needs and the largest
  // logical space that fits, unless `ok`.
  void Require(bool ok, const std::string& need, uint64_t max_logical_pages) const;

  MappingConfig config_;
  std::string source_;
  uint32_t pages_per_block_;
  MappingStats stats_;
  FlashArray flash_;
  std::vector<uint32_t> where_;  // lpn -> ppn, kNoPage when never written
};

// Block mapping and the hybrid log-block FTLs: a logical block lbn keeps a
// data block whose page `off` holds logical page lbn * P + off.
class BlockMappedBase : public SchemeBase {
 public:
  BlockMappedBase(const MappingConfig& config, const std::string& source);

  void Read(uint64_t lpn) override;

 protected:
  uint64_t logical_blocks() const { return data_block_.size(); }
  // The data block of `lbn`, taken from the pool on its first write.
  uint32_t DataBlock(uint64_t lbn);
  // A full merge of `lbn` into a fresh block, which becomes its data block;
  // the old data block is erased.
  void FullMerge(uint64_t lbn);
  // Copies the current page of offsets [from, P) of `lbn` to the same
  // offsets of `block` (pages with no data are left erased).
  void CopyOffsets(uint64_t lbn, uint32_t from, uint32_t block);
  // Whether log block `block` holds offsets 0..k-1 of `lbn` at pages 0..k-1, all
  // valid (k = its programmed pages): it can be switched or partially merged.
  bool InPlaceOrder(uint32_t block, uint64_t lbn) const;
  // The log blocks a hybrid scheme gets: config.log_blocks, or (0) every
  // block beyond the data blocks but one spare for merges; InputError when
  // fewer than `min_logs` fit (`what` names them in the message).
  uint32_t ResolveLogBlocks(const MappingConfig& config, uint64_t min_logs,
                            const std::string& what);

  std::vector<uint32_t> data_block_;  // lbn -> physical block
};

class PageMapping final : public SchemeBase {
 public:
  PageMapping(const MappingConfig& config, const std::string& source);
  std::string_view name() const override { return "page"; }
  void Write(uint64_t lpn) override;
  void Read(uint64_t lpn) override;

 private:
  uint32_t NextPage();
  void CollectGarbage();
  uint32_t frontier_ = kNoBlock;
};

class BlockMapping final : public BlockMappedBase {
 public:
  BlockMapping(const MappingConfig& config, const std::string& source);
  std::string_view name() const override { return "block"; }
  void Write(uint64_t lpn) override;
};

class Bast final : public BlockMappedBase {
 public:
  Bast(const MappingConfig& config, const std::string& source);
  std::string_view name() const override { return "bast"; }
  void Write(uint64_t lpn) override;

 private:
  uint32_t OpenLog(uint64_t lbn);
  void MergeLog(uint64_t lbn);

  uint32_t log_blocks_;
  std::vector<uint32_t> log_of_;      // lbn -> its log block, kNoBlock if none
  std::vector<uint64_t> active_;      // lbns holding a log block
  std::vector<uint64_t> last_write_;  // lbn -> tick of its log's last write
  uint64_t tick_ = 0;
};

class Fast final : public BlockMappedBase {
 public:
  Fast(const MappingConfig& config, const std::string& source);
  std::string_view name() const override { return "fast"; }
  void Write(uint64_t lpn) override;

 private:
  void LogWrite(uint64_t lpn);
  void RandomLogWrite(uint64_t lpn);
  void MergeSequential();
  void MergeRandom(uint32_t victim);
  void FullMergeWithSequential(uint64_t lbn);

  uint32_t random_log_blocks_;
  uint32_t sw_block_ = kNoBlock;    // the sequential log block
  uint64_t sw_lbn_ = 0;             // its owner
  std::deque<uint32_t> rw_blocks_;  // random log blocks, oldest first
};

class Dftl final : public SchemeBase {
 public:
  Dftl(const MappingConfig& config, const std::string& source);
  std::string_view name() const override { return "dftl"; }
  void Write(uint64_t lpn) override;
  void Read(uint64_t lpn) override;

  // CMT inspection (tests, views).
  bool cached(uint64_t lpn) const { return cmt_node_[lpn] != kNoNode; }
  bool dirty(uint64_t lpn) const { return cached(lpn) && IsDirty(cmt_node_[lpn]); }
  uint64_t translation_pages() const { return gtd_.size(); }
  PhysicalPage TranslationPage(uint64_t tvpn) const;

 private:
  static constexpr uint32_t kNoNode = UINT32_MAX;
  enum Segment : uint8_t { kProbation = 0, kProtected = 1 };
  struct List {
    uint32_t head = kNoNode;  // most recently used
    uint32_t tail = kNoNode;  // least recently used
    uint32_t size = 0;
  };

  void Translate(uint64_t lpn);
  void Evict();
  // A cached entry is dirty when it was changed after its translation page
  // was last written: each page keeps a write epoch, so a write-back cleans
  // all of its cached entries in O(1).
  bool IsDirty(uint32_t node) const {
    return node_dirty_[node] != 0 &&
           node_epoch_[node] == page_epoch_[node_lpn_[node] / entries_per_page_];
  }
  void MarkDirty(uint32_t node);
  void Unlink(uint32_t node);
  void PushFront(uint32_t node, Segment segment);
  // A translation page rewritten with the current mappings (read, program).
  void UpdateTranslationPage(uint64_t tvpn);
  uint32_t NextDataPage();
  uint32_t NextTranslationPage();
  void CollectGarbage();
  void CollectData(uint32_t block);
  void CollectTranslation(uint32_t block);

  uint64_t entries_per_page_;
  std::vector<uint32_t> gtd_;               // tvpn -> ppn of its translation page
  std::vector<uint8_t> translation_block_;  // block -> holds translation pages
  uint32_t data_frontier_ = kNoBlock;
  uint32_t translation_frontier_ = kNoBlock;

  // The CMT: a segmented LRU over a pool of nodes.
  uint32_t cmt_capacity_;
  uint32_t protected_capacity_;
  std::vector<uint32_t> cmt_node_;  // lpn -> node, kNoNode if not cached
  std::vector<uint64_t> node_lpn_;
  std::vector<uint32_t> node_prev_, node_next_;
  std::vector<uint8_t> node_segment_, node_dirty_;
  std::vector<uint64_t> node_epoch_;
  std::vector<uint64_t> page_epoch_;   // tvpn -> write-backs so far
  std::vector<uint32_t> dirty_count_;  // tvpn -> dirty cached entries
  std::vector<uint32_t> free_nodes_;
  List lists_[2];
};

}  // namespace flashscope::mapping
