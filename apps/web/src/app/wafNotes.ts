// What the WAF says besides its number (issue 28), in words built from the
// core's counters in the frame meta (sim-core report/buffer_json.h and
// nand.programs_by_cause): why a WAF is below 1, how much of the flash's
// programs were padding, and what the end-of-run drain programmed when that
// is more than the buffer held. Shares and byte splits are ratios of the
// core's counts; nothing here is a figure the core does not count.

import type { EndOfRunMeta, ProgramsByCause, WriteBufferMeta } from '@flashscope/wasm/protocol';
import { formatBytes, formatPercent } from './format';

/** The WAF card names padding from this share of the flash's page programs. */
export const PADDING_NOTE_SHARE = 0.05;

function totalOf(programs: ProgramsByCause): number {
  let total = 0;
  for (const count of Object.values(programs)) total += count ?? 0;
  return total;
}

/** Padding's share of the page programs (null without programs, or from a core without the count). */
export function paddingShare(programs: ProgramsByCause | undefined): number | null {
  if (!programs || programs.padding === undefined) return null;
  const total = totalOf(programs);
  return total > 0 ? programs.padding / total : null;
}

/** "62 % padding" once padding is at least PADDING_NOTE_SHARE of the programs, else null. */
export function paddingNote(programs: ProgramsByCause | undefined): string | null {
  const share = paddingShare(programs);
  return share !== null && share >= PADDING_NOTE_SHARE ? `${formatPercent(share)} padding` : null;
}

/**
 * Why a WAF is below 1, from the write buffer's counts: host writes
 * overwritten or trimmed in the buffer before they reached flash (never
 * programmed), and data still held there (named only while there is some).
 * The largest first. Null for a WAF of 1 or more, or none.
 */
export function wafBelowOneNote(
  waf: number | null,
  buffer: WriteBufferMeta | undefined,
): string | null {
  if (waf === null || !(waf < 1)) return null;
  const parts: Array<[number, string]> = [];
  if (buffer && buffer.overwritten_bytes > 0) {
    parts.push([
      buffer.overwritten_bytes,
      `${formatBytes(buffer.overwritten_bytes)} of host writes were overwritten in the write buffer before they reached flash (only the newest copy is programmed)`,
    ]);
  }
  if (buffer && buffer.trimmed_bytes > 0) {
    parts.push([
      buffer.trimmed_bytes,
      `${formatBytes(buffer.trimmed_bytes)} were trimmed while still in the write buffer`,
    ]);
  }
  if (buffer && buffer.buffered_bytes > 0) {
    parts.push([
      buffer.buffered_bytes,
      `${formatBytes(buffer.buffered_bytes)} are still held in the write buffer, not yet on flash`,
    ]);
  }
  if (parts.length === 0) return 'Below 1: fewer bytes have reached flash than the host wrote';
  parts.sort((a, b) => b[0] - a[0]);
  return `Below 1: ${parts.map(([, text]) => text).join('; ')}`;
}

/** How each cause of the drain's programs reads, in the core's order. */
const DRAIN_CAUSES: ReadonlyArray<[keyof ProgramsByCause, string]> = [
  ['host', 'buffered host data'],
  ['gc', 'garbage collection'],
  ['migration', 'SLC migration'],
  ['mapping', 'mapping tables'],
  ['refresh', 'read-disturb refresh'],
  ['wear_leveling', 'wear levelling'],
  ['padding', 'padding'],
];

/**
 * What the end-of-run drain programmed, by cause, when that is more than
 * the buffer held (on a full drive its writes need GC; partial wordlines
 * are padded); null otherwise or before the run has finished.
 */
export function drainNote(end: EndOfRunMeta | null | undefined): string | null {
  if (!end || !(end.drain_nand_write_bytes > end.buffer_drained_bytes)) return null;
  const programs = end.drain_programs_by_cause;
  // Every page is the same size: a cause's bytes are its share of the drain's.
  const bytesPerProgram =
    end.drain_page_programs > 0 ? end.drain_nand_write_bytes / end.drain_page_programs : 0;
  const parts = DRAIN_CAUSES.filter(([cause]) => (programs[cause] ?? 0) > 0).map(
    ([cause, label]) => `${formatBytes((programs[cause] ?? 0) * bytesPerProgram)} ${label}`,
  );
  return (
    `The end-of-run drain programmed ${formatBytes(end.drain_nand_write_bytes)} of flash ` +
    `for ${formatBytes(end.buffer_drained_bytes)} held in the write buffer` +
    (parts.length > 0 ? `: ${parts.join(', ')}` : '')
  );
}
