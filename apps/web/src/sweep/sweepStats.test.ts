import { describe, expect, it } from 'vitest';
import { decodeSweep } from './sweepResults';
import { distributionOf, listedRows, settingOrder, sweepPlot } from './sweepStats';
import { PLACEMENTS, placementsOpSweep, writeSweepParquet, type FixtureRow } from './testSweepFile';

describe('quantile and distributionOf', () => {
  it('interpolate between closest ranks like numpy', () => {
    const stats = distributionOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(stats.median).toBe(5.5);
    expect(stats.p90).toBeCloseTo(9.1, 12);
    expect(stats.q1).toBe(3.25);
    expect(distributionOf([4]).p90).toBe(4);
    expect(distributionOf([]).median).toBeNaN();
  });

  it('sort before summarising', () => {
    const stats = distributionOf([1.9, 1.2, 3.4, 1.5, 2.0]);
    expect(stats).toEqual({
      count: 5,
      min: 1.2,
      q1: 1.5,
      median: 1.9,
      q3: 2.0,
      p90: expect.closeTo(2.84, 12) as number,
      max: 3.4,
    });
  });
});

describe('sweepPlot', () => {
  it('orders names as the spec lists them and numbers ascending, other settings as series', async () => {
    const results = await decodeSweep('r.parquet', writeSweepParquet(placementsOpSweep()));
    expect(settingOrder(results, 'zns.placement')).toEqual(PLACEMENTS);
    expect(settingOrder(results, 'overprovision')).toEqual([0.25, 0.5]);
    const plot = sweepPlot(results, 'zns.placement', 'waf');
    expect(plot.categories).toEqual(PLACEMENTS);
    expect(plot.perVolume).toBe(false);
    expect(plot.series.map((series) => series.label)).toEqual([
      'overprovision=0.25',
      'overprovision=0.5',
    ]);
    expect(plot.cells).toHaveLength(14);
    const normalAtHalf = plot.cells.find((cell) => cell.category === 0 && cell.series === 1)!;
    expect(normalAtHalf.marks.map((mark) => mark.value)).toEqual([2.008]);
    expect(normalAtHalf.distribution).toBeNull();
    const byOp = sweepPlot(results, 'overprovision', 'waf');
    expect(byOp.categories).toEqual([0.25, 0.5]);
    expect(byOp.series).toHaveLength(7);
    expect(byOp.series[6].label).toBe('zns.placement=zbopt');
  });

  it('summarises each x over volumes, leaving failed rows out', async () => {
    const wafs: Record<string, number[]> = { greedy: [1.2, 1.5, 3.4, 1.9, 2.0], fifo: [2.5, 2.1] };
    const rows: FixtureRow[] = [];
    for (const [gc, values] of Object.entries(wafs)) {
      values.forEach((waf, volume) =>
        rows.push({
          point: `${gc}-${volume}`,
          status: 'ok',
          volume: String(volume),
          settings: { gc_victim: gc },
          metrics: { waf },
        }),
      );
    }
    rows.push({
      point: 'fifo-9',
      status: 'failed',
      error: 'killed',
      volume: '9',
      settings: { gc_victim: 'fifo' },
      metrics: { waf: 99 },
    });
    const spec = { volumes: 'each', grid: { gc_victim: ['greedy', 'fifo'] } };
    const buffer = writeSweepParquet({ swept: ['gc_victim'], perVolume: true, spec, rows });
    const plot = sweepPlot(await decodeSweep('v.parquet', buffer), 'gc_victim', 'waf');
    expect(plot.perVolume).toBe(true);
    expect(plot.categories).toEqual(['greedy', 'fifo']);
    expect(plot.series.map((series) => series.label)).toEqual(['all points']);
    const [greedy, fifo] = plot.cells;
    expect(greedy.distribution).toMatchObject({ count: 5, min: 1.2, median: 1.9, max: 3.4 });
    expect(greedy.distribution!.p90).toBeCloseTo(2.84, 12);
    expect(fifo.marks.map((mark) => mark.value)).toEqual([2.5, 2.1]);
    expect(fifo.distribution).toMatchObject({ count: 2, median: 2.3, max: 2.5 });
    expect(fifo.distribution!.p90).toBeCloseTo(2.46, 12);
  });
});

describe('listedRows', () => {
  it('lists every failed row within the bound, then the first others in file order', async () => {
    const rows: FixtureRow[] = Array.from({ length: 8 }, (_unused, index) => ({
      point: `p${index}`,
      status: index === 2 || index === 6 ? 'failed' : 'ok',
      error: index === 2 || index === 6 ? 'out of space' : undefined,
      settings: { overprovision: index / 10 },
      metrics: { waf: 1 + index / 10 },
    }));
    const spec = { grid: { overprovision: [] } };
    const results = await decodeSweep(
      'r.parquet',
      writeSweepParquet({ swept: ['overprovision'], spec, rows }),
    );
    expect(listedRows(results, 4)).toEqual([0, 1, 2, 6]);
    expect(listedRows(results)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
