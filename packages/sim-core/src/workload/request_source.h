// IRequestSource: where a host job's I/Os come from — a fio job generator, a
// trace, a test's list. The host decides when to issue them.
//
// Contract: Next fills `io` and returns true, or returns false when the
// source is exhausted (it is then not called again). For closed-loop jobs
// (iodepth > 0) arrival_ns is ignored; for open-loop jobs (iodepth = 0) it is
// the I/O's arrival time relative to the job's start and must not decrease.
// Next is called once per I/O and must not allocate.
//
// The vocabulary of one host I/O (IoOp, IoRange, HostIo) lives here, below
// fio's job model (fio_job.h includes it), so that trace formats, the host and
// the drives speak it without depending on fio's job description.
#pragma once

#include <cstdint>

namespace flashscope {

enum class IoOp : uint8_t { kRead = 0, kWrite = 1, kTrim = 2, kFlush = 3 };

// One range of a multi-range trim (fio's struct trim_range).
struct IoRange {
  uint64_t offset_bytes = 0;
  uint32_t length_bytes = 0;
};

struct HostIo {
  IoOp op = IoOp::kRead;
  uint64_t offset_bytes = 0;
  uint32_t length_bytes = 0;
  uint64_t arrival_ns = 0;
  // A trim command with several ranges (fio num_range, NVMe Dataset
  // Management): range_count > 1 ranges, owned by the source and valid
  // until its next Next(); offset/length are then the first range and the
  // ranges' total. The host issues them as one request.
  const IoRange* ranges = nullptr;
  uint32_t range_count = 0;
  // A write with Force Unit Access (a trace's FUA flag): it completes once
  // its data is on flash, not once buffered (the host flushes after it, as
  // for fio's sync=1; power_loss_protection makes the buffer as good).
  bool fua = false;
};

class IRequestSource {
 public:
  virtual ~IRequestSource() = default;
  virtual bool Next(HostIo& io) = 0;
};

}  // namespace flashscope
