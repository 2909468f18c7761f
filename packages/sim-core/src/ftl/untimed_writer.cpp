#include "ftl/untimed_writer.h"

#include <stdexcept>

#include "ftl/static_wear_leveling.h"
#include "nand/allocation_order.h"

namespace flashscope {

UntimedWriter::UntimedWriter(FtlState& ftl, IVictimPolicy& victims, Rng& rng,
                             NandCounters& counters, std::string_view allocation_order,
                             uint32_t static_wl_threshold)
    : ftl_(ftl),
      victims_(victims),
      rng_(rng),
      counters_(counters),
      layout_(ftl.layout()),
      cursor_(ftl.layout().planes * kStreamCount, kNoSlot),
      remaining_(ftl.layout().planes * kStreamCount, 0),
      plane_order_(PlanesInAllocationOrder(ftl.layout(), allocation_order)),
      static_wl_threshold_(static_wl_threshold) {
  move_slots_.resize(layout_.units_per_block);
}

uint32_t UntimedWriter::NextSlot(uint32_t plane, Stream stream) {
  const uint32_t i = plane * kStreamCount + static_cast<uint32_t>(stream);
  if (remaining_[i] == 0) {
    // Host writes leave the GC reserve alone; GC may use the last blocks.
    if (stream == Stream::kHost) EnsureReserve(plane);
    const uint32_t first = ftl_.AllocateWordline(plane, stream, 0);
    cursor_[i] = first;
    remaining_[i] = layout_.units_per_wordline;
    const Cause cause = stream == Stream::kHost           ? Cause::kHost
                        : stream == Stream::kWearLeveling ? Cause::kWearLeveling
                                                          : Cause::kGc;
    counters_.page_programs[static_cast<uint32_t>(cause)] += layout_.bits;
  }
  --remaining_[i];
  return cursor_[i]++;
}

void UntimedWriter::EnsureReserve(uint32_t plane) {
  if (ftl_.FreeBlocks(plane) >= layout_.gc_reserve_blocks) return;
  while (ftl_.FreeBlocks(plane) < layout_.gc_reserve_blocks) Collect(plane);
  LevelWear(plane);
}

void UntimedWriter::Collect(uint32_t plane) {
  const uint32_t victim = victims_.PickVictim(ftl_, plane, rng_);
  // Validate() guarantees spare space, so some full block holds garbage
  // whenever the reserve is short; anything else is a simulator bug.
  if (victim == kNoBlock) throw std::logic_error("GC found no victim");
  Empty(plane, victim, Stream::kGc, Cause::kGc);
  ++gc_runs_;
}

// As the timed drive does after each erase: one move at a time, looked at
// again after each (the rule stops once no free block is more worn than
// the coldest full one). Like its timed job, a move leaves the last free
// block to GC: it takes at most one and gives one back.
void UntimedWriter::LevelWear(uint32_t plane) {
  if (static_wl_threshold_ == 0) return;
  // A move of at most a block of data opens at most one block before its
  // victim's erase gives one back.
  while (ftl_.FreeBlocks(plane) > 1) {
    const uint32_t victim = StaticWearLevelingVictim(ftl_, plane, static_wl_threshold_);
    if (victim == kNoBlock) return;
    Empty(plane, victim, Stream::kWearLeveling, Cause::kWearLeveling);
    ++static_wl_moves_;
  }
}

void UntimedWriter::Empty(uint32_t plane, uint32_t victim, Stream stream, Cause cause) {
  // A block counts as full once its last wordline is taken, while this
  // writer may still be placing units in that wordline: a victim picked
  // then (random GC picks any full block) gives up the rest of it, or its
  // units would be moved into itself.
  for (uint32_t open = 0; open < kStreamCount; ++open) {
    const uint32_t i = plane * kStreamCount + open;
    if (remaining_[i] == 0 || layout_.BlockOfSlot(cursor_[i]) != victim) continue;
    for (; remaining_[i] > 0; --remaining_[i]) ftl_.SkipSlot(cursor_[i]++);
  }
  ftl_.MarkVictim(victim);
  const uint32_t first = layout_.FirstSlot(victim);
  uint32_t moving = 0;
  uint32_t last_page = kNoSlot;
  // Two passes: gather the valid units (and start fetching their mapping
  // entries, which the relocation writes), then relocate them in order.
  for (uint32_t slot = first; slot < first + layout_.units_per_block; ++slot) {
    if (!ftl_.IsValid(slot)) continue;
    move_slots_[moving++] = slot;
    ftl_.Prefetch(ftl_.LpnAt(slot));
    const uint32_t page = slot / layout_.units_per_page;
    if (page != last_page) {
      ++counters_.page_reads[static_cast<uint32_t>(cause)];
      last_page = page;
    }
  }
  for (uint32_t i = 0; i < moving; ++i) {
    const uint32_t slot = move_slots_[i];
    ftl_.Relocate(ftl_.LpnAt(slot), slot, NextSlot(plane, stream));
  }
  counters_.units_programmed[static_cast<uint32_t>(cause)] += moving;
  ++counters_.block_erases[static_cast<uint32_t>(cause)];
  ftl_.Erase(victim);
}

void UntimedWriter::Write(uint64_t lpn) {
  // Page striping in the allocation order, as the timed write buffer does:
  // one page to a plane, the next page to the next plane, so a wordline of
  // N planes' stripe holds pages k, k + N, k + 2N of the stream.
  const uint32_t plane = plane_order_[stripe_position_];
  ftl_.Map(lpn, NextSlot(plane, Stream::kHost));
  ftl_.AdvanceClock(1);
  ++counters_.units_programmed[static_cast<uint32_t>(Cause::kHost)];
  if (++units_in_page_ == layout_.units_per_page) {
    units_in_page_ = 0;
    stripe_position_ = stripe_position_ + 1 == layout_.planes ? 0 : stripe_position_ + 1;
  }
}

void UntimedWriter::WriteSequential(uint64_t first, uint64_t count) {
  for (uint64_t lpn = first; lpn < first + count; ++lpn) Write(lpn);
}

void UntimedWriter::WriteRandom(uint64_t count) {
  // Draw addresses a few writes ahead and prefetch their mapping entries: the
  // L2P table is far larger than cache, and this hides most of the misses.
  constexpr uint32_t kAhead = 16;
  uint64_t ahead[kAhead];
  const uint64_t n = layout_.logical_units;
  for (uint32_t i = 0; i < kAhead; ++i) {
    ahead[i] = rng_.Below(n);
    ftl_.Prefetch(ahead[i]);
  }
  for (uint64_t i = 0; i < count; ++i) {
    const uint32_t at = i % kAhead;
    const uint64_t lpn = ahead[at];
    ahead[at] = rng_.Below(n);
    ftl_.Prefetch(ahead[at]);
    Write(lpn);
  }
}

}  // namespace flashscope
