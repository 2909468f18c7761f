// Block mapping: a logical block maps to one physical block and a page keeps
// its offset in it, so the table has one entry per block. A write to an
// erased page goes in place; an update copies the whole block: a fresh block
// gets the block's other valid pages (merge reads and programs) and the new
// page at its offset, and the old block is erased — one copy merge per
// update. Source: seed 002 §2.1 ("traduction par bloc"); Chung et al.,
// "A survey of Flash Translation Layer", J. Systems Architecture 55(5), 2009,
// §3.2 (block mapping).
#include "mapping/impl/schemes.h"

namespace flashscope::mapping {

BlockMapping::BlockMapping(const MappingConfig& config, const std::string& source)
    : BlockMappedBase(config, source) {
  // One data block per logical block and one erased block for the copy.
  const uint64_t ppb = pages_per_block_;
  Require(logical_blocks() + 1 <= config.physical_blocks,
          std::to_string(logical_blocks()) + " logical blocks need " +
              std::to_string(logical_blocks() + 1) + " blocks (one spare for copies)",
          config.physical_blocks > 1 ? (config.physical_blocks - 1) * ppb : 0);
}

void BlockMapping::Write(uint64_t lpn) {
  CheckLpn(lpn);
  ++stats_.host_writes;
  const uint64_t lbn = lpn / pages_per_block_;
  const uint32_t offset = static_cast<uint32_t>(lpn % pages_per_block_);
  const uint32_t data = DataBlock(lbn);
  const uint32_t in_place = flash_.Ppn(data, offset);
  if (flash_.state(in_place) == PageState::kFree) {
    Place(lpn, in_place, Cause::kHost);
    return;
  }
  // Copy-on-write, in page order so the fresh block is programmed in order.
  NoteMerge(MergeKind::kCopy, lbn);
  const uint32_t fresh = flash_.AllocateBlock();
  for (uint32_t off = 0; off < pages_per_block_; ++off) {
    const uint64_t other = lbn * pages_per_block_ + off;
    if (other >= config_.logical_pages) break;
    if (off == offset) {
      Place(lpn, flash_.Ppn(fresh, off), Cause::kHost);
    } else if (where_[other] != kNoPage) {
      Move(other, flash_.Ppn(fresh, off));
    }
  }
  flash_.Erase(data, Cause::kGc);
  data_block_[lbn] = fresh;
}

MappingSchemeEntry BlockMappingEntry() {
  return {{"block", "Block mapping", "A logical block maps to one flash block, pages in place", {}},
          [](const MappingConfig& config,
             const std::string& source) -> std::unique_ptr<IMappingScheme> {
            return std::make_unique<BlockMapping>(config, source);
          }};
}

}  // namespace flashscope::mapping
