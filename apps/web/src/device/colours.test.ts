import { describe, expect, it } from 'vitest';
import {
  ERASE_LUT,
  LUT_SIZE,
  VALID_RATIO_LUT,
  eraseCountDomain,
  eraseCountScale,
  lutIndex,
  packCss,
  packRgba,
  unpackToCss,
  validRatioColor,
} from './colours';

function channels(packed: number) {
  return {
    r: packed & 0xff,
    g: (packed >>> 8) & 0xff,
    b: (packed >>> 16) & 0xff,
    a: packed >>> 24,
  };
}

describe('packed colours', () => {
  it('packs RGBA in ImageData byte order (R in the low byte)', () => {
    const packed = packRgba(0x12, 0x34, 0x56);
    expect(packed).toBe(0xff563412);
    const bytes = new Uint8ClampedArray(new Uint32Array([packed]).buffer);
    if (new Uint8Array(new Uint16Array([1]).buffer)[0] === 1) {
      expect(Array.from(bytes)).toEqual([0x12, 0x34, 0x56, 0xff]);
    }
    expect(packCss('#123456')).toBe(packed);
    expect(unpackToCss(packed)).toBe('rgb(18, 52, 86)');
  });

  it('clamps table indices, NaN to the first entry', () => {
    expect(lutIndex(0)).toBe(0);
    expect(lutIndex(1)).toBe(LUT_SIZE - 1);
    expect(lutIndex(0.5)).toBe(128);
    expect(lutIndex(-3)).toBe(0);
    expect(lutIndex(7)).toBe(LUT_SIZE - 1);
    expect(lutIndex(NaN)).toBe(0);
  });
});

describe('valid ratio colour', () => {
  it('runs from warm garbage (0 %) to deep blue live data (100 %)', () => {
    const garbage = channels(VALID_RATIO_LUT[0]);
    const live = channels(VALID_RATIO_LUT[LUT_SIZE - 1]);
    expect(garbage.r).toBeGreaterThan(garbage.b); // warm
    expect(live.b).toBeGreaterThan(live.r + 80); // blue
    expect(validRatioColor(0)).toBe('rgb(243, 178, 122)');
    expect(validRatioColor(1)).toBe('rgb(47, 100, 168)');
  });

  it('gets darker as the valid ratio rises', () => {
    const luminance = (i: number) => {
      const c = channels(VALID_RATIO_LUT[i]);
      return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
    };
    expect(luminance(lutIndex(0.9))).toBeLessThan(luminance(lutIndex(0.5)));
    expect(luminance(lutIndex(1))).toBeLessThan(luminance(lutIndex(0.75)));
    for (const packed of VALID_RATIO_LUT) expect(channels(packed).a).toBe(255);
  });
});

describe('erase-count scale', () => {
  it('finds the domain of the counts', () => {
    expect(eraseCountDomain(new Uint32Array([4, 9, 2, 7]))).toEqual([2, 9]);
    expect(eraseCountDomain(new Uint32Array(0))).toEqual([0, 0]);
  });

  it('maps min to 0 and max to 1, linearly, clamping outliers', () => {
    const t = eraseCountScale(10, 30);
    expect(t(10)).toBe(0);
    expect(t(20)).toBe(0.5);
    expect(t(30)).toBe(1);
    expect(t(50)).toBe(1);
    expect(t(0)).toBe(0);
  });

  it('is uniform when every block has the same count', () => {
    const t = eraseCountScale(5, 5);
    expect(t(5)).toBe(0);
    expect(t(6)).toBe(0);
  });

  it('darkens with wear', () => {
    const first = channels(ERASE_LUT[0]);
    const last = channels(ERASE_LUT[LUT_SIZE - 1]);
    expect(first.r + first.g + first.b).toBeGreaterThan(last.r + last.g + last.b + 300);
  });
});
