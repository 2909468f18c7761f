// "Consistency 0.00 %" explained (issue 18): 0 exactly when a kept interval
// completed no I/O (the core's definition: the smallest kept interval's
// IOPS over the mean), otherwise the plain definition.
import { describe, expect, it } from 'vitest';
import { consistencyNote } from './consistencyNote';

const intervals = (min: number) => ({
  interval_ms: 10,
  samples: 120,
  mean: 5_000,
  stddev: 900,
  consistency_dropped: 0,
  consistency_min: min,
});

describe('the consistency note', () => {
  it('says a 0 % means an interval completed no I/O: the drive stalled', () => {
    const note = consistencyNote({ consistency: 0, iops_intervals: intervals(0) });
    expect(note.stalled).toBe(true);
    expect(note.text).toMatch(/^0 %: at least one 10 ms interval completed no I\/O at all/);
    expect(note.text).toMatch(/stalled/);
  });

  it('gives the definition otherwise (3,100 of a 5,000 mean: 62 %)', () => {
    const note = consistencyNote({ consistency: 0.62, iops_intervals: intervals(3_100) });
    expect(note.stalled).toBe(false);
    expect(note.text).toMatch(/slowest interval’s IOPS .* over the mean/);
  });

  it('says nothing of stalls without samples', () => {
    expect(consistencyNote({ consistency: null, iops_intervals: intervals(0) }).stalled).toBe(
      false,
    );
  });
});
