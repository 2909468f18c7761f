// GcAnimator: turns gc_start events into "valid pages travel from the victim
// to the plane's GC open block" animations (a read-disturb refresh or a
// static wear-levelling move, which the GC engine also carries out and
// logs as gc_start with its cause, animates as a move of its own kind, so
// the device view does not show as GC what "GC runs" does not count), and
// migration_start events into
// "SLC data folds from the pSLC victim into the plane's migration (fold)
// destination" ones. Time here is wall-clock ms: a
// GC takes a few simulated ms, far too short to see at any useful speed, so
// each one plays for a fixed, readable duration. Only the newest moves are
// kept when GC runs faster than the eye can follow.

import { FRONTIERS_PER_PLANE, Frontier, NO_BLOCK } from '@flashscope/wasm/protocol';
import type { BlockArrays, RelocationCause, SimEvent } from '@flashscope/wasm/protocol';

export const TRAVEL_MS = 650;
export const DEPARTURE_SPREAD_MS = 550;
export const MOVE_DURATION_MS = TRAVEL_MS + DEPARTURE_SPREAD_MS;
export const MAX_DOTS_PER_MOVE = 24;
export const MAX_MOVES = 32;
export const MAX_NEW_MOVES_PER_FRAME = 8;

const PAGE_VALID = 1;

/**
 * GC relocates valid data to free space; a refresh relocates a block read
 * too often, a wear-levelling move a block of cold data; migration folds
 * SLC data into native blocks.
 */
export type MoveKind = 'gc' | RelocationCause | 'migration';

export interface GcMove {
  kind: MoveKind;
  victim: number;
  /** The plane's GC (or migration) open block when the event was seen, -1 if none. */
  destination: number;
  startedAt: number;
  /** Source unit of each dot within the victim, -1 for "somewhere in the block". */
  sourceUnits: Int32Array;
  /** Destination unit of each dot within the destination block, -1 likewise. */
  destinationUnits: Int32Array;
}

export interface AnimatorGeometry {
  blocksPerPlane: number;
  unitsPerBlock: number;
}

export class GcAnimator {
  moves: GcMove[] = [];

  /** Starts a move for each gc_start and migration_start among a frame's events (the newest few). */
  addFrame(
    events: readonly SimEvent[],
    blocks: BlockArrays,
    geometry: AnimatorGeometry,
    now: number,
  ): void {
    // A zoned drive's GC reclaims zones, not blocks: the zones view animates those.
    const starts = events.filter(
      (event) =>
        (event.kind === 'gc_start' && !('zone' in event)) || event.kind === 'migration_start',
    );
    for (const event of starts.slice(-MAX_NEW_MOVES_PER_FRAME)) {
      if (event.kind !== 'gc_start' && event.kind !== 'migration_start') continue;
      if ('zone' in event) continue;
      const kind: MoveKind = event.kind === 'migration_start' ? 'migration' : (event.cause ?? 'gc');
      this.moves.push(createMove(event.block, event.valid_units, blocks, geometry, now, kind));
    }
    if (this.moves.length > MAX_MOVES) this.moves.splice(0, this.moves.length - MAX_MOVES);
  }

  /** Drops finished moves; true while any is still playing. */
  prune(now: number): boolean {
    this.moves = this.moves.filter((move) => now - move.startedAt < MOVE_DURATION_MS);
    return this.moves.length > 0;
  }

  clear(): void {
    this.moves = [];
  }
}

export function createMove(
  victim: number,
  validUnits: number,
  blocks: BlockArrays,
  geometry: AnimatorGeometry,
  now: number,
  kind: MoveKind = 'gc',
): GcMove {
  const plane = Math.floor(victim / geometry.blocksPerPlane);
  // A refresh is one of GC's own victims (it lands in the GC open block);
  // wear levelling writes to a frontier the snapshot does not carry.
  const slot =
    kind === 'migration' ? Frontier.Migration : kind === 'wear_leveling' ? null : Frontier.Gc;
  const frontier = slot === null ? undefined : blocks.frontiers[plane * FRONTIERS_PER_PLANE + slot];
  const destination = frontier === undefined || frontier === NO_BLOCK ? -1 : frontier;
  const dots = Math.min(MAX_DOTS_PER_MOVE, Math.max(0, validUnits));
  const sourceUnits = new Int32Array(dots).fill(-1);
  const destinationUnits = new Int32Array(dots).fill(-1);

  if (blocks.pageState) {
    // Spread the dots over the victim's valid units still in place.
    const first = victim * geometry.unitsPerBlock;
    const valid: number[] = [];
    for (let unit = 0; unit < geometry.unitsPerBlock; unit++) {
      if (blocks.pageState[first + unit] === PAGE_VALID) valid.push(unit);
    }
    for (let k = 0; k < dots && valid.length > 0; k++) {
      sourceUnits[k] = valid[Math.floor((k * valid.length) / dots)];
    }
    if (destination >= 0) {
      // Moved units land at the destination's write frontier, in order.
      const written = blocks.writtenUnits[destination] ?? 0;
      const base = Math.max(0, Math.min(written, geometry.unitsPerBlock - dots));
      for (let k = 0; k < dots; k++) {
        destinationUnits[k] = Math.min(geometry.unitsPerBlock - 1, base + k);
      }
    }
  }
  return { kind, victim, destination, startedAt: now, sourceUnits, destinationUnits };
}

/**
 * Where dot k of a move is on its way, in [0, 1]: 0 still at the victim,
 * 1 arrived. Dots leave one after another over DEPARTURE_SPREAD_MS.
 */
export function dotProgress(move: GcMove, k: number, now: number): number {
  const dots = move.sourceUnits.length;
  const departure = dots > 1 ? (k * DEPARTURE_SPREAD_MS) / (dots - 1) : 0;
  const t = (now - move.startedAt - departure) / TRAVEL_MS;
  return Math.min(1, Math.max(0, t));
}

/** How far the whole move is, in [0, 1], for fading its rings. */
export function moveProgress(move: GcMove, now: number): number {
  return Math.min(1, Math.max(0, (now - move.startedAt) / MOVE_DURATION_MS));
}
