// The one-click customer report: a single self-contained HTML file (inline
// CSS, charts as inline SVG, no external URLs but the share link) that a
// browser prints to PDF. Pure: the result JSON, the charts' standalone SVG
// text and the names go in, an HTML string comes out (ReportButton.tsx only
// gathers those and downloads the string). Every figure is the core's, from
// the result JSON and the core's resolution of the job file, formatted here
// and never recomputed (the key figures: reportFigures.ts; what it says
// about the job file: reportWorkload.ts). Amounts are decimal (GB) as in the
// app's tables; where a job's binary size (fio's size=26g is 26 GiB) meets
// them, both are given.

import type { ResolvedFio, SlcBurst } from '@flashscope/wasm/protocol';
import { formatBytes, formatMbps, formatPercent } from '../app/format';
import type { RunResult } from '../runs/resultJson';
import { keyFigures } from './reportFigures';
import { bothUnits, escapeHtml, formatSeconds, row } from './reportHtml';
import { fillOverwriteNote, jobUnitsNote } from './reportWorkload';

/** What the report says ran: the drive, its fill level and the workload. */
export interface ReportNames {
  /** The drive as the app shows it: the preset's display name, else the device JSON's "name". */
  drive: string;
  /** A short name for files: the preset's id or the device JSON's "name". */
  driveFileName: string;
  /** The preset's "source" text: where its figures come from (null: none given). */
  driveSource: string | null;
  /** The scenario the run came from (null: a preset or a custom drive). */
  scenario: string | null;
  /** The precondition fill level as a fraction of the logical capacity. */
  fillFraction: number | null;
  /** One line naming the workload: the fio job's name, the generator or the trace. */
  workload: string;
  /** The fio job text (empty for a generator or a trace). */
  workloadText: string;
}

export interface ReportChart {
  title: string;
  /** Standalone SVG text (chartExport.standaloneSvg): embedded as is. */
  svg: string;
}

export interface ReportInput {
  result: RunResult;
  names: ReportNames;
  charts: readonly ReportChart[];
  /** The link that reproduces the run (the Share button's short link, at the user's link base). */
  shareUrl: string;
  /**
   * The core's resolution of the run's fio job on its device (fs_fio_resolve:
   * each job's size, the jobs that overwrite the fill's data); null for a
   * trace or a generator.
   */
  fio: ResolvedFio | null;
  /** When the report was made, as shown (the caller's clock: this stays pure). */
  generatedAt: string;
}

/** The result JSON's slc.cliff (sim-core report/result_json.cpp). */
export interface ResultCliff {
  host_written_bytes: number;
  t_ms: number;
  write_mbps_before: number | null;
  write_mbps_after: number | null;
  /** The fractional drop, when the core reports it. */
  depth?: number | null;
}

/** The cliff as the report prints it (the e2e test compares these strings). */
export interface CliffFigures {
  where: string;
  at: string;
  before: string;
  after: string;
  depth: string | null;
}

/** The result's slc.cliff, or null when the drive has no cache or never ran it full. */
export function resultCliff(result: RunResult): ResultCliff | null {
  const slc = result.slc as { cliff?: ResultCliff | null } | null | undefined;
  const cliff = slc?.cliff;
  return cliff && typeof cliff.host_written_bytes === 'number' ? cliff : null;
}

export function formatCliff(cliff: ResultCliff): CliffFigures {
  const mbps = (value: number | null) => (value === null ? '—' : formatMbps(value));
  return {
    where: formatBytes(cliff.host_written_bytes),
    at: formatSeconds(cliff.t_ms),
    before: mbps(cliff.write_mbps_before),
    after: mbps(cliff.write_mbps_after),
    depth: typeof cliff.depth === 'number' ? formatPercent(cliff.depth) : null,
  };
}

const STYLE = `
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2733; margin: 24px auto; max-width: 960px; padding: 0 16px; line-height: 1.4; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 24px 0 8px; border-bottom: 1px solid #d5dbe3; padding-bottom: 4px; }
.meta { color: #5b6675; font-size: 13px; margin: 0 0 16px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
dt { color: #5b6675; }
dd { margin: 0; font-variant-numeric: tabular-nums; }
table { border-collapse: collapse; font-size: 14px; }
th, td { text-align: left; padding: 3px 12px 3px 0; font-variant-numeric: tabular-nums; }
th { color: #5b6675; font-weight: 500; }
pre { background: #f3f5f8; padding: 8px; font-size: 12px; white-space: pre-wrap; }
figure { margin: 16px 0; break-inside: avoid; page-break-inside: avoid; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-weight: 600; margin-bottom: 4px; }
.note { color: #5b6675; font-size: 13px; }
.link { word-break: break-all; }
.warning { background: #fff7e6; border: 1px solid #f0c36d; padding: 8px 12px; margin: 12px 0; font-size: 14px; }
.warning ul { margin: 4px 0 0; padding-left: 20px; }
@media print {
  body { margin: 0; max-width: none; }
  h2 { break-after: avoid; page-break-after: avoid; }
  a { color: inherit; }
}
`;

