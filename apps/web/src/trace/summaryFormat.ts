// Pure helpers that turn a TraceSummary (and the replay progress) into what
// the trace panel shows: figures as short strings, the size histogram as
// bars, the progress of a scan or a replay, error messages with file:line.

import type { TraceRepairWarning, TraceSummary } from '@flashscope/wasm/protocol';
import { formatBinaryBytes, formatBytes, formatCount, formatLatencyUs } from '../app/format';
import type { RunError } from '../store/simSlice';

export interface SummaryFigure {
  label: string;
  value: string;
  /** A data-testid suffix: trace-figure-<key>. */
  key: string;
  note?: string;
}

/** "62.6 %": one decimal, as a share of `total` (— when there is none). */
export function formatShare(part: number, total: number): string {
  return total > 0 ? `${((part / total) * 100).toFixed(1)} %` : '—';
}

/** Trace time spans: "850 ms", "12.48 s", "3.5 h". */
export function formatDurationS(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  if (seconds < 1) return `${(seconds * 1000).toFixed(seconds < 0.01 ? 2 : 0)} ms`;
  if (seconds < 120) return `${seconds.toFixed(2)} s`;
  if (seconds < 7200) return `${(seconds / 60).toFixed(1)} min`;
  if (seconds < 2 * 86_400) return `${(seconds / 3600).toFixed(1)} h`;
  return `${(seconds / 86_400).toFixed(1)} d`;
}

/** The core's notes start in lower case: "the trace touches …" → "The trace touches ….". */
export function sentence(text: string): string {
  if (text === '') return text;
  const capital = text[0].toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** The button that replays without a repair (the option the core's warning names). */
export function repairActionLabel(warning: TraceRepairWarning): string {
  if (warning.option === 'clock' && warning.value === 'as_is') return 'Replay in file order';
  if (warning.option === 'clock') return 'Sort by time';
  return 'Leave the late records out';
}

/** The figures of the summary, in the order the panel lists them. */
export function summaryFigures(summary: TraceSummary): SummaryFigure[] {
  const { requests, reads, writes, trims } = summary;
  const mix = [`${formatShare(reads, requests)} read`, `${formatShare(writes, requests)} write`];
  if (trims > 0) mix.push(`${formatShare(trims, requests)} trim`);
  const bytes = [
    `${formatBytes(summary.read_bytes)} read`,
    `${formatBytes(summary.write_bytes)} written`,
  ];
  if (summary.trim_bytes > 0) bytes.push(`${formatBytes(summary.trim_bytes)} trimmed`);
  const { p50, p99 } = summary.interarrival_us;
  const figures: SummaryFigure[] = [
    {
      key: 'requests',
      label: 'Requests',
      value: requests.toLocaleString('en'),
      note: `${summary.lines.toLocaleString('en')} lines`,
    },
    {
      key: 'mix',
      label: 'Read / write',
      value: mix.join(' · '),
      note: `${reads.toLocaleString('en')} reads, ${writes.toLocaleString('en')} writes${trims > 0 ? `, ${trims.toLocaleString('en')} trims` : ''}`,
    },
    { key: 'bytes', label: 'Bytes', value: bytes.join(' · ') },
    {
      key: 'footprint',
      label: 'Footprint',
      // Beyond its fixed memory budget the core estimates it (its notes say how closely).
      value: `${summary.footprint_estimated ? 'about ' : ''}${formatBytes(summary.footprint_bytes)}`,
      note: `highest offset ${formatBytes(summary.max_offset_bytes)}`,
    },
    { key: 'duration', label: 'Duration', value: formatDurationS(summary.duration_s) },
    { key: 'iops', label: 'IOPS', value: formatCount(summary.iops), note: 'requests ÷ duration' },
    {
      key: 'interarrival',
      label: 'Inter-arrival',
      value: `p50 ${formatLatencyUs(p50)} · p99 ${formatLatencyUs(p99)}`,
      note:
        summary.out_of_order > 0
          ? `${summary.out_of_order.toLocaleString('en')} records out of order`
          : undefined,
    },
  ];
  // Flushes and FUA writes wait for flash (unless the drive has power-loss protection).
  if (summary.flushes > 0 || summary.fua_writes > 0) {
    figures.push({
      key: 'flushes',
      label: 'Flushes',
      value: summary.flushes.toLocaleString('en'),
      note: `${summary.fua_writes.toLocaleString('en')} writes with FUA`,
    });
  }
  // A compressed trace is decoded as it is read: say so, with both sizes.
  if (summary.compression !== 'none') {
    figures.push({
      key: 'compression',
      label: 'Compression',
      value: summary.compression,
      note: `${formatBytes(summary.bytes_read)} stored, ${formatBytes(summary.decompressed_bytes)} of text`,
    });
  }
  return figures;
}

export interface HistogramBar {
  /** "≤ 4 KiB", "> 1 MiB". */
  label: string;
  count: number;
  /** Of the tallest bar, for its length: 0..1. */
  fraction: number;
  /** Of all requests, as text: "41.3 %". */
  share: string;
}

/** A size bin's label: its upper bound, or above the last bound. */
export function sizeBinLabel(maxBytes: number | null, previousMaxBytes: number | null): string {
  if (maxBytes === null)
    return previousMaxBytes === null ? 'all' : `> ${formatBinaryBytes(previousMaxBytes)}`;
  return `≤ ${formatBinaryBytes(maxBytes)}`;
}

/**
 * The size histogram as bars, from the first bin with requests to the last
 * (empty bins between them stay, so the scale reads evenly).
 */
export function histogramBars(histogram: TraceSummary['size_histogram']): HistogramBar[] {
  const first = histogram.findIndex((bin) => bin.count > 0);
  if (first < 0) return [];
  let last = histogram.length - 1;
  while (histogram[last].count === 0) last--;
  const total = histogram.reduce((sum, bin) => sum + bin.count, 0);
  const tallest = Math.max(...histogram.map((bin) => bin.count));
  return histogram.slice(first, last + 1).map((bin, index) => ({
    label: sizeBinLabel(bin.max_bytes, histogram[first + index - 1]?.max_bytes ?? null),
    count: bin.count,
    fraction: bin.count / tallest,
    share: formatShare(bin.count, total),
  }));
}

/** "mqsim · 98 %": the format and how sure detection was. */
export function formatDetection(summary: Pick<TraceSummary, 'format' | 'confidence'>): string {
  return `${summary.format} · ${Math.round(summary.confidence * 100)} % confidence`;
}

/** Scan or replay progress as a fraction in [0, 1] (1 when the size is unknown and done). */
export function progressFraction(bytesRead: number, sizeBytes: number, done = false): number {
  if (done) return 1;
  if (!(sizeBytes > 0) || !Number.isFinite(sizeBytes)) return 0;
  return Math.min(1, Math.max(0, bytesRead / sizeBytes));
}

/** "12.0 of 190.2 kB (6 %)". */
export function formatProgress(bytesRead: number, sizeBytes: number, done = false): string {
  const percent = Math.floor(progressFraction(bytesRead, sizeBytes, done) * 100);
  return `${formatBytes(Math.min(bytesRead, sizeBytes))} of ${formatBytes(sizeBytes)} (${percent} %)`;
}

/**
 * An error as the trace panel shows it: the worker's messages already start
 * with "FILE:LINE:" (or "FILE:"); others get the file and line in front.
 */
export function errorWithPlace(error: RunError): string {
  if (!error.file || error.message.startsWith(error.file)) return error.message;
  const place = error.line ? `${error.file}:${error.line}` : error.file;
  return `${place}: ${error.message}`;
}
