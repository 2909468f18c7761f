// Page mapping: every logical page mapped on its own to any physical page;
// writes append at one write frontier, an update only invalidates the old
// copy, and greedy GC reclaims blocks when erased ones run short. The
// "ideal" FTL of seed 002 (§2.1, "traduction par page") and of DFTL's
// evaluation (Gupta et al., ASPLOS 2009, §4: the baseline with the whole
// page table in SRAM); greedy cleaning after Rosenblum & Ousterhout, SOSP 1991.
//
// GC runs before a write while fewer than kGcFreeBlocks blocks are erased:
// a write takes at most one block and a GC round at most one before it
// erases its victim, so the pool never empties. Copies share the host's
// frontier (one open block, as FlashSim's page FTL does).
#include "mapping/impl/schemes.h"

namespace flashscope::mapping {
namespace {
constexpr uint32_t kGcFreeBlocks = 2;
}

PageMapping::PageMapping(const MappingConfig& config, const std::string& source)
    : SchemeBase(config, source) {
  // When GC runs, at most one block is erased and one open, so the full
  // blocks (N - 2 or more) must hold more than the logical space for one of
  // them to hold garbage: floor(L / P) <= N - 3.
  const uint64_t ppb = pages_per_block_;
  const uint64_t blocks = config.physical_blocks;
  Require(config.logical_pages / ppb + 3 <= blocks,
          std::to_string(config.logical_pages) +
              " logical pages need the data's blocks + 3 (an open block, one kept erased for GC, "
              "one of slack)",
          blocks >= 3 ? (blocks - 2) * ppb - 1 : 0);
}

uint32_t PageMapping::NextPage() {
  if (frontier_ == kNoBlock || flash_.programmed_pages(frontier_) == pages_per_block_) {
    frontier_ = flash_.AllocateBlock();
  }
  return flash_.Ppn(frontier_, flash_.programmed_pages(frontier_));
}

void PageMapping::CollectGarbage() {
  while (flash_.free_blocks() < kGcFreeBlocks) {
    const uint32_t victim = flash_.GreedyVictim();
    for (uint32_t page = 0; page < pages_per_block_; ++page) {
      const uint32_t ppn = flash_.Ppn(victim, page);
      if (flash_.state(ppn) == PageState::kValid) Move(flash_.owner(ppn), NextPage());
    }
    flash_.Erase(victim, Cause::kGc);
    ++stats_.gc_data_blocks;
  }
}

void PageMapping::Write(uint64_t lpn) {
  CheckLpn(lpn);
  ++stats_.host_writes;
  CollectGarbage();
  Place(lpn, NextPage(), Cause::kHost);
}

void PageMapping::Read(uint64_t lpn) {
  CheckLpn(lpn);
  ++stats_.host_reads;
  ReadData(lpn);
}

MappingSchemeEntry PageMappingEntry() {
  return {{"page", "Page mapping (every page mapped)", "Every page mapped anywhere", {}},
          [](const MappingConfig& config,
             const std::string& source) -> std::unique_ptr<IMappingScheme> {
            return std::make_unique<PageMapping>(config, source);
          }};
}

}  // namespace flashscope::mapping
