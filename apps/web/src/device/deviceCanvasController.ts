// Owns the device view's two canvases outside React (Excalidraw's static +
// interactive split). It subscribes to the store transiently: a new frame or
// a new colour mode repaints the static canvas once, in the next animation
// frame; hover and GC moves redraw only the overlay. After a frame is
// painted it tells the worker (onFrameDrawn), which then sends the next one.

import type { Layout } from '@flashscope/wasm/protocol';
import type { FrameScheduler } from '../app/frameScheduler';
import type { AppState, AppStore } from '../store';
import { blockAt, computeDeviceGrid, unitAt, type DeviceGrid } from './deviceGrid';
import { drawOverlay } from './drawOverlay';
import { GcAnimator } from './gcAnimator';
import { paintDevice } from './paintDevice';
import { renderStats } from './renderStats';

/** Devices with at most this many mapping units come with page states (flashscope_api.h). */
export const PAGE_STATE_MAX_UNITS = 262_144;

export function hasPageStates(layout: Layout): boolean {
  return layout.blocks * layout.units_per_block <= PAGE_STATE_MAX_UNITS;
}

const LABEL_FONT = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const LABEL_COLOR = '#5b6675';

export interface DeviceCanvasOptions {
  store: AppStore;
  scheduler: FrameScheduler;
  staticCanvas: HTMLCanvasElement;
  overlayCanvas: HTMLCanvasElement;
  onFrameDrawn: (frame: number) => void;
  now?: () => number;
}

export class DeviceCanvasController {
  private grid: DeviceGrid | null = null;
  private layout: Layout | null = null;
  private cssWidth = 0;
  private maxCssHeight = 480;
  private image: ImageData | null = null;
  private readonly animator = new GcAnimator();
  private lastAnimatedFrame = -1;
  private readonly unsubscribe: () => void;
  private readonly now: () => number;

  constructor(private readonly options: DeviceCanvasOptions) {
    this.now = options.now ?? (() => performance.now());
    this.unsubscribe = options.store.subscribe((state, previous) =>
      this.onStoreChange(state, previous),
    );
    this.layout = options.store.getState().sim.layout;
  }

  dispose(): void {
    this.unsubscribe();
    this.options.scheduler.cancel('device-static');
    this.options.scheduler.cancel('device-overlay');
  }

  /** The room the view has, CSS px. */
  resize(cssWidth: number, maxCssHeight: number): void {
    if (cssWidth === this.cssWidth && maxCssHeight === this.maxCssHeight) return;
    this.cssWidth = cssWidth;
    this.maxCssHeight = maxCssHeight;
    this.rebuildGrid();
  }

  /** Pointer position in CSS px relative to the canvas. */
  pointerMove(cssX: number, cssY: number): void {
    const grid = this.grid;
    if (!grid) return;
    const x = cssX * grid.pixelRatio;
    const y = cssY * grid.pixelRatio;
    const block = blockAt(grid, x, y);
    const view = this.options.store.getState().view;
    if (block < 0) view.setHover(null);
    else view.setHover({ block, unit: unitAt(grid, block, x, y), x: cssX, y: cssY });
  }

  pointerLeave(): void {
    this.options.store.getState().view.setHover(null);
  }

  private onStoreChange(state: AppState, previous: AppState): void {
    if (state.sim.layout !== previous.sim.layout) {
      this.layout = state.sim.layout;
      this.rebuildGrid();
      return;
    }
    if (state.sim.runId !== previous.sim.runId) {
      this.animator.clear();
      this.lastAnimatedFrame = -1;
    }
    if (
      state.sim.frameVersion !== previous.sim.frameVersion ||
      state.view.colorMode !== previous.view.colorMode ||
      state.sim.runId !== previous.sim.runId
    ) {
      this.requestStatic();
    }
    if (state.view.hover !== previous.view.hover) this.requestOverlay();
  }

