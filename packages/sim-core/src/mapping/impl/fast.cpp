// FAST (fully-associative sector translation): block-mapped data blocks, one
// sequential (SW) log block and `log_blocks - 1` random (RW) log blocks
// shared by all logical blocks. Source: Lee, Park, Chung, Lee, Park & Song,
// "A Log Buffer-Based Flash Translation Layer Using Fully-Associative Sector
// Translation", ACM TECS 6(3), 2007 (seed 002 ref. 5), §3 and Fig. 5.
//
// A write to an erased page of its data block goes in place. Otherwise:
//   - offset 0: the SW log block (if any) is merged, and a new SW log block
//     for this logical block takes the page;
//   - the next offset of the SW log block's owner: appended to it;
//   - any other offset of the SW owner: the SW log block is merged, then the
//     page goes to the RW log blocks (the paper merges first; sending the
//     page to the RW log keeps the SW log block in order from offset 0);
//   - anything else: appended to the newest RW log block; when all RW log
//     blocks are full, the oldest is the victim (round robin): every logical
//     block with a valid page in it gets a full merge, then it is erased.
// SW merges are switch merges (SW full: it becomes the data block) or
// partial merges (the newest copies of the remaining offsets — from the data
// block or the RW log blocks — are copied in); RW merges are full merges,
// counted once per data block merged, as the paper counts them.
// One departure: the paper switches a full SW log block at the next offset-0
// write; it is switched as soon as it fills here, which costs the same one
// erase and frees the old data block sooner.
#include <algorithm>
#include <vector>

#include "mapping/impl/schemes.h"

namespace flashscope::mapping {

Fast::Fast(const MappingConfig& config, const std::string& source)
    : BlockMappedBase(config, source) {
  random_log_blocks_ =
      ResolveLogBlocks(config, 2, "log blocks (one sequential, at least one random)") - 1;
}

void Fast::Write(uint64_t lpn) {
  CheckLpn(lpn);
  ++stats_.host_writes;
  const uint64_t lbn = lpn / pages_per_block_;
  const uint32_t in_place =
      flash_.Ppn(DataBlock(lbn), static_cast<uint32_t>(lpn % pages_per_block_));
  if (flash_.state(in_place) == PageState::kFree) {
    Place(lpn, in_place, Cause::kHost);
    return;
  }
  LogWrite(lpn);
}

void Fast::LogWrite(uint64_t lpn) {
  const uint64_t lbn = lpn / pages_per_block_;
  const uint32_t offset = static_cast<uint32_t>(lpn % pages_per_block_);
  if (offset == 0) {
    if (sw_block_ != kNoBlock) MergeSequential();
    sw_block_ = flash_.AllocateBlock();
    sw_lbn_ = lbn;
  } else if (sw_block_ != kNoBlock && sw_lbn_ == lbn) {
    if (flash_.programmed_pages(sw_block_) != offset) {
      MergeSequential();
      // The merge left a valid copy of every written offset in the data
      // block, this one included: the page is a random update.
      RandomLogWrite(lpn);
      return;
    }
  } else {
    RandomLogWrite(lpn);
    return;
  }
  Place(lpn, flash_.Ppn(sw_block_, offset), Cause::kHost);
  if (offset + 1 == pages_per_block_) MergeSequential();  // full: switch now
}

void Fast::RandomLogWrite(uint64_t lpn) {
  if (rw_blocks_.empty() || flash_.programmed_pages(rw_blocks_.back()) == pages_per_block_) {
    if (rw_blocks_.size() == random_log_blocks_) {
      const uint32_t victim = rw_blocks_.front();
      MergeRandom(victim);
      rw_blocks_.pop_front();
    }
    rw_blocks_.push_back(flash_.AllocateBlock());
  }
  const uint32_t block = rw_blocks_.back();
  Place(lpn, flash_.Ppn(block, flash_.programmed_pages(block)), Cause::kHost);
}

void Fast::MergeSequential() {
  const uint64_t lbn = sw_lbn_;
  const uint32_t sw = sw_block_;
  sw_block_ = kNoBlock;
  if (InPlaceOrder(sw, lbn)) {
    const uint32_t written = flash_.programmed_pages(sw);
    NoteMerge(written == pages_per_block_ ? MergeKind::kSwitch : MergeKind::kPartial, lbn);
    CopyOffsets(lbn, written, sw);
    flash_.Erase(data_block_[lbn], Cause::kGc);
    data_block_[lbn] = sw;
  } else {
    // Not reachable by the write rules above (the SW log block only ever
    // holds its owner's pages in order), kept for safety.
    FullMerge(lbn);
    flash_.Erase(sw, Cause::kGc);
  }
}

void Fast::MergeRandom(uint32_t victim) {
  // The logical blocks with a valid page in the victim, in page order.
  std::vector<uint64_t> lbns;
  for (uint32_t page = 0; page < flash_.programmed_pages(victim); ++page) {
    const uint32_t ppn = flash_.Ppn(victim, page);
    if (flash_.state(ppn) != PageState::kValid) continue;
    const uint64_t lbn = flash_.owner(ppn) / pages_per_block_;
    if (std::find(lbns.begin(), lbns.end(), lbn) == lbns.end()) lbns.push_back(lbn);
  }
  for (uint64_t lbn : lbns) FullMergeWithSequential(lbn);
  flash_.Erase(victim, Cause::kGc);
}

void Fast::FullMergeWithSequential(uint64_t lbn) {
  FullMerge(lbn);
  // The SW log block's pages, if it belonged to lbn, were merged too.
  if (sw_block_ != kNoBlock && sw_lbn_ == lbn) {
    flash_.Erase(sw_block_, Cause::kGc);
    sw_block_ = kNoBlock;
  }
}

MappingSchemeEntry FastEntry() {
  return {{"fast", "FAST (shared random log blocks)",
           "Block mapping with log blocks shared by every data block (Lee et al. 2007)",
           LogBlocksParameters()},
          [](const MappingConfig& config,
             const std::string& source) -> std::unique_ptr<IMappingScheme> {
            return std::make_unique<Fast>(config, source);
          }};
}

}  // namespace flashscope::mapping
