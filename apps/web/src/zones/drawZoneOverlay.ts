// The zones view's interactive layer: reset flashes (a bright wash over the
// strip that fades), GC highlights (the reclaimed zone outlined, with
// arrows to the open zones the frame's appends went to, fading together)
// and the hovered zone's outline. Redrawn every animation frame while
// something plays; it reads the animator's typed arrays and allocates
// nothing of its own.

import { RESET_FLASH_MS, GC_TRAIL_MS, TRAILS_PER_GC, type ZoneAnimator } from './zoneAnimator';
import type { ZoneGrid } from './zoneGrid';

const FLASH_COLOR = '#fff3b0';
const FLASH_EDGE = '#e0a800';
const GC_COLOR = '#d64545';
const HOVER_STROKE = '#1d2733';

/** Left edge and vertical middle of zone `zone`'s strip, canvas px. */
function stripX(grid: ZoneGrid, zone: number): number {
  return Math.floor(zone / grid.rows) * grid.colPitch;
}

function stripY(grid: ZoneGrid, zone: number): number {
  return (zone % grid.rows) * grid.rowPitch;
}

export function drawZoneOverlay(
  ctx: CanvasRenderingContext2D,
  grid: ZoneGrid,
  animator: ZoneAnimator,
  hoverZone: number,
  now: number,
): void {
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  const ratio = grid.pixelRatio;
  const h = grid.stripHeight;
  const w = grid.colWidth;
  // Thin strips get a taller wash so a reset stays visible.
  const pad = h < 4 * ratio ? ratio : 0;

  for (let i = 0; i < animator.flashCount; i++) {
    const slot = animator.flashSlot(i);
    const zone = animator.flashZone[slot];
    if (zone >= grid.zoneCount) continue;
    const fade = 1 - (now - animator.flashStart[slot]) / RESET_FLASH_MS;
    if (!(fade > 0)) continue;
    const x = stripX(grid, zone);
    const y = stripY(grid, zone);
    ctx.globalAlpha = 0.9 * fade;
    ctx.fillStyle = FLASH_COLOR;
    ctx.fillRect(x, y - pad, w, h + 2 * pad);
    ctx.globalAlpha = fade;
    ctx.strokeStyle = FLASH_EDGE;
    ctx.lineWidth = ratio;
    ctx.strokeRect(x + ratio / 2, y - pad + ratio / 2, w - ratio, h + 2 * pad - ratio);
  }

  ctx.lineWidth = 1.5 * ratio;
  ctx.strokeStyle = GC_COLOR;
  ctx.fillStyle = GC_COLOR;
  for (let i = 0; i < animator.gcCount; i++) {
    const slot = animator.gcSlot(i);
    const victim = animator.gcZone[slot];
    if (victim < 0 || victim >= grid.zoneCount) continue;
    const fade = 1 - (now - animator.gcStart[slot]) / GC_TRAIL_MS;
    if (!(fade > 0)) continue;
    ctx.globalAlpha = fade;
    const vx = stripX(grid, victim);
    const vy = stripY(grid, victim);
    ctx.strokeRect(vx - ratio, vy - ratio - pad, w + 2 * ratio, h + 2 * ratio + 2 * pad);
    for (let k = 0; k < TRAILS_PER_GC; k++) {
      const target = animator.gcTargets[slot * TRAILS_PER_GC + k];
      if (target < 0 || target >= grid.zoneCount) continue;
      const tx = stripX(grid, target) + w / 2;
      drawTrail(ctx, vx + w / 2, vy + h / 2, tx, stripY(grid, target) + h / 2, ratio);
    }
  }
  ctx.globalAlpha = 1;

  if (hoverZone >= 0 && hoverZone < grid.zoneCount) {
    ctx.strokeStyle = HOVER_STROKE;
    ctx.lineWidth = 1.5 * ratio;
    const x = stripX(grid, hoverZone);
    const y = stripY(grid, hoverZone);
    ctx.strokeRect(x - ratio, y - ratio, w + 2 * ratio, h + 2 * ratio);
  }
}

/** An arrow from (x0, y0) to (x1, y1): where the reclaimed zone's valid blocks went. */
function drawTrail(
  ctx: CanvasRenderingContext2D,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  ratio: number,
): void {
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
  const angle = Math.atan2(y1 - y0, x1 - x0);
  const size = 6 * ratio;
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x1 - size * Math.cos(angle - 0.45), y1 - size * Math.sin(angle - 0.45));
  ctx.lineTo(x1 - size * Math.cos(angle + 0.45), y1 - size * Math.sin(angle + 0.45));
  ctx.closePath();
  ctx.fill();
}
