// IDrive: one simulated drive, whatever its kind — the conventional
// controller (conventional/), the classic FTL / write-cache drive (classic/)
// or the zoned drive (zns/). The Simulator holds exactly one, made by name
// from the drive registry (sim/drive_registry.h), and never asks which kind
// it is: the host talks to it as an IDeviceFrontEnd, the FlashEngine reports
// to it as an IFlashListener, and the reports ask it what it has to report.
//
// Lifecycle: made by the registry; set_host once, before anything else is
// called; Precondition (untimed) at most once, before the first event; then
// the timed run: Submit* from the host, OnFlashOpDone / OnDieIdle from the
// FlashEngine, OnTimer for the events the drive itself put on the queue; and
// at the end BeginEndOfRun until EndOfRunDone (IDeviceFrontEnd).
//
// Contract for the optional parts: a drive answers "nothing" (false,
// nullptr, zeros) for what it does not have; a report writes null or zeros
// for it, exactly as it writes them for a drive that has the feature off.
// The per-request and per-page paths are the IDeviceFrontEnd and
// IFlashListener calls (virtual already); nothing here is called per page.
#pragma once

#include <cstdint>
#include <string_view>

#include "config/device_config.h"
#include "drive/drive_figures.h"
#include "engine/flash_engine.h"
#include "host/i_device_front_end.h"
#include "metrics/time_series.h"
#include "util/rng.h"

namespace flashscope {

// The kind-specific views a report may need in full. Declared only: a
// report that reads one includes its drive kind's header (reports sit above
// every drive kind); the interface does not depend on them.
namespace zns {
class ZnsDevice;
}
namespace classic {
class ClassicDevice;
}

class IDrive : public IDeviceFrontEnd, public IFlashListener {
 public:
  ~IDrive() override = default;

  // The registry's name for this kind: "conventional", "classic", "zoned".
  virtual std::string_view kind() const = 0;
  virtual void set_host(IHostCallbacks* host) = 0;

  // An event the drive pushed on the queue (sim/event_kinds.h: kFlushPump,
  // kIdleCheck, kSlcIdleCheck, kBufferIdleCheck) is due. Drives that push
  // none never see this.
  virtual void OnTimer(uint32_t event_kind, uint32_t target, uint64_t now_ns) {
    (void)event_kind;
    (void)target;
    (void)now_ns;
  }

  // Brings the drive to `precondition`'s state on the untimed path, with
  // `rng` (the run's preconditioning stream); NAND work and what was
  // written go to `stats`.
  virtual void Precondition(const PreconditionConfig& precondition, Rng& rng,
                            PreconditionStats& stats) = 0;

  // --- the media, by device-layout block -----------------------------------
  virtual uint32_t EraseCount(uint32_t block) const = 0;
  virtual uint64_t FreeBlocks() const = 0;
  // Host page reads of a block since its erase, and the reads of a full
  // block after which its data is refreshed (device key read_disturb);
  // both 0 on a drive that does not count reads.
  virtual uint32_t HostReadsSinceErase(uint32_t block) const {
    (void)block;
    return 0;
  }
  virtual uint32_t RefreshThresholdReads() const { return 0; }
  // Bytes of the drive's own state per physical unit on top of the
  // FtlState's tables (the write buffer's per-logical-unit bitmap).
  virtual double BufferStateBytesPerPhysicalUnit() const { return 0; }

  // --- the series ----------------------------------------------------------
  // Marks the columns this drive adds to the run's series (once, at start).
  virtual void SetUpSeries(TimeSeries& series) const { (void)series; }
  // Fills the drive's figures of a series point (free blocks, SLC figures)
  // and starts its next interval.
  virtual void SampleDevice(IntervalCounters::Device& device) = 0;
  // Appends the drive's own columns to the run's series after a point.
  virtual void SampleSeries(TimeSeries& series) const { (void)series; }

  // --- what it has to report -----------------------------------------------
  // An SLC cache (conventional drives with slc_cache enabled).
  virtual bool has_slc_cache() const { return false; }
  virtual SlcFigures slc_now() const { return {}; }
  // Read-disturb refreshes and static wear-levelling moves.
  virtual ReliabilityStats reliability() const { return {}; }
  // Zones (report/zns_json.h) and the classic FTL / cache (report/
  // classic_json.h): the drive's own figures in full, or nullptr.
  virtual const zns::ZnsDevice* zoned() const { return nullptr; }
  virtual const classic::ClassicDevice* classic() const { return nullptr; }
};

}  // namespace flashscope
