// IDeviceFrontEnd: the drive as the host sees it — any IDrive
// (drive/i_drive.h): the conventional Controller (conventional/controller.h),
// the ClassicDevice (classic/classic_device.h) or the zoned ZnsDevice
// (zns/zns_device.h).
// The host splits each request into mapping units and hands it over; the
// device reports units done through IHostCallbacks as they complete (at
// once, or when flash work finishes).
//
// Contract: Submit* may call back into the host (OnUnitsDone) before they
// return; every unit of a request is reported done exactly once. Request ids
// are the host's and are reused after the request completes.
#pragma once

#include <cstdint>

#include "workload/request_source.h"

namespace flashscope {

class IHostCallbacks {
 public:
  virtual ~IHostCallbacks() = default;
  virtual void OnUnitsDone(uint32_t request, uint32_t units, uint64_t now_ns) = 0;
  // A read request's data came (in part) from a pSLC or a native block.
  virtual void OnReadFrom(uint32_t request, bool slc) = 0;
};

// Which end units of a write the host covers only in part (flags): the
// rest of such a unit keeps its old data, which a drive doing
// read-modify-write reads from flash first. A one-unit write that does not
// cover its unit is kPartialFirstUnit.
enum PartialUnits : uint8_t {
  kNoPartialUnit = 0,
  kPartialFirstUnit = 1,
  kPartialLastUnit = 2,
};

class IDeviceFrontEnd {
 public:
  virtual ~IDeviceFrontEnd() = default;

  virtual void SubmitRead(uint32_t request, uint64_t first_lpn, uint32_t units,
                          uint64_t now_ns) = 0;
  // `partial`: PartialUnits flags.
  virtual void SubmitWrite(uint32_t request, uint64_t first_lpn, uint32_t units, uint8_t partial,
                           uint64_t now_ns) = 0;
  virtual void SubmitTrim(uint32_t request, uint64_t first_lpn, uint32_t units,
                          uint64_t now_ns) = 0;

  // A flush (NVMe Flush; fio fsync, sync=1, end_fsync): true when the
  // device will report `request`'s one unit done (OnUnitsDone, possibly
  // before returning) once every write it accepted before the flush is on
  // NAND; false when there is nothing to wait for (no callback) and the
  // host completes it at once. The default is a device that keeps no
  // volatile data (ZnsDevice and ClassicDevice model power-loss-protected
  // buffers and caches).
  virtual bool SubmitFlush(uint32_t request, uint64_t now_ns) {
    (void)request;
    (void)now_ns;
    return false;
  }

  // For jobs that address zones themselves (fio zonemode=zbd), called with
  // each I/O before it is split and submitted: the device may move it to a
  // zone's write pointer (and reset a zone first), as fio's zbd code does.
  // false: the I/O cannot be issued and the job skips it. Devices without
  // zones never see such jobs.
  virtual bool PrepareZonedIo(uint32_t job, HostIo& io, uint64_t now_ns) {
    (void)job;
    (void)io;
    (void)now_ns;
    return true;
  }

  // Garbage collection runs so far (conventional: victim blocks erased;
  // zoned: zones the host FTL reclaimed) and the mapping units they moved.
  virtual uint64_t gc_runs() const = 0;
  virtual uint64_t gc_units_moved() const = 0;
  // Host-read units of data never written: answered at once, without a
  // flash read. Many of them mean the replay reads an empty drive.
  virtual uint64_t unwritten_read_units() const = 0;
  // Host-written units that never reached flash because the host wrote the
  // same unit again, or trimmed it, while the earlier copy still waited in
  // the drive's write buffer (the conventional drive's DRAM buffer; drives
  // without one keep 0). They are why a finished run's WAF can be below 1.
  virtual uint64_t overwritten_in_buffer_units() const { return 0; }
  virtual uint64_t trimmed_in_buffer_units() const { return 0; }

  // The end of a run: the host's jobs are done (every request completed).
  // BeginEndOfRun tells the drive; the Simulator then keeps running its
  // events until EndOfRunDone, so the run's NAND figures include what the
  // drive still held (its write buffer drained to flash), and stops there:
  // a drive starts no new background work (GC, SLC migration) for it.
  // Devices that hold nothing back keep the defaults.
  virtual void BeginEndOfRun(uint64_t now_ns) { (void)now_ns; }
  virtual bool EndOfRunDone() const { return true; }
  // Host data units in the drive's buffer that have not left for flash yet
  // (neither programmed nor queued to program).
  virtual uint64_t buffered_units() const { return 0; }
};

}  // namespace flashscope
