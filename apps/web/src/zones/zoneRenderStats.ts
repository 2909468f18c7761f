// What the zones view last drew, for the e2e hook (window.__flashscope.zones):
// the frame and its zone figures, how often each layer rendered, the
// animations started, and the highest open/active counts drawn so far in
// this run. Updated in place by the canvas controller; no copies of the
// per-zone arrays (writtenBlocks is their sum).

import type { ZnsMeta } from '@flashscope/wasm/protocol';
import type { ZoneAnimator } from './zoneAnimator';

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

  /** A new run (a load or reset): its peaks start afresh. */
  startRun(): void {
    this.peakOpen = 0;
    this.peakActive = 0;
  },

  recordFrame(frame: number, zns: ZnsMeta, animator: ZoneAnimator): void {
    this.staticRenders++;
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
  },
};

export type ZoneRenderStats = Omit<typeof zoneRenderStats, 'recordFrame' | 'startRun'>;
