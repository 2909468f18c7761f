import { describe, expect, it } from 'vitest';
import { dynamicText, occupancyText, shrinkText } from './occupancyText';

// The 665p-like drive 50 % full at the end of public/scenarios/slc-cliff-fill50.json,
// as `flashscope run --json` reports it (slc.capacity_bytes_at_start, and the
// series' last slc_capacity_bytes, slc_static_bytes and slc_dynamic_bytes).
const STATIC_CAPACITY = 12_079_595_520;
const fill50End = {
  maxBytes: 12e9 + 128e9,
  capacityAtStartBytes: 75_967_234_048,
  capacityBytes: 59_055_800_320,
  dynamicCapacityBytes: 59_055_800_320 - STATIC_CAPACITY,
  usedBytes: 11_899_240_448 + 48_452_599_808,
  dynamicUsedBytes: 48_452_599_808,
};

/** Every "A / B" or "A of B" in `text` with A above B (same unit). */
function usedAboveCapacity(text: string): string[] {
  const pairs = text.matchAll(/([\d.]+)\s*(?:\w+\s*)?(?:\/|of)\s*([\d.]+)/g);
  return [...pairs].filter(([, a, b]) => Number(a) > Number(b)).map(([pair]) => pair);
}

describe('the SLC card after the cache shrank below what it holds', () => {
  it('never prints used above capacity (it read "60.4 / 59.1 GB" and "48.5 GB of 47.0 GB")', () => {
    expect(occupancyText(fill50End)).toBe('60.4 GB held');
    expect(dynamicText(fill50End)).toBe('48.5 GB held');
    for (const text of [occupancyText(fill50End), dynamicText(fill50End)]) {
      expect(usedAboveCapacity(text)).toEqual([]);
    }
  });

  it('says in words that it shrank, from the capacity at the start to the one now', () => {
    expect(shrinkText(fill50End)).toBe(
      'Shrank from 76.0 to 59.1 GB as user data filled the drive: less room than it holds',
    );
  });
});

describe('the SLC card while what it holds fits', () => {
  const MiB = 2 ** 20;
  // The teaching QLC drive in the SLC-cliff lesson, mid-burst.
  const teaching = {
    maxBytes: 64 * MiB,
    capacityAtStartBytes: 64 * MiB,
    capacityBytes: 64 * MiB,
    dynamicCapacityBytes: 56 * MiB,
    usedBytes: 20 * MiB,
    dynamicUsedBytes: 12 * MiB,
  };

  it('gives used / capacity and says nothing of a shrink that did not happen', () => {
    expect(occupancyText(teaching)).toBe('21.0 / 67.1 MB');
    expect(dynamicText(teaching)).toBe('12.6 MB of 58.7 MB');
    expect(shrinkText(teaching)).toBeNull();
    expect(shrinkText({ ...teaching, capacityAtStartBytes: 0 })).toBeNull(); // before the host started
  });

  it('says a shrink the card can show, even while the cache has room', () => {
    expect(shrinkText({ ...teaching, capacityBytes: 48 * MiB })).toBe(
      'Shrank from 67.1 to 50.3 MB as user data filled the drive',
    );
    // 4 kB less rounds to the same 67.1 MB: nothing worth a sentence.
    expect(shrinkText({ ...teaching, capacityBytes: 64 * MiB - 4096 })).toBeNull();
  });
});
