import { describe, expect, it } from 'vitest';
import { formatOccupancy, funnelGeometry, halfWidthAt, occupancyUnit } from './funnelGeometry';

const MiB = 2 ** 20;
const box = { width: 200, height: 100 };

describe('funnelGeometry', () => {
  it('stacks static then dynamic occupancy from the neck, in proportion to bytes', () => {
    const g = funnelGeometry(
      {
        maxBytes: 100 * MiB,
        capacityBytes: 100 * MiB,
        staticCapacityBytes: 20 * MiB,
        staticUsedBytes: 20 * MiB,
        dynamicUsedBytes: 30 * MiB,
        persistentBytes: 10 * MiB,
      },
      box,
    );
    expect(g.staticUsed).toEqual({ y: 80, height: 20 });
    expect(g.dynamicUsed).toEqual({ y: 50, height: 30 });
    expect(g.persistent).toEqual({ y: 90, height: 10 });
    expect(g.staticTopY).toBe(80);
    expect(g.rimY).toBe(0);
    expect(g.lost.height).toBe(0);
  });

  it('lowers the rim as the dynamic allowance shrinks with user data', () => {
    const full = { staticUsedBytes: 0, dynamicUsedBytes: 0, persistentBytes: 0 };
    const roomy = funnelGeometry(
      { ...full, maxBytes: 100, capacityBytes: 100, staticCapacityBytes: 10 },
      box,
    );
    const shrunk = funnelGeometry(
      { ...full, maxBytes: 100, capacityBytes: 25, staticCapacityBytes: 10 },
      box,
    );
    expect(roomy.rimY).toBe(0);
    expect(shrunk.rimY).toBe(75);
    expect(shrunk.lost).toEqual({ y: 0, height: 75 });
  });

  it('clamps levels to the funnel and never draws negative bands', () => {
    const g = funnelGeometry(
      {
        maxBytes: 10,
        capacityBytes: 12,
        staticCapacityBytes: 4,
        staticUsedBytes: 8,
        dynamicUsedBytes: 8,
        persistentBytes: 100,
      },
      box,
    );
    expect(g.rimY).toBe(0);
    expect(g.dynamicUsed.y).toBe(0);
    expect(g.persistent.y).toBe(0);
    for (const band of [g.lost, g.staticUsed, g.dynamicUsed, g.persistent]) {
      expect(band.height).toBeGreaterThanOrEqual(0);
    }
  });

  it('narrows from the mouth to the neck', () => {
    expect(halfWidthAt(box, 0)).toBeCloseTo(92);
    expect(halfWidthAt(box, 100)).toBeCloseTo(14);
    expect(halfWidthAt(box, 50)).toBeCloseTo(53);
  });
});

describe('formatOccupancy', () => {
  it('uses one decimal unit for both numbers, chosen by the largest cache', () => {
    expect(formatOccupancy(3.2e9, 12e9, 140e9)).toBe('3.2 / 12.0 GB');
    // 48 MiB is 50.3 MB: the vendors' unit, like every other capacity shown.
    expect(formatOccupancy(512 * 1024, 48 * MiB, 64 * MiB)).toBe('0.5 / 50.3 MB');
    expect(occupancyUnit(100)).toEqual(['B', 1]);
  });
});
