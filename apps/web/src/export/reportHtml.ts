// The report's HTML helpers: escaping, a definition-list row, the report's
// time format and an amount in both byte units. Shared by the report's
// sections (report.ts, reportFigures.ts, reportWorkload.ts).

import { formatBinaryBytes, formatBytes, formatSimTime } from '../app/format';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Simulated time in the app's own format ("32.29 s"). */
export function formatSeconds(ms: number): string {
  return formatSimTime(ms * 1e6);
}

export function row(label: string, value: string): string {
  return `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`;
}

/** "27.9 GB (26 GiB)": an amount in the tables' decimal unit and in fio's binary one. */
export function bothUnits(bytes: number): string {
  return `${formatBytes(bytes)} (${formatBinaryBytes(bytes)})`;
}
