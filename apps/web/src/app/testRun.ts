// A real run for unit tests of what a view shows: the Node flavour of the
// wasm module (packages/wasm/dist/flashscope.node.cjs, built by
// scripts/build-wasm.sh) stepped in slices of simulated time as the worker
// steps it, then the frame the worker would post (layout, device, snapshot
// and meta) and the result JSON an export would write.

import { readFileSync } from 'node:fs';
import { openSession } from '@flashscope/wasm/node';
import type { BlockArrays, Layout, LoadRequest, SnapshotMeta } from '@flashscope/wasm/protocol';

/** A device preset's JSON text (public/presets/devices/NAME.json). */
export function presetText(name: string): string {
  return readFileSync(
    new URL(`../../../../public/presets/devices/${name}.json`, import.meta.url),
    'utf8',
  );
}

/** A scenario file (public/scenarios/NAME.json), parsed. */
export function scenarioFile(name: string): Record<string, unknown> {
  const url = new URL(`../../../../public/scenarios/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
}

export interface TestRun {
  layout: Layout;
  device: Record<string, unknown>;
  /** The frame at the stop: block arrays and the snapshot meta. */
  frame: { blocks: BlockArrays; meta: SnapshotMeta };
  /** The result JSON, parsed (the run's figures so far when it stopped early). */
  result: Record<string, unknown>;
}

const SLICE_NS = 50e6;

/**
 * Runs `request` (preconditioned first) in slices of simulated time until
 * `untilNs` (default: the end of the run). The slices change nothing the
 * core computes (it is deterministic), only how often control returns.
 */
export function runToFrame(request: LoadRequest, untilNs = Infinity): TestRun {
  const session = openSession(request);
  try {
    session.precondition();
    let at = 0;
    while (at < untilNs) {
      at = Math.min(at + SLICE_NS, untilNs);
      if (session.advance(at, Infinity) === 'finished') break;
    }
    const { layout, device } = session.describe();
    const frame = session.snapshot();
    const result = JSON.parse(session.result()) as Record<string, unknown>;
    return { layout, device, frame, result };
  } finally {
    session.destroy();
  }
}
