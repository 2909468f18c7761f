// What the report says about the job file, from the core's resolution of
// it on the run's device (fs_fio_resolve): each job's size in fio's binary
// unit beside the report's decimal one, and the core's warning when a job
// overwrites the data the fill level put on the drive.

import type { ResolvedFio } from '@flashscope/wasm/protocol';
import { formatBinaryBytes, formatBytes } from '../app/format';
import { escapeHtml } from './reportHtml';

/**
 * Where the job's sizes meet the report's amounts: fio reads k, m, g, t as
 * binary (size=26g is 26 GiB), the tables give decimal GB (27.9 GB). Each
 * distinct job size in both, from the core's resolution of the job.
 */
export function jobUnitsNote(fio: ResolvedFio | null): string {
  const bySize = new Map<number, string[]>();
  for (const job of fio?.jobs ?? []) {
    if (typeof job.size_bytes !== 'number' || job.size_bytes <= 0) continue;
    bySize.set(job.size_bytes, [...(bySize.get(job.size_bytes) ?? []), job.name]);
  }
  if (bySize.size === 0) return '';
  const sizes = [...bySize].map(
    ([bytes, jobs]) =>
      `${jobs.join(', ')}: ${formatBinaryBytes(bytes)} = ${formatBytes(bytes)}` +
      (jobs.length > 1 ? ' each' : ''),
  );
  return (
    `<p class="note" data-testid="report-units">Sizes in the job are binary, as fio reads ` +
    `them (k, m, g, t: KiB, MiB, GiB, TiB); this report's amounts are decimal, as drive ` +
    `vendors quote them (1 GB = 10^9 bytes). Job sizes in both: ${escapeHtml(sizes.join('; '))}.</p>`
  );
}

/** The core's warning that a job overwrites the data the fill level put on the drive. */
export function fillOverwriteNote(fio: ResolvedFio | null): string {
  const overwrites = fio?.fill_overwrites ?? [];
  if (overwrites.length === 0) return '';
  const items = overwrites.map((o) => `<li>${escapeHtml(o.message)}</li>`).join('');
  return (
    `<div class="warning" data-testid="report-fill-overwrite"><strong>The fill level and ` +
    `the job overlap:</strong> the figures are those of a drive whose writes replaced data ` +
    `already on it, not of a drive that full taking new data.<ul>${items}</ul></div>`
  );
}
