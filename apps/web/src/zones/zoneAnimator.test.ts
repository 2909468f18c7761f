import { describe, expect, it } from 'vitest';
import { ZoneState, type SimEvent } from '@flashscope/wasm/protocol';
import {
  GC_TRAIL_MS,
  MAX_FLASHES,
  RESET_FLASH_MS,
  TRAILS_PER_GC,
  ZoneAnimator,
  type ZoneFrame,
} from './zoneAnimator';

const { ImplicitlyOpened: OPEN, Full: FULL, Empty: EMPTY } = ZoneState;

function frame(wp: number[], state: number[], gc: { zone: number; count: number }): ZoneFrame {
  return { zone_count: wp.length, wp, state, gc_zone: gc.zone, gc_count: gc.count };
}

function flashedZones(animator: ZoneAnimator): number[] {
  const zones: number[] = [];
  for (let i = 0; i < animator.flashCount; i++)
    zones.push(animator.flashZone[animator.flashSlot(i)]);
  return zones.sort((a, b) => a - b);
}

describe('ZoneAnimator', () => {
  it('flashes a zone whose write pointer went back, once, and stops after the flash time', () => {
    const animator = new ZoneAnimator();
    animator.addFrame(frame([10, 64, 64], [OPEN, FULL, FULL], { zone: -1, count: 0 }), [], 0);
    expect(animator.flashCount).toBe(0); // nothing to compare with yet
    const reset: SimEvent = { kind: 'zone_reset', t_ms: 1, zone: 2, class: 4, gp: 0.9 };
    animator.addFrame(
      frame([20, 0, 0], [OPEN, EMPTY, EMPTY], { zone: -1, count: 0 }),
      [reset],
      100,
    );
    // Zone 2 from its event (not twice for its pointer too), zone 1 from its pointer.
    expect(flashedZones(animator)).toEqual([1, 2]);
    expect(animator.flashesStarted).toBe(2);
    expect(animator.prune(100 + RESET_FLASH_MS - 1)).toBe(true);
    expect(animator.prune(100 + RESET_FLASH_MS)).toBe(false);
    expect(animator.flashCount).toBe(0);
  });

  it('highlights a GC reclaim with trails to the open zones that took the most appends', () => {
    const animator = new ZoneAnimator();
    const states = [FULL, OPEN, OPEN, OPEN, OPEN, FULL];
    animator.addFrame(frame([64, 0, 10, 20, 30, 64], states, { zone: -1, count: 0 }), [], 0);
    const events: SimEvent[] = [
      { kind: 'gc_start', t_ms: 5, zone: 0, gp: 0.75 },
      { kind: 'gc_end', t_ms: 6, zone: 0, moved: 16 },
      { kind: 'zone_reset', t_ms: 6, zone: 0, class: 1, gp: 0.75 },
    ];
    // Zone 4 gained 30, zone 1 gained 12, zone 2 gained 2, zone 3 none.
    const next = frame([0, 12, 12, 20, 60, 64], [EMPTY, OPEN, OPEN, OPEN, OPEN, FULL], {
      zone: 0,
      count: 1,
    });
    animator.addFrame(next, events, 50);
    expect(animator.gcCount).toBe(1);
    const slot = animator.gcSlot(0);
    expect(animator.gcZone[slot]).toBe(0);
    const targets = Array.from(
      animator.gcTargets.subarray(slot * TRAILS_PER_GC, (slot + 1) * TRAILS_PER_GC),
    );
    expect(targets).toEqual([4, 1, 2]);
    expect(animator.prune(50 + GC_TRAIL_MS)).toBe(false);
  });

  it('falls back to the frame GC zone when the events were left out', () => {
    const animator = new ZoneAnimator();
    animator.addFrame(frame([64, 5], [FULL, OPEN], { zone: -1, count: 3 }), [], 0);
    animator.addFrame(frame([0, 9], [EMPTY, OPEN], { zone: 0, count: 4 }), [], 10);
    expect(animator.gcCount).toBe(1);
    expect(animator.gcZone[animator.gcSlot(0)]).toBe(0);
    // No new reclaim: no new highlight.
    animator.addFrame(frame([3, 9], [OPEN, OPEN], { zone: 0, count: 4 }), [], 20);
    expect(animator.gcHighlightsStarted).toBe(1);
  });

  it('keeps only the newest flashes when thousands of zones reset at once', () => {
    const animator = new ZoneAnimator();
    const zones = MAX_FLASHES * 3;
    const full = new Array<number>(zones).fill(8);
    animator.addFrame(
      frame(full, new Array<number>(zones).fill(FULL), { zone: -1, count: 0 }),
      [],
      0,
    );
    const empty = new Array<number>(zones).fill(0);
    animator.addFrame(
      frame(empty, new Array<number>(zones).fill(EMPTY), { zone: -1, count: 0 }),
      [],
      1,
    );
    expect(animator.flashCount).toBe(MAX_FLASHES);
    expect(animator.flashesStarted).toBe(zones);
    expect(animator.flashZone[animator.flashSlot(MAX_FLASHES - 1)]).toBe(zones - 1);
  });

  it('starts afresh after clear (a new run)', () => {
    const animator = new ZoneAnimator();
    animator.addFrame(frame([9], [OPEN], { zone: -1, count: 0 }), [], 0);
    animator.clear();
    animator.addFrame(frame([0], [EMPTY], { zone: -1, count: 0 }), [], 1);
    expect(animator.flashCount).toBe(0);
  });
});