function cliffSection(result: RunResult): string {
  const cliff = resultCliff(result);
  if (!cliff) {
    const hasCache = result.slc !== null && result.slc !== undefined;
    return `<p>${hasCache ? 'The SLC cache never ran full in this run: no cliff.' : 'This drive has no SLC cache.'}</p>`;
  }
  const f = formatCliff(cliff);
  return (
    `<dl data-testid="report-cliff">` +
    row('Where (host data written)', f.where) +
    row('When (simulated time)', f.at) +
    row('Write rate before', f.before) +
    row('Write rate after (sustained)', f.after) +
    row('Depth', f.depth ?? '— (not reported by this core)') +
    `</dl>`
  );
}

/**
 * One burst of the result JSON's slc.bursts: the core writes the same
 * objects as the live meta's slc.bursts (sim-core report/burst_json.h).
 */
type ResultBurst = Pick<
  SlcBurst,
  | 'idle_before_ms'
  | 'host_written_bytes'
  | 'cache_bytes'
  | 'recovered_fraction'
  | 'write_mbps_before'
  | 'write_mbps_after'
>;

/** A figure the core may leave null (no cliff in that burst, the first burst's idle). */
function orDash(value: number | null | undefined, format: (v: number) => string): string {
  return typeof value === 'number' ? format(value) : '—';
}

/**
 * Recovery after idle: one table row per burst of the result's slc.bursts
 * (the idle time before it, the cache it found, that as a share of the first
 * burst's, and its sustained rate after its own cliff). A run with a single
 * burst has no idle period to recover in.
 */
function recoverySection(result: RunResult): string {
  const slc = result.slc as { bursts?: unknown; bursts_total?: unknown } | null | undefined;
  const bursts = Array.isArray(slc?.bursts)
    ? (slc.bursts.filter((b) => b !== null && typeof b === 'object') as ResultBurst[])
    : [];
  if (bursts.length < 2) {
    return '<p class="note">This run has no idle period between bursts: no recovery figures.</p>';
  }
  const head = [
    'Burst',
    'Idle before',
    'Data written',
    'Cache found',
    'Recovered',
    'Before',
    'After',
  ]
    .map((h) => `<th>${escapeHtml(h)}</th>`)
    .join('');
  const rows = bursts.map((b, i) => {
    const cells = [
      String(i + 1),
      orDash(b.idle_before_ms, formatSeconds),
      orDash(b.host_written_bytes, bothUnits),
      typeof b.cache_bytes === 'number' ? formatBytes(b.cache_bytes) : 'not exhausted',
      orDash(b.recovered_fraction, (f) => `${formatPercent(f)} of the first`),
      orDash(b.write_mbps_before, formatMbps),
      orDash(b.write_mbps_after, formatMbps),
    ];
    return `<tr>${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`;
  });
  const total = typeof slc?.bursts_total === 'number' ? slc.bursts_total : bursts.length;
  const more =
    total > bursts.length
      ? `<p class="note">The first ${bursts.length} of ${total} bursts.</p>`
      : '';
  return (
    `<table data-testid="report-recovery"><thead><tr>${head}</tr></thead>` +
    `<tbody>${rows.join('')}</tbody></table>` +
    `<p class="note">Cache found: host data the burst wrote before its own cliff. ` +
    `Before / after: its write rate either side of that cliff.</p>${more}`
  );
}

/**
 * Standalone SVG text as inline SVG: HTML needs no namespace declarations,
 * and dropping them leaves the file without any URL but the share link.
 */
function inlineSvg(svg: string): string {
  return svg.replace(/\s+xmlns(:\w+)?="[^"]*"/g, '');
}

/** The report as one HTML document. */
export function buildReport(input: ReportInput): string {
  const { names, result } = input;
  const title = `FlashScope report: ${names.drive}`;
  const fill = names.fillFraction === null ? '—' : formatPercent(names.fillFraction);
  const drive =
    `<dl data-testid="report-drive">` +
    row('Drive', names.drive) +
    (names.scenario ? row('Scenario', names.scenario) : '') +
    row('Fill level', fill) +
    row('Workload', names.workload) +
    `</dl>` +
    (names.driveSource
      ? `<p class="note" data-testid="report-source">Source figures: ${escapeHtml(names.driveSource)}</p>`
      : '') +
    (names.workloadText ? `<pre>${escapeHtml(names.workloadText)}</pre>` : '') +
    jobUnitsNote(input.fio) +
    fillOverwriteNote(input.fio);
  const charts = input.charts
    .map(
      (chart) =>
        `<figure><figcaption>${escapeHtml(chart.title)}</figcaption>${inlineSvg(chart.svg)}</figure>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="meta">Simulated by FlashScope, ${escapeHtml(input.generatedAt)}. Figures are the simulator's (deterministic: the link below reruns them).</p>
<h2>Drive and workload</h2>
${drive}
<h2>SLC cache cliff</h2>
${cliffSection(result)}
<h2>Recovery after idle</h2>
${recoverySection(result)}
<h2>Key figures</h2>
${keyFigures(result)}
<h2>Charts</h2>
${charts || '<p class="note">No chart had data.</p>'}
<h2>Reproduce this run</h2>
<p class="link">Open <a href="${escapeHtml(input.shareUrl)}" data-testid="report-share-link">${escapeHtml(input.shareUrl)}</a> in a browser: it opens the same drive and workload and runs them again.</p>
</body>
</html>
`;
}
