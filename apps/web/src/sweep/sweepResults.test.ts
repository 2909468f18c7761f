import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { SweepFileError, decodeSweep } from './sweepResults';
import { PLACEMENTS, placementsOpSweep, writeSweepParquet } from './testSweepFile';

describe('decodeSweep', () => {
  it('reads the contract columns and metadata of a grid sweep', async () => {
    const fixture = placementsOpSweep();
    const results = await decodeSweep('results.parquet', writeSweepParquet(fixture));
    expect(results.rows).toBe(14);
    expect(results.swept).toEqual(['zns.placement', 'overprovision']);
    // Only the metrics with a value somewhere are offered; all-null ones (SLC cliff) are not.
    expect(results.metrics).toEqual([
      'waf',
      'zns_waf',
      'zns_gc_count',
      'host_write_bytes',
      'wall_s',
    ]);
    expect(results.volume).toBeNull();
    expect(results.settings['zns.placement'].slice(0, 7)).toEqual(PLACEMENTS);
    expect(results.settings.overprovision[0]).toBe(0.5);
    expect(results.settings.overprovision[7]).toBe(0.25);
    expect(results.values.waf).toBeInstanceOf(Float64Array);
    expect(Array.from(results.values.waf.slice(0, 7))).toEqual([
      2.008, 1.639, 1.615, 1.493, 1.309, 1.206, 1.017,
    ]);
    expect(results.values.waf[7]).toBeCloseTo(1 + 1.008 * 1.6, 4);
    expect(results.values.host_write_bytes[3]).toBe(4294967296);
    expect(results.status.every((status) => status === 'ok')).toBe(true);
    expect(results.error.every((error) => error === null)).toBe(true);
    expect(results.spec).toEqual(fixture.spec);
  });

  it('keeps per-volume rows and a failed row with its error and no metrics', async () => {
    const buffer = writeSweepParquet({
      swept: ['overprovision'],
      perVolume: true,
      spec: { volumes: 'each', grid: { overprovision: [0.1] } },
      rows: [
        {
          point: 'a',
          status: 'ok',
          volume: '3',
          settings: { overprovision: 0.1 },
          metrics: { waf: 1.5 },
        },
        {
          point: 'b',
          status: 'failed',
          error: 'trace volume 7: no writes',
          volume: '7',
          settings: { overprovision: 0.1 },
          metrics: {},
        },
      ],
    });
    const results = await decodeSweep('fleet.parquet', buffer);
    expect(results.swept).toEqual(['overprovision']);
    expect(results.volume).toEqual(['3', '7']);
    expect(results.status).toEqual(['ok', 'failed']);
    expect(results.error).toEqual([null, 'trace volume 7: no writes']);
    expect(results.values.waf[0]).toBe(1.5);
    expect(Number.isNaN(results.values.waf[1])).toBe(true);
  });

  it('names the file and the problem when it is not Parquet', async () => {
    const bytes = new TextEncoder().encode('point,status\na,ok\n');
    await expect(decodeSweep('results.csv', bytes.buffer)).rejects.toThrow(SweepFileError);
    await expect(decodeSweep('results.csv', bytes.buffer)).rejects.toThrow(
      /^results\.csv: not a Parquet file/,
    );
  });

  it('names the file and the missing metadata for other Parquet files', async () => {
    const buffer = parquetWriteBuffer({
      columnData: [{ name: 'x', data: [1, 2, 3], type: 'DOUBLE' }],
    });
    await expect(decodeSweep('other.parquet', buffer)).rejects.toThrow(
      /^other\.parquet: Parquet without FlashScope sweep metadata \(no "flashscope\.swept" key\)/,
    );
  });
});
