// A TraceSummary for unit tests: the figures of the real MQSim trace
// ../shared/traces/mqsim_tpcc-small.trace (6999 records; counted with awk:
// field 5 = 1 read, 0 write; sizes in 512-byte sectors).

import type { TraceSummary } from '@flashscope/wasm/protocol';

export const TPCC_SUMMARY: TraceSummary = {
  name: 'mqsim_tpcc-small.trace',
  format: 'mqsim',
  confidence: 1,
  candidates: [
    { format: 'mqsim', confidence: 1 },
    { format: 'disksim', confidence: 0.2 },
  ],
  done: true,
  repair_warnings: [],
  bytes_read: 194_790,
  size_bytes: 194_790,
  compression: 'none',
  decompressed_bytes: 194_790,
  lines: 6999,
  requests: 6999,
  reads: 4381,
  writes: 2618,
  trims: 0,
  read_bytes: 36_315_136,
  write_bytes: 23_403_520,
  trim_bytes: 0,
  flushes: 0,
  fua_writes: 0,
  footprint_bytes: 50_000_000,
  footprint_estimated: false,
  max_offset_bytes: 135_000_000_000,
  // (1_075_002_000 - 938_513_000) ns
  duration_s: 0.136489,
  iops: 51_279,
  size_histogram: [
    { max_bytes: 512, count: 10 },
    { max_bytes: 1024, count: 5 },
    { max_bytes: 2048, count: 17 },
    { max_bytes: 4096, count: 18 },
    { max_bytes: 8192, count: 6767 },
    { max_bytes: 16384, count: 132 },
    { max_bytes: 32768, count: 17 },
    { max_bytes: 65536, count: 33 },
    { max_bytes: 131072, count: 0 },
    { max_bytes: 262144, count: 0 },
    { max_bytes: 524288, count: 0 },
    { max_bytes: 1048576, count: 0 },
    { max_bytes: null, count: 0 },
  ],
  interarrival_us: { mean: 19.5, p50: 12, p99: 140, p999: 400, max: 1200 },
  out_of_order: 0,
  late_records: 0,
  // MQSim times are whole microseconds in this trace.
  clock_resolution_ns: 1000,
  comment_lines: 0,
  volumes: 16,
  notes: [],
  devices: [
    { id: '12', requests: 491 },
    { id: '9', requests: 486 },
  ],
  bad_lines: 0,
  bad_line_examples: [],
  skipped_lines: 0,
  preview: ['938513000 4 264719034 16 0', '938828000 3 197570570 16 0'],
};
