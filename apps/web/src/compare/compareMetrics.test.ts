// The compare table on real results. testdata/ holds result JSON printed by
// the native CLI (series, jobs and prose fields removed), e.g.:
//   flashscope run --device public/presets/devices/teaching-slc-tiny.json \
//     --fio JOB --set precondition.fill=0.9 --set gc.victim=greedy --json
// with JOB a 1 s time-based 4 KiB randrw at QD4 (tiny-greedy / tiny-fifo),
// and on teaching-qlc-slc a 100 MiB 1 MiB sequential write at QD64, when_full
// direct (qlc-direct) or fold-then-write (qlc-fold). They predate the core's
// gc.bytes_moved: it was added to each by hand as the core computes it,
// gc.units_moved x the device's mapping_unit_bytes (4,096 in all four).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRunResult, type RunResult } from '../runs/resultJson';
import {
  COMPARE_METRICS,
  compareRows,
  deltaPercent,
  formatDelta,
  markBetter,
  type CompareRow,
  writtenDiffers,
} from './compareMetrics';

function fixture(name: string): RunResult {
  return parseRunResult(readFileSync(new URL(`./testdata/${name}.json`, import.meta.url), 'utf8'));
}

function row(rows: CompareRow[], id: string): CompareRow {
  const found = rows.find((candidate) => candidate.metric.id === id);
  if (!found) throw new Error(`no row ${id}`);
  return found;
}

describe('compare table metrics', () => {
  const greedy = fixture('tiny-greedy');
  const fifo = fixture('tiny-fifo');

  it('has the rows the issue asks for, in order', () => {
    expect(COMPARE_METRICS.map((metric) => metric.id)).toEqual([
      'waf',
      'read_p50_us',
      'read_p99_us',
      'read_p999_us',
      'write_p50_us',
      'write_p99_us',
      'write_p999_us',
      'iops',
      'block_erases',
      'gc_bytes',
      'migration_bytes',
    ]);
  });

  it('greedy vs fifo GC: reads each figure and marks the better column', () => {
    const rows = compareRows([greedy, fifo]);
    const waf = row(rows, 'waf');
    expect(waf.values).toEqual([1.375352, 1.41495]);
    expect(waf.better).toEqual([true, false]); // greedy amplifies less
    expect(waf.deltaPercent[0]).toBeNull();
    expect(waf.deltaPercent[1]).toBeCloseTo(2.8793, 3); // (1.41495 - 1.375352) / 1.375352

    // fifo erased fewer blocks in the same second: lower is better, whoever wins WAF.
    expect(row(rows, 'block_erases').values).toEqual([64, 62]);
    expect(row(rows, 'block_erases').better).toEqual([false, true]);

    // GC moved 2299 vs 2487 units of 4 KiB.
    expect(row(rows, 'gc_bytes').values).toEqual([2299 * 4096, 2487 * 4096]);
    expect(row(rows, 'gc_bytes').better).toEqual([true, false]);

    expect(row(rows, 'iops').values).toEqual([12121.42094, 11771.233356]);
    expect(row(rows, 'iops').better).toEqual([true, false]); // higher is better
    expect(row(rows, 'iops').deltaPercent[1]).toBeCloseTo(-2.889, 3);

    expect(row(rows, 'write_p99_us').values).toEqual([716.8, 1105.92]);
    expect(row(rows, 'write_p99_us').better).toEqual([true, false]);
    expect(row(rows, 'read_p99_us').values).toEqual([2408.448, 2310.144]);
    expect(row(rows, 'read_p99_us').better).toEqual([false, true]);

    // Equal values mark nobody: read p50 is 464.896 µs in both.
    expect(row(rows, 'read_p50_us').values).toEqual([464.896, 464.896]);
    expect(row(rows, 'read_p50_us').better).toEqual([false, false]);
    expect(row(rows, 'read_p50_us').deltaPercent).toEqual([null, 0]);

    // No SLC cache on either: nothing migrated, nothing to mark.
    expect(row(rows, 'migration_bytes').values).toEqual([0, 0]);
    expect(row(rows, 'migration_bytes').better).toEqual([false, false]);
  });

  it('SLC when-full direct vs fold-then-write: migration bytes and erases', () => {
    const rows = compareRows([fixture('qlc-direct'), fixture('qlc-fold')]);
    expect(row(rows, 'migration_bytes').values).toEqual([0, 45350912]);
    expect(row(rows, 'migration_bytes').better).toEqual([true, false]);
    expect(row(rows, 'migration_bytes').deltaPercent[1]).toBeNull(); // from 0: undefined
    expect(row(rows, 'waf').values).toEqual([0.995, 1.4225]);
    expect(row(rows, 'block_erases').values).toEqual([0, 172]);
    // A write-only run completed no reads: no read latency, no mark.
    expect(row(rows, 'read_p99_us').values).toEqual([null, null]);
    expect(row(rows, 'read_p99_us').better).toEqual([false, false]);
    expect(row(rows, 'write_p999_us').values).toEqual([809500.672, 1233125.376]);
    expect(row(rows, 'write_p999_us').better).toEqual([true, false]);
  });

  it('IOPS of a run stopped before its jobs ended: the core’s, or none from an older core', () => {
    // The core's figure for a stopped run is its rate so far (sim-core
    // Host::IoSpanNs): shown as it is.
    const stopped = { ...fifo, throughput: { ...fifo.throughput, iops: 11_500.25 } };
    expect(row(compareRows([greedy, stopped]), 'iops').values[1]).toBe(11_500.25);
    // An older core said 0 for a stopped run that did 11,791 requests: no
    // figure, rather than one worked out here from the simulated time.
    const older = { ...fifo, throughput: { ...fifo.throughput, iops: 0 } };
    expect(row(compareRows([greedy, older]), 'iops').values).toEqual([12121.42094, null]);
    // A run that did no I/O has 0 IOPS, truly.
    const idle: RunResult = {
      ...older,
      host: { ...fifo.host, read_requests: 0, write_requests: 0, trim_requests: 0 },
    };
    expect(row(compareRows([idle]), 'iops').values).toEqual([0]);
  });

  it('GC bytes moved are the core’s; an older core’s result without them shows none', () => {
    // The fifo run's device has 4 KiB units; the core's bytes are taken as
    // they are, never units times a guessed size.
    const gc = { runs: 62, units_moved: 2487 };
    const olderCore: RunResult = { ...fifo, gc };
    expect(row(compareRows([greedy, olderCore]), 'gc_bytes').values).toEqual([9416704, null]);
    const twoKiBUnits: RunResult = { ...fifo, gc: { ...gc, bytes_moved: 2487 * 2048 } };
    expect(row(compareRows([twoKiBUnits]), 'gc_bytes').values).toEqual([2487 * 2048]);
  });

  it('a column without a result (failed config) is skipped when marking', () => {
    const rows = compareRows([greedy, null, fifo]);
    expect(row(rows, 'waf').values).toEqual([1.375352, null, 1.41495]);
    expect(row(rows, 'waf').better).toEqual([true, false, false]);
    expect(row(rows, 'waf').deltaPercent[1]).toBeNull();
    // One value alone is not "better" than anything.
    expect(markBetter([null, 3], 'lower')).toEqual([false, false]);
    // Ties at the best value are all marked.
    expect(markBetter([2, 1, 1], 'lower')).toEqual([false, true, true]);
  });

  it('formats the difference with its sign', () => {
    expect(formatDelta(deltaPercent(1.41495, 1.375352))).toBe('+2.9 %');
    expect(formatDelta(-12.34)).toBe('−12 %');
    expect(formatDelta(0.01)).toBe('±0 %');
    expect(formatDelta(null)).toBe('');
  });
});

