// The report's key figures: WAF, IOPS and MB/s over the host's active time
// (the core's throughput.active_*: the idle between bursts left out, and
// said so), the host data written in both byte units, the simulated time
// and the latency percentiles, all from the result JSON as the core wrote it.

import type { LatencySummary } from '@flashscope/wasm/protocol';
import { formatLatencyUs, formatMbps, formatWaf } from '../app/format';
import type { RunResult } from '../runs/resultJson';
import { bothUnits, escapeHtml, formatSeconds, row } from './reportHtml';

/** The result's throughput over the host's active time (absent from older cores). */
type ActiveThroughput = Required<RunResult['throughput']>;

function activeThroughput(result: RunResult): ActiveThroughput | null {
  const t = result.throughput;
  return [t.active_ms, t.idle_ms, t.active_iops, t.active_read_mbps, t.active_write_mbps].every(
    (value) => typeof value === 'number',
  )
    ? (t as ActiveThroughput)
    : null;
}

function iopsText(iops: number): string {
  return Number.isFinite(iops) ? Math.round(iops).toLocaleString('en') : '—';
}

/**
 * IOPS and MB/s over the host's active time (the core's bursts of host I/O:
 * the idle between them is left out), labelled so; a result without them
 * (an older core) gives the whole run's, labelled so.
 */
function throughputRows(result: RunResult): string {
  const active = activeThroughput(result);
  if (active === null) {
    const t = result.throughput;
    return (
      row('IOPS (whole run)', iopsText(t.iops)) +
      row('Write throughput (whole run)', formatMbps(t.write_mbps)) +
      row('Read throughput (whole run)', formatMbps(t.read_mbps))
    );
  }
  return (
    row('IOPS (while active)', iopsText(active.active_iops)) +
    row('Write throughput (while active)', formatMbps(active.active_write_mbps)) +
    row('Read throughput (while active)', formatMbps(active.active_read_mbps)) +
    row(
      'Active time',
      `${formatSeconds(active.active_ms)}, ${formatSeconds(active.idle_ms)} idle left out`,
    )
  );
}

export function keyFigures(result: RunResult): string {
  const active = activeThroughput(result) !== null;
  const figures =
    `<dl data-testid="report-figures">` +
    row('Write amplification (WAF)', formatWaf(result.waf)) +
    throughputRows(result) +
    row('Host data written', bothUnits(result.host.write_bytes)) +
    row('Simulated time', formatSeconds(result.sim_time_ms)) +
    `</dl>` +
    (active
      ? `<p class="note">While active: over the host's bursts of I/O as the simulator counts ` +
        `them (no gap of 1 s or more with nothing outstanding); the idle time between bursts ` +
        `is left out of these averages.</p>`
      : '');
  const latency =
    latencyRow('read', result.latency_us.read) + latencyRow('write', result.latency_us.write);
  return (
    figures +
    (latency
      ? `<h3>Latency</h3><table><tr><th></th><th>p50</th><th>p90</th><th>p99</th><th>p99.9</th><th>max</th></tr>${latency}</table>`
      : '')
  );
}

function latencyRow(name: string, summary: LatencySummary | undefined): string {
  if (!summary || !summary.count) return '';
  const cells = [summary.p50, summary.p90, summary.p99, summary.p999, summary.max]
    .map((us) => `<td>${escapeHtml(formatLatencyUs(us))}</td>`)
    .join('');
  return `<tr><th>${name}</th>${cells}</tr>`;
}
