// Issue 18's trip-ups in the key figures: a WAF below 1 says why, and the
// "GC runs" figure of a classic FTL says it counts merges and erases (the
// core's gc_runs_kind), since the GC timeline shows none of them.
import { describe, expect, it } from 'vitest';
import { SeriesBuffer } from '../store/seriesBuffer';
import type { Frame } from '../store/simSlice';
import { gcRunsLabel, keyFigures, wafBelowOneNote } from './computeKeyFigures';

function figuresOf(meta: Record<string, unknown>) {
  const frame = { frame: 1, blocks: {}, meta: { latency_us: {}, ...meta } } as unknown as Frame;
  return keyFigures({ frame, series: new SeriesBuffer(), layout: null, simTimeNs: 1e6 });
}

describe('a WAF below 1', () => {
  it('is explained: host writes still held in the write buffer, not yet on flash', () => {
    expect(wafBelowOneNote(0.62)).toMatch(/write buffer, not yet written to flash/);
    expect(wafBelowOneNote(0.999)).not.toBeNull();
  });

  it('needs no note at 1 or above, nor without a WAF', () => {
    expect(wafBelowOneNote(1)).toBeNull();
    expect(wafBelowOneNote(2.57)).toBeNull();
    expect(wafBelowOneNote(null)).toBeNull();
  });
});

describe('the GC runs figure', () => {
  it('is labelled for what a classic FTL counts: merges and erases', () => {
    const classic = figuresOf({ waf: 1.4, gc_runs: 1_234, gc_runs_kind: 'merges' });
    expect(classic.gcRuns).toBe(1_234);
    expect(gcRunsLabel(classic.gcRunsKind)).toBe('Merges / erases');
  });

  it('stays "GC runs" for GC the timeline shows, and from a core without the key', () => {
    expect(gcRunsLabel(figuresOf({ gc_runs: 213, gc_runs_kind: 'gc' }).gcRunsKind)).toBe('GC runs');
    expect(gcRunsLabel(figuresOf({ gc_runs: 213 }).gcRunsKind)).toBe('GC runs');
  });
});

describe('the GC engine moves counted apart from GC runs', () => {
  it('are the core counts of refreshes and wear-levelling moves, null where the drive makes none', () => {
    const refreshing = figuresOf({
      gc_runs: 0,
      read_disturb: { refreshes: 8 },
      static_wear_leveling: null,
    });
    expect([refreshing.gcRuns, refreshing.refreshes, refreshing.wearLevelingMoves]).toEqual([
      0,
      8,
      null,
    ]);
    const levelling = figuresOf({
      gc_runs: 5,
      read_disturb: null,
      static_wear_leveling: { moves: 777 },
    });
    expect([levelling.refreshes, levelling.wearLevelingMoves]).toEqual([null, 777]);
    // An older core without the keys: nothing to show.
    expect(figuresOf({ gc_runs: 5 }).refreshes).toBeNull();
  });
});
