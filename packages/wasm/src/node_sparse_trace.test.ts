// A sparse address space scans in the browser's wasm heap (issue 28): a
// million 4 KiB requests at offsets up to 2^62 touch a million 32 MiB
// pages of the footprint's bitmap; at 1 KiB a page that was 1.09 GB, and
// the scan died with a raw std::bad_alloc in the worker. Now the footprint
// keeps a fixed budget and states an estimate. Its own test file: Vitest
// gives each a fresh module, so the heap measured is this scan's.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { inspectTrace, loadNodeModule } from './node';
import type { TraceSummary } from './protocol';
import { memoryTraceBytes } from './trace_bytes';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const gluePath = join(repoRoot, 'packages/wasm/dist/flashscope.node.cjs');

const REQUESTS = 1_000_000;

/** MQSim lines "time_ns 0 sector 8 0": 4 KiB writes anywhere below 2^62 bytes (an LCG). */
function sparseTrace(): Uint8Array {
  const lines: string[] = [];
  let state = 0x2862n;
  for (let i = 1; i <= REQUESTS; i++) {
    state = (state * 6364136223846793005n + 1442695040888963407n) & 0xffff_ffff_ffff_ffffn;
    const block = state >> 14n; // below 2^50 blocks of 4 KiB
    lines.push(`${i * 1000} 0 ${block * 8n} 8 0`);
  }
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

describe.skipIf(!existsSync(gluePath))('a sparse trace in wasm', () => {
  it('scans a million requests over 2^62 bytes with an estimated footprint', () => {
    const inspection = inspectTrace({
      name: 'sparse.trace',
      options: { format: 'mqsim' },
      bytes: memoryTraceBytes(sparseTrace()),
    });
    let summary: TraceSummary;
    try {
      while (!inspection.scan(16 << 20));
      summary = JSON.parse(inspection.summaryJson()) as TraceSummary;
    } finally {
      inspection.close();
    }
    const heapBytes = loadNodeModule().HEAPU8.length;
    console.log(
      `sparse scan: footprint ${(summary.footprint_bytes / 1e9).toFixed(3)} GB ` +
        `(${summary.footprint_estimated ? 'estimated' : 'exact'}), ` +
        `wasm heap ${(heapBytes / 2 ** 20).toFixed(1)} MiB`,
    );
    expect(summary.requests).toBe(REQUESTS);
    expect(summary.footprint_estimated).toBe(true);
    expect(summary.footprint_bytes / (REQUESTS * 4096)).toBeGreaterThan(0.97);
    expect(summary.footprint_bytes / (REQUESTS * 4096)).toBeLessThan(1.03);
    expect(summary.notes.some((note) => note.startsWith('the footprint is an estimate'))).toBe(
      true,
    );
    // The budget's 32 MiB of bits and the reader's chunks, not a gigabyte.
    expect(heapBytes).toBeLessThan(256 * 2 ** 20);
  });
});
