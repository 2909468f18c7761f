import { describe, expect, it } from 'vitest';
import { computeZoneGrid, trackPixels, zoneAt, zoneRect } from './zoneGrid';

describe('the zone grid', () => {
  it('draws a few zones as tall strips, one per row, the full width', () => {
    const grid = computeZoneGrid(8, { width: 600, maxHeight: 300 });
    expect(grid.cols).toBe(1);
    expect(grid.rows).toBe(8);
    expect(grid.stripHeight).toBe(14);
    expect(grid.colWidth).toBe(600);
    expect(grid.height).toBeLessThanOrEqual(300);
    expect(grid.tagWidth).toBeGreaterThan(0);
    expect(grid.trackOffset + grid.trackWidth).toBe(grid.colWidth);
  });

  it('packs thousands of zones into columns of thin strips within the height', () => {
    const grid = computeZoneGrid(4096, { width: 1000, maxHeight: 400 });
    expect(grid.rows * grid.cols).toBeGreaterThanOrEqual(4096);
    expect(grid.height).toBeLessThanOrEqual(400);
    expect(grid.width).toBe(1000);
    expect(grid.cols * grid.colPitch - (grid.colPitch - grid.colWidth)).toBeLessThanOrEqual(1000);
    expect(grid.stripHeight).toBeLessThan(14);
    // Every column still shows a readable bar.
    expect(grid.colWidth).toBeGreaterThanOrEqual(4);
  });

  it('scales every length by the pixel ratio', () => {
    const one = computeZoneGrid(100, { width: 500, maxHeight: 300 });
    const two = computeZoneGrid(100, { width: 500, maxHeight: 300, pixelRatio: 2 });
    expect(two.width).toBe(2 * one.width);
    expect(two.stripHeight).toBe(2 * one.stripHeight);
    expect(two.rows).toBe(one.rows);
  });

  it('finds the zone under a pixel by arithmetic, and none in the gaps', () => {
    const grid = computeZoneGrid(300, { width: 800, maxHeight: 200 });
    for (const zone of [0, 1, grid.rows - 1, grid.rows, 157, 299]) {
      const rect = zoneRect(grid, zone);
      expect(zoneAt(grid, rect.x, rect.y)).toBe(zone);
      expect(zoneAt(grid, rect.x + rect.w - 1, rect.y + rect.h - 1)).toBe(zone);
    }
    const first = zoneRect(grid, 0);
    if (grid.rowPitch > grid.stripHeight) expect(zoneAt(grid, first.x, first.y + first.h)).toBe(-1);
    expect(zoneAt(grid, -1, 0)).toBe(-1);
    expect(zoneAt(grid, grid.width + 5, 0)).toBe(-1);
  });

  it('measures write pointers along the track, clamped', () => {
    const grid = computeZoneGrid(4, { width: 411, maxHeight: 100 });
    expect(trackPixels(grid, 0, 1000)).toBe(0);
    expect(trackPixels(grid, 500, 1000)).toBe(Math.round(grid.trackWidth / 2));
    expect(trackPixels(grid, 1000, 1000)).toBe(grid.trackWidth);
    expect(trackPixels(grid, 5000, 1000)).toBe(grid.trackWidth);
    expect(trackPixels(grid, 10, 0)).toBe(0);
  });
});
