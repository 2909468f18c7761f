#include "host/host.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "engine/event_kinds.h"
#include "nand/transfer_time.h"

namespace flashscope {

namespace {
// fio allows a 2 second settle before it checks minimum rates
// (backend.c __check_min_rate).
constexpr uint64_t kMinRateSettleNs = 2'000'000'000;
// An NVMe Dataset Management range: what a trim carries over the link.
constexpr uint32_t kTrimRangeBytes = 16;

uint32_t DirOf(IoOp op) { return static_cast<uint32_t>(op); }
}  // namespace

Host::Host(const DeviceConfig& config, const DeviceLayout& layout, IDeviceFrontEnd& device,
           EventQueue& events, const NandCounters& counters, std::vector<JobSpec> jobs)
    : layout_(layout),
      device_(device),
      events_(events),
      counters_(counters),
      trim_ns_(config.trim_ns),
      power_loss_protection_(config.power_loss_protection),
      link_bytes_per_s_(BytesPerSecond(config.host_mbps)) {
  jobs_.resize(jobs.size());
  metrics_.resize(jobs.size());
  for (uint32_t i = 0; i < jobs.size(); ++i) {
    if (i == 0 || jobs[i].stonewall) group_first_job_.push_back(i);
    metrics_[i].name = jobs[i].name;
    metrics_[i].group = static_cast<uint32_t>(group_first_job_.size() - 1);
    if (jobs[i].wait_for_job >= static_cast<int32_t>(i)) {
      throw std::invalid_argument("job '" + jobs[i].name + "': wait_for must name an earlier job");
    }
    if (jobs[i].flow > 0) {
      // fio flow.c flow_get: one shared counter per flow_id.
      uint32_t f = 0;
      while (f < flows_.size() && jobs_[flows_[f].jobs[0]].spec.flow_id != jobs[i].flow_id) ++f;
      if (f == flows_.size()) flows_.emplace_back();
      flows_[f].jobs.push_back(i);
      jobs_[i].flow = static_cast<int32_t>(f);
    }
    jobs_[i].rate_rng = Rng(jobs[i].rate_seed);
    jobs_[i].spec = std::move(jobs[i]);
    jobs_[i].steady.Configure(jobs_[i].spec.steady_state);
    // An open-loop job has no queue depth to search.
    LatencyTargetSpec latency = jobs_[i].spec.latency_target;
    if (jobs_[i].spec.iodepth == 0) latency.target_ns = 0;
    jobs_[i].latency.Configure(latency, jobs_[i].spec.iodepth);
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

uint64_t Host::IoSpanNs(uint64_t now_ns) const {
  uint64_t first_start = UINT64_MAX, last_end = 0;
  for (size_t job = 0; job < jobs_.size(); ++job) {
    if (!jobs_[job].started) continue;
    first_start = std::min(first_start, metrics_[job].start_ns);
    last_end = std::max(last_end, jobs_[job].done ? metrics_[job].end_ns : now_ns);
  }
  return first_start != UINT64_MAX && last_end > first_start ? last_end - first_start : 0;
}

uint64_t Host::JobMeasuredNs(uint32_t job, uint64_t now_ns) const {
  if (!jobs_[job].started) return 0;
  const JobMetrics& m = metrics_[job];
  const uint64_t end = jobs_[job].done ? m.end_ns : now_ns;
  return end > m.measure_start_ns ? end - m.measure_start_ns : 0;
}

void Host::StartGroup(uint32_t group, uint64_t now_ns) {
  current_group_ = group;
  const uint32_t first = group_first_job_[group], end = group_first_job_[group + 1];
  jobs_running_ = end - first;
  for (uint32_t job = first; job < end; ++job) {
    const int32_t after = jobs_[job].spec.wait_for_job;
    // wait_for: the job starts when that one has finished (at once if it
    // was in an earlier group).
    if (after < 0 || jobs_[after].done) StartJob(job, now_ns);
  }
}

void Host::StartJob(uint32_t job, uint64_t now_ns) {
  Job& j = jobs_[job];
  JobMetrics& m = metrics_[job];
  j.started = true;
  j.running = true;
  m.start_ns = now_ns + j.spec.startdelay_ns;
  m.measure_start_ns = m.start_ns + j.spec.ramp_ns;
  m.nand_at_start = counters_;
  m.gc_runs_at_start = device_.gc_runs();
  j.next_allowed_ns = m.start_ns;
  j.steady.Start(m.start_ns);
  j.latency.Start(m.start_ns);
  m.latency_depth = j.latency.enabled() ? j.latency.depth() : 0;
  for (uint32_t dir = 0; dir < kIoDirections; ++dir) {
    j.rate_next_ns[dir] = m.start_ns;
    j.check_ns[dir] = m.start_ns;
  }
  if (j.flow >= 0) flows_[j.flow].total_weight += static_cast<uint64_t>(j.spec.flow);
  // The job's NAND and GC figures start where its measurement does.
  if (j.spec.ramp_ns > 0) {
    events_.Push(m.measure_start_ns, PriorityOf(kJobWake), kJobWake, job | kRampEndBit);
  }
  ScheduleWake(job, m.start_ns);
}

void Host::OnRampEnd(uint32_t job, uint64_t now_ns) {
  (void)now_ns;
  JobMetrics& m = metrics_[job];
  if (jobs_[job].done) return;
  m.nand_at_start = counters_;
  m.gc_runs_at_start = device_.gc_runs();
}

void Host::ScheduleWake(uint32_t job, uint64_t at_ns) {
  Job& j = jobs_[job];
  if (j.wake_at_ns <= at_ns) return;  // an earlier wake will reconsider
  j.wake_at_ns = at_ns;
  events_.Push(at_ns, PriorityOf(kJobWake), kJobWake, job);
}

void Host::OnJobWake(uint32_t target, uint64_t now_ns) {
  if (target & kRampEndBit) {
    OnRampEnd(target & ~kRampEndBit, now_ns);
    return;
  }
  Job& j = jobs_[target];
  if (j.wake_at_ns != now_ns) return;  // superseded by an earlier wake
  j.wake_at_ns = UINT64_MAX;
  TryIssue(target, now_ns);
}

// When the next I/O of `dir` may go (fio usec_for_io): linear pacing puts
// the n-th byte (or I/O) at start + n / rate, recomputed from the totals;
// poisson pacing keeps its own running time.
uint64_t Host::RateDue(const Job& j, uint32_t dir) const {
  if (dir >= kIoDirections) return 0;
  return j.rate_next_ns[dir];
}

// fio io_u.c rate_ddir: an I/O whose direction is ahead of its rate goes
// the other way when that direction is behind its rate, or due sooner (fio
// sleeps the shorter wait and takes that direction). The I/O keeps its
// offset and length, as fio draws the offset after the direction (a job
// with a block size per direction keeps the drawn one).
void Host::SwitchDirectionForRate(Job& j, uint64_t now_ns) {
  const uint32_t dir = DirOf(j.next.op);
  if (dir > DirOf(IoOp::kWrite)) return;  // trims and flushes keep theirs
  const uint64_t due = RateDue(j, dir);
  if (due <= now_ns) return;
  const uint32_t other = dir ^ 1;
  if (RateDue(j, other) < due) j.next.op = static_cast<IoOp>(other);
}

void Host::AdvanceRate(Job& j, uint32_t dir, uint32_t bytes) {
  if (dir >= kIoDirections) return;
  const uint64_t rate_bytes = j.spec.rate_bytes[dir];
  const uint64_t rate_iops = j.spec.rate_iops_dir[dir];
  if (rate_bytes == 0 && rate_iops == 0) return;
  j.rate_issued_bytes[dir] += bytes;
  ++j.rate_issued_ios[dir];
  if (j.spec.rate_poisson) {
    // fio: exponential gaps with mean 1/iops, -log(U) from the job's seeded
    // stream (U in (0, 1]).
    double mean_ns = 0;
    if (rate_bytes > 0) mean_ns = static_cast<double>(bytes) * 1e9 / rate_bytes;
    if (rate_iops > 0) mean_ns = std::max(mean_ns, 1e9 / rate_iops);
    const double u = 1.0 - j.rate_rng.Unit();
    j.rate_next_ns[dir] += static_cast<uint64_t>(-std::log(u) * mean_ns);
    return;
  }
  const uint64_t start = metrics_[&j - jobs_.data()].start_ns;
  uint64_t due = start;
  if (rate_bytes > 0) {
    due = std::max(
        due, start + static_cast<uint64_t>(static_cast<__uint128_t>(j.rate_issued_bytes[dir]) *
                                           1'000'000'000u / rate_bytes));
  }
  if (rate_iops > 0) {
    due = std::max(due, start + j.rate_issued_ios[dir] * 1'000'000'000u / rate_iops);
  }
  j.rate_next_ns[dir] = due;
}

// fio flow.c flow_threshold_exceeded: a job may issue while its share of the
// flow's I/O is no larger than its share of the flow's weight.
bool Host::FlowAllows(uint32_t job, uint64_t now_ns) {
  Job& j = jobs_[job];
  if (j.flow < 0) return true;
  Flow& flow = flows_[j.flow];
  const double counter_ratio = static_cast<double>(j.flow_counter) / flow.counter;
  const double weight_ratio = static_cast<double>(j.spec.flow) / flow.total_weight;
  if (counter_ratio > weight_ratio) {
    if (j.spec.flow_sleep_ns > 0) {
      ScheduleWake(job, now_ns + j.spec.flow_sleep_ns);
    } else {
      j.flow_blocked = true;  // woken when another job of the flow issues
    }
    return false;
  }
  ++flow.counter;
  ++j.flow_counter;
  for (uint32_t other : flow.jobs) {
    Job& o = jobs_[other];
    if (other != job && o.flow_blocked) {
      o.flow_blocked = false;
      ScheduleWake(other, now_ns);
    }
  }
  return true;
}

// fio flow_put: a finished job's I/O and weight leave the flow.
void Host::LeaveFlow(uint32_t job, uint64_t now_ns) {
  Job& j = jobs_[job];
  if (j.flow < 0) return;
  Flow& flow = flows_[j.flow];
  flow.counter -= j.flow_counter;
  flow.total_weight -= static_cast<uint64_t>(j.spec.flow);
  j.flow_counter = 0;
  for (uint32_t other : flow.jobs) {
    Job& o = jobs_[other];
    if (o.flow_blocked) {
      o.flow_blocked = false;
      ScheduleWake(other, now_ns);
    }
  }
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
    // latency_target: the depth being tried, none while quiescing.
    if (j.latency.enabled() && (j.latency.quiescing() || j.outstanding >= j.latency.depth())) {
      break;
    }
    if (spec.iodepth == 0 && j.outstanding >= spec.max_outstanding) break;
    if (!j.has_next) {
      if (!spec.source->Next(j.next)) {
        j.source_done = true;
        break;
      }
      j.has_next = true;
      // A job whose I/O takes no simulated time would loop here for ever.
      if (now_ns != j.take_ns) {
        j.take_ns = now_ns;
        j.takes_at_instant = 0;
      } else if (++j.takes_at_instant >= kMaxIosPerInstant) {
        throw std::runtime_error("job '" + spec.name + "': " + std::to_string(kMaxIosPerInstant) +
                                 " I/Os issued without simulated time advancing (at " +
                                 std::to_string(now_ns) + " ns): the run makes no progress");
      }
    }
    if (spec.rate_switches_direction) SwitchDirectionForRate(j, now_ns);
    // Open loop: the I/O's own arrival time; closed loop: pacing only.
    uint64_t due = std::max(j.next_allowed_ns, RateDue(j, DirOf(j.next.op)));
    if (spec.iodepth == 0) due = std::max(due, m.start_ns + j.next.arrival_ns);
    if (due > now_ns) {
      // A time-limited job stops at its runtime even while waiting.
      if (spec.runtime_ns > 0) due = std::min(due, stop_ns);
      ScheduleWake(job, due);
      break;
    }
    if (!FlowAllows(job, now_ns)) break;
    j.has_next = false;
    HostIo io = j.next;
    // zonemode=zbd: the I/O goes where the zones allow (fio zbd.c), or is
    // skipped when it cannot be issued.
    if (spec.zbd && !device_.PrepareZonedIo(job, io, now_ns)) continue;
    // An open-loop I/O that waited for a queue slot arrived at `due`.
    Issue(job, io, spec.iodepth == 0 ? due : now_ns, now_ns);
    AdvanceRate(j, DirOf(io.op), io.length_bytes);
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
  // sync=1, or a trace's FUA write: done once durable (OnRequestDone).
  r.sync = io.op == IoOp::kWrite && (jobs_[job].spec.sync_writes || io.fua);
  r.flushing = false;
  r.trim_ranges = 1;
  r.units = 0;
  r.partial = kNoPartialUnit;
  ++jobs_[job].outstanding;
  if (bursts_ != nullptr) bursts_->OnIoIssued(now_ns);
  if (io.op == IoOp::kFlush) {
    r.pending_units = 1;
    // With power-loss protection the buffer is as good as flash: nothing
    // to wait for. Otherwise the drive reports it once its buffer holds
    // nothing written before it.
    if (power_loss_protection_ || !device_.SubmitFlush(id, now_ns)) OnUnitsDone(id, 1, now_ns);
    return;
  }
  if (io.op == IoOp::kTrim && io.range_count > 1) {
    // fio num_range: one Dataset Management command carrying every range.
    // It takes one queue slot, its ranges are unmapped together, its range
    // list crosses the link once (16 bytes a range) and the controller's
    // per-command trim time is paid once; it completes when every range
    // is done (one latency sample, as fio records one io_u).
    r.trim_ranges = io.range_count;
    uint32_t total_units = 0;
    for (uint32_t i = 0; i < io.range_count; ++i) {
      const IoRange& range = io.ranges[i];
      const uint64_t first = range.offset_bytes / layout_.unit_bytes;
      const uint64_t last =
          (range.offset_bytes + std::max<uint32_t>(range.length_bytes, 1) - 1) / layout_.unit_bytes;
      total_units += static_cast<uint32_t>(last - first + 1);
    }
    r.pending_units = total_units;
    for (uint32_t i = 0; i < io.range_count; ++i) {
      const IoRange& range = io.ranges[i];
      const uint64_t first = range.offset_bytes / layout_.unit_bytes;
      const uint64_t last =
          (range.offset_bytes + std::max<uint32_t>(range.length_bytes, 1) - 1) / layout_.unit_bytes;
      device_.SubmitTrim(id, first, static_cast<uint32_t>(last - first + 1), now_ns);
    }
    return;
  }
  // A write that covers part of a mapping unit (its first or last) writes
  // the whole unit; the device says whether it reads the old data first
  // (read_modify_write).
  const uint64_t first = io.offset_bytes / layout_.unit_bytes;
  const uint64_t end_bytes = io.offset_bytes + std::max<uint32_t>(io.length_bytes, 1);
  const uint64_t last = (end_bytes - 1) / layout_.unit_bytes;
  const uint32_t units = static_cast<uint32_t>(last - first + 1);
  r.pending_units = units;
  r.units = units;
  switch (io.op) {
    case IoOp::kRead:
      device_.SubmitRead(id, first, units, now_ns);
      break;
    case IoOp::kWrite: {
      const bool head = io.offset_bytes % layout_.unit_bytes != 0;
      const bool tail = end_bytes % layout_.unit_bytes != 0;
      if (head || (tail && units == 1)) r.partial |= kPartialFirstUnit;
      if (tail && units > 1) r.partial |= kPartialLastUnit;
      device_.SubmitWrite(id, first, units, r.partial, now_ns);
      break;
    }
    case IoOp::kTrim:
      device_.SubmitTrim(id, first, units, now_ns);
      break;
    case IoOp::kFlush:
      break;
  }
}

void Host::OnUnitsDone(uint32_t request, uint32_t units, uint64_t now_ns) {
  Request& r = requests_[request];
  r.pending_units -= units;
  if (r.pending_units > 0) return;
  // Data crosses the host link once the device has it (reads) or has taken
  // it (writes). A trim carries its range list and costs the controller
  // its per-command time; a flush is a bare command. The link is full
  // duplex, as PCIe is: read data (device to host) and write data and
  // trim range lists (host to device) each queue on their own direction.
  uint64_t done = now_ns;
  if (r.flushing) {
    // A sync=1 write's flush: its data crossed the link already.
  } else if (r.op == IoOp::kRead || r.op == IoOp::kWrite) {
    uint64_t& link_free_ns = link_free_ns_[r.op == IoOp::kRead ? kDeviceToHost : kHostToDevice];
    const uint64_t transfer = TransferTimeNs(r.bytes, link_bytes_per_s_);
    link_free_ns = std::max(link_free_ns, now_ns) + transfer;
    done = link_free_ns;
  } else if (r.op == IoOp::kTrim) {
    uint64_t& link_free_ns = link_free_ns_[kHostToDevice];
    const uint64_t transfer = TransferTimeNs(kTrimRangeBytes * r.trim_ranges, link_bytes_per_s_);
    link_free_ns = std::max(link_free_ns, now_ns) + transfer;
    done = link_free_ns + trim_ns_;
  }
  events_.Push(done, PriorityOf(kRequestDone), kRequestDone, request);
}

void Host::OnRequestDone(uint32_t request, uint64_t now_ns) {
  Request& pending = requests_[request];
  if (pending.sync) {
    // sync=1 (O_SYNC): the write is done when it is durable, so its flush
    // is part of it (fio reports the sum as the write's latency).
    pending.sync = false;
    pending.flushing = true;
    pending.pending_units = 1;
    if (!power_loss_protection_ && device_.SubmitFlush(request, now_ns)) return;
  }
  CompleteRequest(request, now_ns);
}

void Host::CompleteRequest(uint32_t request, uint64_t now_ns) {
  const Request r = requests_[request];
  free_requests_.push_back(request);
  // Counted on completion, like fio: a write the drive has not yet taken is
  // not written (and WAF early in a run is not diluted by queued requests).
  if (r.op == IoOp::kWrite) {
    host_write_bytes_ += r.bytes;
    host_write_unit_bytes_ += static_cast<uint64_t>(r.units) * layout_.unit_bytes;
    const uint32_t partial_units =
        ((r.partial & kPartialFirstUnit) ? 1u : 0u) + ((r.partial & kPartialLastUnit) ? 1u : 0u);
    partial_write_units_ += partial_units;
    partial_writes_ += partial_units > 0;
  }
  if (bursts_ != nullptr) bursts_->OnIoCompleted(now_ns, r.op == IoOp::kWrite ? r.bytes : 0);
  Job& j = jobs_[r.job];
  JobMetrics& m = metrics_[r.job];
  --j.outstanding;
  // fio ss: once steady, the job issues no more (fio_mark_td_terminate).
  if (r.op != IoOp::kFlush && j.steady.OnComplete(now_ns, r.bytes, now_ns - r.arrival_ns)) {
    j.source_done = true;
  }
  if (r.op == IoOp::kFlush) {
    // fio reports syncs apart from reads, writes and trims.
    ++m.flushes;
    if (r.arrival_ns >= m.measure_start_ns) m.flush_latency.Record(now_ns - r.arrival_ns);
  } else {
    const uint32_t op = static_cast<uint32_t>(r.op);
    j.done_bytes[op] += r.bytes;
    ++j.done_ios[op];
    if (r.arrival_ns >= m.measure_start_ns) {
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
    CheckMinRate(r.job, now_ns);
    OnLatencyTarget(r.job, now_ns - r.arrival_ns, now_ns);
  }
  if (j.latency.quiescing() && j.outstanding == 0) {
    j.latency.Quiesced(now_ns);
    if (j.restart_figures) RestartFigures(r.job, now_ns);
  }
  if (j.thinking && j.outstanding == 0) {
    j.thinking = false;
    j.next_allowed_ns = std::max(j.next_allowed_ns, now_ns + j.spec.thinktime_ns);
  }
  TryIssue(r.job, now_ns);
}

// fio backend.c __check_min_rate: after a 2 s settle, once per ratecycle,
// the bytes (or I/Os) of each direction since the last check must reach the
// minimum; a job that falls short ends, with the reason.
void Host::CheckMinRate(uint32_t job, uint64_t now_ns) {
  Job& j = jobs_[job];
  JobMetrics& m = metrics_[job];
  if (j.source_done || now_ns < m.start_ns + kMinRateSettleNs) return;
  for (uint32_t dir = 0; dir < kIoDirections; ++dir) {
    const uint64_t min_bytes = j.spec.rate_min_bytes[dir];
    const uint64_t min_iops = j.spec.rate_iops_min[dir];
    if (min_bytes == 0 && min_iops == 0) continue;
    if (j.check_bytes[dir] > 0 || j.check_ios[dir] > 0) {
      const uint64_t spent_ns = now_ns - j.check_ns[dir];
      if (spent_ns < j.spec.rate_cycle_ns || spent_ns == 0) continue;
      const double seconds = spent_ns / 1e9;
      static constexpr const char* kDir[] = {"read", "write", "trim"};
      std::string failure;
      if (min_bytes > 0) {
        const double rate = (j.done_bytes[dir] - j.check_bytes[dir]) / seconds;
        if (rate < static_cast<double>(min_bytes)) {
          failure = "rate_min=" + std::to_string(min_bytes) + "B/s not met, got " +
                    std::to_string(static_cast<uint64_t>(rate)) + "B/s";
        }
      } else {
        const double rate = (j.done_ios[dir] - j.check_ios[dir]) / seconds;
        if (rate < static_cast<double>(min_iops)) {
          failure = "rate_iops_min=" + std::to_string(min_iops) + " not met, got " +
                    std::to_string(static_cast<uint64_t>(rate)) + " IOPS";
        }
      }
      if (!failure.empty()) {
        m.rate_min_failed = true;
        m.failure = std::string(kDir[dir]) + " " + failure + " at " +
                    std::to_string(now_ns / 1'000'000) + " ms";
        StopJob(job);
        return;
      }
    }
    j.check_bytes[dir] = j.done_bytes[dir];
    j.check_ios[dir] = j.done_ios[dir];
    j.check_ns[dir] = now_ns;
  }
}

// fio io_u.c: the completion counts towards the latency target's cycle; a
// change of depth quiesces the job, and the search's last window restarts
// the job's figures (fio reset_all_stats) once nothing is outstanding.
void Host::OnLatencyTarget(uint32_t job, uint64_t latency_ns, uint64_t now_ns) {
  Job& j = jobs_[job];
  if (!j.latency.enabled()) return;
  JobMetrics& m = metrics_[job];
  switch (j.latency.OnComplete(now_ns, latency_ns, now_ns >= m.measure_start_ns)) {
    case LatencyTarget::Action::kNone:
    case LatencyTarget::Action::kQuiesce:
      break;
    case LatencyTarget::Action::kFinalRun:
      j.restart_figures = true;
      break;
    case LatencyTarget::Action::kDone:
      StopJob(job);
      break;
    case LatencyTarget::Action::kFatal:
      m.latency_target_failed = true;
      m.failure = "latency of " + std::to_string(latency_ns) + " nsec exceeds specified max (" +
                  std::to_string(j.spec.latency_target.target_ns) + " nsec) at depth 1";
      StopJob(job);
      break;
  }
  m.latency_depth = j.latency.depth();
}

// What fio's reset_all_stats clears for latency_target's last window: the
// job's counts, bytes and latencies start again from now.
void Host::RestartFigures(uint32_t job, uint64_t now_ns) {
  jobs_[job].restart_figures = false;
  JobMetrics& m = metrics_[job];
  m.measure_start_ns = std::max(m.measure_start_ns, now_ns);
  for (uint32_t op = 0; op < kHostOpKinds; ++op) {
    m.latency[op].Reset();
    m.requests[op] = 0;
    m.bytes[op] = 0;
  }
  m.read_slc.Reset();
  m.read_native.Reset();
  m.flushes = 0;
  m.flush_latency.Reset();
  m.nand_at_start = counters_;
  m.gc_runs_at_start = device_.gc_runs();
}

// The job issues nothing more; it finishes once its outstanding I/O is done.
void Host::StopJob(uint32_t job) {
  Job& j = jobs_[job];
  j.source_done = true;
  j.has_next = false;
  j.thinking = false;
}

// fio exitall (exit_what=group, the default): the other jobs of the group
// stop; those still waiting to start (wait_for) never do.
void Host::StopGroup(uint32_t group, uint64_t now_ns) {
  for (uint32_t job = group_first_job_[group]; job < group_first_job_[group + 1]; ++job) {
    Job& j = jobs_[job];
    if (j.done) continue;
    StopJob(job);
    if (!j.started) {
      JobMetrics& m = metrics_[job];
      m.start_ns = m.measure_start_ns = m.end_ns = now_ns;
      m.nand_at_start = m.nand_at_end = counters_;
      m.gc_runs_at_start = m.gc_runs_at_end = device_.gc_runs();
      j.started = true;
      j.done = true;
      --jobs_running_;
      continue;
    }
    MaybeFinishJob(job, now_ns);
  }
}

void Host::MaybeFinishJob(uint32_t job, uint64_t now_ns) {
  Job& j = jobs_[job];
  if (!j.running || !j.source_done || j.outstanding > 0) return;
  if (j.spec.end_fsync && !j.end_fsync_issued) {
    // fio end_fsync: one flush after the job's I/O, counted in its time.
    j.end_fsync_issued = true;
    Issue(job, HostIo{IoOp::kFlush, 0, 0, 0}, now_ns, now_ns);
    return;
  }
  j.running = false;
  j.done = true;
  j.flow_blocked = false;
  JobMetrics& m = metrics_[job];
  m.end_ns = now_ns;
  // A job stopped (exitall) before its startdelay or ramp was over
  // measured nothing.
  m.start_ns = std::min(m.start_ns, now_ns);
  m.measure_start_ns = std::min(m.measure_start_ns, now_ns);
  m.nand_at_end = counters_;
  m.gc_runs_at_end = device_.gc_runs();
  if (j.steady.enabled()) m.steady_state = j.steady.Result();
  LeaveFlow(job, now_ns);
  const uint32_t group = m.group;
  --jobs_running_;
  // wait_for: jobs waiting for this one start now.
  for (uint32_t other = job + 1; other < group_first_job_[group + 1]; ++other) {
    if (jobs_[other].spec.wait_for_job == static_cast<int32_t>(job) && !jobs_[other].started) {
      StartJob(other, now_ns);
    }
  }
  if (j.spec.exitall) StopGroup(group, now_ns);
  if (jobs_running_ > 0 || group != current_group_ || finished_) return;
  if (current_group_ + 2 < group_first_job_.size()) {
    StartGroup(current_group_ + 1, now_ns);
  } else {
    finished_ = true;
    finished_at_ns_ = now_ns;
  }
}

}  // namespace flashscope
