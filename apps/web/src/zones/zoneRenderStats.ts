// What the zones view last drew, for the e2e hook (window.__flashscope.zones):
// the frame and its zone figures, how often each layer rendered, the
// animations started, and the highest open/active counts drawn so far in
// this run, and how GC's arrows followed the frames' data flow. Updated in
// place by the canvas controller; no copies of the per-zone arrays
// (writtenBlocks is their sum).

import type { ZnsMeta } from '@flashscope/wasm/protocol';
import type { ZoneAnimator } from './zoneAnimator';

const BLOCK_BYTES = 4096;
// The frame recorded before, and its GC write bytes (for gcExactFrames).
let previousFrame = -1;
let previousGcWriteBytes = 0;

export const zoneRenderStats = {
  /** Repaints of the zone strips: once per frame with ZnsMeta, or a resize. */
  staticRenders: 0,
  overlayRenders: 0,
  /** The frame number last painted, -1 before the first. */
  frame: -1,
  zoneCount: 0,
  /** Sum of every zone's write pointer in the frame painted. */
  writtenBlocks: 0,
  open: 0,
  active: 0,
  maxOpen: 0,
  maxActive: 0,
  /** The most zones open / active in any frame painted in this run. */
  peakOpen: 0,
  peakActive: 0,
  /** ZnsMeta.resets and gc_count of the frame painted. */
  resets: 0,
  gcCount: 0,
  waf: null as number | null,
  /** Reset flashes and GC highlights started (ZoneAnimator's totals). */
  resetFlashes: 0,
  gcHighlights: 0,
  /** GC arrows (reclaimed zone -> zone that got its blocks) started from the frames' gc_sources x gc_targets. */
  gcArrows: 0,
  /** GC arrows drawn on the overlay in this run: each one in every repaint while it fades. */
  gcArrowsDrawn: 0,
  /**
   * Frames painted in this run, right after the frame before them, whose
   * gc_targets named zones and added up to exactly the blocks GC copied
   * between the two (the growth of gc_write_bytes): the arrows are exact.
   */
  gcExactFrames: 0,

  /** A new run (a load or reset): its peaks and GC arrow counts start afresh. */
  startRun(): void {
    this.peakOpen = 0;
    this.peakActive = 0;
    this.gcArrowsDrawn = 0;
    this.gcExactFrames = 0;
    previousFrame = -1;
  },

  recordFrame(frame: number, zns: ZnsMeta, animator: ZoneAnimator): void {
    this.staticRenders++;
    // A repaint of the same frame (a resize) checks nothing twice.
    if (frame !== previousFrame) {
      const targets = zns.gc_targets ?? [];
      if (frame === previousFrame + 1 && targets.length > 0) {
        let blocks = 0;
        for (let i = 0; i < targets.length; i++) blocks += targets[i][1];
        if (blocks * BLOCK_BYTES === zns.gc_write_bytes - previousGcWriteBytes)
          this.gcExactFrames++;
      }
      previousFrame = frame;
      previousGcWriteBytes = zns.gc_write_bytes;
    }
    this.frame = frame;
    this.zoneCount = zns.zone_count;
    let written = 0;
    for (let zone = 0; zone < zns.wp.length; zone++) written += zns.wp[zone];
    this.writtenBlocks = written;
    this.open = zns.open;
    this.active = zns.active;
    this.maxOpen = zns.max_open;
    this.maxActive = zns.max_active;
    this.peakOpen = Math.max(this.peakOpen, zns.open);
    this.peakActive = Math.max(this.peakActive, zns.active);
    this.resets = zns.resets;
    this.gcCount = zns.gc_count;
    this.waf = zns.waf;
    this.resetFlashes = animator.flashesStarted;
    this.gcHighlights = animator.gcHighlightsStarted;
    this.gcArrows = animator.gcArrowsStarted;
  },
};

export type ZoneRenderStats = Omit<typeof zoneRenderStats, 'recordFrame' | 'startRun'>;
