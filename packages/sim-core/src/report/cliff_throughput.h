// Host write throughput on either side of the SLC cache's first cliff, read
// from the run-level series. The result JSON's slc.cliff and the live
// snapshot meta's slc.first_cliff both report it through this one function,
// so the two agree and the UI never recomputes it.
#pragma once

#include "metrics/time_series.h"

namespace flashscope {

struct CliffThroughput {
  // Mean write MB/s of the intervals wholly before the cliff, from the first
  // that wrote anything.
  double before = 0;
  // Bytes written from the cliff to the end of the burst over that time, as
  // MB/s. The burst ends at the last write before a second of silence:
  // fold-then-write stalls the host for whole intervals, which are part of
  // the post-cliff rate, but idle time after a burst is not.
  double after = 0;
  // The series has a point after the cliff: `before` will not change.
  bool past_cliff = false;
  // The host has written since the cliff: `after` is the rate so far.
  bool wrote_after = false;
  // A second of silence followed the burst: `after` will not change (until
  // the series merges its points, which can move it slightly).
  bool burst_ended = false;
};

// The figures around the cliff at `cliff_ms` for the series as it stands;
// on a finished run, what the result JSON reports.
CliffThroughput ThroughputAroundCliff(const TimeSeries& s, double cliff_ms);

}  // namespace flashscope
