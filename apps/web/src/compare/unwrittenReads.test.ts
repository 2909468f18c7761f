import { describe, expect, it } from 'vitest';
import type { RunResult } from '../runs/resultJson';
import { unwrittenReadsNote } from './unwrittenReads';

// The WebSearch MQSim trace on teaching-qlc-slc: 382,085,120 bytes read; on
// an empty drive 382,160,896 bytes (whole 4 KiB units) found no data
// (flashscope run ... --map compact --json), filled first none did.
const result = (unwritten: number): RunResult =>
  ({ host: { read_bytes: 382085120 }, unwritten_read_bytes: unwritten }) as unknown as RunResult;

describe('unwrittenReadsNote', () => {
  it('names the columns whose reads found no data, with how much', () => {
    const note = unwrittenReadsNote([
      { label: 'empty', result: result(382160896) },
      { label: 'filled', result: result(0) },
    ]);
    expect(note).toContain('empty (382 MB)');
    expect(note).not.toContain('filled');
  });

  it('says nothing when reads reached NAND or when a few strays did not', () => {
    expect(unwrittenReadsNote([{ label: 'filled', result: result(0) }])).toBeNull();
    expect(unwrittenReadsNote([{ label: 'mostly', result: result(1_000_000) }])).toBeNull();
    expect(unwrittenReadsNote([{ label: 'none yet', result: null }])).toBeNull();
  });
});
