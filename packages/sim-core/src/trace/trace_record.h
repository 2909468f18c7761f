// TraceRecord: one I/O as a trace file states it, before any replay option
// (volume filter, time window, address mapping, speed) is applied. Times are
// in the trace's own clock converted to nanoseconds (MSR's Windows filetime,
// Alibaba's Unix microseconds, ...): only differences between records mean
// anything to the replay.
#pragma once

#include <cstdint>
#include <string_view>

#include "workload/request_source.h"

namespace flashscope {

struct TraceRecord {
  uint64_t time_ns = 0;
  // kRead, kWrite, kTrim, or kFlush (a cache flush without data: blkparse's
  // flush-only events; offset and length are 0).
  IoOp op = IoOp::kRead;
  uint64_t offset_bytes = 0;
  uint64_t length_bytes = 0;
  // A write with Force Unit Access: it completes once on flash, not once
  // buffered (blkparse's 'F' after the W of rwbs).
  bool fua = false;
  // The I/O asks for a cache flush before it (blkparse's leading 'F' of
  // rwbs, REQ_PREFLUSH): replayed as a flush followed by the I/O.
  bool preflush = false;
  // The device / volume / disk the record addresses, as the format names it
  // ("hm_1" for MSR, the ASU for SPC, "8,0" for blkparse, the file name for
  // fio iolog, ...); empty when the format has none. Points into the line
  // or the format object: valid until the next ParseLine call.
  std::string_view device;
};

}  // namespace flashscope
