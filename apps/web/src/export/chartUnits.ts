// What each live chart's axes measure, with units, for the exported files
// (the charts on screen label their ticks only). Keyed by the chart card's
// test id; a chart whose unit is a user's choice, or depends on its data
// (throughput vs written reads MB on a small drive), passes it to its card.

export interface AxisUnits {
  x: string;
  y: string;
}

const TIME = 'simulated time';

export const CHART_UNITS: Readonly<Record<string, AxisUnits>> = {
  'chart-throughput': { x: TIME, y: 'throughput (MB/s, 10^6 bytes per second)' },
  // x: the chart passes the unit its ticks read in (charts/cliff.ts writtenAxisLabel).
  'chart-throughput-vs-written': {
    x: 'host data written',
    y: 'write throughput (MB/s, 10^6 bytes per second)',
  },
  'chart-waf': { x: TIME, y: 'write amplification (NAND bytes / host bytes)' },
  'chart-latency': { x: TIME, y: 'latency (µs / ms / s, log scale)' },
  'chart-latency-cdf': { x: 'latency (µs / ms / s)', y: 'fraction of completed I/O (%)' },
  'chart-gc-timeline': { x: TIME, y: 'planes busy (average; left), free blocks (right)' },
  'chart-erase-histogram': { x: 'erase count', y: 'blocks' },
  'chart-zns-class-waf': { x: TIME, y: 'write amplification per zone class' },
  'chart-gp': { x: 'garbage proportion', y: 'reclaimed zones' },
};

export function chartUnits(testId: string, yUnit?: string, xUnit?: string): AxisUnits | null {
  const units = CHART_UNITS[testId];
  if (!units) return null;
  return { x: xUnit ?? units.x, y: yUnit ?? units.y };
}
