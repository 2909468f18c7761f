// Exports of a compare run made from real results (compare/testdata, see
// compareMetrics.test.ts), with the first three series rows the CLI printed
// for the greedy run (100 ms sampling).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRunResult, type RunResult } from '../runs/resultJson';
import {
  RUN_RECORD_VERSION,
  failedOutcome,
  outcomeFromResult,
  type RunRecord,
} from '../runs/runRecord';
import { csvField, exportFileName, runToCsv, runToJson } from './exportRun';

function fixture(name: string): RunResult {
  const url = new URL(`../compare/testdata/${name}.json`, import.meta.url);
  return parseRunResult(readFileSync(url, 'utf8'));
}

const GREEDY_SERIES = {
  t_ms: [100, 200, 300],
  iops: [18350, 17820, 17550],
  read_mbps: [37.10976, 37.15072, 36.29056],
  write_mbps: [38.05184, 35.84, 35.59424],
  waf: [0.937567, 0.966741, 0.977927],
  slc_capacity_bytes: [0, 0, 0],
};

function record(): RunRecord {
  return {
    version: RUN_RECORD_VERSION,
    id: 7,
    kind: 'compare',
    name: 'greedy vs fifo, "tiny"',
    createdAtMs: Date.UTC(2025, 0, 31, 14, 5),
    workload: { kind: 'fio', label: 'job.fio', fioText: '[j]\nrw=randrw\n', set: [] },
    configs: [
      { label: 'greedy', deviceName: 'tiny.json', deviceText: '{}', set: ['gc.victim=greedy'] },
      { label: 'fifo, aged', deviceName: 'tiny.json', deviceText: '{}', set: ['gc.victim=fifo'] },
      { label: 'broken', deviceName: 'x.json', deviceText: '{', set: [] },
    ],
    outcomes: [
      outcomeFromResult({ ...fixture('tiny-greedy'), series: GREEDY_SERIES }, [[500, 1]], 'done'),
      outcomeFromResult(fixture('tiny-fifo'), [], 'stopped'),
      failedOutcome('x.json: not valid JSON'),
    ],
  };
}

describe('CSV export', () => {
  it('has one row per metric, a column per config, then the series', () => {
    const lines = runToCsv(record()).split('\r\n');
    expect(lines[0]).toBe('metric,unit,greedy,"fifo, aged",broken');
    expect(lines[1]).toBe('status,,done,stopped,error');
    expect(lines[2]).toBe('sim_time_ms,ms,1000.955256,1001.679233,');
    expect(lines[3]).toBe('waf,ratio,1.375352,1.41495,');
    expect(lines).toContain('read_p99_us,us,2408.448,2310.144,');
    expect(lines).toContain('write_p999_us,us,1335.296,8028.16,');
    expect(lines).toContain('iops,iops,12121.42094,11771.233356,');
    expect(lines).toContain('block_erases,count,64,62,');
    expect(lines).toContain(`gc_bytes,bytes,${2299 * 4096},${2487 * 4096},`);
    expect(lines).toContain('migration_bytes,bytes,0,0,');
    const header = lines.indexOf(
      'config,t_ms,read_mbps,write_mbps,iops,waf,slc_used_bytes,slc_capacity_bytes',
    );
    expect(lines[header - 1]).toBe('');
    // Three rows of the greedy series; the others had none. No SLC cache: empty SLC columns.
    expect(lines.slice(header + 1, header + 4)).toEqual([
      'greedy,100,37.10976,38.05184,18350,0.937567,,',
      'greedy,200,37.15072,35.84,17820,0.966741,,',
      'greedy,300,36.29056,35.59424,17550,0.977927,,',
    ]);
    expect(lines[header + 4]).toBe('');
    expect(lines).toHaveLength(header + 5);
  });

  it('quotes what needs quoting', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField(' x')).toBe('" x"');
    expect(csvField(NaN)).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(0.5)).toBe('0.5');
  });
});

describe('JSON export', () => {
  it('holds every config with its result (series kept binned, not in the result)', () => {
    const exported = JSON.parse(runToJson(record()));
    expect(exported.format).toBe('flashscope-run');
    expect(exported.created).toBe('2025-01-31T14:05:00.000Z');
    expect(exported.configs).toHaveLength(3);
    expect(exported.configs.map((config: { label: string }) => config.label)).toEqual([
      'greedy',
      'fifo, aged',
      'broken',
    ]);
    expect(exported.configs[0].result.waf).toBe(1.375352);
    expect(exported.configs[0].result.series).toBeUndefined();
    expect(exported.configs[0].series.waf).toEqual([0.937567, 0.966741, 0.977927]);
    expect(exported.configs[0].latency_cdf).toEqual([[500, 1]]);
    expect(exported.configs[1].result.gc.units_moved).toBe(2487);
    expect(exported.configs[1].status).toBe('stopped');
    expect(exported.configs[2]).toMatchObject({ status: 'error', result: null });
    expect(exported.configs[2].error).toBe('x.json: not valid JSON');
  });

  it('names files by the run and its local time', () => {
    const name = exportFileName(record(), 'csv');
    expect(name).toMatch(/^flashscope-greedy-vs-fifo-tiny-2025-01-3\d-\d{4}\.csv$/);
  });
});
