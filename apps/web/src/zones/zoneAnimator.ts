// ZoneAnimator: what the zones view's overlay animates, from one frame to
// the next. A zone that was reset flashes (a zone_reset event, or its write
// pointer went back); a zone GC reclaimed is outlined, with arrows to the
// zones its valid blocks were copied to. Time is wall-clock ms: a reset
// takes microseconds of simulated time, far too short to see, so each plays
// for a fixed, readable duration.
//
// The arrows are exact: the frame's ZnsMeta names the zones GC reclaimed
// since the previous frame (gc_sources) and the zones that received the
// relocated blocks, with how many (gc_targets). It does not say which
// victim each block came from, so a frame with several victims draws an
// arrow from each victim to each target, the target's blocks shared evenly
// among them. A core too old to send the two fields gets outlines only.
//
// Everything lives in typed arrays sized once (per zone count, or rings for
// the animations in flight): adding a frame and drawing allocate nothing,
// so the overlay can run at 60 fps over thousands of zones.

import type { SimEvent, ZnsMeta } from '@flashscope/wasm/protocol';

export const RESET_FLASH_MS = 500;
/** A GC reclaim's outline and its arrows fade out over this long. */
export const GC_ARROW_MS = 500;
/** Flashes, GC outlines and GC arrows in flight at most; older ones are overwritten. */
export const MAX_FLASHES = 256;
export const MAX_GC = 16;
/** A frame's 16 sources x 16 targets at most fit, with room for the previous frame's. */
export const MAX_GC_ARROWS = 512;

/** What the animator needs of a frame (ZnsMeta's fields). */
export type ZoneFrame = Pick<
  ZnsMeta,
  | 'zone_count'
  | 'zone_capacity_blocks'
  | 'wp'
  | 'gc_zone'
  | 'gc_count'
  | 'gc_targets'
  | 'gc_sources'
>;

export class ZoneAnimator {
  // Reset flashes: a ring of (zone, start).
  readonly flashZone = new Int32Array(MAX_FLASHES);
  readonly flashStart = new Float64Array(MAX_FLASHES);
  flashCount = 0;
  private flashNext = 0;
  // GC outlines: a ring of (victim, start).
  readonly gcZone = new Int32Array(MAX_GC);
  readonly gcStart = new Float64Array(MAX_GC);
  gcCount = 0;
  private gcNext = 0;
  // GC arrows: a ring of (victim, target, blocks, start).
  readonly arrowSource = new Int32Array(MAX_GC_ARROWS);
  readonly arrowTarget = new Int32Array(MAX_GC_ARROWS);
  readonly arrowBlocks = new Float64Array(MAX_GC_ARROWS);
  readonly arrowStart = new Float64Array(MAX_GC_ARROWS);
  arrowCount = 0;
  private arrowNext = 0;
  /** Blocks a zone holds (the latest frame's): an arrow's width is its share of them. */
  zoneCapacityBlocks = 0;

  /** Totals since the run started (the test hook reports them). */
  flashesStarted = 0;
  gcHighlightsStarted = 0;
  /** Arrows started from a frame's gc_sources x gc_targets. */
  gcArrowsStarted = 0;

  private previousWp = new Float64Array(0);
  private flashedAtFrame = new Int32Array(0);
  private havePrevious = false;
  private previousGcCount = 0;
  private frameIndex = 0;

  /** Starts the animations `frame` calls for (its events are the worker's since the last frame). */
  addFrame(frame: ZoneFrame, events: readonly SimEvent[], now: number): void {
    const zones = frame.zone_count;
    if (this.previousWp.length !== zones) {
      this.previousWp = new Float64Array(zones);
      this.flashedAtFrame = new Int32Array(zones).fill(-1);
      this.havePrevious = false;
    }
    this.zoneCapacityBlocks = frame.zone_capacity_blocks;
    const stamp = ++this.frameIndex;
    for (let i = 0; i < events.length; i++) {
      const event = events[i];
      if (event.kind === 'zone_reset') this.flash(event.zone, zones, stamp, now);
    }
    // The first frame of a run carries what came before it (preconditioning's
    // GC): nothing to animate against yet.
    if (this.havePrevious) {
      // A write pointer that went back is a reset the events may have left out.
      for (let zone = 0; zone < zones; zone++) {
        if ((frame.wp[zone] ?? 0) < this.previousWp[zone]) this.flash(zone, zones, stamp, now);
      }
      if (frame.gc_sources) this.addGcFlow(frame, zones, now);
      else this.addGcVictimsOnly(frame, events, now);
    }
    this.previousGcCount = frame.gc_count;
    for (let zone = 0; zone < zones; zone++) this.previousWp[zone] = frame.wp[zone] ?? 0;
    this.havePrevious = true;
  }

