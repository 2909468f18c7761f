import { describe, expect, it } from 'vitest';
import type { SimEvent } from '@flashscope/wasm/protocol';
import {
  GC_ARROW_MS,
  MAX_FLASHES,
  MAX_GC_ARROWS,
  RESET_FLASH_MS,
  ZoneAnimator,
  type ZoneFrame,
} from './zoneAnimator';

interface Gc {
  zone?: number;
  count?: number;
  /** Absent: a core that does not send gc_sources / gc_targets. */
  sources?: number[];
  targets?: Array<[number, number]>;
}

function frame(wp: number[], gc: Gc = {}): ZoneFrame {
  return {
    zone_count: wp.length,
    zone_capacity_blocks: 64,
    wp,
    gc_zone: gc.zone ?? -1,
    gc_count: gc.count ?? 0,
    ...(gc.sources ? { gc_sources: gc.sources, gc_targets: gc.targets ?? [] } : {}),
  };
}

function flashedZones(animator: ZoneAnimator): number[] {
  const zones: number[] = [];
  for (let i = 0; i < animator.flashCount; i++)
    zones.push(animator.flashZone[animator.flashSlot(i)]);
  return zones.sort((a, b) => a - b);
}

/** The arrows in flight, oldest first: [victim, target, blocks]. */
function arrows(animator: ZoneAnimator): Array<[number, number, number]> {
  const list: Array<[number, number, number]> = [];
  for (let i = 0; i < animator.arrowCount; i++) {
    const slot = animator.arrowSlot(i);
    list.push([animator.arrowSource[slot], animator.arrowTarget[slot], animator.arrowBlocks[slot]]);
  }
  return list;
}

function outlined(animator: ZoneAnimator): number[] {
  const zones: number[] = [];
  for (let i = 0; i < animator.gcCount; i++) zones.push(animator.gcZone[animator.gcSlot(i)]);
  return zones;
}

