import { describe, expect, it } from 'vitest';
import type { ZnsMeta } from '@flashscope/wasm/protocol';
import { ZoneAnimator } from './zoneAnimator';
import { zoneRenderStats } from './zoneRenderStats';

function meta(gcWriteBytes: number, targets: Array<[number, number]>): ZnsMeta {
  return {
    zone_count: 4,
    zone_capacity_blocks: 64,
    max_open: 2,
    max_active: 2,
    classes: 2,
    placement: 'normal',
    gc_victim: 'greedy',
    open: 1,
    active: 1,
    resets: 0,
    gc_count: 0,
    waf: null,
    user_write_bytes: 0,
    gc_write_bytes: gcWriteBytes,
    state: [1, 1, 1, 1],
    wp: [0, 0, 0, 0],
    valid: [0, 0, 0, 0],
    class: [0, 0, 0, 0],
    gp_histogram: [],
    mean_reclaimed_gp: null,
    gc_zone: -1,
    gc_sources: targets.length > 0 ? [0] : [],
    gc_targets: targets,
  };
}

describe('zoneRenderStats', () => {
  it('counts the frames whose GC targets add up to the GC writes since the frame before', () => {
    const animator = new ZoneAnimator();
    zoneRenderStats.startRun();
    zoneRenderStats.recordFrame(1, meta(0, []), animator);
    // 12 + 4 blocks copied, and gc_write_bytes grew by 16 blocks: exact.
    zoneRenderStats.recordFrame(
      2,
      meta(16 * 4096, [
        [1, 12],
        [2, 4],
      ]),
      animator,
    );
    expect(zoneRenderStats.gcExactFrames).toBe(1);
    // The same frame repainted (a resize) counts once.
    zoneRenderStats.recordFrame(2, meta(16 * 4096, [[1, 16]]), animator);
    expect(zoneRenderStats.gcExactFrames).toBe(1);
    // A frame that does not follow the one before is not checked, nor is
    // one whose targets miss blocks (more than 16 zones took some).
    zoneRenderStats.recordFrame(4, meta(20 * 4096, [[1, 4]]), animator);
    zoneRenderStats.recordFrame(5, meta(30 * 4096, [[1, 9]]), animator);
    expect(zoneRenderStats.gcExactFrames).toBe(1);
    zoneRenderStats.startRun();
    expect(zoneRenderStats.gcExactFrames).toBe(0);
  });
});
