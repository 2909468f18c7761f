#include "host/latency_target.h"

#include <algorithm>

namespace flashscope {

void LatencyTarget::Configure(const LatencyTargetSpec& spec, uint32_t iodepth) {
  spec_ = spec;
  iodepth_ = std::max<uint32_t>(iodepth, 1);
  depth_ = iodepth_;
}

void LatencyTarget::Start(uint64_t now_ns) {
  end_run_ = false;
  quiescing_ = false;
  finished_ = false;
  stable_count_ = 0;
  if (!enabled()) {
    depth_ = iodepth_;
    return;
  }
  depth_ = 1;
  depth_high_ = iodepth_;
  depth_low_ = 1;
  NewCycle(now_ns);
}

void LatencyTarget::NewCycle(uint64_t now_ns) {
  cycle_start_ns_ = now_ns;
  cycle_ios_ = 0;
  cycle_failed_ = 0;
}

LatencyTarget::Action LatencyTarget::OnComplete(uint64_t now_ns, uint64_t latency_ns, bool check) {
  // I/O that was outstanding when the depth changed belongs to no cycle:
  // fio reaps it inside io_u_quiesce, before the new cycle starts.
  // Once the search is over (or failed) the job's last I/O changes nothing.
  if (!enabled() || quiescing_ || finished_) return Action::kNone;
  ++cycle_ios_;
  if (latency_ns > spec_.target_ns) {
    if (spec_.percentile >= 100.0) {
      // fio lat_target_failed: every I/O must make it, so one that does not
      // backs off at once (and at depth 1 there is nowhere to go).
      if (depth_ == 1) {
        finished_ = true;
        return Action::kFatal;
      }
      return Failed();
    }
    ++cycle_failed_;
  }
  if (!check || now_ns - cycle_start_ns_ < spec_.window_ns) return Action::kNone;
  const double success_percent =
      100.0 * static_cast<double>(cycle_ios_ - cycle_failed_) / static_cast<double>(cycle_ios_);
  if (success_percent >= spec_.percentile) return Succeeded(now_ns);
  // fio ignores __lat_target_failed's answer here: at depth 1 the cycle
  // simply goes on (and is judged again at the next completion).
  if (depth_ == 1) return Action::kNone;
  return Failed();
}

// fio __lat_target_failed.
LatencyTarget::Action LatencyTarget::Failed() {
  depth_high_ = depth_;
  if (depth_ == depth_low_) --depth_low_;
  depth_ = (depth_ + depth_low_) / 2;
  stable_count_ = 0;
  quiescing_ = true;
  return Action::kQuiesce;
}

// fio lat_target_success.
LatencyTarget::Action LatencyTarget::Succeeded(uint64_t now_ns) {
  const uint32_t before = depth_;
  depth_low_ = depth_;
  if (depth_ + 1 == depth_high_) {
    // Stuck just below the lowest failing depth: after three successes in a
    // row that depth is tried again.
    if (++stable_count_ >= 3) {
      ++depth_high_;
      stable_count_ = 0;
    }
  }
  // Doubling until a depth has failed, bisecting after.
  if (depth_high_ != iodepth_) {
    depth_ = (depth_ + depth_high_) / 2;
  } else {
    depth_ *= 2;
  }
  depth_ = std::min(depth_, iodepth_);
  if (!spec_.run && depth_ == before) {
    if (end_run_) {
      finished_ = true;
      return Action::kDone;
    }
    end_run_ = true;
    quiescing_ = true;
    return Action::kFinalRun;
  }
  NewCycle(now_ns);
  return Action::kNone;
}

void LatencyTarget::Quiesced(uint64_t now_ns) {
  quiescing_ = false;
  NewCycle(now_ns);
}

}  // namespace flashscope