  /** Drops finished animations; true while any still plays. */
  prune(now: number): boolean {
    while (this.flashCount > 0 && now - this.flashStart[this.flashSlot(0)] >= RESET_FLASH_MS) {
      this.flashCount--;
    }
    while (this.gcCount > 0 && now - this.gcStart[this.gcSlot(0)] >= GC_ARROW_MS) this.gcCount--;
    while (this.arrowCount > 0 && now - this.arrowStart[this.arrowSlot(0)] >= GC_ARROW_MS) {
      this.arrowCount--;
    }
    return this.flashCount > 0 || this.gcCount > 0 || this.arrowCount > 0;
  }

  /** Ring slot of the i-th flash in flight, oldest first. */
  flashSlot(i: number): number {
    return (this.flashNext - this.flashCount + i + MAX_FLASHES) % MAX_FLASHES;
  }

  gcSlot(i: number): number {
    return (this.gcNext - this.gcCount + i + MAX_GC) % MAX_GC;
  }

  arrowSlot(i: number): number {
    return (this.arrowNext - this.arrowCount + i + MAX_GC_ARROWS) % MAX_GC_ARROWS;
  }

  clear(): void {
    this.flashCount = 0;
    this.gcCount = 0;
    this.arrowCount = 0;
    this.flashesStarted = 0;
    this.gcHighlightsStarted = 0;
    this.gcArrowsStarted = 0;
    this.havePrevious = false;
    this.previousGcCount = 0;
  }

  /** The frame says where GC copied to: outline each victim, arrow it to each target. */
  private addGcFlow(frame: ZoneFrame, zones: number, now: number): void {
    const sources = frame.gc_sources!;
    const targets = frame.gc_targets ?? [];
    for (let i = 0; i < sources.length; i++) this.highlightGc(sources[i], now);
    if (sources.length === 0) return; // no GC since the previous frame, so no copies
    for (let i = 0; i < sources.length; i++) {
      const source = sources[i];
      if (!(source >= 0 && source < zones)) continue;
      for (let k = 0; k < targets.length; k++) {
        const target = targets[k][0];
        if (!(target >= 0 && target < zones) || target === source) continue;
        this.addArrow(source, target, targets[k][1] / sources.length, now);
      }
    }
  }

  /** An older core: the events' victims if there were any, else the frame's latest reclaim. */
  private addGcVictimsOnly(frame: ZoneFrame, events: readonly SimEvent[], now: number): void {
    let gcStarts = 0;
    for (let i = 0; i < events.length; i++) {
      const event = events[i];
      if (event.kind === 'gc_start' && 'zone' in event) gcStarts++;
    }
    if (frame.gc_count <= this.previousGcCount && gcStarts === 0) return;
    let added = 0;
    for (let i = events.length - 1; i >= 0 && added < MAX_GC / 2; i--) {
      const event = events[i];
      if (event.kind === 'gc_start' && 'zone' in event) {
        this.highlightGc(event.zone, now);
        added++;
      }
    }
    if (added === 0 && frame.gc_zone >= 0) this.highlightGc(frame.gc_zone, now);
  }

  private flash(zone: number, zones: number, stamp: number, now: number): void {
    if (!(zone >= 0 && zone < zones) || this.flashedAtFrame[zone] === stamp) return;
    this.flashedAtFrame[zone] = stamp;
    this.flashZone[this.flashNext] = zone;
    this.flashStart[this.flashNext] = now;
    this.flashNext = (this.flashNext + 1) % MAX_FLASHES;
    this.flashCount = Math.min(MAX_FLASHES, this.flashCount + 1);
    this.flashesStarted++;
  }

  private highlightGc(zone: number, now: number): void {
    this.gcZone[this.gcNext] = zone;
    this.gcStart[this.gcNext] = now;
    this.gcNext = (this.gcNext + 1) % MAX_GC;
    this.gcCount = Math.min(MAX_GC, this.gcCount + 1);
    this.gcHighlightsStarted++;
  }

  private addArrow(source: number, target: number, blocks: number, now: number): void {
    const slot = this.arrowNext;
    this.arrowSource[slot] = source;
    this.arrowTarget[slot] = target;
    this.arrowBlocks[slot] = blocks;
    this.arrowStart[slot] = now;
    this.arrowNext = (slot + 1) % MAX_GC_ARROWS;
    this.arrowCount = Math.min(MAX_GC_ARROWS, this.arrowCount + 1);
    this.gcArrowsStarted++;
  }
}
