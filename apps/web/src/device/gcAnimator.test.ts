import { describe, expect, it } from 'vitest';
import type { BlockArrays, SimEvent } from '@flashscope/wasm/protocol';
import {
  DEPARTURE_SPREAD_MS,
  GcAnimator,
  MAX_DOTS_PER_MOVE,
  MAX_MOVES,
  MOVE_DURATION_MS,
  TRAVEL_MS,
  createMove,
  dotProgress,
} from './gcAnimator';

const geometry = { blocksPerPlane: 128, unitsPerBlock: 64 };

function blocks(withPages: boolean): BlockArrays {
  const frontiers = new Uint32Array(8).fill(0xffffffff);
  frontiers[1] = 40; // plane 0's GC open block
  frontiers[5] = 200; // plane 1's GC open block
  frontiers[7] = 210; // plane 1's migration (fold) destination
  const writtenUnits = new Uint32Array(256);
  writtenUnits[40] = 10;
  return {
    state: new Uint8Array(256),
    validUnits: new Uint32Array(256),
    eraseCount: new Uint32Array(256),
    writtenUnits,
    mode: new Uint8Array(256),
    frontiers,
    pageState: withPages ? new Uint8Array(256 * 64) : null,
  };
}

const gcStart = (block: number, valid: number): SimEvent => ({
  kind: 'gc_start',
  t_ms: 1,
  block,
  valid_units: valid,
  background: false,
});

describe('GC moves', () => {
  it('travel from the victim to its plane GC open block', () => {
    const move = createMove(130, 5, blocks(false), geometry, 0);
    expect(move.destination).toBe(200);
    expect(move.sourceUnits).toHaveLength(5);
    const other = createMove(3, 5, blocks(false), geometry, 0);
    expect(other.destination).toBe(40);
  });

  it('fold SLC data into the plane migration destination', () => {
    const move = createMove(130, 5, blocks(false), geometry, 0, 'migration');
    expect(move.kind).toBe('migration');
    expect(move.destination).toBe(210);
    // Plane 0 has no migration destination: the dots fade in place.
    expect(createMove(3, 5, blocks(false), geometry, 0, 'migration').destination).toBe(-1);
  });

  it('of a refresh land in the GC open block; wear levelling has no destination shown', () => {
    const animator = new GcAnimator();
    animator.addFrame(
      [
        { ...gcStart(130, 5), cause: 'refresh' } as SimEvent,
        { ...gcStart(3, 5), cause: 'wear_leveling' } as SimEvent,
        gcStart(4, 5),
      ],
      blocks(false),
      geometry,
      0,
    );
    expect(animator.moves.map((move) => [move.kind, move.victim, move.destination])).toEqual([
      ['refresh', 130, 200],
      ['wear_leveling', 3, -1],
      ['gc', 4, 40],
    ]);
  });

  it('have no destination when the plane has no GC open block', () => {
    const arrays = blocks(false);
    arrays.frontiers[1] = 0xffffffff;
    expect(createMove(3, 5, arrays, geometry, 0).destination).toBe(-1);
  });

  it('start from the valid units and land at the destination write frontier', () => {
    const arrays = blocks(true);
    arrays.pageState![3 * 64 + 4] = 1;
    arrays.pageState![3 * 64 + 9] = 1;
    const move = createMove(3, 2, arrays, geometry, 0);
    expect(Array.from(move.sourceUnits)).toEqual([4, 9]);
    expect(Array.from(move.destinationUnits)).toEqual([10, 11]);
  });

  it('cap the dots per move', () => {
    const move = createMove(3, 64, blocks(false), geometry, 0);
    expect(move.sourceUnits).toHaveLength(MAX_DOTS_PER_MOVE);
  });

  it('send dots one after another, all arrived at the end', () => {
    const move = createMove(3, 3, blocks(false), geometry, 1000);
    expect(dotProgress(move, 0, 1000)).toBe(0);
    expect(dotProgress(move, 0, 1000 + TRAVEL_MS / 2)).toBeCloseTo(0.5);
    expect(dotProgress(move, 2, 1000 + TRAVEL_MS / 2)).toBe(0); // not yet departed
    expect(dotProgress(move, 2, 1000 + DEPARTURE_SPREAD_MS + TRAVEL_MS)).toBe(1);
  });
});

describe('GcAnimator', () => {
  it('starts a move per gc_start, ignores other events and drops finished moves', () => {
    const animator = new GcAnimator();
    const events: SimEvent[] = [
      gcStart(3, 10),
      { kind: 'stall', t_ms: 2, duration_ms: 1, during_gc: true },
      { kind: 'cache_exhausted', t_ms: 2, host_written_bytes: 4096 },
      gcStart(130, 4),
      { kind: 'migration_start', t_ms: 3, block: 140, valid_units: 8, background: true },
    ];
    animator.addFrame(events, blocks(false), geometry, 0);
    expect(animator.moves.map((move) => [move.kind, move.victim])).toEqual([
      ['gc', 3],
      ['gc', 130],
      ['migration', 140],
    ]);
    expect(animator.prune(MOVE_DURATION_MS - 1)).toBe(true);
    expect(animator.prune(MOVE_DURATION_MS)).toBe(false);
    expect(animator.moves).toHaveLength(0);
  });

  it('keeps only the newest moves when GC outpaces the eye', () => {
    const animator = new GcAnimator();
    for (let frame = 0; frame < 20; frame++) {
      const events = Array.from({ length: 20 }, (_, i) => gcStart(frame * 20 + (i % 100), 3));
      animator.addFrame(events, blocks(false), geometry, frame);
    }
    expect(animator.moves.length).toBe(MAX_MOVES);
    expect(animator.moves[animator.moves.length - 1].startedAt).toBe(19);
  });
});
