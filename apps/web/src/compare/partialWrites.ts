// Writes smaller than the drive's mapping unit (or unaligned to it): the
// drive writes whole units, so NAND bytes exceed the host's with no GC at
// all (a trace of 512-byte database writes shows a WAF of 1.4 on an empty
// drive), and it reads each partial unit's old data first
// (read-modify-write). The compare view says so under the table, so that
// WAF is not read as garbage collection's.

import { formatWaf } from '../app/format';
import type { RunResult } from '../runs/resultJson';

/** A note for the columns whose writes were rounded up to whole units, or null. */
export function partialWritesNote(
  columns: ReadonlyArray<{ label: string; result: RunResult | null }>,
): string | null {
  const affected = columns.filter(({ result }) => {
    const rounding = result?.partial_writes?.rounding_waf;
    // Below 1 % the rounding does not change the WAF's second decimal.
    return typeof rounding === 'number' && rounding >= 1.01;
  });
  if (affected.length === 0) return null;
  const which = affected
    .map(({ label, result }) => {
      const partial = result?.partial_writes;
      const reads = partial?.rmw_reads ?? 0;
      return (
        `${label} (×${formatWaf(partial?.rounding_waf)}` +
        (reads > 0 ? `, ${reads.toLocaleString('en-US')} old units read first` : '') +
        ')'
      );
    })
    .join(', ');
  return (
    `Writes covering part of a mapping unit are written as whole units in ${which}: ` +
    'that rounding is part of the WAF, with or without garbage collection.'
  );
}
