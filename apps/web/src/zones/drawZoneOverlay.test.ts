import { describe, expect, it } from 'vitest';
import { drawZoneOverlay, gcArrowWidth } from './drawZoneOverlay';
import { GC_ARROW_MS, ZoneAnimator, type ZoneFrame } from './zoneAnimator';
import { computeZoneGrid } from './zoneGrid';

/** A 2D context that records each line stroked: its width and alpha. */
function recordingContext(width: number, height: number) {
  const strokes: Array<{ lineWidth: number; alpha: number }> = [];
  const ctx = {
    canvas: { width, height },
    globalAlpha: 1,
    lineWidth: 1,
    strokeStyle: '',
    fillStyle: '',
    clearRect() {},
    fillRect() {},
    strokeRect() {},
    beginPath() {},
    moveTo() {},
    lineTo() {},
    closePath() {},
    fill() {},
    stroke() {
      strokes.push({ lineWidth: ctx.lineWidth, alpha: ctx.globalAlpha });
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, strokes };
}

function gcFrame(sources: number[], targets: Array<[number, number]>): ZoneFrame {
  return {
    zone_count: 8,
    zone_capacity_blocks: 64,
    wp: new Array<number>(8).fill(0),
    gc_zone: sources.at(-1) ?? -1,
    gc_count: sources.length,
    gc_sources: sources,
    gc_targets: targets,
  };
}

describe('gcArrowWidth', () => {
  it('is in proportion to the blocks copied: 6 px for a whole zone, at least 1 px', () => {
    expect(gcArrowWidth(1024, 1024)).toBe(6);
    expect(gcArrowWidth(512, 1024)).toBe(3);
    expect(gcArrowWidth(4096, 1024)).toBe(6);
    expect(gcArrowWidth(12, 1024)).toBe(1);
    expect(gcArrowWidth(0, 0)).toBe(1);
  });
});

describe('drawZoneOverlay', () => {
  it('draws one arrow per victim and target, as wide as its share of a zone, fading out', () => {
    const grid = computeZoneGrid(8, { width: 400, maxHeight: 200, pixelRatio: 2 });
    const animator = new ZoneAnimator();
    animator.addFrame(gcFrame([], []), [], 0);
    animator.addFrame(
      gcFrame(
        [0],
        [
          [5, 64],
          [6, 1],
        ],
      ),
      [],
      100,
    );
    const { ctx, strokes } = recordingContext(grid.width, grid.height);
    expect(drawZoneOverlay(ctx, grid, animator, -1, 100)).toBe(2);
    // 64 blocks fill a zone: 6 px (x2 device pixels); 1 block: the 1 px floor.
    expect(strokes.map((s) => s.lineWidth)).toEqual([12, 2]);
    expect(strokes.every((s) => s.alpha === 1)).toBe(true);

    strokes.length = 0;
    expect(drawZoneOverlay(ctx, grid, animator, -1, 100 + GC_ARROW_MS / 2)).toBe(2);
    expect(strokes[0].alpha).toBeCloseTo(0.5);

    strokes.length = 0;
    expect(drawZoneOverlay(ctx, grid, animator, -1, 100 + GC_ARROW_MS)).toBe(0);
    expect(strokes).toEqual([]);
    expect(ctx.globalAlpha).toBe(1);
  });
});
