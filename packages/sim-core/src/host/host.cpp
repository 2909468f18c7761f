#include "host/host.h"

#include <algorithm>
#include <cmath>

#include "sim/event_kinds.h"
#include "sim/transfer_time.h"

namespace flashscope {

Host::Host(const DeviceConfig& config, const DeviceLayout& layout, IDeviceFrontEnd& device,
           EventQueue& events, const NandCounters& counters, std::vector<JobSpec> jobs)
    : layout_(layout),
      device_(device),
      events_(events),
      counters_(counters),
      link_bytes_per_s_(BytesPerSecond(config.host_mbps)) {
  jobs_.resize(jobs.size());
  metrics_.resize(jobs.size());
  for (uint32_t i = 0; i < jobs.size(); ++i) {
    if (i == 0 || jobs[i].stonewall) group_first_job_.push_back(i);
    metrics_[i].name = jobs[i].name;
    metrics_[i].group = static_cast<uint32_t>(group_first_job_.size() - 1);
    jobs_[i].spec = std::move(jobs[i]);
    jobs_[i].steady.Configure(jobs_[i].spec.steady_state);
  }
  group_first_job_.push_back(static_cast<uint32_t>(jobs_.size()));
}

void Host::Start(uint64_t now_ns) {
  if (jobs_.empty()) {
    finished_ = true;
    finished_at_ns_ = now_ns;
    return;
  }
  StartGroup(0, now_ns);
}

void Host::StartGroup(uint32_t group, uint64_t now_ns) {
  current_group_ = group;
  for (uint32_t job = group_first_job_[group]; job < group_first_job_[group + 1]; ++job) {
    Job& j = jobs_[job];
    JobMetrics& m = metrics_[job];
    j.running = true;
    ++jobs_running_;
    m.start_ns = now_ns + j.spec.startdelay_ns;
    m.nand_at_start = counters_;
    m.gc_runs_at_start = device_.gc_runs();
    j.next_allowed_ns = m.start_ns;
    j.steady.Start(m.start_ns);
    ScheduleWake(job, m.start_ns);
  }
}

void Host::ScheduleWake(uint32_t job, uint64_t at_ns) {
  Job& j = jobs_[job];
  if (j.wake_at_ns <= at_ns) return;  // an earlier wake will reconsider
  j.wake_at_ns = at_ns;
  events_.Push(at_ns, PriorityOf(kJobWake), kJobWake, job);
}

void Host::OnJobWake(uint32_t job, uint64_t now_ns) {
  Job& j = jobs_[job];
  if (j.wake_at_ns != now_ns) return;  // superseded by an earlier wake
  j.wake_at_ns = UINT64_MAX;
  TryIssue(job, now_ns);
}

void Host::TryIssue(uint32_t job, uint64_t now_ns) {
  Job& j = jobs_[job];
  const JobMetrics& m = metrics_[job];
  if (!j.running || now_ns < m.start_ns) return;
  const JobSpec& spec = j.spec;
  while (!j.source_done && !j.thinking) {
    // fio counts runtime after ramp_time.
    const uint64_t stop_ns = m.start_ns + spec.ramp_ns + spec.runtime_ns;
    if (spec.runtime_ns > 0 && now_ns >= stop_ns) {
      j.source_done = true;
      break;
    }
    if (spec.iodepth > 0 && j.outstanding >= spec.iodepth) break;
    if (spec.iodepth == 0 && j.outstanding >= spec.max_outstanding) break;
    if (!j.has_next) {
      if (!spec.source->Next(j.next)) {
        j.source_done = true;
        break;
      }
      j.has_next = true;
    }
    // Open loop: the I/O's own arrival time; closed loop: pacing only.
    uint64_t due = j.next_allowed_ns;
    if (spec.iodepth == 0) due = std::max(due, m.start_ns + j.next.arrival_ns);
    if (due > now_ns) {
      // A time-limited job stops at its runtime even while waiting.
      if (spec.runtime_ns > 0) due = std::min(due, stop_ns);
      ScheduleWake(job, due);
      break;
    }
    j.has_next = false;
    HostIo io = j.next;
    // zonemode=zbd: the I/O goes where the zones allow (fio zbd.c), or is
    // skipped when it cannot be issued.
    if (spec.zbd && !device_.PrepareZonedIo(job, io, now_ns)) continue;
    // An open-loop I/O that waited for a queue slot arrived at `due`.
    Issue(job, io, spec.iodepth == 0 ? due : now_ns, now_ns);
    if (spec.rate_iops > 0) {
      // fio spaces I/Os 1/rate apart from the job start, not from now, so a
      // late I/O does not push every later one back.
      j.next_allowed_ns += 1'000'000'000ull / spec.rate_iops;
    }
    if (spec.thinktime_ns > 0 && ++j.since_think >= spec.thinktime_blocks) {
      j.since_think = 0;
      j.thinking = true;  // after the outstanding I/O completes
    }
  }
  MaybeFinishJob(job, now_ns);
}

uint32_t Host::NewRequest() {
  if (free_requests_.empty()) {
    requests_.emplace_back();
    return static_cast<uint32_t>(requests_.size() - 1);
  }
  const uint32_t id = free_requests_.back();
  free_requests_.pop_back();
  return id;
}

void Host::Issue(uint32_t job, const HostIo& io, uint64_t arrival_ns, uint64_t now_ns) {
  const uint32_t id = NewRequest();
  Request& r = requests_[id];
  r.arrival_ns = arrival_ns;
  r.bytes = io.length_bytes;
  r.job = job;
  r.op = io.op;
  r.read_from = 0;
  // A request that covers part of a mapping unit writes the whole unit: the
  // simulator does not charge the read-modify-write a real drive would do.
  const uint64_t first = io.offset_bytes / layout_.unit_bytes;
  const uint64_t last =
      (io.offset_bytes + std::max<uint32_t>(io.length_bytes, 1) - 1) / layout_.unit_bytes;
  const uint32_t units = static_cast<uint32_t>(last - first + 1);
  r.pending_units = units;
  ++jobs_[job].outstanding;
  switch (io.op) {
    case IoOp::kRead:
      device_.SubmitRead(id, first, units, now_ns);
      break;
    case IoOp::kWrite:
      device_.SubmitWrite(id, first, units, now_ns);
      break;
    case IoOp::kTrim:
      device_.SubmitTrim(id, first, units, now_ns);
      break;
    // The buffer is treated as power-loss protected (as on enterprise and
    // most client drives), so a flush has nothing to wait for.
    case IoOp::kFlush:
      OnUnitsDone(id, units, now_ns);
      break;
  }
}

void Host::OnUnitsDone(uint32_t request, uint32_t units, uint64_t now_ns) {
  Request& r = requests_[request];
  r.pending_units -= units;
  if (r.pending_units > 0) return;
  // Data crosses the host link once the device has it (reads) or has taken
  // it (writes); trims carry no data.
  uint64_t done = now_ns;
  if (r.op == IoOp::kRead || r.op == IoOp::kWrite) {
    const uint64_t transfer = TransferTimeNs(r.bytes, link_bytes_per_s_);
    link_free_ns_ = std::max(link_free_ns_, now_ns) + transfer;
    done = link_free_ns_;
  }
  events_.Push(done, PriorityOf(kRequestDone), kRequestDone, request);
}

void Host::OnRequestDone(uint32_t request, uint64_t now_ns) {
  const Request r = requests_[request];
  free_requests_.push_back(request);
  // Counted on completion, like fio: a write the drive has not yet taken is
  // not written (and WAF early in a run is not diluted by queued requests).
  if (r.op == IoOp::kWrite) host_write_bytes_ += r.bytes;
  Job& j = jobs_[r.job];
  JobMetrics& m = metrics_[r.job];
  --j.outstanding;
  // fio ss: once steady, the job issues no more (fio_mark_td_terminate).
  if (r.op != IoOp::kFlush && j.steady.OnComplete(now_ns, r.bytes)) j.source_done = true;
  const uint32_t op = std::min<uint32_t>(static_cast<uint32_t>(r.op), kHostOpKinds - 1);
  if (r.arrival_ns >= m.start_ns + j.spec.ramp_ns) {
    const uint64_t latency = now_ns - r.arrival_ns;
    m.latency[op].Record(latency);
    if (r.read_from & kFromNative) {
      m.read_native.Record(latency);
    } else if (r.read_from & kFromSlc) {
      m.read_slc.Record(latency);
    }
    ++m.requests[op];
    m.bytes[op] += r.bytes;
    const bool is_read = r.op == IoOp::kRead;
    if (r.op != IoOp::kTrim) {
      m.interval.OnComplete(is_read, r.bytes, latency);
      run_interval_.OnComplete(is_read, r.bytes, latency);
    }
  }
  if (j.thinking && j.outstanding == 0) {
    j.thinking = false;
    j.next_allowed_ns = std::max(j.next_allowed_ns, now_ns + j.spec.thinktime_ns);
  }
  TryIssue(r.job, now_ns);
}

void Host::MaybeFinishJob(uint32_t job, uint64_t now_ns) {
  Job& j = jobs_[job];
  if (!j.running || !j.source_done || j.outstanding > 0) return;
  j.running = false;
  JobMetrics& m = metrics_[job];
  m.end_ns = now_ns;
  m.nand_at_end = counters_;
  m.gc_runs_at_end = device_.gc_runs();
  if (j.steady.enabled()) m.steady_state = j.steady.Result();
  if (--jobs_running_ > 0) return;
  if (current_group_ + 2 < group_first_job_.size()) {
    StartGroup(current_group_ + 1, now_ns);
  } else {
    finished_ = true;
    finished_at_ns_ = now_ns;
  }
}

}  // namespace flashscope
