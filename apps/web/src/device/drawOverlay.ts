// The interactive layer above the device image: the hovered block's outline
// and GC moves and SLC migrations (folds) in flight. Redrawn every animation frame while something
// moves, and on pointer moves; it never repaints the blocks themselves.

import { easeCubicInOut } from 'd3';
import { VICTIM_COLORS } from './colours';
import { blockRect, unitRect, type DeviceGrid, type Rect } from './deviceGrid';
import { SLC_COLORS } from '../slc/slcColors';
import {
  dotProgress,
  moveProgress,
  type GcAnimator,
  type GcMove,
  type MoveKind,
} from './gcAnimator';

const HOVER_STROKE = '#1d2733';

/** Victim ring (the colour of the victim's block state), destination ring and dots of a move. */
export const MOVE_STYLES: Record<MoveKind, { victim: string; destination: string; dot: string }> = {
  gc: { victim: VICTIM_COLORS.gc, destination: '#3d8b50', dot: '#2f64a8' },
  // Other relocations by the GC engine: not GC runs, so not GC's red.
  refresh: { victim: VICTIM_COLORS.refresh, destination: '#3d8b50', dot: VICTIM_COLORS.refresh },
  wear_leveling: {
    victim: VICTIM_COLORS.wear_leveling,
    destination: '#3d8b50',
    dot: VICTIM_COLORS.wear_leveling,
  },
  // Migration: SLC data folds out of the pSLC block into a native one.
  migration: { victim: VICTIM_COLORS.migration, destination: '#2f64a8', dot: SLC_COLORS.migration },
};

export interface OverlayInput {
  grid: DeviceGrid;
  hoverBlock: number | null;
  hoverUnit: number | null;
  animator: GcAnimator;
  now: number;
}

export function drawOverlay(ctx: CanvasRenderingContext2D, input: OverlayInput): void {
  const { grid, animator, now } = input;
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  const ratio = grid.pixelRatio;

  for (const move of animator.moves) drawMove(ctx, grid, move, now, ratio);

  if (input.hoverBlock !== null && input.hoverBlock >= 0) {
    const rect = blockRect(grid, input.hoverBlock);
    ctx.lineWidth = 2 * ratio;
    ctx.strokeStyle = HOVER_STROKE;
    strokeAround(ctx, rect, 1.5 * ratio);
    if (input.hoverUnit !== null) {
      const unit = unitRect(grid, input.hoverBlock, input.hoverUnit);
      if (unit) {
        ctx.lineWidth = ratio;
        strokeAround(ctx, unit, 0.5 * ratio);
      }
    }
  }
}

function strokeAround(ctx: CanvasRenderingContext2D, rect: Rect, pad: number): void {
  ctx.strokeRect(rect.x - pad, rect.y - pad, rect.w + 2 * pad, rect.h + 2 * pad);
}

function centre(rect: Rect): { x: number; y: number } {
  return { x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 };
}

/** A point for dot k in `block`: its unit's centre when pages are drawn, else spread. */
function dotAnchor(grid: DeviceGrid, block: number, unit: number, k: number, dots: number) {
  if (unit >= 0) {
    const rect = unitRect(grid, block, unit);
    if (rect) return centre(rect);
  }
  const rect = blockRect(grid, block);
  // A golden-angle spiral spreads the dots over small blocks without randomness.
  const angle = k * 2.399963;
  const radius = (Math.sqrt((k + 0.5) / Math.max(1, dots)) * Math.min(rect.w, rect.h)) / 2.5;
  const c = centre(rect);
  return { x: c.x + Math.cos(angle) * radius, y: c.y + Math.sin(angle) * radius };
}

function drawMove(
  ctx: CanvasRenderingContext2D,
  grid: DeviceGrid,
  move: GcMove,
  now: number,
  ratio: number,
): void {
  const style = MOVE_STYLES[move.kind];
  const fade = 1 - moveProgress(move, now) ** 3;
  const victimRect = blockRect(grid, move.victim);
  const ringPad = Math.max(2, 0.5 * Math.min(victimRect.w, 8)) * ratio;

  ctx.globalAlpha = fade;
  ctx.lineWidth = 2 * ratio;
  ctx.strokeStyle = style.victim;
  strokeAround(ctx, victimRect, ringPad);

  const dots = move.sourceUnits.length;
  if (move.destination >= 0) {
    const destinationRect = blockRect(grid, move.destination);
    ctx.strokeStyle = style.destination;
    strokeAround(ctx, destinationRect, ringPad);
    if (dots > 0) {
      // A faint trail shows the direction of the move.
      const from = centre(victimRect);
      const to = centre(destinationRect);
      ctx.globalAlpha = 0.25 * fade;
      ctx.lineWidth = ratio;
      ctx.strokeStyle = style.dot;
      ctx.beginPath();
      ctx.moveTo(from.x, from.y);
      ctx.lineTo(to.x, to.y);
      ctx.stroke();
    }
  }

  ctx.globalAlpha = 1;
  ctx.fillStyle = style.dot;
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = ratio;
  const radius = Math.max(2, Math.min(3.5, (grid.cellWidth / ratio) * 0.18)) * ratio;
  // All dots of a move in one path: one fill and one stroke per move, not per dot.
  const alpha = move.destination >= 0 ? 1 : 1 - moveProgress(move, now); // no destination: fade in place
  ctx.globalAlpha = alpha * Math.min(1, fade * 1.5);
  ctx.beginPath();
  for (let k = 0; k < dots; k++) {
    const from = dotAnchor(grid, move.victim, move.sourceUnits[k], k, dots);
    let x = from.x;
    let y = from.y;
    if (move.destination >= 0) {
      const to = dotAnchor(grid, move.destination, move.destinationUnits[k], k, dots);
      const t = easeCubicInOut(dotProgress(move, k, now));
      x = from.x + (to.x - from.x) * t;
      y = from.y + (to.y - from.y) * t;
    }
    ctx.moveTo(x + radius, y);
    ctx.arc(x, y, radius, 0, Math.PI * 2);
  }
  ctx.fill();
  ctx.stroke();
  ctx.globalAlpha = 1;
}
