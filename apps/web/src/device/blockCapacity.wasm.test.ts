// The block tooltip's "Valid units X / N" and "Written units X / N" against
// the real simulator (the Node flavour of the wasm module): N is what the
// core says a block of that mode holds (layout.slc_units_per_block for a
// pSLC block), and a full block of the teaching QLC drive has written
// exactly N units: 256 native, 64 in pSLC.

import { BlockMode } from '@flashscope/wasm/protocol';
import { describe, expect, it } from 'vitest';
import { presetText, runToFrame } from '../app/testRun';
import { blockCapacityUnits } from './deviceGrid';

const FULL = 2; // BlockArrays.state: 0 free, 1 open, 2 full, 3 GC victim

describe('block capacity in a real run', () => {
  it('is 64 units for a full pSLC block and 256 for a full native one (teaching QLC drive)', () => {
    // 120 MiB of sequential writes: through the 8 MiB static and the 56 MiB
    // dynamic pSLC, the rest straight to native QLC once the cache is full
    // (when_full direct), then 24 MiB of random rewrites.
    const fio =
      '[fill]\nrw=write\nbs=1m\niodepth=8\nsize=120m\n\n' +
      '[rewrite]\nstonewall\nrw=randwrite\nbs=4k\niodepth=8\nsize=40m\nio_size=24m\n';
    const { layout, frame } = runToFrame({
      deviceJson: presetText('teaching-qlc-slc'),
      fioText: fio,
    });
    expect(layout.units_per_block).toBe(256);
    expect(layout.slc_units_per_block).toBe(64);
    const { state, mode, writtenUnits } = frame.blocks;
    const written = new Map<number, Set<number>>();
    for (let id = 0; id < state.length; id++) {
      if (state[id] !== FULL) continue;
      const set = written.get(mode[id]) ?? new Set<number>();
      set.add(writtenUnits[id]);
      written.set(mode[id], set);
    }
    // Every full block of a mode has written what the tooltip calls full.
    for (const blockMode of [BlockMode.Native, BlockMode.SlcStatic, BlockMode.SlcDynamic]) {
      expect([...(written.get(blockMode) ?? [])]).toEqual([blockCapacityUnits(layout, blockMode)]);
    }
    expect(blockCapacityUnits(layout, BlockMode.SlcStatic)).toBe(64);
    expect(blockCapacityUnits(layout, BlockMode.Native)).toBe(256);
  }, 120_000);
});
