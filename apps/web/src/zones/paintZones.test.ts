import { describe, expect, it } from 'vitest';
import { ZoneState } from '@flashscope/wasm/protocol';
import type { PixelBuffer } from '../device/paintDevice';
import { paintZones, type ZonePaintInput } from './paintZones';
import {
  GARBAGE_PACKED,
  OFFLINE_PACKED,
  STATE_FILL_PACKED,
  STATE_VALID_PACKED,
  TRACK_PACKED,
  classPalette,
} from './zoneColours';
import { computeZoneGrid, zoneRect, type ZoneGrid } from './zoneGrid';

function setup(zns: ZonePaintInput | null, zones = 4) {
  const grid = computeZoneGrid(zones, { width: 220, maxHeight: 200 });
  const buffer: PixelBuffer = {
    data: new Uint32Array(grid.width * grid.height),
    width: grid.width,
    height: grid.height,
  };
  paintZones(buffer, grid, zns, classPalette(3));
  const at = (x: number, y: number) => buffer.data[y * buffer.width + x];
  return { grid, at };
}

/** Track pixel (fraction of the track, row within the strip) of a zone. */
function trackPoint(grid: ZoneGrid, zone: number, fraction: number, row: number) {
  const rect = zoneRect(grid, zone);
  const x =
    rect.x +
    grid.trackOffset +
    Math.min(grid.trackWidth - 1, Math.floor(fraction * grid.trackWidth));
  return [x, rect.y + row] as const;
}

const zns: ZonePaintInput = {
  zone_count: 4,
  zone_capacity_blocks: 100,
  state: [ZoneState.Empty, ZoneState.ImplicitlyOpened, ZoneState.Full, ZoneState.Offline],
  wp: [0, 40, 100, 0],
  valid: [0, 40, 25, 0],
  class: [0, 1, 3, 0],
};

describe('paintZones', () => {
  it('fills each strip to its write pointer in its state colour', () => {
    const { grid, at } = setup(zns);
    expect(grid.stripHeight).toBeGreaterThanOrEqual(4); // tall enough for the sub-bar
    // Zone 1, open, 40 % written: state colour before the pointer, track after it.
    expect(at(...trackPoint(grid, 1, 0.2, 0))).toBe(STATE_FILL_PACKED[ZoneState.ImplicitlyOpened]);
    expect(at(...trackPoint(grid, 1, 0.6, 0))).toBe(TRACK_PACKED);
    // Zone 0 is empty: all track.
    expect(at(...trackPoint(grid, 0, 0.1, 0))).toBe(TRACK_PACKED);
    // Zone 3 is offline: dark whatever its pointer.
    expect(at(...trackPoint(grid, 3, 0.5, 0))).toBe(OFFLINE_PACKED);
  });

  it('shows valid blocks then garbage underneath: the zone garbage proportion', () => {
    const { grid, at } = setup(zns);
    const bottom = grid.stripHeight - 1;
    // Zone 2 is full with 25 of 100 blocks valid: GP 0.75.
    expect(at(...trackPoint(grid, 2, 0.5, 0))).toBe(STATE_FILL_PACKED[ZoneState.Full]);
    expect(at(...trackPoint(grid, 2, 0.1, bottom))).toBe(STATE_VALID_PACKED[ZoneState.Full]);
    expect(at(...trackPoint(grid, 2, 0.3, bottom))).toBe(GARBAGE_PACKED);
    expect(at(...trackPoint(grid, 2, 0.99, bottom))).toBe(GARBAGE_PACKED);
    // Zone 1 is all valid: no garbage.
    expect(at(...trackPoint(grid, 1, 0.35, bottom))).toBe(
      STATE_VALID_PACKED[ZoneState.ImplicitlyOpened],
    );
  });

  it('tags each strip with its class colour (class 0: none)', () => {
    const { grid, at } = setup(zns);
    const palette = classPalette(3);
    const tag = (zone: number) => {
      const rect = zoneRect(grid, zone);
      return at(rect.x, rect.y);
    };
    expect(tag(1)).toBe(palette[1]);
    expect(tag(2)).toBe(palette[3]);
    expect(tag(0)).toBe(palette[0]);
    expect(palette[1]).not.toBe(palette[3]);
  });

  it('draws empty tracks before the first frame', () => {
    const { grid, at } = setup(null);
    expect(at(...trackPoint(grid, 2, 0.5, 0))).toBe(TRACK_PACKED);
  });

  it('paints thin strips without a sub-bar: valid in the state colour, then garbage', () => {
    const many = 2000;
    const input: ZonePaintInput = {
      zone_count: many,
      zone_capacity_blocks: 10,
      state: new Array<number>(many).fill(ZoneState.Full),
      wp: new Array<number>(many).fill(10),
      valid: new Array<number>(many).fill(5),
      class: new Array<number>(many).fill(2),
    };
    const grid = computeZoneGrid(many, { width: 400, maxHeight: 100 });
    expect(grid.stripHeight).toBeLessThan(4);
    const buffer = {
      data: new Uint32Array(grid.width * grid.height),
      width: grid.width,
      height: grid.height,
    };
    paintZones(buffer, grid, input, classPalette(3));
    const rect = zoneRect(grid, many - 1);
    const y = rect.y;
    const trackStart = rect.x + grid.trackOffset;
    expect(buffer.data[y * buffer.width + trackStart]).toBe(STATE_FILL_PACKED[ZoneState.Full]);
    expect(buffer.data[y * buffer.width + trackStart + grid.trackWidth - 1]).toBe(GARBAGE_PACKED);
  });
});
