// Issue 18's trip-ups in the key figures: the "GC runs" figure of a classic
// FTL says it counts merges and erases (the core's gc_runs_kind), since the
// GC timeline shows none of them. Issue 28: a finished run's series ends
// with its end-of-run drain, when the host did no I/O; the "now" rates stay
// those of the host's last I/O. (Why a WAF is below 1: wafNotes.test.ts.)
import { describe, expect, it } from 'vitest';
import { SeriesBuffer } from '../store/seriesBuffer';
import type { Frame } from '../store/simSlice';
import { gcRunsLabel, keyFigures } from './computeKeyFigures';
import { formatInterval } from './format';

function figuresOf(meta: Record<string, unknown>) {
  const frame = { frame: 1, blocks: {}, meta: { latency_us: {}, ...meta } } as unknown as Frame;
  return keyFigures({ frame, series: new SeriesBuffer(), layout: null, simTimeNs: 1e6 });
}

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

describe('the "now" rates of a finished run', () => {
  // 10 rows of 10 ms at 120 MB/s (3,000 IOPS), then the drain's row, 1,064 ms
  // later, without host I/O (the Tencent replay on tlc-8g ends so).
  function finished(withEndOfRun: boolean) {
    const series = new SeriesBuffer();
    const t = [...Array.from({ length: 10 }, (_, i) => 6712.5 + i * 10), 7866.5];
    const host = (value: number) => [...Array<number>(10).fill(value), 0];
    series.append({ t_ms: t, iops: host(3000), read_mbps: host(0), write_mbps: host(120) });
    const meta = {
      latency_us: {},
      end_of_run: withEndOfRun ? { host_end_ms: 6802.5 } : null,
    };
    const frame = { frame: 1, blocks: {}, meta } as unknown as Frame;
    return keyFigures({ frame, series, layout: null, simTimeNs: 7866.5e6 });
  }

  it('leave out the drain row, after end_of_run.host_end_ms', () => {
    const figures = finished(true);
    expect(figures.iops).toBe(3000);
    expect(figures.mbps).toBe(120);
    expect(figures.mbpsSmoothed).toBe(120);
  });

  it('would count it as host idle without the core saying where the host ended', () => {
    expect(finished(false).iops).toBeCloseTo((9 * 3000) / 10, 6);
  });
});

describe('the time the "now" rates cover', () => {
  // The app's series starts at 10 ms points and doubles its interval each
  // time it reaches 4,096 points (sim-core sim/simulator.h): 20 ms rows after
  // 41 s of simulated time, 163.84 s rows at the end of a week-long replay.
  function figuresOfRows(intervalMs: number, rows: number) {
    const series = new SeriesBuffer();
    const t = Array.from({ length: rows }, (_, i) => (i + 1) * intervalMs);
    series.append({
      t_ms: t,
      iops: t.map(() => 0),
      read_mbps: t.map(() => 0),
      write_mbps: t.map(() => 1),
    });
    const frame = {
      frame: 1,
      blocks: {},
      meta: { latency_us: {}, series_interval_ms: intervalMs },
    };
    return keyFigures({
      frame: frame as unknown as Frame,
      series,
      layout: null,
      simTimeNs: t[rows - 1] * 1e6,
    });
  }

  it('is 100 ms and 1 s while the rows are 10 ms apart', () => {
    const figures = figuresOfRows(10, 500);
    expect([figures.recentMs, figures.smoothedMs]).toEqual([100, 1000]);
  });

  it('grows with the series interval: 200 ms once the rows are 20 ms apart', () => {
    const figures = figuresOfRows(20, 4_000);
    expect([figures.recentMs, figures.smoothedMs]).toEqual([200, 1000]);
  });

  it("is the last rows' time on a week-long replay, not 100 ms and 1 s", () => {
    const figures = figuresOfRows(163_840, 3_700);
    expect(figures.recentMs).toBe(1_638_400);
    // A 1 s window inside a 163.84 s row averages that whole row.
    expect(figures.smoothedMs).toBe(163_840);
    expect([formatInterval(figures.recentMs), formatInterval(figures.smoothedMs)]).toEqual([
      '27 min 18 s',
      '2 min 43 s',
    ]);
  });

  it('is NaN before the first row', () => {
    const figures = figuresOfRows(10, 0);
    expect(figures.recentMs).toBeNaN();
    expect(figures.smoothedMs).toBeNaN();
  });
});
