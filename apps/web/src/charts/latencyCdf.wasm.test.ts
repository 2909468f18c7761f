// The latency CDF chart on a real run (the Node flavour of the wasm core):
// a curve per op, each marked at the core's p50 and p99 of that op, the
// figures the figures row and the result's latency_us give; each curve
// crosses 50 % and 99 % at its marks, so what the marks say is what the
// curve shows.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { runInFrames } from '../app/testFrames';
import { sideInside } from './CdfPlot';
import { latencyCdfView } from './latencyCdf';

const preset = (name: string) =>
  readFileSync(
    fileURLToPath(new URL(`../../../../public/presets/devices/${name}.json`, import.meta.url)),
    'utf8',
  );

interface Result {
  latency_us: Record<'read' | 'write', { p50: number; p99: number }>;
}

describe('the latency CDF of a 70/30 random mix on the teaching drive', () => {
  const run = runInFrames<Result>(
    {
      deviceJson: preset('teaching-slc-tiny'),
      fioText: '[mix]\nrw=randrw\nrwmixread=70\nbs=4k\niodepth=16\nnumber_ios=20000\n',
      set: ['precondition.fill=0.9'],
    },
    50e6,
  );
  const view = latencyCdfView(run.meta);

  it('marks each op at the p50 and p99 of the exported result', () => {
    expect(view.curves.map((curve) => curve.op)).toEqual(['write', 'read']);
    expect(view.marks).toHaveLength(4);
    for (const mark of view.marks) {
      expect(mark.latencyUs).toBe(run.result.latency_us[mark.op][mark.percentile]);
    }
  });

  it('draws each curve through its marks: 50 % and 99 % are reached there, not before', () => {
    for (const { op, cdf } of view.curves) {
      for (const mark of view.marks.filter((m) => m.op === op)) {
        const fraction = mark.percentile === 'p50' ? 0.5 : 0.99;
        const at = cdf.findIndex(([latency]) => latency === mark.latencyUs);
        expect(at, `${op} ${mark.percentile}`).toBeGreaterThanOrEqual(0);
        expect(cdf[at][1]).toBeGreaterThanOrEqual(fraction);
        if (at > 0) expect(cdf[at - 1][1]).toBeLessThan(fraction);
      }
      // The curve ends at the op's maximum, at 100 %.
      expect(cdf[cdf.length - 1][1]).toBe(1);
    }
  });
});

describe('sideInside', () => {
  it('keeps a label on its side unless the plot’s edge would cut it', () => {
    expect(sideInside('left', 200, 90, 400)).toBe('left');
    expect(sideInside('left', 50, 90, 400)).toBe('right');
    expect(sideInside('right', 350, 90, 400)).toBe('left');
    // No room on either side: where it was asked.
    expect(sideInside('right', 50, 390, 400)).toBe('right');
  });
});
