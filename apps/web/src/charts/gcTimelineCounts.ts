// The GC timeline's subtitle: the core's own counts from the frame meta
// (gc_runs, slc.migrations, stalls.count: the result's gc.runs,
// slc.migrations and stalls.count, docs/figures.md). Never the events the
// UI received: a frame carries at most 256 of them (events_dropped counts
// the rest) and the event log keeps the newest 50,000, so on a busy run a
// count of them falls short of the result.

import type { SnapshotMeta } from '@flashscope/wasm/protocol';

/** The meta's counts the subtitle states; each part is left out when the core does not send it. */
export function gcTimelineSubtitle(meta: SnapshotMeta | undefined, eventsDropped: number): string {
  const runs = (meta?.gc_runs ?? 0).toLocaleString('en');
  // A classic FTL's count is merges and block rewrites, which send no GC
  // events: the bars stay empty, and the subtitle says why.
  const parts = [
    meta?.gc_runs_kind === 'merges'
      ? `${runs} merges / erases of a classic FTL (done inline: none drawn)`
      : `${runs} GC runs`,
  ];
  const migrations = meta?.slc?.migrations;
  if (migrations !== undefined) parts.push(`${migrations.toLocaleString('en')} SLC migrations`);
  const stalls = meta?.stalls?.count;
  if (stalls !== undefined) parts.push(`${stalls.toLocaleString('en')} host stalls`);
  return (
    `${parts.join(', ')}; bars: planes busy (average)` +
    (eventsDropped > 0 ? `; ${eventsDropped.toLocaleString('en')} events too dense to show` : '')
  );
}
