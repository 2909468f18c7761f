import { describe, expect, it } from 'vitest';
import type { RunResult } from '../runs/resultJson';
import { partialWritesNote } from './partialWrites';

// The TPC-C MQSim trace on tlc-8g (flashscope run ... --json): 2299 of its
// 2618 writes cover part of a 4 KiB unit, 32,747,520 bytes of whole units
// for 23,403,520 written (1.399); filled first, 4539 old units were read.
const result = (rounding: number, reads: number): RunResult =>
  ({
    partial_writes: {
      writes: 2299,
      units: 4544,
      unit_bytes: 0,
      rounding_waf: rounding,
      rmw_reads: reads,
    },
  }) as unknown as RunResult;

describe('partialWritesNote', () => {
  it('names the columns whose writes were rounded up, with the factor and the reads', () => {
    const note = partialWritesNote([
      { label: 'tpcc filled', result: result(1.399256, 4539) },
      { label: 'aligned', result: result(1, 0) },
    ]);
    expect(note).toContain('tpcc filled (×1.40, 4,539 old units read first)');
    expect(note).not.toContain('aligned');
  });

  it('says nothing for aligned writes, older cores or runs without writes', () => {
    expect(partialWritesNote([{ label: 'aligned', result: result(1, 0) }])).toBeNull();
    expect(partialWritesNote([{ label: 'old', result: {} as RunResult }])).toBeNull();
    expect(partialWritesNote([{ label: 'none yet', result: null }])).toBeNull();
  });
});