describe('ZoneAnimator', () => {
  it('flashes a zone whose write pointer went back, once, and stops after the flash time', () => {
    const animator = new ZoneAnimator();
    animator.addFrame(frame([10, 64, 64]), [], 0);
    expect(animator.flashCount).toBe(0); // nothing to compare with yet
    const reset: SimEvent = { kind: 'zone_reset', t_ms: 1, zone: 2, class: 4, gp: 0.9 };
    animator.addFrame(frame([20, 0, 0]), [reset], 100);
    // Zone 2 from its event (not twice for its pointer too), zone 1 from its pointer.
    expect(flashedZones(animator)).toEqual([1, 2]);
    expect(animator.flashesStarted).toBe(2);
    expect(animator.prune(100 + RESET_FLASH_MS - 1)).toBe(true);
    expect(animator.prune(100 + RESET_FLASH_MS)).toBe(false);
    expect(animator.flashCount).toBe(0);
  });

  it('draws an arrow from the GC victim to each zone that received its blocks, as the frame says', () => {
    const animator = new ZoneAnimator();
    animator.addFrame(frame([64, 0, 10, 20, 30, 64], { sources: [], targets: [] }), [], 0);
    // Zone 4's pointer moved most, but GC's copies went to zones 1 and 2.
    const next = frame([0, 12, 30, 20, 60, 64], {
      zone: 0,
      count: 1,
      sources: [0],
      targets: [
        [2, 20],
        [1, 12],
      ],
    });
    animator.addFrame(next, [], 50);
    expect(outlined(animator)).toEqual([0]);
    expect(arrows(animator)).toEqual([
      [0, 2, 20],
      [0, 1, 12],
    ]);
    expect(animator.gcArrowsStarted).toBe(2);
    // They fade out together after GC_ARROW_MS.
    expect(animator.prune(50 + GC_ARROW_MS - 1)).toBe(true);
    expect(animator.arrowCount).toBe(2);
    expect(animator.prune(50 + GC_ARROW_MS)).toBe(false);
    expect(animator.arrowCount).toBe(0);
    expect(animator.gcCount).toBe(0);
  });

  it('shares a target between the frame victims and skips a victim that became a target', () => {
    const animator = new ZoneAnimator();
    animator.addFrame(frame(new Array<number>(8).fill(0), { sources: [] }), [], 0);
    animator.addFrame(
      frame(new Array<number>(8).fill(0), {
        zone: 5,
        count: 2,
        sources: [0, 5],
        // Zone 5 was reclaimed, reset and reopened for GC's copies in the same frame.
        targets: [
          [3, 40],
          [5, 10],
        ],
      }),
      [],
      10,
    );
    expect(outlined(animator)).toEqual([0, 5]);
    expect(arrows(animator)).toEqual([
      [0, 3, 20],
      [0, 5, 5],
      [5, 3, 20],
    ]);
  });

  it('draws no arrows without GC in the frame, however the write pointers moved', () => {
    const animator = new ZoneAnimator();
    animator.addFrame(frame([0, 0, 0], { sources: [] }), [], 0);
    animator.addFrame(frame([10, 30, 5], { zone: 2, count: 4, sources: [], targets: [] }), [], 10);
    expect(animator.arrowCount).toBe(0);
    expect(animator.gcCount).toBe(0);
    expect(animator.prune(10)).toBe(false);
  });

  it('does not animate the first frame of a run (it carries what came before)', () => {
    const animator = new ZoneAnimator();
    animator.addFrame(frame([5, 7], { zone: 0, count: 9, sources: [0], targets: [[1, 7]] }), [], 0);
    expect(animator.arrowCount).toBe(0);
    expect(animator.gcCount).toBe(0);
  });

  it('keeps the newest arrows when more start than the ring holds', () => {
    const animator = new ZoneAnimator();
    const zones = 40;
    const sources = Array.from({ length: 16 }, (_, i) => i);
    const targets = Array.from({ length: 16 }, (_, i): [number, number] => [16 + i, 16]);
    animator.addFrame(frame(new Array<number>(zones).fill(0), { sources: [] }), [], 0);
    for (let f = 1; f <= 3; f++) {
      animator.addFrame(frame(new Array<number>(zones).fill(0), { sources, targets }), [], f);
    }
    expect(animator.gcArrowsStarted).toBe(3 * 16 * 16);
    expect(animator.arrowCount).toBe(MAX_GC_ARROWS);
    expect(animator.arrowStart[animator.arrowSlot(MAX_GC_ARROWS - 1)]).toBe(3);
    expect(animator.arrowStart[animator.arrowSlot(0)]).toBe(2);
  });

  it('outlines the events victims, without arrows, for a core that sends no GC flow', () => {
    const animator = new ZoneAnimator();
    animator.addFrame(frame([64, 0]), [], 0);
    const events: SimEvent[] = [
      { kind: 'gc_start', t_ms: 5, zone: 0, gp: 0.75 },
      { kind: 'gc_end', t_ms: 6, zone: 0, moved: 16 },
    ];
    animator.addFrame(frame([0, 16], { zone: 0, count: 1 }), events, 50);
    expect(outlined(animator)).toEqual([0]);
    expect(animator.arrowCount).toBe(0);
    // With the events left out, the frame's gc_zone when the count grew.
    animator.addFrame(frame([9, 16], { zone: 1, count: 2 }), [], 60);
    expect(outlined(animator)).toEqual([0, 1]);
    animator.addFrame(frame([12, 16], { zone: 1, count: 2 }), [], 70);
    expect(animator.gcHighlightsStarted).toBe(2);
  });

  it('keeps only the newest flashes when thousands of zones reset at once', () => {
    const animator = new ZoneAnimator();
    const zones = MAX_FLASHES * 3;
    animator.addFrame(frame(new Array<number>(zones).fill(8)), [], 0);
    animator.addFrame(frame(new Array<number>(zones).fill(0)), [], 1);
    expect(animator.flashCount).toBe(MAX_FLASHES);
    expect(animator.flashesStarted).toBe(zones);
    expect(animator.flashZone[animator.flashSlot(MAX_FLASHES - 1)]).toBe(zones - 1);
  });

  it('starts afresh after clear (a new run)', () => {
    const animator = new ZoneAnimator();
    animator.addFrame(frame([9, 0], { sources: [] }), [], 0);
    animator.addFrame(frame([9, 4], { zone: 0, count: 1, sources: [0], targets: [[1, 4]] }), [], 1);
    expect(animator.gcArrowsStarted).toBe(1);
    animator.clear();
    expect(animator.arrowCount).toBe(0);
    expect(animator.gcArrowsStarted).toBe(0);
    animator.addFrame(frame([0, 0], { sources: [] }), [], 2);
    expect(animator.flashCount).toBe(0);
  });
});
