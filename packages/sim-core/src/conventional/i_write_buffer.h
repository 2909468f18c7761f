// IWriteBuffer: the conventional drive's host side — the DRAM write buffer
// (or the SRAM staging area without one), host reads, flushes, and the
// host's wordlines on their way to flash. The controller hands it every
// host request and every completed host program; GC and migration reach it
// only through the space they free (OnSpaceFreed) and, for pinned units,
// Repin (conventional/slc_migration.h).
//
// Write buffer: a write completes when its units are in DRAM; whole wordlines
// (units_per_wordline units) leave for flash, striped over planes, and free
// their buffer space when programmed. A full buffer holds later writes back
// (back-pressure). Rewriting a unit still waiting in the buffer coalesces.
// With write_buffer_bytes = 0 there is only an SRAM staging area of one
// wordline per plane: a write completes when its program does, and a partial
// wordline is programmed (padded) once its oldest unit has waited
// kPartialFlushDelayNs.
//
// Read-modify-write (read_modify_write): a write covering part of its
// first or last mapping unit first reads that unit's old data (cause rmw,
// queued at the die as a host read) when the data is on flash only — not
// when the unit was never written, waits in the buffer or is in a program
// still running — and enters the buffer once the reads are done, so its
// latency includes them. A flush does not wait for writes still reading
// (they have not been accepted; NVMe's flush covers completed writes).
//
// Idle flush: once the host has had nothing outstanding (no read at the
// flash, no write held back, nothing but a partial wordline waiting) for
// write_buffer_idle_flush_us, what the DRAM buffer holds is programmed,
// partial wordlines padded, as real drives flush their volatile write cache
// within milliseconds of going idle. It is background work: new host I/O
// stops further partial flushes (what is already at the die finishes).
//
// Flush (SubmitFlush; fio fsync, sync=1, end_fsync): completes once every
// write the drive accepted before it — in the buffer, held back, or being
// programmed — is on NAND. Buffered units carry an admission sequence
// number; writes held back when the flush came are waited for until they
// are admitted. While a flush waits, partial wordlines leave the buffer
// (padded), as a drive flushing its volatile cache does.
//
// SLC placement: writes placed in SLC wait in their own queue and leave as
// one-page pSLC wordlines. When no plane has pSLC room the cache is
// exhausted: with when_full "direct" those writes leave as native wordlines
// (the cliff); with "fold-then-write" they wait while migration folds pSLC
// blocks into native ones in the foreground.
#pragma once

#include <cstdint>

#include "nand/flash_op.h"

namespace flashscope {

class IWriteBuffer {
 public:
  virtual ~IWriteBuffer() = default;
  virtual void SubmitRead(uint32_t request, uint64_t first_lpn, uint32_t units,
                          uint64_t now_ns) = 0;
  // `partial`: PartialUnits flags (host/i_device_front_end.h).
  virtual void SubmitWrite(uint32_t request, uint64_t first_lpn, uint32_t units, uint8_t partial,
                           uint64_t now_ns) = 0;
  virtual void SubmitTrim(uint32_t request, uint64_t first_lpn, uint32_t units,
                          uint64_t now_ns) = 0;
  virtual bool SubmitFlush(uint32_t request, uint64_t now_ns) = 0;
  // A host read or program (cause kHost) finished.
  virtual void OnHostOpDone(const FlashOp& op, uint64_t now_ns) = 0;
  // GC or migration freed space: held-back writes and waiting wordlines
  // may go now.
  virtual void OnSpaceFreed(uint64_t now_ns) = 0;
  // The flush pump's event is due.
  virtual void OnFlushPump(uint64_t now_ns) = 0;
  // If the host has been quiet for `quiet_ns`, partial wordlines leave too
  // (until it returns): true then.
  virtual bool DrainIfQuiet(uint64_t quiet_ns, uint64_t now_ns) = 0;
  virtual void BeginEndOfRun(uint64_t now_ns) = 0;
  // Nothing buffered, nothing held back.
  virtual bool Empty() const = 0;
  virtual uint64_t buffered_units() const = 0;
};

}  // namespace flashscope
