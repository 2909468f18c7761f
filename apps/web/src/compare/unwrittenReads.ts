// Reads that found no data: a trace replayed on an empty drive reads
// addresses nothing wrote, and the drive answers those at once without a
// flash read, so its read latencies are no drive's. The compare view says
// so under the table instead of letting such a column "win".

import { formatBytes } from '../app/format';
import type { RunResult } from '../runs/resultJson';

/** A warning for the columns whose reads mostly found no data, or null. */
export function unwrittenReadsNote(
  columns: ReadonlyArray<{ label: string; result: RunResult | null }>,
): string | null {
  const affected = columns.filter(({ result }) => {
    const unwritten = result?.unwritten_read_bytes ?? 0;
    const read = result?.host.read_bytes ?? 0;
    // A few stray reads of unwritten data do not skew the figures.
    return read > 0 && unwritten >= 0.1 * read;
  });
  if (affected.length === 0) return null;
  const which = affected
    .map(({ label, result }) => `${label} (${formatBytes(result?.unwritten_read_bytes ?? 0)})`)
    .join(', ');
  return (
    `Reads of data never written were answered without a flash read in ${which}: ` +
    'their read latencies are not a real drive’s. Raise “Filled before the run” ' +
    '(the workload section) to read from NAND.'
  );
}
