// ZoneAnimator: what the zones view's overlay animates, from one frame to
// the next. A zone that was reset flashes (a zone_reset event, or its write
// pointer went back); a zone GC reclaimed is outlined, with trails to the
// open zones its valid blocks went to. Time is wall-clock ms: a reset takes
// microseconds of simulated time, far too short to see, so each plays for a
// fixed, readable duration.
//
// Where GC's copies went is not in the frame (only the victim is), so the
// trails point at the open zones whose write pointers advanced most during
// the frame — where every append of that stretch went, GC's included.
//
// Everything lives in typed arrays sized once per zone count (ring buffers
// for the animations in flight): adding a frame and drawing allocate
// nothing, so the overlay can run at 60 fps over thousands of zones.

import type { SimEvent, ZnsMeta } from '@flashscope/wasm/protocol';
import { ZoneState } from '@flashscope/wasm/protocol';

export const RESET_FLASH_MS = 500;
export const GC_TRAIL_MS = 600;
/** Flashes and GC highlights in flight at most; older ones are overwritten. */
export const MAX_FLASHES = 256;
export const MAX_GC = 16;
/** Open zones a GC's trails point at. */
export const TRAILS_PER_GC = 3;

/** What the animator needs of a frame (ZnsMeta's fields). */
export type ZoneFrame = Pick<ZnsMeta, 'zone_count' | 'state' | 'wp' | 'gc_zone' | 'gc_count'>;

export class ZoneAnimator {
  // Reset flashes: a ring of (zone, start).
  readonly flashZone = new Int32Array(MAX_FLASHES);
  readonly flashStart = new Float64Array(MAX_FLASHES);
  flashCount = 0;
  private flashNext = 0;
  // GC highlights: a ring of (victim, start) with up to TRAILS_PER_GC destinations.
  readonly gcZone = new Int32Array(MAX_GC);
  readonly gcStart = new Float64Array(MAX_GC);
  readonly gcTargets = new Int32Array(MAX_GC * TRAILS_PER_GC).fill(-1);
  gcCount = 0;
  private gcNext = 0;

  /** Totals since the run started (the test hook reports them). */
  flashesStarted = 0;
  gcHighlightsStarted = 0;

  private previousWp = new Float64Array(0);
  private flashedAtFrame = new Int32Array(0);
  private havePrevious = false;
  private previousGcCount = 0;
  private frameIndex = 0;
  // The frame's best destinations, reused.
  private readonly bestZone = new Int32Array(TRAILS_PER_GC);
  private readonly bestGain = new Float64Array(TRAILS_PER_GC);

  /** Starts the animations `frame` calls for (its events are the worker's since the last frame). */
  addFrame(frame: ZoneFrame, events: readonly SimEvent[], now: number): void {
    const zones = frame.zone_count;
    if (this.previousWp.length !== zones) {
      this.previousWp = new Float64Array(zones);
      this.flashedAtFrame = new Int32Array(zones).fill(-1);
      this.havePrevious = false;
    }
    const stamp = ++this.frameIndex;
    let gcStarts = 0;
    for (const event of events) {
      if (event.kind === 'zone_reset') this.flash(event.zone, zones, stamp, now);
      else if (event.kind === 'gc_start' && 'zone' in event) gcStarts++;
    }
    if (this.havePrevious) {
      // A write pointer that went back is a reset the events may have left out.
      for (let zone = 0; zone < zones; zone++) {
        if ((frame.wp[zone] ?? 0) < this.previousWp[zone]) this.flash(zone, zones, stamp, now);
      }
      this.findDestinations(frame);
    }
    // GC: the events' victims if there were any, else the frame's latest reclaim.
    const reclaimed = frame.gc_count > this.previousGcCount || gcStarts > 0;
    if (this.havePrevious && reclaimed) {
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
    this.previousGcCount = frame.gc_count;
    for (let zone = 0; zone < zones; zone++) this.previousWp[zone] = frame.wp[zone] ?? 0;
    this.havePrevious = true;
  }

  /** Drops finished animations; true while any still plays. */
  prune(now: number): boolean {
    while (this.flashCount > 0 && now - this.flashStart[this.oldestFlash()] >= RESET_FLASH_MS) {
      this.flashCount--;
    }
    while (this.gcCount > 0 && now - this.gcStart[this.oldestGc()] >= GC_TRAIL_MS) this.gcCount--;
    return this.flashCount > 0 || this.gcCount > 0;
  }

  /** Ring slot of the i-th flash in flight, oldest first. */
  flashSlot(i: number): number {
    return (this.flashNext - this.flashCount + i + MAX_FLASHES) % MAX_FLASHES;
  }

  gcSlot(i: number): number {
    return (this.gcNext - this.gcCount + i + MAX_GC) % MAX_GC;
  }

  clear(): void {
    this.flashCount = 0;
    this.gcCount = 0;
    this.flashesStarted = 0;
    this.gcHighlightsStarted = 0;
    this.havePrevious = false;
    this.previousGcCount = 0;
  }

  private oldestFlash(): number {
    return this.flashSlot(0);
  }

  private oldestGc(): number {
    return this.gcSlot(0);
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
    const slot = this.gcNext;
    this.gcZone[slot] = zone;
    this.gcStart[slot] = now;
    for (let k = 0; k < TRAILS_PER_GC; k++) {
      const target = this.bestZone[k];
      this.gcTargets[slot * TRAILS_PER_GC + k] = target !== zone ? target : -1;
    }
    this.gcNext = (this.gcNext + 1) % MAX_GC;
    this.gcCount = Math.min(MAX_GC, this.gcCount + 1);
    this.gcHighlightsStarted++;
  }

  /** The open zones whose write pointers advanced most since the previous frame. */
  private findDestinations(frame: ZoneFrame): void {
    this.bestZone.fill(-1);
    this.bestGain.fill(0);
    for (let zone = 0; zone < frame.zone_count; zone++) {
      const state = frame.state[zone];
      if (state !== ZoneState.ImplicitlyOpened && state !== ZoneState.ExplicitlyOpened) {
        // A zone that filled up in this frame took appends too.
        if (state !== ZoneState.Full) continue;
      }
      const gain = (frame.wp[zone] ?? 0) - this.previousWp[zone];
      if (!(gain > this.bestGain[TRAILS_PER_GC - 1])) continue;
      let k = TRAILS_PER_GC - 1;
      while (k > 0 && gain > this.bestGain[k - 1]) {
        this.bestGain[k] = this.bestGain[k - 1];
        this.bestZone[k] = this.bestZone[k - 1];
        k--;
      }
      this.bestGain[k] = gain;
      this.bestZone[k] = zone;
    }
  }
}
