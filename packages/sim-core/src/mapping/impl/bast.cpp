// BAST (block-associative sector translation): block-mapped data blocks and
// a few log blocks, each dedicated to one logical block and filled in order
// with that block's updates (page-mapped inside). Source: Kim, Kim, Noh, Min
// & Cho, "A space-efficient flash translation layer for CompactFlash
// systems", IEEE Trans. Consumer Electronics 48(2), 2002; the three merge
// kinds as Lee et al. (TECS 2007, §2, seed 002 ref. 5) name them.
//
// A write to an erased page of the data block goes in place; otherwise it is
// appended to the logical block's log block (one is taken from the pool,
// and when all `log_blocks` are in use the least recently written one is
// merged first). A log block is merged when it fills or is the victim:
//   switch  — it holds offsets 0..P-1 in order: it becomes the data block;
//   partial — it holds offsets 0..k-1 in order: the data block's pages
//             k..P-1 are copied in, and it becomes the data block;
//   full    — otherwise: the newest copy of each page goes to a fresh block;
// the old data block (and in a full merge the log block) is erased.
#include <algorithm>

#include "mapping/impl/schemes.h"

namespace flashscope::mapping {

Bast::Bast(const MappingConfig& config, const std::string& source)
    : BlockMappedBase(config, source),
      log_of_(logical_blocks(), kNoBlock),
      last_write_(logical_blocks(), 0) {
  log_blocks_ = ResolveLogBlocks(config, 1, "log block(s)");
}

uint32_t Bast::OpenLog(uint64_t lbn) {
  if (active_.size() == log_blocks_) {
    // Victim: the log block written least recently (lowest lbn on ties).
    const auto oldest =
        std::min_element(active_.begin(), active_.end(), [&](uint64_t a, uint64_t b) {
          return last_write_[a] != last_write_[b] ? last_write_[a] < last_write_[b] : a < b;
        });
    MergeLog(*oldest);
  }
  const uint32_t block = flash_.AllocateBlock();
  log_of_[lbn] = block;
  active_.push_back(lbn);
  return block;
}

void Bast::MergeLog(uint64_t lbn) {
  const uint32_t log = log_of_[lbn];
  const uint32_t data = data_block_[lbn];
  const uint32_t written = flash_.programmed_pages(log);
  if (InPlaceOrder(log, lbn)) {
    NoteMerge(written == pages_per_block_ ? MergeKind::kSwitch : MergeKind::kPartial, lbn);
    CopyOffsets(lbn, written, log);
    flash_.Erase(data, Cause::kGc);
    data_block_[lbn] = log;
  } else {
    FullMerge(lbn);
    flash_.Erase(log, Cause::kGc);
  }
  log_of_[lbn] = kNoBlock;
  active_.erase(std::find(active_.begin(), active_.end(), lbn));
}

void Bast::Write(uint64_t lpn) {
  CheckLpn(lpn);
  ++stats_.host_writes;
  const uint64_t lbn = lpn / pages_per_block_;
  const uint32_t in_place =
      flash_.Ppn(DataBlock(lbn), static_cast<uint32_t>(lpn % pages_per_block_));
  if (flash_.state(in_place) == PageState::kFree) {
    Place(lpn, in_place, Cause::kHost);
    return;
  }
  const uint32_t log = log_of_[lbn] != kNoBlock ? log_of_[lbn] : OpenLog(lbn);
  Place(lpn, flash_.Ppn(log, flash_.programmed_pages(log)), Cause::kHost);
  last_write_[lbn] = ++tick_;
  if (flash_.programmed_pages(log) == pages_per_block_) MergeLog(lbn);
}

MappingSchemeEntry BastEntry() {
  return {{"bast", "BAST (a log block per data block)",
           "Block mapping with a dedicated log block per data block (Kim et al. 2002)",
           LogBlocksParameters()},
          [](const MappingConfig& config,
             const std::string& source) -> std::unique_ptr<IMappingScheme> {
            return std::make_unique<Bast>(config, source);
          }};
}

}  // namespace flashscope::mapping
