// The words beside the WAF (issue 28), from the core's counts as runs of
// the real traces produce them (`flashscope run --json`, figures quoted
// below): why a WAF is below 1, the padding share, and the drain.
import { describe, expect, it } from 'vitest';
import type { EndOfRunMeta } from '@flashscope/wasm/protocol';
import { drainNote, paddingNote, paddingShare, wafBelowOneNote } from './wafNotes';

describe('a WAF below 1', () => {
  // MSR hm_0 on teaching-slc-tiny: WAF 0.829, the buffer empty at the end,
  // 864,256 bytes of rewrites met in the buffer.
  const hm0 = { buffered_bytes: 0, overwritten_bytes: 864_256, trimmed_bytes: 0 };

  it('names rewrites met in the buffer, not data still held, on a finished run', () => {
    const note = wafBelowOneNote(0.829, hm0);
    expect(note).toBe(
      'Below 1: 864 kB of host writes were overwritten in the write buffer before they reached flash (only the newest copy is programmed)',
    );
    expect(note).not.toMatch(/still held/);
  });

  it('names data still held in the buffer while there is some, largest cause first', () => {
    const note = wafBelowOneNote(0.62, {
      buffered_bytes: 2_097_152,
      overwritten_bytes: 40_960,
      trimmed_bytes: 8_192,
    });
    expect(note).toBe(
      'Below 1: 2.1 MB are still held in the write buffer, not yet on flash; ' +
        '41.0 kB of host writes were overwritten in the write buffer before they reached flash (only the newest copy is programmed); ' +
        '8.2 kB were trimmed while still in the write buffer',
    );
  });

  it('claims no cause the core did not count', () => {
    expect(
      wafBelowOneNote(0.9, { buffered_bytes: 0, overwritten_bytes: 0, trimmed_bytes: 0 }),
    ).toBe('Below 1: fewer bytes have reached flash than the host wrote');
    expect(wafBelowOneNote(0.9, undefined)).toBe(
      'Below 1: fewer bytes have reached flash than the host wrote',
    );
  });

  it('needs no note at 1 or above, nor without a WAF', () => {
    expect(wafBelowOneNote(1, hm0)).toBeNull();
    expect(wafBelowOneNote(2.57, hm0)).toBeNull();
    expect(wafBelowOneNote(null, hm0)).toBeNull();
  });
});

describe('the padding share', () => {
  it('is shown from 5 % of the page programs (hm_0 on tlc-8g: 473 of 645)', () => {
    const programs = { host: 172, gc: 0, migration: 0, padding: 473 };
    expect(paddingShare(programs)).toBeCloseTo(0.733, 3);
    expect(paddingNote(programs)).toBe('73 % padding');
    expect(paddingNote({ host: 95, padding: 5 })).toBe('5 % padding');
  });

  it('is not shown below 5 % (the Tencent replay: 207 of 141,558), nor from an older core', () => {
    expect(paddingNote({ host: 52_410, gc: 88_941, padding: 207 })).toBeNull();
    expect(paddingNote({ host: 96, padding: 4 })).toBeNull();
    expect(paddingNote({ host: 52_413, gc: 89_145 })).toBeNull();
    expect(paddingNote(undefined)).toBeNull();
    expect(paddingShare({ host: 0, padding: 0 })).toBeNull();
  });
});

describe('the end-of-run drain', () => {
  // tlc-8g filled, the Tencent CBS sample replayed (16 KiB pages).
  const tencent: EndOfRunMeta = {
    host_end_ms: 6802.493861,
    drain_ms: 1064.034428,
    buffered_bytes: 33_329_152,
    buffer_drained_bytes: 33_329_152,
    buffer_held_bytes: 0,
    drain_page_programs: 21_087,
    drain_nand_write_bytes: 345_489_408,
    drain_programs_by_cause: { host: 2034, gc: 19_011, migration: 0, padding: 42 },
  };

  it('says what a drain larger than the buffer held programmed, by cause', () => {
    expect(drainNote(tencent)).toBe(
      'The end-of-run drain programmed 345 MB of flash for 33.3 MB held in the write buffer: ' +
        '33.3 MB buffered host data, 311 MB garbage collection, 688 kB padding',
    );
  });

  it('says nothing when the drain programmed no more than the buffer held, or before the end', () => {
    const exact: EndOfRunMeta = {
      ...tencent,
      buffered_bytes: 8192,
      buffer_drained_bytes: 8192,
      drain_page_programs: 2,
      drain_nand_write_bytes: 8192,
      drain_programs_by_cause: { host: 2 },
    };
    expect(drainNote(exact)).toBeNull();
    expect(drainNote(null)).toBeNull();
    expect(drainNote(undefined)).toBeNull();
  });
});
