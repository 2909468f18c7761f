// Memory bounded by the drive, never by the run (issue 14): the wasm heap
// after one pass of 4 KiB random writes over a full drive and after four
// passes differ by less than 15 %. The heap never shrinks, so the 1-pass
// run goes first in a fresh module (Vitest gives each test file its own)
// and the 4-pass run must fit in what it left; before the fix every GC and
// stall event was kept, about 2 million here (80 MB) for four passes.
// The run is driven as the worker drives it: slices, with a snapshot and
// its meta (series and events since the last) every few slices.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { loadNodeModule, openSession } from './node';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const gluePath = join(repoRoot, 'packages/wasm/dist/flashscope.node.cjs');

// tlc-8g's geometry cut to 48 blocks per plane, 15 % over-provisioning
// (GC's spare blocks): 2.2 GiB raw, 1.9 GiB logical, filled first.
const device = JSON.stringify({
  name: 'memory-2g',
  cell: 'tlc',
  geometry: {
    channels: 4,
    dies_per_channel: 2,
    planes_per_die: 2,
    blocks_per_plane: 48,
    pages_per_block: 192,
    page_bytes: 16384,
  },
  overprovision: 0.15,
  write_buffer_bytes: 33554432,
  precondition: { fill: 1 },
});

/** `passes` x the logical capacity of 4 KiB random writes (fio's loops). */
function randomWrites(passes: number): string {
  return `[randwrite]\nrw=randwrite\nbs=4k\niodepth=32\nnorandommap=1\nloops=${passes}\n`;
}

interface Run {
  heapBytes: number;
  gcRuns: number;
  eventsSeen: number;
  seriesPoints: number;
}

/** Runs `passes` x the logical capacity of random writes; the heap after. */
function run(passes: number): Run {
  const session = openSession({ deviceJson: device, fioText: randomWrites(passes) });
  try {
    session.precondition();
    let slices = 0;
    let eventsSeen = 0;
    let seriesPoints = 0;
    while (session.advance(Number.MAX_SAFE_INTEGER, 200_000) !== 'finished') {
      if (++slices % 8 === 0) {
        const { meta } = session.snapshot();
        eventsSeen += meta.events.length + meta.events_dropped;
        seriesPoints += meta.series.t_ms.length;
      }
    }
    const result = JSON.parse(session.result()) as {
      gc: { runs: number };
      series: { t_ms: number[] };
    };
    expect(result.series.t_ms.length).toBeLessThanOrEqual(4096);
    return {
      heapBytes: loadNodeModule().HEAPU8.length,
      gcRuns: result.gc.runs,
      eventsSeen,
      seriesPoints,
    };
  } finally {
    session.destroy();
  }
}

describe.skipIf(!existsSync(gluePath))('wasm heap against run length', () => {
  it('four passes of random writes need less than 15 % more heap than one', () => {
    const one = run(1);
    const four = run(4);
    console.log(
      `wasm heap: 1 pass ${(one.heapBytes / 2 ** 20).toFixed(1)} MiB, ` +
        `4 passes ${(four.heapBytes / 2 ** 20).toFixed(1)} MiB ` +
        `(${four.eventsSeen} events reported to the live view, ${four.gcRuns} GC runs)`,
    );
    // The runs did meet GC: millions of events were produced and passed.
    expect(four.gcRuns).toBeGreaterThan(3 * one.gcRuns);
    expect(four.eventsSeen).toBeGreaterThan(100_000);
    expect(four.heapBytes).toBeLessThan(1.15 * one.heapBytes);
  }, 300_000);
});
