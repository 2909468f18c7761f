// The GC timeline's counts are the core's (issue 28). On a real run, the
// SLC-cliff lesson's teaching QLC drive with "fold, then write": once the
// cache is full every host write waits for a foreground fold. At 200 ms
// frames the frames drop most events (256 a frame at most), so a count of
// the events received falls far short of the exported result; the
// subtitle states the result's gc.runs, slc.migrations and stalls.count.

import { readFileSync } from 'node:fs';

import type { SnapshotMeta } from '@flashscope/wasm/protocol';
import { describe, expect, it } from 'vitest';

import { runThroughStore } from '../app/storeRun';
import { gcTimelineSubtitle } from './gcTimelineCounts';

interface Result {
  gc: { runs: number };
  slc: { migrations: number };
  stalls: { count: number };
}

const teachingQlc = readFileSync(
  new URL('../../../../public/presets/devices/teaching-qlc-slc.json', import.meta.url),
  'utf8',
);

describe('the GC timeline’s counts', () => {
  it('are the exported result’s, however many events the frames dropped', () => {
    const { store, result } = runThroughStore<Result>(
      {
        deviceJson: teachingQlc,
        fioText: '[burst]\nrw=write\nbs=4k\niodepth=32\nsize=120m\n',
        set: ['slc_cache.when_full=fold-then-write'],
      },
      200,
    );
    const { frame, events } = store.getState().sim;
    const counts =
      `${result.gc.runs.toLocaleString('en')} GC runs, ` +
      `${result.slc.migrations.toLocaleString('en')} SLC migrations, ` +
      `${result.stalls.count.toLocaleString('en')} host stalls; `;
    expect(gcTimelineSubtitle(frame?.meta, events.dropped)).toBe(
      `${counts}bars: planes busy (average); ` +
        `${events.dropped.toLocaleString('en')} events too dense to show`,
    );
    // The events the store received: far fewer stalls than happened.
    expect(result.stalls.count).toBeGreaterThan(1000);
    expect(events.dropped).toBeGreaterThan(1000);
    expect(events.stalls.length).toBeLessThan(result.stalls.count * 0.9);
    expect(result.slc.migrations).toBeGreaterThan(10);
  });

  it('leave out what the core does not send, and name a classic FTL’s merges', () => {
    const meta = { gc_runs: 1234, slc: null } as unknown as SnapshotMeta;
    // No SLC cache, and a core without stall totals: only the GC runs.
    expect(gcTimelineSubtitle(meta, 0)).toBe('1,234 GC runs; bars: planes busy (average)');
    const classic = {
      gc_runs: 56,
      gc_runs_kind: 'merges',
      slc: null,
      stalls: { count: 7, wait_ms: 12, gc_wait_ms: 12, migration_wait_ms: 0 },
    } as unknown as SnapshotMeta;
    expect(gcTimelineSubtitle(classic, 0)).toBe(
      '56 merges / erases of a classic FTL (done inline: none drawn), 7 host stalls; ' +
        'bars: planes busy (average)',
    );
  });
});
