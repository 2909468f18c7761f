// The SLC card's "Dynamic … (up to X)" and the funnel's rim against the
// real simulator (the Node flavour of the wasm module): X is the most the
// dynamic cache can be on the drive that runs, which an empty drive lends
// at its first write (meta.slc.dynamic_capacity_bytes_at_start), not the
// device JSON's dynamic_max_bytes. Whole pSLC blocks per plane round it
// down; the user space / bits per cell caps it.

import { describe, expect, it } from 'vitest';
import { formatBytes } from '../app/format';
import { presetText, runToFrame } from '../app/testRun';
import { EventLog } from '../store/eventLog';
import type { Frame } from '../store/simSlice';
import { slcView } from './slcFigures';

const SEQUENTIAL_WRITES = '[w]\nrw=write\nbs=1m\niodepth=8\nsize=8m\n';

/** The card's figures 10 ms into sequential writes on an empty drive. */
function cardAtStart(preset: string, set: string[] = []) {
  const run = runToFrame({ deviceJson: presetText(preset), fioText: SEQUENTIAL_WRITES, set }, 10e6);
  const frame = { meta: run.frame.meta } as unknown as Frame;
  const view = slcView({ frame, device: run.device, events: new EventLog() })!;
  return { view, slc: run.frame.meta.slc! };
}

describe("the SLC card's dynamic maximum in a real run", () => {
  it('is what the empty drive lends, in whole pSLC blocks (qlc-128g-slc: 16.0 GB of the 16 GB asked)', () => {
    // 32 planes of 4 MiB pSLC blocks lend 128 MiB a row: 16 GB is 119.2
    // rows, so 119. (The device's 1.5 GB static is 12 rows, 1.61 GB: the
    // device JSON's static + dynamic less that read 15.9 GB.)
    const { view, slc } = cardAtStart('qlc-128g-slc');
    expect(slc.dynamic_capacity_bytes_at_start).toBe(119 * 134_217_728);
    expect(view.dynamicMaxBytes).toBe(slc.dynamic_capacity_bytes_at_start);
    expect(formatBytes(view.dynamicMaxBytes)).toBe('16.0 GB');
    expect(view.maxBytes).toBe(view.staticCapacityBytes + slc.dynamic_capacity_bytes_at_start);
  });

  it('stops at the user space: 200 MiB asked of the teaching QLC drive, 81.8 MB lent', () => {
    // 80,457 logical units of 4 KiB / 4 bits / 64 units per pSLC block /
    // 4 planes: 78 rows of 1 MiB.
    const { view, slc } = cardAtStart('teaching-qlc-slc', [
      'slc_cache.dynamic_max_bytes=209715200',
    ]);
    expect(slc.dynamic_capacity_bytes_at_start).toBe(78 * 1_048_576);
    expect(view.dynamicMaxBytes).toBe(slc.dynamic_capacity_bytes_at_start);
    expect(formatBytes(view.dynamicMaxBytes)).toBe('81.8 MB');
    // The funnel's rim is the largest cache this drive can have.
    expect(view.maxBytes).toBe(view.staticCapacityBytes + 78 * 1_048_576);
  });
});
