// What each results.parquet metric column measures, in words and units, for
// the sweep chart's axis, its exported file and the metric select. A column
// this list does not know is shown by its name (a newer sweep may add some).

export interface MetricInfo {
  label: string;
  unit: string;
}

const LATENCY = 'µs';
const MB_S = 'MB/s, 10^6 bytes per second';

const METRICS: Readonly<Record<string, MetricInfo>> = {
  waf: { label: 'Write amplification', unit: 'NAND bytes / host bytes' },
  iops: { label: 'IOPS', unit: 'I/O per second' },
  read_iops: { label: 'Read IOPS', unit: 'reads per second' },
  write_iops: { label: 'Write IOPS', unit: 'writes per second' },
  read_mbps: { label: 'Read throughput', unit: MB_S },
  write_mbps: { label: 'Write throughput', unit: MB_S },
  read_lat_mean_us: { label: 'Read latency, mean', unit: LATENCY },
  read_lat_p50_us: { label: 'Read latency, p50', unit: LATENCY },
  read_lat_p99_us: { label: 'Read latency, p99', unit: LATENCY },
  read_lat_p99_9_us: { label: 'Read latency, p99.9', unit: LATENCY },
  write_lat_mean_us: { label: 'Write latency, mean', unit: LATENCY },
  write_lat_p50_us: { label: 'Write latency, p50', unit: LATENCY },
  write_lat_p99_us: { label: 'Write latency, p99', unit: LATENCY },
  write_lat_p99_9_us: { label: 'Write latency, p99.9', unit: LATENCY },
  block_erases: { label: 'Block erases', unit: 'erases' },
  gc_runs: { label: 'GC runs', unit: 'runs' },
  gc_stall_ms: { label: 'GC stall time', unit: 'ms' },
  migration_stall_ms: { label: 'Migration stall time', unit: 'ms' },
  slc_cliff_bytes: { label: 'SLC cliff', unit: 'bytes written before it' },
  slc_cliff_after_mbps: { label: 'Throughput after the SLC cliff', unit: MB_S },
  zns_waf: { label: 'ZNS host FTL WAF', unit: 'zone bytes written / host bytes' },
  zns_gc_bytes: { label: 'ZNS GC volume', unit: 'bytes moved' },
  zns_gc_count: { label: 'ZNS GC count', unit: 'zone resets by GC' },
  zns_mean_reclaimed_gp: { label: 'Mean reclaimed garbage proportion', unit: 'fraction of a zone' },
  host_requests: { label: 'Host requests', unit: 'requests' },
  host_write_bytes: { label: 'Host data written', unit: 'bytes' },
  sim_time_ms: { label: 'Simulated time', unit: 'ms' },
  wall_s: { label: 'Run wall time', unit: 's' },
};

export function metricInfo(name: string): MetricInfo {
  return METRICS[name] ?? { label: name, unit: '' };
}

/** "Write amplification (NAND bytes / host bytes)": the y axis's full name. */
export function metricAxisLabel(name: string): string {
  const info = metricInfo(name);
  return info.unit ? `${info.label} (${info.unit})` : info.label;
}
