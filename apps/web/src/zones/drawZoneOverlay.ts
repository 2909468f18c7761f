// The zones view's interactive layer: reset flashes (a bright wash over the
// strip that fades), GC reclaims (the reclaimed zone outlined, with arrows
// to the zones that received its valid blocks, as wide as the blocks are
// many, fading together) and the hovered zone's outline. Redrawn every
// animation frame while something plays; it reads the animator's typed
// arrays and allocates nothing of its own.

import { RESET_FLASH_MS, GC_ARROW_MS, type ZoneAnimator } from './zoneAnimator';
import type { ZoneGrid } from './zoneGrid';

const FLASH_COLOR = '#fff3b0';
const FLASH_EDGE = '#e0a800';
const GC_COLOR = '#d64545';
const HOVER_STROKE = '#1d2733';
/** A GC arrow for a whole zone's worth of blocks, CSS px. */
const MAX_ARROW_WIDTH = 6;

/**
 * A GC arrow's line width in CSS px for `blocks` copied into zones of
 * `zoneCapacityBlocks`: in proportion, MAX_ARROW_WIDTH for a whole zone's
 * worth, at least 1 px. Proportional, so that a frame whose victims share
 * a target (each arrow carries its share) puts about as much ink on it as
 * one victim copying it all.
 */
export function gcArrowWidth(blocks: number, zoneCapacityBlocks: number): number {
  const share = zoneCapacityBlocks > 0 ? blocks / zoneCapacityBlocks : 0;
  return Math.min(MAX_ARROW_WIDTH, Math.max(1, MAX_ARROW_WIDTH * share));
}

/** Left edge and vertical middle of zone `zone`'s strip, canvas px. */
function stripX(grid: ZoneGrid, zone: number): number {
  return Math.floor(zone / grid.rows) * grid.colPitch;
}

function stripY(grid: ZoneGrid, zone: number): number {
  return (zone % grid.rows) * grid.rowPitch;
}

/** Draws the overlay; returns how many GC arrows it drew. */
export function drawZoneOverlay(
  ctx: CanvasRenderingContext2D,
  grid: ZoneGrid,
  animator: ZoneAnimator,
  hoverZone: number,
  now: number,
): number {
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

  ctx.strokeStyle = GC_COLOR;
  ctx.fillStyle = GC_COLOR;
  ctx.lineWidth = 1.5 * ratio;
  for (let i = 0; i < animator.gcCount; i++) {
    const slot = animator.gcSlot(i);
    const victim = animator.gcZone[slot];
    if (victim < 0 || victim >= grid.zoneCount) continue;
    const fade = 1 - (now - animator.gcStart[slot]) / GC_ARROW_MS;
    if (!(fade > 0)) continue;
    ctx.globalAlpha = fade;
    ctx.strokeRect(
      stripX(grid, victim) - ratio,
      stripY(grid, victim) - ratio - pad,
      w + 2 * ratio,
      h + 2 * ratio + 2 * pad,
    );
  }
  let arrows = 0;
  for (let i = 0; i < animator.arrowCount; i++) {
    const slot = animator.arrowSlot(i);
    const source = animator.arrowSource[slot];
    const target = animator.arrowTarget[slot];
    if (source >= grid.zoneCount || target >= grid.zoneCount) continue;
    const fade = 1 - (now - animator.arrowStart[slot]) / GC_ARROW_MS;
    if (!(fade > 0)) continue;
    ctx.globalAlpha = fade;
    const width = gcArrowWidth(animator.arrowBlocks[slot], animator.zoneCapacityBlocks);
    drawArrow(
      ctx,
      stripX(grid, source) + w / 2,
      stripY(grid, source) + h / 2,
      stripX(grid, target) + w / 2,
      stripY(grid, target) + h / 2,
      width * ratio,
      (4 + 1.5 * width) * ratio,
    );
    arrows++;
  }
  ctx.globalAlpha = 1;

  if (hoverZone >= 0 && hoverZone < grid.zoneCount) {
    ctx.strokeStyle = HOVER_STROKE;
    ctx.lineWidth = 1.5 * ratio;
    const x = stripX(grid, hoverZone);
    const y = stripY(grid, hoverZone);
    ctx.strokeRect(x - ratio, y - ratio, w + 2 * ratio, h + 2 * ratio);
  }
  return arrows;
}

/**
 * An arrow from (x0, y0) to (x1, y1), its line `width` px wide and its head
 * `head` px long: where a reclaimed zone's valid blocks went.
 */
function drawArrow(
  ctx: CanvasRenderingContext2D,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  width: number,
  head: number,
): void {
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
  const angle = Math.atan2(y1 - y0, x1 - x0);
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x1 - head * Math.cos(angle - 0.45), y1 - head * Math.sin(angle - 0.45));
  ctx.lineTo(x1 - head * Math.cos(angle + 0.45), y1 - head * Math.sin(angle + 0.45));
  ctx.closePath();
  ctx.fill();
}
