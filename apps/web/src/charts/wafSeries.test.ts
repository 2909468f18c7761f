// The WAF chart ends on the run's WAF (issue 28): the end-of-run drain is
// the series' last point (after end_of_run.host_end_ms), drawn as its own
// segment, and "now" is the series' last value even when the host's part
// is binned. Figures from tlc-8g filled + the Tencent CBS sample: the
// host's last point at 6802.49 ms with WAF 2.264, the drain's at
// 7866.53 ms with the run's 2.661.
import { describe, expect, it } from 'vitest';
import { agedSmallTlc, runThroughStore } from '../app/storeRun';
import { wafEmptyText, wafLines } from './wafSeries';

describe('the WAF chart’s lines', () => {
  it('split at the host’s end: the drain is a segment from the host’s last point', () => {
    const t = [100, 200, 6800, 6802.493861, 7866.528289];
    const waf = [2.1, 2.2, 2.26, 2.264471, 2.66084];
    const lines = wafLines(t, waf, 6802.493861);
    expect(lines.host).toEqual({ x: t.slice(0, 4), y: waf.slice(0, 4) });
    expect(lines.drain).toEqual({ x: [6802.493861, 7866.528289], y: [2.264471, 2.66084] });
    expect(lines.last).toBe(2.66084);
  });

  it('have no drain while the run goes on, or when the end drained nothing', () => {
    const lines = wafLines([100, 200], [1.5, 1.6], undefined);
    expect(lines.drain.x).toHaveLength(0);
    expect(lines.last).toBe(1.6);
    expect(wafLines([100, 200], [1.5, 1.6], 200).drain.x).toHaveLength(0);
  });

  it('end on the last value when the host’s part is binned (a bin keeps its last WAF)', () => {
    // 1,000 points rising from 1 to 2: binned to 300, the last bin's mean
    // would be below the last value.
    const n = 1000;
    const t = Array.from({ length: n + 1 }, (_, i) => (i + 1) * 10);
    const waf = Array.from({ length: n + 1 }, (_, i) => (i < n ? 1 + i / (n - 1) : 2.5));
    const lines = wafLines(t, waf, n * 10);
    expect(lines.host.x.length).toBeLessThanOrEqual(300);
    expect(lines.host.y[lines.host.y.length - 1]).toBe(2);
    expect(lines.drain.y).toEqual([2, 2.5]);
    expect(lines.last).toBe(2.5);
  });
});

// A real run, reads first, then writes: no WAF while nothing is written
// (the result's waf is null then, the figures row shows "—"), so the
// chart has no point there, not a line at 0; and it says why it is empty.
describe('the WAF chart before anything is programmed', () => {
  const request = {
    deviceJson: agedSmallTlc('waf-series-small'),
    fioText:
      '[read]\nrw=randread\nbs=4k\niodepth=8\nnumber_ios=4000\n\n' +
      '[write]\nstonewall\nrw=randwrite\nbs=4k\niodepth=8\nnumber_ios=4000\n',
  };
  interface Result {
    series: { t_ms: number[]; waf: Array<number | null> };
    jobs: Array<{ start_ms: number }>;
  }

  it('draws no point while the result’s waf is null', () => {
    const { store, result } = runThroughStore<Result>(request, 20);
    const { series, frame } = store.getState().sim;
    const lines = wafLines(
      series.column('t_ms'),
      series.column('waf'),
      frame!.meta.end_of_run?.host_end_ms,
    );
    // The result's series: null through the reads, then NAND ÷ host bytes.
    const firstWaf = result.series.waf.findIndex((waf) => waf !== null);
    expect(firstWaf).toBeGreaterThan(3);
    expect(result.series.t_ms[firstWaf]).toBeGreaterThan(result.jobs[1].start_ms);
    expect(result.series.waf.slice(firstWaf).every((waf) => waf !== null && waf > 0)).toBe(true);
    // The chart starts there, and never dips to 0.
    expect(lines.host.x[0]).toBe(result.series.t_ms[firstWaf]);
    expect(Math.min(...lines.host.y, ...lines.drain.y)).toBeGreaterThan(0);
  });

  it('says there are no host writes yet while the reads run', () => {
    const { store } = runThroughStore<Result>(request, 20, 60);
    const { series, frame } = store.getState().sim;
    expect(frame!.meta.host_write_bytes).toBe(0);
    expect(series.length).toBeGreaterThan(3);
    expect(wafLines(series.column('t_ms'), series.column('waf'), undefined).host.x).toEqual([]);
    expect(wafEmptyText(frame!.meta.host_write_bytes)).toBe('No host writes yet');
    expect(wafEmptyText(8192)).toBe('Nothing programmed to flash yet');
  });
});
