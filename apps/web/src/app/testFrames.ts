// A run of the real core for unit tests of what the charts draw: the Node
// flavour of the wasm module (packages/wasm/dist/flashscope.node.cjs, built
// by scripts/build-wasm.sh), stepped in frames of simulated time as the
// worker steps it, each frame's meta appended to a SeriesBuffer as the sim
// slice appends it (series_reset included). A frame covering more than 256
// series points carries them merged, as the worker's do at full speed.

import { openSession } from '@flashscope/wasm/node';
import type { LoadRequest, SnapshotMeta } from '@flashscope/wasm/protocol';
import { SeriesBuffer } from '../store/seriesBuffer';

export interface FramedRun<Result> {
  /** The series as the store holds it after the last frame. */
  series: SeriesBuffer;
  /** The last frame's meta (finished). */
  meta: SnapshotMeta;
  /** The result JSON, as the app exports it. */
  result: Result;
}

/** Runs `request` to its end, a frame every `frameNs` of simulated time. */
export function runInFrames<Result>(request: LoadRequest, frameNs: number): FramedRun<Result> {
  const session = openSession(request);
  try {
    session.precondition();
    const series = new SeriesBuffer();
    let meta: SnapshotMeta | null = null;
    for (let untilNs = frameNs; ; untilNs += frameNs) {
      // The event budget only splits a frame's work; the frame ends at its time.
      let stop = session.advance(untilNs, 1_000_000);
      while (stop === 'budget') stop = session.advance(untilNs, 1_000_000);
      meta = session.snapshot().meta;
      if (meta.series_reset) series.clear();
      series.append(meta.series);
      if (stop === 'finished') break;
    }
    return { series, meta, result: JSON.parse(session.result()) as Result };
  } finally {
    session.destroy();
  }
}