  private rebuildGrid(): void {
    const { layout } = this;
    if (!layout || this.cssWidth <= 0) {
      this.grid = null;
      this.requestStatic();
      return;
    }
    const pixelRatio = Math.max(1, Math.round(window.devicePixelRatio || 1));
    this.grid = computeDeviceGrid(layout, {
      width: this.cssWidth,
      maxHeight: this.maxCssHeight,
      pixelRatio,
      showPages: hasPageStates(layout),
    });
    const { width, height } = this.grid;
    for (const canvas of [this.options.staticCanvas, this.options.overlayCanvas]) {
      canvas.width = width;
      canvas.height = height;
      canvas.style.width = `${width / pixelRatio}px`;
      canvas.style.height = `${height / pixelRatio}px`;
    }
    this.image = null;
    this.requestStatic();
    this.requestOverlay();
  }

  private requestStatic(): void {
    this.options.scheduler.schedule('device-static', () => this.renderStatic());
  }

  private requestOverlay(): void {
    this.options.scheduler.schedule('device-overlay', (now) => this.renderOverlay(now));
  }

  private renderStatic(): void {
    const { sim, view } = this.options.store.getState();
    const frame = sim.frame;
    const grid = this.grid;
    const ctx = this.options.staticCanvas.getContext('2d');
    if (grid && ctx) {
      if (!this.image || this.image.width !== grid.width || this.image.height !== grid.height) {
        this.image = ctx.createImageData(grid.width, grid.height);
      }
      const pixels = new Uint32Array(this.image.data.buffer);
      paintDevice(
        { data: pixels, width: grid.width, height: grid.height },
        grid,
        frame?.blocks ?? null,
        view.colorMode,
        sim.layout?.slc_units_per_block,
      );
      ctx.putImageData(this.image, 0, 0);
      drawLabels(ctx, grid);
      renderStats.staticRenders++;
    }
    if (frame && frame.frame !== this.lastAnimatedFrame) {
      this.lastAnimatedFrame = frame.frame;
      if (this.layout && frame.meta.events.length > 0) {
        this.animator.addFrame(
          frame.meta.events,
          frame.blocks,
          {
            blocksPerPlane: this.layout.blocks_per_plane,
            unitsPerBlock: this.layout.units_per_block,
          },
          this.now(),
        );
        this.requestOverlay();
      }
      // Even when nothing could be drawn the worker must not wait forever.
      this.options.onFrameDrawn(frame.frame);
    }
  }

  private renderOverlay(now: number): void {
    const grid = this.grid;
    const ctx = this.options.overlayCanvas.getContext('2d');
    if (!grid || !ctx) return;
    const playing = this.animator.prune(now);
    const hover = this.options.store.getState().view.hover;
    drawOverlay(ctx, {
      grid,
      hoverBlock: hover?.block ?? null,
      hoverUnit: hover?.unit ?? null,
      animator: this.animator,
      now,
    });
    renderStats.overlayRenders++;
    if (playing) this.requestOverlay();
  }
}

function drawLabels(ctx: CanvasRenderingContext2D, grid: DeviceGrid): void {
  const ratio = grid.pixelRatio;
  const { spec } = grid;
  ctx.save();
  ctx.font = LABEL_FONT.replace('11px', `${11 * ratio}px`);
  ctx.fillStyle = LABEL_COLOR;
  ctx.textBaseline = 'middle';
  for (let channel = 0; channel < spec.channels; channel++) {
    const y = grid.headerHeight + channel * (grid.planeHeight + grid.channelGap);
    ctx.fillText(`ch ${channel}`, 0, y + Math.min(grid.planeHeight, 14 * ratio) / 2);
  }
  ctx.textBaseline = 'alphabetic';
  for (let die = 0; die < spec.dies_per_channel; die++) {
    const x = grid.labelWidth + die * (grid.dieWidth + grid.dieGap);
    const planes = spec.planes_per_die > 1 ? ` · ${spec.planes_per_die} planes` : '';
    const candidates = [`die ${die}${planes}`, `die ${die}`, `d${die}`];
    const label =
      candidates.find((text) => ctx.measureText(text).width <= grid.dieWidth) ?? candidates[2];
    ctx.fillText(label, x, grid.headerHeight - 5 * ratio);
  }
  ctx.restore();
}
