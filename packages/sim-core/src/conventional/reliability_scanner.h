// ReliabilityScanner: conventional/i_reliability_scanner.h for the
// conventional drive (device key read_disturb). Does nothing, and keeps no
// per-block state, when it is off.
#pragma once

#include <cstdint>
#include <vector>

#include "config/device_config.h"
#include "conventional/i_gc_engine.h"
#include "conventional/i_reliability_scanner.h"
#include "ftl/ftl_state.h"
#include "nand/layout.h"

namespace flashscope {

class ReliabilityScanner final : public IReliabilityScanner {
 public:
  ReliabilityScanner(const DeviceConfig& config, const DeviceLayout& layout, const FtlState& ftl,
                     IGcEngine& engine);

  // Whether host page reads need counting (read_disturb enabled).
  bool counts_reads() const { return !block_reads_.empty(); }
  void NoteHostPageRead(uint32_t block, uint64_t now_ns) override;
  bool HasForcedMoves(uint32_t plane) const override {
    return !forced_.empty() && !forced_[plane].empty();
  }
  bool TakeForcedMove(uint32_t plane, ForcedMove& move) override;
  void OnBlockErased(uint32_t block) override {
    if (!block_reads_.empty()) block_reads_[block] = 0;
    if (!forced_queued_.empty()) forced_queued_[block] = 0;
  }
  // Host page reads of a block since its last erase (0 when read disturb is off).
  uint32_t block_reads(uint32_t block) const {
    return block_reads_.empty() ? 0 : block_reads_[block];
  }

 private:
  const DeviceConfig& config_;
  const DeviceLayout& layout_;
  const FtlState& ftl_;
  IGcEngine& engine_;
  // Host page reads per block since its erase; per block, whether a forced
  // move is queued or under way.
  std::vector<uint32_t> block_reads_;
  std::vector<uint8_t> forced_queued_;
  std::vector<std::vector<ForcedMove>> forced_;  // per plane, oldest first
};

}  // namespace flashscope