describe('runs that wrote different amounts', () => {
  const greedy = fixture('tiny-greedy');
  // The same drive, but a run that wrote half as much and erased 40 blocks:
  // fewer erases in total, more per GB written (40 / 12.35 GB vs 64 / 24.69 GB).
  const half: RunResult = {
    ...greedy,
    host: { ...greedy.host, write_bytes: greedy.host.write_bytes / 2 },
    nand: { ...greedy.nand, block_erases: 40 },
  };

  it('judges block erases per GB written, not the run that simply wrote less', () => {
    const erases = row(compareRows([greedy, half]), 'block_erases');
    expect(erases.values).toEqual([64, 40]);
    expect(erases.perGbWritten?.[0]).toBeCloseTo(64 / 0.024694784, 6); // 2591.6 per GB
    expect(erases.perGbWritten?.[1]).toBeCloseTo(40 / 0.012347392, 6); // 3239.6 per GB
    expect(erases.better).toEqual([true, false]);
    expect(erases.deltaPercent[1]).toBeCloseTo(25, 6); // 80/64 − 1
  });

  it('keeps totals where both wrote the same (within 1 %)', () => {
    const same: RunResult = { ...greedy, nand: { ...greedy.nand, block_erases: 40 } };
    const erases = row(compareRows([greedy, same]), 'block_erases');
    expect(erases.perGbWritten).toBeNull();
    expect(erases.better).toEqual([false, true]);
    expect(writtenDiffers([greedy, same])).toBeNull();
    expect(writtenDiffers([greedy, half])).toEqual([24694784, 12347392]);
  });

  it('leaves WAF and latency as they are: already per byte or per request', () => {
    const rows = compareRows([greedy, half]);
    expect(row(rows, 'waf').perGbWritten).toBeNull();
    expect(row(rows, 'write_p99_us').perGbWritten).toBeNull();
  });
});
