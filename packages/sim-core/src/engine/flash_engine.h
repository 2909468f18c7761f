// FlashEngine: the timed NAND back end. Each die runs one command at a time
// from its queues (chosen by the die scheduler); data moves over the die's
// channel, one transfer at a time per channel, in request order.
//
// Timing (datasheet level):
//   read    die busy tR, then the channel carries the requested units out;
//           the die stays occupied until its page register is drained.
//           Reads for different planes of a die waiting in the same queue
//           run as one multi-plane read (one tR, then all their data out),
//           as independent multi-plane reads of current TLC/QLC dies allow.
//   program the channel carries the wordline in, then the die is busy tPROG.
//           Programs for different planes of a die waiting in its queue run
//           as one multi-plane program (one transfer of all data, one tPROG).
//   erase   die busy tBERS.
//
// Program/erase suspend (config.suspend, seed 000 §2.2.3): a host read that
// finds its die in tPROG or tBERS (or waiting when one starts) suspends it:
// the die takes suspend_us to reach a suspend point, then serves the host
// reads queued for it, then resumes: resume_us plus the time the operation
// still had left. An operation is suspended at most max_per_op times, and
// not when it would finish within the suspend latency anyway.
#pragma once

#include <cstdint>
#include <vector>

#include "config/device_config.h"
#include "kernel/event_queue.h"
#include "nand/flash_op.h"
#include "nand/layout.h"
#include "nand/transfer_time.h"
#include "sched/i_die_scheduler.h"
#include "util/ring_queue.h"

namespace flashscope {

class IFlashListener {
 public:
  virtual ~IFlashListener() = default;
  virtual void OnFlashOpDone(const FlashOp& op, uint64_t now_ns) = 0;
  // The die finished its last command and has nothing queued.
  virtual void OnDieIdle(uint32_t die, uint64_t now_ns) = 0;
};

class FlashEngine {
 public:
  FlashEngine(const DeviceConfig& config, const DeviceLayout& layout,
              const IDieScheduler& scheduler, EventQueue& events);
  void set_listener(IFlashListener* listener) { listener_ = listener; }

  void Enqueue(const FlashOp& op, uint64_t now_ns);
  void OnDieDone(uint32_t die, uint64_t now_ns);
  void OnTransferDone(uint32_t channel, uint64_t now_ns);

  bool DieIdle(uint32_t die) const {
    const Die& d = dies_[die];
    return d.phase == Phase::kIdle && d.host_reads.empty() && d.other.empty();
  }
  // Total nanoseconds dies spent busy (array or bus) on commands of a cause.
  uint64_t busy_ns(Cause cause) const { return busy_ns_[static_cast<uint32_t>(cause)]; }
  uint64_t TransferNs(uint64_t bytes) const;
  // Suspensions so far, of programs and of erases.
  uint64_t program_suspensions() const { return suspensions_[0]; }
  uint64_t erase_suspensions() const { return suspensions_[1]; }

 private:
  enum class Phase : uint8_t {
    kIdle,
    kArray,
    kWaitBusOut,
    kBusOut,
    kWaitBusIn,
    kBusIn,
    kProgram,
    kErase,
    kSuspending  // reaching the suspend point of a program or erase
  };
  struct Die {
    RingQueue<FlashOp> host_reads;
    RingQueue<FlashOp> other;
    Phase phase = Phase::kIdle;
    uint32_t running = 0;     // ops in `current` (several for multi-plane)
    uint64_t started_ns = 0;  // when the running command started
    // When the pending die-done event is due (kNever when none): a suspend
    // leaves the old event in the queue, and OnDieDone ignores it.
    uint64_t done_at_ns = UINT64_MAX;
    // Suspend: the program/erase set aside (in `suspended_`), its phase and
    // the array time it still needs; suspensions of the current operation.
    bool suspended = false;
    Phase suspended_phase = Phase::kIdle;
    uint32_t suspended_running = 0;
    uint64_t remaining_ns = 0;
    uint32_t suspensions = 0;
  };
  struct Channel {
    RingQueue<uint32_t> waiting;  // dies waiting for the bus
    bool busy = false;
    uint32_t die = 0;  // die whose data is on the bus
  };

  void Dispatch(uint32_t die, uint64_t now_ns);
  void RequestBus(uint32_t die, uint64_t now_ns);
  void StartTransfer(uint32_t channel, uint32_t die, uint64_t now_ns);
  void Finish(uint32_t die, uint64_t now_ns);
  void ArmDieDone(uint32_t die, uint64_t at_ns);
  // Multi-plane: commands like the die's running one, for its other planes.
  void JoinOtherPlanes(uint32_t die, RingQueue<FlashOp>& queue);
  // Suspends the die's program/erase if a host read waits and the rules allow.
  void MaybeSuspend(uint32_t die, uint64_t now_ns);
  void Resume(uint32_t die, uint64_t now_ns);
  FlashOp* Current(uint32_t die) { return &current_[die * planes_per_die_]; }

  const DeviceLayout& layout_;
  const IDieScheduler& scheduler_;
  EventQueue& events_;
  IFlashListener* listener_ = nullptr;
  ModeTiming timing_;      // native mode
  ModeTiming slc_timing_;  // blocks in pSLC mode
  const ModeTiming& TimingOf(const FlashOp& op) const { return op.slc ? slc_timing_ : timing_; }
  uint64_t channel_bytes_per_s_;
  uint32_t planes_per_die_;
  uint64_t sequence_ = 0;
  std::vector<Die> dies_;
  std::vector<Channel> channels_;
  std::vector<FlashOp> current_;    // die * planes_per_die + i
  std::vector<FlashOp> suspended_;  // same indexing: a suspended operation
  SuspendConfig suspend_;
  uint64_t suspensions_[2] = {};  // programs, erases
  uint64_t busy_ns_[kCauseCount] = {};
};

}  // namespace flashscope
