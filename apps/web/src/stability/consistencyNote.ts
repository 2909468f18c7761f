// The note under the stability report's consistency figure. Consistency is
// the smallest per-interval IOPS kept (after dropping the lowest 0.01 %,
// none below 10 000 intervals) over the mean (stability/steady_state.h), so
// 0 % means a kept interval completed no I/O at all: the drive stalled for
// at least that long. A bare "0.00 %" reads as a broken figure; say why.

import type { StabilityResult } from './stabilityResult';

export function consistencyNote(result: Pick<StabilityResult, 'consistency' | 'iops_intervals'>): {
  text: string;
  stalled: boolean;
} {
  const { interval_ms: intervalMs, consistency_min: minIops } = result.iops_intervals;
  if (result.consistency !== null && minIops === 0) {
    return {
      text: `0 %: at least one ${intervalMs} ms interval completed no I/O at all — the drive stalled (e.g. for garbage collection). The lowest interval over the mean, so any stall makes it 0.`,
      stalled: true,
    };
  }
  return {
    text: 'The slowest interval’s IOPS (after dropping the lowest 0.01 %) over the mean; 100 % is perfectly even',
    stalled: false,
  };
}
