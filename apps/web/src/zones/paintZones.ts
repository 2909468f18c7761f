// Paints every zone of a frame into a pixel buffer (the Uint32 view of an
// ImageData): one loop over ZnsMeta's per-zone arrays, filled rows of
// packed colours, no per-zone objects and no allocation. It runs when a new
// frame arrives or the view is resized, never per animation frame.
//
// A strip: the class tag, then the track. Up to the write pointer the track
// is filled in the zone state's colour; the lower half (the whole strip when
// it is too short to split) shows the written part again as valid blocks
// (the state's darker shade) followed by garbage (peach), so the share of
// peach is the zone's garbage proportion — what GC would gain by reclaiming
// it. Past the write pointer the track is empty; an offline zone is dark.

import type { ZnsMeta } from '@flashscope/wasm/protocol';
import { ZoneState } from '@flashscope/wasm/protocol';
import { fillRect, type PixelBuffer } from '../device/paintDevice';
import {
  GARBAGE_PACKED,
  OFFLINE_PACKED,
  STATE_FILL_PACKED,
  STATE_VALID_PACKED,
  TRACK_PACKED,
} from './zoneColours';
import { trackPixels, type ZoneGrid } from './zoneGrid';

/** Strips at least this tall (canvas px) show the valid sub-bar under the state colour. */
export const SPLIT_MIN_HEIGHT = 4;

/** The per-zone arrays paintZones reads (ZnsMeta's). */
export type ZonePaintInput = Pick<
  ZnsMeta,
  'zone_count' | 'zone_capacity_blocks' | 'state' | 'wp' | 'valid' | 'class'
>;

export function paintZones(
  buffer: PixelBuffer,
  grid: ZoneGrid,
  zns: ZonePaintInput | null,
  /** Packed class colours, index 0 = no class (zoneColours.classPalette). */
  classColors: Uint32Array,
): void {
  buffer.data.fill(0);
  const zones = Math.min(grid.zoneCount, zns?.zone_count ?? grid.zoneCount);
  const h = grid.stripHeight;
  const split = h >= SPLIT_MIN_HEIGHT;
  const topHeight = split ? h - Math.floor(h / 2) : 0;
  const bottomHeight = h - topHeight;
  const capacity = zns?.zone_capacity_blocks ?? 0;
  const noClass = classColors[0] ?? TRACK_PACKED;

  let col = 0;
  let row = 0;
  for (let zone = 0; zone < zones; zone++) {
    const x = col * grid.colPitch;
    const y = row * grid.rowPitch;
    if (++row === grid.rows) {
      row = 0;
      col++;
    }
    const trackX = x + grid.trackOffset;
    if (!zns) {
      if (grid.tagWidth > 0) fillRect(buffer, x, y, grid.tagWidth, h, noClass);
      fillRect(buffer, trackX, y, grid.trackWidth, h, TRACK_PACKED);
      continue;
    }
    const state = zns.state[zone] ?? ZoneState.Empty;
    if (grid.tagWidth > 0) {
      fillRect(buffer, x, y, grid.tagWidth, h, classColors[zns.class[zone] ?? 0] ?? noClass);
    }
    if (state === ZoneState.Offline) {
      fillRect(buffer, trackX, y, grid.trackWidth, h, OFFLINE_PACKED);
      continue;
    }
    const written = trackPixels(grid, zns.wp[zone] ?? 0, capacity);
    // Valid blocks are among the written ones; rounding must not show more.
    const valid = Math.min(written, trackPixels(grid, zns.valid[zone] ?? 0, capacity));
    const fill = STATE_FILL_PACKED[state] ?? TRACK_PACKED;
    if (written < grid.trackWidth) {
      fillRect(buffer, trackX + written, y, grid.trackWidth - written, h, TRACK_PACKED);
    }
    if (written === 0) continue;
    if (split) {
      fillRect(buffer, trackX, y, written, topHeight, fill);
      const validColor = STATE_VALID_PACKED[state] ?? fill;
      fillRect(buffer, trackX, y + topHeight, valid, bottomHeight, validColor);
      fillRect(
        buffer,
        trackX + valid,
        y + topHeight,
        written - valid,
        bottomHeight,
        GARBAGE_PACKED,
      );
    } else {
      fillRect(buffer, trackX, y, valid, h, fill);
      fillRect(buffer, trackX + valid, y, written - valid, h, GARBAGE_PACKED);
    }
  }
}
