// SnapshotBuilder: the binary struct-of-arrays frame the UI draws the device
// from (docs/conventions.md convention 7). The byte layout is the contract documented in
// api/flashscope_api.h ("Snapshot buffer"); the constants below name its
// header words so the C++ test and the builder share them.
//
// The buffer is sized on the first Build and reused for every later frame
// (the geometry of a session never changes), so building a frame allocates
// nothing after the first one.
#pragma once

#include <cstdint>
#include <vector>

#include "classic/classic_device.h"
#include "drive/i_drive.h"
#include "ftl/ftl_state.h"

namespace flashscope {

namespace snapshot {
inline constexpr uint32_t kMagic = 0x31535346;  // "FSS1" little-endian
inline constexpr uint32_t kLayoutVersion = 4;
inline constexpr uint32_t kHeaderWords = 16;
// Write frontiers per plane in the frame: the first four streams of
// ftl/ftl_state.h (host, GC, SLC, fold; protocol.ts FRONTIERS_PER_PLANE).
// The static wear-levelling frontier is not drawn: its block shows as open.
inline constexpr uint32_t kFrontiersPerPlane = 4;
// Page state is sent only up to this many physical mapping units (a small
// device the UI can draw page by page).
inline constexpr uint64_t kMaxPageStateUnits = 262144;

// Header word indices.
enum Word : uint32_t {
  kWordMagic = 0,
  kWordVersion = 1,
  kWordBlocks = 2,
  kWordPlanes = 3,
  kWordUnitsPerBlock = 4,
  kWordPageStateUnits = 5,
  kWordStateOffset = 6,
  kWordValidUnitsOffset = 7,
  kWordEraseCountOffset = 8,
  kWordWrittenUnitsOffset = 9,
  kWordFrontiersOffset = 10,
  kWordPageStateOffset = 11,
  kWordFrame = 12,
  kWordModeOffset = 13,
  kWordReadsOffset = 14,       // layout 3
  kWordRefreshThreshold = 15,  // layout 3
};

// page_state values.
inline constexpr uint8_t kUnitErased = 0;
inline constexpr uint8_t kUnitValid = 1;
inline constexpr uint8_t kUnitInvalid = 2;
}  // namespace snapshot

class SnapshotBuilder {
 public:
  // Writes frame number `frame` of `ftl` into the reused buffer, with the
  // read counters of `drive` (zeros without one).
  const std::vector<uint8_t>& Build(const FtlState& ftl, uint32_t frame,
                                    const IDrive* drive = nullptr);
  // The same frame for the classic FTLs' drive, read from its mapping
  // scheme (or C-lash's direct translation): block states from the pages
  // programmed (free: none, full: all, open: some), no write frontiers
  // (kNoBlock), every block native.
  const std::vector<uint8_t>& Build(const classic::ClassicDevice& device,
                                    const DeviceLayout& layout, uint32_t frame);
  const std::vector<uint8_t>& buffer() const { return buffer_; }

 private:
  void Plan(const DeviceLayout& layout);
  void WriteHeader(const DeviceLayout& layout, uint32_t frame, uint32_t refresh_threshold);

  std::vector<uint8_t> buffer_;
  bool planned_ = false;
  uint32_t page_state_units_ = 0;
  uint32_t state_offset_ = 0;
  uint32_t valid_units_offset_ = 0;
  uint32_t erase_count_offset_ = 0;
  uint32_t written_units_offset_ = 0;
  uint32_t frontiers_offset_ = 0;
  uint32_t mode_offset_ = 0;
  uint32_t page_state_offset_ = 0;
  uint32_t reads_offset_ = 0;
};

}  // namespace flashscope
