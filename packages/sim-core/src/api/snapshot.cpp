#include "api/snapshot.h"

#include <cstring>

namespace flashscope {

namespace {

uint32_t Align8(uint64_t offset) { return static_cast<uint32_t>((offset + 7) & ~uint64_t{7}); }

// memcpy keeps the stores free of aliasing questions; compilers turn it into
// one 4-byte store. Sections are 8-byte aligned, so the UI can view them as
// typed arrays in place.
void PutU32(uint8_t* at, uint32_t value) { std::memcpy(at, &value, sizeof value); }

}  // namespace

void SnapshotBuilder::Plan(const DeviceLayout& layout) {
  using namespace snapshot;
  const uint64_t blocks = layout.blocks;
  page_state_units_ = layout.physical_units <= kMaxPageStateUnits
                          ? static_cast<uint32_t>(layout.physical_units)
                          : 0;
  uint64_t offset = kHeaderWords * sizeof(uint32_t);
  state_offset_ = Align8(offset);
  valid_units_offset_ = Align8(state_offset_ + blocks);
  erase_count_offset_ = Align8(valid_units_offset_ + blocks * 4);
  written_units_offset_ = Align8(erase_count_offset_ + blocks * 4);
  frontiers_offset_ = Align8(written_units_offset_ + blocks * 4);
  mode_offset_ = Align8(frontiers_offset_ + uint64_t{layout.planes} * kFrontiersPerPlane * 4);
  page_state_offset_ = Align8(mode_offset_ + blocks);
  reads_offset_ = Align8(page_state_offset_ + page_state_units_);
  offset = reads_offset_ + blocks * 4;
  buffer_.assign(Align8(offset), 0);
  planned_ = true;
}

void SnapshotBuilder::WriteHeader(const DeviceLayout& layout, uint32_t frame,
                                  uint32_t refresh_threshold) {
  using namespace snapshot;
  if (!planned_) Plan(layout);
  const uint32_t header[kHeaderWords] = {
      kMagic,
      kLayoutVersion,
      layout.blocks,
      layout.planes,
      layout.units_per_block,
      page_state_units_,
      state_offset_,
      valid_units_offset_,
      erase_count_offset_,
      written_units_offset_,
      frontiers_offset_,
      page_state_offset_,
      frame,
      mode_offset_,
      reads_offset_,
      refresh_threshold,
  };
  for (uint32_t w = 0; w < kHeaderWords; ++w) PutU32(buffer_.data() + w * 4, header[w]);
}

const std::vector<uint8_t>& SnapshotBuilder::Build(const FtlState& ftl, uint32_t frame,
                                                   const IDrive* drive) {
  using namespace snapshot;
  const DeviceLayout& layout = ftl.layout();
  const uint32_t threshold = drive != nullptr ? drive->RefreshThresholdReads() : 0;
  WriteHeader(layout, frame, threshold);
  uint8_t* out = buffer_.data();

  for (uint32_t b = 0; b < layout.blocks; ++b) {
    out[state_offset_ + b] = static_cast<uint8_t>(ftl.state(b));
    PutU32(out + valid_units_offset_ + b * 4, ftl.valid_units(b));
    PutU32(out + erase_count_offset_ + b * 4, ftl.erase_count(b));
    PutU32(out + written_units_offset_ + b * 4, ftl.written_units(b));
    out[mode_offset_ + b] = static_cast<uint8_t>(ftl.mode(b));
  }
  // Read counters are kept only while read disturb is on (threshold > 0);
  // otherwise the section keeps the zeros it was planned with.
  if (threshold > 0) {
    for (uint32_t b = 0; b < layout.blocks; ++b) {
      PutU32(out + reads_offset_ + b * 4, drive->HostReadsSinceErase(b));
    }
  }
  for (uint32_t p = 0; p < layout.planes; ++p) {
    for (uint32_t s = 0; s < kFrontiersPerPlane; ++s) {
      PutU32(out + frontiers_offset_ + (p * kFrontiersPerPlane + s) * 4,
             ftl.OpenBlock(p, static_cast<Stream>(s)));
    }
  }

  if (page_state_units_ > 0) {
    // Units are programmed in order within a block, so the first
    // written_units of a block hold data (valid, or garbage once rewritten
    // elsewhere) and the rest are erased.
    uint8_t* page_state = out + page_state_offset_;
    for (uint32_t b = 0; b < layout.blocks; ++b) {
      const uint32_t first = layout.FirstSlot(b);
      const uint32_t written = ftl.written_units(b);
      for (uint32_t u = 0; u < layout.units_per_block; ++u) {
        const uint32_t slot = first + u;
        page_state[slot] =
            u >= written ? kUnitErased : (ftl.IsValid(slot) ? kUnitValid : kUnitInvalid);
      }
    }
  }
  return buffer_;
}

const std::vector<uint8_t>& SnapshotBuilder::Build(const classic::ClassicDevice& device,
                                                   const DeviceLayout& layout, uint32_t frame) {
  using namespace snapshot;
  // The classic drive keeps no read counters: its reads section stays 0.
  WriteHeader(layout, frame, 0);
  uint8_t* out = buffer_.data();
  // The classic device maps whole pages: one unit per page.
  const uint32_t pages = layout.units_per_block;
  for (uint32_t b = 0; b < layout.blocks; ++b) {
    const uint32_t programmed = device.ProgrammedPagesAt(b);
    const BlockState state = programmed == 0       ? BlockState::kFree
                             : programmed == pages ? BlockState::kFull
                                                   : BlockState::kOpen;
    out[state_offset_ + b] = static_cast<uint8_t>(state);
    PutU32(out + valid_units_offset_ + b * 4, device.ValidPagesAt(b));
    PutU32(out + erase_count_offset_ + b * 4, device.EraseCountAt(b));
    PutU32(out + written_units_offset_ + b * 4, programmed);
    out[mode_offset_ + b] = static_cast<uint8_t>(BlockMode::kNative);
  }
  for (uint32_t i = 0; i < layout.planes * kFrontiersPerPlane; ++i) {
    PutU32(out + frontiers_offset_ + i * 4, kNoBlock);
  }
  if (page_state_units_ > 0) {
    // Block-mapped FTLs program a page at its logical offset, in any order:
    // each page's own state, not a fill level.
    uint8_t* page_state = out + page_state_offset_;
    for (uint32_t b = 0; b < layout.blocks; ++b) {
      const uint32_t first = layout.FirstSlot(b);
      if (device.ProgrammedPagesAt(b) == 0) {
        std::memset(page_state + first, kUnitErased, pages);
        continue;
      }
      for (uint32_t u = 0; u < pages; ++u) {
        const mapping::PageState p = device.PageAt(b, u);
        page_state[first + u] = p == mapping::PageState::kValid     ? kUnitValid
                                : p == mapping::PageState::kInvalid ? kUnitInvalid
                                                                    : kUnitErased;
      }
    }
  }
  return buffer_;
}

}  // namespace flashscope
