// A real run for unit tests: the Node flavour of the wasm core through the
// worker's own session wrapper, stepped in slices of simulated time, each
// slice's frame handed to a real app store as the worker's snapshots are
// (sim.frameArrived); then the core's result JSON at that moment. The
// views' figure functions read that store, so a test holds what the screen
// shows to what the exported result says, with the core's real numbers.

import { openSession } from '@flashscope/wasm/node';
import type { LoadRequest } from '@flashscope/wasm/protocol';
import { createAppStore, type AppStore } from '../store';

export interface StoreRun<Result> {
  store: AppStore;
  /** The result JSON, parsed: the run's end, or the moment it stopped. */
  result: Result;
  frames: number;
}

/**
 * Runs `request` in slices of `sliceMs` simulated ms, one frame each (a
 * busy UI sees about this: the worker merges what a frame cannot carry),
 * to the end, or until simulated time `stopAtMs` (a run stopped midway).
 */
export function runThroughStore<Result>(
  request: LoadRequest,
  sliceMs: number,
  stopAtMs = Infinity,
): StoreRun<Result> {
  const store = createAppStore();
  const session = openSession(request);
  try {
    const { layout, device } = session.describe();
    store.getState().sim.loaded(layout, device);
    session.precondition();
    let untilNs = 0;
    let frames = 0;
    let stop: string;
    do {
      untilNs = Math.min(untilNs + sliceMs * 1e6, stopAtMs * 1e6);
      stop = session.advance(untilNs, Number.MAX_SAFE_INTEGER);
      const { frame, blocks, meta } = session.snapshot();
      store.getState().sim.frameArrived({ frame, blocks, meta });
      frames++;
    } while (stop !== 'finished' && untilNs < stopAtMs * 1e6);
    return { store, result: JSON.parse(session.result()) as Result, frames };
  } finally {
    session.destroy();
  }
}

/**
 * The core's tests' small TLC drive (128 blocks of 48 pages of 16 KiB, 20 %
 * spare, a 1 MiB write buffer), filled and overwritten at random before the
 * run, so GC runs from the first write: its JSON text, named `name`.
 */
export function agedSmallTlc(name: string): string {
  return JSON.stringify({
    name,
    cell: 'tlc',
    geometry: {
      channels: 2,
      dies_per_channel: 1,
      planes_per_die: 2,
      blocks_per_plane: 32,
      pages_per_block: 48,
      page_bytes: 16384,
    },
    overprovision: 0.2,
    write_buffer_bytes: 1048576,
    precondition: { fill: 1, random_writes: 1 },
  });
}
